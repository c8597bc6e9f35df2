package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.runtime.call.BinaryDownload;
import io.github.krakensdk.runtime.call.CallAttempt;
import io.github.krakensdk.runtime.call.CallListener;
import io.github.krakensdk.runtime.call.CallOutcome;
import io.github.krakensdk.runtime.call.RetryPolicy;
import io.github.krakensdk.runtime.call.TimeSource;
import io.github.krakensdk.runtime.call.WarningListener;
import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.errors.KrakenError;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.NonceRejectedException;
import io.github.krakensdk.errors.ServiceError;
import io.github.krakensdk.errors.UnexpectedResponseException;
import io.github.krakensdk.runtime.transport.TransportFailures;
import java.io.IOException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.Supplier;
import okhttp3.Headers;
import okhttp3.MediaType;
import okhttp3.ResponseBody;
import okio.Buffer;
import retrofit2.Call;
import retrofit2.Callback;
import retrofit2.Response;

/**
 * Runs the calls of the generated services of one family: refuses them once the client is closed
 * or when the operation needs credentials the client was not given, paces them by the key's
 * counters, keeps a key's signed requests in order, re-sends a request the service refused for
 * its nonce or for its key's call counter (nothing was executed), retries where the {@link
 * RetryPolicy} allows, turns every failure into a typed {@link KrakenException}, unwraps the
 * result, tells the {@link CallListener}, and completes asynchronous calls on the completion
 * executor. Blocking and asynchronous calls share every rule.
 *
 * <p>An attempt goes through three steps. First it is <em>paced</em>: the key's counters (the
 * {@link RatePacer} of the Spot REST call counter for an authenticated call with a {@link
 * Operation#rateCost() rate cost}, and each {@link Pacing}) say how long it must wait, and it
 * waits on the {@link TimeSource}: a blocking call on its caller's thread, an asynchronous one as
 * a scheduled task. Then it is <em>queued</em> for its key's turn ({@link KeyTurns}): one signed
 * request of a key on the wire at a time, so that nonces, taken by the signer when the request
 * goes out, reach the service in order. Pacing comes before the turn, so a call the counters hold
 * back never holds back a call they do not count (a cancel waits behind no paced ledger query).
 * Then it is <em>sent</em>. A call that could not be sent within {@code maxQueueWait} of being
 * ready (pacing and turn together) fails with a {@link KrakenClientException} that says nothing
 * was sent.
 *
 * <p>{@code EAPI:Rate limit exceeded} means the service executed nothing: the pacer then treats
 * the key's counter as full (another process may use the key too, or this one just started),
 * and the call is paced again and re-sent, whatever the operation, up to three
 * times; with pacing off it reaches the caller. Every attempt is paced:
 * a re-sent or retried request counts again at the service. Retry delays wait on the same time
 * source.
 */
public final class Calls {
  private static final long MAX_ERROR_BODY_BYTES = 64 * 1024;
  private static final System.Logger LOGGER = System.getLogger("io.github.krakensdk");
  /** How often one call is re-signed and re-sent after a nonce rejection before it fails. */
  static final int MAX_NONCE_RESENDS = 3;
  /** How often one call is re-sent after {@code EAPI:Rate limit exceeded} before it fails. */
  static final int MAX_RATE_LIMIT_RESENDS = 3;
  /**
   * How long a call may wait to be sent, by default: longer than any one call's pacing wait on any
   * tier (at most about 9 s at Starter), so only a backlog reaches it, and short enough that a call
   * is not sent on a decision a minute stale.
   */
  public static final Duration DEFAULT_MAX_QUEUE_WAIT = Duration.ofSeconds(60);
  /** Why a call was not sent within {@code maxQueueWait}. */
  private static final String PACED_TOO_LONG = "its key's counters would hold it back longer";
  private static final String QUEUED_TOO_LONG = "the earlier requests of its key took longer";

  private final JsonAdapter<Object> anyJson;
  private final RetryPolicy retryPolicy;
  private final WarningListener warnings;
  private final Executor completion;
  private final RequestHook hook;
  private final ClientLifecycle lifecycle;
  private final String credentialsHint;
  private final KeyTurns turns;
  private final LongAdder nonceResends;
  private final LongAdder rateLimitResends;
  private final RatePacer pacer;
  private final List<Pacing> pacings;
  private final TimeSource time;
  private final Duration maxQueueWait;
  private final CallListener listener;

  private Calls(Builder builder) {
    this.anyJson = builder.moshi.adapter(Object.class);
    this.retryPolicy = builder.retryPolicy;
    this.warnings = builder.warnings;
    this.completion = builder.completion;
    this.hook = builder.hook;
    this.lifecycle = builder.lifecycle;
    this.credentialsHint = builder.credentialsHint;
    this.turns = builder.turns;
    this.nonceResends = builder.nonceResends;
    this.rateLimitResends = builder.rateLimitResends;
    this.pacer = builder.pacer;
    this.pacings = List.copyOf(builder.pacings);
    this.time = builder.time;
    this.maxQueueWait = builder.maxQueueWait;
    this.listener = builder.listener;
  }

