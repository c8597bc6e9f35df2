package io.github.krakensdk;

import io.github.krakensdk.errors.PairLimitException;
import io.github.krakensdk.runtime.internal.RequestHook;
import io.github.krakensdk.spot.model.AddOrderBatchRequest;
import io.github.krakensdk.spot.model.AddOrderRequest;
import io.github.krakensdk.spot.model.AmendOrderRequest;
import io.github.krakensdk.spot.model.AssetPair;
import io.github.krakensdk.spot.model.BatchOrder;
import io.github.krakensdk.spot.model.BatchOrderResult;
import io.github.krakensdk.spot.model.ConditionalClose;
import io.github.krakensdk.spot.model.EditOrderRequest;
import io.github.krakensdk.spot.model.OrderAdded;
import io.github.krakensdk.spot.model.OrderBatchAdded;
import io.github.krakensdk.spot.model.OrderEdited;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.values.OrderFlag;
import io.github.krakensdk.values.OrderPrice;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.Set;

/**
 * Refuses, before sending, an order that breaks a limit of its pair in the {@link AssetPairsCache}
 * (what is checked: see there), and remembers the pairs of the orders placed, for amends. Run by
 * the Spot family's calls of a client built with {@link KrakenClient.Builder#assetPairsCache}.
 */
final class OrderChecks implements RequestHook {
  /** How many placed orders' pairs are remembered for amends. */
  static final int REMEMBERED = 10_000;


