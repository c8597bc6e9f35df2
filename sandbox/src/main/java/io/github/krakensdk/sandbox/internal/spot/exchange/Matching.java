package io.github.krakensdk.sandbox.internal.spot.exchange;

import io.github.krakensdk.sandbox.internal.params.Parameters;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Placing and matching: the checks before matching, activation, fills against the book with their
 * fees, trades and ledger entries, conditional closes, and other participants' takes and sweeps. */
final class Matching {
  private final Engine engine;

  Matching(Engine engine) {
    this.engine = engine;
  }

  /** The checks the engine makes before matching: the open-order count and the funds. */
  void preMatch(Order order, Tier tier, Order replacing) {
    Account account = engine.account(order.account);
    int open = 0;
    for (Order other : account.orders) {
      if (other != replacing && other.isOpen() && other.pair.equals(order.pair)) {
        open++;
      }
    }
    if (open >= tier.openOrdersPerPair()) {
      throw new ExchangeError(Errors.ORDERS_LIMIT);
    }
    BigDecimal needed;
    String asset;
    Market market = engine.market(order.pair);
    if (order.type.equals("market")) {
      BigDecimal pct = engine.fees.takerPercent(account, order.pair);
      if (order.buy) {
        asset = order.pair.quote().name();
        BigDecimal cost = order.viqc() ? order.volume : sweepCost(market, order.volume, account.id);
        needed = order.feeInBase() ? cost : cost.add(Fees.of(cost, pct));
      } else {
        asset = order.pair.base().name();
        needed = order.feeInBase() ? order.volume.add(Fees.of(order.volume, pct)) : order.volume;
      }
    } else {
      Balances.Hold hold = engine.balances.hold(order);
      asset = hold.asset();
      needed = hold.amount();
    }
    if (engine.balances.available(account, asset, replacing).compareTo(needed) < 0) {
      throw new ExchangeError(Errors.INSUFFICIENT_FUNDS);
    }
  }

  /** What buying {@code volume} at market costs, as far as the book (without the buyer's own orders) goes. */
  static BigDecimal sweepCost(Market market, BigDecimal volume, String buyer) {
    BigDecimal cost = BigDecimal.ZERO;
    BigDecimal left = volume;
    for (Book.Resting resting : market.book.orders(false)) {
      if (left.signum() <= 0) {
        break;
      }
      if (buyer.equals(resting.owner())) {
        continue;
      }
      BigDecimal quantity = left.min(resting.remaining());
      cost = cost.add(quantity.multiply(resting.price));
      left = left.subtract(quantity);
    }
    return cost;
  }

  /** Registers a prepared order and puts it to work (or schedules it). */
  Order submit(Order prepared, Instant now) {
    prepared.status = "pending";
    engine.orders.put(prepared.txid, prepared);
    engine.account(prepared.account).orders.add(prepared);
    prepared.amends.add(new Order.Amend(engine.ids.amend(), "original", prepared.volume, prepared.displayVolume,
        prepared.remaining(), limitOf(prepared), triggerOf(prepared), prepared.postOnly() ? true : null, null,
        Wire.nanos(now)));
    if (prepared.start == null) {
      activate(prepared, now);
    }
    engine.triggers.drain(now);
    return prepared;
  }

  /** A prepared order with its id and sequence, ready to {@link #submit}. */
  Order withId(Order draft, String txid, Instant now) {
    Order order = new Order(txid, draft.account, draft.pair, draft.buy, draft.type, engine.nextSequence(), now);
    order.start = draft.start;
    order.expire = draft.expire;
    order.volume = draft.volume;
    order.price = draft.price;
    order.price2 = draft.price2;
    order.priceText = draft.priceText;
    order.price2Text = draft.price2Text;
    order.trailingOffset = draft.trailingOffset;
    order.trailingPercent = draft.trailingPercent;
    order.limitOffset = draft.limitOffset;
    order.limitOffsetPercent = draft.limitOffsetPercent;
    order.extreme = draft.extreme;
    order.stopPrice = draft.stopPrice;
    order.displayVolume = draft.displayVolume;
    order.trigger = draft.trigger;
    order.flags.addAll(draft.flags);
    order.timeInForce = draft.timeInForce;
    order.stp = draft.stp;
    order.userref = draft.userref;
    order.clOrdId = draft.clOrdId;
    order.refid = draft.refid;
    order.close = draft.close;
    return order;
  }

