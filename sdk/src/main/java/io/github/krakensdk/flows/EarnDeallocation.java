package io.github.krakensdk.flows;

import io.github.krakensdk.errors.EarnDeallocationTimeoutException;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.DeallocationStatus;
import io.github.krakensdk.spot.model.GetDeallocateStatusRequest;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Deallocates funds from an Earn strategy and waits until the service has done it: the Spot
 * operation {@code deallocateEarnFunds} only starts the deallocation (HTTP 202), so this polls
 * {@code getDeallocateStatus} with a growing delay until it answers {@code pending: false}, or
 * gives up after a timeout.
 *
 * <pre>{@code
 * EarnDeallocation earn = EarnDeallocation.builder(kraken.spot())
 *     .initialDelay(Duration.ofSeconds(1))
 *     .multiplier(2)
 *     .maxDelay(Duration.ofSeconds(15))
 *     .timeout(Duration.ofMinutes(2))
 *     .build();
 * try {
 *   DeallocationStatus done = earn.deallocateAndWait("ESDQCOL-WTZEU-NU55QF", new BigDecimal("12.5"));
 * } catch (KrakenServiceException e) {
 *   if (e.hasError(SpotErrorCode.EARNINGS_BUSY)) { ... } // another (de)allocation is in progress
 * } catch (EarnDeallocationTimeoutException e) {
 *   ... // accepted, still pending: earn.awaitCompletion(e.strategyId()) later
 * }
 * }</pre>
 *
 * <p>The first poll comes {@code initialDelay} after the deallocation was accepted; each later
 * delay is the one before times {@code multiplier}, at most {@code maxDelay}. The last delay is
 * shortened to end at the timeout, where one last poll is made. Errors are not retried here: the
 * deallocation itself is not safe to repeat, and a failed poll (the service reports a failed
 * deallocation through it, such as {@code EEarnings:Insufficient funds}) is thrown as the {@link
 * KrakenServiceException} of {@code getDeallocateStatus}; configure {@code
 * KrakenClient.Builder.retryPolicy} to retry polls on network failures. Instances are immutable
 * and thread-safe.
 */
public final class EarnDeallocation {
  static final String DEALLOCATE_OPERATION = "deallocateEarnFunds";
  static final String STATUS_OPERATION = EarnDeallocationTimeoutException.STATUS_OPERATION;

  private final SpotService spot;
  private final Duration initialDelay;
  private final double multiplier;
  private final Duration maxDelay;
  private final Duration timeout;
  private final Clock clock;
  private final Sleeper sleeper;

  /** With the defaults of {@link Builder}. */
  public EarnDeallocation(SpotService spot) {
    this(builder(spot));
  }

  private EarnDeallocation(Builder builder) {
    this.spot = builder.spot;
    this.initialDelay = builder.initialDelay;
    this.multiplier = builder.multiplier;
    this.maxDelay = builder.maxDelay;
    this.timeout = builder.timeout;
    this.clock = builder.clock;
    this.sleeper = builder.sleeper;
  }

  /** Configures the waiting; {@code spot} is usually {@code kraken.spot()}, with Spot credentials. */
  public static Builder builder(SpotService spot) {
    return new Builder(Objects.requireNonNull(spot, "spot == null"));
  }

  /**
   * Starts moving {@code amount} out of the strategy and waits for it to complete.
   *
   * @return the final status, whose {@code pending} is false.
   * @throws KrakenServiceException if the service refuses the deallocation (such as {@code
   *     EEarnings:Busy}, {@code EEarnings:Below min}) or reports it failed while polling.
   * @throws EarnDeallocationTimeoutException if it is still pending at the timeout.
   * @throws UnexpectedResponseException if the service answers {@code result: false}, which the
   *     contract does not describe; nothing is polled then.
   * @throws KrakenException for any other failure of either call.
   * @throws InterruptedException if the thread is interrupted while waiting between polls.
   */
  public DeallocationStatus deallocateAndWait(String strategyId, BigDecimal amount) throws InterruptedException {
    Objects.requireNonNull(strategyId, "strategyId == null");
    Objects.requireNonNull(amount, "amount == null");
    Boolean accepted = spot.deallocateEarnFunds(r -> r.strategyId(strategyId).amount(amount));
    if (!accepted) {
      // Polling now would report the previous deallocation of the strategy as if it were this one.
      // The service method does not expose the HTTP status.
      throw new UnexpectedResponseException(DEALLOCATE_OPERATION, KrakenException.NO_STATUS,
          "result is false; the contract answers an accepted deallocation with true", "result: false", null);
    }
    return awaitCompletion(strategyId);
  }

