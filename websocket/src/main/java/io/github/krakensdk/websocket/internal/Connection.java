package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.runtime.call.CallAttempt;
import io.github.krakensdk.runtime.call.CallListener;
import io.github.krakensdk.runtime.call.CallOutcome;
import io.github.krakensdk.runtime.call.ConnectionEvent;
import io.github.krakensdk.errors.ServiceError;
import io.github.krakensdk.websocket.Backpressure;
import io.github.krakensdk.websocket.ReconnectPolicy;
import io.github.krakensdk.websocket.SubscriptionOverflowException;
import io.github.krakensdk.websocket.TokenSource;
import io.github.krakensdk.websocket.WebSocketEndpoint;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.random.RandomGenerator;
import java.util.logging.Level;
import java.util.logging.Logger;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;

/**
 * One endpoint's connection: opens the socket (with a fresh token on an authenticated endpoint),
 * keeps it alive with Kraken's application ping, reconnects through the {@link Reconnector} within
 * the connection budget, correlates replies on {@code req_id}, keeps the live subscriptions as
 * their original requests and sends them again after every reconnect, and fails the orders in
 * flight when the socket drops as outcome-unknown, never sending them again.
 *
 * <p><b>Reply timeout.</b> A request unanswered within the reply timeout fails: a method with a
 * {@link KrakenTransportException} (outcome-unknown for the order methods, which are never sent
 * again); a reply that comes later is dropped. A subscribe unanswered in time recycles the
 * connection once (its socket is dropped and reconnected, every subscription sent again, so the
 * caller's subscription is never left half-made); unanswered a second time, it fails like a refused
 * one, and if the fresh connection is not had within one more reply timeout it fails as not sent
 * (its call's deadline is past). Kraken answers every subscribe, once per pair, within milliseconds: a connection whose pongs
 * arrive but that leaves a subscribe unanswered is not one to trust with the subscription.
 *
 * <p><b>Waiting for the connection.</b> A request made while the connection is down waits for it,
 * but no longer than the reply timeout counted from the call: a method still unsent then fails as
 * not sent ({@link KrakenTransportException#outcomeUnknown()} false: nothing went out, safe to send
 * again), and a subscribe not yet acknowledged and not on the wire fails its {@link
 * Sub#acknowledged()} and is forgotten (nothing is sent for it on a later reconnect). The reason
 * names why the connection is down (the last drop or token failure). A caller's deadline is the
 * call's, as a REST call's timeout is: a connection that cannot be had (a refusing network, a
 * budget spent, a failing token source) must not turn {@code join()} into a hang. A method that is
 * sent gets the full reply timeout from the moment it goes out, so an order is never failed as
 * outcome-unknown for time spent before it was sent.
 *
 * <p><b>Tokens.</b> A {@link TokenSource} failure that asking again cannot cure (the key lacks the
 * WebSocket permission, the key or signature is invalid, the SDK refused locally, such as a closed
 * {@code KrakenClient}: see {@code TokenFailures}) ends the connection like a refused upgrade;
 * every other one (network, rate limit, service unavailable) is retried with the reconnect
 * backoff. The token source is asked outside this object's lock (on the scheduler, or on the
 * thread that opens the connection), so a slow one never stalls the reader or callers; the token
 * is used only if its attempt is still the connection's when it comes.
 *
 * <p><b>The end.</b> A close with 1008, an upgrade refused with HTTP 401/403, a permanent token
 * failure and the caller's {@link #close()} end the connection for good: every live subscription's sink gets {@code
 * onFailure}, every pending request fails (orders in flight as outcome-unknown, requests not yet
 * sent as not sent), and every later {@link #send}, {@link #subscribe} fails at once with the
 * reason it ended, without opening a socket. Kraken refuses a new connection the same way while the
 * cause (a refused token, a revoked permission, a policy breach) lasts, so reopening on the next
 * request would spend the connection budget on refusals and hide the cause. The failures carry the
 * end's cause (the token source's exception) as their cause's cause.
 *
 * <p><b>Shared subscriptions.</b> Kraken holds one subscription per channel, pair and options (a
 * second subscribe is refused with "Already subscribed", and one unsubscribe ends it for every
 * holder), so the connection counts the holders of each {@link RequestWriter#keys key}: the first
 * holder's subscribe goes out, the unsubscribe only when the last holder leaves. A later holder of
 * {@code instrument} (the books' hidden one and the caller's, in either order) shares it and is
 * given the last snapshot and the updates since, in order, before the live messages. A later holder
 * of any other channel is refused locally ({@link IllegalStateException}): its state (a book, a
 * level-3 book, the sequence of executions, balances and ledgers, a candle, a ticker) is what the
 * messages since the snapshot built, which only the first holder has seen.
 *
 * <p><b>Events.</b> The {@link CallListener} sees the connection's life as {@link ConnectionEvent}s
 * (in order, on the completion executor, one at a time, outside the lock) and every {@link #send} as one attempt and one call, named by the
 * method ({@code add_order}: the failures' operation id too), on the completion executor before the
 * future completes. An order method answered {@code success: true} without {@code result} fails
 * here as outcome-unknown ({@link #withoutResult}), so the listener reports the failure the caller
 * sees.
 *
 * <p>Requests are {@code Q} and frames {@code M}, through the {@link RequestWriter} and {@link
 * FrameDispatcher} seams, so the JSON trees of today and the generated models of tomorrow share
 * it. State is guarded by this object's lock; futures complete and listeners run on the
 * completion executor, never on OkHttp's threads or under the lock.
 */
public final class Connection<Q, M> {
  /** The methods that change orders: in flight when the socket drops, their outcome is unknown. */
  public static final Set<String> ORDER_METHODS = Set.of("add_order", "amend_order", "edit_order", "cancel_order",
      "cancel_all", "cancel_all_orders_after", "batch_add", "batch_cancel");
  /** The error of a rejected token: refresh it and reconnect (a subscribe is sent once more). */
  public static final String INVALID_SESSION = "ESession:Invalid session";
  /** The close code reported for a failure without a close frame (network, refused upgrade, missed pong). */
  public static final int ABNORMAL_CLOSURE = 1006;
  /**
   * How long a {@code cancel_order} naming an {@code order_userref} waits for more replies after its
   * last one: Kraken answers it with one reply per order cancelled, a number the client cannot know.
   */
  public static final Duration OPEN_ENDED_QUIET = Duration.ofMillis(500);
  /** {@link #beginConnect}'s answer when no token is to be fetched (a public endpoint, or no attempt now). */
  private static final int NO_TOKEN_NEEDED = -1;
  /** The channels a second holder may share: its snapshot and the updates since are replayed to it. */
  static final Set<String> SHARED_CHANNELS = Set.of("instrument");

