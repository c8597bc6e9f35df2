package io.github.krakensdk.errors;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The root of every failure a caller of the SDK can see; unchecked. Subtypes say what went wrong:
 * {@link KrakenServiceException} (the service answered with an error), {@link
 * UnexpectedResponseException} (the answer was not what the contract describes), {@link
 * KrakenTransportException} (the network failed), {@link KrakenClientException} (a local failure:
 * a request that cannot be signed, a webhook that fails verification, a request the contract
 * rejects, refused before sending with {@link
 * io.github.krakensdk.errors.ConstraintViolationException}, ...).
 *
 * <pre>{@code
 * try {
 *   kraken.spot().cancelWithdrawal(request);
 * } catch (KrakenTransportException e) {
 *   if (e.outcomeUnknown()) { checkWithdrawalStatus(); }
 * } catch (KrakenException e) {
 *   log.warn("{} failed (HTTP {})", e.operationId(), e.httpStatus(), e);
 * }
 * }</pre>
 */
public class KrakenException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** {@link #httpStatus()} when no HTTP response was received. */
  public static final int NO_STATUS = -1;

  private final String operationId;
  private final int httpStatus;
  private final Duration retryAfter;
  /** The message without the operationId in front, kept for {@link #withOperationId}. */
  private final String detail;

  public KrakenException(String operationId, int httpStatus, String message, Throwable cause) {
    this(operationId, httpStatus, null, message, cause);
  }

  /** @param retryAfter the delay the response's {@code Retry-After} asked for, or null. */
  public KrakenException(String operationId, int httpStatus, Duration retryAfter, String message, Throwable cause) {
    super(Objects.requireNonNull(operationId, "operationId == null") + ": " + message, cause);
    this.operationId = operationId;
    this.httpStatus = httpStatus;
    this.retryAfter = retryAfter;
    this.detail = message;
  }

  /**
   * A copy of {@code original} that names {@code operationId}: same status, delay, message and
   * cause. For the {@link #copy} of subtypes.
   */
  protected KrakenException(KrakenException original, String operationId) {
    this(operationId, original.httpStatus, original.retryAfter, original.detail, original.getCause());
  }

  /**
   * The contract's operationId of the failed call, such as {@code getTradeVolume}; for a local
   * failure outside any call, the step that failed, such as {@code verifyWebhook}.
   */
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

  /**
   * This failure as a failure of {@code operationId}: the same type, facts and cause; this very
   * instance if it already names that operation. The runtime uses it for a failure raised below a
   * call (an interceptor that signs the request or refreshes an OAuth token does not know which
   * operation it serves), so that the caller's failure names the operation it called. A subtype
   * that cannot be copied is returned unchanged.
   */
  public final KrakenException withOperationId(String operationId) {
    Objects.requireNonNull(operationId, "operationId == null");
    if (operationId.equals(this.operationId)) {
      return this;
    }
    KrakenException copy = copy(operationId);
    // A subtype that does not override copy() keeps its own name: its type matters more.
    return copy != null && copy.getClass() == getClass() ? copy : this;
  }

  /**
   * A copy of this failure naming {@code operationId}, of exactly this class; a subtype that can be
   * raised below a call overrides it with a copy constructor. Called by {@link #withOperationId}.
   */
  protected KrakenException copy(String operationId) {
    return new KrakenException(this, operationId);
  }
}
