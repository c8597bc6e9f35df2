package io.github.krakensdk.runtime.call;

import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenError;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.errors.RateLimitedException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * When to send a failed call again. Off by default ({@link #none()}). The opt-in policy retries
 * only operations that are safe to repeat (GETs, and those the contract marks
 * {@code x-kraken-idempotent}), after a network failure, rate limiting or a 500/502/503/504,
 * (whatever the body), with exponential backoff, full jitter and a cap, and waits what {@code
 * Retry-After} asks (giving up if that is longer than the cap). A local failure ({@link
 * KrakenClientException}) is never retried: sending the same again would fail the same way. Each
 * attempt goes through the interceptors again, so it is signed again with a new nonce.
 *
 * <p>Rate limiting ({@link RateLimitedException}): a Spot throttle, {@code EService: Throttled:
 * <unix time>}, is retried at that time ({@link RateLimitedException#throttledUntil()}, read on
 * the policy's {@link Builder#clock clock}; giving up if that is further away than the cap), and
 * the trading engine's {@code EOrder:Rate limit exceeded} after the backoff. The Spot REST call
 * counter's {@code EAPI:Rate limit exceeded} and {@code EGeneral:Too many requests} are not
 * retried unless the service sent a {@code Retry-After}: the service keeps those limits up while
 * calls keep coming, so a quick retry only prolongs them (the client's pacing keeps a key under
 * its call counter instead).
 *
 * <pre>{@code
 * RetryPolicy retries = RetryPolicy.exponential()
 *     .maxAttempts(4).initialDelay(Duration.ofMillis(250)).maxDelay(Duration.ofSeconds(8)).build();
 * }</pre>
 */
public final class RetryPolicy {
  private static final Set<Integer> RETRIED_STATUSES = Set.of(500, 502, 503, 504);
  /** Rate limits a retry without the service's word on when only prolongs. */
  private static final Set<String> COUNTER_LIMITS = Set.of("EAPI:Rate limit exceeded", "EGeneral:Too many requests");
  private static final RetryPolicy NONE = new RetryPolicy(1, Duration.ZERO, Duration.ZERO, Clock.systemUTC());

  private final int maxAttempts;
  private final Duration initialDelay;
  private final Duration maxDelay;
  private final Clock clock;

  private RetryPolicy(int maxAttempts, Duration initialDelay, Duration maxDelay, Clock clock) {
    this.maxAttempts = maxAttempts;
    this.initialDelay = initialDelay;
    this.maxDelay = maxDelay;
    this.clock = clock;
  }

  /** Never retries: every failure reaches the caller. The default. */
  public static RetryPolicy none() {
    return NONE;
  }

  /** A builder for exponential backoff: 3 attempts, 200 ms doubling up to 10 s by default. */
  public static Builder exponential() {
    return new Builder();
  }

  public int maxAttempts() {
    return maxAttempts;
  }

  /**
   * The delay before attempt {@code nextAttempt} (2 for the first retry) of an operation after
   * {@code failure}, or {@code null} to give up and throw it.
   *
   * @param safeToRepeat whether the operation may be sent twice (a GET, or marked idempotent in
   *     the contract); an operation that is not is never retried.
   */
  public Duration delayBefore(int nextAttempt, boolean safeToRepeat, KrakenException failure) {
    if (nextAttempt > maxAttempts || !safeToRepeat || !retryable(failure)) {
      return null;
    }
    Duration asked = askedDelay(failure);
    if (asked != null) {
      return asked.compareTo(maxDelay) <= 0 ? asked : null;
    }
    if (failure instanceof RateLimitedException limited
        && limited.krakenErrors().stream().map(KrakenError::code).anyMatch(COUNTER_LIMITS::contains)) {
      return null;
    }
    long cap = Math.min(maxDelay.toNanos(), initialDelay.toNanos() << Math.min(nextAttempt - 2, 30));
    return Duration.ofNanos(cap <= 0 ? 0 : ThreadLocalRandom.current().nextLong(cap + 1));
  }

  /**
   * The wait the service asked for: until a throttle ends (never negative), else its {@code
   * Retry-After}; null if it did not say.
   */
  private Duration askedDelay(KrakenException failure) {
    Optional<Instant> throttledUntil = failure instanceof RateLimitedException limited
        ? limited.throttledUntil() : Optional.empty();
    if (throttledUntil.isPresent()) {
      Duration until = Duration.between(clock.instant(), throttledUntil.get());
      return until.isNegative() ? Duration.ZERO : until;
    }
    return failure.retryAfter().orElse(null);
  }

  /**
   * A network failure, rate limiting, or a 500/502/503/504 whatever its body (a proxy's page too);
   * never a local failure, which sending again would repeat.
   */
  private static boolean retryable(KrakenException failure) {
    if (failure instanceof KrakenClientException) {
      return false;
    }
    return failure instanceof KrakenTransportException
        || failure instanceof RateLimitedException
        || RETRIED_STATUSES.contains(failure.httpStatus());
  }

  @Override
  public String toString() {
    return maxAttempts == 1 ? "RetryPolicy.none()"
        : "RetryPolicy.exponential(maxAttempts=" + maxAttempts + ", initialDelay=" + initialDelay
            + ", maxDelay=" + maxDelay + ")";
  }

  /** Configures an exponential {@link RetryPolicy}. */
  public static final class Builder {
    private int maxAttempts = 3;
    private Duration initialDelay = Duration.ofMillis(200);
    private Duration maxDelay = Duration.ofSeconds(10);
    private Clock clock = Clock.systemUTC();

    private Builder() {}

    /** Attempts in all, the first included; at least 1. */
    public Builder maxAttempts(int maxAttempts) {
      if (maxAttempts < 1) {
        throw new IllegalArgumentException("maxAttempts must be at least 1 (was " + maxAttempts + ")");
      }
      this.maxAttempts = maxAttempts;
      return this;
    }

    public Builder initialDelay(Duration initialDelay) {
      this.initialDelay = requireNotNegative(initialDelay, "initialDelay");
      return this;
    }

    /** The cap of one delay; a {@code Retry-After} longer than this gives up instead of waiting. */
    public Builder maxDelay(Duration maxDelay) {
      this.maxDelay = requireNotNegative(maxDelay, "maxDelay");
      return this;
    }

    /**
     * The wall clock a throttle's end ({@link RateLimitedException#throttledUntil()}, a time of
     * the service's) is compared with; {@link Clock#systemUTC()} by default. Against the sandbox,
     * its {@code clock()}.
     */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock == null");
      return this;
    }

    public RetryPolicy build() {
      return new RetryPolicy(maxAttempts, initialDelay, maxDelay, clock);
    }

    private static Duration requireNotNegative(Duration duration, String name) {
      Objects.requireNonNull(duration, name + " == null");
      if (duration.isNegative()) {
        throw new IllegalArgumentException(name + " must not be negative (was " + duration + ")");
      }
      return duration;
    }
  }
}