  /** Returns {@code maxQueueWait} if it is a bound a call can wait by: not null, not negative. */
  public static Duration checkMaxQueueWait(Duration maxQueueWait) {
    Objects.requireNonNull(maxQueueWait, "maxQueueWait == null");
    if (maxQueueWait.isNegative()) {
      throw new IllegalArgumentException("maxQueueWait must not be negative (was " + maxQueueWait + ")");
    }
    return maxQueueWait;
  }

  /** Starts configuring the calls of one family. */
  public static Builder builder(Moshi moshi) {
    return new Builder(moshi);
  }

  /**
   * Sends the call {@code newCall} builds and returns {@code result} of its body.
   *
   * @param envelope the error part of a 2xx body, or null if the family has none.
   */
  public <R, T> T execute(Operation operation, Supplier<Call<R>> newCall, Function<R, Envelope> envelope,
      Function<R, T> result) {
    return run(operation, null, newCall, response -> complete(operation, response, envelope, result));
  }

  /**
   * Sends a call whose successful answer is binary (a Retrofit method marked {@code @Streaming}
   * returning {@link ResponseBody}) and hands the body back unread, as a {@link BinaryDownload}.
   * When the service answers its JSON error envelope instead, the call fails with the family's
   * typed exception, as any other call does.
   */
  public BinaryDownload download(Operation operation, Supplier<Call<ResponseBody>> newCall) {
    return run(operation, null, newCall, response -> completeDownload(operation, response));
  }

  /** As {@link #download}, completing the future (on the completion executor) instead of blocking. */
  public CompletableFuture<BinaryDownload> downloadAsync(Operation operation, Supplier<Call<ResponseBody>> newCall) {
    return runAsync(operation, null, newCall, response -> completeDownload(operation, response));
  }

  /**
   * As {@link #execute}, completing the future (on the completion executor) instead of blocking;
   * cancelling it cancels the call.
   */
  public <R, T> CompletableFuture<T> executeAsync(Operation operation, Supplier<Call<R>> newCall,
      Function<R, Envelope> envelope, Function<R, T> result) {
    return runAsync(operation, null, newCall, response -> complete(operation, response, envelope, result));
  }

  /**
   * Sends a call the contract does not describe (made on {@link RawApi}) through the same rules
   * as a generated one; returns the unwrapped result as untyped JSON.
   */
  public Object executeRaw(Operation operation, Supplier<Call<Object>> newCall) {
    return execute(operation, newCall, operation.errors()::envelopeOf, operation.errors()::resultOf);
  }

  /** {@link #executeRaw} without blocking. */
  public CompletableFuture<Object> executeRawAsync(Operation operation, Supplier<Call<Object>> newCall) {
    return executeAsync(operation, newCall, operation.errors()::envelopeOf, operation.errors()::resultOf);
  }

  /**
   * As {@link #execute(Operation, Supplier, Function, Function)}, for a call made from {@code
   * request} (the generated {@code <OperationId>Request}): the {@link RequestHook} sees it before
   * anything is sent, and the result after; the pacings count it.
   */
  public <R, T> T execute(Operation operation, Object request, Supplier<Call<R>> newCall,
      Function<R, Envelope> envelope, Function<R, T> result) {
    Function<R, T> observed = observed(operation, request, result);
    return run(operation, request, hooked(operation, request, newCall),
        response -> complete(operation, response, envelope, observed));
  }

  /** As {@link #executeAsync(Operation, Supplier, Function, Function)}, for a call made from {@code request}. */
  public <R, T> CompletableFuture<T> executeAsync(Operation operation, Object request, Supplier<Call<R>> newCall,
      Function<R, Envelope> envelope, Function<R, T> result) {
    Function<R, T> observed = observed(operation, request, result);
    return runAsync(operation, request, hooked(operation, request, newCall),
        response -> complete(operation, response, envelope, observed));
  }

  /** As {@link #download(Operation, Supplier)}, for a call made from {@code request}. */
  public BinaryDownload download(Operation operation, Object request, Supplier<Call<ResponseBody>> newCall) {
    return run(operation, request, hooked(operation, request, newCall),
        response -> completeDownload(operation, response));
  }

  /** As {@link #downloadAsync(Operation, Supplier)}, for a call made from {@code request}. */
  public CompletableFuture<BinaryDownload> downloadAsync(Operation operation, Object request,
      Supplier<Call<ResponseBody>> newCall) {
    return runAsync(operation, request, hooked(operation, request, newCall),
        response -> completeDownload(operation, response));
  }

  /**
   * {@code newCall} after the hook passed {@code request}. Every path asks for the call once, after
   * the client's own checks and before sending, so a refusal here sends nothing.
   */
  private <R> Supplier<Call<R>> hooked(Operation operation, Object request, Supplier<Call<R>> newCall) {
    if (hook == null) {
      return newCall;
    }
    return () -> {
      hook.beforeSend(operation.id(), request);
      return newCall.get();
    };
  }

