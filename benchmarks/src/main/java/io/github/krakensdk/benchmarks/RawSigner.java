package io.github.krakensdk.benchmarks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The hand-written {@code API-Sign} of the raw OkHttp floor, and the loopback server's check of
 * it: {@code Base64(HMAC-SHA512(Base64Decode(secret), path || SHA256(nonce || body)))}. Each
 * thread keeps one keyed {@link Mac} and one {@link MessageDigest}, the cheapest correct form the
 * JDK allows; this is what the SDK's signer is measured against.
 */
final class RawSigner {
  private final ThreadLocal<Mac> hmac;
  private final ThreadLocal<MessageDigest> sha256 = ThreadLocal.withInitial(() -> {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (GeneralSecurityException e) {
      throw new AssertionError(e);
    }
  });

  RawSigner(String base64Secret) {
    SecretKeySpec key = new SecretKeySpec(Base64.getDecoder().decode(base64Secret), "HmacSHA512");
    this.hmac = ThreadLocal.withInitial(() -> {
      try {
        Mac mac = Mac.getInstance("HmacSHA512");
        mac.init(key);
        return mac;
      } catch (GeneralSecurityException e) {
        throw new AssertionError(e);
      }
    });
  }

  String sign(String path, String nonce, byte[] body) {
    MessageDigest digest = sha256.get();
    digest.update(nonce.getBytes(StandardCharsets.UTF_8));
    byte[] hashed = digest.digest(body);
    Mac mac = hmac.get();
    mac.update(path.getBytes(StandardCharsets.UTF_8));
    return Base64.getEncoder().encodeToString(mac.doFinal(hashed));
  }
}
