package io.github.krakensdk.websocket;

import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.JsonRequest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** A live subscription of the engine tests' {@link WebSocketConnection}: its original request, sent again after every reconnect, until {@link #unsubscribe()}. */
final class Subscription {
  private final Connection<JsonRequest, Map<String, Object>> connection;
  private final Connection<JsonRequest, Map<String, Object>>.Sub sub;

  Subscription(Connection<JsonRequest, Map<String, Object>> connection,
      Connection<JsonRequest, Map<String, Object>>.Sub sub) {
    this.connection = connection;
    this.sub = sub;
  }

  /** The request as given to {@link WebSocketConnection#subscribe}: what a reconnect sends again. */
  public JsonRequest request() {
    return sub.request();
  }

  /** Messages merged into a queued one because the listener was behind ({@link Backpressure#COALESCE}). */
  public long coalesced() {
    return sub.coalesced();
  }

  /** Stops the subscription (no longer sent on reconnect); completes with the unsubscribe's acks. */
  public CompletableFuture<List<Map<String, Object>>> unsubscribe() {
    return connection.unsubscribe(sub);
  }

  @Override public String toString() {
    return "Subscription{" + sub.request() + "}";
  }
}