  private static final Logger logger = Logger.getLogger(Connection.class.getName());

  private final WebSocketEndpoint endpoint;
  private final URI url;
  private final OkHttpClient http;
  private final RequestWriter<Q> writer;
  private final FrameDispatcher<M> dispatcher;
  private final TokenSource tokenSource;
  private final Executor completion;
  private final SerialExecutor events;
  private final Scheduler scheduler;
  private final Reconnector reconnector;
  private final LivenessMonitor liveness;
  private final CallListener listener;
  private final Duration replyTimeout;
  private final ReqIds reqIds;
  private final int queueCapacity;

  private WebSocket socket;
  private boolean opening;
  private int generation;
  private boolean started;
  private boolean terminated;
  private String terminalReason;
  private Throwable terminalCause;
  /** Why the connection is down now (the last drop or token failure), for a request that waited in vain. */
  private String downReason = "not connected yet";
  private String token;
  private long pingReqId = -1;
  private Scheduler.Cancellable livenessTimer;
  private Scheduler.Cancellable reconnectTimer;
  private final Map<Long, Pending> inFlight = new LinkedHashMap<>();
  private final List<Pending> outbox = new ArrayList<>();
  private final List<Sub> subscriptions = new ArrayList<>();
  private final Map<Class<?>, Object> attachments = new LinkedHashMap<>();

  public Connection(WebSocketEndpoint endpoint, URI url, OkHttpClient http, RequestWriter<Q> writer,
      FrameDispatcher<M> dispatcher, TokenSource tokenSource, Executor completion, Scheduler scheduler,
      ReconnectPolicy policy, RandomGenerator random, Duration pingInterval, Duration pongTimeout,
      Duration replyTimeout, CallListener listener, ReqIds reqIds, int queueCapacity) {
    this(endpoint, url, http, writer, dispatcher, tokenSource, completion, scheduler, policy, random, pingInterval,
        pongTimeout, replyTimeout, listener, reqIds, queueCapacity,
        new ConnectionBudget(policy.maxAttempts(), policy.window().toNanos()));
  }

  /**
   * As the constructor above, counting the connection's attempts in {@code budget}: one budget for
   * all of a client's connections, since Kraken counts attempts per IP address, not per endpoint.
   */
  public Connection(WebSocketEndpoint endpoint, URI url, OkHttpClient http, RequestWriter<Q> writer,
      FrameDispatcher<M> dispatcher, TokenSource tokenSource, Executor completion, Scheduler scheduler,
      ReconnectPolicy policy, RandomGenerator random, Duration pingInterval, Duration pongTimeout,
      Duration replyTimeout, CallListener listener, ReqIds reqIds, int queueCapacity, ConnectionBudget budget) {
    this.endpoint = requireNonNull(endpoint, "endpoint == null");
    this.url = requireNonNull(url, "url == null");
    this.http = requireNonNull(http, "http == null");
    this.writer = requireNonNull(writer, "writer == null");
    this.dispatcher = requireNonNull(dispatcher, "dispatcher == null");
    if (endpoint.authenticated() && tokenSource == null) {
      throw new IllegalStateException(endpoint + " is authenticated: the client needs a tokenSource");
    }
    this.tokenSource = tokenSource;
    this.completion = requireNonNull(completion, "completion == null");
    this.events = new SerialExecutor(completion);
    this.scheduler = requireNonNull(scheduler, "scheduler == null");
    this.reconnector = new Reconnector(policy, scheduler::nanoTime, random, budget);
    this.liveness = new LivenessMonitor(pingInterval, pongTimeout);
    this.replyTimeout = requireNonNull(replyTimeout, "replyTimeout == null");
    if (replyTimeout.isNegative() || replyTimeout.isZero()) {
      throw new IllegalArgumentException("replyTimeout must be more than zero: " + replyTimeout);
    }
    this.listener = requireNonNull(listener, "listener == null");
    this.reqIds = requireNonNull(reqIds, "reqIds == null");
    if (queueCapacity < 1) throw new IllegalArgumentException("queueCapacity must be at least 1: " + queueCapacity);
    this.queueCapacity = queueCapacity;
  }

  public WebSocketEndpoint endpoint() {
    return endpoint;
  }

  /** The clock and timers this connection runs on (the client's). */
  public Scheduler scheduler() {
    return scheduler;
  }

  /** Opens the connection (once); later calls do nothing. */
  public void start() {
    int gen;
    synchronized (this) {
      if (started) return;
      started = true;
      gen = beginConnect();
    }
    if (gen != NO_TOKEN_NEEDED) fetchToken(gen);
  }

  /**
   * Sends {@code request}; the future completes with its replies (as many as {@link
   * RequestWriter#expectedReplies}; for an {@link RequestWriter#openEnded open-ended} one, all that
   * came until none came for {@link #OPEN_ENDED_QUIET}) or fails on the first error reply, with the
   * error string.
   * Sent at once when connected, else when the connection opens.
   */
  public CompletableFuture<List<M>> send(Q request) {
    requireNonNull(request, "request == null");
    String method = writer.method(request);
    if (method.equals("subscribe") || method.equals("unsubscribe")) {
      throw new IllegalArgumentException(method + " is sent by subscribe() and unsubscribe(), "
          + "which keep the subscriptions sent again on reconnect");
    }
    return enqueue(request);
  }

  private synchronized CompletableFuture<List<M>> enqueue(Q request) {
    Pending pending = new Pending(request, null);
    pending.reported = true;
    if (terminated) {
      finish(pending, null, ended(pending.method));
    } else if (socket != null) {
      transmit(pending);
    } else {
      awaitConnection(pending);
    }
    return pending.future;
  }

  /**
   * Keeps {@code pending} for the next connection until the reply timeout, counted from the call,
   * passes; then it fails as not sent.
   */
  private void awaitConnection(Pending pending) {
    outbox.add(pending);
    long remaining = pending.createdNanos + replyTimeout.toNanos() - scheduler.nanoTime();
    cancel(pending.timeout);
    pending.timeout = scheduler.schedule(() -> onUnsentTimeout(pending), remaining);
  }

