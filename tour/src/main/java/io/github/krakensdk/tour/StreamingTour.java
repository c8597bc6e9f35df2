package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;

import io.github.krakensdk.spot.model.OrderInfo;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.values.OrderPrice;
import io.github.krakensdk.websocket.BookLevel;
import io.github.krakensdk.websocket.ChannelListener;
import io.github.krakensdk.websocket.ChannelMessage;
import io.github.krakensdk.websocket.ChannelSubscription;
import io.github.krakensdk.websocket.ChecksumResult;
import io.github.krakensdk.websocket.KrakenWebSocketClient;
import io.github.krakensdk.websocket.OrderBookListener;
import io.github.krakensdk.websocket.OrderBookSnapshot;
import io.github.krakensdk.websocket.TokenSource;
import io.github.krakensdk.websocket.WebSocketEnvironment;
import io.github.krakensdk.websocket.model.AddOrderResult;
import io.github.krakensdk.websocket.model.BookDepth;
import io.github.krakensdk.websocket.model.CancelOrderResult;
import io.github.krakensdk.websocket.model.ExecutionReport;
import io.github.krakensdk.websocket.model.Side;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The streaming part of the tour: Spot WebSocket v2 against the sandbox's own WebSocket server,
 * through {@code kraken-websocket}. A BTC/USD book subscribed over WebSocket follows what happens
 * on the exchange over REST: an order the tour places appears as the new best bid, and a trade
 * another participant makes takes it away again; every message's CRC32 matched the book the
 * client built. Then the other way round: an order placed over the WebSocket ({@code add_order},
 * with a token from GetWebSocketsToken) shows in {@code executions} and in REST's open orders, and
 * once cancelled over the WebSocket ({@code cancel_order}) is gone from both.
 *
 * <p>Its steps are named after the WebSocket channel or method they show ({@code ws:book}), not
 * after a REST operation.
 */
final class StreamingTour {
  /** The lines of this part, in order: {@code ws:} and the channel or method. */
  static final List<String> STEPS = List.of("ws:book", "ws:add_order");

  private static final String PAIR = "XBTUSD";
  private static final String SYMBOL = "BTC/USD";
  private static final BigDecimal VOLUME = new BigDecimal("0.02");

  private StreamingTour() {}

  static void run(Tour tour) {
    try (KrakenWebSocketClient ws = KrakenWebSocketClient.builder()
        .environment(WebSocketEnvironment.of(tour.sandbox.webSocketUrls()))
        .tokenSource(TokenSource.spot(tour.kraken)).build()) {
      tour.step("ws:book", () -> book(tour, ws));
      tour.step("ws:add_order", () -> order(tour, ws));
    }
  }

  private static String book(Tour tour, KrakenWebSocketClient ws) throws Exception {
    BlockingQueue<OrderBookSnapshot> books = new LinkedBlockingQueue<>();
    List<ChecksumResult> mismatches = new CopyOnWriteArrayList<>();
    List<Throwable> failures = new CopyOnWriteArrayList<>();
    ws.spot().book(params -> params.symbol(List.of(SYMBOL)).depth(BookDepth.NUMBER_10), new OrderBookListener() {
      @Override public void onBook(OrderBookSnapshot book) {
        books.add(book);
      }

      @Override public void onChecksumMismatch(ChecksumResult mismatch) {
        mismatches.add(mismatch);
      }

      @Override public void onFailure(Throwable failure) {
        failures.add(failure);
      }
    }).get(10, TimeUnit.SECONDS);
    OrderBookSnapshot snapshot = next(books, book -> true);
    BigDecimal bestBid = snapshot.bestBid().orElseThrow().price();
    BigDecimal bestAsk = snapshot.bestAsk().orElseThrow().price();

    // A limit buy between the best bid and ask, placed over REST: the book's new best bid.
    BigDecimal price = bestBid.add(bestAsk).divide(BigDecimal.valueOf(2), 1, RoundingMode.DOWN);
    check(price.compareTo(bestBid) > 0, "no room between " + bestBid + " and " + bestAsk);
    String txid = tour.kraken.spot().addOrder(r -> r.pair(PAIR).side(OrderSide.BUY).orderType(OrderType.LIMIT)
        .price(OrderPrice.of(price)).volume(VOLUME)).txid();
    next(books, book -> book.bestBid().map(level -> at(level, price, VOLUME)).orElse(false));

    // Another participant sells into it: the level is gone, the old best bid back on top.
    BigDecimal traded = tour.sandbox.spot().trade(PAIR, OrderSide.SELL, VOLUME, price);
    check(traded.compareTo(VOLUME) == 0, "traded " + traded);
    OrderBookSnapshot after = next(books, book -> book.bestBid().map(level -> level.price().equals(bestBid))
        .orElse(false));
    check(after.bids().stream().noneMatch(level -> level.price().equals(price)), "the level at " + price + " stayed");
    check(mismatches.isEmpty(), "checksum mismatches " + mismatches);
    check(failures.isEmpty(), "failures " + failures);
    return SYMBOL + " best bid " + bestBid + " -> " + price + " (" + txid + " placed over REST) -> " + bestBid
        + " after another participant's trade; every checksum matched (last " + after.checksum() + ")";
  }

