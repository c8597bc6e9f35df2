package io.github.krakensdk.sandbox.internal.ws;

import io.github.krakensdk.sandbox.internal.spot.exchange.AccountTrade;
import io.github.krakensdk.sandbox.internal.spot.exchange.Catalog;
import io.github.krakensdk.sandbox.internal.spot.exchange.LedgerEntry;
import io.github.krakensdk.sandbox.internal.spot.exchange.StreamViews;
import io.github.krakensdk.sandbox.internal.spot.exchange.StreamViews.BookOrder;
import io.github.krakensdk.sandbox.internal.spot.exchange.StreamViews.Level;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The channels' feeds: each keeps what it last sent one subscriber and, polled, streams what changed
 * in the exchange since, as the service's messages. A feed is used by one connection, under its lock.
 */
final class Feeds {
  private Feeds() {}

  /**
   * One subscription's stream: a {@code snapshot} message when the subscription starts (if one was
   * asked for), then one {@code update} message per poll in which something changed.
   */
  abstract static class Feed {
    private final String channel;
    private final boolean snapshot;

    Feed(String channel, boolean snapshot) {
      this.channel = channel;
      this.snapshot = snapshot;
    }

    /** The messages that start the subscription (none when no snapshot was asked for). */
    final List<Map<String, Object>> start(Instant now) {
      Object data = snapshotData(now);
      return snapshot ? List.of(message("snapshot", data, now)) : List.of();
    }

    /** The messages of what changed since the last call: one update, or none. */
    final List<Map<String, Object>> poll(Instant now) {
      Object data = updateData(now);
      return data == null ? List.of() : List.of(message("update", data, now));
    }

    /** Remembers what the updates start from, and returns the snapshot's {@code data}. */
    abstract Object snapshotData(Instant now);

    /** The {@code data} of what changed since the last call, remembering it; null when nothing did. */
    abstract Object updateData(Instant now);

    /** The channel's message of {@code type} carrying {@code data}. */
    Map<String, Object> message(String type, Object data, Instant now) {
      return Messages.channel(channel, type, data);
    }
  }

  /** A feed of one pair's market data, read from the exchange's views. */
  abstract static class PairFeed extends Feed {
    final StreamViews views;
    final Catalog.Pair pair;

    PairFeed(String channel, boolean snapshot, StreamViews views, Catalog.Pair pair) {
      super(channel, snapshot);
      this.views = views;
      this.pair = pair;
    }
  }

  // ---- book ----

  /** Levels, then updates of the levels that changed, each with the checksum of the book after it. */
  static final class BookFeed extends PairFeed {
    private final int depth;
    private List<Level> bids = List.of();
    private List<Level> asks = List.of();

    BookFeed(StreamViews views, Catalog.Pair pair, int depth, boolean snapshot) {
      super("book", snapshot, views, pair);
      this.depth = depth;
    }

    @Override
    Object snapshotData(Instant now) {
      StreamViews.BookView view = views.book(pair, depth);
      bids = view.bids();
      asks = view.asks();
      return List.of(bookData(pair, levels(bids), levels(asks), Checksums.book(pairs(asks), pairs(bids)), now));
    }

    @Override
    Object updateData(Instant now) {
      StreamViews.BookView view = views.book(pair, depth);
      List<Object> bidChanges = changes(bids, view.bids(), true);
      List<Object> askChanges = changes(asks, view.asks(), false);
      bids = view.bids();
      asks = view.asks();
      if (bidChanges.isEmpty() && askChanges.isEmpty()) {
        return null;
      }
      return List.of(bookData(pair, bidChanges, askChanges, Checksums.book(pairs(asks), pairs(bids)), now));
    }

    /**
     * The levels that are new or changed, and a quantity of 0 for each level that left the book.
     * A level pushed out of the depth by a better one is not sent: the client truncates, as at the
     * service.
     */
    private List<Object> changes(List<Level> before, List<Level> after, boolean buy) {
      Map<BigDecimal, BigDecimal> old = new HashMap<>();
      for (Level level : before) {
        old.put(level.price(), level.qty());
      }
      Map<BigDecimal, BigDecimal> now = new HashMap<>();
      List<Object> changes = new ArrayList<>();
      for (Level level : after) {
        now.put(level.price(), level.qty());
        if (!level.qty().equals(old.get(level.price()))) {
          changes.add(level(level.price(), level.qty()));
        }
      }
      for (Level level : before) {
        if (!now.containsKey(level.price()) && !views.hasLevel(pair, buy, level.price())) {
          changes.add(level(level.price(), StreamViews.qty(pair, BigDecimal.ZERO)));
        }
      }
      return changes;
    }
  }

