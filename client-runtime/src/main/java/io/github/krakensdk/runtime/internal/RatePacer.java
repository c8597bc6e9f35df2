package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.errors.KrakenError;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.runtime.call.TimeSource;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

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
 * <p>A reservation plans a call's send time; the call may still go out later, after waiting for
 * its key's earlier requests, and a late call shifts the counter's load onto the calls planned
 * after it (calls that bunch up after a pause arrive as a burst). So the pacer also keeps the
 * counter as the calls actually sent left it, and {@link #admit} checks each call against that
 * just before it is sent. A sent call reaches the service some time before the key's next call
 * is admitted (ordered requests go one at a time), not necessarily when it was admitted: so the
 * copy counts each call as arriving as late as it may have, when the next one is admitted, and
 * never lets a call decay before it can have arrived.
 *
 * <p>The counter is kept in exact integer units (10<sup>-11</sup> of a call, so that every
 * published decay is a whole number of units per nanosecond): the sandbox, whose counter runs on
 * the same simulated clock, then agrees with it to the nanosecond. Thread-safe.
 */
public final class RatePacer {
  /**
   * The service's errors when the key's counter is full: Spot's, and Funding (Beta)'s problem
   * code, whose calls count on the same key's counter (funding.yaml's decision).
   */
  static final Set<String> COUNTER_FULL = Set.of("EAPI:Rate limit exceeded", "RateLimitExceeded");
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
  /**
   * The counter as the calls sent before the last one left it, at {@link #sentAt}, each counted
   * from the admission of the call after it. Guarded by {@code this}.
   */
  private long sentLevel;
  /** When {@link #sentLevel} holds: the last admission, never in the future. Guarded by {@code this}. */
  private long sentAt;
  /** The cost of the last call admitted, which may still be on its way: not decaying yet. Guarded by {@code this}. */
  private long inFlight;

  public RatePacer(SpotRateTier tier, TimeSource time) {
    this.tier = Objects.requireNonNull(tier, "tier == null");
    this.time = Objects.requireNonNull(time, "time == null");
    this.full = tier.maximum() * UNITS;
    this.ceiling = full - UNITS;
    // 0.33 per second is 0.33 * 10^11 units per 10^9 ns: 33 units per ns.
    this.decayPerNano = tier.decayPerSecond().movePointRight(2).longValueExact();
    this.at = time.nanoTime();
    this.sentAt = at;
  }

  /**
   * Counts a call of {@code cost} and returns how long to wait before sending it: zero to send at
   * once. Waiting less (or sending other calls of the key in between) breaks the pacing.
   */
  public Duration reserve(int cost) {
    return reserve(cost, null);
  }

  /**
   * As {@link #reserve(int)}, but counts nothing and returns null when the wait would be longer
   * than {@code maxWait} (null for no bound): the caller then does not send the call.
   */
  public Duration reserve(int cost, Duration maxWait) {
    if (cost < 0) {
      throw new IllegalArgumentException("cost must not be negative (was " + cost + ")");
    }
    long now = time.nanoTime();
    synchronized (this) {
      long start = Math.max(now, at);
      long current = decayed(start);
      long over = current + cost * UNITS - ceiling;
      long wait = over <= 0 ? 0 : ceilDiv(over, decayPerNano);
      Duration delay = Duration.ofNanos(start + wait - now);
      if (maxWait != null && delay.compareTo(maxWait) > 0) {
        return null;
      }
      level = current - wait * decayPerNano + cost * UNITS;
      at = start + wait;
      return delay;
    }
  }

  /**
   * Just before a call of {@code cost} that waited for its {@link #reserve reservation} is sent:
   * counts it as sent now and returns zero if the counter, as the calls actually sent left it, has
   * room for it; otherwise counts nothing and returns how long until it has room.
   */
  public Duration admit(int cost) {
    if (cost < 0) {
      throw new IllegalArgumentException("cost must not be negative (was " + cost + ")");
    }
    long now = time.nanoTime();
    synchronized (this) {
      // The last call admitted arrived by now (its turn has ended), perhaps only just now.
      long current = decay(sentLevel, Math.max(0, now - sentAt)) + inFlight;
      long over = current + cost * UNITS - ceiling;
      if (over > 0 && cost > 0) {
        return Duration.ofNanos(ceilDiv(over, decayPerNano));
      }
      sentLevel = current;
      sentAt = Math.max(now, sentAt);
      inFlight = cost * UNITS;
      return Duration.ZERO;
    }
  }

  /** Whether {@code failure} is the service's word that the key's call counter is full. */
  public static boolean saysCounterFull(KrakenException failure) {
    return failure instanceof RateLimitedException limited
        && limited.krakenErrors().stream().map(KrakenError::code).anyMatch(COUNTER_FULL::contains);
  }

  /**
   * Learns from a failed call that the service's counter is full ({@code EAPI:Rate limit
   * exceeded}, or Funding's {@code RateLimitExceeded}, sent when another client uses the key too): later calls wait for it to decay.
   */
  public void onFailure(KrakenException failure) {
    if (!saysCounterFull(failure)) {
      return;
    }
    long now = time.nanoTime();
    synchronized (this) {
      long start = Math.max(now, at);
      level = Math.max(decayed(start), full);
      at = start;
      sentLevel = full;
      sentAt = Math.max(now, sentAt);
      inFlight = 0;
    }
  }

  public SpotRateTier tier() {
    return tier;
  }

  /** The counter's value at {@code when} (not before {@link #at}). Guarded by {@code this}. */
  private long decayed(long when) {
    return decay(level, when - at);
  }

  /** {@code value} after {@code elapsed} nanoseconds of decay. */
  private long decay(long value, long elapsed) {
    // Compared before multiplying: hours of idleness would overflow the product.
    return elapsed >= ceilDiv(value, decayPerNano) ? 0 : value - elapsed * decayPerNano;
  }

  private static long ceilDiv(long dividend, long divisor) {
    return -Math.floorDiv(-dividend, divisor);
  }

  @Override
  public String toString() {
    return "RatePacer{" + tier + "}";
  }
}
