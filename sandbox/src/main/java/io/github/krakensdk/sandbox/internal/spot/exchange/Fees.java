package io.github.krakensdk.sandbox.internal.spot.exchange;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/**
 * Trading fees: the percentage an account pays on a pair, picked by its 30-day volume from the
 * pair's maker and taker schedules, and the fee on an amount.
 */
final class Fees {
  private final Engine engine;

  Fees(Engine engine) {
    this.engine = engine;
  }

  /** {@code pct} percent of {@code amount}, unrounded. */
  static BigDecimal of(BigDecimal amount, BigDecimal pct) {
    return amount.multiply(pct).divide(Engine.HUNDRED);
  }

  /** The percentage a fill at {@code time} pays: maker or taker, by the account's volume then. */
  BigDecimal percent(Account account, Catalog.Pair pair, boolean maker, Instant time) {
    BigDecimal volume = volume30d(account, time);
    return maker ? pair.makerFee(volume) : pair.takerFee(volume);
  }

  /**
   * The taker percentage an order is checked and held at before it trades: by the account's volume
   * over all its trades.
   */
  BigDecimal takerPercent(Account account, Catalog.Pair pair) {
    return pair.takerFee(volume30d(account, null));
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
