package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.ChecksumResult;
import io.github.krakensdk.websocket.Level3BookSnapshot;
import io.github.krakensdk.websocket.Level3Order;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The local copy of one {@code level3} subscription, kept as Kraken's guide spot-ws-l3-v2 says:
 * orders grouped by price level, each level in queue order; every order of a message is applied,
 * orders and levels left without quantity are removed, each side is cut to the subscribed depth
 * (in price levels: no {@code delete} comes for orders that fall out of scope, and a level coming
 * into scope arrives as {@code add}s), then the CRC32 over the orders of the top 10 levels is
 * compared with the message's.
 *
 * <p>Events for orders the book does not hold ({@code modify} or {@code delete} of an order out of
 * scope) are ignored: if the exchange's book differs, the checksum says so. A {@code modify} at the
 * same price keeps the order's place in the queue; at another price it moves the order to the back
 * of the new level's queue, as a new order would be. Not thread-safe, like {@link OrderBook}.
 */
public final class Level3Book extends ChecksummedBook<Level3BookSnapshot> {
  /** The depths Kraken's {@code level3} channel accepts. */
  public static final List<Integer> DEPTHS = List.of(10, 100, 1000);

  private final Side asks = new Side(new TreeMap<>());
  private final Side bids = new Side(new TreeMap<>(Collections.reverseOrder()));

  /** A level-3 book whose pair's precision is unknown: the checksum reads the literal text. */
  public Level3Book(String symbol, int depth) {
    this(symbol, depth, BookChecksum.UNKNOWN_PRECISION, BookChecksum.UNKNOWN_PRECISION);
  }

  /** A level-3 book for {@code symbol} at {@code depth}, with the pair's precisions (see {@link BookChecksum}). */
  public Level3Book(String symbol, int depth, int pricePrecision, int qtyPrecision) {
    super("level3", DEPTHS, symbol, depth, pricePrecision, qtyPrecision);
  }

  /** Replaces the book with a {@code snapshot} message's orders, each side in the order sent. */
  public ChecksumResult applySnapshot(List<Level3Order> askOrders, List<Level3Order> bidOrders, long expectedChecksum) {
    requireNonNull(askOrders, "asks == null");
    requireNonNull(bidOrders, "bids == null");
    asks.clear();
    bids.clear();
    for (Level3Order order : askOrders) asks.add(requireNonNull(order, "order == null"));
    for (Level3Order order : bidOrders) bids.add(requireNonNull(order, "order == null"));
    return verify(expectedChecksum);
  }

  /**
   * Applies an {@code update} message's orders, each side in the order sent.
   *
   * @throws IllegalStateException before the first snapshot or after a mismatch.
   */
  public ChecksumResult applyUpdate(List<Level3Change> askChanges, List<Level3Change> bidChanges,
      long expectedChecksum) {
    requireNonNull(askChanges, "asks == null");
    requireNonNull(bidChanges, "bids == null");
    requireInSync();
    for (Level3Change change : askChanges) asks.apply(requireNonNull(change, "change == null"));
    for (Level3Change change : bidChanges) bids.apply(requireNonNull(change, "change == null"));
    return verify(expectedChecksum);
  }

  @Override void truncate(int depth) {
    asks.truncate(depth);
    bids.truncate(depth);
  }

  /** The orders of the top 10 ask levels, then of the top 10 bid levels. */
  @Override void writeChecksumText(BookChecksum text) {
    writeTop(text, asks);
    writeTop(text, bids);
  }

  private void writeTop(BookChecksum text, Side side) {
    int n = 0;
    for (Map<String, Level3Order> level : side.levels.values()) {
      if (n++ == BookChecksum.CHECKSUM_LEVELS) break;
      for (Level3Order order : level.values()) add(text, order.limitPrice(), order.orderQty());
    }
  }

  @Override public Level3BookSnapshot snapshot() {
    return Level3BookSnapshot.of(symbol(), depth(), asks.orders(), bids.orders(), checksum());
  }

  /** One side: price levels in book order, each an insertion-ordered map (the queue) by order id. */
  private static final class Side {
    final TreeMap<BigDecimal, LinkedHashMap<String, Level3Order>> levels;
    final Map<String, Level3Order> byId = new HashMap<>();

    Side(TreeMap<BigDecimal, LinkedHashMap<String, Level3Order>> levels) {
      this.levels = levels;
    }

    void clear() {
      levels.clear();
      byId.clear();
    }

    void apply(Level3Change change) {
      Level3Order order = change.order();
      switch (change.event()) {
        case ADD -> add(order); // an id seen again is re-queued at the back
        case MODIFY -> {
          Level3Order old = byId.get(order.orderId());
          if (old == null) return;
          if (old.limitPrice().compareTo(order.limitPrice()) == 0 && order.orderQty().signum() > 0) {
            levels.get(old.limitPrice()).put(order.orderId(), order); // same key: keeps its place
            byId.put(order.orderId(), order);
          } else {
            remove(order.orderId());
            add(order);
          }
        }
        case DELETE -> remove(order.orderId());
      }
    }

    void add(Level3Order order) {
      if (order.orderQty().signum() == 0) return;
      remove(order.orderId());
      levels.computeIfAbsent(order.limitPrice(), price -> new LinkedHashMap<>()).put(order.orderId(), order);
      byId.put(order.orderId(), order);
    }

    void remove(String orderId) {
      Level3Order old = byId.remove(orderId);
      if (old == null) return;
      LinkedHashMap<String, Level3Order> level = levels.get(old.limitPrice());
      level.remove(orderId);
      if (level.isEmpty()) levels.remove(old.limitPrice());
    }

    void truncate(int depth) {
      while (levels.size() > depth) {
        for (String orderId : levels.pollLastEntry().getValue().keySet()) byId.remove(orderId);
      }
    }

    List<Level3Order> orders() {
      List<Level3Order> all = new ArrayList<>(byId.size());
      for (LinkedHashMap<String, Level3Order> level : levels.values()) all.addAll(level.values());
      return all;
    }
  }
}
