package io.github.krakensdk.auth;

import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import okhttp3.Call;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * A network interceptor that turns a transport failure of a state-changing request into {@link
 * OutcomeUnknownException}, and refuses to put a second attempt of such a call on the wire after
 * one has failed that way.
 *
 * <p>Network interceptors run only once a connection is open, so a failure seen here happened
 * while the request was being written or its response awaited: the server may have acted on it.
 * Connect failures (nothing sent) never reach this interceptor and keep their own exceptions.
 * The second rule holds even if someone turns {@code retryOnConnectionFailure} back on.
 */
final class OutcomeUnknownGuard implements Interceptor {
  static final OutcomeUnknownGuard INSTANCE = new OutcomeUnknownGuard();

  private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

  /** Calls with an attempt that failed after it may have been sent. Weak: calls are not ours. */
  private final Map<Call, Boolean> failedCalls = Collections.synchronizedMap(new WeakHashMap<>());

  private OutcomeUnknownGuard() {}

  @Override
  public Response intercept(Chain chain) throws IOException {
    Request request = chain.request();
    if (SAFE_METHODS.contains(request.method())) return chain.proceed(request);
    Call call = chain.call();
    if (failedCalls.containsKey(call)) {
      throw new OutcomeUnknownException(
          request.method(),
          request.url(),
          "an earlier attempt of this call failed after it may have reached the server,"
              + " so it was not sent again",
          null);
    }
    try {
      return chain.proceed(request);
    } catch (OutcomeUnknownException | RequestNotSentException e) {
      throw e; // already precise: unknown, or known not to have been sent
    } catch (IOException e) {
      failedCalls.put(call, Boolean.TRUE);
      throw new OutcomeUnknownException(
          request.method(),
          request.url(),
          "the connection failed after the request may have reached the server ("
              + e.getClass().getSimpleName()
              + "); it was not sent again. Check its effect before retrying",
          e);
    }
  }

  @Override
  public String toString() {
    return "OutcomeUnknownGuard";
  }
}
