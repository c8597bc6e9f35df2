package io.github.krakensdk.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The signing algorithms of PUBLIC-SERVICE.md, written again from the text for the tests and
 * sharing no code with the main sources, so that a test compares two independent readings.
 */
public final class Reference {
  private Reference() {}

  public static String spotSign(String base64Secret, String pathAndQuery, String nonce, byte[] body)
      throws Exception {
    MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
    sha256.update(nonce.getBytes(StandardCharsets.UTF_8));
    sha256.update(body);
    byte[] inner = sha256.digest();
    Mac mac = Mac.getInstance("HmacSHA512");
    mac.init(new SecretKeySpec(Base64.getDecoder().decode(base64Secret), "HmacSHA512"));
    mac.update(pathAndQuery.getBytes(StandardCharsets.UTF_8));
    mac.update(inner);
    return Base64.getEncoder().encodeToString(mac.doFinal());
  }

  public static String futuresAuthent(
      String base64Secret, String postData, String nonce, String endpointPath) throws Exception {
    String path = endpointPath.startsWith("/derivatives/")
        ? endpointPath.substring("/derivatives".length())
        : endpointPath;
    byte[] hash = MessageDigest.getInstance("SHA-256")
        .digest((postData + nonce + path).getBytes(StandardCharsets.UTF_8));
    Mac mac = Mac.getInstance("HmacSHA512");
    mac.init(new SecretKeySpec(Base64.getDecoder().decode(base64Secret), "HmacSHA512"));
    return Base64.getEncoder().encodeToString(mac.doFinal(hash));
  }

  public static String webhookV1(String base64Secret, String t, byte[] body) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(Base64.getDecoder().decode(base64Secret), "HmacSHA256"));
    mac.update((t + ".").getBytes(StandardCharsets.UTF_8));
    byte[] raw = mac.doFinal(body);
    StringBuilder hex = new StringBuilder();
    for (byte b : raw) hex.append(String.format("%02x", b));
    return hex.toString();
  }

  /** A random Base64 secret of {@code bytes} bytes. */
  public static String randomSecret(java.util.Random random, int bytes) {
    byte[] secret = new byte[bytes];
    random.nextBytes(secret);
    return Base64.getEncoder().encodeToString(secret);
  }
}
