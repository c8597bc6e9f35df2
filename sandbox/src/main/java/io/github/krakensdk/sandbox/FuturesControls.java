package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.futures.FuturesFamily;
import io.github.krakensdk.futures.model.AssignmentParticipant;
import io.github.krakensdk.futures.model.SelfTradeStrategy;
import java.util.Map;
import java.util.Objects;

/**
 * What moves the Futures world of the sandbox, and what a test reads of it: {@code
 * sandbox.futures()}. The control plane's Futures operations ({@code createFuturesKey}, {@code
 * getFuturesSelfTradeStrategy}, {@code listFuturesAssignmentPreferences}) run this code.
 *
 * <pre>{@code
 * SandboxKey readOnly = sandbox.futures().newKey(FuturesKeyAccess.READ_ONLY);
 * kraken.futures().updateSelfTradeStrategy(r -> r.strategy(SelfTradeStrategy.CANCEL_MAKER_SELF));
 * assertEquals(SelfTradeStrategy.CANCEL_MAKER_SELF, sandbox.futures().selfTradeStrategy());
 * }</pre>
 */
public final class FuturesControls {
  private final FuturesFamily futures;

  FuturesControls(FuturesFamily futures) {
    this.futures = futures;
  }

  /** Issues another key of the test account, with its own secret and nonces. */
  public SandboxKey newKey(FuturesKeyAccess access) {
    return futures.issueKey(Objects.requireNonNull(access, "access == null") == FuturesKeyAccess.FULL);
  }

  /** The test account's self-trade strategy now, as its last update left it. */
  public SelfTradeStrategy selfTradeStrategy() {
    return futures.currentSelfTradeStrategy();
  }

  /** The test account's assignment preferences now, by their IDs. */
  public Map<Long, AssignmentParticipant> assignmentPreferences() {
    return futures.assignmentPreferences();
  }

  @Override
  public String toString() {
    return "FuturesControls";
  }
}