  /** {@code pending} was never sent within the reply timeout of its call. */
  private synchronized void onUnsentTimeout(Pending pending) {
    if (!outbox.remove(pending)) return;
    finish(pending, null, notSent(pending.method, "no connection to " + endpoint + " within " + replyTimeout
        + " of the call (" + downReason + ")"));
  }

  /**
   * {@code sub} is neither acknowledged nor on the wire at its deadline: the reply timeout after
   * its call or, once its reply timed out and its connection was recycled, after that ({@code
   * since} names which). It is forgotten.
   */
  private synchronized void onSubscribeDeadline(Sub sub, String since) {
    // acked, not acknowledged.isDone(): an ack handled under the lock completes the future only later, on the executor.
    if (sub.acked || sub.acknowledged.isDone() || !subscriptions.contains(sub)) return;
    for (Pending pending : inFlight.values()) {
      if (pending.sub == sub) return; // on the wire: its own reply timeout decides
    }
    release(sub); // never sent, so nothing to unsubscribe; a holder sharing it takes its place
    sub.fail(notSent("subscribe", "no connection to " + endpoint + " within " + replyTimeout
        + " of " + since + " (" + downReason + ")"));
  }

  /**
   * Subscribes with {@code request} (a {@code subscribe}), kept as given and sent again after every
   * reconnect; {@link Sub#acknowledged()} completes after one ack per symbol or fails on the
   * first error. A request naming a server subscription already held on this connection shares it
   * ({@code instrument}) or is refused at once with an {@link IllegalStateException} (any other
   * channel): see the class's "Shared subscriptions".
   */
  public synchronized Sub subscribe(Q request, Sink<M> sink, Backpressure backpressure) {
    return subscribe(request, sink, backpressure, false);
  }

  /**
   * Subscribes as {@link #subscribe} does, but {@code sink} gets each message at once, on the
   * reader's thread under the connection's lock, in wire order: before any later frame reaches
   * another subscription's queue. For state that other subscriptions read (a pair's precision from
   * {@code instrument}, read by the books that follow it on the wire); the sink must be quick and
   * must not call the connection. Its {@code onFailure} still comes on the completion executor.
   */
  public synchronized Sub subscribeInline(Q request, Sink<M> sink) {
    return subscribe(request, sink, Backpressure.FAIL, true);
  }

  /**
   * The connection's one {@code type} attachment, made by {@code create} on the first call: state
   * that belongs to this connection (what its {@code instrument} subscription has told).
   */
  public synchronized <T> T attachment(Class<T> type, java.util.function.Supplier<T> create) {
    Object existing = attachments.get(type);
    if (existing == null) {
      existing = requireNonNull(create.get(), "create.get() == null");
      attachments.put(type, existing);
    }
    return type.cast(existing);
  }

  /** Forgets {@code attachment} if it is still {@code type}'s: the next {@link #attachment} call makes a new one. */
  public synchronized void detach(Class<?> type, Object attachment) {
    attachments.remove(type, attachment);
  }

  private Sub subscribe(Q request, Sink<M> sink, Backpressure backpressure, boolean inline) {
    requireNonNull(request, "request == null");
    requireNonNull(sink, "sink == null");
    requireNonNull(backpressure, "backpressure == null");
    if (!writer.method(request).equals("subscribe")) {
      throw new IllegalArgumentException("not a subscribe: " + writer.method(request));
    }
    Sub sub = new Sub(request, sink, backpressure);
    sub.inline = inline;
    if (terminated) {
      sub.ended();
      sub.fail(ended("subscribe"));
      return sub;
    }
    Sub holder = holderOf(sub);
    if (holder != null) {
      String refusal = sharing(holder, sub);
      if (refusal != null) {
        sub.ended();
        sub.fail(new IllegalStateException(refusal));
        return sub;
      }
      share(holder, sub);
      return sub;
    }
    subscriptions.add(sub);
    scheduler.schedule(() -> onSubscribeDeadline(sub, "the call"), replyTimeout.toNanos());
    if (socket != null) transmit(new Pending(request, sub));
    return sub;
  }

  /** The live subscription holding one of {@code sub}'s keys on the server, or null. */
  private Sub holderOf(Sub sub) {
    for (Sub live : subscriptions) {
      if (live.sharedWith != null) continue;
      for (String key : sub.keys) {
        if (live.keys.contains(key)) return live;
      }
    }
    return null;
  }

  /** Why {@code sub} cannot share {@code holder}'s subscription; null when it can. */
  private String sharing(Sub holder, Sub sub) {
    String held = holder.keys.stream().filter(sub.keys::contains).findFirst().orElseThrow();
    String prefix = "already subscribed on " + endpoint + " (" + held + "): ";
    if (!SHARED_CHANNELS.contains(sub.channel)) {
      return prefix + "Kraken keeps one " + sub.channel + " subscription per pair and options, and a second "
          + "holder cannot be given the state the first one's messages built; use the first subscription "
          + "or close it before subscribing again";
    }
    if (!holder.keys.equals(sub.keys)) return prefix + "the other subscription holds other keys too: " + holder.keys;
    if (holder.replay == null) {
      return prefix + "more than " + queueCapacity + " updates came since its snapshot; none is kept to replay";
    }
    return null;
  }

  /**
   * {@code sub} shares {@code holder}'s server subscription: it gets the kept snapshot and updates
   * now, then the live messages; it is acknowledged with the holder.
   */
  private void share(Sub holder, Sub sub) {
    sub.sharedWith = holder;
    subscriptions.add(sub);
    for (M message : holder.replay) {
      sub.record(message);
      deliver(sub, Inbound.channelMessage(sub.channel, null, null, message));
    }
    if (holder.acked) {
      sub.acked = true;
      onCompletionExecutor(() -> sub.acknowledged.complete(sub));
    }
  }

  /**
   * Removes {@code sub}; true when it held its keys alone, so that the server subscription is to be
   * unsubscribed. A holder that leaves hands the server subscription to the next one.
   */
  private boolean release(Sub sub) {
    if (!subscriptions.remove(sub)) return false;
    sub.ended();
    if (sub.sharedWith != null) return false;
    Sub next = null;
    for (Sub other : subscriptions) {
      if (other.sharedWith != sub) continue;
      if (next == null) {
        next = other;
        other.sharedWith = null;
      } else {
        other.sharedWith = next;
      }
    }
    if (next == null) return true;
    for (Pending pending : inFlight.values()) {
      if (pending.sub == sub) pending.sub = next; // its ack now acknowledges the next holder
    }
    return false;
  }

