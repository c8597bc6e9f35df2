package io.github.krakensdk.runtime.internal;

import java.io.IOException;

/**
 * A request failed before any of it was sent: it is safe to fix (if needed) and send again.
 * The opposite of {@link OutcomeUnknownException}; the transport's guard lets it through
 * as it is. Thrown, for example, when a call waiting for its turn in the ordered mode of the
 * signing interceptors is canceled. The SDK's calls report it as a {@code
 * KrakenTransportException} whose {@code outcomeUnknown()} is false.
 */
public final class RequestNotSentException extends IOException {
  /** A failure before sending, described by {@code message}. */
  public RequestNotSentException(String message) {
    super(message);
  }

  /** As {@link #RequestNotSentException(String)}, caused by {@code cause}. */
  public RequestNotSentException(String message, Throwable cause) {
    super(message, cause);
  }
}
