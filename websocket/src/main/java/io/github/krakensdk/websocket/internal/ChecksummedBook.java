package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.ChecksumResult;
import java.math.BigDecimal;
import java.util.List;

/**
 * What the two kinds of book share ({@link OrderBook} for {@code book}, {@link Level3Book} for
 * {@code level3}): one symbol at one of its channel's depths, the pair's precisions for the
 * checksum text, and the rule that ends every message: each side cut to the depth, the CRC32 of the
 * top {@value BookChecksum#CHECKSUM_LEVELS} levels compared with the message's, and the book out of
 * sync after a mismatch, refusing updates until the next snapshot. Not thread-safe: one thread
 * applies a subscription's messages in order.
 *
 * @param <S> the immutable copy of the book, {@link #snapshot()}
 */
public abstract sealed class ChecksummedBook<S> permits OrderBook, Level3Book {
  private final String channel;
  private final String symbol;
  private final int depth;
  private final int pricePrecision;
  private final int qtyPrecision;
  private final BookChecksum checksumText = new BookChecksum();
  private boolean inSync;
  private long checksum;

  ChecksummedBook(String channel, List<Integer> depths, String symbol, int depth, int pricePrecision,
      int qtyPrecision) {
    this.channel = channel;
    this.symbol = requireNonNull(symbol, "symbol == null");
    if (!depths.contains(depth)) {
      throw new IllegalArgumentException(
          "depth must be one of " + depths + " (the " + channel + " channel's depths): " + depth);
    }
    this.depth = depth;
    this.pricePrecision = checkPrecision("pricePrecision", pricePrecision);
    this.qtyPrecision = checkPrecision("qtyPrecision", qtyPrecision);
  }

  private static int checkPrecision(String name, int precision) {
    if (precision < BookChecksum.UNKNOWN_PRECISION) {
      throw new IllegalArgumentException(name + " must be at least 0 (or UNKNOWN_PRECISION, -1): " + precision);
    }
    return precision;
  }

  public final String symbol() {
    return symbol;
  }

  public final int depth() {
    return depth;
  }

  /** The pair's price precision the checksum text is written at, or {@link BookChecksum#UNKNOWN_PRECISION}. */
  public final int pricePrecision() {
    return pricePrecision;
  }

  /** The pair's quantity precision the checksum text is written at, or {@link BookChecksum#UNKNOWN_PRECISION}. */
  public final int qtyPrecision() {
    return qtyPrecision;
  }

  /** Whether a snapshot was applied and no checksum has failed since. */
  public final boolean isInSync() {
    return inSync;
  }

  /** The checksum computed after the last message (0 before the first). */
  final long checksum() {
    return checksum;
  }

  /**
   * Refuses an update before the first snapshot or after a mismatch.
   *
   * @throws IllegalStateException then: the book waits for the snapshot of a resubscription, and
   *     the update must be dropped.
   */
  final void requireInSync() {
    if (!inSync) {
      throw new IllegalStateException(symbol + " " + channel + " " + depth
          + " is out of sync (no snapshot yet, or a checksum mismatch): drop updates until the next snapshot");
    }
  }

  /** Cuts the sides to the depth, computes the checksum and compares it with the message's. */
  final ChecksumResult verify(long expectedChecksum) {
    truncate(depth);
    checksum = computeChecksum();
    ChecksumResult result = ChecksumResult.of(channel, symbol, depth, expectedChecksum, checksum);
    inSync = result.matches();
    return result;
  }

  /** The CRC32 of the book as it stands: the top levels of the asks, then of the bids. */
  public final long computeChecksum() {
    BookChecksum text = checksumText;
    text.reset();
    writeChecksumText(text);
    return text.value();
  }

  /** Adds one price and quantity (a level, or an order) to the checksum text, at the pair's precisions. */
  final void add(BookChecksum text, BigDecimal price, BigDecimal qty) {
    text.add(price, pricePrecision);
    text.add(qty, qtyPrecision);
  }

  /** Drops the levels beyond {@code depth} from each side. */
  abstract void truncate(int depth);

  /** Writes the top levels of the asks, then of the bids, with {@link #add}. */
  abstract void writeChecksumText(BookChecksum text);

  /** An immutable copy of the book, with the checksum computed after the last message. */
  public abstract S snapshot();
}
