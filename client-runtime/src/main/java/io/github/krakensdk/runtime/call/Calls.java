package io.github.krakensdk.runtime.call;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.errors.KrakenError;
import io.github.krakensdk.errors.KrakenException;
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
import java.util.concurrent.TimeUnit;
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
 * Runs the calls of the generated services: sends, retries where the {@link RetryPolicy} allows,
 * turns every failure into a typed {@link KrakenException}, and unwraps the result. Blocking and
 * asynchronous calls share every rule.
 */
public final class Calls {
  private static final long MAX_ERROR_BODY_BYTES = 64 * 1024;

  private final JsonAdapter<Object> anyJson;
  private final RetryPolicy retryPolicy;
  private final WarningListener warnings;

  public Calls(Moshi moshi, RetryPolicy retryPolicy, WarningListener warnings) {
    this.anyJson = Objects.requireNonNull(moshi, "moshi == null").adapter(Object.class);
    this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy == null");
    this.warnings = Objects.requireNonNull(warnings, "warnings == null");
  }

  /**
   * Sends the call {@code newCall} builds (it checks the request first and may throw) and returns
   * {@code result} of its body.
   *
   * @param envelope the error part of a 2xx body, or null if the family has none.
   */
  public <R, T> T execute(Operation operation, Supplier<Call<R>> newCall, Function<R, Envelope> envelope,
      Function<R, T> result) {
    Call<R> call = newCall.get();
    for (int attempt = 1; ; attempt++) {
      KrakenException failure;
      try {
        return complete(operation, call.execute(), envelope, result);
      } catch (IOException e) {
        failure = fromIOException(operation, e);
      } catch (KrakenException e) {
        failure = e;
      }
      Duration delay = retryPolicy.delayBefore(attempt + 1, operation, failure);
      if (delay == null) {
        throw failure;
      }
      try {
        TimeUnit.NANOSECONDS.sleep(delay.toNanos());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw failure;
      }
      call = call.clone();
    }
  }

  /** As {@link #execute}, completing the future instead of blocking; cancelling it cancels the call. */
  public <R, T> CompletableFuture<T> executeAsync(Operation operation, Supplier<Call<R>> newCall,
      Function<R, Envelope> envelope, Function<R, T> result) {
    CompletableFuture<T> future = new CompletableFuture<>();
    Call<R> call;
    try {
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
    new AsyncAttempt<>(operation, envelope, result, future, current).send(call, 1);
    return future;
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

    void send(Call<R> call, int attempt) {
      current.set(call);
      if (future.isDone()) {
        return;
      }
      call.enqueue(new Callback<R>() {
        @Override
        public void onResponse(Call<R> call, Response<R> response) {
          try {
            future.complete(complete(operation, response, envelope, result));
          } catch (KrakenException e) {
            retryOrFail(call, attempt, e);
          } catch (RuntimeException e) {
            future.completeExceptionally(e);
          }
        }

        @Override
        public void onFailure(Call<R> call, Throwable t) {
          if (t instanceof IOException io) {
            retryOrFail(call, attempt, fromIOException(operation, io));
          } else {
            future.completeExceptionally(t);
          }
        }
      });
    }

    private void retryOrFail(Call<R> call, int attempt, KrakenException failure) {
      Duration delay = retryPolicy.delayBefore(attempt + 1, operation, failure);
      if (delay == null) {
        future.completeExceptionally(failure);
      } else {
        CompletableFuture.delayedExecutor(delay.toNanos(), TimeUnit.NANOSECONDS)
            .execute(() -> send(call.clone(), attempt + 1));
      }
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
            null, retryAfter(response.headers()), ""));
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
        parsed.description(), retryAfter(headers), excerpt));
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
}
