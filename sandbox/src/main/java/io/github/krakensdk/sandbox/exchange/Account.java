package io.github.krakensdk.sandbox.exchange;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An account: balances per asset (internal names), its ledger, its trades and orders. Guarded by the exchange's lock. */
final class Account {
  /** The per-pair trading rate counter, decayed lazily. */
  static final class Counter {
    double value;
    Instant at;

    double current(Instant now, Tier tier) {
      if (at != null && now.isAfter(at)) {
        double seconds = (now.toEpochMilli() - at.toEpochMilli()) / 1000.0;
        value = Math.max(0, value - seconds * tier.tradingDecayPerSecond());
      }
      at = now;
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
