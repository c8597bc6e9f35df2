package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.runtime.call.BinaryDownload;
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
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.atomic.AtomicReference;
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
 * or when the operation needs credentials the client was not given, keeps a key's signed
 * requests in order, re-sends a request the service refused for its nonce (nothing was executed),
 * retries where the {@link RetryPolicy} allows, turns every failure into a typed {@link
 * KrakenException}, unwraps the result, and completes asynchronous calls on the completion
 * executor. Blocking and asynchronous calls share every rule.
 *
 * <p>With a {@link RatePacer}, an authenticated call that has a {@link Operation#rateCost() rate
 * cost} first waits until the key's call counter has room for it. It waits inside its key's turn,
 * before it is handed to OkHttp (where the signer takes its nonce), so the requests of a key stay
 * in the order they were asked for and their nonces rise in that order: a blocking call waits on
 * its caller's thread, an asynchronous one is scheduled on the {@link TimeSource} and holds its
 * turn meanwhile, so no OkHttp thread ever waits. Every attempt is paced: a re-sent or retried
 * request counts again at the service. Retry delays wait on the same time source.
 */
public final class Calls {
  private static final long MAX_ERROR_BODY_BYTES = 64 * 1024;
  /** How often one call is re-signed and re-sent after a nonce rejection before it fails. */
  static final int MAX_NONCE_RESENDS = 3;

