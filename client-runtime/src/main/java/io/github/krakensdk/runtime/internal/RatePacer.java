package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.errors.KrakenError;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.runtime.call.TimeSource;
import java.time.Duration;
import java.util.Objects;

/**
 * A client-side copy of one API key's Spot REST call counter ({@link SpotRateTier}): before a call
 * is sent, {@link #reserve} adds its cost and says how long it must wait so that the counter stays
 * under the tier's maximum. Calls are never dropped, only delayed.
 *
 * <p>The copy runs one count below the maximum: the service decays its counter in steps every
 * couple of seconds rather than smoothly, and counts a call when it arrives, not when it was sent,
 * so a copy that ran right up to the maximum could be a little ahead of the service's. A
 * reservation may lie in the future (calls sent concurrently when requests of a key are not
 * ordered): the next one then starts from it, so waits queue up in the order they were reserved.
 *
 * <p>The counter is kept in exact integer units (10<sup>-11</sup> of a call, so that every
 * published decay is a whole number of units per nanosecond): the sandbox, whose counter runs on
 * the same simulated clock, then agrees with it to the nanosecond. Thread-safe.
 */
public final class RatePacer {
  /** The service's error when the counter is full. */
  static final String COUNTER_FULL = "EAPI:Rate limit exceeded";
  private static final long UNITS = 100_000_000_000L;

  private final SpotRateTier tier;
  private final TimeSource time;
  private final long ceiling;
  private final long full;
  private final long decayPerNano;
  /** The counter's value at {@link #at}, in units. Guarded by {@code this}. */
  private long level;
  /** When {@link #level} holds: the send time of the last reservation. Guarded by {@code this}. */
  private long at;

  public RatePacer(SpotRateTier tier, TimeSource time) {
    this.tier = Objects.requireNonNull(tier, "tier == null");
    this.time = Objects.requireNonNull(time, "time == null");
    this.full = tier.maximum() * UNITS;
    this.ceiling = full - UNITS;
    // 0.33 per second is 0.33 * 10^11 units per 10^9 ns: 33 units per ns.
    this.decayPerNano = tier.decayPerSecond().movePointRight(2).longValueExact();
    this.at = time.nanoTime();
  }

  /**
   * Counts a call of {@code cost} and returns how long to wait before sending it: zero to send at
   * once. Waiting less (or sending other calls of the key in between) breaks the pacing.
   */
  public Duration reserve(int cost) {
    if (cost < 0) {
      throw new IllegalArgumentException("cost must not be negative (was " + cost + ")");
    }
    long now = time.nanoTime();
    synchronized (this) {
      long start = Math.max(now, at);
      long current = decayed(start);
      long over = current + cost * UNITS - ceiling;
      long wait = over <= 0 ? 0 : ceilDiv(over, decayPerNano);
      level = current - wait * decayPerNano + cost * UNITS;
      at = start + wait;
      return Duration.ofNanos(at - now);
    }
  }

  /**
   * Learns from a failed call that the service's counter is full ({@code EAPI:Rate limit
   * exceeded}, sent when another client uses the key too): later calls wait for it to decay.
   */
  public void onFailure(KrakenException failure) {
    if (!(failure instanceof RateLimitedException limited)
        || limited.krakenErrors().stream().map(KrakenError::code).noneMatch(COUNTER_FULL::equals)) {
      return;
    }
    long now = time.nanoTime();
    synchronized (this) {
      long start = Math.max(now, at);
      level = Math.max(decayed(start), full);
      at = start;
    }
  }

  public SpotRateTier tier() {
    return tier;
  }

  /** The counter's value at {@code when} (not before {@link #at}). Guarded by {@code this}. */
  private long decayed(long when) {
    long elapsed = when - at;
    // Compared before multiplying: hours of idleness would overflow the product.
    return elapsed >= ceilDiv(level, decayPerNano) ? 0 : level - elapsed * decayPerNano;
  }

  private static long ceilDiv(long dividend, long divisor) {
    return -Math.floorDiv(-dividend, divisor);
  }

  @Override
  public String toString() {
    return "RatePacer{" + tier + "}";
  }
}
