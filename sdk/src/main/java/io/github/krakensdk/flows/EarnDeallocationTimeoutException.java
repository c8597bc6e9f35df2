package io.github.krakensdk.flows;

import io.github.krakensdk.errors.KrakenException;
import java.time.Duration;

/**
 * An Earn deallocation was still pending when {@link EarnDeallocation} stopped waiting. The
 * deallocation itself was accepted and may still complete: it is not cancelled, and sending it
 * again would fail with {@code EEarnings:Busy} while it runs. Follow it with {@link
 * EarnDeallocation#awaitCompletion(String)} or {@code getDeallocateStatus}.
 *
 * <pre>{@code
 * try {
 *   earn.deallocateAndWait(strategyId, amount);
 * } catch (EarnDeallocationTimeoutException e) {
 *   scheduleCheck(e.strategyId());
 * }
 * }</pre>
 *
 * <p>{@link #operationId()} is {@code getDeallocateStatus}, the operation that kept answering
 * {@code pending: true}; {@link #httpStatus()} is {@link #NO_STATUS}, as no call failed.
 */
public final class EarnDeallocationTimeoutException extends KrakenException {
  private static final long serialVersionUID = 1L;

  private final String strategyId;
  private final Duration waited;
  private final int polls;

  EarnDeallocationTimeoutException(String strategyId, Duration waited, int polls) {
    super(EarnDeallocation.STATUS_OPERATION, NO_STATUS, "the deallocation from Earn strategy " + strategyId
        + " was still pending after " + waited + " (" + polls + (polls == 1 ? " poll" : " polls")
        + "); it may still complete: follow it with awaitCompletion or getDeallocateStatus", null);
    this.strategyId = strategyId;
    this.waited = waited;
    this.polls = polls;
  }

  /** The strategy whose deallocation is still pending. */
  public String strategyId() {
    return strategyId;
  }

  /** How long the wait lasted, on the {@link EarnDeallocation}'s clock. */
  public Duration waited() {
    return waited;
  }

  /** How many times {@code getDeallocateStatus} answered {@code pending: true}. */
  public int polls() {
    return polls;
  }
}
