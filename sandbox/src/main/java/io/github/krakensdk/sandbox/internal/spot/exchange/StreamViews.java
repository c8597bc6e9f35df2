package io.github.krakensdk.sandbox.internal.spot.exchange;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the WebSocket feeds read of the exchange: copies of a pair's book (by level and by order),
 * its public trades and ticker, an account's orders, fills and ledger, taken under the exchange's
 * lock and written at the pair's precisions (prices at {@code pair_decimals}, quantities at
 * {@code lot_decimals}), so that a feed can compare two copies and stream the difference.
 *
 * <pre>{@code
 * StreamViews views = new StreamViews(exchange);
 * StreamViews.BookView book = views.book(pair, 10); // top 10 levels a side, best first
 * }</pre>
 *
 * Reading never changes the exchange: lazy events (triggers, expiries) are settled by the next
 * REST call or control, as for every other reader.
 */
public final class StreamViews {
  /** One price level: its price and the visible quantity resting there. */
  public record Level(BigDecimal price, BigDecimal qty) {}

  /** The top levels of a pair's book: bids highest first, asks lowest first. */
  public record BookView(List<Level> bids, List<Level> asks) {}

  /** One resting order of the level-3 book, in queue order. */
  public record BookOrder(String id, boolean buy, BigDecimal price, BigDecimal qty, Instant since) {}

  /** The level-3 book's top levels, every order of each, bids highest first, asks lowest first. */
  public record OrdersView(List<BookOrder> bids, List<BookOrder> asks) {}

  /** A public trade; {@code side} is the taker's ({@code buy}, {@code sell}), {@code ordType} {@code limit} or {@code market}. */
  public record PublicTrade(long tradeId, BigDecimal price, BigDecimal qty, Instant time, String side, String ordType) {}

  /** Level-1 data of a pair; members are null where the book or the last 24 hours have none. */
  public record TickerView(BigDecimal bid, BigDecimal bidQty, BigDecimal ask, BigDecimal askQty, BigDecimal last,
      BigDecimal volume, BigDecimal vwap, BigDecimal low, BigDecimal high, BigDecimal change, BigDecimal changePct) {}

  /**
   * An account's order as it stands: quantities at the pair's lot decimals, prices at its pair
   * decimals; {@code status} is the REST one ({@code pending}, {@code open}, {@code closed},
   * {@code canceled}, {@code expired}).
   */
  public record OrderView(String txid, Catalog.Pair pair, boolean buy, String type, BigDecimal volume,
      BigDecimal executed, BigDecimal cost, BigDecimal fee, BigDecimal limitPrice, BigDecimal triggerPrice,
      BigDecimal displayVolume, String status, String reason, String timeInForce, String clOrdId, Integer userref,
      String refid, boolean postOnly, boolean feeInBase, boolean viqc, Instant opened, Instant closed,
      Instant expire, Instant lastChange, int amends) {}

  private final Exchange exchange;

  public StreamViews(Exchange exchange) {
    this.exchange = requireNonNull(exchange, "exchange == null");
  }

  /** The top {@code depth} levels of each side. */
  public BookView book(Catalog.Pair pair, int depth) {
    synchronized (exchange) {
      Book book = exchange.engine().market(pair).book;
      return new BookView(levels(pair, book, true, depth), levels(pair, book, false, depth));
    }
  }

  /** Whether a price level shows a quantity on a side of the whole book (whatever the depth). */
  public boolean hasLevel(Catalog.Pair pair, boolean buy, BigDecimal price) {
    synchronized (exchange) {
      List<Book.Resting> level = exchange.engine().market(pair).book.levels(buy).get(price);
      if (level == null) {
        return false;
      }
      BigDecimal qty = BigDecimal.ZERO;
      for (Book.Resting resting : level) {
        qty = qty.add(resting.visible());
      }
      return qty(pair, qty).signum() > 0;
    }
  }

  /** Every resting order of the top {@code depth} levels of each side, in queue order. */
  public OrdersView orders(Catalog.Pair pair, int depth) {
    synchronized (exchange) {
      Book book = exchange.engine().market(pair).book;
      return new OrdersView(bookOrders(pair, book, true, depth), bookOrders(pair, book, false, depth));
    }
  }

