package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.SandboxTime;
import io.github.krakensdk.sandbox.internal.spot.SpotFamily;
import io.github.krakensdk.sandbox.internal.spot.exchange.Catalog;
import io.github.krakensdk.sandbox.internal.spot.exchange.Exchange;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingException;
import io.github.krakensdk.spot.model.OrderSide;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What moves the Spot world of the sandbox, and what a test reads of it that the API does not
 * show: {@code sandbox.spot()}. The control plane's Spot operations ({@code /sandbox/v1/spot/...})
 * run this code.
 *
 * <pre>{@code
 * SpotDeposit deposit = sandbox.spot().arriveDeposit("XBT", "Bitcoin", new BigDecimal("0.5"));
 * sandbox.time().advance(Duration.ofMinutes(10));               // credited
 * String txid = kraken.spot().addOrder(...).txid();              // a resting buy at 80000
 * sandbox.spot().trade("XBTUSD", OrderSide.SELL, new BigDecimal("1"), new BigDecimal("80000")); // fills it
 * }</pre>
 */
public final class SpotControls {
  private final SpotFamily spot;
  private final SandboxTime time;

  SpotControls(SpotFamily spot, SandboxTime time) {
    this.spot = spot;
    this.time = time;
  }

  /** Starts a new key of the test user's account; Starter and every permission unless told otherwise. */
  public SpotKeyBuilder newKey() {
    return new SpotKeyBuilder(spot);
  }

  /**
   * A key's tier, permissions and REST call counter now.
   *
   * @throws IllegalArgumentException if the sandbox issued no such key.
   */
  public SpotKeyState key(String apiKey) {
    SpotFamily.IssuedKey issued = spot.issued(Objects.requireNonNull(apiKey, "apiKey == null"));
    return new SpotKeyState(apiKey, issued.counter().tier(), issued.permissions(),
        issued.counter().valueAt(time.clock().instant()));
  }

  /**
   * A deposit arriving on the test user's account, as a blockchain or bank would send it: {@link
   * SpotFundingState#SETTLED} at once and {@link SpotFundingState#SUCCESS} ten minutes later on
   * the sandbox clock, when the balance is credited. A method with addresses pays to the newest
   * address DepositAddresses gave (one is generated if there is none).
   *
   * @param asset any of the asset's names ({@code XBT}, {@code XXBT}, {@code BTC}).
   * @param method a deposit method of the asset, as DepositMethods lists it.
   * @throws IllegalArgumentException for an unknown asset or method, or an amount not above zero.
   */
  public SpotDeposit arriveDeposit(String asset, String method, BigDecimal amount) {
    Objects.requireNonNull(asset, "asset == null");
    Objects.requireNonNull(method, "method == null");
    positive(amount, "amount");
    String refid;
    try {
      refid = spot.arriveDeposit(asset, method, amount);
    } catch (FundingException e) {
      throw new IllegalArgumentException(method + " is not a deposit method of " + asset, e);
    }
    return new SpotDeposit(refid, depositState(refid));
  }

  /**
   * A deposit's state now.
   *
   * @throws IllegalArgumentException for a deposit the test user does not have.
   */
  public SpotFundingState depositState(String refid) {
    return SpotFundingState.of(spot.depositState(Objects.requireNonNull(refid, "refid == null")));
  }

  /**
   * A withdrawal's state now: the seeded ones keep theirs until cancelled; new ones move on the clock.
   *
   * @throws IllegalArgumentException for a withdrawal the test user does not have.
   */
  public SpotFundingState withdrawalState(String refid) {
    return SpotFundingState.of(spot.withdrawal(Objects.requireNonNull(refid, "refid == null")).name());
  }

  /** The test user's balances now by the exchange's asset name ({@code XXBT}), due deposits credited. */
  public Map<String, BigDecimal> balances() {
    return Map.copyOf(spot.balances());
  }

  /**
   * What the test user has in an Earn strategy now, allocations and deallocations due by the
   * sandbox clock completed first.
   *
   * @throws IllegalArgumentException for an unknown strategy.
   */
  public SpotEarnAllocation earnAllocation(String strategyId) {
    BigDecimal[] allocation = spot.earnAllocation(Objects.requireNonNull(strategyId, "strategyId == null"));
    return new SpotEarnAllocation(strategyId, allocation[0], allocation[1]);
  }

