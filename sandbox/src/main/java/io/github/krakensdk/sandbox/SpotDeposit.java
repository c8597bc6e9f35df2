package io.github.krakensdk.sandbox;

import java.util.Objects;

/**
 * A Spot deposit of the sandbox's test user and its state when it was read:
 *
 * <pre>{@code
 * SpotDeposit deposit = sandbox.spot().arriveDeposit("XBT", "Bitcoin", new BigDecimal("0.5"));
 * assertEquals(SpotFundingState.SETTLED, deposit.state());
 * sandbox.time().advance(Duration.ofMinutes(10));
 * assertEquals(SpotFundingState.SUCCESS, sandbox.spot().depositState(deposit.refid()));
 * }</pre>
 */
public final class SpotDeposit {
  private final String refid;
  private final SpotFundingState state;

  SpotDeposit(String refid, SpotFundingState state) {
    this.refid = Objects.requireNonNull(refid, "refid == null");
    this.state = Objects.requireNonNull(state, "state == null");
  }

  /** The reference id, as DepositStatus shows it. */
  public String refid() {
    return refid;
  }

  public SpotFundingState state() {
    return state;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SpotDeposit that && refid.equals(that.refid) && state == that.state;
  }

  @Override
  public int hashCode() {
    return Objects.hash(refid, state);
  }

  @Override
  public String toString() {
    return "SpotDeposit{" + refid + ", " + state + "}";
  }
}
