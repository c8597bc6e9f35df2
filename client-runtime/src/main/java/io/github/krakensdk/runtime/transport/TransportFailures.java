package io.github.krakensdk.runtime.transport;

import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.runtime.internal.KrakenFailureIOException;
import io.github.krakensdk.runtime.internal.OutcomeUnknownException;
import java.io.IOException;
import java.util.Objects;

/**
 * Turns the {@link IOException} an OkHttp call failed with into the {@link KrakenException} its
 * caller sees, by one rule for every place that sends requests (the call runtime, the OAuth token
 * client):
 *
 * <ul>
 *   <li>a {@link KrakenFailureIOException} is the failure it carries, named after the operation;
 *   <li>an {@link OutcomeUnknownException} is a {@link KrakenTransportException} whose {@code
 *       outcomeUnknown()} is true: the request may have reached the service;
 *   <li>anything else is a {@link KrakenTransportException} "not completed".
 * </ul>
 *
 * OkHttp wraps an exception in {@code InterruptedIOException: timeout} when the call timeout fires,
 * so the causes count too: the first of the two kinds found from the outside in decides.
 *
 * <pre>{@code
 * try (Response response = http.newCall(request).execute()) {
 *   ...
 * } catch (IOException e) {
 *   throw TransportFailures.toKrakenException("getToken", e);
 * }
 * }</pre>
 */
public final class TransportFailures {
  /** Causes can form a cycle; a real chain is a few deep. */
  private static final int MAX_DEPTH = 16;

  private TransportFailures() {}

  /** The failure {@code e} means for a call of {@code operationId}. */
  public static KrakenException toKrakenException(String operationId, IOException e) {
    Objects.requireNonNull(operationId, "operationId == null");
    Objects.requireNonNull(e, "e == null");
    Throwable t = e;
    for (int depth = 0; t != null && depth < MAX_DEPTH; depth++, t = t.getCause()) {
      if (t instanceof OutcomeUnknownException) {
        return new KrakenTransportException(operationId, e, true);
      }
      if (t instanceof KrakenFailureIOException carried) {
        // Raised below the call (an interceptor), where the operation was not known.
        return carried.failure().withOperationId(operationId);
      }
    }
    return new KrakenTransportException(operationId, e, false);
  }
}
