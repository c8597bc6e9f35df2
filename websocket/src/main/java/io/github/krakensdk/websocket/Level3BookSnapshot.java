package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * An immutable copy of one {@code level3} subscription after a message was applied and its
 * checksum verified. Each side lists its orders level by level (asks from the lowest price up,
 * bids from the highest down) and, within a level, in queue priority; each side holds at most
 * {@link #depth()} price levels.
 */
public final class Level3BookSnapshot {
  private final String symbol;
  private final int depth;
  private final List<Level3Order> asks;
  private final List<Level3Order> bids;
  private final long checksum;

  private Level3BookSnapshot(String symbol, int depth, List<Level3Order> asks, List<Level3Order> bids, long checksum) {
    this.symbol = symbol;
    this.depth = depth;
    this.asks = asks;
    this.bids = bids;
    this.checksum = checksum;
  }

  /** A snapshot of {@code symbol}'s orders; the lists are copied, in the order given. */
  public static Level3BookSnapshot of(String symbol, int depth, List<Level3Order> asks, List<Level3Order> bids,
      long checksum) {
    requireNonNull(symbol, "symbol == null");
    requireNonNull(asks, "asks == null");
    requireNonNull(bids, "bids == null");
    return new Level3BookSnapshot(symbol, depth, List.copyOf(asks), List.copyOf(bids), checksum);
  }

  public String symbol() {
    return symbol;
  }

  /** The subscribed depth in price levels per side: 10, 100 or 1000. */
  public int depth() {
    return depth;
  }

  /** Sell orders: lowest price first, then queue priority. */
  public List<Level3Order> asks() {
    return asks;
  }

  /** Buy orders: highest price first, then queue priority. */
  public List<Level3Order> bids() {
    return bids;
  }

  /** The CRC32 of the orders of the top 10 levels, as an unsigned 32-bit value. */
  public long checksum() {
    return checksum;
  }

  @Override public boolean equals(Object o) {
    return o instanceof Level3BookSnapshot other
        && symbol.equals(other.symbol)
        && depth == other.depth
        && asks.equals(other.asks)
        && bids.equals(other.bids)
        && checksum == other.checksum;
  }

  @Override public int hashCode() {
    int result = symbol.hashCode();
    result = 31 * result + depth;
    result = 31 * result + asks.hashCode();
    result = 31 * result + bids.hashCode();
    return 31 * result + Long.hashCode(checksum);
  }

  @Override public String toString() {
    return "Level3BookSnapshot{" + symbol + " depth " + depth + ", " + asks.size() + " asks, " + bids.size()
        + " bids, checksum " + checksum + "}";
  }
}
