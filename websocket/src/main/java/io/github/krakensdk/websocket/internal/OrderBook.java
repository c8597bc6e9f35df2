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
public final class OrderBook {
  /** The depths Kraken's {@code book} channel accepts. */
  public static final List<Integer> DEPTHS = List.of(10, 25, 100, 500, 1000);

  private final String symbol;
  private final int depth;
  private final int pricePrecision;
  private final int qtyPrecision;
  private final TreeMap<BigDecimal, BookLevel> asks = new TreeMap<>();
  private final TreeMap<BigDecimal, BookLevel> bids = new TreeMap<>(Collections.reverseOrder());
  private final StringBuilder checksumText = new StringBuilder(512);
  private boolean inSync;
  private long checksum;

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
    this.symbol = requireNonNull(symbol, "symbol == null");
    if (!DEPTHS.contains(depth)) {
      throw new IllegalArgumentException("depth must be one of " + DEPTHS + " (the book channel's depths): " + depth);
    }
    this.depth = depth;
    this.pricePrecision = BookChecksum.checkPrecision("pricePrecision", pricePrecision);
    this.qtyPrecision = BookChecksum.checkPrecision("qtyPrecision", qtyPrecision);
  }

  public String symbol() {
    return symbol;
  }

  public int depth() {
    return depth;
  }

  /** The pair's price precision the checksum text is written at, or {@link BookChecksum#UNKNOWN_PRECISION}. */
  public int pricePrecision() {
    return pricePrecision;
  }

  /** The pair's quantity precision the checksum text is written at, or {@link BookChecksum#UNKNOWN_PRECISION}. */
  public int qtyPrecision() {
    return qtyPrecision;
  }

  /** Whether a snapshot was applied and no checksum has failed since. */
  public boolean isInSync() {
    return inSync;
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
    if (!inSync) {
      throw new IllegalStateException(symbol + " book " + depth
          + " is out of sync (no snapshot yet, or a checksum mismatch): drop updates until the next snapshot");
    }
    return apply(askLevels, bidLevels, expectedChecksum);
  }

  private ChecksumResult apply(List<BookLevel> askLevels, List<BookLevel> bidLevels, long expectedChecksum) {
    for (BookLevel level : askLevels) set(asks, level);
    for (BookLevel level : bidLevels) set(bids, level);
    truncate(asks);
    truncate(bids);
    checksum = computeChecksum();
    ChecksumResult result = ChecksumResult.of("book", symbol, depth, expectedChecksum, checksum);
    inSync = result.matches();
    return result;
  }

  private static void set(TreeMap<BigDecimal, BookLevel> side, BookLevel level) {
    requireNonNull(level, "level == null");
    if (level.qty().signum() == 0) {
      side.remove(level.price());
    } else {
      side.put(level.price(), level);
    }
  }

  private void truncate(TreeMap<BigDecimal, BookLevel> side) {
    while (side.size() > depth) side.pollLastEntry();
  }

  /** The CRC32 of the book as it stands (asks then bids, top 10 of each). */
  public long computeChecksum() {
    StringBuilder text = checksumText;
    text.setLength(0);
    appendTop(text, asks);
    appendTop(text, bids);
    return BookChecksum.crc32(text);
  }

  private void appendTop(StringBuilder text, NavigableMap<BigDecimal, BookLevel> side) {
    int n = 0;
    for (BookLevel level : side.values()) {
      if (n++ == BookChecksum.CHECKSUM_LEVELS) break;
      BookChecksum.appendDigits(text, level.price(), pricePrecision);
      BookChecksum.appendDigits(text, level.qty(), qtyPrecision);
    }
  }

  /** An immutable copy of the book, with the checksum computed after the last message. */
  public OrderBookSnapshot snapshot() {
    return OrderBookSnapshot.of(symbol, depth, new ArrayList<>(asks.values()), new ArrayList<>(bids.values()),
        checksum);
  }
}
