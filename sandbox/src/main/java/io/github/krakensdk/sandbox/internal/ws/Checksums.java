package io.github.krakensdk.sandbox.internal.ws;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Kraken's book checksums, as its WebSocket v2 guides define them: the CRC-32 (IEEE) of the top 10
 * price levels, asks from the lowest then bids from the highest, each level's price then quantity
 * written at the pair's precision without the decimal point and without leading zeros, as an
 * unsigned 32-bit value. The level-3 checksum does the same over every order of those levels, in
 * queue order. The sandbox's own computation, apart from the client's ({@code kraken-websocket}),
 * so that the two cannot share a mistake.
 *
 * <pre>{@code
 * long checksum = Checksums.book(asks, bids); // 3310070434 for the guide's example
 * }</pre>
 */
final class Checksums {
  /** How many levels of each side the checksum covers, whatever the subscribed depth. */
  static final int LEVELS = 10;

  private Checksums() {}

  /** The checksum of a book given as {price, qty} pairs, asks lowest first, bids highest first. */
  static long book(List<BigDecimal[]> asks, List<BigDecimal[]> bids) {
    StringBuilder text = new StringBuilder();
    append(asks, text);
    append(bids, text);
    return crc32(text);
  }

  private static void append(List<BigDecimal[]> levels, StringBuilder text) {
    for (int i = 0; i < Math.min(LEVELS, levels.size()); i++) {
      text.append(digits(levels.get(i)[0])).append(digits(levels.get(i)[1]));
    }
  }

  /**
   * The checksum of a level-3 book given as {price, qty} per order in queue order, asks lowest first,
   * bids highest first: every order of the top 10 levels of each side.
   */
  static long orders(List<BigDecimal[]> asks, List<BigDecimal[]> bids) {
    StringBuilder text = new StringBuilder();
    appendOrders(asks, text);
    appendOrders(bids, text);
    return crc32(text);
  }

  private static void appendOrders(List<BigDecimal[]> orders, StringBuilder text) {
    int levels = 0;
    BigDecimal price = null;
    for (BigDecimal[] order : orders) {
      if (price == null || order[0].compareTo(price) != 0) {
        if (++levels > LEVELS) {
          return;
        }
        price = order[0];
      }
      text.append(digits(order[0])).append(digits(order[1]));
    }
  }

  /** {@code 0.00100000} → {@code 100000}: the plain text without the point and the leading zeros. */
  static String digits(BigDecimal value) {
    String plain = value.toPlainString().replace(".", "");
    int start = 0;
    while (start < plain.length() && plain.charAt(start) == '0') {
      start++;
    }
    return plain.substring(start);
  }

  private static long crc32(CharSequence text) {
    CRC32 crc = new CRC32();
    crc.update(text.toString().getBytes(StandardCharsets.US_ASCII));
    return crc.getValue(); // already the unsigned value, in a long
  }
}
