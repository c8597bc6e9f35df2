package io.github.krakensdk.sandbox.internal.spot.exchange;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;

/** What an account has and holds: available and held balances, the hold of an open order, ledger postings. */
public final class Balances {
  private final Engine engine;

  Balances(Engine engine) {
    this.engine = engine;
  }

  /** What an account can spend of an asset: its balance less what its open orders hold. */
  BigDecimal available(Account account, String asset, Order ignoring) {
    BigDecimal held = BigDecimal.ZERO;
    for (Order order : account.orders) {
      if (order != ignoring && order.isOpen()) {
        Hold hold = hold(order);
        if (hold.asset().equals(asset)) {
          held = held.add(hold.amount());
        }
      }
    }
    return account.balance(asset).subtract(held);
  }

  BigDecimal held(Account account, String asset) {
    return account.balance(asset).subtract(available(account, asset, null));
  }

  record Hold(String asset, BigDecimal amount) {}

  /** What an open order holds: quote (with the taker fee) for buys, base for sells. */
  Hold hold(Order order) {
    Catalog.Pair pair = order.pair;
    BigDecimal pct = engine.fees.takerPercent(engine.account(order.account), pair);
    BigDecimal remaining = order.remaining().max(BigDecimal.ZERO);
    if (order.buy) {
      BigDecimal quote;
      if (order.viqc()) {
        quote = remaining;
      } else {
        BigDecimal price = holdPrice(order);
        quote = price == null ? BigDecimal.ZERO : remaining.multiply(price);
      }
      if (!order.feeInBase()) {
        quote = quote.add(Fees.of(quote, pct));
      }
      return new Hold(pair.quote().name(), Matching.scale(quote, pair.quote().decimals(), RoundingMode.UP));
    }
    BigDecimal base = remaining;
    if (order.feeInBase()) {
      base = base.add(Fees.of(base, pct));
    }
    return new Hold(pair.base().name(), Matching.scale(base, pair.base().decimals(), RoundingMode.UP));
  }

  BigDecimal holdPrice(Order order) {
    if (order.type.equals("limit") || order.type.equals("iceberg")) {
      return order.price;
    }
    if (order.type.endsWith("-limit")) {
      if (order.triggered) {
        return order.limitPrice;
      }
      return order.price2 != null ? order.price2 : order.price;
    }
    if (order.price != null) {
      return order.price;
    }
    BigDecimal best = engine.market(order.pair).book.bestPrice(!order.buy);
    return best != null ? best : engine.market(order.pair).last();
  }

  /** Posts a ledger entry: the balance moves by {@code amount - fee}. */
  LedgerEntry post(Account account, Catalog.Asset asset, BigDecimal amount, BigDecimal fee, String type,
      String subtype, String refid, Instant time) {
    BigDecimal after = account.balance(asset.name()).add(amount).subtract(fee);
    account.balances.put(asset.name(), after);
    LedgerEntry entry = new LedgerEntry(engine.ids.ledger(), refid, time, type, subtype, asset.aclass(), asset.name(),
        amount, fee, after);
    account.ledger.add(entry);
    return entry;
  }
}
