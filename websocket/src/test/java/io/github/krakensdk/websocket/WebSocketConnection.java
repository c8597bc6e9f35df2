package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.JsonCodec;
import io.github.krakensdk.websocket.internal.JsonRequest;
import io.github.krakensdk.websocket.internal.Sink;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;

/**
 * The engine tests' harness: one endpoint's {@link Connection} on JSON trees ({@link JsonCodec}),
 * opened with a client's settings by {@link #open}: requests answered by futures, subscriptions
 * fed to listeners. Callers use the typed facades; this drives the engine without them.
 *
 * <pre>{@code
 * WebSocketConnection trading = WebSocketConnection.open(ws, WebSocketEndpoint.SPOT_PRIVATE);
 * Map<String, Object> reply = trading.send(JsonRequest.of("cancel_all", Map.of())).join().get(0);
 * Subscription executions = trading.subscribe(
 *     JsonRequest.subscribe("executions", Map.of("snap_orders", true)),
 *     message -> onExecution(message)).join();
 * }</pre>
 *
 * <p><b>Replies.</b> Each request goes out with a {@code req_id} unique in the client; its future
 * completes with every reply carrying that id (one per symbol of a subscribe or unsubscribe, one
 * per id of a {@code cancel_order}, else one), or fails on the first {@code success: false} with a
 * {@link io.github.krakensdk.errors.KrakenServiceException} holding the error string. Futures
 * complete on the client's completion executor, never on an OkHttp thread.
 *
 * <p><b>Drops.</b> A request sent before the socket dropped is failed with a {@link
 * io.github.krakensdk.errors.KrakenTransportException}; for an order method ({@code add_order},
 * {@code amend_order}, {@code edit_order}, {@code cancel_order}, {@code cancel_all}, {@code
 * cancel_all_orders_after}, {@code batch_add}, {@code batch_cancel}) its {@code outcomeUnknown()}
 * is true: it may have executed; it is never sent again (check {@code executions} or {@code
 * OpenOrders} first). A request made while disconnected waits and goes out when the connection
 * opens. Subscriptions are sent again, from their original requests, after every reconnect.
 */
final class WebSocketConnection {
  private static final JsonCodec CODEC = new JsonCodec();
  private static final Map<KrakenWebSocketClient, Map<WebSocketEndpoint, WebSocketConnection>> OPENED =
      new WeakHashMap<>();

  private final Connection<JsonRequest, Map<String, Object>> connection;

  /**
   * {@code client}'s JSON-tree connection to {@code endpoint}, opened on the first call for that
   * client and endpoint.
   *
   * @throws IllegalStateException if the endpoint is authenticated and the client has no {@link
   *     TokenSource}, or the client is closed.
   */
  static WebSocketConnection open(KrakenWebSocketClient client, WebSocketEndpoint endpoint) {
    synchronized (OPENED) {
      Map<WebSocketEndpoint, WebSocketConnection> connections =
          OPENED.computeIfAbsent(client, c -> new EnumMap<>(WebSocketEndpoint.class));
      WebSocketConnection existing = connections.get(endpoint);
      if (existing != null) return existing;
      WebSocketConnection opened = new WebSocketConnection(client.open(endpoint, CODEC, CODEC));
      connections.put(endpoint, opened);
      return opened;
    }
  }

  WebSocketConnection(Connection<JsonRequest, Map<String, Object>> connection) {
    this.connection = connection;
  }

  WebSocketEndpoint endpoint() {
    return connection.endpoint();
  }

  /**
   * Sends {@code request}; the future completes with its replies.
   *
   * @throws IllegalArgumentException for a {@code subscribe} or {@code unsubscribe}: they go
   *     through {@link #subscribe} and {@link Subscription#unsubscribe()}, which keep the
   *     subscriptions a reconnect sends again.
   */
  CompletableFuture<List<Map<String, Object>>> send(JsonRequest request) {
    return connection.send(requireNonNull(request, "request == null"));
  }

  /** Subscribes with the facades' default backpressure of the request's channel. */
  CompletableFuture<Subscription> subscribe(JsonRequest request, MessageListener listener) {
    requireNonNull(request, "request == null");
    return subscribe(request, listener, switch (String.valueOf(request.params().get("channel"))) {
      case "book", "level3", "ticker", "ohlc" -> Backpressure.COALESCE;
      default -> Backpressure.FAIL;
    });
  }

  /**
   * Subscribes with {@code request} (a {@code subscribe}); the future completes after one ack per
   * symbol, or fails on the first error. Messages reach {@code listener} one at a time through a
   * bounded queue handled by {@code backpressure}.
   */
  CompletableFuture<Subscription> subscribe(JsonRequest request, MessageListener listener,
      Backpressure backpressure) {
    requireNonNull(request, "request == null");
    requireNonNull(listener, "listener == null");
    requireNonNull(backpressure, "backpressure == null");
    Connection<JsonRequest, Map<String, Object>>.Sub sub = connection.subscribe(request, new Sink<>() {
      @Override public void onMessage(Map<String, Object> message) {
        listener.onMessage(message);
      }

      @Override public void onFailure(Throwable failure) {
        listener.onFailure(failure);
      }
    }, backpressure);
    Subscription subscription = new Subscription(connection, sub);
    return sub.acknowledged().thenApply(acknowledged -> subscription);
  }

  /** The live subscriptions' original requests, in subscribe order: what a reconnect sends. */
  List<JsonRequest> subscriptions() {
    return connection.subscriptionRequests();
  }

  @Override public String toString() {
    return "WebSocketConnection{" + endpoint() + "}";
  }
}