  private final Supplier<AssetPairsCache> cache;
  /** txid or cl_ord_id of an order this client placed, to its pair as requested. Guarded by itself. */
  private final Map<String, String> placed = new LinkedHashMap<>(256, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
      return size() > REMEMBERED;
    }
  };

  /** @param cache the client's cache, read at each check (the client makes it after its Spot calls). */
  OrderChecks(Supplier<AssetPairsCache> cache) {
    this.cache = cache;
  }

  @Override
  public void beforeSend(String operationId, Object request) {
    if (request instanceof AddOrderRequest order) {
      Pair pair = pair(order.pair());
      if (pair != null) {
        pair.order(operationId, "", order.orderType(), order.volume(), order.displayVolume(), order.price(),
            order.secondaryPrice(), order.flags());
        pair.price(operationId, "close[price]", order.closePrice());
        pair.price(operationId, "close[price2]", order.closeSecondaryPrice());
      }
    } else if (request instanceof AddOrderBatchRequest batch) {
      Pair pair = pair(batch.pair());
      if (pair != null && batch.orders() != null) {
        for (int i = 0; i < batch.orders().size(); i++) {
          BatchOrder order = batch.orders().get(i);
          String prefix = "orders[" + i + "].";
          pair.order(operationId, prefix, order.orderType(), order.volume(), order.displayVolume(), order.price(),
              order.secondaryPrice(), order.flags());
          ConditionalClose close = order.close();
          if (close != null) {
            pair.price(operationId, prefix + "close.price", close.price());
            pair.price(operationId, prefix + "close.price2", close.secondaryPrice());
          }
        }
      }
    } else if (request instanceof EditOrderRequest edit) {
      Pair pair = pair(edit.pair());
      if (pair != null) {
        pair.order(operationId, "", null, edit.volume(), edit.displayVolume(), edit.price(), edit.secondaryPrice(),
            edit.flags());
      }
    } else if (request instanceof AmendOrderRequest amend) {
      Pair pair = pair(amend.pair() != null ? amend.pair() : placedPair(amend.txid(), amend.clientOrderId()));
      if (pair != null) {
        pair.price(operationId, "limit_price", amend.limitPrice());
        pair.price(operationId, "trigger_price", amend.triggerPrice());
        pair.lot(operationId, "order_qty", amend.volume());
        pair.lot(operationId, "display_qty", amend.displayVolume());
      }
    }
  }

  @Override
  public void afterResult(String operationId, Object request, Object result) {
    if (request instanceof AddOrderRequest order && result instanceof OrderAdded added) {
      if (added.txids() != null) {
        added.txids().forEach(txid -> remember(txid, order.pair()));
        remember(order.clientOrderId(), order.pair());
      }
    } else if (request instanceof AddOrderBatchRequest batch && result instanceof OrderBatchAdded added) {
      List<BatchOrderResult> results = added.orders();
      if (results != null && batch.orders() != null) {
        for (int i = 0; i < results.size() && i < batch.orders().size(); i++) {
          BatchOrderResult placedOrder = results.get(i);
          if (placedOrder != null && placedOrder.txid() != null) {
            remember(placedOrder.txid(), batch.pair());
            remember(batch.orders().get(i).clientOrderId(), batch.pair());
          }
        }
      }
    } else if (request instanceof EditOrderRequest edit && result instanceof OrderEdited edited) {
      remember(edited.txid(), edit.pair());
    }
  }

  private void remember(String id, String pair) {
    if (id != null && pair != null) {
      synchronized (placed) {
        placed.put(id, pair);
      }
    }
  }

  private String placedPair(String txid, String clOrdId) {
    synchronized (placed) {
      String pair = txid == null ? null : placed.get(txid);
      return pair != null || clOrdId == null ? pair : placed.get(clOrdId);
    }
  }

  /** The limits of the pair named {@code name}, or null when there are none to check against. */
  private Pair pair(String name) {
    AssetPairsCache pairs = cache.get();
    AssetPairsCache.Snapshot snapshot = pairs == null || name == null ? null : pairs.forChecks();
    String key = snapshot == null ? null : snapshot.nameOf(name);
    return key == null ? null : new Pair(key, snapshot.pairs.get(key));
  }

  /** The number of decimals {@code value} is written with, trailing zeros aside. */
  static int decimals(BigDecimal value) {
    return Math.max(0, value.stripTrailingZeros().scale());
  }

  /** One pair's limits, and the checks against them. */
  private record Pair(String name, AssetPair limits) {
    void order(String operationId, String prefix, OrderType type, BigDecimal volume, BigDecimal displayvol,
        OrderPrice price, OrderPrice price2, Set<OrderFlag> flags) {
      price(operationId, prefix + "price", price);
      price(operationId, prefix + "price2", price2);
      boolean inQuote = flags != null && flags.contains(OrderFlag.VIQC);
      if (volume != null && inQuote) {
        minimum(operationId, prefix + "volume", volume, "costmin", limits.costmin(),
            prefix + "volume " + volume.toPlainString() + " (in the quote currency, viqc)");
      } else if (volume != null) {
        lot(operationId, prefix + "volume", volume);
        if (volume.signum() != 0) {
          minimum(operationId, prefix + "volume", volume, "ordermin", limits.ordermin(),
              prefix + "volume " + volume.toPlainString());
          BigDecimal limitPrice = absolute(price);
          if (limitPrice != null && (OrderType.LIMIT.equals(type) || OrderType.ICEBERG.equals(type))) {
            BigDecimal cost = limitPrice.multiply(volume);
            minimum(operationId, prefix + "volume", cost, "costmin", limits.costmin(),
                "cost " + cost.stripTrailingZeros().toPlainString() + " (" + prefix + "volume " + volume.toPlainString()
                    + " at price " + limitPrice.toPlainString() + ")");
          }
        }
      }
      lot(operationId, prefix + "displayvol", displayvol);
    }

    /**
     * An absolute price within {@code pair_decimals} and on the pair's price grid, a multiple of
     * {@code tick_size} (the service's {@code EOrder:Tick size check failed}); a relative one is the
     * service's to check.
     */
    void price(String operationId, String field, OrderPrice given) {
      BigDecimal price = absolute(given);
      if (price == null) {
        return;
      }
      Integer most = limits.pairDecimals();
      if (most != null && decimals(price) > most) {
        throw tooPrecise(operationId, field, price, "pair_decimals", most);
      }
      BigDecimal tick = limits.tickSize();
      if (tick != null && tick.signum() > 0 && price.remainder(tick).signum() != 0) {
        throw new PairLimitException(operationId, name, field, price, "tick_size", tick,
            name + ": " + field + " " + price.toPlainString() + " is not a multiple of tick_size "
                + tick.stripTrailingZeros().toPlainString());
      }
    }

    /** A quantity within {@code lot_decimals}. */
    void lot(String operationId, String field, BigDecimal quantity) {
      Integer most = limits.lotDecimals();
      if (quantity != null && most != null && decimals(quantity) > most) {
        throw tooPrecise(operationId, field, quantity, "lot_decimals", most);
      }
    }

    private void minimum(String operationId, String field, BigDecimal value, String limit, BigDecimal minimum,
        String what) {
      if (minimum != null && value.compareTo(minimum) < 0) {
        throw new PairLimitException(operationId, name, field, value, limit, minimum,
            name + ": " + what + " is under " + limit + " " + minimum.toPlainString());
      }
    }

    private PairLimitException tooPrecise(String operationId, String field, BigDecimal value, String limit,
        int most) {
      int decimals = decimals(value);
      return new PairLimitException(operationId, name, field, value, limit, BigDecimal.valueOf(most),
          name + ": " + field + " " + value.toPlainString() + " has " + decimals
              + (decimals == 1 ? " decimal; " : " decimals; ") + limit + " is " + most);
    }

    private static BigDecimal absolute(OrderPrice price) {
      return price == null || !price.isAbsolute() ? null : price.amount();
    }
  }
}
