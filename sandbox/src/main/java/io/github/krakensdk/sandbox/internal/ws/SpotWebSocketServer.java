package io.github.krakensdk.sandbox.internal.ws;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.sandbox.internal.spot.exchange.Exchange;
import io.github.krakensdk.sandbox.internal.spot.exchange.StreamViews;
import io.github.krakensdk.sandbox.internal.ws.unified.UnifiedWebSocket;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.java_websocket.WebSocket;
import org.java_websocket.drafts.Draft;
import org.java_websocket.exceptions.InvalidDataException;
import org.java_websocket.exceptions.WebsocketNotConnectedException;
import org.java_websocket.framing.CloseFrame;
import org.java_websocket.handshake.ClientHandshake;
import org.java_websocket.handshake.ServerHandshakeBuilder;
import org.java_websocket.server.WebSocketServer;

/**
 * The sandbox's Spot WebSocket v2 server, on its own port beside the HTTP server: the public
 * endpoint at {@code /v2}, the authenticated one at {@code /auth/v2} and level 3 at {@code /l3/v2}.
 * It streams the sandbox exchange itself: an order placed over REST moves the {@code book}, its
 * fills are {@code trade}s, and the account's orders, fills and ledger are {@code executions} and
 * {@code balances} for the tokens GetWebSocketsToken issued.
 *
 * <pre>{@code
 * SpotWebSocketServer ws = SpotWebSocketServer.start(0, exchange, tokens, settle, clock, Duration.ofSeconds(60));
 * ws.url(Endpoint.PUBLIC); // ws://127.0.0.1:<port>/v2
 * ws.close();
 * }</pre>
 *
 * <p>On connect a {@code status} message; once a connection has a subscription, a {@code heartbeat}
 * every second. The exchange is polled every {@link #PUMP_INTERVAL} for what changed (books, the tape,
 * the account): updates of one poll are sent as one message per subscription. A connection with no
 * subscription that sends nothing for the idle timeout is closed (1000, {@code idle}).
 */
public final class SpotWebSocketServer implements Closeable {
  /** How often the exchange is read for changes. */
  static final Duration PUMP_INTERVAL = Duration.ofMillis(50);
  static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(1);

  /** Where a token's account comes from: the account while the token may open a subscription, else empty. */
  public interface Tokens {
    Optional<String> account(String token);
  }

  private final Server server;
  private final ScheduledExecutorService timer;
  private final String host;

  private SpotWebSocketServer(Server server, ScheduledExecutorService timer, String host) {
    this.server = server;
    this.timer = timer;
    this.host = host;
  }

