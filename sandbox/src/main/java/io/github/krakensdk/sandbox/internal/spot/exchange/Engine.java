package io.github.krakensdk.sandbox.internal.spot.exchange;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trading core's state (accounts, markets and their books, orders) and its parts, each one
 * responsibility: {@link OrderValidation} reads and checks an order, {@link Matching} places and
 * fills it, {@link Triggers} settles time and price events lazily at the sandbox clock's current
 * time, {@link Balances} keeps what accounts hold, {@link Fees} prices fills, {@link RateCounters}
 * charges the trading rate counter, {@link Amendments} amends and edits open orders. Not
 * thread-safe: {@link Exchange} holds the lock.
 */
final class Engine {
  static final String NO_POSITION = "TKH2SE-M7IF5-CFI7LT";
  /** How far a market order may trade from the first price it met unless {@code nompp} is set. */
  static final BigDecimal PRICE_PROTECTION = new BigDecimal("0.01");
  static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

  final Catalog catalog;
  final Ids ids;
  final Map<String, Market> markets = new LinkedHashMap<>();
  final Map<String, Account> accounts = new LinkedHashMap<>();
  final Map<String, Order> orders = new LinkedHashMap<>();
  final Balances balances = new Balances(this);
  final Fees fees = new Fees(this);
  final Triggers triggers = new Triggers(this);
  final OrderValidation validation = new OrderValidation(this);
  final Matching matching = new Matching(this);
  final RateCounters rateCounters = new RateCounters(this);
  final Amendments amendments = new Amendments(this);
  final Deque<Runnable> followUps = new ArrayDeque<>();
  long sequence;

  Engine(Catalog catalog, Ids ids) {
    this.catalog = catalog;
    this.ids = ids;
  }

  Account account(String id) {
    return accounts.computeIfAbsent(id, Account::new);
  }

  Market market(Catalog.Pair pair) {
    return markets.get(pair.name());
  }

  long nextSequence() {
    return ++sequence;
  }

  // ---- lazy events ----

  // ---- other participants ----

  // ---- cancel, amend, edit ----

  /**
   * Cancels an open order of the account, charging the cancel penalty for its resting time:
   * refused above the threshold, unless it is part of a batch cancel, which the service accepts
   * whatever the counter.
   */
  void cancel(Account account, Tier tier, Order order, boolean batch, Instant now) {
    double penalty = RateCounters.cancelPenalty(Duration.between(order.lastChange, now));
    if (batch) {
      rateCounters.chargeAnyway(account, tier, order.pair, penalty, now);
    } else {
      rateCounters.charge(account, tier, order.pair, 0, penalty, now);
    }
    matching.close(order, "canceled", "User requested", now);
  }

  /** Open orders of the account named by a txid, a userref (digits) or a cl_ord_id. */
  List<Order> openOrders(Account account, String txidOrUserref, String clOrdId) {
    List<Order> found = new ArrayList<>();
    for (Order order : account.orders) {
      if (!order.isOpen()) {
        continue;
      }
      if (clOrdId != null && clOrdId.equals(order.clOrdId)
          || txidOrUserref != null && (txidOrUserref.equals(order.txid)
              || OrderValidation.isInteger(txidOrUserref) && order.userref != null
                  && Long.parseLong(txidOrUserref) == order.userref)) {
        found.add(order);
      }
    }
    return found;
  }

  static BigDecimal divide(BigDecimal a, BigDecimal b) {
    return a.divide(b, MathContext.DECIMAL64);
  }
}