  /** {@code result}, then the hook and the pacings of {@code operation} learn the value. */
  private <R, T> Function<R, T> observed(Operation operation, Object request, Function<R, T> result) {
    List<Pacing> pacing = pacingsOf(operation);
    if (hook == null && pacing.isEmpty()) {
      return result;
    }
    return body -> {
      T value = result.apply(body);
      if (value != null) {
        if (hook != null) {
          hook.afterResult(operation.id(), request, value);
        }
        for (Pacing each : pacing) {
          each.onResult(operation, request, value);
        }
      }
      return value;
    };
  }

  /** The pacings that count {@code operation}: none, for most calls, without allocating. */
  private List<Pacing> pacingsOf(Operation operation) {
    if (pacings.isEmpty()) {
      return pacings;
    }
    List<Pacing> counting = null;
    for (Pacing pacing : pacings) {
      if (pacing.paces(operation)) {
        if (counting == null) {
          counting = new ArrayList<>(pacings.size());
        }
        counting.add(pacing);
      }
    }
    return counting == null ? List.of() : counting;
  }

  /** How many requests were re-signed and re-sent after a nonce rejection, by every family. */
  public long nonceResends() {
    return nonceResends.sum();
  }

  /** How many requests were re-sent after {@code EAPI:Rate limit exceeded}, by every family. */
  public long rateLimitResends() {
    return rateLimitResends.sum();
  }

  private void checkCallable(Operation operation) {
    lifecycle.checkOpen(operation.id());
    if (operation.authenticated() && credentialsHint != null) {
      throw new KrakenClientException(operation.id(), "the operation needs credentials this client was not given;"
          + " set them with KrakenClient.builder()." + credentialsHint, null);
    }
  }

  private boolean ordered(Operation operation) {
    return turns != null && operation.authenticated();
  }

  /** Sends the call, re-sending and retrying by the rules, and turns its response into the result. */
  private <R, T> T run(Operation operation, Object request, Supplier<Call<R>> newCall,
      Function<Response<R>, T> completer) {
    checkCallable(operation);
    Run<R> run = new Run<>(operation, request, newCall.get());
    while (true) {
      KrakenException failure;
      try {
        T value = attempt(run, completer);
        run.end(null);
        return value;
      } catch (KrakenException e) {
        failure = e;
      }
      Duration delay = run.afterFailure(failure);
      if (delay == null) {
        throw run.end(failure);
      }
      try {
        if (!delay.isZero()) {
          time.sleep(delay);
        }
        checkCallable(operation); // the client may have been closed meanwhile
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw run.end(failure);
      } catch (KrakenException closed) {
        throw run.end(closed);
      }
      run.call = run.call.clone(); // signed again, with a fresh nonce
    }
  }

  /** One attempt on the calling thread: paced, queued for the key's turn, admitted, sent. */
  private <R, T> T attempt(Run<R> run, Function<Response<R>, T> completer) {
    Operation operation = run.operation;
    Duration paced = run.pace();
    if (paced == null) {
      throw run.notSent(Duration.ZERO, Duration.ZERO, PACED_TOO_LONG);
    }
    long queuedNanos = 0;
    boolean holdsTurn;
    Duration wait = paced;
    while (true) {
      waitPaced(run, wait, paced, queuedNanos);
      long queueStart = System.nanoTime();
      holdsTurn = false;
      if (ordered(operation)) {
        try {
          holdsTurn = turns.acquire(maxQueueWait.minus(paced).minusNanos(queuedNanos));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw run.attemptFailed(paced, Duration.ofNanos(queuedNanos + (System.nanoTime() - queueStart)),
              Duration.ZERO, 0, new KrakenClientException(operation.id(),
                  "interrupted while waiting for an earlier request on the same key; nothing was sent", e));
        }
      }
      if (ordered(operation)) {
        queuedNanos += System.nanoTime() - queueStart; // unordered calls queue for nothing
      }
      if (ordered(operation) && !holdsTurn) {
        throw run.notSent(paced, Duration.ofNanos(queuedNanos), QUEUED_TOO_LONG);
      }
      Duration more = run.admit();
      if (more.isZero()) {
        break;
      }
      if (holdsTurn) {
        turns.release(); // sent late, behind others: wait for the counter without holding the key
      }
      paced = paced.plus(more);
      wait = more;
      if (paced.plusNanos(queuedNanos).compareTo(maxQueueWait) > 0) {
        throw run.notSent(paced, Duration.ofNanos(queuedNanos), PACED_TOO_LONG);
      }
    }
    Duration queued = Duration.ofNanos(queuedNanos);
    long wireStart = System.nanoTime();
    Response<R> response;
    try {
      response = run.call.execute();
    } catch (IOException e) {
      throw run.attemptFailed(paced, queued, since(wireStart), 0, fromIOException(operation, e));
    } finally {
      if (holdsTurn) {
        turns.release();
      }
    }
    try {
      T value = completer.apply(response);
      run.attemptSucceeded(paced, queued, since(wireStart), response.code());
      return value;
    } catch (KrakenException e) {
      throw run.attemptFailed(paced, queued, since(wireStart), response.code(), e);
    }
  }

