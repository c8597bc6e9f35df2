package io.github.krakensdk.sandbox.internal.spot.exchange;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/** The fee schedule's input: an account's 30-day trade volume, which picks its maker and taker fees. */
final class Fees {
  private final Engine engine;

  Fees(Engine engine) {
    this.engine = engine;
  }

  /** The account's 30-day volume in USD: the seeded base plus its own trades since {@code now - 30 days}. */
  BigDecimal volume30d(Account account, Instant now) {
    BigDecimal volume = account.seededVolume;
    Instant from = now == null ? null : now.minus(Duration.ofDays(30));
    for (AccountTrade trade : account.trades) {
      if (from == null || !trade.time().isBefore(from)) {
        Catalog.Pair pair = engine.catalog.pair(trade.pair()).orElseThrow();
        volume = volume.add(trade.cost().multiply(pair.quote().usdValue()));
      }
    }
    return volume;
  }
}
