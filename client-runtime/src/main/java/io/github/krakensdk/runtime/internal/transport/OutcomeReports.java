package io.github.krakensdk.runtime.internal.transport;

import io.github.krakensdk.runtime.internal.KrakenFailureIOException;
import io.github.krakensdk.runtime.internal.OutcomeUnknownException;
import io.github.krakensdk.runtime.internal.RequestNotSentException;
import java.io.IOException;
import java.net.URI;
import java.util.Set;
import okhttp3.Request;

/**
 * When a failure of a request leaves its outcome unknown, and the {@link OutcomeUnknownException}
 * that reports it. Plumbing: the transport's interceptors and the response decoding use it.
 */
public final class OutcomeReports {
  private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

  private OutcomeReports() {}

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
    return after(request, "the response body was cut off after the server answered", failure).exception();
  }

  /** {@code request} failed ({@code what}, {@code failure}) after it may have reached the server. */
  static Report after(Request request, String what, IOException failure) {
    return new Report(request.method(), request.url().uri(), what + " (" + failure.getClass().getSimpleName()
        + "); it was not sent again. Check its effect before retrying", failure);
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

  /** An outcome left unknown; each {@link #exception()} is a new report of it, for each attempt refused. */
  record Report(String method, URI url, String detail, IOException cause) {
    OutcomeUnknownException exception() {
      return new OutcomeUnknownException(method, url, detail, cause);
    }
  }
}
