package io.github.krakensdk.sandbox.internal.spot.exchange;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One row of an account's ledger, as Ledgers and QueryLedgers show it: {@code amount} moved the
 * balance of {@code asset} (internal name) and {@code fee} was charged on top, leaving
 * {@code balance}. {@code refid} names what caused it: a trade id for {@code type=trade}
 * ({@code subtype=tradespot}), a funding reference for deposits and withdrawals.
 */
public record LedgerEntry(String id, String refid, Instant time, String type, String subtype, String aclass,
    String asset, BigDecimal amount, BigDecimal fee, BigDecimal balance) {
  public LedgerEntry {
    requireNonNull(id, "id == null");
    requireNonNull(refid, "refid == null");
    requireNonNull(time, "time == null");
    requireNonNull(type, "type == null");
    requireNonNull(subtype, "subtype == null");
    requireNonNull(aclass, "aclass == null");
    requireNonNull(asset, "asset == null");
    requireNonNull(amount, "amount == null");
    requireNonNull(fee, "fee == null");
    requireNonNull(balance, "balance == null");
  }
}
