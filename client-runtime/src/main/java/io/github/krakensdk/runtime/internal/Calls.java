package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.runtime.call.WarningListener;
import io.github.krakensdk.runtime.call.RetryPolicy;
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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import okhttp3.Headers;
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
 */
public final class Calls {
  private static final long MAX_ERROR_BODY_BYTES = 64 * 1024;
  /** How often one call is re-signed and re-sent after a nonce rejection before it fails. */
  static final int MAX_NONCE_RESENDS = 3;

  private final JsonAdapter<Object> anyJson;
  private final RetryPolicy retryPolicy;
  private final WarningListener warnings;
  private final Executor completion;
  private final ClientLifecycle lifecycle;
  private final String credentialsHint;
  private final KeyTurns turns;
  private final LongAdder nonceResends;

  private Calls(Builder builder) {
    this.anyJson = builder.moshi.adapter(Object.class);
    this.retryPolicy = builder.retryPolicy;
    this.warnings = builder.warnings;
    this.completion = builder.completion;
    this.lifecycle = builder.lifecycle;
    this.credentialsHint = builder.credentialsHint;
    this.turns = builder.turns;
    this.nonceResends = builder.nonceResends;
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
    checkCallable(operation);
    Call<R> call = newCall.get();
    int resends = 0;
    for (int attempt = 1; ; ) {
      KrakenException failure;
      try {
        return complete(operation, send(operation, call), envelope, result);
      } catch (IOException e) {
        failure = fromIOException(operation, e);
      } catch (KrakenException e) {
        failure = e;
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
        TimeUnit.NANOSECONDS.sleep(delay.toNanos());
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
    new AsyncAttempt<>(operation, envelope, result, future, current).start(call, 1, 0);
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

  /** Sends {@code call} and waits for it, after every earlier request of the key when ordered. */
  private <R> Response<R> send(Operation operation, Call<R> call) throws IOException {
    if (!ordered(operation)) {
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
      return call.execute();
    } finally {
      turns.release();
    }
  }

  private final class AsyncAttempt<R, T> {
    private final Operation operation;
    private final Function<R, Envelope> envelope;
    private final Function<R, T> result;
    private final CompletableFuture<T> future;
    private final AtomicReference<Call<R>> current;

    AsyncAttempt(Operation operation, Function<R, Envelope> envelope, Function<R, T> result,
        CompletableFuture<T> future, AtomicReference<Call<R>> current) {
      this.operation = operation;
      this.envelope = envelope;
      this.result = result;
      this.future = future;
      this.current = current;
    }

    /** Sends {@code call} now, or when the key's earlier requests are done if ordered. */
    void start(Call<R> call, int attempt, int resends) {
      current.set(call);
      if (!ordered(operation)) {
        send(call, attempt, resends, false);
        return;
      }
      turns.whenFree(() -> {
        if (future.isDone()) {
          turns.release(); // cancelled while waiting: nothing to send
        } else {
          send(call, attempt, resends, true);
        }
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
            T value = complete(operation, response, envelope, result);
            completeOffIoThread(() -> future.complete(value));
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
      CompletableFuture.delayedExecutor(delay.toNanos(), TimeUnit.NANOSECONDS).execute(() -> {
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
    private ClientLifecycle lifecycle = new ClientLifecycle();
    private String credentialsHint;
    private KeyTurns turns;
    private LongAdder nonceResends = new LongAdder();

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

    public Calls build() {
      return new Calls(this);
    }
  }
}
