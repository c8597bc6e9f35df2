package io.github.krakensdk.runtime.internal;

import java.io.IOException;
import java.util.Objects;
import java.util.Set;
import okhttp3.HttpUrl;
import okhttp3.Request;

/**
 * A request that changes state (POST, PUT, PATCH, DELETE) failed after it may have reached the
 * server: the connection broke after the request started going out and before a response came
 * back. The service may or may not have acted on it, so the SDK did not send it again.
 *
 * <p>Before retrying, find out what happened: e.g. query open orders or the withdrawal status.
 * Retrying blindly can place an order twice. {@link #getCause()} is the transport failure.
 *
 * <p>It is an {@link IOException} because it travels through OkHttp's interceptors. Callers of the
 * SDK never catch it: its calls report it as a {@code KrakenTransportException} whose {@code
 * outcomeUnknown()} is true, with this as the cause (see {@code TransportFailures}). A caller of an
 * OkHttp client set up by {@code KrakenHttpClients} catches it as an {@code IOException}.
 */
public final class OutcomeUnknownException extends IOException {
  private final String method;
  private final HttpUrl url;

  /**
   * @param detail what happened, appended to the message.
   * @param cause the transport failure; may be null.
   */
  public OutcomeUnknownException(String method, HttpUrl url, String detail, Throwable cause) {
    super(
        Objects.requireNonNull(method, "method == null")
            + " "
            + redact(Objects.requireNonNull(url, "url == null"))
            + ": the outcome is unknown; "
            + detail,
        cause);
    this.method = method;
    this.url = url;
  }

  private OutcomeUnknownException(OutcomeUnknownException original) {
    super(original.getMessage(), original.getCause());
    this.method = original.method;
    this.url = original.url;
  }

  /** The same report again, for a later attempt of the same call that was refused. */
  public OutcomeUnknownException again() {
    return new OutcomeUnknownException(this);
  }

  /**
   * What a failure while the response body of {@code request} is read reports: for a request that
   * changes state, an {@code OutcomeUnknownException} (the service answered, so it received the
   * request, and whatever it did stands), unless {@code failure} already says what happened;
   * {@code failure} itself otherwise.
   */
  public static IOException ofBodyFailure(Request request, IOException failure) {
    if (!changesState(request.method()) || saysWhatHappened(failure)) {
      return failure;
    }
    return after(request, "the response body was cut off after the server answered", failure);
  }

  /** {@code request} failed ({@code what}, {@code failure}) after it may have reached the server. */
  public static OutcomeUnknownException after(Request request, String what, IOException failure) {
    return new OutcomeUnknownException(request.method(), request.url(), what + " ("
        + failure.getClass().getSimpleName() + "); it was not sent again. Check its effect before retrying", failure);
  }

  /**
   * Whether {@code failure} already says what became of its request: outcome unknown, known not
   * to have been sent, or a failure of the SDK's own before sending.
   */
  public static boolean saysWhatHappened(IOException failure) {
    return failure instanceof OutcomeUnknownException || failure instanceof RequestNotSentException
        || failure instanceof KrakenFailureIOException;
  }

  /** Whether a failure after {@code method} may have reached the server leaves its outcome unknown. */
  public static boolean changesState(String method) {
    return !SAFE_METHODS.contains(method);
  }

  private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

  /** The HTTP method of the request whose outcome is unknown. */
  public String method() {
    return method;
  }

  /** The URL of the request whose outcome is unknown. */
  public HttpUrl url() {
    return url;
  }

  /** Messages end up in logs: leave out the query, which the caller chose and may be private. */
  private static String redact(HttpUrl url) {
    return url.newBuilder().query(null).fragment(null).build().toString();
  }
}