  static List<Object> levels(List<Level> levels) {
    List<Object> out = new ArrayList<>();
    for (Level level : levels) {
      out.add(level(level.price(), level.qty()));
    }
    return out;
  }

  static Map<String, Object> level(BigDecimal price, BigDecimal qty) {
    Map<String, Object> level = Messages.object();
    level.put("price", price);
    level.put("qty", qty);
    return level;
  }

  static List<BigDecimal[]> pairs(List<Level> levels) {
    List<BigDecimal[]> out = new ArrayList<>();
    for (Level level : levels) {
      out.add(new BigDecimal[] {level.price(), level.qty()});
    }
    return out;
  }

  /** A {@code book} or {@code level3} message's entry: the changed (or all) levels or orders, and the checksum after them. */
  private static Map<String, Object> bookData(Catalog.Pair pair, List<Object> bids, List<Object> asks, long checksum,
      Instant now) {
    Map<String, Object> data = Messages.object();
    data.put("symbol", pair.display());
    data.put("bids", bids);
    data.put("asks", asks);
    data.put("checksum", checksum);
    data.put("timestamp", Messages.micros(now));
    return data;
  }

  // ---- level 3 ----

  /** Orders, then add, modify and delete events, each message with the checksum of the orders after it. */
  static final class Level3Feed extends PairFeed {
    private final int depth;
    private StreamViews.OrdersView last = new StreamViews.OrdersView(List.of(), List.of());

    Level3Feed(StreamViews views, Catalog.Pair pair, int depth, boolean snapshot) {
      super("level3", snapshot, views, pair);
      this.depth = depth;
    }

    @Override
    Object snapshotData(Instant now) {
      last = views.orders(pair, depth);
      List<Object> bids = new ArrayList<>();
      List<Object> asks = new ArrayList<>();
      last.bids().forEach(order -> bids.add(order(order, null)));
      last.asks().forEach(order -> asks.add(order(order, null)));
      return List.of(bookData(pair, bids, asks, checksum(last), now));
    }

    @Override
    Object updateData(Instant now) {
      StreamViews.OrdersView current = views.orders(pair, depth);
      List<Object> bids = events(last.bids(), current.bids());
      List<Object> asks = events(last.asks(), current.asks());
      last = current;
      if (bids.isEmpty() && asks.isEmpty()) {
        return null;
      }
      return List.of(bookData(pair, bids, asks, checksum(current), now));
    }

    private static long checksum(StreamViews.OrdersView view) {
      return Checksums.orders(orderPairs(view.asks()), orderPairs(view.bids()));
    }

    /**
     * An order that left the book is deleted; one that entered the depth is added; one whose
     * quantity fell in place is modified; one that lost its place (a new price, or re-queued)
     * is deleted and added again, so that the client's queue order follows the book's.
     */
    private List<Object> events(List<BookOrder> before, List<BookOrder> after) {
      Map<String, BookOrder> old = new LinkedHashMap<>();
      before.forEach(order -> old.put(order.id(), order));
      Map<String, BookOrder> now = new LinkedHashMap<>();
      after.forEach(order -> now.put(order.id(), order));
      List<Object> deletes = new ArrayList<>();
      List<Object> others = new ArrayList<>();
      for (BookOrder order : before) {
        BookOrder current = now.get(order.id());
        boolean requeued = current != null && (current.price().compareTo(order.price()) != 0
            || !current.since().equals(order.since()));
        if (current == null && !views.rests(pair, order.id()) || requeued) {
          deletes.add(order(order, "delete"));
        }
      }
      for (BookOrder order : after) {
        BookOrder previous = old.get(order.id());
        if (previous == null || previous.price().compareTo(order.price()) != 0 || !previous.since().equals(order.since())) {
          others.add(order(order, "add"));
        } else if (!previous.qty().equals(order.qty())) {
          others.add(order(order, "modify"));
        }
      }
      deletes.addAll(others);
      return deletes;
    }

    private static Map<String, Object> order(BookOrder order, String event) {
      Map<String, Object> out = Messages.object();
      if (event != null) {
        out.put("event", event);
      }
      out.put("order_id", order.id());
      out.put("limit_price", order.price());
      out.put("order_qty", order.qty());
      out.put("timestamp", Messages.nanos(order.since()));
      return out;
    }