  /** Fails {@code sub} and those sharing its server subscription, which ended (or never began). */
  private void failShared(Sub sub, Throwable failure) {
    for (Sub other : new ArrayList<>(subscriptions)) {
      if (other.sharedWith == sub) {
        subscriptions.remove(other);
        other.ended();
        other.fail(failure);
      }
    }
    if (subscriptions.remove(sub)) sub.ended();
    sub.fail(failure);
  }

  /**
   * Ends {@code sub}: it is no longer sent on reconnect; the future completes with the
   * unsubscribe's acks. At once, with none, when nothing is to be sent: another holder still shares
   * the server subscription, or the socket is down (the server forgot it with the socket, and the
   * reconnect leaves it out). A subscription not acknowledged yet fails its {@link Sub#acknowledged()}
   * with a {@link CancellationException}.
   */
  public synchronized CompletableFuture<List<M>> unsubscribe(Sub sub) {
    requireNonNull(sub, "sub == null");
    if (!subscriptions.contains(sub)) return CompletableFuture.completedFuture(List.of());
    boolean last = release(sub);
    if (!sub.acknowledged.isDone()) {
      failLater(sub.acknowledged, new CancellationException("unsubscribed before acknowledged"));
    }
    if (!last || socket == null) return CompletableFuture.completedFuture(List.of());
    Pending pending = new Pending(writer.unsubscribeOf(sub.request), null);
    pending.reported = true;
    transmit(pending);
    return pending.future;
  }

  /**
   * Resynchronises part of a live {@code sub} (one book whose checksum failed): sends {@code
   * unsubscribe} then {@code subscribe} (both of that part alone) without changing what a
   * reconnect sends, which stays {@code sub}'s original request. The future completes with the
   * subscribe's acks; at once, with none, when the socket is down (the reconnect resubscribes all
   * of {@code sub}) or {@code sub} has ended.
   *
   * <p>When the service refuses that subscribe (or leaves it unanswered past the reply timeout),
   * {@code sub} ends: it is unsubscribed and its sink gets {@code onFailure} with the refusal. A
   * subscription is live in full or ended; one whose part is silently gone would wait forever for
   * a snapshot that never comes. A drop in between ends nothing: the reconnect sends all of {@code
   * sub} again.
   */
  public synchronized CompletableFuture<List<M>> resubscribe(Sub sub, Q unsubscribe, Q subscribe) {
    requireNonNull(sub, "sub == null");
    requireNonNull(unsubscribe, "unsubscribe == null");
    requireNonNull(subscribe, "subscribe == null");
    if (!writer.method(unsubscribe).equals("unsubscribe") || !writer.method(subscribe).equals("subscribe")) {
      throw new IllegalArgumentException("an unsubscribe then a subscribe: " + writer.method(unsubscribe) + ", "
          + writer.method(subscribe));
    }
    if (socket == null || !subscriptions.contains(sub)) return CompletableFuture.completedFuture(List.of());
    Pending resubscribe = new Pending(subscribe, null);
    resubscribe.resyncOf = sub;
    transmit(new Pending(unsubscribe, null));
    if (socket != null) transmit(resubscribe);
    // Not sent (the socket is closing): the reconnect sends sub's whole request again instead.
    if (outbox.removeIf(pending -> pending.request == unsubscribe || pending.request == subscribe)) {
      return CompletableFuture.completedFuture(List.of());
    }
    return resubscribe.future;
  }

  /** The live subscriptions' original requests, in subscribe order. */
  public synchronized List<Q> subscriptionRequests() {
    List<Q> requests = new ArrayList<>();
    for (Sub sub : subscriptions) requests.add(sub.request);
    return requests;
  }

  /** Closes the connection for good: what is in flight fails (orders as outcome-unknown). */
  public synchronized void close() {
    if (terminated) return;
    WebSocket open = socket;
    generation++;
    socket = null;
    opening = false;
    liveness.closed();
    failInFlight("the connection was closed by the caller");
    terminate("closed by the caller");
    if (open != null) open.close(1000, "closed by the caller");
  }

  // Connecting.

  /** Runs on the scheduler: connects, fetching a token first (outside the lock) when the endpoint needs one. */
  private void connect() {
    int gen;
    synchronized (this) {
      gen = beginConnect();
    }
    if (gen != NO_TOKEN_NEEDED) fetchToken(gen);
  }

  /**
   * Starts an attempt under the lock: opens the socket of a public endpoint at once and returns
   * {@link #NO_TOKEN_NEEDED}, or returns the attempt's generation, whose token the caller fetches
   * after leaving the lock.
   */
  private int beginConnect() {
    reconnectTimer = null;
    if (terminated || socket != null || opening) return NO_TOKEN_NEEDED;
    Duration wait = reconnector.tryAttempt();
    if (!wait.isZero()) {
      reconnectTimer = scheduler.schedule(this::connect, wait.toNanos());
      event(ConnectionEvent.Kind.BUDGET_WAIT, ConnectionEvent.NO_CLOSE_CODE, "connection budget spent", wait);
      return NO_TOKEN_NEEDED;
    }
    opening = true;
    int gen = ++generation;
    if (!endpoint.authenticated()) {
      open(gen);
      return NO_TOKEN_NEEDED;
    }
    return gen;
  }

  /**
   * Asks the token source for attempt {@code gen}'s token, never under the lock: a slow source
   * stalls neither the reader nor callers. {@link #onToken} re-enters the lock and drops a token
   * whose attempt was overtaken meanwhile (closed, or another generation).
   */
  private void fetchToken(int gen) {
    CompletableFuture<String> future;
    try {
      future = requireNonNull(tokenSource.token(), "tokenSource.token() == null");
    } catch (RuntimeException e) {
      future = CompletableFuture.failedFuture(e);
    }
    future.whenComplete((fresh, failure) -> onToken(gen, fresh, failure));
  }

