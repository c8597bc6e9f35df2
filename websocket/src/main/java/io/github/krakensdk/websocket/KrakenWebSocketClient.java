package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.ConnectionBudget;
import io.github.krakensdk.runtime.call.CallListener;
import io.github.krakensdk.runtime.validation.Constraints;
import io.github.krakensdk.websocket.internal.BookFeed;
import io.github.krakensdk.websocket.internal.FrameDispatcher;
import io.github.krakensdk.websocket.internal.Level3Feed;
import io.github.krakensdk.websocket.internal.ModelCodec;
import io.github.krakensdk.websocket.internal.ReqIds;
import io.github.krakensdk.websocket.internal.RequestWriter;
import io.github.krakensdk.websocket.internal.Scheduler;
import io.github.krakensdk.websocket.internal.SerialExecutor;
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
import io.github.krakensdk.websocket.internal.Sink;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import okhttp3.OkHttpClient;

/**
 * Kraken's WebSocket APIs, typed from the contract ({@code api-spec/ws/websocket.yaml}): {@link
 * #spot()} for Spot WebSocket v2 and {@link #unified()} for the Unified WebSocket, each with a
 * method per channel and per trading method. One connection per {@link WebSocketEndpoint}, opened
 * on first use and kept open.
 *
 * <pre>{@code
 * try (KrakenClient kraken = KrakenClient.builder().spotCredentials(credentials).build();
 *      KrakenWebSocketClient ws = KrakenWebSocketClient.builder()
 *          .tokenSource(TokenSource.spot(kraken))
 *          .build()) {
 *   ChannelSubscription tickers = ws.spot().ticker(params -> params.symbol(List.of("BTC/USD")),
 *       message -> message.data().forEach(ticker -> render(ticker.symbol(), ticker.last()))).join();
 *   AddOrderResult placed = ws.spot().addOrder(order -> order
 *       .orderType(OrderType.LIMIT).side(Side.BUY).symbol("BTC/USD")
 *       .orderQty(new BigDecimal("0.01")).limitPrice(new BigDecimal("30000"))).join();
 *   tickers.close(); // unsubscribes
 * }
 * }</pre>
 *
 * <p><b>Order books.</b> {@code book} and {@code level3} keep one book per pair, each checked by
 * Kraken's CRC32 after every message and resynchronised on its own after a mismatch:
 *
 * <pre>{@code
 * OrderBookSubscription books = ws.spot().book(params -> params.symbol(List.of("BTC/USD", "ETH/USD")),
 *     book -> render(book.symbol(), book.bestBid(), book.bestAsk())).join();
 * }</pre>
 *
 * <p><b>Numbered channels.</b> {@code ledgers} (Unified), {@code executions} and {@code balances}
 * number their messages; a gap reaches the listener as a {@link SequenceGap} naming the lost range
 * and the REST call that recovers it. The count starts again on every connection, which is no gap.
 *
 * <p><b>Why {@code spot()} and {@code unified()}.</b> They name Kraken's two WebSocket products as
 * {@code KrakenClient.spot()} and {@code futures()} name its REST ones; each facade is generated
 * from the endpoints of its family in the contract ({@code spot-*}, {@code unified-*}), so a
 * channel added there appears on the right facade without a hand-written line.
 *
 * <p><b>Connections.</b> Each connection pings ({@code {"method":"ping"}}) every {@link
 * Builder#pingInterval ping interval} and reconnects when the pong does not come within the {@link
 * Builder#pongTimeout pong timeout}. It reconnects after any close or failure with jittered backoff
 * within the connection budget ({@link ReconnectPolicy}), except a close with 1008 or an upgrade
 * refused with HTTP 401/403, which end it. An authenticated endpoint fetches a token from the
 * {@link TokenSource} for every connection and puts it in {@code params.token} of every request
 * whose contract schema takes one (no params model carries it); {@code ESession:Invalid session}
 * fetches a new one and reconnects (a subscribe it refused is sent once more). Every live subscription is sent again from its original request after a reconnect;
 * an order request in flight when the socket drops fails as outcome-unknown and is never re-sent.
 * The {@link CallListener} sees all of it ({@link CallListener#connectionEvent}), and every method
 * call as one attempt and one call, as REST's.
 *
 * <p><b>Why listeners and not {@code Flow.Publisher}.</b> A channel is a push feed: the service
 * does not slow down for a slow reader, so {@code Flow}'s demand ({@code request(n)}) could only
 * buffer or drop, and the choice between those is the real decision. It is made here, explicitly,
 * per subscription ({@link Backpressure}: books, tickers and candles coalesce; everything else,
 * executions, balances and ledgers first, never drops but fails loudly; each subscribe method takes
 * another), over a bounded queue drained one message at a time on the completion executor. A
 * listener is one lambda; a caller who wants a {@code Flow.Publisher} can put a {@code
 * SubmissionPublisher} in it and choose its own buffer.
 *
 * <p><b>Threads.</b> Instances are thread-safe. Futures complete and listeners run on the {@link
 * Builder#completionExecutor completion executor} (a client-owned pool by default), never on an
 * OkHttp thread nor under a connection's lock; {@link CallListener#connectionEvent} comes there
 * too, one event at a time, in the order the connection went through them. {@link #close()}
 * closes every connection (orders in flight fail as outcome-unknown) and releases what the client
 * owns: its timer, its completion pool and the OkHttpClient it built (dispatcher threads and pooled
 * connections), so a {@code main} ends at once; a given {@link Builder#httpClient httpClient} or
 * executor is left to its owner.
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
  /** Whether {@link #http} was built here (no {@link Builder#httpClient} given): then {@link #close()} releases it. */
  private final boolean ownsHttp;
  private final Executor completion;
  private final ExecutorService ownedCompletion;
  private final Scheduler scheduler;
  private final SystemScheduler ownedScheduler;
  private final ReqIds reqIds = new ReqIds();
  private final List<Connection<?, ?>> opened = new ArrayList<>();
  /** One budget for every connection: Kraken counts attempts per IP address, whatever the endpoint. */
  private final ConnectionBudget connectionBudget;
  private final ModelCodec models = new ModelCodec();
  private final Map<WebSocketEndpoint, Connection<WsRequest, WsMessage>> modelEngines =
      new EnumMap<>(WebSocketEndpoint.class);
  private final Map<WebSocketEndpoint, EndpointCodec> codecs = new EnumMap<>(WebSocketEndpoint.class);
  private final SpotWebSocket spot = new SpotWebSocket(this);
  private final UnifiedWebSocket unified = new UnifiedWebSocket(this);
  private boolean closed;

  private KrakenWebSocketClient(Builder builder) {
    // Copied: a builder changed after build() does not change the client.
    this.environment = builder.environment;
    this.tokenSource = builder.tokenSource;
    this.reconnectPolicy = builder.reconnectPolicy;
    this.connectionBudget = new ConnectionBudget(reconnectPolicy.maxAttempts(), reconnectPolicy.window().toNanos());
    this.random = builder.random;
    this.pingInterval = builder.pingInterval;
    this.pongTimeout = builder.pongTimeout;
    this.callListener = builder.callListener;
    this.replyTimeout = builder.replyTimeout;
    this.queueCapacity = builder.queueCapacity;
    // Kraken's liveness is the application ping; OkHttp's protocol pings would be a second clock.
    this.ownsHttp = builder.httpClient == null;
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
   * Spot WebSocket v2: public market data, the authenticated account channels and trading methods,
   * and the level-3 book, on {@link WebSocketEndpoint#SPOT_PUBLIC}, {@link
   * WebSocketEndpoint#SPOT_PRIVATE} and {@link WebSocketEndpoint#SPOT_LEVEL3}.
   */
  public SpotWebSocket spot() {
    return spot;
  }

  /**
   * The Unified WebSocket (derivatives today; Spot planned): public channels on {@link
   * WebSocketEndpoint#UNIFIED_PUBLIC}, account channels on {@link WebSocketEndpoint#UNIFIED_PRIVATE}
   * with a Spot WebSocket token; {@code asset_class} where the contract requires it.
   */
  public UnifiedWebSocket unified() {
    return unified;
  }

  /**
   * Opens a connection to {@code endpoint} that speaks through {@code writer} and {@code
   * dispatcher}, with the client's settings; {@link #close()} closes it. The facades' connections
   * ({@link #modelConnection}) are made here, and so are the engine tests' connections on JSON trees.
   *
   * @throws IllegalStateException if the endpoint is authenticated and the client has no {@link
   *     TokenSource}, or the client is closed.
   */
  <Q, M> Connection<Q, M> open(WebSocketEndpoint endpoint, RequestWriter<Q> writer,
      FrameDispatcher<M> dispatcher) {
    Connection<Q, M> engine = register(endpoint, writer, dispatcher);
    engine.start(); // outside the client's lock: an authenticated endpoint asks its token source here
    return engine;
  }

  /** A new connection to {@code endpoint}, not started, closed with the client. */
  private synchronized <Q, M> Connection<Q, M> register(WebSocketEndpoint endpoint, RequestWriter<Q> writer,
      FrameDispatcher<M> dispatcher) {
    requireNonNull(endpoint, "endpoint == null");
    if (closed) throw new IllegalStateException("the client is closed");
    Connection<Q, M> engine = new Connection<>(endpoint, environment.url(endpoint), http, writer, dispatcher,
        tokenSource, completion, scheduler, reconnectPolicy, random, pingInterval, pongTimeout, replyTimeout,
        callListener, reqIds, queueCapacity, connectionBudget);
    opened.add(engine);
    return engine;
  }


  /** Where the facades' subscribe and method calls see every message: one per endpoint. */
  interface Delivery {
    void onMessage(WsMessage message);

    /** The {@code sequence} of {@code message}, or null when its channel does not number messages. */
    default Long sequence(WsMessage message) {
      return null;
    }

    default void onSequenceGap(SequenceGap gap) {
    }

    void onFailure(Throwable failure);
  }

  /** Checks {@code request} against the contract, before anything is sent. */
  static void check(WsRequest request, String operation) {
    Constraints constraints = Constraints.create();
    request.validate(constraints);
    constraints.throwIfAny(operation);
  }

  /**
   * The Unified WebSocket's {@code asset_class} rule ({@code x-kraken-ws-asset-class: required}):
   * a market's channels and methods need it.
   */
  static void assetClass(String operation, String channel, Object assetClass, boolean required) {
    if (required && assetClass == null) {
      Constraints constraints = Constraints.create();
      constraints.required("params.asset_class", null);
      constraints.throwIfAny(operation + (channel == null ? "" : " " + channel));
    }
  }

  /** Subscribes with {@code request} on {@code endpoint}; the future completes after one ack per pair. */
  CompletableFuture<ChannelSubscription> subscribe(WebSocketEndpoint endpoint, WsRequest request,
      Backpressure backpressure, Delivery delivery) {
    Connection<WsRequest, WsMessage> engine = modelConnection(endpoint);
    EndpointCodec codec = codec(endpoint);
    String channel = models.channel(request);
    codec.track(channel, delivery);
    Connection<WsRequest, WsMessage>.Sub sub = engine.subscribe(request, new Sink<>() {
      @Override public void onMessage(WsMessage message) {
        delivery.onMessage(message);
      }

      @Override public void onMessage(WsMessage message, Object detail) {
        if (detail instanceof SequenceGap gap) delivery.onSequenceGap(gap);
        delivery.onMessage(message);
      }

      @Override public void onFailure(Throwable failure) {
        codec.untrack(channel, delivery);
        delivery.onFailure(failure);
      }
    }, backpressure);
    ChannelSubscription subscription = new ChannelSubscription(endpoint, channel, () -> {
      codec.untrack(channel, delivery);
      return engine.unsubscribe(sub).thenApply(acks -> null);
    }, sub::coalesced);
    return sub.acknowledged().thenApply(acknowledged -> subscription);
  }

  /** Listens to {@code channel}, pushed by {@code endpoint} without a subscription. */
  ChannelSubscription listen(WebSocketEndpoint endpoint, String channel, Delivery delivery) {
    modelConnection(endpoint);
    Runnable stop = codec(endpoint).listen(channel, delivery);
    return new ChannelSubscription(endpoint, channel, () -> {
      stop.run();
      return CompletableFuture.completedFuture(null);
    }, () -> 0L);
  }

  /** Sends {@code request} on {@code endpoint}; the future completes with its replies. */
  CompletableFuture<List<WsMessage>> call(WebSocketEndpoint endpoint, WsRequest request) {
    return modelConnection(endpoint).send(request);
  }

  /** The order books of a {@code book} subscription on {@code endpoint}. */
  CompletableFuture<OrderBookSubscription> orderBooks(WebSocketEndpoint endpoint, BookSubscribeParams params,
      OrderBookListener listener) {
    requireNonNull(params, "params == null");
    requireNonNull(listener, "listener == null");
    // req_id is the connection's: the request is built with a placeholder and checked on its params.
    BookSubscribeRequest request = WebSocketRequests.bookSubscribe(params, 1L);
    check(request, "subscribe");
    BookFeed feed = new BookFeed(request, models, listener);
    Connection<WsRequest, WsMessage> engine = modelConnection(endpoint);
    Connection<WsRequest, WsMessage>.Sub sub = feed.subscribe(engine);
    OrderBookSubscription subscription = new OrderBookSubscription(engine, sub, feed);
    return sub.acknowledged().thenApply(acknowledged -> subscription);
  }

  /** The level-3 books of a {@code level3} subscription on {@code endpoint} (authenticated). */
  CompletableFuture<Level3BookSubscription> level3Books(WebSocketEndpoint endpoint, Level3SubscribeParams params,
      Level3BookListener listener) {
    requireNonNull(params, "params == null");
    requireNonNull(listener, "listener == null");
    Level3SubscribeRequest request = WebSocketRequests.level3Subscribe(params, 1L);
    check(request, "subscribe");
    Level3Feed feed = new Level3Feed(request, models, listener);
    Connection<WsRequest, WsMessage> engine = modelConnection(endpoint);
    Connection<WsRequest, WsMessage>.Sub sub = feed.subscribe(engine);
    Level3BookSubscription subscription = new Level3BookSubscription(engine, sub, feed);
    return sub.acknowledged().thenApply(acknowledged -> subscription);
  }

  /** The codec of {@code endpoint}'s connection, made on the first call. */
  synchronized EndpointCodec codec(WebSocketEndpoint endpoint) {
    return codecs.computeIfAbsent(endpoint, e -> {
      Set<String> pushed = new HashSet<>(SpotWebSocket.PUSHED.getOrDefault(e, Set.of()));
      pushed.addAll(UnifiedWebSocket.PUSHED.getOrDefault(e, Set.of()));
      return new EndpointCodec(models, new SerialExecutor(completion), pushed);
    });
  }

  /** The connection to {@code endpoint} on the generated models, opened on the first call. */
  Connection<WsRequest, WsMessage> modelConnection(WebSocketEndpoint endpoint) {
    requireNonNull(endpoint, "endpoint == null");
    Connection<WsRequest, WsMessage> engine;
    synchronized (this) {
      if (closed) throw new IllegalStateException("the client is closed");
      Connection<WsRequest, WsMessage> existing = modelEngines.get(endpoint);
      if (existing != null) return existing; // a request made before it started waits for its connection
      EndpointCodec codec = codec(endpoint);
      engine = register(endpoint, codec, codec);
      modelEngines.put(endpoint, engine);
    }
    engine.start(); // outside the client's lock, as in open()
    return engine;
  }

  @Override public void close() {
    synchronized (this) {
      if (closed) return;
      closed = true;
    }
    List<Connection<?, ?>> engines;
    synchronized (this) {
      engines = List.copyOf(opened);
    }
    for (Connection<?, ?> engine : engines) engine.close();
    if (ownedScheduler != null) ownedScheduler.shutdown();
    if (ownedCompletion != null) ownedCompletion.shutdown();
    if (ownsHttp) {
      // OkHttp's dispatcher threads are not daemons and idle for 60 s: a main that closed the
      // client would wait for them. A given OkHttpClient is the caller's to shut down.
      http.dispatcher().executorService().shutdown();
      http.connectionPool().evictAll();
    }
  }

  /** The OkHttpClient the connections use (for tests). */
  OkHttpClient httpClient() {
    return http;
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
     * The client never shuts it down: its owner does.
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
