package io.github.krakensdk.sandbox.internal.spot.exchange;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One pair's order book: resting orders of other participants and of accounts, in price-time
 * priority. An iceberg shows its display quantity; the rest stays hidden.
 */
public final class Book {
  /** A resting order: another participant's ({@code order == null}) or an account's. */
  static final class Resting {
    final String id;
    final Order order;
    final boolean buy;
    BigDecimal price;
    /** Another participant's remaining volume; an account's comes from its order. */
    BigDecimal volume;
    Instant since;

    Resting(String id, Order order, boolean buy, BigDecimal price, BigDecimal volume, Instant since) {
      this.id = id;
      this.order = order;
      this.buy = buy;
      this.price = price;
      this.volume = volume;
      this.since = since;
    }

    BigDecimal remaining() {
      return order == null ? volume : order.remaining();
    }

    /** What the book shows: all of it, or an iceberg's display quantity. */
    BigDecimal visible() {
      BigDecimal remaining = remaining();
      if (order != null && order.displayVolume != null) {
        return remaining.min(order.displayVolume);
      }
      return remaining;
    }

    String owner() {
      return order == null ? null : order.account;
    }
  }

  private final TreeMap<BigDecimal, List<Resting>> bids = new TreeMap<>(Comparator.reverseOrder());
  private final TreeMap<BigDecimal, List<Resting>> asks = new TreeMap<>();

  void add(Resting resting) {
    side(resting.buy).computeIfAbsent(resting.price, p -> new ArrayList<>()).add(resting);
  }

  void remove(Resting resting) {
    TreeMap<BigDecimal, List<Resting>> side = side(resting.buy);
    List<Resting> level = side.get(resting.price);
    if (level != null) {
      level.remove(resting);
      if (level.isEmpty()) {
        side.remove(resting.price);
      }
    }
  }

  /** The resting order of {@code order}, or null. */
  Resting find(Order order) {
    for (List<Resting> level : side(order.buy).values()) {
      for (Resting resting : level) {
        if (resting.order == order) {
          return resting;
        }
      }
    }
    return null;
  }

  /** The first order in priority on a side, or null. */
  Resting best(boolean buySide) {
    Map.Entry<BigDecimal, List<Resting>> first = side(buySide).firstEntry();
    return first == null ? null : first.getValue().get(0);
  }

  BigDecimal bestPrice(boolean buySide) {
    Map.Entry<BigDecimal, List<Resting>> first = side(buySide).firstEntry();
    return first == null ? null : first.getKey();
  }

  /** All resting orders of a side, best first, in time priority within a level. */
  List<Resting> orders(boolean buySide) {
    List<Resting> all = new ArrayList<>();
    for (List<Resting> level : side(buySide).values()) {
      all.addAll(level);
    }
    return all;
  }

  /** The price levels of a side, best first, each with its resting orders in priority. */
  TreeMap<BigDecimal, List<Resting>> levels(boolean buySide) {
    return side(buySide);
  }

  private TreeMap<BigDecimal, List<Resting>> side(boolean buy) {
    return buy ? bids : asks;
  }
}