  /**
   * Sleeps {@code wait} on the time source, part of the attempt's {@code paced} time; the client
   * must still be open after.
   */
  private void waitPaced(Run<?> run, Duration wait, Duration paced, long queuedNanos) {
    if (wait.isZero()) {
      return;
    }
    try {
      time.sleep(wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw run.attemptFailed(paced, Duration.ofNanos(queuedNanos), Duration.ZERO, 0,
          new KrakenClientException(run.operation.id(),
              "interrupted while waiting for the key's counters to decay; nothing was sent", e));
    }
    try {
      checkCallable(run.operation); // the client may have been closed meanwhile
    } catch (KrakenException closed) {
      throw run.attemptFailed(paced, Duration.ofNanos(queuedNanos), Duration.ZERO, 0, closed);
    }
  }

  private <R, T> CompletableFuture<T> runAsync(Operation operation, Object request, Supplier<Call<R>> newCall,
      Function<Response<R>, T> completer) {
    CompletableFuture<T> future = new CompletableFuture<>();
    Run<R> run;
    try {
      checkCallable(operation);
      run = new Run<>(operation, request, newCall.get());
    } catch (RuntimeException e) {
      future.completeExceptionally(e);
      return future;
    }
    future.whenComplete((value, error) -> {
      if (future.isCancelled()) {
        run.call.cancel();
      }
    });
    new AsyncAttempt<>(run, completer, future).start();
    return future;
  }

  private static Duration since(long nanoTime) {
    return Duration.ofNanos(System.nanoTime() - nanoTime);
  }

  /** One call's attempts so far: what to send next, and what the listener is told. */
  private final class Run<R> {
    final Operation operation;
    final Object request;
    /** The pacings that count this call's operation. */
    final List<Pacing> pacing;
    final long started = System.nanoTime();
    volatile Call<R> call;
    /** The policy's count: 1, then one more per retry (re-sends are not retries). */
    int policyAttempt = 1;
    int attempts;
    int retries;
    int nonceResent;
    int rateLimitResent;
    long pacedNanos;
    long queuedNanos;
    CallAttempt.Reason reason = CallAttempt.Reason.FIRST;

    Run(Operation operation, Object request, Call<R> call) {
      this.operation = operation;
      this.request = request;
      this.pacing = pacingsOf(operation);
      this.call = call;
    }

    /**
     * Counts this attempt on every counter that paces it and returns the longest wait they ask;
     * null when that is longer than {@code maxQueueWait} (the call is then not sent).
     */
    Duration pace() {
      Duration longest = Duration.ZERO;
      int cost = restCost();
      if (cost > 0) {
        longest = pacer.reserve(cost, maxQueueWait);
        if (longest == null) {
          return null;
        }
      }
      for (Pacing each : pacing) {
        Duration wait = each.reserve(operation, request, maxQueueWait);
        if (wait == null) {
          return null;
        }
        if (wait.compareTo(longest) > 0) {
          longest = wait;
        }
      }
      return longest;
    }

    /**
     * Just before the attempt is sent: zero if the key's call counter, as the calls actually sent
     * left it, has room for it (it is then counted as sent), else how long until it has.
     */
    Duration admit() {
      int cost = restCost();
      return cost > 0 ? pacer.admit(cost) : Duration.ZERO;
    }

    /** What the attempt costs on the key's REST call counter; 0 when that counter does not pace it. */
    private int restCost() {
      if (pacer == null || !operation.authenticated()) {
        return 0;
      }
      // A re-send after the counter was full waits for room for one call at least.
      return reason == CallAttempt.Reason.RATE_LIMIT_RESEND ? Math.max(1, operation.rateCost()) : operation.rateCost();
    }

    /**
     * After a failed attempt: the wait before the next one (zero to send it at once; its pacing
     * comes on top), or null to give up.
     */
    Duration afterFailure(KrakenException failure) {
      if (pacer != null) {
        pacer.onFailure(failure);
      }
      for (Pacing each : pacing) {
        each.onFailure(operation, request, failure);
      }
      if (failure instanceof NonceRejectedException && nonceResent < MAX_NONCE_RESENDS) {
        nonceResent++;
        nonceResends.increment();
        reason = CallAttempt.Reason.NONCE_RESEND;
        return Duration.ZERO;
      }
      if (pacer != null && operation.authenticated() && RatePacer.saysCounterFull(failure)
          && rateLimitResent < MAX_RATE_LIMIT_RESENDS) {
        rateLimitResent++;
        rateLimitResends.increment();
        reason = CallAttempt.Reason.RATE_LIMIT_RESEND;
        // The pacer, which now counts the key's counter as full, sets the wait; a Retry-After too.
        return failure.retryAfter().orElse(Duration.ZERO);
      }
      Duration delay = retryPolicy.delayBefore(policyAttempt + 1, operation.safeToRetry(), failure);
      if (delay != null) {
        policyAttempt++;
        retries++;
        reason = CallAttempt.Reason.RETRY;
      }
      return delay;
    }

    void attemptSucceeded(Duration paced, Duration queued, Duration wire, int status) {
      attemptEnd(paced, queued, wire, status, null);
    }

    KrakenException attemptFailed(Duration paced, Duration queued, Duration wire, int status,
        KrakenException failure) {
      attemptEnd(paced, queued, wire, status == 0 ? failure.httpStatus() : status, failure);
      return failure;
    }

    /** The failure of an attempt that waited {@code paced} and {@code queued} and was not sent. */
    KrakenException notSent(Duration paced, Duration queued, String why) {
      return attemptFailed(paced, queued, Duration.ZERO, 0, new KrakenClientException(operation.id(),
          "not sent: it could not be sent within maxQueueWait (" + maxQueueWait + "): " + why, null));
    }

    private void attemptEnd(Duration paced, Duration queued, Duration wire, int status, KrakenException failure) {
      attempts++;
      pacedNanos += paced.toNanos();
      queuedNanos += queued.toNanos();
      if (listener == CallListener.NONE) {
        return; // nobody listens: no records on every call
      }
      CallAttempt attempt = CallAttempt.builder().operationId(operation.id()).number(attempts).reason(reason)
          .paced(paced).queued(queued).onTheWire(wire).httpStatus(Math.max(0, status)).failure(failure).build();
      try {
        listener.attemptEnd(attempt);
      } catch (RuntimeException e) {
        LOGGER.log(System.Logger.Level.WARNING, "CallListener.attemptEnd threw; ignored", e);
      }
    }

    /** Tells the listener the call ended with {@code failure} (null: succeeded); returns it. */
    KrakenException end(KrakenException failure) {
      if (listener == CallListener.NONE) {
        return failure;
      }
      CallOutcome outcome = CallOutcome.builder().operationId(operation.id()).attempts(attempts).retries(retries)
          .nonceResends(nonceResent).rateLimitResends(rateLimitResent).paced(Duration.ofNanos(pacedNanos))
          .queued(Duration.ofNanos(queuedNanos)).duration(since(started)).failure(failure).build();
      try {
        listener.callEnd(outcome);
      } catch (RuntimeException e) {
        LOGGER.log(System.Logger.Level.WARNING, "CallListener.callEnd threw; ignored", e);
      }
      return failure;
    }
  }

  private final class AsyncAttempt<R, T> {
    private final Run<R> run;
    private final Function<Response<R>, T> completer;
    private final CompletableFuture<T> future;

    AsyncAttempt(Run<R> run, Function<Response<R>, T> completer, CompletableFuture<T> future) {
      this.run = run;
      this.completer = completer;
      this.future = future;
    }

    /** Paces the attempt: sends it to its turn at once, or from the time source once the wait passed. */
    void start() {
      Duration paced;
      try {
        paced = run.pace();
      } catch (RuntimeException e) {
        completeOffIoThread(() -> future.completeExceptionally(e));
        return;
      }
      if (paced == null) {
        fail(run.notSent(Duration.ZERO, Duration.ZERO, PACED_TOO_LONG));
        return;
      }
      waitThenQueue(paced, paced, 0);
    }

    /** Waits {@code wait} (part of {@code paced}) on the time source, then queues for the turn. */
    private void waitThenQueue(Duration wait, Duration paced, long queuedNanos) {
      if (wait.isZero()) {
        queue(paced, queuedNanos);
        return;
      }
      time.schedule(wait, () -> {
        if (future.isDone()) {
          return; // cancelled while paced
        }
        try {
          checkCallable(run.operation); // the client may have been closed meanwhile
        } catch (KrakenException closed) {
          fail(run.attemptFailed(paced, Duration.ofNanos(queuedNanos), Duration.ZERO, 0, closed));
          return;
        }
        queue(paced, queuedNanos);
      });
    }

    /**
     * Sends now, or when the key's earlier requests are done if ordered; fails the call unsent if
     * its turn has not come within what is left of {@code maxQueueWait}. Nothing here blocks.
     */
    private void queue(Duration paced, long queuedBefore) {
      if (!ordered(run.operation)) {
        admitThenSend(paced, queuedBefore, false);
        return;
      }
      long queueStart = System.nanoTime();
      AtomicBoolean decided = new AtomicBoolean();
      turns.whenFree(() -> {
        if (!decided.compareAndSet(false, true) || future.isDone()) {
          turns.release(); // timed out or cancelled while waiting: nothing to send
          return;
        }
        admitThenSend(paced, queuedBefore + (System.nanoTime() - queueStart), true);
      });
      if (!decided.get()) {
        Duration left = maxQueueWait.minus(paced).minusNanos(queuedBefore);
        // Real time, whatever the time source: the turn waits for real requests to end.
        TimeSource.system().schedule(left.isNegative() ? Duration.ZERO : left, () -> {
          if (decided.compareAndSet(false, true)) {
            fail(run.notSent(paced, Duration.ofNanos(queuedBefore + (System.nanoTime() - queueStart)),
                QUEUED_TOO_LONG));
          }
        });
      }
    }

    /**
     * Sends the attempt if the key's call counter, as the calls actually sent left it, has room;
     * else gives the turn back and waits for the counter again.
     */
    private void admitThenSend(Duration paced, long queuedNanos, boolean holdsTurn) {
      Duration more;
      try {
        more = run.admit();
      } catch (RuntimeException e) {
        if (holdsTurn) {
          turns.release();
        }
        completeOffIoThread(() -> future.completeExceptionally(e));
        return;
      }
      if (more.isZero()) {
        send(paced, Duration.ofNanos(queuedNanos), holdsTurn);
        return;
      }
      if (holdsTurn) {
        turns.release(); // sent late, behind others: wait for the counter without holding the key
      }
      Duration longer = paced.plus(more);
      if (longer.plusNanos(queuedNanos).compareTo(maxQueueWait) > 0) {
        fail(run.notSent(longer, Duration.ofNanos(queuedNanos), PACED_TOO_LONG));
        return;
      }
      waitThenQueue(more, longer, queuedNanos);
    }

    private void send(Duration paced, Duration queued, boolean holdsTurn) {
      if (future.isDone()) {
        if (holdsTurn) {
          turns.release();
        }
        return;
      }
      long wireStart = System.nanoTime();
      run.call.enqueue(new Callback<R>() {
        @Override
        public void onResponse(Call<R> call, Response<R> response) {
          if (holdsTurn) {
            turns.release();
          }
          T value;
          try {
            value = completer.apply(response);
          } catch (KrakenException e) {
            retryOrFail(run.attemptFailed(paced, queued, since(wireStart), response.code(), e));
            return;
          } catch (RuntimeException e) {
            completeOffIoThread(() -> future.completeExceptionally(e));
            return;
          }
          run.attemptSucceeded(paced, queued, since(wireStart), response.code());
          run.end(null);
          completeOffIoThread(() -> {
            if (!future.complete(value)) {
              closeQuietly(value); // cancelled meanwhile: a download nobody reads would hold a connection
            }
          });
        }

        @Override
        public void onFailure(Call<R> call, Throwable t) {
          if (holdsTurn) {
            turns.release();
          }
          if (t instanceof IOException io) {
            retryOrFail(run.attemptFailed(paced, queued, since(wireStart), 0, fromIOException(run.operation, io)));
          } else {
            completeOffIoThread(() -> future.completeExceptionally(t));
          }
        }
      });
    }

    private void retryOrFail(KrakenException failure) {
      Duration delay = run.afterFailure(failure);
      if (delay == null) {
        fail(failure);
        return;
      }
      if (delay.isZero()) {
        again();
        return;
      }
      time.schedule(delay, this::again);
    }

    /** The next attempt, signed again with a fresh nonce. */
    private void again() {
      if (future.isDone()) {
        return;
      }
      try {
        checkCallable(run.operation);
      } catch (KrakenException closed) {
        fail(closed);
        return;
      }
      run.call = run.call.clone();
      start();
    }

    private void fail(KrakenException failure) {
      run.end(failure);
      completeOffIoThread(() -> future.completeExceptionally(failure));
    }
  }

  /**
   * Completes a future on the completion executor, so that a caller's dependent stages never run
   * on (and never stall) an OkHttp thread. Once the executor refuses work (the client is closed),
   * the completion runs here: the caller must still learn the outcome.
   */
  private void completeOffIoThread(Runnable completion) {
    try {
      this.completion.execute(completion);
    } catch (RejectedExecutionException closed) {
      completion.run();
    }
  }

  private <R, T> T complete(Operation operation, Response<R> response, Function<R, Envelope> envelope,
      Function<R, T> result) {
    int status = response.code();
    if (!response.isSuccessful()) {
      throw fromErrorResponse(operation, status, response.headers(), response.errorBody());
    }
    R body = response.body();
    if (body == null) {
      // Retrofit skips decoding for 204 and 205; otherwise the body was the JSON literal null.
      String excerpt = status == 204 || status == 205 ? "" : "null";
      throw new UnexpectedResponseException(operation.id(), status, "no body", excerpt, null);
    }
    if (envelope != null) {
      Envelope errors = envelope.apply(body);
      if (errors.malformed != null) {
        throw new UnexpectedResponseException(operation.id(), status, errors.malformed, excerptOf(body), null);
      }
      if (errors.failed) {
        throw operation.errors().toException(ServiceError.builder().operationId(operation.id()).httpStatus(status)
            .errors(errors.errors).code(errors.code).retryAfter(retryAfter(response.headers())).bodyExcerpt("")
            .requestId(requestId(response.headers())).build());
      }
      if (!errors.errors.isEmpty()) {
        warnings.onWarnings(operation.id(), errors.errors.stream().map(KrakenError::parse).toList());
      }
    }
    T value = result.apply(body);
    if (value == null) {
      throw new UnexpectedResponseException(operation.id(), status, "no result in the body", excerptOf(body), null);
    }
    return value;
  }

  /**
   * A binary answer as a {@link BinaryDownload}, unread; a JSON answer in its place is the
   * family's error envelope, which fails the call like the envelope of any other operation.
   */
  private BinaryDownload completeDownload(Operation operation, Response<ResponseBody> response) {
    int status = response.code();
    if (!response.isSuccessful()) {
      throw fromErrorResponse(operation, status, response.headers(), response.errorBody());
    }
    ResponseBody body = response.body();
    if (body == null) {
      throw new UnexpectedResponseException(operation.id(), status, "no body", "", null);
    }
    MediaType type = body.contentType();
    if (!ResponseDecoding.isJson(type)) {
      return new BinaryDownload(type == null ? null : type.toString(), body.contentLength(), body.byteStream());
    }
    String text;
    try (body) {
      Buffer buffer = new Buffer();
      body.source().read(buffer, MAX_ERROR_BODY_BYTES);
      text = buffer.readUtf8();
    } catch (IOException e) {
      throw fromIOException(operation, e);
    }
    Object json;
    try {
      json = anyJson.fromJson(text);
    } catch (IOException | RuntimeException notJson) {
      json = null;
    }
    String excerpt = text.length() <= ResponseDecoding.EXCERPT_CHARS ? text
        : text.substring(0, ResponseDecoding.EXCERPT_CHARS) + "…";
    Envelope errors = json == null ? null : operation.errors().envelopeOf(json);
    if (errors != null && errors.failed) {
      throw operation.errors().toException(ServiceError.builder().operationId(operation.id()).httpStatus(status)
          .errors(errors.errors).code(errors.code).retryAfter(retryAfter(response.headers())).bodyExcerpt(excerpt)
          .requestId(requestId(response.headers())).build());
    }
    throw new UnexpectedResponseException(operation.id(), status,
        json == null ? "a JSON content type on a body that is not JSON, where a binary body was expected"
            : "a JSON answer without an error, where a binary body was expected", excerpt, null);
  }

  /** Closes a result that holds a connection (a download); other results hold nothing. */
  private static void closeQuietly(Object value) {
    if (value instanceof BinaryDownload download) {
      try {
        download.close();
      } catch (IOException ignored) {
        // Releasing a connection nobody reads: nothing to report to anyone.
      }
    }
  }

  /** The decoded body written back, for a failure's message (the raw bytes are gone by now). */
  private String excerptOf(Object body) {
    try {
      String json = anyJson.toJson(body);
      return json.length() <= ResponseDecoding.EXCERPT_CHARS ? json
          : json.substring(0, ResponseDecoding.EXCERPT_CHARS) + "…";
    } catch (RuntimeException e) {
      return String.valueOf(body);
    }
  }

  private KrakenException fromErrorResponse(Operation operation, int status, Headers headers, ResponseBody body) {
    String text = "";
    if (body != null) {
      try (body) {
        Buffer buffer = new Buffer();
        body.source().read(buffer, MAX_ERROR_BODY_BYTES);
        text = buffer.readUtf8();
      } catch (IOException e) {
        return fromIOException(operation, e);
      }
    }
    Object json = null;
    try {
      json = text.isBlank() ? null : anyJson.fromJson(text);
    } catch (IOException | RuntimeException notJson) {
      // Not JSON (a proxy's HTML page, a cut body): decided by the status alone below.
    }
    ErrorModel.ParsedBody parsed = operation.errors().read(json);
    String excerpt = text.length() <= ResponseDecoding.EXCERPT_CHARS ? text
        : text.substring(0, ResponseDecoding.EXCERPT_CHARS) + "…";
    if (parsed.errors().isEmpty() && status != 429 && status != 401) {
      return new UnexpectedResponseException(operation.id(), status, retryAfter(headers),
          json == null ? "error response that is not JSON" : "error response without an error", excerpt, null);
    }
    return operation.errors().toException(ServiceError.builder().operationId(operation.id()).httpStatus(status)
        .errors(parsed.errors()).code(parsed.code()).errorDescription(parsed.description())
        .retryAfter(retryAfter(headers)).bodyExcerpt(excerpt).requestId(requestId(headers)).build());
  }

  /**
   * What an {@link IOException} of the call means: an undecodable body is an unexpected response;
   * the rest follows {@link TransportFailures}: a failure an interceptor raised (a body that cannot
   * be signed, an OAuth grant that is gone) is reported as it is, named after this operation, and
   * a write that may have reached the service is a transport failure whose outcome is unknown.
   */
  private static KrakenException fromIOException(Operation operation, IOException e) {
    if (e instanceof UndecodableBodyException undecodable) {
      return new UnexpectedResponseException(operation.id(), undecodable.httpStatus,
          undecodable.problem, undecodable.excerpt, e.getCause());
    }
    return TransportFailures.toKrakenException(operation.id(), e);
  }

  /** The service's request identifier: {@code X-Request-Id}, else {@code CF-Ray}; null if neither. */
  static String requestId(Headers headers) {
    String id = headers.get("X-Request-Id");
    return id != null ? id : headers.get("CF-Ray");
  }

  /** {@code Retry-After} as seconds or an HTTP date; null if absent or unreadable. */
  static Duration retryAfter(Headers headers) {
    String value = headers.get("Retry-After");
    if (value == null) {
      return null;
    }
    try {
      return Duration.ofSeconds(Math.max(0, Long.parseLong(value.trim())));
    } catch (NumberFormatException notSeconds) {
      try {
        Duration until = Duration.between(ZonedDateTime.now(),
            ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME));
        return until.isNegative() ? Duration.ZERO : until;
      } catch (DateTimeParseException unreadable) {
        return null;
      }
    }
  }

