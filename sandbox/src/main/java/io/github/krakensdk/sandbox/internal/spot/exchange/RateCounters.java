package io.github.krakensdk.sandbox.internal.spot.exchange;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/** The per-pair trading rate counter: charges and the cancel, amend and edit penalties by resting time. */
final class RateCounters {
  private final Engine engine;

  RateCounters(Engine engine) {
    this.engine = engine;
  }

  /**
   * The rate counter's charge for a transaction: always the fixed part; the decaying part only
   * when the transaction goes through, which it does not when the whole would pass the tier's
   * threshold ({@code EOrder:Rate limit exceeded}).
   */
  void charge(Account account, Tier tier, Catalog.Pair pair, double fixed, double decaying, Instant now) {
    Account.Counter counter = account.counter(pair.name());
    BigDecimal current = counter.current(now, tier);
    BigDecimal withFixed = current.add(BigDecimal.valueOf(fixed));
    BigDecimal whole = withFixed.add(BigDecimal.valueOf(decaying));
    if (whole.compareTo(BigDecimal.valueOf(tier.tradingThreshold())) > 0) {
      counter.value = withFixed;
      throw new ExchangeError(Errors.RATE_LIMIT);
    }
    counter.value = whole;
  }

  /** Adds {@code count} to the rate counter whatever it then is: a batch cancel is accepted over the threshold. */
  void chargeAnyway(Account account, Tier tier, Catalog.Pair pair, double count, Instant now) {
    Account.Counter counter = account.counter(pair.name());
    counter.value = counter.current(now, tier).add(BigDecimal.valueOf(count));
  }

  static double cancelPenalty(Duration age) {
    long ms = age.toMillis();
    return ms < 5_000 ? 8 : ms < 10_000 ? 6 : ms < 15_000 ? 5 : ms < 45_000 ? 4 : ms < 90_000 ? 2
        : ms < 300_000 ? 1 : 0;
  }

  static double amendPenalty(Duration age) {
    long ms = age.toMillis();
    return ms < 5_000 ? 3 : ms < 10_000 ? 2 : ms < 15_000 ? 1 : 0;
  }

  static double editPenalty(Duration age) {
    long ms = age.toMillis();
    return ms < 5_000 ? 6 : ms < 10_000 ? 5 : ms < 15_000 ? 4 : ms < 45_000 ? 2 : ms < 90_000 ? 1 : 0;
  }
}
