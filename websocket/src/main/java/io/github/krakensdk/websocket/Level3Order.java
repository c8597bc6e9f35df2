package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;

/**
 * One resting order of a {@code level3} book: its id, limit price and remaining quantity. Within a
 * price level, orders are listed in queue priority (the first is filled first).
 *
 * <p>As with {@link BookLevel}, the numbers are made from the literal JSON text and keep its scale.
 * Two orders are equal when their ids are equal and their numbers numerically equal.
 */
public final class Level3Order {
  private final String orderId;
  private final BigDecimal limitPrice;
  private final BigDecimal orderQty;

  private Level3Order(String orderId, BigDecimal limitPrice, BigDecimal orderQty) {
    this.orderId = orderId;
    this.limitPrice = limitPrice;
    this.orderQty = orderQty;
  }

  /** The order {@code orderId} of {@code orderQty} at {@code limitPrice}. */
  public static Level3Order of(String orderId, BigDecimal limitPrice, BigDecimal orderQty) {
    requireNonNull(orderId, "orderId == null");
    requireNonNull(limitPrice, "limitPrice == null");
    requireNonNull(orderQty, "orderQty == null");
    if (orderId.isEmpty()) throw new IllegalArgumentException("orderId must not be empty");
    if (limitPrice.signum() < 0) throw new IllegalArgumentException("limitPrice must not be negative: " + limitPrice);
    if (orderQty.signum() < 0) throw new IllegalArgumentException("orderQty must not be negative: " + orderQty);
    return new Level3Order(orderId, limitPrice, orderQty);
  }

  /** Kraken's order id ({@code OTCFZG-YOE2Q-LQKNM3}). */
  public String orderId() {
    return orderId;
  }

  public BigDecimal limitPrice() {
    return limitPrice;
  }

  /** The quantity still resting. */
  public BigDecimal orderQty() {
    return orderQty;
  }

  @Override public boolean equals(Object o) {
    return o instanceof Level3Order other
        && orderId.equals(other.orderId)
        && limitPrice.compareTo(other.limitPrice) == 0
        && orderQty.compareTo(other.orderQty) == 0;
  }

  @Override public int hashCode() {
    int result = orderId.hashCode();
    result = 31 * result + limitPrice.stripTrailingZeros().hashCode();
    return 31 * result + orderQty.stripTrailingZeros().hashCode();
  }

  @Override public String toString() {
    return orderId + " " + orderQty.toPlainString() + " @ " + limitPrice.toPlainString();
  }
}
