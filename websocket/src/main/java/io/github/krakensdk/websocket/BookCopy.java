package io.github.krakensdk.websocket;

import java.util.List;

/**
 * What {@link OrderBookSnapshot} and {@link Level3BookSnapshot} share: an immutable copy of one
 * symbol's book at its subscribed depth, after a message was applied and its checksum verified.
 *
 * @param <E> a side's entry: a price level, or an order
 */
abstract class BookCopy<E> {
  private final String symbol;
  private final int depth;
  private final List<E> asks;
  private final List<E> bids;
  private final long checksum;

  /** {@code asks} and {@code bids} are immutable copies already. */
  BookCopy(String symbol, int depth, List<E> asks, List<E> bids, long checksum) {
    this.symbol = symbol;
    this.depth = depth;
    this.asks = asks;
    this.bids = bids;
    this.checksum = checksum;
  }

  /** The pair, as the WebSocket names it ({@code BTC/USD}). */
  public final String symbol() {
    return symbol;
  }

  /** The subscribed depth: price levels per side. */
  public final int depth() {
    return depth;
  }

  /** The sell side, lowest price first (orders: then queue priority). */
  public final List<E> asks() {
    return asks;
  }

  /** The buy side, highest price first (orders: then queue priority). */
  public final List<E> bids() {
    return bids;
  }

  /** The CRC32 of the top 10 levels, as an unsigned 32-bit value (0 to 2^32 - 1). */
  public final long checksum() {
    return checksum;
  }

  @Override public final boolean equals(Object o) {
    return o != null
        && o.getClass() == getClass()
        && symbol.equals(((BookCopy<?>) o).symbol)
        && depth == ((BookCopy<?>) o).depth
        && asks.equals(((BookCopy<?>) o).asks)
        && bids.equals(((BookCopy<?>) o).bids)
        && checksum == ((BookCopy<?>) o).checksum;
  }

  @Override public final int hashCode() {
    int result = symbol.hashCode();
    result = 31 * result + depth;
    result = 31 * result + asks.hashCode();
    result = 31 * result + bids.hashCode();
    return 31 * result + Long.hashCode(checksum);
  }

  @Override public final String toString() {
    return getClass().getSimpleName() + "{" + symbol + " depth " + depth + ", " + asks.size() + " asks, "
        + bids.size() + " bids, checksum " + checksum + "}";
  }
}