  /**
   * Starts serving on {@code port} (0 for a free one) of the sandbox's bind address ({@code
   * kraken.sandbox.bindAddress}, 127.0.0.1 by default).
   *
   * @param tokens the account of a WebSocket token still valid for a new subscription
   * @param settleFunding books the funding events due before the balances are read
   */
  public static SpotWebSocketServer start(int port, Exchange exchange, Tokens tokens, Runnable settleFunding,
      Clock clock, Duration idleTimeout) {
    requireNonNull(exchange, "exchange == null");
    requireNonNull(tokens, "tokens == null");
    requireNonNull(settleFunding, "settleFunding == null");
    requireNonNull(clock, "clock == null");
    requireNonNull(idleTimeout, "idleTimeout == null");
    InetAddress address;
    try {
      String bind = System.getProperty("kraken.sandbox.bindAddress");
      address = bind == null ? InetAddress.getLoopbackAddress() : InetAddress.getByName(bind);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Server server = new Server(new InetSocketAddress(address, port), exchange, tokens, settleFunding, clock);
    server.setReuseAddr(true);
    server.setDaemon(true);
    server.start();
    try {
      if (!server.started.await(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the WebSocket server did not start on port " + port);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    if (server.failure.get() != null) {
      throw new UncheckedIOException(new IOException("cannot start the WebSocket server on port " + port,
          server.failure.get()));
    }
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "kraken-sandbox-ws-pump");
      thread.setDaemon(true);
      return thread;
    });
    timer.scheduleWithFixedDelay(server::pump, PUMP_INTERVAL.toMillis(), PUMP_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    long idleNanos = idleTimeout.toNanos();
    timer.scheduleAtFixedRate(() -> server.beat(idleNanos), HEARTBEAT_INTERVAL.toMillis(),
        HEARTBEAT_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    String host = address.isAnyLocalAddress() ? "127.0.0.1" : address.getHostAddress();
    return new SpotWebSocketServer(server, timer, host);
  }

  /** The port the server listens on. */
  public int port() {
    return server.getPort();
  }

  /** {@code ws://127.0.0.1:<port>/v2}: ticker, book, trade, instrument. */
  public URI publicUrl() {
    return url(Endpoint.PUBLIC);
  }

  /** {@code ws://127.0.0.1:<port>/auth/v2}: executions, balances (a token in {@code params.token}). */
  public URI privateUrl() {
    return url(Endpoint.PRIVATE);
  }

  /** {@code ws://127.0.0.1:<port>/l3/v2}: level3 (a token in {@code params.token}). */
  public URI level3Url() {
    return url(Endpoint.LEVEL3);
  }

  /** {@code ws://127.0.0.1:<port>/unified/v2/public}: the Unified WebSocket's public channels (derivatives). */
  public URI unifiedPublicUrl() {
    return URI.create("ws://" + host + ":" + port() + UnifiedWebSocket.PUBLIC_PATH);
  }

  /** {@code ws://127.0.0.1:<port>/unified/v2/private}: the Unified WebSocket's account channels and trading. */
  public URI unifiedPrivateUrl() {
    return URI.create("ws://" + host + ":" + port() + UnifiedWebSocket.PRIVATE_PATH);
  }

  URI url(Endpoint endpoint) {
    return URI.create("ws://" + host + ":" + port() + endpoint.path);
  }

  /** Closes every connection (1001, going away) and stops serving. */
  @Override
  public void close() {
    timer.shutdownNow();
    try {
      server.stop(1000, "the sandbox stops");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static final class Server extends WebSocketServer {
    final CountDownLatch started = new CountDownLatch(1);
    final AtomicReference<Exception> failure = new AtomicReference<>();
    private final Exchange exchange;
    private final StreamViews views;
    private final Tokens tokens;
    private final Runnable settleFunding;
    private final Clock clock;
    private final AtomicLong ids = new AtomicLong(8_127_455_243_210_000_000L);
    private final Map<WebSocket, Connection> connections = new ConcurrentHashMap<>();
    /** The Unified WebSocket at /unified/v2/public and /unified/v2/private (its own connections). */
    private final UnifiedWebSocket unified;

    Server(InetSocketAddress address, Exchange exchange, Tokens tokens, Runnable settleFunding, Clock clock) {
      super(address);
      this.exchange = exchange;
      this.views = new StreamViews(exchange);
      this.tokens = tokens;
      this.settleFunding = settleFunding;
      this.clock = clock;
      this.unified = new UnifiedWebSocket(exchange, views, tokens, settleFunding, clock);
    }

    @Override
    public ServerHandshakeBuilder onWebsocketHandshakeReceivedAsServer(WebSocket socket, Draft draft,
        ClientHandshake request) throws InvalidDataException {
      if (Endpoint.at(request.getResourceDescriptor()).isEmpty() && !UnifiedWebSocket.serves(request.getResourceDescriptor())) {
        throw new InvalidDataException(CloseFrame.POLICY_VALIDATION,
            "no WebSocket endpoint at " + request.getResourceDescriptor()
                + " (/v2, /auth/v2, /l3/v2, /unified/v2/public, /unified/v2/private)");
      }
      return super.onWebsocketHandshakeReceivedAsServer(socket, draft, request);
    }

    @Override
    public void onOpen(WebSocket socket, ClientHandshake handshake) {
      if (UnifiedWebSocket.serves(handshake.getResourceDescriptor())) {
        unified.open(socket, handshake.getResourceDescriptor(), ids.incrementAndGet(), text -> send(socket, text));
        return;
      }
      Optional<Endpoint> endpoint = Endpoint.at(handshake.getResourceDescriptor());
      if (endpoint.isEmpty()) {
        socket.close(CloseFrame.POLICY_VALIDATION, "no endpoint");
        return;
      }
      Connection connection = new Connection(ids.incrementAndGet(), endpoint.get(), text -> send(socket, text), clock,
          exchange, views, tokens, settleFunding);
      connections.put(socket, connection);
      connection.opened();
    }

    private static void send(WebSocket socket, String text) {
      try {
        socket.send(text);
      } catch (WebsocketNotConnectedException e) {
        // closed meanwhile: onClose forgets the connection
      }
    }

    @Override
    public void onMessage(WebSocket socket, String message) {
      if (unified.receive(socket, message)) {
        return;
      }
      Connection connection = connections.get(socket);
      if (connection != null) {
        connection.receive(message);
      }
    }

    @Override
    public void onMessage(WebSocket socket, ByteBuffer message) {
      socket.close(CloseFrame.UNEXPECTED_CONDITION, "binary messages are not part of the API: send JSON text");
    }

    @Override
    public void onClose(WebSocket socket, int code, String reason, boolean remote) {
      connections.remove(socket);
      unified.closed(socket);
    }

    @Override
    public void onError(WebSocket socket, Exception e) {
      if (socket == null) {
        failure.compareAndSet(null, e);
        started.countDown();
      }
    }

    @Override
    public void onStart() {
      started.countDown();
    }

    void pump() {
      unified.pump();
      for (Connection connection : connections.values()) {
        try {
          connection.poll();
        } catch (RuntimeException e) {
          // one connection's failure must not stop the others' streams
        }
      }
    }

    void beat(long idleNanos) {
      unified.beat(idleNanos, socket -> socket.close(CloseFrame.NORMAL, "idle"));
      long now = System.nanoTime();
      for (Map.Entry<WebSocket, Connection> entry : connections.entrySet()) {
        Connection connection = entry.getValue();
        if (connection.subscribed()) {
          connection.heartbeat();
        } else if (now - connection.lastReceived() > idleNanos) {
          entry.getKey().close(CloseFrame.NORMAL, "idle");
        }
      }
    }
  }
}
