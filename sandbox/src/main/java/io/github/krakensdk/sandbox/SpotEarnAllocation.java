package io.github.krakensdk.sandbox;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * What the test user has in an Earn strategy when it was read ({@link
 * SpotControls#earnAllocation(String)}): the amount allocated, and the amount on its way in or out.
 *
 * <pre>{@code
 * kraken.spot().deallocateEarnFunds(r -> r.strategyId(id).amount(new BigDecimal("1")));
 * assertEquals(new BigDecimal("-1"), sandbox.spot().earnAllocation(id).pending());
 * sandbox.time().advance(Duration.ofSeconds(2));                     // the deallocation completes
 * assertEquals(BigDecimal.ZERO, sandbox.spot().earnAllocation(id).pending());
 * }</pre>
 */
public final class SpotEarnAllocation {
  private final String strategyId;
  private final BigDecimal allocated;
  private final BigDecimal pending;

  SpotEarnAllocation(String strategyId, BigDecimal allocated, BigDecimal pending) {
    this.strategyId = Objects.requireNonNull(strategyId, "strategyId == null");
    this.allocated = Objects.requireNonNull(allocated, "allocated == null");
    this.pending = Objects.requireNonNull(pending, "pending == null");
  }

  public String strategyId() {
    return strategyId;
  }

  /** The amount allocated to the strategy. */
  public BigDecimal allocated() {
    return allocated;
  }

  /** Negative while a deallocation is in progress, positive while an allocation is, else zero. */
  public BigDecimal pending() {
    return pending;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SpotEarnAllocation that && strategyId.equals(that.strategyId)
        && allocated.compareTo(that.allocated) == 0 && pending.compareTo(that.pending) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(strategyId, allocated.stripTrailingZeros(), pending.stripTrailingZeros());
  }

  @Override
  public String toString() {
    return "SpotEarnAllocation{" + strategyId + ", allocated " + allocated.toPlainString() + ", pending "
        + pending.toPlainString() + "}";
  }
}
