package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;
import static io.github.krakensdk.tour.Tour.expectError;

import io.github.krakensdk.PairKeyed;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.AssetPair;
import io.github.krakensdk.spot.model.BatchOrder;
import io.github.krakensdk.spot.model.CancelAfterTimer;
import io.github.krakensdk.spot.model.ClosedOrders;
import io.github.krakensdk.spot.model.OrderAdded;
import io.github.krakensdk.spot.model.OrderAmend;
import io.github.krakensdk.spot.model.OrderBatchAdded;
import io.github.krakensdk.spot.model.OrderEdited;
import io.github.krakensdk.spot.model.OrderInfo;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderStatus;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.spot.model.OrdersCancelled;
import io.github.krakensdk.spot.model.PositionInfo;
import io.github.krakensdk.spot.model.TickerInfo;
import io.github.krakensdk.spot.model.TimeInForce;
import io.github.krakensdk.spot.model.TradeInfo;
import io.github.krakensdk.spot.model.TradesHistory;
import io.github.krakensdk.spot.model.WebSocketsToken;
import io.github.krakensdk.values.OrderPrice;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;

/**
 * The Spot trading part of the tour: one order's whole life on the sandbox exchange, as an
 * application sees it through the SDK. A limit buy below the market is placed (with a client
 * order id), seen open, amended to a new price (the amend trail shows it), partly filled by
 * another participant, seen in the trade history, cancelled, and seen closed with what it
 * executed; the account part of the tour, run after this one, shows the balance and the ledger
 * moved by that fill. Around it: a dry run ({@code validate}) that places nothing, a refusal, a
 * batch, an edit, the dead man's switch, batch and total cancels, positions and the WebSocket token.
 */
final class SpotTradingTour {
  private static final String PAIR = "XBTUSD";
  private static final String CLIENT_ID = "tour-order-0001";

  private final Tour tour;
  private final SpotService spot;
  private String txid;
  private BigDecimal price;
  private BigDecimal bid;
  private int decimals;
  private List<String> fills = List.of();

  private SpotTradingTour(Tour tour) {
    this.tour = tour;
    this.spot = tour.kraken.spot();
  }

  static void run(Tour tour) {
    new SpotTradingTour(tour).all();
  }

