package io.github.krakensdk.auth.internal;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HMAC and SHA-256 over byte parts, without concatenating them into a new array first. */
public final class Digests {
  private Digests() {}

  /**
   * A SHA-256 digest that is never updated, only cloned: a clone costs a few array copies, while
   * {@code MessageDigest.getInstance} looks the provider up again on every signature.
   */
  private static final MessageDigest SHA256 = sha256Instance();

  public static byte[] sha256(byte[]... parts) {
    MessageDigest digest = cloneOf(SHA256);
    for (byte[] part : parts) digest.update(part);
    return digest.digest();
  }

  public static byte[] hmacSha512(byte[] key, byte[]... parts) {
    return hmac("HmacSHA512", key, parts);
  }

  /** HMAC-SHA512 keyed once with {@code key}, for a signer that signs many requests. */
  public static Hmac hmacSha512(byte[] key) {
    return new Hmac("HmacSHA512", key);
  }

  /**
   * An HMAC keyed once. Each computation runs on a clone of a keyed prototype that is itself never
   * updated, so instances are thread-safe and hold no per-thread state; the clone replaces the
   * {@code Mac.getInstance} and {@code Mac.init} (key padding and two digest blocks) that a fresh
   * Mac would cost per signature.
   */
  public static final class Hmac {
    private final String algorithm;
    private final byte[] key;
    // Null when the provider's Mac cannot be cloned: then every computation keys a new one.
    private final Mac prototype;

    private Hmac(String algorithm, byte[] key) {
      this.algorithm = algorithm;
      this.key = key.clone();
      Mac keyed = newMac(algorithm, this.key);
      Mac prototype;
      try {
        prototype = (Mac) keyed.clone();
      } catch (CloneNotSupportedException e) {
        prototype = null;
      }
      this.prototype = prototype;
    }

    public byte[] compute(byte[]... parts) {
      Mac mac = prototype != null ? cloneOf(prototype) : newMac(algorithm, key);
      for (byte[] part : parts) mac.update(part);
      return mac.doFinal();
    }

    private static Mac cloneOf(Mac prototype) {
      try {
        return (Mac) prototype.clone();
      } catch (CloneNotSupportedException e) {
        throw new AssertionError("the keyed Mac was cloned once already", e);
      }
    }

    @Override
    public String toString() {
      return "Hmac{" + algorithm + ", key=" + Secrets.REDACTED + "}";
    }
  }

  public static byte[] hmacSha256(byte[] key, byte[]... parts) {
    return hmac("HmacSHA256", key, parts);
  }

  private static byte[] hmac(String algorithm, byte[] key, byte[]... parts) {
    // A Mac is not thread-safe; a new one per call keeps one-off callers free of shared state.
    // Signers that sign many requests use a keyed Hmac instead.
    Mac mac = newMac(algorithm, key);
    for (byte[] part : parts) mac.update(part);
    return mac.doFinal();
  }

  private static Mac newMac(String algorithm, byte[] key) {
    try {
      Mac mac = Mac.getInstance(algorithm);
      mac.init(new SecretKeySpec(key, algorithm));
      return mac;
    } catch (GeneralSecurityException e) {
      throw new AssertionError("every JRE has " + algorithm, e);
    }
  }

  private static MessageDigest sha256Instance() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (GeneralSecurityException e) {
      throw new AssertionError("every JRE has SHA-256", e);
    }
  }

  private static MessageDigest cloneOf(MessageDigest prototype) {
    try {
      return (MessageDigest) prototype.clone();
    } catch (CloneNotSupportedException e) {
      return sha256Instance(); // a provider whose digest cannot be cloned: a fresh one instead
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
