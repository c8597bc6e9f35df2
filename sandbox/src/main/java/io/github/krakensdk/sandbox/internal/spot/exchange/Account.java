package io.github.krakensdk.sandbox.internal.spot.exchange;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An account: balances per asset (internal names), its ledger, its trades and orders. Guarded by the exchange's lock. */
public final class Account {
  /**
   * The per-pair trading rate counter, decayed lazily and exactly: by the tier's rate per second
   * for every nanosecond of the clock, so that a client's copy on the same clock agrees with it.
   */
  static final class Counter {
    /** The value at {@link #at}. */
    BigDecimal value = BigDecimal.ZERO;
    /** When {@link #value} held; null before the first transaction. */
    private Instant at;

    /** The value at {@code now}, which becomes the time it holds at (a clock moved back keeps the later time). */
    BigDecimal current(Instant now, Tier tier) {
      if (at != null && now.isAfter(at)) {
        Duration elapsed = Duration.between(at, now);
        BigDecimal seconds = BigDecimal.valueOf(elapsed.getSeconds()).add(BigDecimal.valueOf(elapsed.getNano(), 9));
        value = value.subtract(BigDecimal.valueOf(tier.tradingDecayPerSecond()).multiply(seconds)).max(BigDecimal.ZERO);
      }
      if (at == null || now.isAfter(at)) {
        at = now;
      }
      return value;
    }
  }

  final String id;
  Tier tier = Tier.STARTER;
  final Map<String, BigDecimal> balances = new LinkedHashMap<>();
  final List<LedgerEntry> ledger = new ArrayList<>();
  final List<AccountTrade> trades = new ArrayList<>();
  final List<Order> orders = new ArrayList<>();
  final Map<String, Counter> counters = new HashMap<>();
  /** The 30-day USD volume from before the sandbox started (the fee tier's base). */
  BigDecimal seededVolume = BigDecimal.ZERO;
  /** When CancelAllOrdersAfter cancels everything; null when disarmed. */
  Instant deadline;

  Account(String id) {
    this.id = id;
  }

  BigDecimal balance(String asset) {
    return balances.getOrDefault(asset, BigDecimal.ZERO);
  }

  Counter counter(String pair) {
    return counters.computeIfAbsent(pair, p -> new Counter());
  }
}