  private final JsonAdapter<Object> anyJson;
  private final RetryPolicy retryPolicy;
  private final WarningListener warnings;
  private final Executor completion;
  private final RequestHook hook;
  private final ClientLifecycle lifecycle;
  private final String credentialsHint;
  private final KeyTurns turns;
  private final LongAdder nonceResends;
  private final RatePacer pacer;
  private final TimeSource time;

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
    this.pacer = builder.pacer;
    this.time = builder.time;
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
    return run(operation, newCall, response -> complete(operation, response, envelope, result));
  }

  /**
   * Sends a call whose successful answer is binary (a Retrofit method marked {@code @Streaming}
   * returning {@link ResponseBody}) and hands the body back unread, as a {@link BinaryDownload}.
   * When the service answers its JSON error envelope instead, the call fails with the family's
   * typed exception, as any other call does.
   */
  public BinaryDownload download(Operation operation, Supplier<Call<ResponseBody>> newCall) {
    return run(operation, newCall, response -> completeDownload(operation, response));
  }

  /** As {@link #download}, completing the future (on the completion executor) instead of blocking. */
  public CompletableFuture<BinaryDownload> downloadAsync(Operation operation, Supplier<Call<ResponseBody>> newCall) {
    return runAsync(operation, newCall, response -> completeDownload(operation, response));
  }

  /** Sends the call, re-sending and retrying by the rules, and turns its response into the result. */
  private <R, T> T run(Operation operation, Supplier<Call<R>> newCall, Function<Response<R>, T> completer) {
    checkCallable(operation);
    Call<R> call = newCall.get();
    int resends = 0;
    for (int attempt = 1; ; ) {
      KrakenException failure;
      try {
        return completer.apply(send(operation, call));
      } catch (IOException e) {
        failure = fromIOException(operation, e);
      } catch (KrakenException e) {
        failure = e;
      }
      if (paced(operation)) {
        pacer.onFailure(failure);
      }
      if (failure instanceof NonceRejectedException && resends < MAX_NONCE_RESENDS) {
        resends++;
        nonceResends.increment();
        call = call.clone(); // the signing interceptor signs the new attempt with a fresh nonce
        continue;
      }
      Duration delay = retryPolicy.delayBefore(++attempt, operation.safeToRetry(), failure);
      if (delay == null) {
        throw failure;
      }
      try {
        time.sleep(delay);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw failure;
      }
      checkCallable(operation);
      call = call.clone();
    }
  }

  /**
   * As {@link #execute}, completing the future (on the completion executor) instead of blocking;
   * cancelling it cancels the call.
   */
  public <R, T> CompletableFuture<T> executeAsync(Operation operation, Supplier<Call<R>> newCall,
      Function<R, Envelope> envelope, Function<R, T> result) {
    return runAsync(operation, newCall, response -> complete(operation, response, envelope, result));
  }

  private <R, T> CompletableFuture<T> runAsync(Operation operation, Supplier<Call<R>> newCall,
      Function<Response<R>, T> completer) {
    CompletableFuture<T> future = new CompletableFuture<>();
    Call<R> call;
    try {
      checkCallable(operation);
      call = newCall.get();
    } catch (RuntimeException e) {
      future.completeExceptionally(e);
      return future;
    }
    AtomicReference<Call<R>> current = new AtomicReference<>(call);
    future.whenComplete((value, error) -> {
      if (future.isCancelled()) {
        current.get().cancel();
      }
    });
    new AsyncAttempt<>(operation, completer, future, current).start(call, 1, 0);
    return future;
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
   * anything is sent, and the result after.
   */
  public <R, T> T execute(Operation operation, Object request, Supplier<Call<R>> newCall,
      Function<R, Envelope> envelope, Function<R, T> result) {
    return execute(operation, hooked(operation, request, newCall), envelope, observed(operation, request, result));
  }

  /** As {@link #executeAsync(Operation, Supplier, Function, Function)}, for a call made from {@code request}. */
  public <R, T> CompletableFuture<T> executeAsync(Operation operation, Object request, Supplier<Call<R>> newCall,
      Function<R, Envelope> envelope, Function<R, T> result) {
    return executeAsync(operation, hooked(operation, request, newCall), envelope, observed(operation, request, result));
  }

  /** As {@link #download(Operation, Supplier)}, for a call made from {@code request}. */
  public BinaryDownload download(Operation operation, Object request, Supplier<Call<ResponseBody>> newCall) {
    return download(operation, hooked(operation, request, newCall));
  }

  /** As {@link #downloadAsync(Operation, Supplier)}, for a call made from {@code request}. */
  public CompletableFuture<BinaryDownload> downloadAsync(Operation operation, Object request,
      Supplier<Call<ResponseBody>> newCall) {
    return downloadAsync(operation, hooked(operation, request, newCall));
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

  private <R, T> Function<R, T> observed(Operation operation, Object request, Function<R, T> result) {
    if (hook == null) {
      return result;
    }
    return body -> {
      T value = result.apply(body);
      if (value != null) {
        hook.afterResult(operation.id(), request, value);
      }
      return value;
    };
  }

  /** How many requests were re-signed and re-sent after a nonce rejection, by every family. */
  public long nonceResends() {
    return nonceResends.sum();
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

  /** Whether the key's call counter paces {@code operation}. */
  private boolean paced(Operation operation) {
    return pacer != null && operation.authenticated() && operation.rateCost() > 0;
  }

  /** How long {@code operation} must wait for the call counter; zero when it is not paced. */
  private Duration paceDelay(Operation operation) {
    return paced(operation) ? pacer.reserve(operation.rateCost()) : Duration.ZERO;
  }

  /**
   * Sends {@code call} and waits for it, after every earlier request of the key when ordered, and
   * once the call counter has room for it when paced.
   */
  private <R> Response<R> send(Operation operation, Call<R> call) throws IOException {
    if (!ordered(operation)) {
      pace(operation);
      return call.execute();
    }
    try {
      turns.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KrakenClientException(operation.id(),
          "interrupted while waiting for an earlier request on the same key; nothing was sent", e);
    }
    try {
      pace(operation);
      return call.execute();
    } finally {
      turns.release();
    }
  }

  /** Blocks the calling thread until the call counter has room for {@code operation}. */
  private void pace(Operation operation) {
    Duration delay = paceDelay(operation);
    if (delay.isZero()) {
      return;
    }
    try {
      time.sleep(delay);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KrakenClientException(operation.id(),
          "interrupted while waiting for the key's call counter to decay; nothing was sent", e);
    }
    checkCallable(operation); // the client may have been closed meanwhile
  }

  private final class AsyncAttempt<R, T> {
    private final Operation operation;
    private final Function<Response<R>, T> completer;
    private final CompletableFuture<T> future;
    private final AtomicReference<Call<R>> current;

    AsyncAttempt(Operation operation, Function<Response<R>, T> completer, CompletableFuture<T> future,
        AtomicReference<Call<R>> current) {
      this.operation = operation;
      this.completer = completer;
      this.future = future;
      this.current = current;
    }

    /**
     * Sends {@code call} now, or when the key's earlier requests are done if ordered, and once
     * the call counter has room for it if paced.
     */
    void start(Call<R> call, int attempt, int resends) {
      current.set(call);
      if (!ordered(operation)) {
        whenPaced(call, attempt, resends, false);
        return;
      }
      turns.whenFree(() -> {
        if (future.isDone()) {
          turns.release(); // cancelled while waiting: nothing to send
        } else {
          whenPaced(call, attempt, resends, true);
        }
      });
    }

    /** Sends at once, or from the time source once the pacing delay has passed. */
    private void whenPaced(Call<R> call, int attempt, int resends, boolean holdsTurn) {
      Duration delay = paceDelay(operation);
      if (delay.isZero()) {
        send(call, attempt, resends, holdsTurn);
        return;
      }
      time.schedule(delay, () -> {
        try {
          checkCallable(operation); // the client may have been closed meanwhile
        } catch (KrakenException closed) {
          if (holdsTurn) {
            turns.release();
          }
          completeOffIoThread(() -> future.completeExceptionally(closed));
          return;
        }
        send(call, attempt, resends, holdsTurn);
      });
    }

    private void send(Call<R> call, int attempt, int resends, boolean holdsTurn) {
      if (future.isDone()) {
        if (holdsTurn) {
          turns.release();
        }
        return;
      }
      call.enqueue(new Callback<R>() {
        @Override
        public void onResponse(Call<R> call, Response<R> response) {
          if (holdsTurn) {
            turns.release();
          }
          try {
            T value = completer.apply(response);
            completeOffIoThread(() -> {
              if (!future.complete(value)) {
                closeQuietly(value); // cancelled meanwhile: a download nobody reads would hold a connection
              }
            });
          } catch (KrakenException e) {
            retryOrFail(call, attempt, resends, e);
          } catch (RuntimeException e) {
            completeOffIoThread(() -> future.completeExceptionally(e));
          }
        }

        @Override
        public void onFailure(Call<R> call, Throwable t) {
          if (holdsTurn) {
            turns.release();
          }
          if (t instanceof IOException io) {
            retryOrFail(call, attempt, resends, fromIOException(operation, io));
          } else {
            completeOffIoThread(() -> future.completeExceptionally(t));
          }
        }
      });
    }

    private void retryOrFail(Call<R> call, int attempt, int resends, KrakenException failure) {
      if (paced(operation)) {
        pacer.onFailure(failure);
      }
      if (failure instanceof NonceRejectedException && resends < MAX_NONCE_RESENDS) {
        nonceResends.increment();
        start(call.clone(), attempt, resends + 1);
        return;
      }
      Duration delay = retryPolicy.delayBefore(attempt + 1, operation.safeToRetry(), failure);
      if (delay == null) {
        completeOffIoThread(() -> future.completeExceptionally(failure));
        return;
      }
      time.schedule(delay, () -> {
        try {
          checkCallable(operation);
        } catch (KrakenException closed) {
          completeOffIoThread(() -> future.completeExceptionally(closed));
          return;
        }
        start(call.clone(), attempt + 1, resends);
      });
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
        throw operation.errors().toException(new ServiceError(operation.id(), status, errors.errors, errors.code,
            null, retryAfter(response.headers()), "", requestId(response.headers())));
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
      throw operation.errors().toException(new ServiceError(operation.id(), status, errors.errors, errors.code,
          null, retryAfter(response.headers()), excerpt, requestId(response.headers())));
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
    return operation.errors().toException(new ServiceError(operation.id(), status, parsed.errors(), parsed.code(),
        parsed.description(), retryAfter(headers), excerpt, requestId(headers)));
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
    private RatePacer pacer;
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
