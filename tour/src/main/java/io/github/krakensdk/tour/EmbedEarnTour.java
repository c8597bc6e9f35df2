package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;

import io.github.krakensdk.embed.model.AutoEarnStatus;
import io.github.krakensdk.embed.model.EarnAsset;
import io.github.krakensdk.embed.model.EarnAssets;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;

/** The Embed user's Earn: Auto-Earn switched on (asynchronously), then the assets it earns on. */
final class EmbedEarnTour {
  private EmbedEarnTour() {}

  static void run(Tour tour) {
    String user = EmbedPortfolioTour.user(tour);
    tour.step("setAutoEarn", () -> {
      check(!tour.sandbox.embed().autoEarnEnabled(user), "Auto-Earn was already on");
      tour.kraken.embed().setAutoEarn(r -> r.user(user).wantEnabled(true));
      return "want_enabled=true for " + user + " accepted ({}), the switch is asynchronous";
    });
    tour.step("getAutoEarnStatus", () -> {
      AutoEarnStatus status = tour.kraken.embed().getAutoEarnStatus(r -> r.user(user));
      boolean sawOff = Boolean.FALSE.equals(status.autoEarnEnabled());
      int polls = 1;
      Instant deadline = Instant.now().plus(Tour.POLL_LIMIT);
      while (!Boolean.TRUE.equals(status.autoEarnEnabled()) && Instant.now().isBefore(deadline)) {
        Thread.sleep(50);
        status = tour.kraken.embed().getAutoEarnStatus(r -> r.user(user));
        polls++;
      }
      check(Boolean.TRUE.equals(status.autoEarnEnabled()), "still off after " + polls + " polls");
      return (sawOff ? "off, then " : "") + "on after " + polls + " polls (changed " + status.autoEarnLastChanged() + ")";
    });
    tour.step("listEarnAssets", () -> {
      EarnAssets assets = tour.kraken.embed().listEarnAssets(r -> r.user(user).currency("USD"));
      check(!assets.assets().isEmpty(), "no assets");
      StringBuilder shown = new StringBuilder();
      for (Map.Entry<String, EarnAsset> entry : assets.assets().entrySet()) {
        EarnAsset asset = entry.getValue();
        BigDecimal held = tour.sandbox.embed().balances(user).getOrDefault(entry.getKey(), BigDecimal.ZERO);
        BigDecimal expected = held.compareTo(asset.minAllocation()) >= 0 ? held : BigDecimal.ZERO;
        check(asset.allocated()._native().compareTo(expected) == 0,
            entry.getKey() + " allocated " + asset.allocated()._native() + ", held " + held);
        shown.append(shown.length() == 0 ? "" : ", ").append(entry.getKey()).append(' ')
            .append(asset.aprEstimate().low()).append('-').append(asset.aprEstimate().high()).append("% (earning ")
            .append(asset.allocated()._native().toPlainString()).append(')');
      }
      return shown + ", paid every " + assets.assets().values().iterator().next().payoutPeriod();
    });
  }
}
