package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.runtime.call.CallListener;
import io.github.krakensdk.runtime.validation.Constraints;
import io.github.krakensdk.websocket.internal.BookFeed;
import io.github.krakensdk.websocket.internal.JsonCodec;
import io.github.krakensdk.websocket.internal.Level3Feed;
import io.github.krakensdk.websocket.internal.ModelCodec;
import io.github.krakensdk.websocket.internal.ReqIds;
import io.github.krakensdk.websocket.internal.Scheduler;
import io.github.krakensdk.websocket.internal.SystemScheduler;
import io.github.krakensdk.websocket.internal.model.BookSubscribeRequest;
import io.github.krakensdk.websocket.internal.model.Level3SubscribeRequest;
import io.github.krakensdk.websocket.internal.model.WebSocketRequests;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import io.github.krakensdk.websocket.model.BookSubscribeParams;
import io.github.krakensdk.websocket.model.Level3SubscribeParams;
import java.io.Closeable;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import okhttp3.OkHttpClient;

/**
 * Kraken's WebSocket APIs (Spot v2 and the Unified WebSocket): one connection per {@link
 * WebSocketEndpoint}, opened on first use and kept open.
 *
 * <pre>{@code
 * try (KrakenClient kraken = KrakenClient.builder().spotCredentials(credentials).build();
 *      KrakenWebSocketClient ws = KrakenWebSocketClient.builder()
 *          .tokenSource(TokenSource.spot(kraken))
 *          .build()) {
 *   Subscription book = ws.connection(WebSocketEndpoint.SPOT_PUBLIC)
 *       .subscribe(JsonRequest.subscribe("book", Map.of("symbol", List.of("BTC/USD"), "depth", 10)),
 *           message -> render(message))
 *       .join();
 * }
 * }</pre>
 *
 * <p><b>Order books.</b> {@link #orderBooks} keeps the books of a {@code book} subscription, each
 * checked by Kraken's CRC32 after every message and resynchronised on its own after a mismatch:
 *
 * <pre>{@code
 * OrderBookSubscription books = ws.orderBooks(params -> params.symbol(List.of("BTC/USD", "ETH/USD")),
 *     book -> render(book.symbol(), book.bestBid(), book.bestAsk())).join();
 * }</pre>
 *
 * <p>{@link #level3Books} does the same for the order-by-order {@code level3} channel, on the
 * authenticated level-3 endpoint.
 *
 * <p><b>Connections.</b> Each connection pings ({@code {"method":"ping"}}) every {@link
 * Builder#pingInterval ping interval} and reconnects when the pong does not come within the {@link
 * Builder#pongTimeout pong timeout}. It reconnects after any close or failure with jittered backoff
 * within the connection budget ({@link ReconnectPolicy}), except a close with 1008 or an upgrade
 * refused with HTTP 401/403, which end it. An authenticated endpoint fetches a token from the
 * {@link TokenSource} for every connection and puts it in {@code params.token} of every request;
 * {@code ESession:Invalid session} fetches a new one and reconnects (a subscribe it refused is sent
 * once more). The {@link CallListener} sees all of it ({@link CallListener#connectionEvent}), and
 * every method call as one attempt and one call, as REST's.
 *
 * <p><b>Why listeners and not {@code Flow.Publisher}.</b> A channel is a push feed: the service
 * does not slow down for a slow reader, so {@code Flow}'s demand ({@code request(n)}) could only
 * buffer or drop, and the choice between those is the real decision. It is made here, explicitly,
 * per subscription ({@link Backpressure}: books coalesce, executions never drop but fail loudly),
 * over a bounded queue drained one message at a time on the completion executor. A listener is
 * one lambda; a caller who wants a {@code Flow.Publisher} can put a {@code SubmissionPublisher} in
 * it and choose its own buffer.
 *
 * <p><b>Threads.</b> Instances are thread-safe. Futures complete and listeners run on the {@link
 * Builder#completionExecutor completion executor} (a client-owned pool by default), never on an
 * OkHttp thread. {@link #close()} closes every connection (orders in flight fail as
 * outcome-unknown) and releases what the client owns.
 */
