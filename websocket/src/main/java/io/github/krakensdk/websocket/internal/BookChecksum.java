package io.github.krakensdk.websocket.internal;

import java.math.BigDecimal;
import java.math.RoundingMode;
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
 * The digits are then {@code unscaledValue()} of that number: the text without its point and
 * without leading zeros. Zero gives the empty string, as stripping every zero of {@code 0.0} does.
 */
public final class BookChecksum {
  /** The pair's precision is not known: checksum the literal text. */
  public static final int UNKNOWN_PRECISION = -1;
  /** Levels per side that the checksum covers, whatever the subscribed depth. */
  public static final int CHECKSUM_LEVELS = 10;

  private BookChecksum() {
  }

  /** Appends {@code value}'s checksum digits at {@code precision} decimals (see the class comment). */
  public static void appendDigits(StringBuilder out, BigDecimal value, int precision) {
    BigDecimal formatted = value;
    if (precision >= 0 && value.scale() != precision) {
      try {
        formatted = value.setScale(precision, RoundingMode.UNNECESSARY);
      } catch (ArithmeticException moreDigitsThanThePrecision) {
        // Keep the literal: see the class comment.
      }
    }
    if (formatted.scale() < 0) formatted = formatted.setScale(0, RoundingMode.UNNECESSARY); // 1E+3 as 1000
    if (formatted.signum() == 0) return;
    out.append(formatted.unscaledValue().abs());
  }

  /** The CRC32 (IEEE, as {@link CRC32}) of {@code text}'s ASCII bytes: an unsigned 32-bit value. */
  public static long crc32(CharSequence text) {
    int length = text.length();
    byte[] bytes = new byte[length];
    for (int i = 0; i < length; i++) bytes[i] = (byte) text.charAt(i);
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, length);
    return crc.getValue();
  }

  static int checkPrecision(String name, int precision) {
    if (precision < UNKNOWN_PRECISION) {
      throw new IllegalArgumentException(name + " must be at least 0 (or UNKNOWN_PRECISION, -1): " + precision);
    }
    return precision;
  }
}
