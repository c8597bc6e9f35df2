package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;

import io.github.krakensdk.embed.model.AssetDetails;
import io.github.krakensdk.embed.model.AssetList;
import io.github.krakensdk.embed.model.AssetRateInterval;
import io.github.krakensdk.embed.model.AssetRates;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** The Embed assets part of the tour: the assets offered, one asset's details, its price history. */
final class EmbedAssetsTour {
  private EmbedAssetsTour() {}

  static void run(Tour tour) {
    tour.step("listAssets", () -> {
      AssetList list = tour.kraken.embed().listAssets(r -> r.quote("EUR"));
      check(list.assets().stream().anyMatch(a -> "BTC".equals(a.symbol())), "no BTC in " + list.assets());
      return list.assets().size() + " assets, largest first: "
          + list.assets().stream().map(AssetDetails::symbol).toList() + " (values in EUR)";
    });
    tour.step("getAsset", () -> {
      AssetDetails btc = tour.kraken.embed().getAsset(r -> r.asset("BTC"));
      check("Bitcoin".equals(btc.englishName()), "name " + btc.englishName());
      check(btc.marketCapValue().compareTo(btc.circulatingSupply().multiply(new BigDecimal("90000"))) > 0,
          "market cap " + btc.marketCapValue());
      return btc.symbol() + " " + btc.englishName() + ": market cap " + btc.marketCapValue() + " USD, 24 h "
          + btc.changePercent24h() + " %, all-time high " + btc.athValue() + " on " + btc.athDate();
    });
    tour.step("listAssetRates", () -> {
      OffsetDateTime end = OffsetDateTime.now(tour.sandbox.clock()).withOffsetSameInstant(ZoneOffset.UTC);
      AssetRates week = tour.kraken.embed().listAssetRates(r -> r.asset("BTC").interval(AssetRateInterval.P1_D)
          .startTime(end.minusDays(7)).endTime(end));
      check(week.rates().size() == 7, week.rates().size() + " daily rates in a week");
      for (int i = 1; i < week.rates().size(); i++) {
        check(week.rates().get(i).timestamp().isAfter(week.rates().get(i - 1).timestamp()), "not oldest first");
      }
      return "BTC/USD daily over a week: " + week.rates().size() + " rates from "
          + week.meta().pageOldestRate().price() + " to " + week.meta().pageNewestRate().price() + " ("
          + week.meta().pagePriceChangePercent() + " %)";
    });
  }
}
