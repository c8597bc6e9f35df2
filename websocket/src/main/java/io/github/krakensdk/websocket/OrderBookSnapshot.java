package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;

/**
 * An immutable copy of one {@code book} subscription (a symbol at a depth) after a message was
 * applied and its checksum verified: asks from the lowest price up, bids from the highest down,
 * each side at most {@link #depth()} levels.
 *
 * <pre>{@code
 * OrderBookSnapshot book = ...;
 * book.bestBid().ifPresent(bid -> System.out.println(book.symbol() + " bid " + bid.price()));
 * }</pre>
 */
public final class OrderBookSnapshot {
  private final String symbol;
  private final int depth;
  private final List<BookLevel> asks;
  private final List<BookLevel> bids;
  private final long checksum;

  private OrderBookSnapshot(String symbol, int depth, List<BookLevel> asks, List<BookLevel> bids, long checksum) {
    this.symbol = symbol;
    this.depth = depth;
    this.asks = asks;
    this.bids = bids;
    this.checksum = checksum;
  }

  /**
   * A snapshot of {@code symbol}'s book; the lists are copied. The book's own code makes these,
   * in order; this factory checks nothing beyond nulls.
   */
  public static OrderBookSnapshot of(String symbol, int depth, List<BookLevel> asks, List<BookLevel> bids,
      long checksum) {
    requireNonNull(symbol, "symbol == null");
    requireNonNull(asks, "asks == null");
    requireNonNull(bids, "bids == null");
    return new OrderBookSnapshot(symbol, depth, List.copyOf(asks), List.copyOf(bids), checksum);
  }

  /** The pair, as the WebSocket names it ({@code BTC/USD}). */
  public String symbol() {
    return symbol;
  }

  /** The subscribed depth: 10, 25, 100, 500 or 1000 levels per side. */
  public int depth() {
    return depth;
  }

  /** Sell levels, lowest price first. */
  public List<BookLevel> asks() {
    return asks;
  }

  /** Buy levels, highest price first. */
  public List<BookLevel> bids() {
    return bids;
  }

  /** The CRC32 of the top 10 levels, as an unsigned 32-bit value (0 to 2^32 - 1). */
  public long checksum() {
    return checksum;
  }

  public Optional<BookLevel> bestAsk() {
    return asks.isEmpty() ? Optional.empty() : Optional.of(asks.get(0));
  }

  public Optional<BookLevel> bestBid() {
    return bids.isEmpty() ? Optional.empty() : Optional.of(bids.get(0));
  }

  @Override public boolean equals(Object o) {
    return o instanceof OrderBookSnapshot other
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
    return "OrderBookSnapshot{" + symbol + " depth " + depth + ", " + asks.size() + " asks, " + bids.size()
        + " bids, checksum " + checksum + "}";
  }
}
