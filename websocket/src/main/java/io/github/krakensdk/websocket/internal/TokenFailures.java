package io.github.krakensdk.websocket.internal;

import io.github.krakensdk.errors.AuthenticationException;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenError;
import io.github.krakensdk.errors.KrakenServiceException;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Which failures of a {@link io.github.krakensdk.websocket.TokenSource} end an authenticated
 * connection for good, as an upgrade refused with 401/403 does, and which are retried with the
 * reconnect backoff.
 *
 * <p>Permanent: asking again fails the same way and spends a REST call each time.
 *
 * <ul>
 *   <li>{@link KrakenClientException}: the SDK refused locally (the {@code KrakenClient} is closed,
 *       it has no credentials, the request cannot be signed); the SDK's {@code RetryPolicy} never
 *       retries it either.
 *   <li>{@link AuthenticationException} and the Spot codes {@code EAPI:Invalid key} and {@code
 *       EAPI:Invalid signature}: the key is wrong.
 *   <li>{@code EGeneral:Permission denied}: the key lacks the WebSocket permission
 *       ({@code GetWebSocketsToken} needs "WebSocket interface").
 *   <li>{@link IllegalStateException}: a token source that can no longer work (a closed client of
 *       its own, an answer without a token).
 * </ul>
 *
 * <p>Everything else is transient: the network ({@code KrakenTransportException}), rate limits,
 * {@code EService:Unavailable} and {@code EService:Busy}, a nonce refused, and any other error.
 */
final class TokenFailures {
  private static final Set<String> PERMANENT_CODES =
      Set.of("EGeneral:Permission denied", "EAPI:Invalid key", "EAPI:Invalid signature");

  private TokenFailures() {
  }

  /** {@code failure} without the {@link CompletionException} or {@link ExecutionException} around it. */
  static Throwable unwrap(Throwable failure) {
    Throwable cause = failure;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  /** True if asking the token source again would fail the same way. */
  static boolean isPermanent(Throwable failure) {
    Throwable cause = unwrap(failure);
    if (cause instanceof KrakenClientException || cause instanceof AuthenticationException) return true;
    if (cause instanceof IllegalStateException) return true;
    if (cause instanceof KrakenServiceException service) {
      for (String error : service.errors()) {
        if (PERMANENT_CODES.contains(KrakenError.parse(error).code())) return true;
      }
    }
    return false;
  }
}