  /**
   * Waits, without deallocating, for the strategy's last deallocation to complete: to follow one
   * after {@link EarnDeallocationTimeoutException}, or one that another process started.
   *
   * @return the final status, whose {@code pending} is false.
   * @throws EarnDeallocationTimeoutException if it is still pending at the timeout.
   * @throws KrakenException if a poll fails.
   * @throws InterruptedException if the thread is interrupted while waiting between polls.
   */
  public DeallocationStatus awaitCompletion(String strategyId) throws InterruptedException {
    Objects.requireNonNull(strategyId, "strategyId == null");
    GetDeallocateStatusRequest request = GetDeallocateStatusRequest.builder().strategyId(strategyId).build();
    Instant start = clock.instant();
    Instant deadline = start.plus(timeout);
    Duration delay = initialDelay;
    int polls = 0;
    while (true) {
      Duration remaining = Duration.between(clock.instant(), deadline);
      if (polls > 0 && !positive(remaining)) {
        throw new EarnDeallocationTimeoutException(strategyId, Duration.between(start, clock.instant()), polls);
      }
      Duration wait = remaining.compareTo(delay) < 0 ? remaining : delay;
      if (positive(wait)) {
        sleeper.sleep(wait);
      }
      DeallocationStatus status = spot.getDeallocateStatus(request);
      polls++;
      // Only an explicit false is completion: a status that lost `pending` (lenient decoding)
      // must not be reported as done.
      if (Boolean.FALSE.equals(status.pending())) {
        return status;
      }
      delay = next(delay);
    }
  }

  private static boolean positive(Duration duration) {
    return !duration.isNegative() && !duration.isZero();
  }

  private Duration next(Duration delay) {
    double nanos = delay.toNanos() * multiplier;
    return nanos >= maxDelay.toNanos() ? maxDelay : Duration.ofNanos((long) nanos);
  }

  @Override
  public String toString() {
    return "EarnDeallocation[initialDelay=" + initialDelay + ", multiplier=" + multiplier + ", maxDelay="
        + maxDelay + ", timeout=" + timeout + "]";
  }

  /** Waits between polls; tests replace it so that nothing waits for real time. */
  @FunctionalInterface
  public interface Sleeper {
    /** Returns after {@code duration}, or throws if the thread is interrupted. */
    void sleep(Duration duration) throws InterruptedException;

    /** {@link TimeUnit#sleep}: the calling thread waits. */
    static Sleeper system() {
      return duration -> TimeUnit.NANOSECONDS.sleep(duration.toNanos());
    }
  }

  /** Configures an {@link EarnDeallocation}; every setter returns this builder. */
  public static final class Builder {
    private final SpotService spot;
    private Duration initialDelay = Duration.ofSeconds(1);
    private double multiplier = 2.0;
    private Duration maxDelay = Duration.ofSeconds(15);
    private Duration timeout = Duration.ofMinutes(2);
    private Clock clock = Clock.systemUTC();
    private Sleeper sleeper = Sleeper.system();

    private Builder(SpotService spot) {
      this.spot = spot;
    }

    /** The wait before the first poll; default 1 s. */
    public Builder initialDelay(Duration initialDelay) {
      this.initialDelay = requirePositive(initialDelay, "initialDelay");
      return this;
    }

    /** What each delay is multiplied by for the next; at least 1, default 2. */
    public Builder multiplier(double multiplier) {
      if (!(multiplier >= 1.0) || Double.isInfinite(multiplier)) {
        throw new IllegalArgumentException("multiplier must be at least 1 and finite (was " + multiplier + ")");
      }
      this.multiplier = multiplier;
      return this;
    }

    /** The longest wait between two polls; default 15 s. */
    public Builder maxDelay(Duration maxDelay) {
      this.maxDelay = requirePositive(maxDelay, "maxDelay");
      return this;
    }

    /** How long to wait in all, from the deallocation's acceptance; default 2 minutes. */
    public Builder timeout(Duration timeout) {
      this.timeout = requirePositive(timeout, "timeout");
      return this;
    }

    /** Measures the timeout; the system clock by default. */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock == null");
      return this;
    }

    /** Waits between polls; {@link Sleeper#system()} by default. */
    public Builder sleeper(Sleeper sleeper) {
      this.sleeper = Objects.requireNonNull(sleeper, "sleeper == null");
      return this;
    }

    /** @throws IllegalArgumentException if {@code maxDelay} is shorter than {@code initialDelay}. */
    public EarnDeallocation build() {
      if (maxDelay.compareTo(initialDelay) < 0) {
        throw new IllegalArgumentException(
            "maxDelay (" + maxDelay + ") must not be shorter than initialDelay (" + initialDelay + ")");
      }
      return new EarnDeallocation(this);
    }

    private static Duration requirePositive(Duration duration, String name) {
      Objects.requireNonNull(duration, name + " == null");
      if (!positive(duration)) {
        throw new IllegalArgumentException(name + " must be positive (was " + duration + ")");
      }
      return duration;
    }
  }
}
