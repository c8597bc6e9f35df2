package io.github.krakensdk.sandbox;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;

/**
 * A subaccount the test user created with CreateSubaccount, read with {@link
 * SpotControls#subaccount(String)}: its IIBAN (for AccountTransfer's {@code from} and {@code to})
 * and its balances by the exchange's asset names when it was read.
 */
public final class SpotSubaccount {
  private final String username;
  private final String iiban;
  private final Map<String, BigDecimal> balances;

  SpotSubaccount(String username, String iiban, Map<String, BigDecimal> balances) {
    this.username = Objects.requireNonNull(username, "username == null");
    this.iiban = Objects.requireNonNull(iiban, "iiban == null");
    this.balances = Map.copyOf(balances);
  }

  public String username() {
    return username;
  }

  /** The IIBAN as the service writes it, without spaces. */
  public String iiban() {
    return iiban;
  }

  /** Balances by the exchange's asset name ({@code XXBT}). */
  public Map<String, BigDecimal> balances() {
    return balances;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SpotSubaccount that && username.equals(that.username) && iiban.equals(that.iiban)
        && balances.equals(that.balances);
  }

  @Override
  public int hashCode() {
    return Objects.hash(username, iiban, balances);
  }

  @Override
  public String toString() {
    return "SpotSubaccount{" + username + ", " + iiban + ", " + balances + "}";
  }
}
