package io.github.krakensdk.auth.internal;

import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.SpotSigner;
import java.io.IOException;
import okhttp3.Request;

/**
 * The signing of the families that carry the nonce in a header, Embed and Funding (Beta): the
 * Spot signature ({@link SpotSigner}) over the path with its query exactly as sent, the nonce and
 * the exact body bytes, with {@code API-Key}, {@code API-Sign} and {@code API-Nonce} headers. The
 * hashed part is the nonce alone for a request without a body (GET, DELETE, a PUT without a body)
 * and the nonce followed by the body otherwise. Nothing else in the request changes: the body is
 * sent as read, and headers the caller set (Embed's {@code Service-Version}, Funding's {@code
 * API-OTP}) are not part of the signature.
 *
 * <p>The signed text is the request target as OkHttp writes it on the request line ({@link
 * RequestBodies#pathAndQuery}): the encoded path and query, so {@code asset%5Bclass%5D} and
 * {@code asset[class]}, or {@code +} and {@code %20}, are signed as whichever was sent.
 */
final class NonceHeaderSigning {
  private final String key;
  private final SpotSigner signer;

  NonceHeaderSigning(ApiCredentials credentials) {
    this.key = credentials.key();
    this.signer = SpotSigner.of(credentials);
  }

  SigningSupport.Prepared prepare(Request request) throws IOException {
    byte[] bodyBytes = RequestBodies.bytesOf(request.body());
    String pathAndQuery = RequestBodies.pathAndQuery(request.url());
    return nonce ->
        SigningSupport.withBodyBytes(request, bodyBytes)
            .header("API-Key", key)
            .header("API-Sign", signer.sign(pathAndQuery, nonce, bodyBytes))
            .header("API-Nonce", nonce)
            .build();
  }
}