    private static List<BigDecimal[]> orderPairs(List<BookOrder> orders) {
      List<BigDecimal[]> out = new ArrayList<>();
      for (BookOrder order : orders) {
        out.add(new BigDecimal[] {order.price(), order.qty()});
      }
      return out;
    }
  }

  // ---- trade ----

  /** The pair's public trades as they print; the last 50 first when a snapshot is asked for. */
  static final class TradeFeed extends PairFeed {
    private long lastTradeId;

    TradeFeed(StreamViews views, Catalog.Pair pair, boolean snapshot) {
      super("trade", snapshot, views, pair);
    }

    @Override
    Object snapshotData(Instant now) {
      lastTradeId = views.lastTradeId(pair);
      return trades(views.trades(pair, 0, 50));
    }

    @Override
    Object updateData(Instant now) {
      List<StreamViews.PublicTrade> trades = views.trades(pair, lastTradeId, Integer.MAX_VALUE);
      if (trades.isEmpty()) {
        return null;
      }
      lastTradeId = trades.get(trades.size() - 1).tradeId();
      return trades(trades);
    }

    private List<Object> trades(List<StreamViews.PublicTrade> trades) {
      List<Object> out = new ArrayList<>();
      for (StreamViews.PublicTrade trade : trades) {
        Map<String, Object> data = Messages.object();
        data.put("symbol", pair.display());
        data.put("side", trade.side());
        data.put("price", trade.price());
        data.put("qty", trade.qty());
        data.put("ord_type", trade.ordType());
        data.put("trade_id", trade.tradeId());
        data.put("timestamp", Messages.micros(trade.time()));
        out.add(data);
      }
      return out;
    }
  }

  // ---- ohlc ----

  /**
   * Candles of one interval built from the pair's own public trades: on subscribe the last candle
   * that has trades (the running one, or the last before a quiet spell, as the service sends "the
   * last valid candle"), then after each poll with trades every candle they touched, the running
   * one last. Intervals begin on multiples of their length since the epoch, in UTC.
   */
  static final class OhlcFeed extends PairFeed {
    private final int interval;
    private long lastTradeId;

    OhlcFeed(StreamViews views, Catalog.Pair pair, int interval, boolean snapshot) {
      super("ohlc", snapshot, views, pair);
      this.interval = interval;
    }

    @Override
    Object snapshotData(Instant now) {
      lastTradeId = views.lastTradeId(pair);
      List<StreamViews.PublicTrade> last = views.trades(pair, 0, 1);
      List<Object> candles = new ArrayList<>();
      if (!last.isEmpty()) {
        candles.add(candle(begin(last.get(0).time())));
      }
      return candles;
    }

    @Override
    Object updateData(Instant now) {
      List<StreamViews.PublicTrade> trades = views.trades(pair, lastTradeId, Integer.MAX_VALUE);
      if (trades.isEmpty()) {
        return null;
      }
      lastTradeId = trades.get(trades.size() - 1).tradeId();
      List<Instant> begins = new ArrayList<>();
      for (StreamViews.PublicTrade trade : trades) {
        Instant begin = begin(trade.time());
        if (!begins.contains(begin)) {
          begins.add(begin);
        }
      }
      begins.sort(null);
      List<Object> candles = new ArrayList<>();
      begins.forEach(begin -> candles.add(candle(begin)));
      return candles;
    }

    /** The channel's messages carry the time they were sent. */
    @Override
    Map<String, Object> message(String type, Object candles, Instant now) {
      Map<String, Object> frame = super.message(type, candles, now);
      frame.put("timestamp", Messages.micros(now));
      return frame;
    }

    private Instant begin(Instant time) {
      long seconds = interval * 60L;
      return Instant.ofEpochSecond(time.getEpochSecond() - Math.floorMod(time.getEpochSecond(), seconds));
    }

