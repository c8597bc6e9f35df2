package io.github.krakensdk.runtime.call;

import io.github.krakensdk.errors.KrakenException;
import java.time.Duration;
import java.util.Objects;

/**
 * A call as a whole, as {@link CallListener#callEnd} sees it once its last attempt ended.
 *
 * @param operationId the contract's operation id, such as {@code addOrder}.
 * @param attempts how many attempts it took, re-sends and retries included.
 * @param retries how many of them the {@link RetryPolicy} sent.
 * @param nonceResends how many were re-sent after a nonce refusal.
 * @param rateLimitResends how many were re-sent after {@code EAPI:Rate limit exceeded}.
 * @param paced the attempts' waits for the key's counters, added up ({@link CallAttempt#paced()}).
 * @param queued the attempts' waits for the key's earlier requests, added up.
 * @param duration from the call to its end, retry delays included (real time).
 * @param failure what the call throws (or its future fails with), or null when it succeeded.
 */
public record CallOutcome(String operationId, int attempts, int retries, int nonceResends, int rateLimitResends,
    Duration paced, Duration queued, Duration duration, KrakenException failure) {
  public CallOutcome {
    Objects.requireNonNull(operationId, "operationId == null");
    Objects.requireNonNull(paced, "paced == null");
    Objects.requireNonNull(queued, "queued == null");
    Objects.requireNonNull(duration, "duration == null");
  }

  /** Whether the call returned its result. */
  public boolean succeeded() {
    return failure == null;
  }
}
