package io.github.krakensdk.runtime.internal.transport;

import io.github.krakensdk.runtime.internal.KrakenFailureIOException;
import io.github.krakensdk.runtime.internal.OutcomeUnknownException;
import io.github.krakensdk.runtime.internal.RequestNotSentException;
import io.github.krakensdk.runtime.internal.ResponseDecoding;
import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import okhttp3.Call;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.ForwardingSource;
import okio.Okio;

/**
 * A network interceptor that turns a transport failure of a state-changing request into {@link
 * OutcomeUnknownException}, and refuses to put a second attempt of such a call on the wire after
 * one has failed that way.
 *
 * <p>Network interceptors run only once a connection is open, so a failure seen here happened
 * while the request was being written or its response awaited: the server may have acted on it.
 * A failure while the response body is read (the connection drops mid-body, a call timeout fires
 * while the body trickles in) comes after the server answered, so it is reported the same way:
 * the body of a state-changing request is read through this guard. Connect failures (nothing
 * sent) never reach this interceptor and keep their own exceptions, and so do the failures that
 * say the request was not sent ({@link RequestNotSentException}) or that an interceptor raised
 * before sending it ({@link KrakenFailureIOException}, e.g. a body that cannot be signed). The
 * second rule holds even if someone turns {@code retryOnConnectionFailure} back on. A 503 with
 * {@code Retry-After: 0}, which OkHttp follows up by sending the request again whatever its
 * method, reaches a state-changing request without that header.
 *
 * <p>The SDK's own calls decode their bodies through {@code ResponseDecoding}, which reports a
 * body cut off the same way ({@link OutcomeReports#ofBodyFailure}); their responses are
 * passed on as they are, without a second body wrapped around the first on every call.
 */
final class OutcomeUnknownGuard implements Interceptor {
  static final OutcomeUnknownGuard INSTANCE = new OutcomeUnknownGuard();

  /**
   * Calls with an attempt that failed after it may have been sent, with what that attempt
   * reported. Weak: calls are not ours.
   */
  private final Map<Call, OutcomeReports.Report> failedCalls = Collections.synchronizedMap(new WeakHashMap<>());

  private OutcomeUnknownGuard() {}

  @Override
  public Response intercept(Chain chain) throws IOException {
    Request request = chain.request();
    if (!OutcomeReports.changesState(request.method())) return chain.proceed(request);
    Call call = chain.call();
    OutcomeReports.Report earlier = failedCalls.get(call);
    if (earlier != null) {
      throw earlier.exception(); // OkHttp's connection retry asked for a second attempt: refused, as reported
    }
    Response response;
    try {
      response = chain.proceed(request);
    } catch (IOException e) {
      if (OutcomeReports.saysWhatHappened(e)) {
        throw e;
      }
      OutcomeReports.Report reported =
          OutcomeReports.after(request, "the connection failed after the request may have reached the server", e);
      failedCalls.put(call, reported);
      throw reported.exception();
    }
    if (response.code() == 503 && "0".equals(response.header("Retry-After"))) {
      // OkHttp follows such an answer up by sending the request again, whatever its method.
      response = response.newBuilder().removeHeader("Retry-After").build();
    }
    if (ResponseDecoding.reportsCutOffBodies()) {
      return response;
    }
    ResponseBody body = response.body();
    return response.newBuilder().body(ResponseBody.create(Okio.buffer(new ForwardingSource(body.source()) {
      @Override
      public long read(Buffer sink, long byteCount) throws IOException {
        try {
          return super.read(sink, byteCount);
        } catch (IOException e) {
          // Not remembered for the call: no attempt of it follows the reading of its response body.
          throw OutcomeReports.ofBodyFailure(request, e);
        }
      }
    }), body.contentType(), body.contentLength())).build();
  }

  @Override
  public String toString() {
    return "OutcomeUnknownGuard";
  }
}
