package io.github.krakensdk.websocket;

/** The WebSocket endpoints: one connection each. Their URLs come from a {@link WebSocketEnvironment}. */
public enum WebSocketEndpoint {
  /** Spot v2 public data: ticker, book, ohlc, trade, instrument. */
  SPOT_PUBLIC(false),
  /** Spot v2 private: executions, balances and every trading method; a token on each request. */
  SPOT_PRIVATE(true),
  /** Spot v2 level-3 book; authenticated. */
  SPOT_LEVEL3(true),
  /** The Unified WebSocket's public channels. */
  UNIFIED_PUBLIC(false),
  /** The Unified WebSocket's private channels and methods; a Spot WebSocket token on each request. */
  UNIFIED_PRIVATE(true);

  private final boolean authenticated;

  WebSocketEndpoint(boolean authenticated) {
    this.authenticated = authenticated;
  }

  /** Whether requests carry {@code params.token}, fetched from the client's {@link TokenSource} per connection. */
  public boolean authenticated() {
    return authenticated;
  }
}