public final class KrakenWebSocketClient implements Closeable {
  private final WebSocketEnvironment environment;
  private final TokenSource tokenSource;
  private final ReconnectPolicy reconnectPolicy;
  private final RandomGenerator random;
  private final Duration pingInterval;
  private final Duration pongTimeout;
  private final CallListener callListener;
  private final Duration replyTimeout;
  private final int queueCapacity;
  private final OkHttpClient http;
  private final Executor completion;
  private final ExecutorService ownedCompletion;
  private final Scheduler scheduler;
  private final SystemScheduler ownedScheduler;
  private final ReqIds reqIds = new ReqIds();
  private final JsonCodec codec = new JsonCodec();
  private final Map<WebSocketEndpoint, WebSocketConnection> connections = new EnumMap<>(WebSocketEndpoint.class);
  private final Map<WebSocketEndpoint, Connection<JsonRequest, Map<String, Object>>> engines =
      new EnumMap<>(WebSocketEndpoint.class);
  private final ModelCodec models = new ModelCodec();
  private final Map<WebSocketEndpoint, Connection<WsRequest, WsMessage>> modelEngines =
      new EnumMap<>(WebSocketEndpoint.class);
  private boolean closed;

  private KrakenWebSocketClient(Builder builder) {
    // Copied: a builder changed after build() does not change the client.
    this.environment = builder.environment;
    this.tokenSource = builder.tokenSource;
    this.reconnectPolicy = builder.reconnectPolicy;
    this.random = builder.random;
    this.pingInterval = builder.pingInterval;
    this.pongTimeout = builder.pongTimeout;
    this.callListener = builder.callListener;
    this.replyTimeout = builder.replyTimeout;
    this.queueCapacity = builder.queueCapacity;
    // Kraken's liveness is the application ping; OkHttp's protocol pings would be a second clock.
    this.http = (builder.httpClient != null ? builder.httpClient.newBuilder() : new OkHttpClient.Builder())
        .pingInterval(Duration.ZERO)
        .build();
    this.ownedCompletion = builder.completionExecutor == null ? newCompletionExecutor() : null;
    this.completion = builder.completionExecutor != null ? builder.completionExecutor : ownedCompletion;
    this.ownedScheduler = builder.scheduler == null ? new SystemScheduler("kraken-websocket-timer") : null;
    this.scheduler = builder.scheduler != null ? builder.scheduler : ownedScheduler;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * The connection to {@code endpoint}, opened on the first call.
   *
   * @throws IllegalStateException if the endpoint is authenticated and the client has no {@link
   *     TokenSource}, or the client is closed.
   */
  public synchronized WebSocketConnection connection(WebSocketEndpoint endpoint) {
    requireNonNull(endpoint, "endpoint == null");
    if (closed) throw new IllegalStateException("the client is closed");
    WebSocketConnection existing = connections.get(endpoint);
    if (existing != null) return existing;
    Connection<JsonRequest, Map<String, Object>> engine = new Connection<>(endpoint,
        environment.url(endpoint), http, codec, codec, tokenSource, completion, scheduler, reconnectPolicy, random,
        pingInterval, pongTimeout, replyTimeout, callListener, reqIds, queueCapacity);
    WebSocketConnection connection = new WebSocketConnection(engine);
    engines.put(endpoint, engine);
    connections.put(endpoint, connection);
    engine.start();
    return connection;
  }

  /**
   * Subscribes to the {@code book} channel of Spot's public endpoint for {@code params}' symbols and
   * keeps one order book per symbol, checked by Kraken's CRC32 after every message; {@code
   * listener} gets each book whose checksum matched, and each mismatch, after which that symbol
   * alone is unsubscribed and subscribed again. The future completes after one ack per symbol.
   *
   * <pre>{@code
   * OrderBookSubscription books = ws.orderBooks(
   *     BookSubscribeParams.builder().symbol(List.of("BTC/USD")).depth(BookDepth.NUMBER_10).build(),
   *     book -> System.out.println(book.bestBid() + " / " + book.bestAsk())).join();
   * }</pre>
   *
   * <p>The books run on their own connection to {@link WebSocketEndpoint#SPOT_PUBLIC}, on the
   * generated message models, beside the one of {@link #connection} (JSON trees).
   *
   * @throws io.github.krakensdk.errors.ConstraintViolationException if {@code params} breaks the
   *     contract (no {@code symbol}, say), before anything is sent
   */
  public CompletableFuture<OrderBookSubscription> orderBooks(BookSubscribeParams params, OrderBookListener listener) {
    requireNonNull(params, "params == null");
    requireNonNull(listener, "listener == null");
    // req_id is the connection's: the request is built with a placeholder and checked on its params.
    BookSubscribeRequest request = WebSocketRequests.bookSubscribe(params, 1L);
    Constraints constraints = Constraints.create();
    request.validate(constraints);
    constraints.throwIfAny("subscribe");
    BookFeed feed = new BookFeed(request, models, listener);
    Connection<WsRequest, WsMessage> engine = modelConnection(WebSocketEndpoint.SPOT_PUBLIC);
    Connection<WsRequest, WsMessage>.Sub sub = feed.subscribe(engine);
    OrderBookSubscription subscription = new OrderBookSubscription(engine, sub, feed);
    return sub.acknowledged().thenApply(acknowledged -> subscription);
  }

  /** {@link #orderBooks(BookSubscribeParams, OrderBookListener)} with params built by {@code params}. */
  public CompletableFuture<OrderBookSubscription> orderBooks(Consumer<BookSubscribeParams.Builder> params,
      OrderBookListener listener) {
    requireNonNull(params, "params == null");
    BookSubscribeParams.Builder builder = BookSubscribeParams.builder();
    params.accept(builder);
    return orderBooks(builder.build(), listener);
  }

  /**
   * Subscribes to the {@code level3} channel of Spot's level-3 endpoint (authenticated: the
   * connection's token goes into every request) for {@code params}' symbols and keeps one
   * order-by-order book per symbol, checked by Kraken's level-3 CRC32 after every snapshot and
   * update; {@code listener} gets each book whose checksum matched, and each mismatch, after which
   * that symbol alone is unsubscribed and subscribed again. The future completes after one ack per
   * symbol.
   *
   * <pre>{@code
   * Level3BookSubscription books = ws.level3Books(
   *     Level3SubscribeParams.builder().symbol(List.of("BTC/USD")).depth(Level3Depth.NUMBER_10).build(),
   *     book -> System.out.println(book.asks().get(0) + " / " + book.bids().get(0))).join();
   * }</pre>
   *
   * <p>{@code params.token} is left unset: the connection's own token is put in on the way out. The
   * books run on their own connection to {@link WebSocketEndpoint#SPOT_LEVEL3}, on the generated
   * message models.
   *
   * @throws io.github.krakensdk.errors.ConstraintViolationException if {@code params} breaks the
   *     contract (no {@code symbol}, say), before anything is sent
   * @throws IllegalStateException if the client has no {@link TokenSource}
   */
  public CompletableFuture<Level3BookSubscription> level3Books(Level3SubscribeParams params,
      Level3BookListener listener) {
    requireNonNull(params, "params == null");
    requireNonNull(listener, "listener == null");
    Level3SubscribeRequest request = WebSocketRequests.level3Subscribe(params, 1L);
    // Checked as it will be sent: with the connection's req_id and token, here placeholders.
    Constraints constraints = Constraints.create();
    WebSocketRequests.level3Subscribe(params.toBuilder().token("token").build(), 1L).validate(constraints);
    constraints.throwIfAny("subscribe");
    Level3Feed feed = new Level3Feed(request, models, listener);
    Connection<WsRequest, WsMessage> engine = modelConnection(WebSocketEndpoint.SPOT_LEVEL3);
    Connection<WsRequest, WsMessage>.Sub sub = feed.subscribe(engine);
    Level3BookSubscription subscription = new Level3BookSubscription(engine, sub, feed);
    return sub.acknowledged().thenApply(acknowledged -> subscription);
  }

  /** {@link #level3Books(Level3SubscribeParams, Level3BookListener)} with params built by {@code params}. */
  public CompletableFuture<Level3BookSubscription> level3Books(Consumer<Level3SubscribeParams.Builder> params,
      Level3BookListener listener) {
    requireNonNull(params, "params == null");
    Level3SubscribeParams.Builder builder = Level3SubscribeParams.builder();
    params.accept(builder);
    return level3Books(builder.build(), listener);
  }

  /** The connection to {@code endpoint} on the generated models, opened on the first call. */
  synchronized Connection<WsRequest, WsMessage> modelConnection(WebSocketEndpoint endpoint) {
    requireNonNull(endpoint, "endpoint == null");
    if (closed) throw new IllegalStateException("the client is closed");
    Connection<WsRequest, WsMessage> existing = modelEngines.get(endpoint);
    if (existing != null) return existing;
    Connection<WsRequest, WsMessage> engine = new Connection<>(endpoint, environment.url(endpoint), http, models,
        models, tokenSource, completion, scheduler, reconnectPolicy, random, pingInterval, pongTimeout,
        replyTimeout, callListener, reqIds, queueCapacity);
    modelEngines.put(endpoint, engine);
    engine.start();
    return engine;
  }

  @Override public void close() {
    synchronized (this) {
      if (closed) return;
      closed = true;
    }
    for (Connection<JsonRequest, Map<String, Object>> engine : engines.values()) engine.close();
    for (Connection<WsRequest, WsMessage> engine : modelEngines.values()) engine.close();
    if (ownedScheduler != null) ownedScheduler.shutdown();
    if (ownedCompletion != null) ownedCompletion.shutdown();
  }

  @Override public String toString() {
    return "KrakenWebSocketClient{" + environment + "}";
  }

  private static ExecutorService newCompletionExecutor() {
    AtomicInteger count = new AtomicInteger();
    return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), runnable -> {
      Thread thread = new Thread(runnable, "kraken-websocket-completion-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
  }

  public static final class Builder {
    private WebSocketEnvironment environment = WebSocketEnvironment.PRODUCTION;
    private OkHttpClient httpClient;
    private TokenSource tokenSource;
    private Executor completionExecutor;
    private ReconnectPolicy reconnectPolicy = ReconnectPolicy.defaults();
    private Duration pingInterval = Duration.ofSeconds(30);
    private Duration pongTimeout = Duration.ofSeconds(10);
    private CallListener callListener = CallListener.NONE;
    private Duration replyTimeout = Duration.ofSeconds(10);
    private int queueCapacity = 1024;
    private Scheduler scheduler;
    private RandomGenerator random = RandomGenerator.getDefault();

    private Builder() {
    }

    /** Where the endpoints are; {@link WebSocketEnvironment#PRODUCTION} by default. */
    public Builder environment(WebSocketEnvironment environment) {
      this.environment = requireNonNull(environment, "environment == null");
      return this;
    }

    /**
     * The OkHttp client to share (its dispatcher, connection pool, proxy); the client's own
     * protocol pings are turned off in the copy used, since the liveness check is Kraken's ping.
     */
    public Builder httpClient(OkHttpClient httpClient) {
      this.httpClient = requireNonNull(httpClient, "httpClient == null");
      return this;
    }

    /** Tokens for the authenticated endpoints, such as {@link TokenSource#spot}; none by default. */
    public Builder tokenSource(TokenSource tokenSource) {
      this.tokenSource = requireNonNull(tokenSource, "tokenSource == null");
      return this;
    }

    /** Where futures complete and listeners run; a client-owned pool by default. */
    public Builder completionExecutor(Executor executor) {
      this.completionExecutor = requireNonNull(executor, "executor == null");
      return this;
    }

    /** How connections come back; {@link ReconnectPolicy#defaults()} by default. */
    public Builder reconnectPolicy(ReconnectPolicy reconnectPolicy) {
      this.reconnectPolicy = requireNonNull(reconnectPolicy, "reconnectPolicy == null");
      return this;
    }

    /** How often each connection pings; more than zero. Default 30 seconds. */
    public Builder pingInterval(Duration pingInterval) {
      this.pingInterval = positive("pingInterval", pingInterval);
      return this;
    }

    /** How long a pong may take before the connection is dropped and reconnected; more than zero. Default 10 seconds. */
    public Builder pongTimeout(Duration pongTimeout) {
      this.pongTimeout = positive("pongTimeout", pongTimeout);
      return this;
    }

    /**
     * The SDK's one listener ({@code KrakenClient}'s too): each connection's life as {@link
     * CallListener#connectionEvent}, each method call as {@code attemptEnd} and {@code callEnd}.
     * {@link CallListener#NONE} by default.
     */
    public Builder callListener(CallListener callListener) {
      this.callListener = requireNonNull(callListener, "callListener == null");
      return this;
    }

    /**
     * How long a request may wait for its reply before it fails (an order method as
     * outcome-unknown, never sent again; a subscribe recycles the connection once); more than zero.
     * Default 10 seconds, the pong timeout's: Kraken answers in milliseconds, and a reply slower
     * than a pong may be means a connection in trouble. Raise it for orders whose {@code deadline}
     * is further away.
     */
    public Builder replyTimeout(Duration replyTimeout) {
      this.replyTimeout = positive("replyTimeout", replyTimeout);
      return this;
    }

    /** Messages a subscription holds for a listener that is behind; at least 1. Default 1024. */
    public Builder subscriptionQueueCapacity(int capacity) {
      if (capacity < 1) throw new IllegalArgumentException("subscriptionQueueCapacity must be at least 1: " + capacity);
      this.queueCapacity = capacity;
      return this;
    }

    /** The clock and timers (tests use a fake one). */
    Builder scheduler(Scheduler scheduler) {
      this.scheduler = requireNonNull(scheduler, "scheduler == null");
      return this;
    }

    /** The backoff's jitter (tests use a seeded one). */
    Builder random(RandomGenerator random) {
      this.random = requireNonNull(random, "random == null");
      return this;
    }

    public KrakenWebSocketClient build() {
      return new KrakenWebSocketClient(this);
    }

    private static Duration positive(String name, Duration value) {
      requireNonNull(value, name + " == null");
      if (value.isNegative() || value.isZero()) throw new IllegalArgumentException(name + " must be more than zero: " + value);
      return value;
    }
  }
}
