package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;

/**
 * One price level of a {@code book}: the price and the total quantity resting at it.
 *
 * <p>Prices and quantities are made from the literal text of the JSON numbers Kraken sends,
 * {@code new BigDecimal("0.10000000")}, never through {@code double}: the text's scale is kept, and
 * the book checksum reads it.
 *
 * <pre>{@code
 * BookLevel best = book.asks().get(0);
 * BigDecimal cost = best.price().multiply(best.qty());
 * }</pre>
 *
 * Two levels are equal when their prices and quantities are numerically equal, whatever their
 * scale ({@code 0.1} and {@code 0.10}).
 */
public final class BookLevel {
  private final BigDecimal price;
  private final BigDecimal qty;

  private BookLevel(BigDecimal price, BigDecimal qty) {
    this.price = price;
    this.qty = qty;
  }

  /**
   * A level of {@code qty} at {@code price}. A quantity of zero is what an update sends to remove
   * the level; a negative price or quantity is refused.
   */
  public static BookLevel of(BigDecimal price, BigDecimal qty) {
    requireNonNull(price, "price == null");
    requireNonNull(qty, "qty == null");
    if (price.signum() < 0) throw new IllegalArgumentException("price must not be negative: " + price);
    if (qty.signum() < 0) throw new IllegalArgumentException("qty must not be negative: " + qty);
    return new BookLevel(price, qty);
  }

  public BigDecimal price() {
    return price;
  }

  public BigDecimal qty() {
    return qty;
  }

  @Override public boolean equals(Object o) {
    return o instanceof BookLevel other
        && price.compareTo(other.price) == 0
        && qty.compareTo(other.qty) == 0;
  }

  @Override public int hashCode() {
    return 31 * price.stripTrailingZeros().hashCode() + qty.stripTrailingZeros().hashCode();
  }

  @Override public String toString() {
    return qty.toPlainString() + " @ " + price.toPlainString();
  }
}
