package io.github.krakensdk.sandbox.internal.ws.unified;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.sandbox.internal.spot.exchange.Exchange;
import io.github.krakensdk.sandbox.internal.spot.exchange.StreamViews;
import io.github.krakensdk.sandbox.internal.ws.FeedFailures;
import io.github.krakensdk.sandbox.internal.ws.SpotWebSocketServer;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.java_websocket.WebSocket;

/**
 * The sandbox's Unified WebSocket, served by {@link SpotWebSocketServer} on its port at {@link
 * #PUBLIC_PATH} and {@link #PRIVATE_PATH} (the service's {@code wss://uws.kraken.com/v2/public} and
 * {@code /v2/private}), over the sandbox's derivatives market ({@link DerivativesMarket}) and the
 * Spot exchange's accounts (their tokens, balances and ledger).
 *
 * <pre>{@code
 * UnifiedWebSocket unified = new UnifiedWebSocket(exchange, views, tokens, settleFunding, clock, market);
 * if (UnifiedWebSocket.serves(handshake.getResourceDescriptor())) {
 *   unified.open(socket, handshake.getResourceDescriptor(), id, text -> socket.send(text));
 * }
 * }</pre>
 */
public final class UnifiedWebSocket {
  public static final String PUBLIC_PATH = "/unified/v2/public";
  public static final String PRIVATE_PATH = "/unified/v2/private";

  private final DerivativesMarket market;
  private final Exchange exchange;
  private final StreamViews views;
  private final SpotWebSocketServer.Tokens tokens;
  private final Runnable settleFunding;
  private final Clock clock;
  private final Map<WebSocket, UnifiedConnection> connections = new ConcurrentHashMap<>();

  /** Serves {@code market}, the sandbox's derivatives market (part of its state). */
  public UnifiedWebSocket(Exchange exchange, StreamViews views, SpotWebSocketServer.Tokens tokens,
      Runnable settleFunding, Clock clock, DerivativesMarket market) {
    this.exchange = requireNonNull(exchange, "exchange == null");
    this.views = requireNonNull(views, "views == null");
    this.tokens = requireNonNull(tokens, "tokens == null");
    this.settleFunding = requireNonNull(settleFunding, "settleFunding == null");
    this.clock = requireNonNull(clock, "clock == null");
    this.market = requireNonNull(market, "market == null");
  }

  /** Whether a request's path (its query left out) is one of the Unified WebSocket's two. */
  public static boolean serves(String resource) {
    return path(resource) != null;
  }

  private static String path(String resource) {
    String path = resource == null ? "" : resource;
    int query = path.indexOf('?');
    if (query >= 0) {
      path = path.substring(0, query);
    }
    if (path.length() > 1 && path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    return path.equals(PUBLIC_PATH) || path.equals(PRIVATE_PATH) ? path : null;
  }

  /** Starts a connection at {@code resource}: it sends {@code status} through {@code out}. */
  public void open(WebSocket socket, String resource, long id, Consumer<String> out) {
    UnifiedConnection connection = new UnifiedConnection(id, PRIVATE_PATH.equals(path(resource)), out, clock, market,
        exchange, views, tokens, settleFunding);
    connections.put(socket, connection);
    connection.opened();
  }

  /** Handles a text message; false when {@code socket} is no Unified connection. */
  public boolean receive(WebSocket socket, String text) {
    UnifiedConnection connection = connections.get(socket);
    if (connection == null) {
      return false;
    }
    connection.receive(text);
    return true;
  }

  public void closed(WebSocket socket) {
    connections.remove(socket);
  }

  /** Streams what changed to every connection. */
  public void pump() {
    for (UnifiedConnection connection : connections.values()) {
      try {
        connection.poll(); // a stream's failure is logged there (FeedFailures), its other streams polled
      } catch (RuntimeException e) {
        // one connection's failure must not stop the others' streams
        FeedFailures.LOGGER.log(java.util.logging.Level.WARNING, e,
            () -> "WebSocket connection " + connection.id() + " at " + connection.path() + ": poll failed");
      }
    }
  }

  /** Heartbeats to connections with a subscription; {@code idle} gets those silent and unsubscribed too long. */
  public void beat(long idleNanos, Consumer<WebSocket> idle) {
    long now = System.nanoTime();
    for (Map.Entry<WebSocket, UnifiedConnection> entry : connections.entrySet()) {
      UnifiedConnection connection = entry.getValue();
      if (connection.subscribed()) {
        connection.heartbeat();
      } else if (now - connection.lastReceived() > idleNanos) {
        idle.accept(entry.getKey());
      }
    }
  }
}
