package io.github.krakensdk.sandbox;

import io.github.krakensdk.embed.model.AutoEarnStatus;
import io.github.krakensdk.embed.model.AutoEarnStatusResponse;
import io.github.krakensdk.embed.model.EmptyResult;
import io.github.krakensdk.embed.model.NativeConvertedAmount;
import io.github.krakensdk.embed.model.SetAutoEarnResponse;
import io.github.krakensdk.embed.model.UpcomingReward;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

/**
 * An Embed user's Earn ({@code /b2b/earn/...}). Auto-Earn: the PUT records the wanted status,
 * which takes effect {@link Settings#autoEarnSwitchDelay()} later on the sandbox clock; the GET
 * reads the status in effect.
 */
final class EmbedEarn {
  private final EmbedState state;

  EmbedEarn(EmbedState state) {
    this.state = state;
  }

  void routes(EmbedFamily family) {
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
    List<UpcomingReward> rewards = enabled ? List.of(new UpcomingReward(
        state.now().truncatedTo(ChronoUnit.DAYS).plusDays(7), "ETH",
        new NativeConvertedAmount(new BigDecimal("0.00041250"), new BigDecimal("0.74").multiply(rate).setScale(2,
            RoundingMode.HALF_EVEN)),
        new NativeConvertedAmount(new BigDecimal("0.00000001"), new BigDecimal("0.00")))) : List.of();
    AutoEarnStatus status = new AutoEarnStatus(true, enabled, "P7D",
        (enabled ? new BigDecimal("18250.42") : new BigDecimal("0.00")).multiply(rate).setScale(2,
            RoundingMode.HALF_EVEN),
        new BigDecimal("0.00"), new BigDecimal("0.00"), enabled ? 2 : 0, rewards, lastChanged);
    return EmbedFamily.ok(new AutoEarnStatusResponse(status));
  }

  private Reply setAutoEarn(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    boolean wanted = Boolean.parseBoolean(call.query("want_enabled"));
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
    return EmbedFamily.ok(new SetAutoEarnResponse(new EmptyResult()));
  }

  /** Applies a wanted Auto-Earn status whose time has come. Caller holds the state's monitor. */
  private void settle(EmbedUser user) {
    if (user.autoEarnWanted != null && !state.instant().isBefore(user.autoEarnWantedAt)) {
      if (user.autoEarnEnabled != user.autoEarnWanted) {
        user.autoEarnEnabled = user.autoEarnWanted;
        user.autoEarnLastChanged = user.autoEarnWantedAt.truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC);
      }
      user.autoEarnWanted = null;
      user.autoEarnWantedAt = null;
    }
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