    private Map<String, Object> candle(Instant begin) {
      Instant end = begin.plusSeconds(interval * 60L);
      BigDecimal open = null;
      BigDecimal high = null;
      BigDecimal low = null;
      BigDecimal close = null;
      BigDecimal volume = StreamViews.qty(pair, BigDecimal.ZERO);
      BigDecimal value = BigDecimal.ZERO;
      long count = 0;
      for (StreamViews.PublicTrade trade : views.tradesSince(pair, begin)) {
        if (!trade.time().isBefore(end)) {
          break;
        }
        BigDecimal price = trade.price();
        open = open == null ? price : open;
        high = high == null || price.compareTo(high) > 0 ? price : high;
        low = low == null || price.compareTo(low) < 0 ? price : low;
        close = price;
        volume = volume.add(trade.qty());
        value = value.add(price.multiply(trade.qty()));
        count++;
      }
      Map<String, Object> data = Messages.object();
      data.put("symbol", pair.display());
      putIf(data, "open", open);
      putIf(data, "high", high);
      putIf(data, "low", low);
      putIf(data, "close", close);
      putIf(data, "vwap", volume.signum() == 0 ? null
          : value.divide(volume, pair.pairDecimals(), RoundingMode.HALF_EVEN));
      data.put("trades", count);
      data.put("volume", volume);
      data.put("interval_begin", Messages.nanos(begin));
      data.put("interval", (long) interval);
      data.put("timestamp", Messages.nanos(end));
      return data;
    }
  }

  // ---- ticker ----

  /** Level-1 data: after every trade ({@code event_trigger: trades}) or every change of the best bid or ask ({@code bbo}). */
  static final class TickerFeed extends PairFeed {
    private final boolean bbo;
    private long lastTradeId;
    private List<BigDecimal> lastBbo;

    TickerFeed(StreamViews views, Catalog.Pair pair, boolean bbo, boolean snapshot) {
      super("ticker", snapshot, views, pair);
      this.bbo = bbo;
    }

    @Override
    Object snapshotData(Instant now) {
      lastTradeId = views.lastTradeId(pair);
      StreamViews.TickerView ticker = views.ticker(pair, now);
      lastBbo = bbo(ticker);
      return List.of(data(ticker, now));
    }

    @Override
    Object updateData(Instant now) {
      long tradeId = views.lastTradeId(pair);
      StreamViews.TickerView ticker = views.ticker(pair, now);
      List<BigDecimal> top = bbo(ticker);
      boolean changed = bbo ? !top.equals(lastBbo) : tradeId != lastTradeId;
      lastTradeId = tradeId;
      lastBbo = top;
      return changed ? List.of(data(ticker, now)) : null;
    }

    private static List<BigDecimal> bbo(StreamViews.TickerView ticker) {
      List<BigDecimal> top = new ArrayList<>();
      top.add(ticker.bid());
      top.add(ticker.bidQty());
      top.add(ticker.ask());
      top.add(ticker.askQty());
      return top;
    }

    private Map<String, Object> data(StreamViews.TickerView ticker, Instant now) {
      Map<String, Object> data = Messages.object();
      data.put("symbol", pair.display());
      putIf(data, "bid", ticker.bid());
      putIf(data, "bid_qty", ticker.bidQty());
      putIf(data, "ask", ticker.ask());
      putIf(data, "ask_qty", ticker.askQty());
      putIf(data, "last", ticker.last());
      putIf(data, "volume", ticker.volume());
      putIf(data, "vwap", ticker.vwap());
      putIf(data, "low", ticker.low());
      putIf(data, "high", ticker.high());
      putIf(data, "change", ticker.change());
      putIf(data, "change_pct", ticker.changePct());
      data.put("timestamp", Messages.micros(now));
      return data;
    }
  }

  static void putIf(Map<String, Object> map, String key, Object value) {
    if (value != null) {
      map.put(key, value);
    }
  }

  // ---- instrument ----

  /** The reference data of the assets and pairs: a snapshot; the sandbox's catalog never changes. */
  static final class InstrumentFeed extends Feed {
    private final Catalog catalog;
    private final boolean tokenized;

    InstrumentFeed(Catalog catalog, boolean snapshot, boolean tokenized) {
      super("instrument", snapshot);
      this.catalog = catalog;
      this.tokenized = tokenized;
    }

