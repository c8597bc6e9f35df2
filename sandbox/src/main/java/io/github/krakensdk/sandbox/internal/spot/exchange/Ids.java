package io.github.krakensdk.sandbox.internal.spot.exchange;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;

/**
 * Identifiers in the service's shape: a letter ({@code O} order, {@code T} trade or amend,
 * {@code L} ledger entry) and five, five and six characters ({@code OQCLML-BW3P3-BUCMWZ}).
 * Drawn from a seeded generator, so a sandbox started the same way hands out the same ids.
 */
final class Ids {
  private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

  private final Random random;
  private final Set<String> issued = new HashSet<>();

  Ids(long seed) {
    this.random = new Random(seed);
  }

  String order() {
    return next('O');
  }

  String trade() {
    return next('T');
  }

  String ledger() {
    return next('L');
  }

  String amend() {
    return next('T');
  }

  private String next(char prefix) {
    while (true) {
      StringBuilder id = new StringBuilder(19).append(prefix);
      append(id, 5);
      id.append('-');
      append(id, 5);
      id.append('-');
      append(id, 6);
      String text = id.toString();
      if (issued.add(text)) {
        return text;
      }
    }
  }

  private void append(StringBuilder id, int length) {
    for (int i = 0; i < length; i++) {
      id.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
  }

  /** Whether {@code text} has the shape of an id with {@code prefix}. */
  static boolean shaped(String text, char prefix) {
    return text != null && text.length() == 19 && text.charAt(0) == prefix && text.charAt(6) == '-'
        && text.charAt(12) == '-';
  }
}
