package io.github.krakensdk.runtime.call;

import io.github.krakensdk.errors.KrakenException;
import java.time.Duration;
import java.util.Objects;

/**
 * One attempt of a call, as {@link CallListener#attemptEnd} sees it. Immutable; the client builds
 * it, and it may gain members in a minor release (read them through the accessors).
 *
 * <pre>{@code
 * CallListener listener = new CallListener() {
 *   @Override public void attemptEnd(CallAttempt attempt) {
 *     log.info("{} attempt {} ({}): {} on the wire", attempt.operationId(), attempt.number(),
 *         attempt.reason(), attempt.onTheWire());
 *   }
 * };
 * }</pre>
 */
public final class CallAttempt {
  private final String operationId;
  private final int number;
  private final Reason reason;
  private final Duration paced;
  private final Duration queued;
  private final Duration onTheWire;
  private final int httpStatus;
  private final KrakenException failure;

  private CallAttempt(Builder builder) {
    this.operationId = Objects.requireNonNull(builder.operationId, "operationId == null");
    this.number = builder.number;
    this.reason = Objects.requireNonNull(builder.reason, "reason == null");
    this.paced = Objects.requireNonNull(builder.paced, "paced == null");
    this.queued = Objects.requireNonNull(builder.queued, "queued == null");
    this.onTheWire = Objects.requireNonNull(builder.onTheWire, "onTheWire == null");
    this.httpStatus = builder.httpStatus;
    this.failure = builder.failure;
  }

  /** A builder with nothing set; {@link Builder#build} needs operationId, reason, paced, queued, onTheWire. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this attempt's members. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** The contract's operation id, such as {@code getLedgers}. */
  public String operationId() {
    return operationId;
  }

  /** 1 for the first attempt, counting every re-send and retry after it. */
  public int number() {
    return number;
  }

  /** Why this attempt was sent. */
  public Reason reason() {
    return reason;
  }

  /**
   * How long it waited for the key's counters (the Spot REST call counter, the trading engine's
   * per-pair counter), on the client's {@link TimeSource}; zero when nothing held it.
   */
  public Duration paced() {
    return paced;
  }

  /**
   * How long it then waited for the earlier requests of its key (signed requests of one key go out
   * one at a time, in nonce order).
   */
  public Duration queued() {
    return queued;
  }

  /**
   * From handing the request to the HTTP client to the answer decoded (or the failure); zero when
   * it was never sent.
   */
  public Duration onTheWire() {
    return onTheWire;
  }

  /** The answer's status, or 0 when there was no answer. */
  public int httpStatus() {
    return httpStatus;
  }

  /** What the attempt failed with, or null when it succeeded. */
  public KrakenException failure() {
    return failure;
  }

  /** Whether the attempt succeeded: the call's result came from it. */
  public boolean succeeded() {
    return failure == null;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CallAttempt that
        && operationId.equals(that.operationId)
        && number == that.number
        && reason == that.reason
        && paced.equals(that.paced)
        && queued.equals(that.queued)
        && onTheWire.equals(that.onTheWire)
        && httpStatus == that.httpStatus
        && Objects.equals(failure, that.failure);
  }

  @Override
  public int hashCode() {
    return Objects.hash(operationId, number, reason, paced, queued, onTheWire, httpStatus, failure);
  }

  @Override
  public String toString() {
    return "CallAttempt[operationId=" + operationId + ", number=" + number + ", reason=" + reason
        + ", paced=" + paced + ", queued=" + queued + ", onTheWire=" + onTheWire
        + ", httpStatus=" + httpStatus + ", failure=" + failure + "]";
  }

  /** Builds a {@link CallAttempt}; setters are named as the members. */
  public static final class Builder {
    private String operationId;
    private int number;
    private Reason reason;
    private Duration paced;
    private Duration queued;
    private Duration onTheWire;
    private int httpStatus;
    private KrakenException failure;

    private Builder() {}

    private Builder(CallAttempt attempt) {
      this.operationId = attempt.operationId;
      this.number = attempt.number;
      this.reason = attempt.reason;
      this.paced = attempt.paced;
      this.queued = attempt.queued;
      this.onTheWire = attempt.onTheWire;
      this.httpStatus = attempt.httpStatus;
      this.failure = attempt.failure;
    }

    public Builder operationId(String operationId) {
      this.operationId = operationId;
      return this;
    }

    public Builder number(int number) {
      this.number = number;
      return this;
    }

    public Builder reason(Reason reason) {
      this.reason = reason;
      return this;
    }

    public Builder paced(Duration paced) {
      this.paced = paced;
      return this;
    }

    public Builder queued(Duration queued) {
      this.queued = queued;
      return this;
    }

    public Builder onTheWire(Duration onTheWire) {
      this.onTheWire = onTheWire;
      return this;
    }

    public Builder httpStatus(int httpStatus) {
      this.httpStatus = httpStatus;
      return this;
    }

    public Builder failure(KrakenException failure) {
      this.failure = failure;
      return this;
    }

    /**
     * @throws NullPointerException naming the member, if operationId, reason, paced, queued or
     *     onTheWire is not set.
     */
    public CallAttempt build() {
      return new CallAttempt(this);
    }
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
