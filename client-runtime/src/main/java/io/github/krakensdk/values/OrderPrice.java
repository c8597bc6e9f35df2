package io.github.krakensdk.values;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * A price of a Spot order: an absolute price in the quote currency, or an offset from the
 * reference price (the last traded price, or the trigger price for a {@code price2}). Kraken takes
 * it as text; {@link #toString()} is that text.
 *
 * <table>
 *   <caption>Forms</caption>
 *   <tr><th>Java</th><th>Wire</th><th>Meaning</th></tr>
 *   <tr><td>{@code OrderPrice.of(new BigDecimal("65000.5"))}</td><td>{@code 65000.5}</td>
 *       <td>absolute price</td></tr>
 *   <tr><td>{@code OrderPrice.offset(new BigDecimal("5"))}</td><td>{@code +5}</td>
 *       <td>reference price plus 5</td></tr>
 *   <tr><td>{@code OrderPrice.offset(new BigDecimal("-5"))}</td><td>{@code -5}</td>
 *       <td>reference price minus 5</td></tr>
 *   <tr><td>{@code OrderPrice.percent(new BigDecimal("-2"))}</td><td>{@code -2%}</td>
 *       <td>reference price minus 2 %</td></tr>
 *   <tr><td>{@code OrderPrice.sideOffset(new BigDecimal("5"))}</td><td>{@code #5}</td>
 *       <td>5 away, in the direction the side and order type require</td></tr>
 *   <tr><td>{@code OrderPrice.sidePercent(new BigDecimal("2"))}</td><td>{@code #2%}</td>
 *       <td>2 % away, in the direction the side and order type require</td></tr>
 * </table>
 *
 * <p>Which forms an order type allows is the service's rule (trailing stops need an offset;
 * {@code amendOrder} takes no {@code #}); immutable, equal when the wire text is.
 */
public final class OrderPrice {
  private static final Pattern FORM = Pattern.compile("[+#-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)%?");

  /** How an {@link OrderPrice} relates to the reference price. */
  public enum Kind {
    /** An absolute price ({@code 65000.5}). */
    ABSOLUTE,
    /** The reference price plus or minus an amount ({@code +5}, {@code -5}). */
    OFFSET,
    /** The reference price plus or minus a percentage of it ({@code +2%}, {@code -2%}). */
    PERCENT,
    /** An amount away in the direction the side and order type require ({@code #5}). */
    SIDE_OFFSET,
    /** A percentage away in the direction the side and order type require ({@code #2%}). */
    SIDE_PERCENT
  }

  private final Kind kind;
  private final BigDecimal amount;
  private final String text;

  private OrderPrice(Kind kind, BigDecimal amount, String text) {
    this.kind = kind;
    this.amount = amount;
    this.text = text;
  }

  /** An absolute price, written as {@code price.toPlainString()}; never negative. */
  public static OrderPrice of(BigDecimal price) {
    requireNonNull(price, "price == null");
    if (price.signum() < 0) {
      throw new IllegalArgumentException("price " + price.toPlainString()
          + " is negative; an offset below the reference price is OrderPrice.offset(" + price.toPlainString() + ")");
    }
    return new OrderPrice(Kind.ABSOLUTE, price, price.toPlainString());
  }

  /** The reference price plus {@code amount} ({@code +5}), or minus it when negative ({@code -5}). */
  public static OrderPrice offset(BigDecimal amount) {
    requireNonNull(amount, "amount == null");
    return new OrderPrice(Kind.OFFSET, amount, signed(amount));
  }

  /** The reference price plus {@code percent} percent ({@code +2%}), or minus when negative ({@code -2%}). */
  public static OrderPrice percent(BigDecimal percent) {
    requireNonNull(percent, "percent == null");
    return new OrderPrice(Kind.PERCENT, percent, signed(percent) + "%");
  }

  /** {@code amount} away in the direction the side and order type require ({@code #5}); not negative. */
  public static OrderPrice sideOffset(BigDecimal amount) {
    requireNonNull(amount, "amount == null");
    return new OrderPrice(Kind.SIDE_OFFSET, nonNegative("amount", amount), "#" + amount.toPlainString());
  }

  /** {@code percent} percent away in the direction the side and order type require ({@code #2%}); not negative. */
  public static OrderPrice sidePercent(BigDecimal percent) {
    requireNonNull(percent, "percent == null");
    return new OrderPrice(Kind.SIDE_PERCENT, nonNegative("percent", percent), "#" + percent.toPlainString() + "%");
  }

  /**
   * Reads one of Kraken's forms ({@code 65000.5}, {@code +5}, {@code -2%}, {@code #2%}), as an order
   * description or a stored request carries it.
   *
   * @throws IllegalArgumentException if {@code text} is none of them
   */
  public static OrderPrice parse(String text) {
    requireNonNull(text, "text == null");
    if (!FORM.matcher(text).matches()) {
      throw new IllegalArgumentException("order price \"" + text + "\" is not a price (65000.5) or an offset"
          + " (+5, -5, #5, +2%, -2%, #2%)");
    }
    boolean percent = text.endsWith("%");
    String number = percent ? text.substring(0, text.length() - 1) : text;
    char first = number.charAt(0);
    if (first == '#') {
      BigDecimal amount = new BigDecimal(number.substring(1));
      return new OrderPrice(percent ? Kind.SIDE_PERCENT : Kind.SIDE_OFFSET, amount, text);
    }
    if (first == '+' || first == '-') {
      return new OrderPrice(percent ? Kind.PERCENT : Kind.OFFSET, new BigDecimal(number), text);
    }
    if (percent) {
      // A bare percentage is one of the service's forms: the reference price plus it.
      return new OrderPrice(Kind.PERCENT, new BigDecimal(number), text);
    }
    return new OrderPrice(Kind.ABSOLUTE, new BigDecimal(number), text);
  }

  /** Whether this is an absolute price or which kind of offset. */
  public Kind kind() {
    return kind;
  }

  /** Whether this is an absolute price rather than an offset from the reference price. */
  public boolean isAbsolute() {
    return kind == Kind.ABSOLUTE;
  }

  /**
   * The number: the price for {@link Kind#ABSOLUTE}, the signed amount or percentage for {@link
   * Kind#OFFSET} and {@link Kind#PERCENT}, the unsigned one for the side-directed kinds.
   */
  public BigDecimal amount() {
    return amount;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof OrderPrice && ((OrderPrice) other).text.equals(text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  /** The wire text: {@code 65000.5}, {@code +5}, {@code -2%}, {@code #2%}. */
  @Override
  public String toString() {
    return text;
  }

  private static String signed(BigDecimal amount) {
    return amount.signum() < 0 ? amount.toPlainString() : "+" + amount.toPlainString();
  }

  private static BigDecimal nonNegative(String name, BigDecimal amount) {
    if (amount.signum() < 0) {
      throw new IllegalArgumentException(name + " " + amount.toPlainString()
          + " is negative; '#' takes the direction from the side, so give the distance");
    }
    return amount;
  }
}
