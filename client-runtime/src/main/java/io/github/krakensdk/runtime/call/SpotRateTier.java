package io.github.krakensdk.runtime.call;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * The Spot REST call counter of an account's verification tier, as the service publishes it. Each
 * API key has a counter that starts at 0; each private call adds its cost (2 for the ledger and
 * trade-history calls, 1 for most others, 0 for the order calls, which the trading engine limits
 * instead: the contract states each operation's cost as {@code x-kraken-rate-cost}); the counter
 * falls by {@link #decayPerSecond()} and a call that would take it above {@link #maximum()} fails
 * with {@code EAPI:Rate limit exceeded}.
 *
 * <p>The client paces the private Spot calls of its key by this counter, so that a burst never
 * draws that error: a call that would overflow it waits until enough has decayed (it is never
 * dropped). Tell the client the tier of the key's account; Starter is the default:
 *
 * <pre>{@code
 * KrakenClient kraken = KrakenClient.builder()
 *     .spotCredentials(credentials)
 *     .spotRateTier(SpotRateTier.INTERMEDIATE)
 *     .build();
 * }</pre>
 */
public enum SpotRateTier {
  /** Maximum 15, decay 0.33 per second. */
  STARTER(15, "0.33"),
  /** Maximum 20, decay 0.5 per second. */
  INTERMEDIATE(20, "0.5"),
  /** Maximum 20, decay 1 per second. */
  PRO(20, "1");

  private final int maximum;
  private final BigDecimal decayPerSecond;

  SpotRateTier(int maximum, String decayPerSecond) {
    this.maximum = maximum;
    this.decayPerSecond = new BigDecimal(decayPerSecond);
  }

  /** The highest value the counter may reach; a call that would go above it is refused. */
  public int maximum() {
    return maximum;
  }

  /** How much the counter falls per second, down to 0. */
  public BigDecimal decayPerSecond() {
    return decayPerSecond;
  }

  /**
   * How long the counter takes to fall by {@code cost}: the steady pace of calls of that cost
   * once the counter is full (3.03 s per call for Starter).
   */
  public Duration decayTime(int cost) {
    if (cost < 0) {
      throw new IllegalArgumentException("cost must not be negative (was " + cost + ")");
    }
    // Whole nanoseconds, rounded up: waiting this long always decays at least cost.
    BigDecimal nanos = BigDecimal.valueOf(cost).movePointRight(9)
        .divide(decayPerSecond, 0, java.math.RoundingMode.CEILING);
    return Duration.ofNanos(nanos.longValueExact());
  }
}
