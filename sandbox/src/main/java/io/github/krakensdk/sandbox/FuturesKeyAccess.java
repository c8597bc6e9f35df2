package io.github.krakensdk.sandbox;

/** What a Futures key the sandbox issues may do ({@link FuturesControls#newKey(FuturesKeyAccess)}). */
public enum FuturesKeyAccess {
  /** Every operation. */
  FULL,
  /** Reading only: every write operation is refused, as for a read-only key of the service. */
  READ_ONLY
}
