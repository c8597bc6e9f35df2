package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.Digests;
import io.github.krakensdk.auth.internal.Secrets;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;

/**
 * Computes the {@code Authent} header of Kraken Futures private requests:
 *
 * <pre>
 * Authent = Base64(HMAC-SHA512(key = Base64Decode(secret),
 *                              message = SHA256(UTF8(postData + nonce + endpointPath))))
 * </pre>
 *
 * <pre>{@code
 * FuturesSigner signer = new FuturesSigner(secret);
 * String authent = signer.sign("/derivatives/api/v3/self-trade-strategy",
 *     "strategy=REJECT_TAKER", nonce);
 * }</pre>
 *
 * <p>{@code endpointPath} may be given with or without its leading {@code /derivatives}; it is
 * signed without it, as the service expects. Most callers never use this class directly:
 * {@code KrakenClient} signs every Futures call. Instances are immutable and thread-safe.
 */
public final class FuturesSigner {
  private static final String DERIVATIVES_PREFIX = "/derivatives";

  // Keyed once: signing is on every private call's path.
  private final Digests.Hmac hmac;

  /** The signer of {@code credentials}' secret, which they do not hand out otherwise. */
  public static FuturesSigner of(ApiCredentials credentials) {
    return new FuturesSigner(credentials.base64Secret());
  }

  /**
   * @param base64Secret the API secret, standard Base64.
   * @throws IllegalArgumentException if it is blank or not Base64 (the message does not quote it).
   */
  public FuturesSigner(String base64Secret) {
    this.hmac = Digests.hmacSha512(Secrets.decodeBase64Secret(base64Secret, "base64Secret"));
  }

  /**
   * Returns the {@code Authent} value.
   *
   * @param endpointPath the request path, e.g. {@code /api/v3/notifications} or {@code
   *     /derivatives/api/v3/notifications}.
   * @param postData the URL-encoded query string as it appears in the URL (without {@code ?}), or
   *     the form body; empty when there is none.
   * @param nonce the value of the {@code Nonce} header; empty if none is sent.
   */
  public String sign(String endpointPath, String postData, String nonce) {
    Objects.requireNonNull(postData, "postData == null");
    return sign(endpointPath, postData.getBytes(StandardCharsets.UTF_8), nonce);
  }

  /** As {@link #sign(String, String, String)}, with {@code postData} as the bytes sent. */
  public String sign(String endpointPath, byte[] postData, String nonce) {
    Objects.requireNonNull(endpointPath, "endpointPath == null");
    Objects.requireNonNull(postData, "postData == null");
    Objects.requireNonNull(nonce, "nonce == null");
    byte[] hashed =
        Digests.sha256(
            postData,
            nonce.getBytes(StandardCharsets.UTF_8),
            stripDerivatives(endpointPath).getBytes(StandardCharsets.UTF_8));
    return Base64.getEncoder().encodeToString(hmac.compute(hashed));
  }

  /** {@code /derivatives/api/v3/x} becomes {@code /api/v3/x}; other paths are kept as they are. */
  static String stripDerivatives(String path) {
    if (path.equals(DERIVATIVES_PREFIX)) return "";
    if (path.startsWith(DERIVATIVES_PREFIX + "/")) return path.substring(DERIVATIVES_PREFIX.length());
    return path;
  }

  @Override
  public String toString() {
    return "FuturesSigner{secret=" + Secrets.REDACTED + "}";
  }
}
