package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.internal.spot.funding.Earn;

import io.github.krakensdk.embed.internal.model.UserProfileUpdate;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One end user of an Embed partner, as every Embed group of the sandbox sees it. Guarded by the
 * {@link EmbedState} it belongs to: read and change it only while holding that monitor.
 */
public final class EmbedUser {
  final String iiban;
  final EmbedFamily.Partner partner;
  UserProfileUpdate profile;

  /**
   * Whether the user passed verification (KYC). Only a verified user that is neither disabled nor
   * closed trades, deposits or withdraws; seeded users are verified, a created one is not yet.
   */
  public boolean verified;
  /** Disabled by the service (compliance); in the sandbox through {@link Sandbox}. */
  public boolean disabled;
  /** Closed for good; in the sandbox through {@link Sandbox}. */
  boolean closed;

  /** What the user holds, by asset ({@code BTC}, {@code USD}): never negative. */
  public final Map<String, BigDecimal> balances = new LinkedHashMap<>();
  /** Every change of {@link #balances}, oldest first. */
  public final List<Movement> movements = new ArrayList<>();

  boolean autoEarnEnabled;
  OffsetDateTime autoEarnLastChanged;
  /** The Auto-Earn status a PUT asked for, and when it takes effect; null when none is on its way. */
  Boolean autoEarnWanted;
  Instant autoEarnWantedAt;

  EmbedUser(String iiban, EmbedFamily.Partner partner, UserProfileUpdate profile) {
    this.iiban = iiban;
    this.partner = partner;
    this.profile = profile;
  }

  /**
   * One change of a balance: {@code amount} is signed (a credit is positive); {@code kind} says
   * what moved it ({@code trade}, {@code deposit}, {@code withdrawal}, {@code reward}, {@code fee},
   * ...) and {@code reference} what it belongs to (a quote, an order, a withdrawal), so that the
   * two legs of a trade share it.
   */
  public record Movement(String id, Instant time, String kind, String asset, BigDecimal amount, String reference) {}

  public BigDecimal balance(String asset) {
    return balances.getOrDefault(asset, BigDecimal.ZERO);
  }

  /**
   * Adds {@code amount} (negative to take) to the balance of {@code asset} and records it.
   *
   * @throws IllegalStateException if the balance would go negative; nothing changes then.
   */
  public Movement move(String id, Instant time, String kind, String asset, BigDecimal amount, String reference) {
    BigDecimal after = balance(asset).add(amount);
    if (after.signum() < 0) {
      throw new IllegalStateException(iiban + " holds " + balance(asset).toPlainString() + " " + asset
          + ", less than " + amount.negate().toPlainString());
    }
    balances.put(asset, after);
    Movement movement = new Movement(id, time, kind, asset, amount, reference);
    movements.add(movement);
    return movement;
  }
}
