package io.github.krakensdk.sandbox.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/** Deterministic demo secrets, random tokens and constant-time comparison. */
public final class Secrets {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final char[] ALPHANUMERIC =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".toCharArray();

  private Secrets() {}

  /** Base64 of {@code bytes} (at most 64) bytes derived from {@code label}: the same on every machine and run. */
  public static String derivedBase64(String label, int bytes) {
    byte[] digest = sha512(("kraken-sandbox:" + label).getBytes(StandardCharsets.UTF_8));
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(digest, bytes));
  }

  /** A key name derived from {@code label}: {@code prefix} and 24 letters and digits. */
  public static String derivedKey(String prefix, String label) {
    byte[] digest = sha512(("kraken-sandbox-key:" + label).getBytes(StandardCharsets.UTF_8));
    StringBuilder key = new StringBuilder(prefix);
    for (int i = 0; i < 24; i++) {
      key.append(ALPHANUMERIC[(digest[i] & 0xff) % ALPHANUMERIC.length]);
    }
    return key.toString();
  }

  /** A fresh unguessable token of {@code length} letters and digits (codes, access and refresh tokens). */
  public static String randomToken(int length) {
    StringBuilder token = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      token.append(ALPHANUMERIC[RANDOM.nextInt(ALPHANUMERIC.length)]);
    }
    return token.toString();
  }

  public static boolean equal(String a, String b) {
    if (a == null || b == null) {
      return false;
    }
    return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] sha512(byte[] input) {
    try {
      return MessageDigest.getInstance("SHA-512").digest(input);
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