  /** Whether an order (by its book id) still rests anywhere in the pair's book. */
  public boolean rests(Catalog.Pair pair, String id) {
    synchronized (exchange) {
      Book book = exchange.engine().market(pair).book;
      for (boolean buy : new boolean[] {true, false}) {
        for (Book.Resting resting : book.orders(buy)) {
          if (resting.id.equals(id)) {
            return true;
          }
        }
      }
      return false;
    }
  }

  /** The pair's public trades with a trade id above {@code afterTradeId}, oldest first, at most {@code limit} (the newest). */
  public List<PublicTrade> trades(Catalog.Pair pair, long afterTradeId, int limit) {
    synchronized (exchange) {
      List<Market.Print> tape = exchange.engine().market(pair).tape;
      List<PublicTrade> trades = new ArrayList<>();
      for (int i = tape.size() - 1; i >= 0 && trades.size() < limit; i--) {
        Market.Print print = tape.get(i);
        if (print.tradeId() <= afterTradeId) {
          break;
        }
        trades.add(0, new PublicTrade(print.tradeId(), price(pair, print.price()), qty(pair, print.volume()),
            print.time(), print.side().equals("b") ? "buy" : "sell", print.kind().equals("m") ? "market" : "limit"));
      }
      return trades;
    }
  }

  /** The pair's public trades at or after {@code from}, oldest first (for candles). */
  public List<PublicTrade> tradesSince(Catalog.Pair pair, Instant from) {
    synchronized (exchange) {
      List<Market.Print> tape = exchange.engine().market(pair).tape;
      List<PublicTrade> trades = new ArrayList<>();
      for (int i = tape.size() - 1; i >= 0; i--) {
        Market.Print print = tape.get(i);
        if (print.time().isBefore(from)) {
          break;
        }
        trades.add(0, new PublicTrade(print.tradeId(), price(pair, print.price()), qty(pair, print.volume()),
            print.time(), print.side().equals("b") ? "buy" : "sell", print.kind().equals("m") ? "market" : "limit"));
      }
      return trades;
    }
  }

  /** The id of the pair's last public trade, 0 before any. */
  public long lastTradeId(Catalog.Pair pair) {
    synchronized (exchange) {
      List<Market.Print> tape = exchange.engine().market(pair).tape;
      return tape.isEmpty() ? 0 : tape.get(tape.size() - 1).tradeId();
    }
  }

  /** The best bid and ask, the last trade, and the 24 hours before {@code now}. */
  public TickerView ticker(Catalog.Pair pair, Instant now) {
    synchronized (exchange) {
      Market market = exchange.engine().market(pair);
      List<Level> bids = levels(pair, market.book, true, 1);
      List<Level> asks = levels(pair, market.book, false, 1);
      Instant since = now.minus(Duration.ofHours(24));
      BigDecimal volume = BigDecimal.ZERO;
      BigDecimal value = BigDecimal.ZERO;
      BigDecimal low = null;
      BigDecimal high = null;
      BigDecimal open = null;
      for (Market.Print print : market.tape) {
        if (print.time().isBefore(since) || print.time().isAfter(now)) {
          continue;
        }
        open = open == null ? print.price() : open;
        volume = volume.add(print.volume());
        value = value.add(print.volume().multiply(print.price()));
        low = low == null || print.price().compareTo(low) < 0 ? print.price() : low;
        high = high == null || print.price().compareTo(high) > 0 ? print.price() : high;
      }
      BigDecimal last = market.last();
      BigDecimal vwap = volume.signum() > 0 ? value.divide(volume, pair.pairDecimals(), RoundingMode.HALF_EVEN) : null;
      BigDecimal change = open != null && last != null ? last.subtract(open) : null;
      BigDecimal changePct = change != null && open.signum() != 0
          ? change.multiply(Engine.HUNDRED).divide(open, 2, RoundingMode.HALF_EVEN) : null;
      return new TickerView(
          bids.isEmpty() ? null : bids.get(0).price(), bids.isEmpty() ? null : bids.get(0).qty(),
          asks.isEmpty() ? null : asks.get(0).price(), asks.isEmpty() ? null : asks.get(0).qty(),
          last == null ? null : price(pair, last), qty(pair, volume), vwap,
          low == null ? null : price(pair, low), high == null ? null : price(pair, high),
          change == null ? null : price(pair, change), changePct);
    }
  }

