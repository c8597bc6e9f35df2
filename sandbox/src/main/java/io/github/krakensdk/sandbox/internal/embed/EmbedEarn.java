package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.internal.Settings;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Reply;
import io.github.krakensdk.sandbox.internal.spot.funding.Earn;

import io.github.krakensdk.embed.model.AutoEarnStatus;
import io.github.krakensdk.embed.internal.model.AutoEarnStatusResponse;
import io.github.krakensdk.embed.model.EarnAprEstimate;
import io.github.krakensdk.embed.model.EarnAsset;
import io.github.krakensdk.embed.model.EarnAssets;
import io.github.krakensdk.embed.internal.model.EarnAssetsResponse;
import io.github.krakensdk.embed.model.EmptyResult;
import io.github.krakensdk.embed.model.NativeConvertedAmount;
import io.github.krakensdk.embed.internal.model.SetAutoEarnResponse;
import io.github.krakensdk.embed.model.UpcomingReward;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An Embed user's Earn ({@code /b2b/earn/...}). Auto-Earn: the PUT records the wanted status,
 * which takes effect {@link Settings#autoEarnSwitchDelay()} later on the sandbox clock; the GET
 * reads the status in effect.
 */
public final class EmbedEarn {
  private final EmbedState state;

  EmbedEarn(EmbedState state) {
    this.state = state;
  }

  /** An asset that earns with Auto-Earn: its yearly rate range (percent) and the smallest balance that earns. */
  record EarnRate(String asset, BigDecimal low, BigDecimal high, BigDecimal minimum) {
    /** The rate paid: the middle of the range. */
    BigDecimal paid() {
      return low.add(high).divide(BigDecimal.valueOf(2), EmbedLedger.MATH);
    }
  }

  /** Rates of the sandbox's assets; money (USD, EUR) does not earn. */
  static final Map<String, EarnRate> RATES = rates(
      new EarnRate("BTC", new BigDecimal("0.1000"), new BigDecimal("0.2500"), new BigDecimal("0.00010000")),
      new EarnRate("ETH", new BigDecimal("2.5000"), new BigDecimal("3.5000"), new BigDecimal("0.00010000")),
      new EarnRate("SOL", new BigDecimal("5.0000"), new BigDecimal("7.0000"), new BigDecimal("0.01000000")),
      new EarnRate("USDC", new BigDecimal("3.5000"), new BigDecimal("4.5000"), new BigDecimal("1.00000000")));
  static final Duration PAYOUT_PERIOD = Duration.ofDays(7);
  /** {@link #PAYOUT_PERIOD} as the service writes it (ISO 8601). */
  static final String PAYOUT_TEXT = "P7D";

  private static Map<String, EarnRate> rates(EarnRate... rates) {
    Map<String, EarnRate> map = new LinkedHashMap<>();
    for (EarnRate rate : rates) {
      map.put(rate.asset(), rate);
    }
    return Collections.unmodifiableMap(map);
  }

  void routes(EmbedFamily family) {
    // Before /b2b/earn/{user}, which would otherwise take "assets" for an IIBAN.
    family.route("GET", "/b2b/earn/assets", "listEarnAssets", true, this::earnAssets);
    family.route("GET", "/b2b/earn/{user}", "getAutoEarnStatus", true, this::autoEarnStatus);
    family.route("PUT", "/b2b/earn/{user}/auto", "setAutoEarn", true, this::setAutoEarn);
  }

  private Reply autoEarnStatus(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    String currency = call.query("currency") != null ? call.query("currency") : "USD";
    if (!PortfolioHistories.QUOTES.contains(currency)) {
      return EmbedFamily.error(400, "EGeneral:Invalid arguments:currency " + currency + " is not supported");
    }
    boolean enabled;
    OffsetDateTime lastChanged;
    synchronized (state) {
      EmbedUser user = state.user(partner, path.get("user"));
      if (user == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      settle(user);
      enabled = user.autoEarnEnabled;
      lastChanged = user.autoEarnLastChanged;
    }
    BigDecimal rate = currency.equals("EUR") ? new BigDecimal("0.92") : BigDecimal.ONE;
    List<UpcomingReward> rewards = enabled ? List.of(UpcomingReward.builder()
        .date(state.now().truncatedTo(ChronoUnit.DAYS).plusDays(7))
        .asset("ETH")
        .accumulatedAmount(NativeConvertedAmount.builder()
            ._native(new BigDecimal("0.00041250"))
            .converted(new BigDecimal("0.74").multiply(rate).setScale(2, RoundingMode.HALF_EVEN))
            .build())
        .estimatedPendingAmount(NativeConvertedAmount.builder()
            ._native(new BigDecimal("0.00000001"))
            .converted(new BigDecimal("0.00"))
            .build())
        .build()) : List.of();
    AutoEarnStatus status = AutoEarnStatus.builder()
        .autoEarnEligible(true)
        .autoEarnEnabled(enabled)
        .payoutPeriod("P7D")
        .totalAllocatedConverted((enabled ? new BigDecimal("18250.42") : new BigDecimal("0.00")).multiply(rate)
            .setScale(2, RoundingMode.HALF_EVEN))
        .totalRewardedConvertedTrueRates(new BigDecimal("0.00"))
        .totalRewardedConvertedCurrentRate(new BigDecimal("0.00"))
        .numEarningAssets(enabled ? 2 : 0)
        .upcomingRewards(rewards)
        .autoEarnLastChanged(lastChanged)
        .build();
    return EmbedFamily.ok(AutoEarnStatusResponse.builder().result(status).build());
  }

  private Reply setAutoEarn(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    boolean wanted = call.queryFlag("want_enabled");
    synchronized (state) {
      EmbedUser user = state.user(partner, path.get("user"));
      if (user == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      settle(user);
      user.autoEarnWanted = wanted;
      user.autoEarnWantedAt = state.instant().plus(state.settings.autoEarnSwitchDelay());
      settle(user); // a zero delay switches at once
    }
    return EmbedFamily.ok(SetAutoEarnResponse.builder().result(EmptyResult.builder().build()).build());
  }

  private Reply earnAssets(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    List<String> wanted = call.queryAll("assets");
    String iiban = call.query("user");
    String currency = call.query("currency");
    if (iiban != null && currency == null) {
      return EmbedFamily.error(400, "EGeneral:Invalid arguments:currency is required with user");
    }
    if (iiban != null && state.usdPrice(currency) == null) {
      return EmbedFamily.error(400, "EGeneral:Invalid arguments:currency " + currency + " is not supported");
    }
    synchronized (state) {
      EmbedUser user = null;
      if (iiban != null) {
        user = state.user(partner, iiban);
        if (user == null) {
          return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
        }
        payRewards(state, user);
      }
      Map<String, EarnAsset> assets = new LinkedHashMap<>();
      for (EarnRate rate : RATES.values()) {
        if (!wanted.isEmpty() && !wanted.contains(rate.asset())) {
          continue;
        }
        NativeConvertedAmount allocated = null;
        NativeConvertedAmount rewarded = null;
        if (user != null) {
          BigDecimal earning = user.autoEarnEnabled && user.balance(rate.asset()).compareTo(rate.minimum()) >= 0
              ? user.balance(rate.asset()) : new BigDecimal("0.00000000");
          BigDecimal paid = new BigDecimal("0.00000000");
          for (EmbedUser.Movement m : user.movements) {
            if (m.kind().equals("reward") && m.asset().equals(rate.asset())) {
              paid = paid.add(m.amount());
            }
          }
          BigDecimal price = state.price(rate.asset(), currency);
          allocated = NativeConvertedAmount.builder()
              ._native(earning)
              .converted(EmbedLedger.inQuote(earning.multiply(price), currency))
              .build();
          rewarded = NativeConvertedAmount.builder()
              ._native(paid)
              .converted(EmbedLedger.inQuote(paid.multiply(price), currency))
              .build();
        }
        assets.put(rate.asset(), EarnAsset.builder()
            .asset(rate.asset())
            .aprEstimate(EarnAprEstimate.builder().low(rate.low()).high(rate.high()).build())
            .payoutPeriod(PAYOUT_TEXT)
            .minAllocation(rate.minimum())
            .allocated(allocated)
            .rewarded(rewarded)
            .build());
      }
      return EmbedFamily.ok(EarnAssetsResponse.builder().result(EarnAssets.builder().assets(assets).build()).build());
    }
  }

  /**
   * Pays what Auto-Earn has earned by now: at the end of each {@link #PAYOUT_PERIOD} since it was
   * switched on, each asset of {@link #RATES} held at or above its minimum earns the balance times
   * the middle of its rate for the period, credited as a {@code reward} movement and announced as
   * {@code reward.paid}. A wanted switch whose time has come is applied first (rewards up to a
   * switch-off are paid). Rewards are evaluated lazily, when the user's Earn or portfolio is read.
   * Caller holds the state's monitor.
   */
  public static void payRewards(EmbedState state, EmbedUser user) {
    if (user.autoEarnWanted != null && !state.instant().isBefore(user.autoEarnWantedAt)) {
      payUntil(state, user, user.autoEarnWantedAt);
      switchNow(user);
    }
    payUntil(state, user, state.instant());
  }

  private static void payUntil(EmbedState state, EmbedUser user, Instant until) {
    if (!user.autoEarnEnabled || user.autoEarnLastChanged == null) {
      return;
    }
    Instant periodEnd = user.autoEarnLastChanged.toInstant().plus(PAYOUT_PERIOD);
    for (; !periodEnd.isAfter(until); periodEnd = periodEnd.plus(PAYOUT_PERIOD)) {
      String reference = "auto-earn-" + periodEnd;
      String due = reference;
      if (user.movements.stream().anyMatch(m -> due.equals(m.reference()))) {
        continue;
      }
      for (EarnRate rate : RATES.values()) {
        BigDecimal balance = user.balance(rate.asset());
        if (balance.compareTo(rate.minimum()) < 0) {
          continue;
        }
        BigDecimal amount = balance.multiply(rate.paid()).multiply(BigDecimal.valueOf(PAYOUT_PERIOD.toDays()))
            .divide(BigDecimal.valueOf(36500), 8, RoundingMode.DOWN);
        if (amount.signum() == 0) {
          continue;
        }
        EmbedUser.Movement paid = user.move(reference + "-" + rate.asset(), periodEnd, "reward", rate.asset(), amount,
            reference);
        Map<String, Object> reward = new LinkedHashMap<>();
        reward.put("asset", rate.asset());
        reward.put("amount", paid.amount().toPlainString());
        reward.put("asset_class", "currency");
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("amount", reward); // the member the contract's WebhookEvent declares for reward.paid
        data.put("payout_period", PAYOUT_TEXT);
        data.put("paid_at", periodEnd.toString());
        state.publish(user.partner, "reward.paid", user.iiban, data);
      }
    }
  }

  private static void switchNow(EmbedUser user) {
    if (user.autoEarnEnabled != user.autoEarnWanted) {
      user.autoEarnEnabled = user.autoEarnWanted;
      user.autoEarnLastChanged = user.autoEarnWantedAt.truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC);
    }
    user.autoEarnWanted = null;
    user.autoEarnWantedAt = null;
  }

  /** Applies a wanted Auto-Earn status whose time has come. Caller holds the state's monitor. */
  private void settle(EmbedUser user) {
    payRewards(state, user);
  }

  // ---- for Sandbox ----

  boolean autoEarnEnabled(String iiban) {
    synchronized (state) {
      EmbedUser user = state.anyUser(iiban);
      settle(user);
      return user.autoEarnEnabled;
    }
  }
}
