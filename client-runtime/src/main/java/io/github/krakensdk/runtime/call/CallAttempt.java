package io.github.krakensdk.runtime.call;

import io.github.krakensdk.errors.KrakenException;
import java.time.Duration;
import java.util.Objects;

/**
 * One attempt of a call, as {@link CallListener#attemptEnd} sees it.
 *
 * @param operationId the contract's operation id, such as {@code getLedgers}.
 * @param number 1 for the first attempt, counting every re-send and retry after it.
 * @param reason why this attempt was sent.
 * @param paced how long it waited for the key's counters (the Spot REST call counter, the trading
 *     engine's per-pair counter), on the client's {@link TimeSource}; zero when nothing held it.
 * @param queued how long it then waited for the earlier requests of its key (signed requests of
 *     one key go out one at a time, in nonce order).
 * @param onTheWire from handing the request to OkHttp to the answer decoded (or the failure); zero
 *     when it was never sent.
 * @param httpStatus the answer's status, or 0 when there was no answer.
 * @param failure what the attempt failed with, or null when it succeeded.
 */
public record CallAttempt(String operationId, int number, Reason reason, Duration paced, Duration queued,
    Duration onTheWire, int httpStatus, KrakenException failure) {
  public CallAttempt {
    Objects.requireNonNull(operationId, "operationId == null");
    Objects.requireNonNull(reason, "reason == null");
    Objects.requireNonNull(paced, "paced == null");
    Objects.requireNonNull(queued, "queued == null");
    Objects.requireNonNull(onTheWire, "onTheWire == null");
  }

  /** Whether the attempt succeeded: the call's result came from it. */
  public boolean succeeded() {
    return failure == null;
  }

  /** Why an attempt was sent. */
  public enum Reason {
    /** The call's first attempt. */
    FIRST,
    /** Sent again by the {@link RetryPolicy} after a failure it retries. */
    RETRY,
    /** Re-signed and sent again because the service refused the previous nonce (nothing executed). */
    NONCE_RESEND,
    /**
     * Sent again once the key's call counter had decayed, because the service answered {@code
     * EAPI:Rate limit exceeded} (nothing executed).
     */
    RATE_LIMIT_RESEND
  }
}
