package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.spot.SpotFamily;

import io.github.krakensdk.runtime.call.SpotRateTier;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Issues a Spot key of the sandbox's test user with the verification tier and permissions it is
 * given: Starter and every permission unless told otherwise, like {@code sandbox.spot().newKey().issue()}.
 * The tier sets the key's REST call counter (maximum and decay); a permission the key lacks gets
 * {@code EGeneral:Permission denied} from every operation that needs it.
 *
 * <pre>{@code
 * SandboxKey proTrader = sandbox.spot().newKey()
 *     .tier(SpotRateTier.PRO)
 *     .permissions(SpotKeyPermission.FUNDS_QUERY, SpotKeyPermission.TRADES_MODIFY)
 *     .issue();
 * KrakenClient kraken = sandbox.newClientBuilder()
 *     .spotCredentials(proTrader.credentials())
 *     .spotRateTier(SpotRateTier.PRO)
 *     .build();
 * }</pre>
 */
public final class SpotKeyBuilder {
  private final SpotFamily spot;
  private SpotRateTier tier = SpotRateTier.STARTER;
  private Set<SpotKeyPermission> permissions = EnumSet.allOf(SpotKeyPermission.class);

  SpotKeyBuilder(SpotFamily spot) {
    this.spot = spot;
  }

  /** The verification tier of the key's account; {@link SpotRateTier#STARTER} by default. */
  public SpotKeyBuilder tier(SpotRateTier tier) {
    this.tier = Objects.requireNonNull(tier, "tier == null");
    return this;
  }

  /** Exactly these permissions (none at all if empty); every permission by default. */
  public SpotKeyBuilder permissions(SpotKeyPermission... permissions) {
    return permissions(Set.of(Objects.requireNonNull(permissions, "permissions == null")));
  }

  /** Exactly these permissions (none at all if empty); every permission by default. */
  public SpotKeyBuilder permissions(Set<SpotKeyPermission> permissions) {
    Objects.requireNonNull(permissions, "permissions == null");
    EnumSet<SpotKeyPermission> copy = EnumSet.noneOf(SpotKeyPermission.class);
    for (SpotKeyPermission permission : List.copyOf(permissions)) { // List.copyOf refuses nulls
      copy.add(permission);
    }
    this.permissions = copy;
    return this;
  }

  /** A new key with its own secret, nonces and call counter. */
  public SandboxKey issue() {
    return spot.issueKey(tier, permissions);
  }

  @Override
  public String toString() {
    return "SpotKeyBuilder{" + tier + ", " + permissions + "}";
  }
}