  private static String order(Tour tour, KrakenWebSocketClient ws) throws Exception {
    BlockingQueue<ExecutionReport> reports = new LinkedBlockingQueue<>();
    List<Throwable> failures = new CopyOnWriteArrayList<>();
    ChannelSubscription executions = ws.spot().executions(params -> params.snapOrders(true),
        new ChannelListener<List<ExecutionReport>>() {
          @Override public void onMessage(ChannelMessage<List<ExecutionReport>> message) {
            reports.addAll(message.data());
          }

          @Override public void onFailure(Throwable failure) {
            failures.add(failure);
          }
        }).get(10, TimeUnit.SECONDS);

    // A limit buy well under the market, placed over the WebSocket with the tour's own id.
    BigDecimal price = tour.sandbox.spot().lastPrice(PAIR).multiply(new BigDecimal("0.9"))
        .setScale(1, RoundingMode.DOWN);
    String clOrdId = "tour-ws-order";
    AddOrderResult placed = ws.spot().addOrder(order -> order.orderType(
            io.github.krakensdk.websocket.model.OrderType.LIMIT).side(Side.BUY).symbol(SYMBOL).orderQty(VOLUME)
        .limitPrice(price).clOrdId(clOrdId)).get(10, TimeUnit.SECONDS);
    String orderId = placed.orderId();
    check(orderId != null, "add_order answered without an order_id: " + placed);
    ExecutionReport added = next(reports, report -> orderId.equals(report.orderId())
        && "new".equals(report.execType().value()));
    check(clOrdId.equals(added.clOrdId()), "executions reported " + added);
    OrderInfo open = tour.kraken.spot().getOpenOrders(r -> r.clientOrderId(clOrdId)).open().get(orderId);
    check(open != null && "open".equals(open.status().value()), "REST's open orders lack " + orderId);

    // Cancelled over the WebSocket: reported canceled, and gone from REST's open orders.
    List<CancelOrderResult> cancelled = ws.spot().cancelOrder(cancel -> cancel.orderId(List.of(orderId)))
        .get(10, TimeUnit.SECONDS);
    check(cancelled.size() == 1 && orderId.equals(cancelled.get(0).orderId()), "cancel_order answered " + cancelled);
    next(reports, report -> orderId.equals(report.orderId()) && "canceled".equals(report.execType().value()));
    check(!tour.kraken.spot().getOpenOrders(r -> { }).open().containsKey(orderId), orderId + " still open over REST");
    executions.close();
    check(failures.isEmpty(), "failures " + failures);
    return orderId + " (" + clOrdId + ", buy " + VOLUME + " " + SYMBOL + " at " + price + ") placed over the "
        + "WebSocket: executions new, in REST's open orders; cancelled over the WebSocket: executions canceled, "
        + "gone from REST's open orders";
  }

  private static boolean at(BookLevel level, BigDecimal price, BigDecimal qty) {
    return level.price().compareTo(price) == 0 && level.qty().compareTo(qty) == 0;
  }

  /** The first item (a book, a report) that satisfies {@code wanted}, within 10 seconds. */
  private static <T> T next(BlockingQueue<T> items, Predicate<T> wanted) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      T item = items.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      if (item != null && wanted.test(item)) return item;
    }
    throw new AssertionError("nothing as expected within 10 s");
  }
}
