package io.github.krakensdk.runtime.internal.transport;

import io.github.krakensdk.runtime.internal.OutcomeUnknownException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketException;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Sends a request that is safe to repeat (GET, HEAD) once more when its connection failed: a
 * pooled connection the server had already closed fails the next request written on it, which a
 * fresh connection then serves. This is what OkHttp's {@code retryOnConnectionFailure} does, kept
 * to safe methods and to connection failures: that option also follows up 408 answers and 503
 * answers with {@code Retry-After: 0} by sending the request again, whatever its method, which for
 * Kraken could repeat an order. A timeout is not a connection failure (the server may be slow, not
 * gone), and neither is a failure that says what became of the request.
 *
 * <p>Hand-written because OkHttp offers the retry only for every method at once. An application
 * interceptor, so that the second attempt goes through the network interceptors again (and is
 * signed again, with a new nonce).
 */
final class SafeRequestRetry implements Interceptor {
  static final SafeRequestRetry INSTANCE = new SafeRequestRetry();

  private SafeRequestRetry() {}

  @Override
  public Response intercept(Chain chain) throws IOException {
    Request request = chain.request();
    if (OutcomeReports.changesState(request.method())) {
      return chain.proceed(request);
    }
    try {
      return chain.proceed(request);
    } catch (IOException e) {
      if (chain.call().isCanceled() || !connectionFailed(e)) {
        throw e;
      }
      try {
        return chain.proceed(request);
      } catch (IOException again) {
        again.addSuppressed(e);
        throw again;
      }
    }
  }

  /** Whether {@code e} is the connection failing (reset, closed, cut short), not a timeout or a refusal. */
  static boolean connectionFailed(IOException e) {
    if (e instanceof InterruptedIOException || OutcomeReports.saysWhatHappened(e)) {
      return false; // a timeout closes the socket too: its cause is a SocketException
    }
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof SocketException || cause instanceof EOFException) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "SafeRequestRetry";
  }
}
