package io.github.krakensdk.runtime.call;

import io.github.krakensdk.errors.KrakenException;
import java.time.Duration;
import java.util.Objects;

/**
 * A call as a whole, as {@link CallListener#callEnd} sees it once its last attempt ended.
 * Immutable; the client builds it, and it may gain members in a minor release (read them through
 * the accessors).
 */
public final class CallOutcome {
  private final String operationId;
  private final int attempts;
  private final int retries;
  private final int nonceResends;
  private final int rateLimitResends;
  private final Duration paced;
  private final Duration queued;
  private final Duration duration;
  private final KrakenException failure;

  private CallOutcome(Builder builder) {
    this.operationId = Objects.requireNonNull(builder.operationId, "operationId == null");
    this.attempts = builder.attempts;
    this.retries = builder.retries;
    this.nonceResends = builder.nonceResends;
    this.rateLimitResends = builder.rateLimitResends;
    this.paced = Objects.requireNonNull(builder.paced, "paced == null");
    this.queued = Objects.requireNonNull(builder.queued, "queued == null");
    this.duration = Objects.requireNonNull(builder.duration, "duration == null");
    this.failure = builder.failure;
  }

  /** A builder with nothing set; {@link Builder#build} needs operationId, paced, queued, duration. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this outcome's members. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** The contract's operation id, such as {@code addOrder}. */
  public String operationId() {
    return operationId;
  }

  /** How many attempts it took, re-sends and retries included. */
  public int attempts() {
    return attempts;
  }

  /** How many of them the {@link RetryPolicy} sent. */
  public int retries() {
    return retries;
  }

  /** How many were re-sent after a nonce refusal. */
  public int nonceResends() {
    return nonceResends;
  }

  /** How many were re-sent after {@code EAPI:Rate limit exceeded}. */
  public int rateLimitResends() {
    return rateLimitResends;
  }

  /** The attempts' waits for the key's counters, added up ({@link CallAttempt#paced()}). */
  public Duration paced() {
    return paced;
  }

  /** The attempts' waits for the key's earlier requests, added up. */
  public Duration queued() {
    return queued;
  }

  /** From the call to its end, retry delays included (real time). */
  public Duration duration() {
    return duration;
  }

  /** What the call throws (or its future fails with), or null when it succeeded. */
  public KrakenException failure() {
    return failure;
  }

  /** Whether the call returned its result. */
  public boolean succeeded() {
    return failure == null;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CallOutcome that
        && operationId.equals(that.operationId)
        && attempts == that.attempts
        && retries == that.retries
        && nonceResends == that.nonceResends
        && rateLimitResends == that.rateLimitResends
        && paced.equals(that.paced)
        && queued.equals(that.queued)
        && duration.equals(that.duration)
        && Objects.equals(failure, that.failure);
  }

  @Override
  public int hashCode() {
    return Objects.hash(operationId, attempts, retries, nonceResends, rateLimitResends, paced, queued, duration,
        failure);
  }

  @Override
  public String toString() {
    return "CallOutcome[operationId=" + operationId + ", attempts=" + attempts + ", retries=" + retries
        + ", nonceResends=" + nonceResends + ", rateLimitResends=" + rateLimitResends + ", paced=" + paced
        + ", queued=" + queued + ", duration=" + duration + ", failure=" + failure + "]";
  }

  /** Builds a {@link CallOutcome}; setters are named as the members. */
  public static final class Builder {
    private String operationId;
    private int attempts;
    private int retries;
    private int nonceResends;
    private int rateLimitResends;
    private Duration paced;
    private Duration queued;
    private Duration duration;
    private KrakenException failure;

    private Builder() {}

    private Builder(CallOutcome outcome) {
      this.operationId = outcome.operationId;
      this.attempts = outcome.attempts;
      this.retries = outcome.retries;
      this.nonceResends = outcome.nonceResends;
      this.rateLimitResends = outcome.rateLimitResends;
      this.paced = outcome.paced;
      this.queued = outcome.queued;
      this.duration = outcome.duration;
      this.failure = outcome.failure;
    }

    public Builder operationId(String operationId) {
      this.operationId = operationId;
      return this;
    }

    public Builder attempts(int attempts) {
      this.attempts = attempts;
      return this;
    }

    public Builder retries(int retries) {
      this.retries = retries;
      return this;
    }

    public Builder nonceResends(int nonceResends) {
      this.nonceResends = nonceResends;
      return this;
    }

    public Builder rateLimitResends(int rateLimitResends) {
      this.rateLimitResends = rateLimitResends;
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

    public Builder duration(Duration duration) {
      this.duration = duration;
      return this;
    }

    public Builder failure(KrakenException failure) {
      this.failure = failure;
      return this;
    }

    /**
     * @throws NullPointerException naming the member, if operationId, paced, queued or duration is
     *     not set.
     */
    public CallOutcome build() {
      return new CallOutcome(this);
    }
  }
}
