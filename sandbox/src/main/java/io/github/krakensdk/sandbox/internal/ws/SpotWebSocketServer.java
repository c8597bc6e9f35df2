package io.github.krakensdk.sandbox.internal.ws;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.sandbox.WebSocketEvent;
import io.github.krakensdk.sandbox.internal.spot.exchange.Exchange;
import io.github.krakensdk.sandbox.internal.spot.exchange.StreamViews;
import io.github.krakensdk.sandbox.internal.ws.unified.DerivativesMarket;
import io.github.krakensdk.sandbox.internal.ws.unified.UnifiedWebSocket;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.nio.channels.SocketChannel;
import org.java_websocket.WebSocket;
import org.java_websocket.WebSocketImpl;
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
 *
 * <p>Every upgrade request passes {@link Faults#admit} (counted per path, refused while a test
 * says so) and every frame to a client {@link Faults#outgoing}, whatever connection class wrote
 * it: a connection routed here sends through {@code Server.send} and reads tokens through the
 * server's {@link Tokens}, so that the faults a test injects apply to it too.
 */
public final class SpotWebSocketServer implements Closeable {
  /** How often the exchange is read for changes. */
  static final Duration PUMP_INTERVAL = Duration.ofMillis(50);
  static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(1);
  /** How long a refused upgrade's answer may take to write before the connection is closed without it. */
  static final Duration REFUSAL_WRITE_LIMIT = Duration.ofMillis(5);

  /** The paths of the server's five endpoints: Spot WebSocket v2's three, then the Unified WebSocket's two. */
  public static final List<String> ENDPOINT_PATHS = List.of(Endpoint.PUBLIC.path, Endpoint.PRIVATE.path,
      Endpoint.LEVEL3.path, UnifiedWebSocket.PUBLIC_PATH, UnifiedWebSocket.PRIVATE_PATH);

  /** Where a token's account comes from: the account while the token may open a subscription, else empty. */
  public interface Tokens {
    Optional<String> account(String token);

    /** Whether the server invalidated {@code token}: even a connection that accepted it refuses it then. */
    default boolean revoked(String token) {
      return false;
    }
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
   * @param derivatives the derivatives market the Unified WebSocket serves (part of the sandbox's state)
   */
  public static SpotWebSocketServer start(int port, Exchange exchange, Tokens tokens, Runnable settleFunding,
      Clock clock, Duration idleTimeout, DerivativesMarket derivatives) {
    requireNonNull(exchange, "exchange == null");
    requireNonNull(tokens, "tokens == null");
    requireNonNull(settleFunding, "settleFunding == null");
    requireNonNull(clock, "clock == null");
    requireNonNull(idleTimeout, "idleTimeout == null");
    requireNonNull(derivatives, "derivatives == null");
    InetAddress address;
    try {
      String bind = System.getProperty("kraken.sandbox.bindAddress");
      address = bind == null ? InetAddress.getLoopbackAddress() : InetAddress.getByName(bind);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Server server = new Server(new InetSocketAddress(address, port), exchange, tokens, settleFunding, clock,
        derivatives);
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

  /** {@code ws://127.0.0.1:<port>/v2}: ticker, book, ohlc, trade, instrument. */
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

  /** The faults injected into this server, and its log of connection attempts. */
  public Faults faults() {
    return server.faults;
  }

  /**
   * Closes the live connections of {@code endpoint} (one of {@link #ENDPOINT_PATHS}; every
   * endpoint when null) with {@code code}: 1001 (going away) and 1008 (policy violation) with a close
   * frame, 1006 without one, the TCP connection reset as a dropped network would.
   *
   * @return how many connections were closed
   */
  public int closeConnections(String endpoint, int code) {
    if (endpoint != null && !ENDPOINT_PATHS.contains(endpoint)) {
      throw new IllegalArgumentException("endpoint must be one of " + ENDPOINT_PATHS + ", was " + endpoint);
    }
    if (!Faults.CLOSE_CODES.contains(code)) {
      throw new IllegalArgumentException("code must be one of 1001, 1006, 1008, was " + code);
    }
    int closed = server.closeAll(endpoint, code, code == CloseFrame.ABNORMAL_CLOSE ? "abrupt"
        : code == CloseFrame.POLICY_VALIDATION ? "closed by the sandbox: policy" : "closed by the sandbox: going away");
    server.faults.record(endpoint, WebSocketEvent.Kind.FAULT, "close " + code + ": " + closed + " connection" + (closed == 1 ? "" : "s"));
    return closed;
  }

  /**
   * Closes every live connection with 1012 (service restart) after the sandbox's state was reset
   * or imported: each subscription's last message describes a world that is gone (orders, books,
   * sequences), so the client reconnects, subscribes again and starts from fresh snapshots.
   */
  public void stateReplaced() {
    int closed = server.closeAll(null, 1012, "the sandbox state was replaced: subscribe again");
    server.faults.record(null, WebSocketEvent.Kind.RESET, "1012: " + closed + " connection" + (closed == 1 ? "" : "s"));
  }

  /** The path of a request's resource, its query and a trailing slash left out. */
  static String path(String resource) {
    String path = resource == null ? "" : resource;
    int query = path.indexOf('?');
    if (query >= 0) {
      path = path.substring(0, query);
    }
    if (path.length() > 1 && path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    return path;
  }

  /**
   * Writes {@code bytes} to {@code channel} on the selector thread, spinning while the channel
   * takes nothing, for {@code limit} at most: a client that does not read its refusal must not hold
   * the thread every connection is served on. Past the limit, or when the client went away, the
   * channel is closed unanswered.
   *
   * @return whether every byte was written
   */
  static boolean writeWithin(ByteChannel channel, ByteBuffer bytes, Duration limit) {
    long deadline = System.nanoTime() + limit.toNanos();
    try {
      while (bytes.hasRemaining()) {
        if (channel.write(bytes) == 0) {
          if (System.nanoTime() - deadline >= 0) {
            channel.close();
            return false;
          }
          Thread.onSpinWait();
        }
      }
      return true;
    } catch (IOException e) {
      try {
        channel.close(); // the client went away: nothing to answer
      } catch (IOException ignored) {
        // closed already
      }
      return false;
    }
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
    final Faults faults;

    Server(InetSocketAddress address, Exchange exchange, Tokens tokens, Runnable settleFunding, Clock clock,
        DerivativesMarket derivatives) {
      super(address);
      this.exchange = exchange;
      this.views = new StreamViews(exchange);
      this.faults = new Faults(clock);
      this.tokens = new Tokens() {
        @Override
        public Optional<String> account(String token) {
          return faults.revoked(token) ? Optional.empty() : tokens.account(token);
        }

        @Override
        public boolean revoked(String token) {
          return faults.revoked(token) || tokens.revoked(token);
        }
      };
      this.settleFunding = settleFunding;
      this.clock = clock;
      this.unified = new UnifiedWebSocket(exchange, views, this.tokens, settleFunding, clock, derivatives);
    }

    @Override
    public ServerHandshakeBuilder onWebsocketHandshakeReceivedAsServer(WebSocket socket, Draft draft,
        ClientHandshake request) throws InvalidDataException {
      int refusal = faults.admit(path(request.getResourceDescriptor()));
      if (refusal != 0) {
        refuse(socket, refusal);
        throw new InvalidDataException(CloseFrame.TRY_AGAIN_LATER, "refused by the sandbox: " + refusal);
      }
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

    /**
     * Answers an upgrade with an HTTP error before the library's own answer (it knows 404 and 500
     * only): the status line, a {@code Retry-After} and a short body, written straight to the socket.
     */
    private void refuse(WebSocket socket, int status) {
      String reason = status == 429 ? "Too Many Requests" : "Service Unavailable";
      String body = status + " " + reason + "\n";
      String response = "HTTP/1.1 " + status + " " + reason + "\r\n"
          + "Content-Type: text/plain\r\n"
          + "Retry-After: " + faults.refusalSeconds() + "\r\n"
          + "Content-Length: " + body.length() + "\r\n"
          + "Connection: close\r\n\r\n" + body;
      ByteBuffer bytes = ByteBuffer.wrap(response.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      writeWithin(((WebSocketImpl) socket).getChannel(), bytes, REFUSAL_WRITE_LIMIT);
    }

    /** Every frame to a client goes through here, so that the faults armed apply to any connection. */
    void send(WebSocket socket, String text) {
      faults.outgoing(path(socket.getResourceDescriptor()), text, frame -> write(socket, frame));
    }

    private static void write(WebSocket socket, String text) {
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

    int closeAll(String endpoint, int code, String reason) {
      int closed = 0;
      for (WebSocket socket : getConnections()) {
        if (endpoint != null && !endpoint.equals(path(socket.getResourceDescriptor())) || !socket.isOpen()) {
          continue;
        }
        if (code == CloseFrame.ABNORMAL_CLOSE) {
          WebSocketImpl impl = (WebSocketImpl) socket;
          try {
            if (impl.getChannel() instanceof SocketChannel channel) {
              channel.socket().setSoLinger(true, 0); // a reset, as a dropped network shows
            }
          } catch (IOException e) {
            // closing below anyway
          }
          impl.closeConnection(code, reason);
        } else {
          socket.close(code, reason);
        }
        closed++;
      }
      return closed;
    }

    void pump() {
      faults.releaseDue();
      unified.pump();
      for (Connection connection : connections.values()) {
        try {
          connection.poll(); // a feed's failure is logged there (FeedFailures), its other feeds polled
        } catch (RuntimeException e) {
          // one connection's failure must not stop the others' streams
          FeedFailures.LOGGER.log(java.util.logging.Level.WARNING, e,
              () -> "WebSocket connection " + connection.id + " at " + connection.endpoint.path + ": poll failed");
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
