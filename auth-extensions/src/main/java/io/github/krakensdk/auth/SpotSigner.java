package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.Digests;
import io.github.krakensdk.auth.internal.Secrets;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;

/**
 * Computes the {@code API-Sign} header of Kraken Spot private requests, and of Funding (Beta) and
 * Embed requests, which use the same scheme:
 *
 * <pre>
 * API-Sign = Base64(HMAC-SHA512(key = Base64Decode(secret),
 *                               message = UTF8(pathAndQuery) || SHA256(UTF8(nonce) || body)))
 * </pre>
 *
 * <pre>{@code
 * SpotSigner signer = new SpotSigner(secret);
 * String apiSign = signer.sign("/0/private/AddOrder", "1616492376594",
 *     "nonce=1616492376594&ordertype=limit&pair=XBTUSD&price=37500&type=buy&volume=1.25"
 *         .getBytes(StandardCharsets.UTF_8));
 * }</pre>
 *
 * <p>Most callers never use this class directly: {@code KrakenClient} signs the bytes it
 * actually sends. Instances are immutable and
 * thread-safe.
 */
public final class SpotSigner {
  // Keyed once: signing is on every private call's path.
  private final Digests.Hmac hmac;

  /** The signer of {@code credentials}' secret, which they do not hand out otherwise. */
  public static SpotSigner of(ApiCredentials credentials) {
    return new SpotSigner(credentials.base64Secret());
  }

  /**
   * @param base64Secret the API secret, standard Base64.
   * @throws IllegalArgumentException if it is blank or not Base64 (the message does not quote it).
   */
  public SpotSigner(String base64Secret) {
    this.hmac = Digests.hmacSha512(Secrets.decodeBase64Secret(base64Secret, "base64Secret"));
  }

  /**
   * Returns the {@code API-Sign} value.
   *
   * @param pathAndQuery the request path as sent, from {@code /0/private/...} (or {@code
   *     /funding/...}, {@code /b2b/...}), with {@code ?query} exactly as sent (its encoding
   *     included) when there is one.
   * @param nonce the decimal nonce, the same text that the body (Spot) or the {@code API-Nonce}
   *     header (Funding (Beta), Embed) carries.
   * @param body the exact body bytes sent; empty for a request without a body.
   */
  public String sign(String pathAndQuery, String nonce, byte[] body) {
    Objects.requireNonNull(pathAndQuery, "pathAndQuery == null");
    Objects.requireNonNull(nonce, "nonce == null");
    Objects.requireNonNull(body, "body == null");
    byte[] hashed = Digests.sha256(nonce.getBytes(StandardCharsets.UTF_8), body);
    byte[] mac = hmac.compute(pathAndQuery.getBytes(StandardCharsets.UTF_8), hashed);
    return Base64.getEncoder().encodeToString(mac);
  }

  @Override
  public String toString() {
    return "SpotSigner{secret=" + Secrets.REDACTED + "}";
  }
}
