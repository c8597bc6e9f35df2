package io.github.krakensdk.sandbox;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.sandbox.internal.SandboxTime;
import io.github.krakensdk.sandbox.internal.ws.Faults;
import io.github.krakensdk.sandbox.internal.ws.SpotWebSocketServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Faults injected into the sandbox's WebSocket server, for testing how a client survives them:
 * {@code sandbox.webSocket()}. Each applies to every connection of the server, whatever its
 * endpoint; durations run on the sandbox clock, so a test that advances the clock ends them. The
 * control plane's {@code /sandbox/v1/websocket/...} operations run this code.
 *
 * <pre>{@code
 * sandbox.webSocket().closeConnections(1006);                      // every connection dropped, no close frame
 * sandbox.webSocket().dropPongs(3);                                // the next 3 pings unanswered
 * sandbox.webSocket().corruptNextChecksum("book", "BTC/USD");     // the client must resubscribe
 * sandbox.webSocket().dropNextMessage("ledgers");                  // a sequence gap, recovered over REST
 * sandbox.webSocket().refuseConnections(Duration.ofSeconds(30), 503);
 * sandbox.webSocket().connectionAttempts();                        // {/auth/v2=2, /unified/v2/private=1, /v2=4}
 * }</pre>
 */
public final class WebSocketControls {
  private final SpotWebSocketServer server;
  private final SandboxTime time;

  WebSocketControls(SpotWebSocketServer server, SandboxTime time) {
    this.server = server;
    this.time = time;
  }

  /**
   * Closes every live connection with {@code code}: 1001 (going away) or 1008 (policy violation)
   * with a close frame, 1006 (abnormal) without one, the TCP connection reset.
   *
   * @return how many connections were closed
   */
  public int closeConnections(int code) {
    return server.closeConnections(null, code);
  }

  /**
   * As {@link #closeConnections(int)}, for the connections of one endpoint, named by its path as
   * {@link #connectionAttempts()} and {@link WebSocketEvent#endpoint()} name it: {@code /v2},
   * {@code /auth/v2}, {@code /l3/v2} (Spot WebSocket v2: {@link Sandbox#spotWebSocketUrl()} and
   * the others' paths), {@code /unified/v2/public} or {@code /unified/v2/private} (the Unified
   * WebSocket).
   *
   * @throws IllegalArgumentException for a path the server does not serve, or another code
   */
  public int closeConnections(String endpoint, int code) {
    return server.closeConnections(requireNonNull(endpoint, "endpoint == null"), code);
  }

  /** The pongs that answer the next {@code count} pings are sent {@code delay} late (on the sandbox clock). */
  public void delayPongs(Duration delay, int count) {
    faults().pongs(Faults.PongFault.LATE, positive(delay, "delay"), positive(count), null);
  }

  /** The pongs that answer pings during the next {@code during} are sent {@code delay} late. */
  public void delayPongsFor(Duration delay, Duration during) {
    faults().pongs(Faults.PongFault.LATE, positive(delay, "delay"), 0, time.clock().instant().plus(positive(during, "during")));
  }

  /** The next {@code count} pings get no pong. */
  public void dropPongs(int count) {
    faults().pongs(Faults.PongFault.MISSING, Duration.ZERO, positive(count), null);
  }

  /** Pings get no pong during the next {@code during}. */
  public void dropPongsFor(Duration during) {
    faults().pongs(Faults.PongFault.MISSING, Duration.ZERO, 0, time.clock().instant().plus(positive(during, "during")));
  }

  /**
   * The next message of {@code channel} ({@code book} or {@code level3}) for {@code symbol}
   * ({@code BTC/USD}), on whichever connection it goes first, carries a checksum one off the book's.
   */
  public void corruptNextChecksum(String channel, String symbol) {
    faults().corruptChecksum(channel, symbol);
  }

  /**
   * The next message of {@code channel}, a snapshot or an update, on whichever connection it is
   * sent first, is never sent, as a message lost between the service and the client. On a
   * channel with a {@code sequence} ({@code executions}, {@code balances}, Unified {@code
   * ledgers}) the client sees the gap in the next message's sequence and recovers over REST (the
   * dropped entries are there: {@code Ledgers}, {@code OpenOrders}, ...). Each call drops one
   * message.
   *
   * <pre>{@code
   * sandbox.webSocket().dropNextMessage("ledgers"); // the next ledgers update is lost
   * }</pre>
   *
   * @param channel a channel of either WebSocket ({@code book}, {@code ticker}, {@code ohlc},
   *     {@code trade}, {@code instrument}, {@code level3}, {@code executions}, {@code balances},
   *     {@code margin}, {@code positions}, {@code ledgers}, {@code status})
   */
  public void dropNextMessage(String channel) {
    faults().dropMessage(requireNonNull(channel, "channel == null"));
  }

  /** The next reply of {@code method} ({@code add_order}, {@code subscribe}, ...) is sent without its {@code result}. */
  public void omitNextResult(String method) {
    faults().omitResult(requireNonNull(method, "method == null"));
  }

  /** The next reply of any method that has a {@code result} is sent without it. */
  public void omitNextResult() {
    faults().omitResult(null);
  }

  /**
   * The server invalidates {@code token}: every request with it, on a new connection or one that
   * accepted it, is answered {@code ESession:Invalid session} as the service answers a token it
   * no longer takes. The client must ask GetWebSocketsToken for another.
   */
  public void invalidateToken(String token) {
    faults().revoke(requireNonNull(token, "token == null"));
  }

  /**
   * Every upgrade request is answered with HTTP {@code status} for {@code during} of sandbox time,
   * with a {@code Retry-After}: 503 (Service Unavailable, as the edge answers while the service is
   * down for maintenance) or 429 (Too Many Requests, as it answers a client over its connection
   * budget).
   */
  public void refuseConnections(Duration during, int status) {
    faults().refuse(positive(during, "during"), status);
  }

  /** Forgets every fault armed and not yet delivered (pongs held back are sent now); the log stays. */
  public void clearFaults() {
    faults().clear();
  }

  /** The log of upgrade requests and faults, oldest first (the last 10,000). */
  public List<WebSocketEvent> events() {
    return faults().events().stream()
        .map(event -> new WebSocketEvent(event.at(), event.endpoint(), event.kind(), event.detail())).toList();
  }

  /** Upgrade requests per endpoint path since the sandbox started, refused ones included. */
  public Map<String, Long> connectionAttempts() {
    return faults().attempts();
  }

  private Faults faults() {
    return server.faults();
  }

  private static Duration positive(Duration duration, String name) {
    requireNonNull(duration, name + " == null");
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException(name + " must be above zero, was " + duration);
    }
    return duration;
  }

  private static int positive(int count) {
    if (count <= 0) {
      throw new IllegalArgumentException("count must be above zero, was " + count);
    }
    return count;
  }

  @Override
  public String toString() {
    return "WebSocketControls";
  }
}