  static BigDecimal limitOf(Order order) {
    if (order.type.equals("limit") || order.type.equals("iceberg")) {
      return order.price;
    }
    if (order.type.endsWith("-limit")) {
      return order.triggered ? order.limitPrice : order.price2;
    }
    return null;
  }

  static BigDecimal triggerOf(Order order) {
    return order.isTriggerType() ? order.price : null;
  }

  void activate(Order order, Instant now) {
    if (!order.status.equals("pending")) {
      return;
    }
    order.status = "open";
    if (order.isTriggerType()) {
      if (order.isTrailing() && order.extreme == null) {
        BigDecimal reference = order.trigger.equals("index") ? engine.market(order.pair).indexPrice()
            : engine.market(order.pair).last();
        if (reference != null) {
          order.extreme = reference;
          order.price = Triggers.trailingStop(order);
          order.stopPrice = order.price;
        }
      }
      return; // fired by drain() when its condition holds
    }
    run(order, now);
  }

  /** An active order meets the book: post-only and fill-or-kill checks, matching, then it rests or is cancelled. */
  void run(Order order, Instant now) {
    Market market = engine.market(order.pair);
    BigDecimal limit = order.executionLimit();
    if (order.postOnly() && limit != null && wouldTake(order, limit, market)) {
      close(order, "canceled", "Post only order", now);
      return;
    }
    if (order.timeInForce.equals("FOK") && !fillable(order, limit, market)) {
      close(order, "canceled", "Fill or kill", now);
      return;
    }
    String stopped = match(order, limit, market, now);
    if (!order.isOpen()) {
      return;
    }
    if (stopped != null) {
      close(order, "canceled", stopped, now);
    } else if (limit == null) {
      close(order, "canceled", "Insufficient liquidity", now);
    } else if (order.timeInForce.equals("IOC") || order.timeInForce.equals("FOK")) {
      close(order, "canceled", "Immediate or cancel", now);
    } else {
      market.book.add(new Book.Resting(order.txid, order, order.buy, limit, null, now));
    }
  }

  static boolean crosses(boolean buy, BigDecimal limit, BigDecimal price) {
    return buy ? price.compareTo(limit) <= 0 : price.compareTo(limit) >= 0;
  }

  static boolean wouldTake(Order order, BigDecimal limit, Market market) {
    BigDecimal best = market.book.bestPrice(!order.buy);
    return best != null && crosses(order.buy, limit, best);
  }

