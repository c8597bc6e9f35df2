package io.github.krakensdk.sandbox.internal.ws;

import java.util.List;
import java.util.Optional;

/**
 * The three endpoints of Spot WebSocket v2, each on its own path of the sandbox's WebSocket port
 * (the service puts them on three hosts, each at {@code /v2}): which channels each serves and
 * whether its requests carry a token.
 */
enum Endpoint {
  /** {@code wss://ws.kraken.com/v2}: public market data. */
  PUBLIC("/v2", List.of("book", "ticker", "ohlc", "trade", "instrument")),
  /** {@code wss://ws-auth.kraken.com/v2}: the account's executions and balances, with a token. */
  PRIVATE("/auth/v2", List.of("executions", "balances")),
  /** {@code wss://ws-l3.kraken.com/v2}: the order-by-order book, with a token. */
  LEVEL3("/l3/v2", List.of("level3"));

  final String path;
  final List<String> channels;

  Endpoint(String path, List<String> channels) {
    this.path = path;
    this.channels = channels;
  }

  /** The endpoint at a request's path (its query left out), if any. */
  static Optional<Endpoint> at(String resource) {
    String path = resource == null ? "" : resource;
    int query = path.indexOf('?');
    if (query >= 0) {
      path = path.substring(0, query);
    }
    if (path.length() > 1 && path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    for (Endpoint endpoint : values()) {
      if (endpoint.path.equals(path)) {
        return Optional.of(endpoint);
      }
    }
    return Optional.empty();
  }
}