    @Override
    Object snapshotData(Instant now) {
      List<Object> assets = new ArrayList<>();
      for (Catalog.Asset asset : catalog.assets()) {
        if (!tokenized && asset.aclass().equals("tokenized_asset")) {
          continue;
        }
        Map<String, Object> data = Messages.object();
        data.put("id", asset.display());
        putIf(data, "status", asset.status());
        data.put("precision", (long) asset.decimals());
        data.put("precision_display", (long) asset.displayDecimals());
        data.put("borrowable", false);
        putIf(data, "collateral_value", asset.collateral());
        assets.add(data);
      }
      List<Object> pairs = new ArrayList<>();
      for (Catalog.Pair pair : catalog.pairs()) {
        if (!tokenized && pair.base().aclass().equals("tokenized_asset")) {
          continue;
        }
        Map<String, Object> data = Messages.object();
        data.put("symbol", pair.display());
        data.put("base", pair.base().display());
        data.put("quote", pair.quote().display());
        data.put("status", pair.status());
        data.put("qty_precision", (long) pair.lotDecimals());
        data.put("qty_increment", BigDecimal.ONE.movePointLeft(pair.lotDecimals()));
        putIf(data, "qty_min", pair.orderMin());
        data.put("price_precision", (long) pair.pairDecimals());
        putIf(data, "price_increment", pair.tickSize());
        data.put("cost_precision", (long) pair.costDecimals());
        putIf(data, "cost_min", pair.costMin());
        data.put("marginable", false);
        data.put("has_index", true);
        pairs.add(data);
      }
      Map<String, Object> data = Messages.object();
      data.put("assets", assets);
      data.put("pairs", pairs);
      return data;
    }

    @Override
    Object updateData(Instant now) {
      return null;
    }
  }

  // ---- executions ----

  /**
   * The account's order events: {@code new} when an order is placed, {@code trade} per fill (with
   * {@code order_status} {@code partially_filled} or {@code filled}), {@code amended},
   * {@code canceled} and {@code expired}; the open orders (and, with {@code snap_trades}, the last
   * 50 fills) first. {@code sequence} counts the subscription's messages from 1.
   */
  static final class ExecutionsFeed extends Feed {
    private final StreamViews views;
    private final String account;
    private final boolean snapOrders;
    private final boolean snapTrades;
    private final Map<String, Seen> seen = new HashMap<>();
    private int fills;
    private long sequence;

    /** What was last reported of an order. */
    private static final class Seen {
      String status;
      int amends;
      BigDecimal cumQty = BigDecimal.ZERO;
      BigDecimal cumCost = BigDecimal.ZERO;
    }

    ExecutionsFeed(StreamViews views, String account, boolean snapOrders, boolean snapTrades) {
      super("executions", true); // the snapshot is sent even when empty; snap_orders and snap_trades fill it
      this.views = views;
      this.account = account;
      this.snapOrders = snapOrders;
      this.snapTrades = snapTrades;
    }

    @Override
    Object snapshotData(Instant now) {
      List<Object> data = new ArrayList<>();
      for (StreamViews.OrderView order : views.orders(account)) {
        Seen state = new Seen();
        state.status = order.status();
        state.amends = order.amends();
        state.cumQty = order.executed();
        state.cumCost = order.cost();
        seen.put(order.txid(), state);
        if (snapOrders && isOpen(order.status())) {
          Map<String, Object> report = terms(order, "new", order.opened());
          report.put("order_status", order.executed().signum() > 0 ? "partially_filled" : "new");
          report.put("cum_qty", order.executed());
          report.put("cum_cost", cost(order));
          data.add(report);
        }
      }
      List<AccountTrade> all = views.fills(account, 0);
      fills = all.size();
      if (snapTrades) {
        Map<String, StreamViews.OrderView> orders = byId(views.orders(account));
        for (AccountTrade fill : all.subList(Math.max(0, all.size() - 50), all.size())) {
          StreamViews.OrderView order = orders.get(fill.ordertxid());
          if (order != null) {
            data.add(fill(order, fill, null));
          }
        }
      }
      return data;
    }

