package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.futures.FuturesFamily;
import java.util.Objects;

/**
 * What moves the Futures world of the sandbox: {@code sandbox.futures()}. The control plane's
 * {@code createFuturesKey} runs this code.
 *
 * <pre>{@code
 * SandboxKey readOnly = sandbox.futures().newKey(FuturesKeyAccess.READ_ONLY);
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

  @Override
  public String toString() {
    return "FuturesControls";
  }
}
