package io.github.krakensdk.sandbox.internal.spot.exchange;

import io.github.krakensdk.sandbox.internal.params.Parameters;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** AmendOrder and EditOrder: an open order changed in place, or replaced by a new one. */
final class Amendments {
  private final Engine engine;

  Amendments(Engine engine) {
    this.engine = engine;
  }

  /** AmendOrder: changes an open order in place and records it in its audit trail. */
  Map<String, Object> amend(Account account, Tier tier, Parameters p, Instant now) {
    String txid = p.string("txid");
    String clOrdId = p.string("cl_ord_id");
    if (txid == null && clOrdId == null) {
      throw ExchangeError.invalid("txid");
    }
    Order order = null;
    for (Order candidate : account.orders) {
      if (candidate.isOpen() && (txid != null && txid.equals(candidate.txid)
          || txid == null && clOrdId.equals(candidate.clOrdId))) {
        order = candidate;
      }
    }
    if (order == null) {
      throw new ExchangeError(Errors.UNKNOWN_ORDER);
    }
    String pairName = p.string("pair");
    if (pairName != null && !engine.catalog.requirePair(pairName).equals(order.pair)) {
      throw ExchangeError.invalid("pair");
    }
    Catalog.Pair pair = order.pair;
    engine.rateCounters.charge(account, tier, pair, 1, 0, now);
    BigDecimal quantity = p.decimal("order_qty");
    BigDecimal display = p.decimal("display_qty");
    String limitText = p.string("limit_price");
    String triggerText = p.string("trigger_price");
    boolean postOnly = p.bool("post_only", false);
    OrderValidation.deadline(p.string("deadline"), now);
    if (quantity == null && display == null && limitText == null && triggerText == null) {
      throw ExchangeError.invalid("order_qty");
    }
    if (quantity != null && (quantity.signum() <= 0 || quantity.stripTrailingZeros().scale() > pair.lotDecimals())) {
      throw ExchangeError.invalid("order_qty");
    }
    if (display != null) {
      BigDecimal remaining = (quantity != null ? quantity : order.volume).subtract(order.executed);
      if (order.displayVolume == null || display.signum() <= 0
          || display.multiply(BigDecimal.valueOf(15)).compareTo(remaining) < 0
          || display.stripTrailingZeros().scale() > pair.lotDecimals()) {
        throw ExchangeError.invalid("display_qty");
      }
    }
    Market market = engine.market(pair);
    BigDecimal limit = null;
    if (limitText != null) {
      boolean limitType = order.type.equals("limit") || order.type.equals("iceberg") || order.type.endsWith("-limit")
          && !order.isTrailing();
      if (!limitType) {
        throw ExchangeError.invalid("limit_price");
      }
      limit = engine.validation.price(limitText.trim(), false, pair, market.last(), order.buy, "limit");
      boolean resting = order.executionLimit() != null && market.book.find(order) != null;
      if (postOnly && resting && Matching.wouldTake(order, limit, market)) {
        throw new ExchangeError(Errors.POST_ONLY);
      }
    }
    BigDecimal trigger = null;
    BigDecimal trailingOffset = null;
    boolean trailingPercent = false;
    if (triggerText != null) {
      if (!order.isTriggerType() || order.triggered) {
        throw ExchangeError.invalid("trigger_price");
      }
      String text = triggerText.trim();
      if (order.isTrailing()) {
        if (!text.startsWith("+")) {
          throw new ExchangeError(Errors.INVALID_PRICE + ":Invalid price argument");
        }
        trailingPercent = text.endsWith("%");
        trailingOffset = OrderValidation.relativeAmount(text, false);
      } else {
        trigger = engine.validation.price(text, false, pair, market.last(), order.buy, order.type);
      }
    }
    engine.rateCounters.charge(account, tier, pair, 0, RateCounters.amendPenalty(Duration.between(order.lastChange, now)), now);

    Book.Resting resting = market.book.find(order);
    boolean losesPriority = quantity != null && quantity.compareTo(order.volume) > 0;
    if (quantity != null) {
      order.volume = quantity.max(order.executed);
    }
    if (display != null) {
      order.displayVolume = display;
    }
    if (limit != null) {
      if (order.type.endsWith("-limit")) {
        if (order.triggered) {
          losesPriority |= limit.compareTo(order.limitPrice) != 0;
          order.limitPrice = limit;
        } else {
          order.price2 = limit;
          order.price2Text = Wire.fixed(limit, pair.pairDecimals());
        }
      } else {
        losesPriority |= limit.compareTo(order.price) != 0;
        order.price = limit;
        order.priceText = Wire.fixed(limit, pair.pairDecimals());
      }
    }
    if (trigger != null) {
      order.price = trigger;
      order.priceText = Wire.fixed(trigger, pair.pairDecimals());
    }
    if (trailingOffset != null) {
      order.trailingOffset = trailingOffset;
      order.trailingPercent = trailingPercent;
      order.priceText = OrderValidation.relativeText("+", trailingOffset, trailingPercent, pair);
      if (order.extreme != null) {
        order.price = Triggers.trailingStop(order);
        order.stopPrice = order.price;
      }
    }
    order.misc.add("amended");
    order.lastChange = now;
    String amendId = engine.ids.amend();
    order.amends.add(new Order.Amend(amendId, "user", order.volume, order.displayVolume, order.remaining(),
        Matching.limitOf(order), Matching.triggerOf(order), postOnly ? true : null, null, Wire.nanos(now)));
    if (Matching.done(order)) {
      engine.matching.close(order, "closed", null, now);
    } else if (resting != null) {
      BigDecimal newLimit = order.executionLimit();
      if (losesPriority || newLimit.compareTo(resting.price) != 0) {
        market.book.remove(resting);
        if (Matching.wouldTake(order, newLimit, market)) {
          engine.matching.run(order, now); // the new limit crosses: it takes what it can, the rest rests again
        } else {
          market.book.add(new Book.Resting(order.txid, order, order.buy, newLimit, null, now));
        }
      }
    }
    engine.triggers.drain(now);
    Map<String, Object> result = Wire.object();
    result.put("amend_id", amendId);
    return result;
  }

