package io.github.krakensdk.websocket.internal;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32;

/**
 * An independent computation of Kraken's checksum for the tests: strings only, in the guide's own
 * words (pad the decimals to the precision, remove '.', strip leading '0's, concatenate, CRC32),
 * sharing no code with {@link BookChecksum}.
 */
final class ReferenceChecksum {
  private ReferenceChecksum() {
  }

  /** One number's text as the guide formats it: {@code text} at {@code decimals} places (-1: as it is). */
  static String digits(String text, int decimals) {
    String formatted = text;
    if (decimals >= 0) {
      int point = text.indexOf('.');
      String whole = point < 0 ? text : text.substring(0, point);
      String fraction = point < 0 ? "" : text.substring(point + 1);
      while (fraction.length() < decimals) fraction = fraction + "0";
      while (fraction.length() > decimals && fraction.endsWith("0")) fraction = fraction.substring(0, fraction.length() - 1);
      formatted = fraction.isEmpty() ? whole : whole + "." + fraction;
    }
    return formatted.replace(".", "").replaceFirst("^0+", "");
  }

  /** {@code pairs} holds price and qty texts in book order, asks then bids, top 10 levels already chosen. */
  static String text(List<String[]> pairs, int priceDecimals, int qtyDecimals) {
    StringBuilder out = new StringBuilder();
    for (String[] pair : pairs) {
      out.append(digits(pair[0], priceDecimals)).append(digits(pair[1], qtyDecimals));
    }
    return out.toString();
  }

  static long crc32(String text) {
    CRC32 crc = new CRC32();
    crc.update(text.getBytes(StandardCharsets.US_ASCII));
    return crc.getValue();
  }
}
