package io.github.krakensdk.sandbox.internal.http;

import io.github.krakensdk.runtime.call.SpotRateTier;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/**
 * One API key's Spot REST call counter, as the service keeps it: it starts at 0, each call adds
 * its cost, it falls by the tier's decay per second (continuously, on the sandbox clock, exactly),
 * and a call that would take it above the tier's maximum is refused and adds nothing. (The service
 * also extends the restriction while calls keep coming; the sandbox does not.) Thread-safe.
 */
public final class CallCounter {
  private final SpotRateTier tier;
  private final BigDecimal maximum;
  /** Guarded by {@code this}. */
  private BigDecimal level = BigDecimal.ZERO;
  /** When {@link #level} held; null before the first call. Guarded by {@code this}. */
  private Instant at;

  public CallCounter(SpotRateTier tier) {
    this.tier = tier;
    this.maximum = BigDecimal.valueOf(tier.maximum());
  }

  public SpotRateTier tier() {
    return tier;
  }

  /** Counts a call of {@code cost} at {@code now}; false (and nothing counted) if it would overflow. */
  public synchronized boolean tryCall(int cost, Instant now) {
    BigDecimal current = valueAt(now);
    BigDecimal next = current.add(BigDecimal.valueOf(cost));
    level = current;
    if (at == null || now.isAfter(at)) {
      at = now; // a clock moved back keeps the later time: the counter never decays backwards
    }
    if (next.compareTo(maximum) > 0) {
      return false;
    }
    level = next;
    return true;
  }

  /** The counter's value at {@code now}. */
  public synchronized BigDecimal valueAt(Instant now) {
    if (at == null || !now.isAfter(at)) {
      return level;
    }
    Duration elapsed = Duration.between(at, now);
    BigDecimal seconds = BigDecimal.valueOf(elapsed.getSeconds()).add(BigDecimal.valueOf(elapsed.getNano(), 9));
    BigDecimal decayed = level.subtract(tier.decayPerSecond().multiply(seconds));
    return decayed.signum() < 0 ? BigDecimal.ZERO : decayed;
  }
}
