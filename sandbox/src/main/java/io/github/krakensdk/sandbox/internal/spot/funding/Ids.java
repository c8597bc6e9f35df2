package io.github.krakensdk.sandbox.internal.spot.funding;

import java.util.SplittableRandom;

/**
 * Identifiers in the service's shapes, from a seeded generator so that a sandbox gives the same
 * ids on every run: funding references {@code FTQcuak-V6Za8qrWnhzTx67yYHz8Tg}, ledger ids
 * {@code L4UESK-KG3EQ-UFO4T5}, transfer ids {@code TOH3AS2-LPCWR8-JDQGEU}, export ids {@code TCJA}.
 * Thread-safe.
 */
final class Ids {
  private static final String UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  private static final String MIXED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  private static final String HEX = "0123456789abcdef";
  private static final String BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  private static final String BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

  private final SplittableRandom random;

  Ids(long seed) {
    this.random = new SplittableRandom(seed);
  }

  synchronized String chars(String alphabet, int length) {
    StringBuilder out = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      out.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return out.toString();
  }

  /** A deposit's or withdrawal's reference: {@code FTQ} and 4, a dash, 22 mixed-case characters. */
  String fundingReference() {
    return "FTQ" + chars(MIXED, 4) + "-" + chars(MIXED, 22);
  }

  /** A saved withdrawal address's id (Funding (Beta)): {@code AB}, 5, a dash, 5, a dash, 6 upper-case characters. */
  String addressId() {
    return "AB" + chars(UPPER, 5) + "-" + chars(UPPER, 5) + "-" + chars(UPPER, 6);
  }

  /** A ledger entry id, 6-5-6 upper-case characters starting with {@code L}. */
  String ledgerId() {
    return "L" + chars(UPPER, 5) + "-" + chars(UPPER, 5) + "-" + chars(UPPER, 6);
  }

  /** An Earn operation's reference, 7-5-6 starting with {@code E}. */
  String earnReference() {
    return "E" + chars(UPPER, 6) + "-" + chars(UPPER, 5) + "-" + chars(UPPER, 6);
  }

  /** A transfer between accounts, 7-6-6 starting with {@code T}. */
  String transferId() {
    return "T" + chars(UPPER, 6) + "-" + chars(UPPER, 6) + "-" + chars(UPPER, 6);
  }

  /** An export report id: four capital letters. */
  String exportId() {
    return chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 4);
  }

  String hex(int length) {
    return chars(HEX, length);
  }

  String base58(int length) {
    return chars(BASE58, length);
  }

  String bech32(int length) {
    return chars(BECH32, length);
  }

  String digits(int length) {
    return chars("0123456789", length);
  }
}