  private synchronized void onToken(int gen, String fresh, Throwable failure) {
    if (gen != generation || terminated) return;
    if (failure != null || fresh == null) {
      opening = false;
      generation++;
      Throwable cause = failure == null ? null : TokenFailures.unwrap(failure);
      String reason = "no token: " + (cause != null ? cause : "the token source gave null");
      downReason = reason;
      event(ConnectionEvent.Kind.DISCONNECTED, ABNORMAL_CLOSURE, reason, Duration.ZERO);
      if (cause != null && TokenFailures.isPermanent(cause)) {
        terminalCause = cause;
        terminate(reason);
        return;
      }
      scheduleReconnect(reconnector.failed(OptionalLong.empty()));
      return;
    }
    token = fresh;
    open(gen);
  }

  private void open(int gen) {
    Request request = new Request.Builder().url(url.toString()).build();
    http.newWebSocket(request, new Listener(gen));
  }

  private synchronized void onOpen(int gen, WebSocket webSocket) {
    if (gen != generation || terminated) {
      webSocket.close(1000, null);
      return;
    }
    socket = webSocket;
    opening = false;
    reconnector.connected();
    liveness.opened(scheduler.nanoTime());
    scheduleLiveness();
    event(ConnectionEvent.Kind.CONNECTED, ConnectionEvent.NO_CLOSE_CODE, "", Duration.ZERO);
    // A copy: a subscribe the writer refuses is removed from subscriptions while this goes on.
    for (Sub sub : List.copyOf(subscriptions)) {
      if (sub.sharedWith == null && subscriptions.contains(sub)) transmit(new Pending(sub.request, sub));
    }
    List<Pending> waiting = new ArrayList<>(outbox);
    outbox.clear();
    for (Pending pending : waiting) transmit(pending);
  }

  /**
   * The socket at {@code gen} closed ({@code failure} false, with the server's code) or failed
   * (network, refused upgrade with {@code httpStatus}, missed pong).
   */
  private synchronized void onDropped(int gen, int code, String reason, boolean failure, OptionalLong httpStatus) {
    if (gen != generation || terminated) return;
    generation++;
    socket = null;
    opening = false;
    liveness.closed();
    cancel(livenessTimer);
    pingReqId = -1;
    failInFlight("the connection dropped (" + code + " " + reason + ")");
    downReason = "the connection dropped (" + code + " " + reason + ")";
    event(ConnectionEvent.Kind.DISCONNECTED, code, reason, Duration.ZERO);
    scheduleReconnect(failure ? reconnector.failed(httpStatus) : reconnector.closed(code));
  }

  private void scheduleReconnect(ReconnectDecision decision) {
    if (!decision.retry()) {
      terminate(decision.reason());
      return;
    }
    // Scheduled before it is told, so a listener that reacts to the event finds the timer set.
    reconnectTimer = scheduler.schedule(this::connect, decision.delay().toNanos());
    event(ConnectionEvent.Kind.RECONNECT_SCHEDULED, ConnectionEvent.NO_CLOSE_CODE, decision.reason(), decision.delay());
  }

  /** The token was refused: drop this socket and connect again at once with a fresh one. */
  private void refreshSession() {
    WebSocket old = socket;
    if (old == null) return;
    generation++;
    socket = null;
    liveness.closed();
    cancel(livenessTimer);
    pingReqId = -1;
    token = null;
    String reason = "refreshing the token after " + INVALID_SESSION;
    failInFlight("the connection was closed to refresh its token");
    event(ConnectionEvent.Kind.DISCONNECTED, 1000, reason, Duration.ZERO);
    old.close(1000, "token refresh");
    // Scheduled, not called: the token source is never called on OkHttp's reader thread.
    reconnectTimer = scheduler.schedule(this::connect, 0);
    event(ConnectionEvent.Kind.RECONNECT_SCHEDULED, ConnectionEvent.NO_CLOSE_CODE, reason, Duration.ZERO);
  }

  private void terminate(String reason) {
    terminated = true;
    terminalReason = reason;
    cancel(reconnectTimer);
    cancel(livenessTimer);
    for (Pending pending : outbox) finish(pending, null, ended(pending.method));
    outbox.clear();
    KrakenTransportException ended = ended("subscribe");
    List<Sub> live = new ArrayList<>(subscriptions);
    subscriptions.clear();
    for (Sub sub : live) {
      sub.ended();
      sub.fail(ended);
    }
    event(ConnectionEvent.Kind.TERMINATED, ConnectionEvent.NO_CLOSE_CODE, reason, Duration.ZERO);
  }

  /** A request's failure after the end: not sent, with the end's reason and cause. */
  private KrakenTransportException ended(String method) {
    return new KrakenTransportException(method, new IOException(endedReason(), terminalCause), false);
  }

  /** Why a request made after the end fails: the end's own reason. */
  private String endedReason() {
    return "the connection to " + endpoint + " ended for good (" + terminalReason + ")";
  }

  private void event(ConnectionEvent.Kind kind, int closeCode, String reason, Duration delay) {
    ConnectionEvent event = ConnectionEvent.builder().endpoint(endpoint.name()).kind(kind).closeCode(closeCode)
        .reason(reason == null ? "" : reason).delay(delay).build();
    // In order, one at a time, outside the lock: the listener's code never stalls the reader.
    events.execute(() -> {
      try {
        listener.connectionEvent(event);
      } catch (RuntimeException e) {
        logger.log(Level.WARNING, endpoint + ": CallListener.connectionEvent threw; ignored", e);
      }
    });
  }

  /** Orders in flight fail as outcome-unknown; other requests as not completed; subscribes are sent again. */
  private void failInFlight(String reason) {
    for (Pending pending : inFlight.values()) {
      if (pending.sub != null) continue;
      IOException cause = new IOException(reason);
      finish(pending, null, new KrakenTransportException(pending.method, cause, pending.order));
    }
    inFlight.clear();
  }

  // Liveness.

  private void scheduleLiveness() {
    cancel(livenessTimer);
    long deadline = liveness.nextDeadline();
    if (deadline == Long.MAX_VALUE) return;
    int gen = generation;
    livenessTimer = scheduler.schedule(() -> onLivenessTimer(gen), deadline - scheduler.nanoTime());
  }