    @Override
    Object updateData(Instant now) {
      List<StreamViews.OrderView> orders = views.orders(account);
      Map<String, StreamViews.OrderView> byId = byId(orders);
      List<AccountTrade> newFills = views.fills(account, fills);
      fills += newFills.size();
      List<Object> data = new ArrayList<>();
      for (StreamViews.OrderView order : orders) {
        if (!seen.containsKey(order.txid())) {
          Seen state = new Seen();
          state.status = "pending";
          state.amends = order.amends();
          seen.put(order.txid(), state);
          Map<String, Object> report = terms(order, "new", order.opened());
          report.put("order_status", "new");
          data.add(report);
        }
      }
      for (AccountTrade fill : newFills) {
        StreamViews.OrderView order = byId.get(fill.ordertxid());
        Seen state = seen.get(fill.ordertxid());
        if (order == null || state == null) {
          continue;
        }
        state.cumQty = state.cumQty.add(fill.vol());
        state.cumCost = state.cumCost.add(fill.cost());
        data.add(fill(order, fill, state));
      }
      for (StreamViews.OrderView order : orders) {
        Seen state = seen.get(order.txid());
        if (order.amends() > state.amends && isOpen(order.status())) {
          Map<String, Object> report = terms(order, "amended", order.lastChange());
          report.put("order_status", order.executed().signum() > 0 ? "partially_filled" : "new");
          report.put("amended", true);
          data.add(report);
        }
        state.amends = order.amends();
        if (!order.status().equals(state.status) && !isOpen(order.status())) {
          String end = end(order);
          if (!end.equals("filled")) {
            Map<String, Object> report = report(order, end, order.closed() != null ? order.closed() : now);
            report.put("order_status", end);
            report.put("cum_qty", order.executed());
            report.put("cum_cost", cost(order));
            putIf(report, "reason", order.reason());
            data.add(report);
          }
        }
        state.status = order.status();
      }
      return data.isEmpty() ? null : data;
    }

    @Override
    Map<String, Object> message(String type, Object data, Instant now) {
      return Messages.sequenced("executions", type, data, ++sequence);
    }

    private static Map<String, StreamViews.OrderView> byId(List<StreamViews.OrderView> orders) {
      Map<String, StreamViews.OrderView> byId = new HashMap<>();
      orders.forEach(order -> byId.put(order.txid(), order));
      return byId;
    }

    private static boolean isOpen(String status) {
      return status.equals("open") || status.equals("pending");
    }

    /** How a closed order ended: {@code filled}, {@code canceled} (an IOC remainder too) or {@code expired}. */
    private static String end(StreamViews.OrderView order) {
      if (order.status().equals("expired")) {
        return "expired";
      }
      if (order.status().equals("closed") && (order.viqc() || order.executed().compareTo(order.volume()) >= 0)) {
        return "filled";
      }
      return "canceled";
    }

    private BigDecimal cost(StreamViews.OrderView order) {
      return order.cost().setScale(order.pair().costDecimals(), RoundingMode.HALF_EVEN);
    }

    private static Map<String, Object> report(StreamViews.OrderView order, String execType, Instant time) {
      Map<String, Object> report = Messages.object();
      report.put("exec_type", execType);
      report.put("order_id", order.txid());
      report.put("symbol", order.pair().display());
      report.put("timestamp", Messages.micros(time));
      putIf(report, "cl_ord_id", order.clOrdId());
      if (order.userref() != null) {
        report.put("order_userref", (long) order.userref());
      }
      return report;
    }

    /** An order's terms, as a {@code new} or {@code amended} report carries them. */
    private static Map<String, Object> terms(StreamViews.OrderView order, String execType, Instant time) {
      Map<String, Object> report = report(order, execType, time);
      report.put("side", order.buy() ? "buy" : "sell");
      report.put("order_type", order.type());
      if (order.viqc()) {
        report.put("cash_order_qty", order.volume());
      } else {
        report.put("order_qty", order.volume());
      }
      putIf(report, "limit_price", order.limitPrice());
      report.put("time_in_force", order.timeInForce());
      putIf(report, "display_qty", order.displayVolume());
      if (order.expire() != null) {
        report.put("expire_time", Messages.micros(order.expire()));
      }
      report.put("post_only", order.postOnly());
      report.put("fee_ccy_pref", order.feeInBase() ? "fcib" : "fciq");
      putIf(report, "ord_ref_id", order.refid());
      if (order.triggerPrice() != null) {
        Map<String, Object> triggers = Messages.object();
        triggers.put("reference", "last");
        triggers.put("price", order.triggerPrice());
        triggers.put("price_type", "static");
        triggers.put("actual_price", order.triggerPrice());
        triggers.put("status", order.status().equals("pending") ? "untriggered" : "triggered");
        report.put("triggers", triggers);
      }
      return report;
    }

