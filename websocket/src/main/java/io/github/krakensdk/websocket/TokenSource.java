package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.KrakenClient;
import java.util.concurrent.CompletableFuture;

/**
 * Where an authenticated connection gets its token: once per connection, so every reconnect and
 * every refresh after {@code ESession:Invalid session} asks again (Kraken: "obtain a fresh token on
 * each connection"). The token is a secret; the connection never logs it.
 *
 * <pre>{@code
 * KrakenWebSocketClient ws = KrakenWebSocketClient.builder()
 *     .tokenSource(TokenSource.spot(kraken)) // GetWebSocketsToken with the client's Spot key
 *     .build();
 * }</pre>
 */
@FunctionalInterface
public interface TokenSource {
  /**
   * A fresh token. Called on the client's scheduler (or on the thread of the call that first uses
   * a connection), never on OkHttp's threads; the connection waits for this method (not for the
   * future) to return, so it should return at once. The future may complete on any thread.
   */
  CompletableFuture<String> token();

  /**
   * Tokens from {@code kraken}'s Spot key ({@code GetWebSocketsToken}; the key needs the WebSocket
   * permission). The Unified WebSocket takes the same Spot token.
   */
  static TokenSource spot(KrakenClient kraken) {
    requireNonNull(kraken, "kraken == null");
    return () -> kraken.spot().getWebSocketsTokenAsync().thenApply(token -> {
      if (token.token() == null) throw new IllegalStateException("GetWebSocketsToken answered without a token");
      return token.token();
    });
  }
}