  private void all() {
    tour.step("addOrder", () -> {
      AssetPair pair = spot.getAssetPairs(r -> r.pair(PAIR)).values().iterator().next();
      decimals = pair.pairDecimals();
      TickerInfo ticker = PairKeyed.of(spot.getTicker(r -> r.pair(PAIR))).only();
      bid = ticker.bid().price();
      // 3 % under the best bid: it rests in the book instead of trading.
      price = bid.multiply(new BigDecimal("0.97")).setScale(decimals, RoundingMode.DOWN);
      OrderAdded dryRun = spot.addOrder(r -> r.pair(PAIR).side(OrderSide.BUY).orderType(OrderType.LIMIT)
          .volume(new BigDecimal("0.01")).price(OrderPrice.of(price)).validate(true));
      check(dryRun.txid() == null, "validate=true placed " + dryRun.txid());
      int openBefore = spot.getOpenOrders().open().size();
      KrakenServiceException tooPrecise = expectError(() -> spot.addOrder(r -> r.pair(PAIR).side(OrderSide.BUY)
          .orderType(OrderType.LIMIT).volume(new BigDecimal("0.01"))
          .price(OrderPrice.of(price.add(BigDecimal.ONE.movePointLeft(decimals + 2))))));
      OrderAdded added = spot.addOrder(r -> r.pair(PAIR).side(OrderSide.BUY).orderType(OrderType.LIMIT)
          .volume(new BigDecimal("0.0100")).price(OrderPrice.of(price)).clientOrderId(CLIENT_ID));
      check(added.txids().size() == 1, "txid " + added.txids());
      txid = added.txid();
      check(spot.getOpenOrders().open().size() == openBefore + 1, "not one more open order");
      return "validate=true → \"" + dryRun.description().order() + "\", nothing placed; " + decimals + "+2 price decimals → "
          + tooPrecise.errors().get(0) + "; placed " + txid + " \"" + added.description().order() + "\" (best bid " + bid
          + ")";
    });
    tour.step("getOpenOrders", () -> {
      Map<String, OrderInfo> open = spot.getOpenOrders(r -> r.clientOrderId(CLIENT_ID)).open();
      OrderInfo order = open.get(txid);
      check(order != null, "the order is not open: " + open.keySet());
      check(OrderStatus.OPEN.equals(order.status()), "status " + order.status());
      check(CLIENT_ID.equals(order.clientOrderId()), "cl_ord_id " + order.clientOrderId());
      check(TimeInForce.GTC.equals(order.timeInForce()), "time_in_force " + order.timeInForce());
      return txid + " open: " + order.description().order() + ", executed " + order.volumeExecuted().toPlainString()
          + ", time in force " + order.timeInForce();
    });
    tour.step("amendOrder", () -> {
      BigDecimal lower = price.subtract(BigDecimal.TEN);
      String amendId = spot.amendOrder(r -> r.clientOrderId(CLIENT_ID).limitPrice(OrderPrice.of(lower))).amendId();
      check(amendId != null && !amendId.isEmpty(), "no amend id");
      price = lower;
      return "limit price → " + lower + " in place (amend " + amendId + "), same txid " + txid;
    });
    tour.step("queryOrders", () -> {
      OrderInfo order = spot.queryOrders(r -> r.txid(txid).trades(true)).get(txid);
      check(order != null, "QueryOrders does not know " + txid);
      check(new BigDecimal(order.description().price()).compareTo(price) == 0, "price " + order.description().price());
      return txid + " at " + order.description().price() + " after the amend, status " + order.status();
    });
    tour.step("getOrderAmends", () -> {
      List<OrderAmend> amends = spot.getOrderAmends(r -> r.orderId(txid)).amends();
      check(amends.size() == 2, "the trail has " + amends.size() + " entries, not original + 1 amend");
      OrderAmend last = amends.get(amends.size() - 1);
      check(new BigDecimal(last.limitPrice().toPlainString()).compareTo(price) == 0,
          "last amend's price " + last.limitPrice());
      return amends.size() + " entries: " + amends.get(0).amendType() + " at " + amends.get(0).limitPrice() + ", "
          + last.amendType() + " to " + last.limitPrice();
    });
    tour.step("getTradesHistory", () -> {
      int before = spot.getTradesHistory().count();
      // Another participant sells into the resting buy: 40 % of it fills at its price.
      fills = tour.sandbox.spot().fill(txid, new BigDecimal("0.4"));
      TradesHistory history = spot.getTradesHistory();
      check(history.count() == before + fills.size(), "count " + before + " → " + history.count());
      TradeInfo trade = history.trades().get(fills.get(0));
      check(trade != null && txid.equals(trade.ordertxid()), "the fill is not in the history");
      return "another participant took 40 %: trade " + fills.get(0) + " " + trade.side() + " " + trade.volume() + " @ "
          + trade.price() + ", fee " + trade.fee() + ", maker " + trade.maker() + "; history count " + history.count();
    });
    tour.step("queryTrades", () -> {
      Map<String, TradeInfo> trades = spot.queryTrades(r -> r.txid(String.join(",", fills)));
      check(trades.keySet().containsAll(fills), "QueryTrades gave " + trades.keySet());
      TradeInfo trade = trades.get(fills.get(0));
      OrderInfo order = spot.queryOrders(r -> r.txid(txid)).get(txid);
      check(order.volumeExecuted().compareTo(trade.volume()) == 0, "the order executed " + order.volumeExecuted());
      check(OrderType.LIMIT.equals(trade.tradeordertype()), "executed as " + trade.tradeordertype());
      return "trade " + fills.get(0) + " of order " + trade.ordertxid() + " (executed as "
          + trade.tradeordertype() + "); the order now shows vol_exec "
          + order.volumeExecuted() + " of " + order.volume() + ", still " + order.status();
    });
    tour.step("cancelOrder", () -> {
      OrdersCancelled cancelled = spot.cancelOrder(r -> r.clientOrderId(CLIENT_ID));
      check(cancelled.count() == 1, "cancelled " + cancelled.count());
      check(!spot.getOpenOrders().open().containsKey(txid), "still open");
      KrakenServiceException again = expectError(() -> spot.cancelOrder(r -> r.txid(txid)));
      return "by cl_ord_id → count 1, gone from OpenOrders; again → " + again.errors().get(0);
    });
    tour.step("getClosedOrders", () -> {
      ClosedOrders closed = spot.getClosedOrders(r -> r.clientOrderId(CLIENT_ID));
      OrderInfo order = closed.closed().get(txid);
      check(order != null, "not among closed orders: " + closed.closed().keySet());
      check(OrderStatus.CANCELED.equals(order.status()), "status " + order.status());
      check(order.volumeExecuted().signum() > 0, "executed nothing");
      return txid + " " + order.status() + " with " + order.volumeExecuted() + " of " + order.volume() + " executed, cost "
          + order.cost() + ", fee " + order.fee() + " (" + closed.count() + " closed orders)";
    });
    tour.step("addOrderBatch", () -> {
      BigDecimal low = bid.multiply(new BigDecimal("0.90")).setScale(decimals, RoundingMode.DOWN);
      List<BatchOrder> orders = List.of(
          BatchOrder.builder().orderType(OrderType.LIMIT).side(OrderSide.BUY).volume(new BigDecimal("0.0100"))
              .price(OrderPrice.of(low)).userReference(7001).build(),
          BatchOrder.builder().orderType(OrderType.LIMIT).side(OrderSide.BUY).volume(new BigDecimal("0.0200"))
              .price(OrderPrice.of(low.subtract(BigDecimal.TEN))).userReference(7001).build(),
          BatchOrder.builder().orderType(OrderType.LIMIT).side(OrderSide.BUY).volume(new BigDecimal("0.0300"))
              .price(OrderPrice.of(low.subtract(BigDecimal.valueOf(20)))).userReference(7002).build());
      OrderBatchAdded batch = spot.addOrderBatch(r -> r.pair(PAIR).orders(orders));
      check(batch.orders().size() == 3 && batch.orders().stream().allMatch(o -> o.txid() != null),
          "batch answered " + batch.orders());
      return "3 buys on " + PAIR + " in one call: " + batch.orders().stream().map(o -> o.txid()).toList();
    });
    tour.step("editOrder", () -> {
      String first = spot.getOpenOrders(r -> r.userReference(7002)).open().keySet().iterator().next();
      // Named by its userref, an integer (the order's txid, a string, works alike).
      OrderEdited edited = spot.editOrder(r -> r.txid(7002).pair(PAIR).volume(new BigDecimal("0.0400")));
      check(!first.equals(edited.txid()), "the edit kept the txid");
      check(spot.getOpenOrders().open().containsKey(edited.txid()), "the replacement is not open");
      check(!spot.getOpenOrders().open().containsKey(first), "the original is still open");
      return first + " (userref 7002) replaced by " + edited.txid() + " (volume " + edited.volume()
          + "): cancel and replace";
    });
    tour.step("cancelOrderBatch", () -> {
      List<String> ones = List.copyOf(spot.getOpenOrders(r -> r.userReference(7001)).open().keySet());
      check(ones.size() == 2, "userref 7001 has " + ones.size() + " open orders");
      // An order id is a string, a userref an integer naming every open order placed with it.
      OrdersCancelled cancelled = spot.cancelOrderBatch(r -> r.orders(List.of(7001)));
      check(cancelled.count() == 2, "cancelled " + cancelled.count());
      check(ones.stream().noneMatch(spot.getOpenOrders().open()::containsKey), "still open: " + ones);
      return "cancelled " + ones + " in one call, by their userref 7001";
    });
    tour.step("cancelAllOrdersAfter", () -> {
      CancelAfterTimer armed = spot.cancelAllOrdersAfter(r -> r.timeout(60));
      check(!"0".equals(armed.triggerTime()), "not armed: " + armed.triggerTime());
      CancelAfterTimer disarmed = spot.cancelAllOrdersAfter(r -> r.timeout(0));
      check("0".equals(disarmed.triggerTime()), "not disarmed: " + disarmed.triggerTime());
      return "armed for 60 s (fires at " + armed.triggerTime() + "), then disabled with timeout 0";
    });
    tour.step("cancelAllOrders", () -> {
      int open = spot.getOpenOrders().open().size();
      OrdersCancelled cancelled = spot.cancelAllOrders();
      check(cancelled.count() == open, "cancelled " + cancelled.count() + " of " + open);
      check(spot.getOpenOrders().open().isEmpty(), "orders still open");
      return "cancelled the " + open + " open orders left";
    });
    tour.step("getOpenPositions", () -> {
      Map<String, PositionInfo> positions = spot.getOpenPositions();
      check(positions.isEmpty(), "positions " + positions.keySet());
      return "none (the sandbox trades without margin; the service sends [] then, read as an empty map)";
    });
    tour.step("getWebSocketsToken", () -> {
      WebSocketsToken token = spot.getWebSocketsToken();
      check(token.token() != null && token.token().length() >= 20, "token");
      check(Integer.valueOf(900).equals(token.expires()), "expires " + token.expires());
      SandboxKey holder = tour.sandbox.spot().webSocketsTokenKey(token.token()).orElse(null);
      check(tour.sandbox.credentials().spot().equals(holder), "the token belongs to " + holder);
      String another = spot.getWebSocketsToken().token();
      check(!another.equals(token.token()), "the same token twice");
      return "a token for the demo key, to connect within " + token.expires() + " s (" + token.token().length()
          + " characters; a new one each call)";
    });
  }
}
