package io.github.krakensdk.auth.internal;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HMAC and SHA-256 over byte parts, without concatenating them into a new array first. */
public final class Digests {
  private Digests() {}

  /**
   * One SHA-256 digest per thread, reset by each {@code digest()}: {@code MessageDigest.getInstance}
   * would look the provider up again on every signature, and a clone copies its state arrays.
   */
  private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(Digests::sha256Instance);

  public static byte[] sha256(byte[]... parts) {
    MessageDigest digest = SHA256.get();
    digest.reset(); // a computation that failed half-way leaves nothing behind
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
   * An HMAC keyed once. Each thread computes on its own copy of the keyed Mac, which {@code
   * doFinal} resets to the keyed state: neither {@code Mac.getInstance} and {@code Mac.init} (key
   * padding and two digest blocks) nor a clone is paid per signature. Instances are thread-safe.
   */
  public static final class Hmac {
    private final String algorithm;
    private final ThreadLocal<Mac> keyed;

    private Hmac(String algorithm, byte[] key) {
      this.algorithm = algorithm;
      byte[] ownKey = key.clone();
      newMac(algorithm, ownKey); // fails here, not on first use, if the key is unusable
      this.keyed = ThreadLocal.withInitial(() -> newMac(algorithm, ownKey));
    }

    public byte[] compute(byte[]... parts) {
      Mac mac = keyed.get();
      mac.reset(); // a computation that failed half-way leaves nothing behind
      for (byte[] part : parts) mac.update(part);
      return mac.doFinal();
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
