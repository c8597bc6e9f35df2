package io.github.krakensdk.auth.internal;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HMAC and SHA-256 over byte parts, without concatenating them into a new array first. */
public final class Digests {
  private Digests() {}

  public static byte[] sha256(byte[]... parts) {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (GeneralSecurityException e) {
      throw new AssertionError("every JRE has SHA-256", e);
    }
    for (byte[] part : parts) digest.update(part);
    return digest.digest();
  }

  public static byte[] hmacSha512(byte[] key, byte[]... parts) {
    return hmac("HmacSHA512", key, parts);
  }

  public static byte[] hmacSha256(byte[] key, byte[]... parts) {
    return hmac("HmacSHA256", key, parts);
  }

  private static byte[] hmac(String algorithm, byte[] key, byte[]... parts) {
    try {
      // A Mac is not thread-safe and cheap to create; a new one per signature keeps signers
      // free of shared mutable state.
      Mac mac = Mac.getInstance(algorithm);
      mac.init(new SecretKeySpec(key, algorithm));
      for (byte[] part : parts) mac.update(part);
      return mac.doFinal();
    } catch (GeneralSecurityException e) {
      throw new AssertionError("every JRE has " + algorithm, e);
    }
  }

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  /** Lower-case hexadecimal. */
  public static String hex(byte[] bytes) {
    char[] out = new char[bytes.length * 2];
    for (int i = 0; i < bytes.length; i++) {
      out[2 * i] = HEX[(bytes[i] >> 4) & 0xf];
      out[2 * i + 1] = HEX[bytes[i] & 0xf];
    }
    return new String(out);
  }
}