  /** Configures the {@link Calls} of one family; {@code KrakenClient} does this. */
  public static final class Builder {
    private final Moshi moshi;
    private RetryPolicy retryPolicy = RetryPolicy.none();
    private WarningListener warnings = WarningListener.logging();
    private Executor completion = Runnable::run;
    private RequestHook hook;
    private ClientLifecycle lifecycle = new ClientLifecycle();
    private String credentialsHint;
    private KeyTurns turns;
    private LongAdder nonceResends = new LongAdder();
    private LongAdder rateLimitResends = new LongAdder();
    private RatePacer pacer;
    private final List<Pacing> pacings = new ArrayList<>();
    private Duration maxQueueWait = DEFAULT_MAX_QUEUE_WAIT;
    private CallListener listener = CallListener.NONE;
    private TimeSource time = TimeSource.system();

    private Builder(Moshi moshi) {
      this.moshi = Objects.requireNonNull(moshi, "moshi == null");
    }

    public Builder retryPolicy(RetryPolicy retryPolicy) {
      this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy == null");
      return this;
    }

    public Builder warnings(WarningListener warnings) {
      this.warnings = Objects.requireNonNull(warnings, "warnings == null");
      return this;
    }

    /** Where asynchronous calls complete; the default runs completions on the calling thread. */
    public Builder completionExecutor(Executor completion) {
      this.completion = Objects.requireNonNull(completion, "completion == null");
      return this;
    }