    /** A fill; {@code state} holds the order's cumulative quantity and cost after it (null: the order's now). */
    private Map<String, Object> fill(StreamViews.OrderView order, AccountTrade fill, Seen state) {
      Catalog.Pair pair = order.pair();
      BigDecimal cumQty = state == null ? order.executed() : state.cumQty;
      BigDecimal cumCost = state == null ? order.cost() : state.cumCost;
      Map<String, Object> report = report(order, "trade", fill.time());
      report.put("order_status", !order.viqc() && cumQty.compareTo(order.volume()) >= 0
          || order.viqc() && end(order).equals("filled") && Objects.equals(order.status(), "closed")
          ? "filled" : "partially_filled");
      report.put("exec_id", fill.id());
      report.put("trade_id", fill.tradeId());
      report.put("side", order.buy() ? "buy" : "sell");
      report.put("order_type", order.type());
      report.put("last_qty", StreamViews.qty(pair, fill.vol()));
      report.put("last_price", StreamViews.price(pair, fill.price()));
      report.put("cost", fill.cost().setScale(pair.costDecimals(), RoundingMode.HALF_EVEN));
      report.put("liquidity_ind", fill.maker() ? "m" : "t");
      Map<String, Object> fee = Messages.object();
      fee.put("asset", pair.quote().display());
      fee.put("qty", fill.fee().setScale(pair.quote().decimals(), RoundingMode.HALF_EVEN));
      report.put("fees", List.of(fee));
      report.put("fee_ccy_pref", order.feeInBase() ? "fcib" : "fciq");
      report.put("cum_qty", StreamViews.qty(pair, cumQty));
      report.put("cum_cost", cumCost.setScale(pair.costDecimals(), RoundingMode.HALF_EVEN));
      if (cumQty.signum() > 0) {
        report.put("avg_price", cumCost.divide(cumQty, pair.pairDecimals(), RoundingMode.HALF_EVEN));
      }
      return report;
    }
  }

  // ---- balances ----

  /**
   * The account's balances (one {@code spot}/{@code main} wallet per asset), then each ledger entry
   * as it is written: trades, deposits, withdrawals, transfers, Earn. {@code sequence} counts the
   * subscription's messages from 1.
   */
  static final class BalancesFeed extends Feed {
    private final StreamViews views;
    private final Catalog catalog;
    private final String account;
    private final Runnable settle;
    private int entries;
    private long sequence;

    /** {@code settle} books the funding events due (deposits credited, Earn completed) before each read. */
    BalancesFeed(StreamViews views, Catalog catalog, String account, Runnable settle, boolean snapshot) {
      super("balances", snapshot);
      this.views = views;
      this.catalog = catalog;
      this.account = account;
      this.settle = settle;
    }

    @Override
    Object snapshotData(Instant now) {
      settle.run();
      entries = views.ledger(account, 0).size();
      List<Object> data = new ArrayList<>();
      for (Map.Entry<String, BigDecimal> balance : views.balances(account).entrySet()) {
        Catalog.Asset asset = catalog.asset(balance.getKey()).orElse(null);
        if (asset == null) {
          continue;
        }
        BigDecimal amount = balance.getValue().setScale(asset.decimals(), RoundingMode.HALF_EVEN);
        Map<String, Object> wallet = Messages.object();
        wallet.put("type", "spot");
        wallet.put("id", "main");
        wallet.put("balance", amount);
        Map<String, Object> entry = Messages.object();
        entry.put("asset", asset.display());
        entry.put("asset_class", asset.aclass());
        entry.put("balance", amount);
        entry.put("wallets", List.of(wallet));
        data.add(entry);
      }
      return data;
    }

    @Override
    Object updateData(Instant now) {
      settle.run();
      List<LedgerEntry> added = views.ledger(account, entries);
      if (added.isEmpty()) {
        return null;
      }
      entries += added.size();
      List<Object> data = new ArrayList<>();
      for (LedgerEntry entry : added) {
        Catalog.Asset asset = catalog.asset(entry.asset()).orElse(null);
        Map<String, Object> out = Messages.object();
        out.put("ledger_id", entry.id());
        out.put("ref_id", entry.refid());
        out.put("timestamp", Messages.micros(entry.time()));
        out.put("type", entry.type());
        out.put("subtype", entry.subtype());
        out.put("category", entry.type());
        out.put("asset", asset == null ? entry.asset() : asset.display());
        out.put("asset_class", entry.aclass());
        out.put("wallet_type", "spot");
        out.put("wallet_id", "main");
        out.put("amount", entry.amount());
        out.put("fee", entry.fee());
        out.put("balance", entry.balance());
        data.add(out);
      }
      return data;
    }

    @Override
    Map<String, Object> message(String type, Object data, Instant now) {
      return Messages.sequenced("balances", type, data, ++sequence);
    }
  }
}
