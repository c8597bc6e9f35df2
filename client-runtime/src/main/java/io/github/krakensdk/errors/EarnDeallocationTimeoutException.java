package io.github.krakensdk.errors;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * An Earn deallocation was still pending when the SDK's {@code EarnDeallocation} stopped waiting
 * for it. The deallocation itself was accepted and may still complete: it is not cancelled, and
 * sending it again would fail with {@code EEarnings:Busy} while it runs. Follow it with {@code
 * EarnDeallocation.awaitCompletion(strategyId)} or {@code getDeallocateStatus}.
 *
 * <pre>{@code
 * try {
 *   earn.deallocateAndWait(strategyId, amount);
 * } catch (EarnDeallocationTimeoutException e) {
 *   scheduleCheck(e.strategyId());
 * }
 * }</pre>
 *
 * <p>A {@link KrakenClientException}: the SDK gave up waiting on its own, nothing failed on the
 * service or the network, and nothing retries it. {@link #operationId()} is {@value
 * #STATUS_OPERATION}, the operation that kept answering {@code pending: true}; {@link
 * #httpStatus()} is {@link #NO_STATUS}.
 */
public final class EarnDeallocationTimeoutException extends KrakenClientException {
  private static final long serialVersionUID = 1L;

  /** The operation polled while the deallocation is pending, and the {@link #operationId()}. */
  public static final String STATUS_OPERATION = "getDeallocateStatus";

  private final String strategyId;
  private final Duration waited;
  private final int polls;

  /**
   * @param strategyId the strategy whose deallocation is still pending.
   * @param waited how long the wait lasted.
   * @param polls how many times {@value #STATUS_OPERATION} answered {@code pending: true}.
   */
  public EarnDeallocationTimeoutException(String strategyId, Duration waited, int polls) {
    super(STATUS_OPERATION, "the deallocation from Earn strategy " + requireNonNull(strategyId, "strategyId == null")
        + " was still pending after " + requireNonNull(waited, "waited == null") + " (" + polls
        + (polls == 1 ? " poll" : " polls")
        + "); it may still complete: follow it with awaitCompletion or getDeallocateStatus", null);
    this.strategyId = strategyId;
    this.waited = waited;
    this.polls = polls;
  }

  /** The strategy whose deallocation is still pending. */
  public String strategyId() {
    return strategyId;
  }

  /** How long the wait lasted, on the waiting {@code EarnDeallocation}'s clock. */
  public Duration waited() {
    return waited;
  }

  /** How many times {@value #STATUS_OPERATION} answered {@code pending: true}. */
  public int polls() {
    return polls;
  }
}