  private synchronized void onLivenessTimer(int gen) {
    if (gen != generation || socket == null) return;
    long now = scheduler.nanoTime();
    switch (liveness.poll(now)) {
      case SEND_PING -> {
        long id = nextReqId();
        pingReqId = id;
        socket.send(writer.ping(id));
        liveness.pingSent(id, now);
      }
      case DEAD -> {
        WebSocket dead = socket;
        onDropped(gen, ABNORMAL_CLOSURE, "no pong within the timeout", true, OptionalLong.empty());
        dead.cancel();
        return;
      }
      case NONE -> {
      }
    }
    scheduleLiveness();
  }

  // Frames.

  private void transmit(Pending pending) {
    long id = nextReqId();
    pending.reqId = id;
    pending.sentNanos = scheduler.nanoTime();
    pending.sent = true;
    inFlight.put(id, pending);
    String text;
    try {
      text = writer.write(pending.request, id, endpoint.authenticated() ? token : null);
    } catch (RuntimeException e) {
      // A request the contract refuses on this endpoint (a private one on a public endpoint): never sent.
      inFlight.remove(id);
      if (pending.sub != null) {
        failShared(pending.sub, e);
      } else {
        finish(pending, null, e);
      }
      return;
    }
    // Timed from before the frame goes out, so that no reply can come before its timer is set.
    int gen = generation;
    cancel(pending.timeout); // its wait for the connection is over
    pending.timeout = scheduler.schedule(() -> onReplyTimeout(gen, id, pending), replyTimeout.toNanos());
    if (!socket.send(text)) {
      // The socket is closing: nothing went out; it waits for the next connection.
      cancel(pending.timeout);
      inFlight.remove(id);
      pending.sent = false;
      if (pending.sub == null) awaitConnection(pending);
    }
  }

  /** {@code pending} (sent as {@code reqId} on {@code gen}) had no full answer within the reply timeout. */
  private synchronized void onReplyTimeout(int gen, long reqId, Pending pending) {
    if (gen != generation || inFlight.get(reqId) != pending) return;
    inFlight.remove(reqId); // a reply that comes later finds nothing to complete and is dropped
    String reason = "no reply to " + pending.method + " (req_id " + reqId + ") within " + replyTimeout;
    if (pending.sub == null) {
      KrakenTransportException failure =
          new KrakenTransportException(pending.method, new IOException(reason), pending.order);
      finish(pending, null, failure);
      if (pending.resyncOf != null) end(pending.resyncOf, failure);
      return;
    }
    Sub sub = pending.sub;
    if (!subscriptions.contains(sub)) return;
    if (!sub.timeoutRecycled) {
      sub.timeoutRecycled = true; // sent once more on a fresh connection, then failed
      // Past its call's deadline: without this it would wait for a reconnect that never comes.
      scheduler.schedule(() -> onSubscribeDeadline(sub, "its reply timeout"), replyTimeout.toNanos());
      WebSocket unanswering = socket;
      onDropped(gen, ABNORMAL_CLOSURE, reason + ": reconnecting", true, OptionalLong.empty());
      if (unanswering != null) unanswering.cancel();
      return;
    }
    failShared(sub, new KrakenTransportException(pending.method, new IOException(reason), false));
  }

  private long nextReqId() {
    long id;
    do {
      id = reqIds.next();
    } while (inFlight.containsKey(id) || id == pingReqId);
    return id;
  }

  private synchronized void onText(int gen, String text) {
    if (gen != generation) return;
    Inbound<M> inbound;
    try {
      inbound = dispatcher.dispatch(text);
    } catch (IOException | RuntimeException e) {
      logger.log(Level.WARNING, endpoint + ": a frame that cannot be read was ignored", e);
      return;
    }
    if (inbound.isReply()) {
      onReply(inbound);
    } else {
      for (Sub sub : new ArrayList<>(subscriptions)) {
        if (!sub.receives(inbound)) continue;
        sub.record(inbound.message());
        deliver(sub, inbound);
      }
    }
  }

  /** Gives {@code sub} a message: inline at once, else through its queue (which may overflow and end it). */
  private void deliver(Sub sub, Inbound<M> inbound) {
    if (sub.inline) {
      try {
        sub.sink.onMessage(inbound.message(), inbound.detail());
      } catch (RuntimeException e) {
        logger.log(Level.WARNING, endpoint + ": a " + sub.channel + " listener threw; the message was dropped", e);
      }
    } else if (!sub.offer(inbound)) {
      if (release(sub) && socket != null) transmit(new Pending(writer.unsubscribeOf(sub.request), null));
    }
  }

  private void onReply(Inbound<M> reply) {
    long reqId = reply.reqId();
    if (reqId == pingReqId && "pong".equals(reply.method())) {
      liveness.pongReceived(reqId, scheduler.nanoTime());
      pingReqId = -1;
      scheduleLiveness();
      return;
    }
    Pending pending = inFlight.get(reqId);
    if (pending == null) return; // a late reply to a request already failed by a drop
    if (!reply.success()) {
      inFlight.remove(reqId);
      String error = reply.error() == null ? "success: false without an error" : reply.error();
      boolean invalidSession = endpoint.authenticated() && error.contains(INVALID_SESSION);
      if (invalidSession && pending.sub != null && !pending.sub.sessionRetried && subscriptions.contains(pending.sub)) {
        pending.sub.sessionRetried = true; // sent once more with the fresh token, then failed
        refreshSession();
        return;
      }
      cancel(pending.timeout);
      KrakenServiceException failure = serviceError(pending.method, error);
      if (pending.sub != null) {
        boolean live = subscriptions.contains(pending.sub);
        failShared(pending.sub, failure);
        // Refused for one pair of several: the others are (or will be, in order) subscribed on the
        // server; unsubscribe them all, as end() does (the refused pair's own refusal is ignored).
        if (live && pending.expected > 1 && socket != null) {
          transmit(new Pending(writer.unsubscribeOf(pending.sub.request), null));
        }
      } else {
        finish(pending, null, failure);
        if (pending.resyncOf != null) end(pending.resyncOf, failure);
      }
      if (invalidSession && pending.sub == null) refreshSession();
      return;
    }
    if (reply.resultMissing() && pending.sub == null && pending.order) {
      // Reported here, not only by the facade, so the CallListener sees the failure the caller sees.
      inFlight.remove(reqId);
      finish(pending, null, withoutResult(pending.method));
      return;
    }
    pending.replies.add(reply.message());
    if (pending.replies.size() < pending.expected) return;
    if (pending.openEnded) {
      // As many replies as orders cancelled: complete once none has come for a while.
      cancel(pending.timeout);
      int gen = generation;
      pending.timeout = scheduler.schedule(() -> onQuiet(gen, reqId, pending), OPEN_ENDED_QUIET.toNanos());
      return;
    }
    inFlight.remove(reqId);
    cancel(pending.timeout);
    if (pending.sub != null) {
      pending.sub.sessionRetried = false;
      pending.sub.timeoutRecycled = false;
      Sub sub = pending.sub;
      List<Sub> acknowledged = new ArrayList<>();
      for (Sub live : subscriptions) {
        if (live == sub || live.sharedWith == sub) {
          live.acked = true;
          acknowledged.add(live);
        }
      }
      onCompletionExecutor(() -> {
        for (Sub live : acknowledged) live.acknowledged.complete(live);
      });
    } else {
      finish(pending, List.copyOf(pending.replies), null);
    }
  }

