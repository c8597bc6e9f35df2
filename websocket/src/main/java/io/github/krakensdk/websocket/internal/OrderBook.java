package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.BookLevel;
import io.github.krakensdk.websocket.ChecksumResult;
import io.github.krakensdk.websocket.OrderBookSnapshot;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The local copy of one {@code book} subscription (a symbol at a depth), kept as Kraken's guide
 * spot-ws-book-v2 says: a snapshot replaces the book; an update sets each level it names (a
 * quantity of zero removes it, and removing a level the book does not hold is no error); after
 * every message each side is cut to the subscribed depth, since Kraken sends no removal for levels
 * that fall out of scope; then the CRC32 of the top 10 levels is compared with the message's.
 *
 * <p>A mismatch leaves the book out of sync: updates are refused until the next snapshot, which
 * the client gets by resubscribing. Not thread-safe: one connection's reader applies messages in
 * order; callers see {@link #snapshot()} copies.
 */
public final class OrderBook extends ChecksummedBook<OrderBookSnapshot> {
  /** The depths Kraken's {@code book} channel accepts. */
  public static final List<Integer> DEPTHS = List.of(10, 25, 100, 500, 1000);

  private final TreeMap<BigDecimal, BookLevel> asks = new TreeMap<>();
  private final TreeMap<BigDecimal, BookLevel> bids = new TreeMap<>(Collections.reverseOrder());

  /** A book whose pair's precision is unknown: the checksum reads the numbers' literal text. */
  public OrderBook(String symbol, int depth) {
    this(symbol, depth, BookChecksum.UNKNOWN_PRECISION, BookChecksum.UNKNOWN_PRECISION);
  }

  /**
   * A book for {@code symbol} at {@code depth}, with the pair's {@code price_precision} and
   * {@code qty_precision} (the {@code instrument} channel) for the checksum text, or
   * {@link BookChecksum#UNKNOWN_PRECISION}.
   */
  public OrderBook(String symbol, int depth, int pricePrecision, int qtyPrecision) {
    super("book", DEPTHS, symbol, depth, pricePrecision, qtyPrecision);
  }

  /** Replaces the book with a {@code snapshot} message's levels and verifies its checksum. */
  public ChecksumResult applySnapshot(List<BookLevel> askLevels, List<BookLevel> bidLevels, long expectedChecksum) {
    requireNonNull(askLevels, "asks == null");
    requireNonNull(bidLevels, "bids == null");
    asks.clear();
    bids.clear();
    return apply(askLevels, bidLevels, expectedChecksum);
  }

  /**
   * Applies an {@code update} message's levels and verifies its checksum.
   *
   * @throws IllegalStateException before the first snapshot or after a mismatch: the book waits
   *     for the snapshot of a resubscription, and the update must be dropped.
   */
  public ChecksumResult applyUpdate(List<BookLevel> askLevels, List<BookLevel> bidLevels, long expectedChecksum) {
    requireNonNull(askLevels, "asks == null");
    requireNonNull(bidLevels, "bids == null");
    requireInSync();
    return apply(askLevels, bidLevels, expectedChecksum);
  }

  private ChecksumResult apply(List<BookLevel> askLevels, List<BookLevel> bidLevels, long expectedChecksum) {
    for (BookLevel level : askLevels) set(asks, level);
    for (BookLevel level : bidLevels) set(bids, level);
    return verify(expectedChecksum);
  }

  private static void set(TreeMap<BigDecimal, BookLevel> side, BookLevel level) {
    requireNonNull(level, "level == null");
    if (level.qty().signum() == 0) {
      side.remove(level.price());
    } else {
      side.put(level.price(), level);
    }
  }

  @Override void truncate(int depth) {
    while (asks.size() > depth) asks.pollLastEntry();
    while (bids.size() > depth) bids.pollLastEntry();
  }

  @Override void writeChecksumText(BookChecksum text) {
    writeTop(text, asks);
    writeTop(text, bids);
  }

  private void writeTop(BookChecksum text, NavigableMap<BigDecimal, BookLevel> side) {
    int n = 0;
    for (BookLevel level : side.values()) {
      if (n++ == BookChecksum.CHECKSUM_LEVELS) break;
      add(text, level.price(), level.qty());
    }
  }

  @Override public OrderBookSnapshot snapshot() {
    return OrderBookSnapshot.of(symbol(), depth(), new ArrayList<>(asks.values()), new ArrayList<>(bids.values()),
        checksum());
  }
}
