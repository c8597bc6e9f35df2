package io.github.krakensdk.sandbox;

import io.github.krakensdk.runtime.call.SpotRateTier;
import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * What the sandbox keeps for a Spot key it issued, read with {@link SpotControls#key(String)}: its
 * tier, its permissions and its REST call counter at the time of reading (never its secret).
 */
public final class SpotKeyState {
  private final String key;
  private final SpotRateTier tier;
  private final Set<SpotKeyPermission> permissions;
  private final BigDecimal callCounter;

  SpotKeyState(String key, SpotRateTier tier, Set<SpotKeyPermission> permissions, BigDecimal callCounter) {
    this.key = Objects.requireNonNull(key, "key == null");
    this.tier = Objects.requireNonNull(tier, "tier == null");
    EnumSet<SpotKeyPermission> copy = EnumSet.noneOf(SpotKeyPermission.class);
    copy.addAll(permissions);
    this.permissions = Set.copyOf(copy);
    this.callCounter = Objects.requireNonNull(callCounter, "callCounter == null");
  }

  /** The API key. */
  public String key() {
    return key;
  }

  public SpotRateTier tier() {
    return tier;
  }

  public Set<SpotKeyPermission> permissions() {
    return permissions;
  }

  /** The REST call counter when it was read, decayed on the sandbox clock. */
  public BigDecimal callCounter() {
    return callCounter;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SpotKeyState that && key.equals(that.key) && tier == that.tier
        && permissions.equals(that.permissions) && callCounter.compareTo(that.callCounter) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(key, tier, permissions);
  }

  @Override
  public String toString() {
    return "SpotKeyState{" + key + ", " + tier + ", " + permissions + ", counter " + callCounter + "}";
  }
}
