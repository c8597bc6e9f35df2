package io.github.krakensdk.runtime.internal;

import java.io.IOException;
import java.net.URI;
import java.util.Objects;

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
 * outcomeUnknown()} is true, with this as the cause (see {@code TransportFailures}).
 */
public final class OutcomeUnknownException extends IOException {
  private final String method;
  private final URI url;

  /**
   * @param detail what happened, appended to the message.
   * @param cause the transport failure; may be null.
   */
  public OutcomeUnknownException(String method, URI url, String detail, Throwable cause) {
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

  /** The HTTP method of the request whose outcome is unknown. */
  public String method() {
    return method;
  }

  /** The URL of the request whose outcome is unknown. */
  public URI url() {
    return url;
  }

  /** Messages end up in logs: leave out the query, which the caller chose and may be private. */
  private static String redact(URI url) {
    return url.getScheme() + "://" + url.getRawAuthority() + (url.getRawPath() == null ? "" : url.getRawPath());
  }
}
