package io.github.krakensdk.internal;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.errors.KrakenError;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.runtime.call.TimeSource;
import io.github.krakensdk.runtime.internal.Operation;
import io.github.krakensdk.runtime.internal.Pacing;
import io.github.krakensdk.spot.model.AddOrderBatchRequest;
import io.github.krakensdk.spot.model.AddOrderRequest;
import io.github.krakensdk.spot.model.AmendOrderRequest;
import io.github.krakensdk.spot.model.BatchOrder;
import io.github.krakensdk.spot.model.BatchOrderResult;
import io.github.krakensdk.spot.model.CancelAllOrdersRequest;
import io.github.krakensdk.spot.model.CancelOrderBatchRequest;
import io.github.krakensdk.spot.model.CancelOrderRequest;
import io.github.krakensdk.spot.model.EditOrderRequest;
import io.github.krakensdk.spot.model.OrderAdded;
import io.github.krakensdk.spot.model.OrderBatchAdded;
import io.github.krakensdk.spot.model.OrderEdited;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A client-side copy of the trading engine's rate counters of the key's account, one per pair, as
 * the service's "Spot Trading Limits" page publishes them ({@link SpotRateTier#tradingThreshold()},
 * {@link SpotRateTier#tradingDecayPerSecond()}), for the Spot order operations. The Spot family's
 * calls ask it before each attempt:
 *
 * <pre>{@code
 * Pacing trading = new TradingPacing(SpotRateTier.STARTER, timeSource);
 * Duration wait = trading.reserve(operation, request, maxWait);  // ZERO for a cancel, always
 * // ... send the attempt once wait has passed, then:
 * trading.onResult(operation, request, result);          // or onFailure(operation, request, e)
 * }</pre>
 *
 * <h2>What is counted</h2>
 * What the page's table charges: +1 per {@code addOrder}, +n/2 per {@code addOrderBatch} of n
 * orders, +1 per {@code amendOrder} and {@code editOrder} plus a count by how long the order has
 * rested since it was placed or last amended (amend &lt;5 s +3, &lt;10 s +2, &lt;15 s +1; edit
 * &lt;5 s +6, &lt;10 s +5, &lt;15 s +4, &lt;45 s +2, &lt;90 s +1), and per order cancelled by
 * {@code cancelOrder} or {@code cancelOrderBatch} &lt;5 s +8, &lt;10 s +6, &lt;15 s +5, &lt;45 s +4,
 * &lt;90 s +2, &lt;300 s +1. A request that only validates ({@code validate}) counts nothing. Each
 * pair's copy falls by the tier's decay per second, in exact integer units on the {@link
 * TimeSource}, like the REST call counter's copy.
 *
 * <h2>Who waits</h2>
 * Placing, amending and editing an order wait until their pair's copy has room for them under the
 * threshold less {@value #CANCEL_HEADROOM} counts, the cost of cancelling the youngest order:
 * orders paced by the copy always leave the engine room for one cancel. {@link #reserve} returns
 * that wait, and waits queue up in the order they were reserved. A cancel is counted but never
 * waits: {@link #reserve} returns {@link Duration#ZERO} for {@code cancelOrder}, {@code
 * cancelOrderBatch} and {@code cancelAllOrders} whatever the copy says, because a cancel lowers the
 * trader's risk and the client's estimate must never delay it. (The service may still refuse a
 * second single cancel, or one after another program filled the pair; it accepts a batch cancel
 * whatever its counter.) A cancel can take room that an order already waiting counted on; that
 * order may then draw {@code EOrder:Rate limit exceeded}.
 *
 * <h2>What it learns</h2>
 * The age of an order comes from this client's own results: the txids of the orders placed
 * ({@code addOrder}, {@code addOrderBatch}, {@code editOrder}), with their pair, their {@code
 * cl_ord_id} and {@code userref}, and the time the result arrived (the service created the order
 * before: the copy's age is never more than the service's, so it never charges less). An amend
 * makes its order young again; a cancel or an edit forgets it. An order the client does not know
 * (placed by another program, or forgotten) is charged as the youngest (+3 amend, +6 edit): its
 * age cannot be seen, and charging more only makes later orders of the pair wait longer, where
 * charging less could draw the service's refusal. A cancel of an unknown order counts on no pair:
 * the request does not name one. {@code cancelAllOrders}, which the published table does not list,
 * is charged as cancelling each order the client knows. An {@code EOrder:Rate limit exceeded}
 * answer tells that the pair's counter is full (another program may trade the pair): the copy
 * takes it as at the threshold. {@code EOrder:Unknown order} forgets the order.
 *
 * <h2>Limits of the copy</h2>
 * It counts only this client's transactions, by the pair's name as the request spells it (spell a
 * pair one way: {@code XBTUSD} and {@code XXBTZUSD} get two copies). At most 10 000
 * orders are remembered, the least recently placed or amended forgotten first. The limit behind
 * {@code EOrder:Domain rate limit exceeded} is not paced: the service publishes no figure for it.
 * Raw calls carry no typed request and are not counted. Thread-safe; never blocks.
 */
public final class TradingPacing implements Pacing {
  /**
   * The counts orders leave free under the threshold: what cancelling the youngest order costs, so
   * that a trader the copy paces can always cancel one order.
   */
  public static final int CANCEL_HEADROOM = 8;
  /** How many orders are remembered for the age of a later amend, edit or cancel. */
  static final int REMEMBERED = 10_000;
  /** The service's answer when a pair's counter is full. */
  static final String COUNTER_FULL = "EOrder:Rate limit exceeded";
  static final String UNKNOWN_ORDER = "EOrder:Unknown order";

  /** 10<sup>-11</sup> of a count: every published decay is then a whole number of units per nanosecond. */
  private static final long UNITS = 100_000_000_000L;
  private static final long SECOND = 1_000_000_000L;
  /** The age brackets of the page's table: under 5, 10, 15, 45, 90 and 300 seconds. */
  private static final long[] UNDER = {5 * SECOND, 10 * SECOND, 15 * SECOND, 45 * SECOND, 90 * SECOND, 300 * SECOND};
  private static final int[] CANCEL = {8, 6, 5, 4, 2, 1};
  private static final int[] AMEND = {3, 2, 1, 0, 0, 0};
  private static final int[] EDIT = {6, 5, 4, 2, 1, 0};

  private final SpotRateTier tier;
  private final TimeSource time;
  private final long threshold;
  /** Where placements stop: the threshold less the headroom left for a cancel. */
  private final long placementCeiling;
  private final long decayPerNano;
  /** Each pair's copy, by the pair's name as requested. Guarded by {@code this}. */
  private final Map<String, Counter> counters = new HashMap<>();
  /** The orders this client placed, by txid, the least recently placed or amended first. Guarded by {@code this}. */
  private final Map<String, Order> orders = new LinkedHashMap<>() {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Order> eldest) {
      return size() > REMEMBERED;
    }
  };

  /** One pair's copy: its value at {@link #at}, in units. */
  private static final class Counter {
    long level;
    /** The send time of the last reservation; may lie in the future. */
    long at;

    Counter(long at) {
      this.at = at;
    }
  }

  /** An order this client placed: when it was placed or last amended, on the time source. */
  private record Order(String txid, String pair, String clientOrderId, Integer userReference, long changedAt) {}

  public TradingPacing(SpotRateTier tier, TimeSource time) {
    this(tier, time, CANCEL_HEADROOM);
  }

  /** With {@code cancelHeadroom} counts left free instead of {@link #CANCEL_HEADROOM}. */
  TradingPacing(SpotRateTier tier, TimeSource time, int cancelHeadroom) {
    this.tier = requireNonNull(tier, "tier == null");
    this.time = requireNonNull(time, "time == null");
    this.threshold = tier.tradingThreshold() * UNITS;
    this.placementCeiling = threshold - cancelHeadroom * UNITS;
    // 2.34 per second is 2.34 * 10^11 units per 10^9 ns: 234 units per ns.
    this.decayPerNano = tier.tradingDecayPerSecond().movePointRight(2).longValueExact();
  }

  /** The operations the trading engine's counters charge: placing, amending, editing and cancelling orders. */
  private static final Set<String> ORDER_OPERATIONS = Set.of("addOrder", "addOrderBatch", "amendOrder", "editOrder",
      "cancelOrder", "cancelOrderBatch", "cancelAllOrders");

  @Override
  public boolean paces(Operation operation) {
    return ORDER_OPERATIONS.contains(operation.id());
  }

  /** As {@link #reserve(Operation, Object, Duration)} without a bound on the wait. */
  public Duration reserve(Operation operation, Object request) {
    return reserve(operation, request, null);
  }

  @Override
  public synchronized Duration reserve(Operation operation, Object request, Duration maxWait) {
    long now = time.nanoTime();
    if (request instanceof AddOrderRequest add) {
      return validateOnly(add.validate()) ? Duration.ZERO : paced(add.pair(), UNITS, now, maxWait);
    } else if (request instanceof AddOrderBatchRequest batch) {
      int count = batch.orders() == null ? 0 : batch.orders().size();
      return validateOnly(batch.validate()) || count == 0 ? Duration.ZERO
          : paced(batch.pair(), count * UNITS / 2, now, maxWait);
    } else if (request instanceof AmendOrderRequest amend) {
      Order order = single(find(amend.txid(), amend.clientOrderId()));
      String pair = order != null ? order.pair() : amend.pair();
      return paced(pair, UNITS + UNITS * byAge(AMEND, order, now), now, maxWait);
    } else if (request instanceof EditOrderRequest edit) {
      if (validateOnly(edit.validate())) {
        return Duration.ZERO;
      }
      Order order = single(find(text(edit.txid()), null));
      String pair = edit.pair() != null ? edit.pair() : order != null ? order.pair() : null;
      return paced(pair, UNITS + UNITS * byAge(EDIT, order, now), now, maxWait);
    } else if (request instanceof CancelOrderRequest cancel) {
      find(text(cancel.txid()), cancel.clientOrderId()).forEach(order -> counted(order, now));
    } else if (request instanceof CancelOrderBatchRequest batch) {
      batchOrders(batch).forEach(order -> counted(order, now));
    } else if (request instanceof CancelAllOrdersRequest) {
      orders.values().forEach(order -> counted(order, now));
    }
    return Duration.ZERO;
  }

  @Override
  public synchronized void onResult(Operation operation, Object request, Object result) {
    long now = time.nanoTime();
    if (request instanceof AddOrderRequest add && result instanceof OrderAdded added) {
      if (added.txids() != null) {
        for (String txid : added.txids()) {
          remember(new Order(txid, add.pair(), add.clientOrderId(), add.userReference(), now));
        }
      }
    } else if (request instanceof AddOrderBatchRequest batch && result instanceof OrderBatchAdded added) {
      List<BatchOrderResult> results = added.orders() == null ? List.of() : added.orders();
      List<BatchOrder> sent = batch.orders() == null ? List.of() : batch.orders();
      for (int i = 0; i < results.size() && i < sent.size(); i++) {
        BatchOrderResult placed = results.get(i);
        if (placed == null) {
          continue;
        }
        if (placed.txid() != null) {
          remember(new Order(placed.txid(), batch.pair(), sent.get(i).clientOrderId(), sent.get(i).userReference(), now));
        } else if (placed.error() != null && KrakenError.parse(placed.error()).code().equals(COUNTER_FULL)) {
          full(batch.pair(), now);
        }
      }
    } else if (request instanceof AmendOrderRequest amend) {
      Order order = single(find(amend.txid(), amend.clientOrderId()));
      if (order != null) {
        remember(new Order(order.txid(), order.pair(), order.clientOrderId(), order.userReference(), now));
      }
    } else if (request instanceof EditOrderRequest edit && result instanceof OrderEdited edited) {
      Order original = single(find(edited.originalTxid() != null ? edited.originalTxid() : text(edit.txid()), null));
      if (original != null) {
        orders.remove(original.txid());
      }
      String pair = edit.pair() != null ? edit.pair() : original != null ? original.pair() : null;
      if (edited.txid() != null && pair != null) {
        Integer userref = edit.userReference() != null ? edit.userReference() : original != null ? original.userReference() : null;
        remember(new Order(edited.txid(), pair, null, userref, now));
      }
    } else if (request instanceof CancelOrderRequest cancel) {
      forget(find(text(cancel.txid()), cancel.clientOrderId()));
    } else if (request instanceof CancelOrderBatchRequest batch) {
      forget(batchOrders(batch));
    } else if (request instanceof CancelAllOrdersRequest) {
      orders.clear();
    }
  }

  @Override
  public synchronized void onFailure(Operation operation, Object request, KrakenException failure) {
    if (!(failure instanceof KrakenServiceException refused)) {
      return;
    }
    Set<String> codes = new LinkedHashSet<>();
    refused.krakenErrors().forEach(error -> codes.add(error.code()));
    long now = time.nanoTime();
    if (codes.contains(COUNTER_FULL)) {
      for (String pair : pairsOf(request)) {
        full(pair, now);
      }
    }
    if (codes.contains(UNKNOWN_ORDER)) {
      if (request instanceof CancelOrderRequest cancel) {
        forget(find(text(cancel.txid()), cancel.clientOrderId()));
      } else if (request instanceof AmendOrderRequest amend) {
        forget(find(amend.txid(), amend.clientOrderId()));
      } else if (request instanceof EditOrderRequest edit) {
        forget(find(text(edit.txid()), null));
      }
    }
  }

  public SpotRateTier tier() {
    return tier;
  }

  // ---- the counters ----

  /**
   * Counts {@code cost} units on {@code pair} and returns how long to wait so that it stays under
   * the placement ceiling; counts nothing and returns null if that is longer than {@code maxWait}
   * (null: no bound).
   */
  private Duration paced(String pair, long cost, long now, Duration maxWait) {
    if (pair == null) {
      return Duration.ZERO; // nothing names the pair: nothing to count it on
    }
    Counter counter = counters.computeIfAbsent(pair, name -> new Counter(now));
    long start = Math.max(now, counter.at);
    long current = decayed(counter, start);
    long over = current + cost - placementCeiling;
    long wait = over <= 0 ? 0 : ceilDiv(over, decayPerNano);
    Duration delay = Duration.ofNanos(start + wait - now);
    if (maxWait != null && delay.compareTo(maxWait) > 0) {
      return null;
    }
    counter.level = current - wait * decayPerNano + cost;
    counter.at = start + wait;
    return delay;
  }

  /** Counts the cancel of {@code order}, by its age, without waiting. */
  private void counted(Order order, long now) {
    long cost = UNITS * byAge(CANCEL, order, now);
    if (cost == 0) {
      return;
    }
    Counter counter = counters.computeIfAbsent(order.pair(), name -> new Counter(now));
    long start = Math.max(now, counter.at);
    counter.level = decayed(counter, start) + cost;
    counter.at = start;
  }

  /** Takes the service's word that {@code pair}'s counter is full. */
  private void full(String pair, long now) {
    if (pair == null) {
      return;
    }
    Counter counter = counters.computeIfAbsent(pair, name -> new Counter(now));
    long start = Math.max(now, counter.at);
    counter.level = Math.max(decayed(counter, start), threshold);
    counter.at = start;
  }

  /** The counter's value at {@code when} (not before its {@code at}). */
  private long decayed(Counter counter, long when) {
    long elapsed = when - counter.at;
    // Compared before multiplying: hours of idleness would overflow the product.
    return elapsed >= ceilDiv(counter.level, decayPerNano) ? 0 : counter.level - elapsed * decayPerNano;
  }

  /** The count of {@code table} for {@code order}'s age; the youngest bracket's for an unknown order. */
  private static int byAge(int[] table, Order order, long now) {
    if (order == null) {
      return table[0];
    }
    long age = now - order.changedAt();
    for (int i = 0; i < UNDER.length; i++) {
      if (age < UNDER[i]) {
        return table[i];
      }
    }
    return 0;
  }

  // ---- the orders ----

  private void remember(Order order) {
    orders.remove(order.txid()); // placed again at the end: the most recently changed
    orders.put(order.txid(), order);
  }

  private void forget(List<Order> found) {
    found.forEach(order -> orders.remove(order.txid()));
  }

  /**
   * The known orders {@code reference} names (a txid, a {@code cl_ord_id}, or a {@code userref},
   * which may name several), or that {@code clOrdId} names.
   */
  private List<Order> find(String reference, String clOrdId) {
    List<Order> found = new ArrayList<>();
    Order byTxid = reference == null ? null : orders.get(reference);
    if (byTxid != null) {
      found.add(byTxid);
      return found;
    }
    Integer userref = userref(reference);
    for (Order order : orders.values()) {
      if (reference != null && reference.equals(order.clientOrderId())
          || clOrdId != null && clOrdId.equals(order.clientOrderId())
          || userref != null && userref.equals(order.userReference())) {
        found.add(order);
      }
    }
    return found;
  }

  private List<Order> batchOrders(CancelOrderBatchRequest batch) {
    Map<String, Order> found = new LinkedHashMap<>();
    if (batch.orders() != null) {
      batch.orders().forEach(reference -> find(text(reference), null).forEach(o -> found.put(o.txid(), o)));
    }
    if (batch.clientOrderIds() != null) {
      batch.clientOrderIds().forEach(clOrdId -> find(null, clOrdId).forEach(o -> found.put(o.txid(), o)));
    }
    return new ArrayList<>(found.values());
  }

  /** The pairs a failed request counted on. */
  private List<String> pairsOf(Object request) {
    List<String> pairs = new ArrayList<>();
    if (request instanceof AddOrderRequest add) {
      pairs.add(add.pair());
    } else if (request instanceof AddOrderBatchRequest batch) {
      pairs.add(batch.pair());
    } else if (request instanceof AmendOrderRequest amend) {
      Order order = single(find(amend.txid(), amend.clientOrderId()));
      pairs.add(order != null ? order.pair() : amend.pair());
    } else if (request instanceof EditOrderRequest edit) {
      Order order = single(find(text(edit.txid()), null));
      pairs.add(edit.pair() != null ? edit.pair() : order != null ? order.pair() : null);
    } else if (request instanceof CancelOrderRequest cancel) {
      find(text(cancel.txid()), cancel.clientOrderId()).forEach(order -> pairs.add(order.pair()));
    } else if (request instanceof CancelOrderBatchRequest batch) {
      batchOrders(batch).forEach(order -> pairs.add(order.pair()));
    }
    return pairs;
  }

  /** The one order found; null for none or several (an amend or an edit names one order). */
  private static Order single(List<Order> found) {
    return found.size() == 1 ? found.get(0) : null;
  }

  private static Integer userref(String reference) {
    if (reference == null || !reference.matches("-?\\d{1,10}")) {
      return null;
    }
    long value = Long.parseLong(reference);
    return value < Integer.MIN_VALUE || value > Integer.MAX_VALUE ? null : (int) value;
  }

  /** A reference as the request holds it, whatever its type, as text. */
  private static String text(Object reference) {
    return reference == null ? null : reference.toString().trim();
  }

  private static boolean validateOnly(Boolean validate) {
    return Boolean.TRUE.equals(validate);
  }

  private static long ceilDiv(long dividend, long divisor) {
    return -Math.floorDiv(-dividend, divisor);
  }

  @Override
  public String toString() {
    return "TradingPacing{" + tier + "}";
  }
}