  /** The open-ended {@code pending} had no more replies for {@link #OPEN_ENDED_QUIET}: it completes with those it had. */
  private synchronized void onQuiet(int gen, long reqId, Pending pending) {
    if (gen != generation || inFlight.get(reqId) != pending) return;
    inFlight.remove(reqId);
    finish(pending, List.copyOf(pending.replies), null);
  }

  /**
   * Completes {@code pending}'s future with {@code replies} or {@code failure} on the completion
   * executor, after telling the listener of the call (one attempt) when the caller made it.
   */
  private void finish(Pending pending, List<M> replies, Throwable failure) {
    cancel(pending.timeout);
    long now = scheduler.nanoTime();
    CompletableFuture<List<M>> future = pending.future;
    if (!pending.reported) {
      onCompletionExecutor(() -> {
        if (failure != null) future.completeExceptionally(failure);
        else future.complete(replies);
      });
      return;
    }
    boolean sent = pending.sent;
    Duration queued = Duration.ofNanos((sent ? pending.sentNanos : now) - pending.createdNanos);
    Duration onTheWire = sent ? Duration.ofNanos(now - pending.sentNanos) : Duration.ZERO;
    Duration duration = Duration.ofNanos(now - pending.createdNanos);
    KrakenException reported = failure == null ? null : asKrakenException(pending.method, failure);
    CallAttempt attempt = CallAttempt.builder().operationId(pending.method).number(1)
        .reason(CallAttempt.Reason.FIRST).paced(Duration.ZERO).queued(queued).onTheWire(onTheWire)
        .failure(reported).build();
    CallOutcome outcome = CallOutcome.builder().operationId(pending.method).attempts(1).paced(Duration.ZERO)
        .queued(queued).duration(duration).failure(reported).build();
    onCompletionExecutor(() -> {
      try {
        listener.attemptEnd(attempt);
        listener.callEnd(outcome);
      } catch (RuntimeException e) {
        logger.log(Level.WARNING, endpoint + ": the CallListener threw; ignored", e);
      }
      if (failure != null) future.completeExceptionally(failure);
      else future.complete(replies);
    });
  }

  private static KrakenException asKrakenException(String method, Throwable failure) {
    if (failure instanceof KrakenException kraken) return kraken;
    // A request the codec refused before sending (not a KrakenException): nothing went out.
    return new KrakenTransportException(method, new IOException(String.valueOf(failure), failure), false);
  }

  /** Ends {@code sub} with {@code failure}: no longer sent on reconnect, unsubscribed, its sink told. */
  private void end(Sub sub, Throwable failure) {
    if (!subscriptions.contains(sub)) return;
    logger.log(Level.WARNING, endpoint + ": a " + sub.channel + " subscription ended: " + failure);
    if (release(sub) && socket != null) transmit(new Pending(writer.unsubscribeOf(sub.request), null));
    sub.fail(failure);
  }

  /** Runs {@code task} on the completion executor; here, if the executor refuses it (it was shut down first). */
  private void onCompletionExecutor(Runnable task) {
    try {
      completion.execute(task);
    } catch (RejectedExecutionException e) {
      task.run();
    }
  }

  private void failLater(CompletableFuture<?> future, Throwable failure) {
    onCompletionExecutor(() -> future.completeExceptionally(failure));
  }

  /**
   * The failure of a {@code success: true} reply to the order method {@code method} without a
   * {@code result}: it answers nothing about the request, so the order's state is unknown, as when
   * the socket drops ({@link KrakenTransportException#outcomeUnknown()}); a caller reconciles over
   * REST.
   */
  public static KrakenTransportException withoutResult(String method) {
    return new KrakenTransportException(method, new IOException(method + " answered success without result"),
        ORDER_METHODS.contains(method));
  }

  private static KrakenServiceException serviceError(String method, String error) {
    return new KrakenServiceException(ServiceError.builder()
        .operationId(method)
        .httpStatus(KrakenException.NO_STATUS)
        .errors(List.of(error))
        .build());
  }

  private static KrakenTransportException notSent(String method, String reason) {
    return new KrakenTransportException(method, new IOException(reason), false);
  }

  private static void cancel(Scheduler.Cancellable task) {
    if (task != null) task.cancel();
  }

  /** One request awaiting its replies. */
  private final class Pending {
    final Q request;
    final String method;
    final int expected;
    final boolean openEnded;
    final boolean order;
    Sub sub;
    final CompletableFuture<List<M>> future = new CompletableFuture<>();
    final List<M> replies = new ArrayList<>();
    final long createdNanos = scheduler.nanoTime();
    long reqId;
    long sentNanos;
    boolean sent;
    boolean reported;
    Sub resyncOf;
    Scheduler.Cancellable timeout;

    Pending(Q request, Sub sub) {
      this.request = request;
      this.method = writer.method(request);
      this.expected = writer.expectedReplies(request);
      this.openEnded = writer.openEnded(request);
      this.order = ORDER_METHODS.contains(method);
      this.sub = sub;
    }
  }

  /**
   * A live subscription: its original request (what is sent again on reconnect, never rebuilt
   * from an ack), and its bounded queue of messages drained on the completion executor.
   */
  public final class Sub {
    final Q request;
    final String channel;
    final Set<String> symbols;
    final Set<String> keys;
    final Sink<M> sink;
    final Backpressure backpressure;
    final CompletableFuture<Sub> acknowledged = new CompletableFuture<>();
    boolean sessionRetried;
    boolean timeoutRecycled;
    boolean inline;
    /** Acknowledged by the server (set under the lock; {@link #acknowledged} completes later, on the executor). */
    boolean acked;
    /** The holder whose server subscription this one shares; null when its own is on the wire. */
    Sub sharedWith;
    /**
     * The last snapshot and the updates since, for a later holder ({@link #SHARED_CHANNELS} only);
     * null once more updates came than a queue holds.
     */
    List<M> replay;
    private final List<Runnable> whenEnded = new ArrayList<>();
    private boolean ended;

