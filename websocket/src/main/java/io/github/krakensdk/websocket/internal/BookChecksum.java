package io.github.krakensdk.websocket.internal;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * Kraken's book checksum text and its CRC32 (the guides spot-ws-book-v2 and spot-ws-l3-v2).
 *
 * <p>Each price and quantity is written as its decimal text with the {@code '.'} removed and the
 * leading zeros stripped ({@code 0.00100000} gives {@code 100000}). The guides compute it from the
 * numbers "formatted to the pair's precision", trailing zeros included, while the v2 wire carries
 * JSON numbers, which a sender may write without trailing zeros ({@code 0.1}). So each number is
 * read from a {@code BigDecimal} made from its literal text, whose scale is the literal's, and:
 *
 * <ul>
 *   <li>with the pair's precision unknown ({@link #UNKNOWN_PRECISION}), the literal is used as it is;
 *   <li>with the precision known ({@code price_precision} / {@code qty_precision} of the
 *       {@code instrument} channel), the number is written at exactly that many decimals: a literal
 *       already at the precision is unchanged, a shorter one is padded with zeros, a longer one
 *       loses only trailing zeros. A literal with more significant decimals than the precision says
 *       is used as it is (the text is what was sent; rounding it would hide a real difference).
 * </ul>
 *
 * The digits are those of {@code unscaledValue()} of that number: the text without its point and
 * without leading zeros. Zero gives nothing, as stripping every zero of {@code 0.0} does.
 *
 * <p>Every message's checksum covers 20 levels (40 numbers), so the text is written as ASCII bytes
 * into one reused buffer and fed to one reused {@link CRC32}: no string or {@code BigInteger} per
 * number. The digits are read from {@link BigDecimal#toString()}, which a {@code BigDecimal}
 * computes once and keeps, so a level that stays in the top 10 costs nothing after its first
 * checksum. One instance per book; not thread-safe, like the books.
 *
 * <pre>{@code
 * BookChecksum checksum = new BookChecksum();
 * checksum.reset();
 * checksum.add(level.price(), pricePrecision);
 * checksum.add(level.qty(), qtyPrecision);
 * long crc = checksum.value();
 * }</pre>
 */
public final class BookChecksum {
  /** The pair's precision is not known: checksum the literal text. */
  public static final int UNKNOWN_PRECISION = -1;
  /** Levels per side that the checksum covers, whatever the subscribed depth. */
  public static final int CHECKSUM_LEVELS = 10;

  private final CRC32 crc = new CRC32();
  private byte[] text = new byte[512];
  private int length;

  /** Empties the text, for the next book state. */
  public void reset() {
    length = 0;
  }

  /** Appends {@code value}'s checksum digits at {@code precision} decimals (see the class comment). */
  public void add(BigDecimal value, int precision) {
    if (value.signum() == 0) return;
    String literal = value.toString(); // plain or scientific: its mantissa's digits are the unscaled value's
    int end = literal.indexOf('E');
    if (end < 0) end = literal.length();
    int scale = value.scale();
    ensureRoom(end + Math.max(0, Math.max(precision, 0) - scale));
    int start = length;
    for (int i = 0; i < end; i++) {
      char c = literal.charAt(i);
      if (c < '0' || c > '9') continue; // the point and a sign
      if (c == '0' && length == start) continue; // a leading zero
      text[length++] = (byte) c;
    }
    int written = scale;
    if (precision >= 0 && scale > precision) {
      int drop = scale - precision;
      // Only zeros may go; the first digit is never one, so a number with no more digits keeps them all.
      if (drop < length - start && onlyZeros(length - drop, length)) {
        length -= drop;
        written = precision;
      }
    } else if (precision > scale) {
      written = precision;
    }
    for (int zeros = Math.max(written, 0) - scale; zeros > 0; zeros--) text[length++] = '0'; // padding; 1E+3 as 1000
  }

  /** The CRC32 (IEEE, as {@link CRC32}) of the text's ASCII bytes: an unsigned 32-bit value. */
  public long value() {
    crc.reset();
    crc.update(text, 0, length);
    return crc.getValue();
  }

  /** The text so far, for tests and diagnostics. */
  @Override public String toString() {
    return new String(text, 0, length, StandardCharsets.US_ASCII);
  }

  private boolean onlyZeros(int from, int to) {
    for (int i = from; i < to; i++) {
      if (text[i] != '0') return false;
    }
    return true;
  }

  private void ensureRoom(int more) {
    if (length + more > text.length) text = Arrays.copyOf(text, Math.max(2 * text.length, length + more));
  }
}
