package io.github.krakensdk.sandbox.internal.spot.exchange;

/**
 * A client's verification tier, which sets the limits the service enforces (Spot Trading Limits
 * and Spot REST rate limits, as published): the trading engine's per-pair rate counter threshold
 * and decay (Starter 60 and 1/s, Intermediate 125 and 2.34/s, Pro 180 and 3.75/s), the open orders
 * allowed per pair (60, 80, 225), and the REST call counter's maximum and decay. The client's
 * {@code SpotRateTier} carries the same figures for its pacing.
 *
 * <p>{@link #STARTER} is the default for an account that declares nothing.
 */
public enum Tier {
  STARTER(60, 1.0, 60, 15, 0.33),
  INTERMEDIATE(125, 2.34, 80, 20, 0.5),
  PRO(180, 3.75, 225, 20, 1.0);

  private final int tradingThreshold;
  private final double tradingDecayPerSecond;
  private final int openOrdersPerPair;
  private final int restCounterMaximum;
  private final double restDecayPerSecond;

  Tier(int tradingThreshold, double tradingDecayPerSecond, int openOrdersPerPair, int restCounterMaximum,
      double restDecayPerSecond) {
    this.tradingThreshold = tradingThreshold;
    this.tradingDecayPerSecond = tradingDecayPerSecond;
    this.openOrdersPerPair = openOrdersPerPair;
    this.restCounterMaximum = restCounterMaximum;
    this.restDecayPerSecond = restDecayPerSecond;
  }

  /** The per-pair trading rate counter above which the engine answers {@code EOrder:Rate limit exceeded}. */
  public int tradingThreshold() {
    return tradingThreshold;
  }

  /** How much the per-pair trading rate counter decreases each second. */
  public double tradingDecayPerSecond() {
    return tradingDecayPerSecond;
  }

  /** Open orders allowed per pair; one more answers {@code EOrder:Orders limit exceeded}. */
  public int openOrdersPerPair() {
    return openOrdersPerPair;
  }

  /** The REST call counter's maximum per API key (not enforced by the exchange; for the REST layer). */
  public int restCounterMaximum() {
    return restCounterMaximum;
  }

  /** How much the REST call counter decreases each second (for the REST layer). */
  public double restDecayPerSecond() {
    return restDecayPerSecond;
  }

  /** A tier by its name as a caller spells it ({@code starter}, {@code Intermediate}, {@code PRO}). */
  public static Tier of(String name) {
    for (Tier tier : values()) {
      if (tier.name().equalsIgnoreCase(name.trim())) {
        return tier;
      }
    }
    throw new IllegalArgumentException("unknown tier " + name);
  }
}