  /**
   * The key a WebSocket token (from GetWebSocketsToken) was handed to, while it may still be used to
   * connect: 15 minutes on the sandbox clock, as on the service. Empty for a token the sandbox never
   * handed out, one past that window, or one of a key deleted since.
   */
  public Optional<SandboxKey> webSocketsTokenKey(String token) {
    return spot.webSocketsTokenKey(Objects.requireNonNull(token, "token == null"));
  }

  /**
   * A subaccount the test user created with CreateSubaccount.
   *
   * @throws IllegalArgumentException if the test user has no subaccount of that username.
   */
  public SpotSubaccount subaccount(String username) {
    Objects.requireNonNull(username, "username == null");
    return new SpotSubaccount(username, spot.subaccount(username).iiban(), spot.subaccountBalances(username));
  }

  /**
   * The pair's name as AssetPairs keys it ({@code XXBTZUSD} for {@code XBTUSD} or {@code XBT/USD}).
   *
   * @throws IllegalArgumentException for an unknown pair.
   */
  public String pairName(String pair) {
    return pair(pair).name();
  }

  /**
   * The pair's last trade price.
   *
   * @throws IllegalArgumentException for an unknown pair.
   */
  public BigDecimal lastPrice(String pair) {
    return exchange().lastPrice(pair(pair).name());
  }

  /**
   * Sets the pair's index price, the reference of orders with {@code trigger=index}; stop orders it
   * crosses trigger at once. {@code null} lets the index follow the last trade again.
   *
   * @throws IllegalArgumentException for an unknown pair or a price not above zero.
   */
  public void setIndexPrice(String pair, BigDecimal price) {
    if (price != null) {
      positive(price, "price");
    }
    exchange().setIndexPrice(pair(pair).name(), price);
  }

  /**
   * Another participant sends a market order ({@code limitPrice} null) or a marketable limit order:
   * it trades against the book, the test user's resting orders included, up to {@code volume} and no
   * further than {@code limitPrice}, and moves the last price, which may trigger stop orders.
   *
   * @return the volume it traded
   * @throws IllegalArgumentException for an unknown pair, or a volume or price not above zero.
   */
  public BigDecimal trade(String pair, OrderSide side, BigDecimal volume, BigDecimal limitPrice) {
    Objects.requireNonNull(side, "side == null");
    positive(volume, "volume");
    if (limitPrice != null) {
      positive(limitPrice, "limitPrice");
    }
    return exchange().trade(pair(pair).name(), side.value(), volume, limitPrice);
  }

  /**
   * Another participant takes {@code fraction} (above 0, at most 1) of the remaining volume of the
   * test user's resting order {@code txid}, at the order's price, the test user being maker.
   *
   * @return the ids of the test user's new trades
   * @throws IllegalArgumentException for an unknown order or a fraction outside (0, 1].
   * @throws IllegalStateException when the order does not rest in the book.
   */
  public List<String> fill(String txid, BigDecimal fraction) {
    Objects.requireNonNull(txid, "txid == null");
    Objects.requireNonNull(fraction, "fraction == null");
    if (fraction.signum() <= 0 || fraction.compareTo(BigDecimal.ONE) > 0) {
      throw new IllegalArgumentException("fraction must be above 0 and at most 1 (was " + fraction + ")");
    }
    return List.copyOf(exchange().takeFromOrder(txid, fraction));
  }

  private Exchange exchange() {
    return spot.exchange();
  }

  private Catalog.Pair pair(String pair) {
    Objects.requireNonNull(pair, "pair == null");
    return exchange().pair(pair).orElseThrow(() -> new IllegalArgumentException("no pair " + pair));
  }

  static BigDecimal positive(BigDecimal amount, String name) {
    Objects.requireNonNull(amount, name + " == null");
    if (amount.signum() <= 0) {
      throw new IllegalArgumentException(name + " must be above zero (was " + amount.toPlainString() + ")");
    }
    return amount;
  }

  @Override
  public String toString() {
    return "SpotControls";
  }
}