    /** Sees every request object before it is sent, and may refuse it; null (the default) for none. */
    public Builder requestHook(RequestHook hook) {
      this.hook = hook;
      return this;
    }

    /** The client's open/closed state, shared by its families. */
    public Builder lifecycle(ClientLifecycle lifecycle) {
      this.lifecycle = Objects.requireNonNull(lifecycle, "lifecycle == null");
      return this;
    }

    /**
     * Marks the family's credentials as missing: authenticated operations then fail before
     * sending, naming {@code builderMethod} (such as {@code spotCredentials(...)}) as the fix.
     */
    public Builder credentialsMissing(String builderMethod) {
      this.credentialsHint = Objects.requireNonNull(builderMethod, "builderMethod == null");
      return this;
    }

    /** Keeps authenticated requests in order on {@code turns}; null sends them as they come. */
    public Builder ordering(KeyTurns turns) {
      this.turns = turns;
      return this;
    }

    /** Counts re-sends after nonce rejections; shared by the families of one client. */
    public Builder nonceResends(LongAdder nonceResends) {
      this.nonceResends = Objects.requireNonNull(nonceResends, "nonceResends == null");
      return this;
    }

    /**
     * Paces authenticated operations that have a rate cost by {@code pacer}, the copy of the
     * family's key's call counter; null (the default) sends them as they come.
     */
    public Builder pacing(RatePacer pacer) {
      this.pacer = pacer;
      return this;
    }