  static boolean fillable(Order order, BigDecimal limit, Market market) {
    BigDecimal left = order.remaining();
    for (Book.Resting resting : market.book.orders(!order.buy)) {
      if (limit != null && !crosses(order.buy, limit, resting.price)) {
        break;
      }
      if (order.account.equals(resting.owner())) {
        return false; // self-trade prevention would stop it here
      }
      BigDecimal quantity = order.viqc() ? resting.remaining().multiply(resting.price) : resting.remaining();
      left = left.subtract(quantity);
      if (left.signum() <= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Matches an account's order as taker against the opposite side. Returns why it stopped early
   * (self-trade prevention, price protection), or null when it stopped for the book or its limit.
   */
  String match(Order order, BigDecimal limit, Market market, Instant now) {
    BigDecimal band = null;
    boolean protect = limit == null && !order.flags.contains("nompp");
    String kind = limit == null ? "m" : "l";
    while (order.isOpen()) {
      BigDecimal remaining = order.remaining();
      if (remaining.signum() <= 0) {
        break;
      }
      Book.Resting best = market.book.best(!order.buy);
      if (best == null) {
        return null;
      }
      if (limit != null && !crosses(order.buy, limit, best.price)) {
        return null;
      }
      if (protect) {
        if (band == null) {
          BigDecimal width = best.price.multiply(Engine.PRICE_PROTECTION);
          band = order.buy ? best.price.add(width) : best.price.subtract(width);
        } else if (!crosses(order.buy, band, best.price)) {
          return "Market price protection";
        }
      }
      if (order.account.equals(best.owner())) {
        switch (order.stp) {
          case "cancel-oldest" -> {
            close(best.order, "canceled", "Self trade prevention", now);
            continue;
          }
          case "cancel-both" -> {
            close(best.order, "canceled", "Self trade prevention", now);
            return "Self trade prevention";
          }
          default -> {
            return "Self trade prevention";
          }
        }
      }
      BigDecimal quantity = order.viqc()
          ? remaining.divide(best.price, order.pair.lotDecimals(), RoundingMode.DOWN)
          : remaining;
      quantity = quantity.min(best.remaining());
      if (quantity.signum() <= 0) {
        // A quote budget too small for one lot at this price: what is left is dust.
        close(order, order.executed.signum() > 0 ? "closed" : "canceled", null, now);
        return null;
      }
      trade(market, order, best, quantity, best.price, order.buy, kind, now);
    }
    return null;
  }

  /** One trade between a taker (an account's order, or another participant when null) and a resting order. */
  void trade(Market market, Order taker, Book.Resting maker, BigDecimal quantity, BigDecimal price,
      boolean takerBuys, String kind, Instant now) {
    long nanos = market.stamp(now);
    Instant time = Wire.ofNanos(nanos);
    Market.Print print = new Market.Print(engine.ids.trade(), market.nextTradeId++, price, quantity, nanos,
        takerBuys ? "b" : "s", kind);
    market.tape.add(print);
    if (taker != null) {
      fill(taker, quantity, price, false, print, time);
    }
    if (maker.order != null) {
      fill(maker.order, quantity, price, true, print, time);
    } else {
      maker.volume = maker.volume.subtract(quantity);
      if (maker.volume.signum() <= 0) {
        market.book.remove(maker);
      }
    }
  }

  /** A fill of an account's order: balances, two ledger entries, the account's trade, a conditional close. */
  void fill(Order order, BigDecimal quantity, BigDecimal price, boolean maker, Market.Print print,
      Instant time) {
    Account account = engine.account(order.account);
    Catalog.Pair pair = order.pair;
    BigDecimal pct = engine.fees.percent(account, pair, maker, time);
    BigDecimal cost = quantity.multiply(price);
    BigDecimal feeQuote = scale(Fees.of(cost, pct), pair.quote().decimals(), RoundingMode.HALF_EVEN);
    BigDecimal feeBase = scale(Fees.of(quantity, pct), pair.base().decimals(), RoundingMode.HALF_EVEN);
    boolean inBase = order.feeInBase();
    String tradeId = engine.ids.trade();
    BigDecimal quoteAmount = scale(cost, pair.quote().decimals(), RoundingMode.HALF_EVEN);
    BigDecimal baseAmount = scale(quantity, pair.base().decimals(), RoundingMode.HALF_EVEN);
    LedgerEntry quoteEntry = engine.balances.post(account, pair.quote(), order.buy ? quoteAmount.negate() : quoteAmount,
        inBase ? zero(pair.quote()) : feeQuote, "trade", "tradespot", tradeId, time);
    LedgerEntry baseEntry = engine.balances.post(account, pair.base(), order.buy ? baseAmount : baseAmount.negate(),
        inBase ? feeBase : zero(pair.base()), "trade", "tradespot", tradeId, time);
    order.executed = order.executed.add(quantity);
    order.cost = order.cost.add(cost);
    order.fee = order.fee.add(feeQuote);
    order.trades.add(tradeId);
    account.trades.add(new AccountTrade(tradeId, order.txid, pair.name(), time, order.side(), order.type, price,
        cost, feeQuote, quantity, maker, print.tradeId(), List.of(quoteEntry.id(), baseEntry.id())));
    if (order.close != null) {
      engine.followUps.add(() -> placeClose(order, quantity, time));
    }
    if (done(order)) {
      close(order, "closed", null, time);
    }
  }

  static boolean done(Order order) {
    if (order.viqc()) {
      return order.remaining().signum() <= 0;
    }
    return order.executed.compareTo(order.volume) >= 0;
  }

  static BigDecimal zero(Catalog.Asset asset) {
    return BigDecimal.ZERO.setScale(asset.decimals());
  }

  static BigDecimal scale(BigDecimal value, int decimals, RoundingMode mode) {
    return value.setScale(decimals, mode);
  }

  /** The conditional close of a fill: the same volume the other way, on the close terms. */
  void placeClose(Order primary, BigDecimal quantity, Instant now) {
    Map<String, Object> terms = new LinkedHashMap<>();
    terms.put("type", primary.buy ? "sell" : "buy");
    terms.put("ordertype", primary.close.ordertype());
    terms.put("volume", quantity.toPlainString());
    terms.put("price", primary.close.price());
    terms.put("price2", primary.close.price2());
    terms.put("trigger", primary.trigger);
    if (primary.close.ordertype().equals("iceberg")) {
      terms.put("displayvol", quantity.toPlainString());
    }
    Order draft;
    try {
      draft = engine.validation.prepare(primary.account, Parameters.of(terms, ExchangeError::invalid), primary.pair, now, null, true);
    } catch (ExchangeError refused) {
      return; // terms that no longer make sense (e.g. a relative price below zero): no close order
    }
    draft.userref = primary.userref;
    draft.refid = primary.txid;
    Order close = withId(draft, engine.ids.order(), now);
    engine.orders.put(close.txid, close);
    engine.account(close.account).orders.add(close);
    close.amends.add(new Order.Amend(engine.ids.amend(), "original", close.volume, close.displayVolume, close.remaining(),
        limitOf(close), triggerOf(close), null, null, Wire.nanos(now)));
    activate(close, now);
  }

  /** Closes an order (filled, cancelled, expired) and takes it off the book. */
  void close(Order order, String status, String reason, Instant now) {
    Book.Resting resting = engine.market(order.pair).book.find(order);
    if (resting != null) {
      engine.market(order.pair).book.remove(resting);
    }
    order.status = status;
    order.reason = reason;
    order.closed = now;
  }

  /**
   * Another participant trades {@code volume} against one resting order of an account, at that
   * order's price. Returns the account's trade ids.
   */
  List<String> takeFrom(Order order, BigDecimal volume, Instant now) {
    Market market = engine.market(order.pair);
    Book.Resting resting = market.book.find(order);
    if (resting == null || !order.isOpen()) {
      throw new IllegalStateException("order " + order.txid + " is not resting in the book");
    }
    BigDecimal quantity = volume.min(order.remaining()).setScale(order.pair.lotDecimals(), RoundingMode.DOWN);
    if (quantity.signum() <= 0) {
      throw new IllegalArgumentException("nothing to trade: " + volume);
    }
    int before = order.trades.size();
    trade(market, null, resting, quantity, resting.price, !order.buy, "l", now);
    List<String> trades = List.copyOf(order.trades.subList(before, order.trades.size()));
    engine.triggers.drain(now);
    return trades;
  }

  /**
   * Another participant sends a market order for {@code volume}: it sweeps the book, accounts'
   * orders included, and moves the last price (which may fire stop orders).
   */
  BigDecimal sweep(Catalog.Pair pair, boolean buy, BigDecimal volume, BigDecimal limit, Instant now) {
    Market market = engine.market(pair);
    BigDecimal left = volume;
    while (left.signum() > 0) {
      Book.Resting best = market.book.best(!buy);
      if (best == null || limit != null && !crosses(buy, limit, best.price)) {
        break;
      }
      BigDecimal quantity = left.min(best.remaining());
      trade(market, null, best, quantity, best.price, buy, limit == null ? "m" : "l", now);
      left = left.subtract(quantity);
    }
    engine.triggers.drain(now);
    return volume.subtract(left);
  }
}