    private final Object queueLock = new Object();
    private final ArrayDeque<Inbound<M>> queue = new ArrayDeque<>();
    private boolean draining;
    private Throwable failure;
    private boolean failureDelivered;
    private long coalesced;

    Sub(Q request, Sink<M> sink, Backpressure backpressure) {
      this.request = request;
      this.channel = writer.channel(request);
      this.symbols = new LinkedHashSet<>(writer.symbols(request));
      this.keys = new LinkedHashSet<>(writer.keys(request));
      this.sink = sink;
      this.backpressure = backpressure;
      if (SHARED_CHANNELS.contains(channel)) this.replay = new ArrayList<>();
    }

    /** Keeps {@code message} for a later holder: a snapshot starts again, an update is added. */
    void record(M message) {
      if (!SHARED_CHANNELS.contains(channel)) return;
      if (dispatcher.snapshot(message)) {
        replay = new ArrayList<>();
      } else if (replay != null && replay.size() >= queueCapacity) {
        replay = null;
        return;
      }
      if (replay != null) replay.add(message);
    }

    /**
     * Runs {@code task} on the completion executor once this subscription has ended (unsubscribed,
     * refused, overflowed or its connection ended); at once if it has.
     */
    public void whenEnded(Runnable task) {
      requireNonNull(task, "task == null");
      synchronized (Connection.this) {
        if (!ended) {
          whenEnded.add(task);
          return;
        }
      }
      onCompletionExecutor(task);
    }

    /** Called under the connection's lock as the subscription leaves {@code subscriptions}. */
    void ended() {
      if (ended) return;
      ended = true;
      for (Runnable task : whenEnded) onCompletionExecutor(task);
      whenEnded.clear();
    }

    public Q request() {
      return request;
    }

    /**
     * Completes after one ack per symbol (with its holder's, for a shared one); fails on the first
     * error reply, with its error string, and with a {@link CancellationException} when unsubscribed
     * before.
     */
    public CompletableFuture<Sub> acknowledged() {
      return acknowledged;
    }

    /** Messages merged into a queued one because the listener was behind ({@link Backpressure#COALESCE}). */
    public long coalesced() {
      synchronized (queueLock) {
        return coalesced;
      }
    }

    boolean receives(Inbound<M> message) {
      if (channel == null || !channel.equals(message.channel())) return false;
      return symbols.isEmpty() || message.symbol() == null || symbols.contains(message.symbol());
    }

    /** Queues {@code message}; false when the queue overflowed and the subscription failed. */
    boolean offer(Inbound<M> message) {
      synchronized (queueLock) {
        if (failure != null) return true;
        if (queue.size() < queueCapacity) {
          queue.addLast(message);
        } else if (!coalesce(message)) {
          failure = new SubscriptionOverflowException(channel, queueCapacity);
          queue.clear();
          drain();
          return false;
        }
        drain();
        return true;
      }
    }

    private boolean coalesce(Inbound<M> message) {
      if (backpressure != Backpressure.COALESCE || message.coalesceKey() == null) return false;
      List<Inbound<M>> items = new ArrayList<>(queue);
      for (int i = items.size() - 1; i >= 0; i--) {
        Inbound<M> older = items.get(i);
        if (!message.coalesceKey().equals(older.coalesceKey())) continue;
        M merged = dispatcher.coalesce(older.message(), message.message());
        if (merged == null) return false;
        Object detail = older.detail() != null ? older.detail() : message.detail();
        items.set(i, Inbound.channelMessage(older.channel(), older.symbol(), older.coalesceKey(), merged)
            .withDetail(detail));
        queue.clear();
        queue.addAll(items);
        coalesced++;
        return true;
      }
      return false;
    }

    void fail(Throwable cause) {
      if (!acknowledged.isDone()) failLater(acknowledged, cause);
      synchronized (queueLock) {
        if (failure != null) return;
        failure = cause;
        queue.clear();
        drain();
      }
    }

    private void drain() {
      if (draining) return;
      draining = true;
      onCompletionExecutor(this::drainLoop);
    }

    private void drainLoop() {
      while (true) {
        Inbound<M> next;
        Throwable deliverFailure = null;
        synchronized (queueLock) {
          next = queue.pollFirst();
          if (next == null) {
            if (failure != null && !failureDelivered) {
              failureDelivered = true;
              deliverFailure = failure;
            } else {
              draining = false;
              return;
            }
          }
        }
        try {
          if (deliverFailure != null) sink.onFailure(deliverFailure);
          else sink.onMessage(next.message(), next.detail());
        } catch (RuntimeException e) {
          logger.log(Level.WARNING, endpoint + ": a " + channel + " listener threw; the message was dropped", e);
        }
      }
    }
  }

  private final class Listener extends WebSocketListener {
    private final int gen;

    Listener(int gen) {
      this.gen = gen;
    }

    @Override public void onOpen(WebSocket webSocket, Response response) {
      Connection.this.onOpen(gen, webSocket);
    }

    @Override public void onMessage(WebSocket webSocket, String text) {
      onText(gen, text);
    }

    @Override public void onClosing(WebSocket webSocket, int code, String reason) {
      webSocket.close(1000, null);
      onDropped(gen, code, reason, false, OptionalLong.empty());
    }

    @Override public void onClosed(WebSocket webSocket, int code, String reason) {
      onDropped(gen, code, reason, false, OptionalLong.empty());
    }

    @Override public void onFailure(WebSocket webSocket, Throwable t, Response response) {
      boolean upgradeRefused;
      synchronized (Connection.this) {
        upgradeRefused = response != null && socket != webSocket;
      }
      OptionalLong status = upgradeRefused ? OptionalLong.of(response.code()) : OptionalLong.empty();
      String reason = upgradeRefused ? "upgrade refused with HTTP " + response.code() : String.valueOf(t);
      onDropped(gen, ABNORMAL_CLOSURE, reason, true, status);
    }
  }
}