  /** EditOrder: cancels an open order and places a new one with the changes (a new txid). */
  Map<String, Object> edit(Account account, Tier tier, Parameters p, Instant now) {
    String txid = p.required("txid");
    List<Order> matches = engine.openOrders(account, txid, null);
    if (matches.isEmpty()) {
      throw new ExchangeError(Errors.UNKNOWN_ORDER);
    }
    if (matches.size() > 1) {
      throw new ExchangeError(Errors.INVALID_ORDER);
    }
    Order original = matches.get(0);
    Catalog.Pair pair = engine.catalog.requirePair(p.string("pair"));
    if (!pair.equals(original.pair)) {
      throw ExchangeError.invalid("pair");
    }
    boolean validate = p.bool("validate", false);
    if (!validate) {
      engine.rateCounters.charge(account, tier, pair, 1, 0, now);
    }
    // The service's caveats: no triggered orders, no conditional closes, no cl_ord_id.
    if (original.triggered || original.close != null || original.clOrdId != null) {
      throw new ExchangeError(Errors.INVALID_ORDER);
    }
    BigDecimal volume = p.decimal("volume");
    BigDecimal newVolume = volume == null ? original.volume : volume;
    if (newVolume.compareTo(original.executed) <= 0) {
      throw ExchangeError.invalid("volume");
    }
    Map<String, Object> terms = new LinkedHashMap<>();
    terms.put("type", original.side());
    terms.put("ordertype", original.type);
    terms.put("volume", newVolume.subtract(original.executed).toPlainString());
    terms.put("price", p.has("price") ? p.string("price") : original.priceText);
    terms.put("price2", p.has("price2") ? p.string("price2") : original.price2Text);
    if (original.displayVolume != null) {
      terms.put("displayvol", p.has("displayvol") ? p.string("displayvol") : original.displayVolume.toPlainString());
    }
    List<String> flags = new ArrayList<>(original.flags);
    flags.remove("post");
    for (String flag : p.names("oflags")) {
      if (!flag.equals("post")) {
        throw ExchangeError.invalid("oflags");
      }
      flags.add(flag);
    }
    terms.put("oflags", String.join(",", flags));
    terms.put("trigger", original.trigger);
    terms.put("stptype", original.stp);
    if (original.expire != null) {
      terms.put("timeinforce", "GTD");
      terms.put("expiretm", String.valueOf(original.expire.getEpochSecond()));
    } else {
      terms.put("timeinforce", original.timeInForce);
    }
    if (p.has("userref")) {
      terms.put("userref", p.raw("userref"));
    }
    terms.put("deadline", p.string("deadline"));
    if (original.type.startsWith("trailing")) {
      terms.put("price", p.has("price") ? p.string("price") : original.priceText);
    }
    Order draft = engine.validation.prepare(account.id, Parameters.of(terms, ExchangeError::invalid), pair, now, null, false);
    if (validate) {
      Map<String, Object> result = Wire.object();
      result.put("status", "ok");
      result.put("descr", Map.of("order", AccountViews.description(draft, newVolume)));
      return result;
    }
    engine.rateCounters.charge(account, tier, pair, 0, RateCounters.editPenalty(Duration.between(original.lastChange, now)), now);
    engine.matching.preMatch(draft, tier, original);
    engine.matching.close(original, "canceled", "Order replaced", now);
    Order replacement = engine.matching.withId(draft, engine.ids.order(), now);
    engine.matching.submit(replacement, now);

    Map<String, Object> result = Wire.object();
    result.put("status", "ok");
    result.put("txid", replacement.txid);
    result.put("originaltxid", original.txid);
    result.put("volume", Wire.fixed(newVolume, pair.lotDecimals()));
    result.put("price", replacement.priceText);
    result.put("price2", replacement.price2Text);
    result.put("orders_cancelled", 1L);
    result.put("descr", Map.of("order", AccountViews.description(replacement, newVolume)));
    if (p.has("userref")) {
      result.put("newuserref", String.valueOf(replacement.userref));
      result.put("olduserref", original.userref == null ? "0" : String.valueOf(original.userref));
    }
    return result;
  }
}
