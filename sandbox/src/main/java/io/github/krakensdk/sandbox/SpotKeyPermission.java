package io.github.krakensdk.sandbox;

import java.util.Objects;

/**
 * A permission of a Spot API key, as the service's key settings name them; the contract states
 * the one each private operation needs in {@code x-kraken-key-permission} ({@link #id()}), and the
 * sandbox answers {@code EGeneral:Permission denied} to a key without it. Operations that need
 * none state {@code none}.
 *
 * <pre>{@code
 * SandboxKey readOnly = sandbox.spot().newKey()
 *     .permissions(SpotKeyPermission.FUNDS_QUERY, SpotKeyPermission.TRADES_QUERY_OPEN)
 *     .issue();
 * }</pre>
 */
public enum SpotKeyPermission {
  /** Funds: Query (balances, trade volume). */
  FUNDS_QUERY("funds-query"),
  /** Funds: Deposit. */
  FUNDS_DEPOSIT("funds-deposit"),
  /** Funds: Withdraw. */
  FUNDS_WITHDRAW("funds-withdraw"),
  /** Funds: Earn (allocate, deallocate). */
  FUNDS_EARN("funds-earn"),
  /** Orders and trades: Query open orders and trades. */
  TRADES_QUERY_OPEN("trades-query-open"),
  /** Orders and trades: Query closed orders and trades. */
  TRADES_QUERY_CLOSED("trades-query-closed"),
  /** Orders and trades: Create and modify orders. */
  TRADES_MODIFY("trades-modify"),
  /** Orders and trades: Cancel and close orders. */
  TRADES_CLOSE("trades-close"),
  /** Data: Query ledger entries. */
  LEDGER_QUERY("ledger-query"),
  /** Data: Export data. */
  EXPORT_DATA("export-data"),
  /** The WebSocket interface (its token). */
  WEBSOCKET("websocket"),
  /**
   * Funds: Add withdrawal addresses (Funding (Beta): save, rename and delete withdrawal
   * addresses). Since 1.1.0.
   */
  FUNDS_ADD_WITHDRAWAL_ADDRESSES("funds-add-withdrawal-addresses");

  private final String id;

  SpotKeyPermission(String id) {
    this.id = id;
  }

  /** The contract's name of the permission, such as {@code funds-query}. */
  public String id() {
    return id;
  }

  /** The permission the contract names {@code id}. */
  public static SpotKeyPermission of(String id) {
    Objects.requireNonNull(id, "id == null");
    for (SpotKeyPermission permission : values()) {
      if (permission.id.equals(id)) {
        return permission;
      }
    }
    throw new IllegalArgumentException("no Spot key permission " + id);
  }
}
