package io.github.krakensdk.auth;

import java.io.IOException;

/**
 * A request failed before any of it was sent: it is safe to fix (if needed) and send again.
 * The opposite of {@link OutcomeUnknownException}.
 */
public class RequestNotSentException extends IOException {
  /** A failure before sending, described by {@code message}. */
  public RequestNotSentException(String message) {
    super(message);
  }

  /** As {@link #RequestNotSentException(String)}, caused by {@code cause}. */
  public RequestNotSentException(String message, Throwable cause) {
    super(message, cause);
  }
}
