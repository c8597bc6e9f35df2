package io.github.krakensdk.errors;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * An order refused by the client, before anything was sent, because it breaks a limit its pair
 * publishes in the Spot {@code AssetPairs} data: a price with more decimals than {@code
 * pair_decimals} or off its {@code tick_size} grid, a volume with more decimals than {@code
 * lot_decimals}, a volume under {@code ordermin} or a cost under {@code costmin}. The service would
 * refuse it too ({@code EOrder:Invalid price}, {@code EOrder:Tick size check failed}, {@code
 * EOrder:Order minimum not met}, {@code EOrder:Cost minimum not met}); the client
 * says which limit, and spends no call on it. Only a client built with an {@code AssetPairs} cache
 * checks orders.
 *
 * <pre>{@code
 * try {
 *   kraken.spot().addOrder(order);
 * } catch (PairLimitException e) {
 *   // "addOrder: XXBTZUSD: price 65000.12 has 2 decimals; pair_decimals is 1"
 *   BigDecimal price = e.value().setScale(e.limitValue().intValue(), RoundingMode.DOWN);
 * }
 * }</pre>
 */
public final class PairLimitException extends KrakenClientException {
  private static final long serialVersionUID = 1L;

  private final String pair;
  private final String field;
  private final BigDecimal value;
  private final String limit;
  private final BigDecimal limitValue;

  /**
   * @param pair the pair's name in the {@code AssetPairs} data, such as {@code XXBTZUSD}.
   * @param field the request member, by its contract name ({@code price}, {@code
   *     orders[1].volume}, {@code close[price]}).
   * @param value the member's value.
   * @param limit the {@code AssetPairs} member that sets the limit ({@code pair_decimals}, {@code
   *     tick_size}, {@code lot_decimals}, {@code ordermin}, {@code costmin}).
   * @param limitValue the limit: a number of decimals, or a minimum.
   * @param message what is wrong, naming the pair, the field and the limit.
   */
  public PairLimitException(String operationId, String pair, String field, BigDecimal value, String limit,
      BigDecimal limitValue, String message) {
    super(operationId, message, null);
    this.pair = Objects.requireNonNull(pair, "pair == null");
    this.field = Objects.requireNonNull(field, "field == null");
    this.value = Objects.requireNonNull(value, "value == null");
    this.limit = Objects.requireNonNull(limit, "limit == null");
    this.limitValue = Objects.requireNonNull(limitValue, "limitValue == null");
  }

  private PairLimitException(PairLimitException original, String operationId) {
    super(original, operationId);
    this.pair = original.pair;
    this.field = original.field;
    this.value = original.value;
    this.limit = original.limit;
    this.limitValue = original.limitValue;
  }

  /** The pair's name in the {@code AssetPairs} data, such as {@code XXBTZUSD}. */
  public String pair() {
    return pair;
  }

  /** The request member that breaks the limit, by its contract name, such as {@code price} or {@code orders[1].volume}. */
  public String field() {
    return field;
  }

  /** The member's value (for a cost, the price times the volume). */
  public BigDecimal value() {
    return value;
  }

  /**
   * The {@code AssetPairs} member that sets the limit: {@code pair_decimals}, {@code tick_size},
   * {@code lot_decimals}, {@code ordermin} or {@code costmin}.
   */
  public String limit() {
    return limit;
  }

  /** The limit: the most decimals allowed, or the minimum. */
  public BigDecimal limitValue() {
    return limitValue;
  }

  @Override
  protected PairLimitException copy(String operationId) {
    return new PairLimitException(this, operationId);
  }
}
