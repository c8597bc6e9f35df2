package io.github.krakensdk.websocket;

import java.time.Duration;

/**
 * Sees each connection's life: opened, closed (with the close code and reason), a reconnect
 * scheduled after a delay, a wait for the connection budget, and the end when a close is terminal.
 * Bind it to a log or metrics:
 *
 * <pre>{@code
 * KrakenWebSocketClient ws = KrakenWebSocketClient.builder()
 *     .connectionListener(new ConnectionListener() {
 *       @Override public void reconnectScheduled(WebSocketEndpoint endpoint, Duration delay, String reason) {
 *         log.warn("{} reconnects in {}: {}", endpoint, delay, reason);
 *       }
 *     })
 *     .build();
 * }</pre>
 *
 * <p>Not the REST client's {@code CallListener}: its events are a call's attempts and outcome;
 * a socket that stays open for hours and reconnects has no call to report them on. Events of one
 * connection come in order, on whatever thread caused them (OkHttp's, the timer's, the caller's),
 * under the connection's lock: a listener must be quick, must not block, must not call the client,
 * and must not throw (what it throws is dropped). Every method does nothing unless overridden.
 */
public abstract class ConnectionListener {
  /** The listener that does nothing, the default. */
  public static final ConnectionListener NONE = new ConnectionListener() {
    @Override public String toString() {
      return "ConnectionListener.NONE";
    }
  };

  /** The upgrade succeeded; subscriptions are being sent again. */
  public void connected(WebSocketEndpoint endpoint) {}

  /**
   * The connection closed or failed: {@code code} is the close code (1006 for a network failure,
   * a refused upgrade or a missed pong, with the reason saying which).
   */
  public void disconnected(WebSocketEndpoint endpoint, int code, String reason) {}

  /** A reconnect will be tried after {@code delay} (backoff and budget included). */
  public void reconnectScheduled(WebSocketEndpoint endpoint, Duration delay, String reason) {}

  /** The connection budget is spent: the next attempt waits {@code wait}. */
  public void budgetWait(WebSocketEndpoint endpoint, Duration wait) {}

  /** The connection ended for good (1008, an upgrade refused with 401/403, or closed by the caller). */
  public void terminated(WebSocketEndpoint endpoint, String reason) {}
}
