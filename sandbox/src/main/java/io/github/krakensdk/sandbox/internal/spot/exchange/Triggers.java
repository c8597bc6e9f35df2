package io.github.krakensdk.sandbox.internal.spot.exchange;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Time and price events, settled lazily at the clock's current time: scheduled starts, GTD expiry, the dead
 * man's switch, stop/take-profit triggers and trailing stops, and the follow-ups they cause. */
final class Triggers {
  private final Engine engine;

  Triggers(Engine engine) {
    this.engine = engine;
  }

  /** Settles what became due by {@code now}: scheduled starts, GTD expiry, the dead man's switch, triggers. */
  void settle(Instant now) {
    record Due(Instant at, long order, Runnable action) {}
    List<Due> due = new ArrayList<>();
    for (Order order : engine.orders.values()) {
      if (order.status.equals("pending") && order.start != null && !order.start.isAfter(now)) {
        due.add(new Due(order.start, order.sequence, () -> engine.matching.activate(order, order.start)));
      }
      if (order.isOpen() && order.expire != null && !order.expire.isAfter(now)) {
        due.add(new Due(order.expire, order.sequence, () -> {
          if (order.isOpen()) {
            engine.matching.close(order, "expired", null, order.expire);
          }
        }));
      }
    }
    for (Account account : engine.accounts.values()) {
      Instant deadline = account.deadline;
      if (deadline != null && !deadline.isAfter(now)) {
        due.add(new Due(deadline, -1, () -> {
          account.deadline = null;
          for (Order order : List.copyOf(account.orders)) {
            if (order.isOpen()) {
              engine.matching.close(order, "canceled", "Dead man's switch", deadline);
            }
          }
        }));
      }
    }
    due.sort(Comparator.comparing(Due::at).thenComparingLong(Due::order));
    for (Due event : due) {
      event.action().run();
      drain(event.at());
    }
    drain(now);
  }

  /** Runs follow-ups (conditional closes) and triggers until nothing more happens, then records spreads. */
  void drain(Instant now) {
    for (int guard = 0; guard < 100_000; guard++) {
      Runnable next = engine.followUps.poll();
      if (next != null) {
        next.run();
        continue;
      }
      if (!fireOneTrigger(now)) {
        break;
      }
    }
    for (Market market : engine.markets.values()) {
      market.recordSpread(now);
    }
  }

  boolean fireOneTrigger(Instant now) {
    for (Order order : engine.orders.values()) {
      if (order.status.equals("open") && order.isTriggerType() && !order.triggered && checkTrigger(order)) {
        engine.matching.run(order, now);
        return true;
      }
    }
    return false;
  }

  /** Moves a trailing stop with the reference price and fires the order when its condition holds. */
  boolean checkTrigger(Order order) {
    Market market = engine.market(order.pair);
    BigDecimal reference = order.trigger.equals("index") ? market.indexPrice() : market.last();
    if (reference == null) {
      return false;
    }
    if (order.isTrailing()) {
      order.extreme = order.extreme == null ? reference
          : order.buy ? order.extreme.min(reference) : order.extreme.max(reference);
      order.price = trailingStop(order);
      order.stopPrice = order.price;
    }
    boolean takeProfit = order.type.startsWith("take-profit");
    boolean fire = takeProfit
        ? order.buy ? reference.compareTo(order.price) <= 0 : reference.compareTo(order.price) >= 0
        : order.buy ? reference.compareTo(order.price) >= 0 : reference.compareTo(order.price) <= 0;
    if (!fire) {
      return false;
    }
    order.triggered = true;
    order.stopPrice = order.price;
    order.misc.add(takeProfit ? "touched" : "stopped");
    if (order.type.endsWith("-limit")) {
      order.limitPrice = order.isTrailing() ? offset(order.price, order.limitOffset, order.limitOffsetPercent,
          order.pair) : order.price2;
    }
    return true;
  }

  static BigDecimal trailingStop(Order order) {
    BigDecimal signed = order.buy ? order.trailingOffset : order.trailingOffset.negate();
    return offset(order.extreme, signed, order.trailingPercent, order.pair);
  }

  static BigDecimal offset(BigDecimal from, BigDecimal signedOffset, boolean percent, Catalog.Pair pair) {
    BigDecimal delta = percent ? from.multiply(signedOffset).divide(Engine.HUNDRED) : signedOffset;
    return OrderValidation.roundToTick(from.add(delta), pair, RoundingMode.HALF_EVEN);
  }
}
