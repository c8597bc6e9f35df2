package io.github.krakensdk.runtime.call;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * The Spot rate limits of an account's verification tier, as the service publishes them: the REST
 * call counter of each API key and the trading engine's rate counter of each pair.
 *
 * <p><b>REST call counter.</b> Each API key has a counter that starts at 0; each private call adds
 * its cost (2 for the ledger and trade-history calls, 1 for most others, 0 for the order calls,
 * which the trading engine limits instead: the contract states each operation's cost as {@code
 * x-kraken-rate-cost}); the counter falls by {@link #decayPerSecond()} and a call that would take
 * it above {@link #maximum()} fails with {@code EAPI:Rate limit exceeded}.
 *
 * <p><b>Trading engine counter.</b> The engine keeps a counter per pair for the account, shared by
 * REST, WebSocket and FIX: +1 per order placed, +n/2 per batch of n orders, +1 per amend and edit
 * plus more the younger the order (amend up to +3 under 15 s, edit up to +6 under 90 s), and a
 * cancel +8 under 5 s down to +1 under 300 s. It falls by {@link #tradingDecayPerSecond()}; a
 * transaction that would take it above {@link #tradingThreshold()} fails with {@code EOrder:Rate
 * limit exceeded}.
 *
 * <p>The client paces the private Spot calls of its key by the REST counter, so that a burst never
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
  /** REST: maximum 15, decay 0.33 per second. Trading: threshold 60 per pair, decay 1 per second. */
  STARTER(15, "0.33", 60, "1"),
  /** REST: maximum 20, decay 0.5 per second. Trading: threshold 125 per pair, decay 2.34 per second. */
  INTERMEDIATE(20, "0.5", 125, "2.34"),
  /** REST: maximum 20, decay 1 per second. Trading: threshold 180 per pair, decay 3.75 per second. */
  PRO(20, "1", 180, "3.75");

  private final int maximum;
  private final BigDecimal decayPerSecond;
  private final int tradingThreshold;
  private final BigDecimal tradingDecayPerSecond;

  SpotRateTier(int maximum, String decayPerSecond, int tradingThreshold, String tradingDecayPerSecond) {
    this.maximum = maximum;
    this.decayPerSecond = new BigDecimal(decayPerSecond);
    this.tradingThreshold = tradingThreshold;
    this.tradingDecayPerSecond = new BigDecimal(tradingDecayPerSecond);
  }

  /** The highest value the REST call counter may reach; a call that would go above it is refused. */
  public int maximum() {
    return maximum;
  }

  /** How much the REST call counter falls per second, down to 0. */
  public BigDecimal decayPerSecond() {
    return decayPerSecond;
  }

  /**
   * How long the REST call counter takes to fall by {@code cost}: the steady pace of calls of that
   * cost once the counter is full (3.03 s per call for Starter).
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

  /**
   * The trading engine's rate counter threshold, per pair: a transaction that would take the
   * pair's counter above it fails with {@code EOrder:Rate limit exceeded}.
   */
  public int tradingThreshold() {
    return tradingThreshold;
  }

  /** How much the trading engine's counter of each pair falls per second, down to 0. */
  public BigDecimal tradingDecayPerSecond() {
    return tradingDecayPerSecond;
  }
}
