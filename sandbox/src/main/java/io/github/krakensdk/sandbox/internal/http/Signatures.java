package io.github.krakensdk.sandbox.internal.http;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The signatures the sandbox checks, computed here from the service's documented algorithms with
 * the JDK alone, never with the SDK's signers: a mistake in those must show up as a refused call,
 * not be shared by both sides.
 *
 * <pre>
 * Spot, Embed  API-Sign = Base64(HMAC-SHA512(Base64Decode(secret), UTF8(pathAndQuery) || SHA256(UTF8(nonce) || body)))
 * Futures      Authent  = Base64(HMAC-SHA512(Base64Decode(secret), SHA256(postData || UTF8(nonce) || UTF8(endpointPath))))
 * webhooks     v1       = hex(HMAC-SHA256(Base64Decode(secret), UTF8(t + ".") || body))
 * </pre>
 */
public final class Signatures {
  /** How far a webhook's {@code t} may be from now, in seconds, as partners usually allow. */
  public static final long WEBHOOK_TOLERANCE_SECONDS = 300;
  private static final String DERIVATIVES = "/derivatives";

  private Signatures() {}

  /** The {@code API-Sign} of a Spot or Embed call. */
  public static String apiSign(String base64Secret, String pathAndQuery, String nonce, byte[] body) {
    byte[] hashed = sha256(nonce.getBytes(StandardCharsets.UTF_8), body);
    byte[] mac = hmac("HmacSHA512", base64Secret, pathAndQuery.getBytes(StandardCharsets.UTF_8), hashed);
    return Base64.getEncoder().encodeToString(mac);
  }

  /**
   * The {@code Authent} of a Futures call. {@code path} is the request path; a leading {@code
   * /derivatives} is not signed.
   */
  public static String authent(String base64Secret, String path, byte[] postData, String nonce) {
    String endpointPath = path.startsWith(DERIVATIVES + "/") ? path.substring(DERIVATIVES.length()) : path;
    byte[] hashed = sha256(postData, nonce.getBytes(StandardCharsets.UTF_8),
        endpointPath.getBytes(StandardCharsets.UTF_8));
    return Base64.getEncoder().encodeToString(hmac("HmacSHA512", base64Secret, hashed));
  }

  /** The {@code v1} of a webhook delivery whose header says {@code t} (Unix seconds, as written). */
  public static String webhookV1(String base64Secret, String t, byte[] body) {
    return HexFormat.of().formatHex(hmac("HmacSHA256", base64Secret, (t + ".").getBytes(StandardCharsets.UTF_8), body));
  }

  /**
   * Why a delivery's {@code X-Signature} does not hold for {@code body}, or null when it does:
   * one {@code t}, at least one {@code v1} that matches, and {@code t} within {@link
   * #WEBHOOK_TOLERANCE_SECONDS} of {@code nowSeconds}.
   */
  public static String webhookProblem(String base64Secret, String header, byte[] body, long nowSeconds) {
    if (header == null || header.isBlank()) {
      return "no X-Signature header";
    }
    String t = null;
    List<String> v1 = new ArrayList<>();
    for (String element : header.split(",", -1)) {
      int equals = element.indexOf('=');
      String name = equals <= 0 ? "" : element.substring(0, equals).trim();
      String value = equals <= 0 ? "" : element.substring(equals + 1).trim();
      if (name.isEmpty() || value.indexOf('=') >= 0) {
        return "an element of the header is not key=value";
      }
      if (name.equals("t")) {
        if (t != null) {
          return "the header has more than one t";
        }
        t = value;
      } else if (name.equals("v1")) {
        v1.add(value.toLowerCase(Locale.ROOT));
      }
    }
    if (t == null) {
      return "the header has no t";
    }
    if (!t.matches("[0-9]{1,18}")) {
      return "t is not whole Unix seconds";
    }
    long seconds = Long.parseLong(t);
    if (v1.isEmpty()) {
      return "the header has no v1 signature";
    }
    byte[] expected = webhookV1(base64Secret, t, body).getBytes(StandardCharsets.US_ASCII);
    boolean matched = false;
    for (String candidate : v1) {
      matched |= MessageDigest.isEqual(expected, candidate.getBytes(StandardCharsets.US_ASCII));
    }
    if (!matched) {
      return "no v1 signature matches the body and the webhook secret";
    }
    long away = Math.abs(nowSeconds - seconds);
    return away > WEBHOOK_TOLERANCE_SECONDS
        ? "t is " + away + " s away from now; tolerance is " + WEBHOOK_TOLERANCE_SECONDS + " s" : null;
  }

  private static byte[] sha256(byte[]... parts) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      for (byte[] part : parts) {
        digest.update(part);
      }
      return digest.digest();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  private static byte[] hmac(String algorithm, String base64Secret, byte[]... parts) {
    try {
      Mac mac = Mac.getInstance(algorithm);
      mac.init(new SecretKeySpec(Base64.getDecoder().decode(base64Secret), algorithm));
      for (byte[] part : parts) {
        mac.update(part);
      }
      return mac.doFinal();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(algorithm + " is part of every JDK", e);
    }
  }
}