  /** Every order of the account, in the order they were placed. */
  public List<OrderView> orders(String account) {
    synchronized (exchange) {
      List<OrderView> views = new ArrayList<>();
      for (Order order : exchange.engine().account(requireNonNull(account, "account == null")).orders) {
        views.add(view(order));
      }
      return views;
    }
  }

  /** The account's fills from the {@code from}-th on (0 for all), oldest first. */
  public List<AccountTrade> fills(String account, int from) {
    synchronized (exchange) {
      List<AccountTrade> trades = exchange.engine().account(requireNonNull(account, "account == null")).trades;
      return List.copyOf(trades.subList(Math.min(from, trades.size()), trades.size()));
    }
  }

  /** The account's ledger entries from the {@code from}-th on (0 for all), oldest first. */
  public List<LedgerEntry> ledger(String account, int from) {
    synchronized (exchange) {
      List<LedgerEntry> ledger = exchange.engine().account(requireNonNull(account, "account == null")).ledger;
      return List.copyOf(ledger.subList(Math.min(from, ledger.size()), ledger.size()));
    }
  }

  /** The account's balances by internal asset name, in the order the assets were first held. */
  public Map<String, BigDecimal> balances(String account) {
    synchronized (exchange) {
      return new java.util.LinkedHashMap<>(exchange.engine().account(requireNonNull(account, "account == null")).balances);
    }
  }

  /** The account's trading rate ceiling by its tier (the {@code maxratecount} of an executions subscription). */
  public int maxRateCount(String account) {
    synchronized (exchange) {
      return (int) exchange.engine().account(requireNonNull(account, "account == null")).tier.tradingThreshold();
    }
  }

  private static OrderView view(Order order) {
    Catalog.Pair pair = order.pair;
    BigDecimal limit = order.executionLimit();
    BigDecimal trigger = order.isTriggerType() ? order.price : null;
    return new OrderView(order.txid, pair, order.buy, order.type,
        order.viqc() ? order.volume : qty(pair, order.volume), qty(pair, order.executed), order.cost, order.fee,
        limit == null ? null : price(pair, limit), trigger == null ? null : price(pair, trigger),
        order.displayVolume == null ? null : qty(pair, order.displayVolume), order.status, order.reason,
        order.timeInForce, order.clOrdId, order.userref, order.refid, order.postOnly(), order.feeInBase(),
        order.viqc(), order.opened, order.closed, order.expire, order.lastChange, order.amends.size());
  }

  private static List<Level> levels(Catalog.Pair pair, Book book, boolean buy, int depth) {
    List<Level> levels = new ArrayList<>();
    for (Map.Entry<BigDecimal, List<Book.Resting>> level : book.levels(buy).entrySet()) {
      if (levels.size() >= depth) {
        break;
      }
      BigDecimal qty = BigDecimal.ZERO;
      for (Book.Resting resting : level.getValue()) {
        qty = qty.add(resting.visible());
      }
      BigDecimal shown = qty(pair, qty);
      if (shown.signum() > 0) {
        levels.add(new Level(price(pair, level.getKey()), shown));
      }
    }
    return levels;
  }

  private static List<BookOrder> bookOrders(Catalog.Pair pair, Book book, boolean buy, int depth) {
    List<BookOrder> orders = new ArrayList<>();
    int count = 0;
    for (Map.Entry<BigDecimal, List<Book.Resting>> level : book.levels(buy).entrySet()) {
      if (count++ >= depth) {
        break;
      }
      for (Book.Resting resting : level.getValue()) {
        BigDecimal shown = qty(pair, resting.visible());
        if (shown.signum() > 0) {
          orders.add(new BookOrder(resting.id, buy, price(pair, level.getKey()), shown, resting.since));
        }
      }
    }
    return orders;
  }

  /** A price at the pair's decimals. */
  public static BigDecimal price(Catalog.Pair pair, BigDecimal price) {
    return price.setScale(pair.pairDecimals(), RoundingMode.HALF_EVEN);
  }

  /** A quantity at the pair's lot decimals. */
  public static BigDecimal qty(Catalog.Pair pair, BigDecimal qty) {
    return qty.setScale(pair.lotDecimals(), RoundingMode.DOWN);
  }
}
