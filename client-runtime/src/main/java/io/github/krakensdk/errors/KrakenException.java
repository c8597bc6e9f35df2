package io.github.krakensdk.errors;

import java.time.Duration;
import java.util.Optional;

/**
 * The root of every failure of an SDK call. Subtypes say what went wrong:
 * {@link KrakenServiceException} (the service answered with an error), {@link
 * UnexpectedResponseException} (the answer was not what the contract describes), {@link
 * KrakenTransportException} (the network failed). A request the contract rejects is refused
 * before sending with {@link io.github.krakensdk.runtime.validation.ConstraintViolationException}.
 */
public class KrakenException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** {@link #httpStatus()} when no HTTP response was received. */
  public static final int NO_STATUS = -1;

  private final String operationId;
  private final int httpStatus;
  private final Duration retryAfter;

  public KrakenException(String operationId, int httpStatus, String message, Throwable cause) {
    this(operationId, httpStatus, null, message, cause);
  }

  /** @param retryAfter the delay the response's {@code Retry-After} asked for, or null. */
  public KrakenException(String operationId, int httpStatus, Duration retryAfter, String message, Throwable cause) {
    super(operationId + ": " + message, cause);
    this.operationId = operationId;
    this.httpStatus = httpStatus;
    this.retryAfter = retryAfter;
  }

  /** The contract's operationId of the failed call, such as {@code getTradeVolume}. */
  public final String operationId() {
    return operationId;
  }

  /** The HTTP status of the response, or {@link #NO_STATUS}. */
  public final int httpStatus() {
    return httpStatus;
  }

  /** The delay the service asked for in {@code Retry-After}, if it sent one. */
  public final Optional<Duration> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }
}