    /** Counts re-sends after {@code EAPI:Rate limit exceeded}; shared by the families of one client. */
    public Builder rateLimitResends(LongAdder rateLimitResends) {
      this.rateLimitResends = Objects.requireNonNull(rateLimitResends, "rateLimitResends == null");
      return this;
    }

    /** Adds a limit the family's calls are paced by, besides the call counter of {@link #pacing}. */
    public Builder addPacing(Pacing pacing) {
      pacings.add(Objects.requireNonNull(pacing, "pacing == null"));
      return this;
    }

    /**
     * How long a call may wait, paced and queued for its key's turn, before it fails unsent;
     * {@link #DEFAULT_MAX_QUEUE_WAIT} by default.
     */
    public Builder maxQueueWait(Duration maxQueueWait) {
      this.maxQueueWait = checkMaxQueueWait(maxQueueWait);
      return this;
    }

    /** Sees every attempt and call; {@link CallListener#NONE} by default. */
    public Builder callListener(CallListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener == null");
      return this;
    }

    /** What pacing and retry delays wait on; {@link TimeSource#system()} by default. */
    public Builder timeSource(TimeSource time) {
      this.time = Objects.requireNonNull(time, "time == null");
      return this;
    }

    public Calls build() {
      return new Calls(this);
    }
  }
}
