package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Reply;

import io.github.krakensdk.embed.model.AssetDetails;
import io.github.krakensdk.embed.internal.model.AssetDetailsResponse;
import io.github.krakensdk.embed.model.AssetLink;
import io.github.krakensdk.embed.model.AssetLinks;
import io.github.krakensdk.embed.model.AssetList;
import io.github.krakensdk.embed.internal.model.AssetListResponse;
import io.github.krakensdk.embed.model.AssetLogo;
import io.github.krakensdk.embed.model.AssetRate;
import io.github.krakensdk.embed.model.AssetRates;
import io.github.krakensdk.embed.model.AssetRatesMeta;
import io.github.krakensdk.embed.internal.model.AssetRatesResponse;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Embed assets ({@code /b2b/assets}): the sandbox's priced assets with their market details, and
 * a price history derived from the sandbox's current price.
 *
 * <p>The history is deterministic: the rate of the period {@code n} intervals before the newest
 * one is the current price times {@code 1 + 0.02 sin(n / 3)} (so the newest rate is the current
 * price, and the same clock and price always give the same rates); periods start at multiples of
 * the interval since the Unix epoch. The 24-hour change of an asset is read from the same curve
 * with one-hour periods.
 */
public final class EmbedAssets {
  static final String UNKNOWN_BASE_ASSET = "ENexus:Unknown base asset";
  static final String UNKNOWN_QUOTE_ASSET = "ENexus:Unknown quote asset";
  /** Most rates one answer holds. */
  static final int MAX_RATES = 1000;
  /** Rates in the default window. */
  public static final int DEFAULT_RATES = 30;

  /** What the sandbox knows of an asset besides its price. */
  private record Profile(String name, String description, String circulating, String max, String athUsd,
      String athDate) {}

  private static final Map<String, Profile> PROFILES = Map.of(
      "BTC", new Profile("Bitcoin", "The first decentralised digital currency.", "19845123.00000000",
          "21000000.00000000", "108268.00", "2025-01-20"),
      "ETH", new Profile("Ethereum", "The currency of the Ethereum smart-contract network.", "120512377.00000000",
          null, "4891.70", "2021-11-16"),
      "SOL", new Profile("Solana", "The currency of the Solana network.", "512345678.00000000", null, "294.33",
          "2025-01-19"),
      "USDC", new Profile("USD Coin", "A stablecoin redeemable one to one for US dollars.", "60112345678.00",
          null, "1.17", "2019-05-08"),
      "USD", new Profile("US Dollar", "The currency of the United States.", null, null, null, null),
      "EUR", new Profile("Euro", "The currency of the euro area.", null, null, null, null));

  private final EmbedState state;

  EmbedAssets(EmbedState state) {
    this.state = state;
  }

  void routes(EmbedFamily family) {
    family.route("GET", "/b2b/assets", "listAssets", true, this::listAssets);
    family.route("GET", "/b2b/assets/{asset}/rates", "listAssetRates", true, this::listAssetRates);
    family.route("GET", "/b2b/assets/{asset}", "getAsset", true, this::getAsset);
  }

  private Reply listAssets(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    String quote = orDefault(call.query("quote"), "USD");
    if (state.usdPrice(quote) == null) {
      return EmbedFamily.error(400, UNKNOWN_QUOTE_ASSET);
    }
    List<AssetDetails> assets = new ArrayList<>();
    for (String asset : state.pricedAssets()) {
      assets.add(details(asset, quote));
    }
    // By market capitalisation, largest first; assets without one (currencies) last.
    assets.sort((a, b) -> {
      BigDecimal x = a.marketCapValue() == null ? BigDecimal.ZERO : a.marketCapValue();
      BigDecimal y = b.marketCapValue() == null ? BigDecimal.ZERO : b.marketCapValue();
      return y.compareTo(x);
    });
    return EmbedFamily.ok(AssetListResponse.builder().result(AssetList.builder().assets(assets).build()).build());
  }

  private Reply getAsset(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    String asset = path.get("asset");
    String quote = orDefault(call.query("quote"), "USD");
    if (state.usdPrice(asset) == null) {
      return EmbedFamily.error(400, UNKNOWN_BASE_ASSET);
    }
    if (state.usdPrice(quote) == null) {
      return EmbedFamily.error(400, UNKNOWN_QUOTE_ASSET);
    }
    return EmbedFamily.ok(AssetDetailsResponse.builder().result(details(asset, quote)).build());
  }

  private Reply listAssetRates(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    String asset = path.get("asset");
    String quote = orDefault(call.query("quote"), "USD");
    if (state.usdPrice(asset) == null) {
      return EmbedFamily.error(400, UNKNOWN_BASE_ASSET);
    }
    if (state.usdPrice(quote) == null) {
      return EmbedFamily.error(400, UNKNOWN_QUOTE_ASSET);
    }
    Duration interval = Duration.parse(orDefault(call.query("interval"), "P1D"));
    Instant now = state.instant();
    Instant end;
    Instant start;
    try {
      end = call.query("end_time") == null ? now : OffsetDateTime.parse(call.query("end_time")).toInstant();
    } catch (DateTimeParseException e) {
      return EmbedFamily.error(400, "ENexus:Invalid end time");
    }
    if (end.isAfter(now)) {
      return EmbedFamily.error(400, "ENexus:Invalid end time");
    }
    try {
      // By default the period holding end_time and the DEFAULT_RATES - 1 before it.
      start = call.query("start_time") == null
          ? Instant.ofEpochSecond(Math.floorDiv(end.getEpochSecond(), interval.toSeconds()) * interval.toSeconds())
              .minus(interval.multipliedBy(DEFAULT_RATES - 1))
          : OffsetDateTime.parse(call.query("start_time")).toInstant();
    } catch (DateTimeParseException e) {
      return EmbedFamily.error(400, "ENexus:Invalid start time");
    }
    if (start.isAfter(end)) {
      return EmbedFamily.error(400, "ENexus:Invalid start time");
    }
    List<AssetRate> rates = rates(asset, quote, interval, start, end);
    if (rates == null) {
      return EmbedFamily.error(400, "ENexus:Interval is too large");
    }
    AssetRatesMeta meta = null;
    if (!rates.isEmpty()) {
      AssetRate oldest = rates.get(0);
      AssetRate newest = rates.get(rates.size() - 1);
      BigDecimal change = newest.price().subtract(oldest.price());
      meta = AssetRatesMeta.builder().pageOldestRate(oldest).pageNewestRate(newest).pagePriceChangeValue(change)
          .pagePriceChangePercent(change.multiply(BigDecimal.valueOf(100))
              .divide(oldest.price(), 2, RoundingMode.HALF_EVEN))
          .build();
    }
    return EmbedFamily.ok(AssetRatesResponse.builder()
        .result(AssetRates.builder().rates(rates).meta(meta).build())
        .build());
  }

  /**
   * The rates of {@code asset} in {@code quote}, one per period of {@code interval} starting in
   * [{@code start}, {@code end}], oldest first; null when there would be more than {@link #MAX_RATES}.
   */
  List<AssetRate> rates(String asset, String quote, Duration interval, Instant start, Instant end) {
    long step = interval.toSeconds();
    long newest = Math.floorDiv(state.instant().getEpochSecond(), step);
    long first = Math.floorDiv(start.getEpochSecond() + step - 1, step);
    long last = Math.floorDiv(end.getEpochSecond(), step);
    if (last - first + 1 > MAX_RATES) {
      return null;
    }
    BigDecimal price = state.price(asset, quote);
    int scale = EmbedQuotes.decimals(quote);
    List<AssetRate> rates = new ArrayList<>();
    for (long period = first; period <= last; period++) {
      rates.add(AssetRate.builder()
          .timestamp(OffsetDateTime.ofInstant(Instant.ofEpochSecond(period * step), ZoneOffset.UTC))
          .price(historical(price, newest - period).setScale(scale, RoundingMode.HALF_EVEN))
          .build());
    }
    return rates;
  }

  /** The price {@code n} periods before the newest one, on the sandbox's curve. */
  public static BigDecimal historical(BigDecimal current, long n) {
    BigDecimal factor = BigDecimal.ONE.add(BigDecimal.valueOf(0.02 * StrictMath.sin(n / 3.0))
        .round(new MathContext(8)));
    return current.multiply(factor);
  }

  private AssetDetails details(String asset, String quote) {
    Profile profile = PROFILES.getOrDefault(asset, new Profile(asset, null, null, null, null, null));
    BigDecimal price = state.price(asset, quote);
    int scale = EmbedQuotes.decimals(quote);
    BigDecimal dayAgo = historical(price, 24);
    AssetDetails.Builder details = AssetDetails.builder()
        .symbol(asset)
        .englishName(profile.name())
        .links(AssetLinks.builder()
            .self(AssetLink.builder().href("/b2b/assets/" + asset).type("application/json").build())
            .logo(AssetLogo.builder().width(64).height(64).href("https://assets.kraken.com/logos/"
                + asset.toLowerCase(java.util.Locale.ROOT) + ".svg").type("image/svg+xml").build())
            .build())
        .description(profile.description())
        .changeValue24h(price.subtract(dayAgo).setScale(scale, RoundingMode.HALF_EVEN))
        .changePercent24h(price.subtract(dayAgo).multiply(BigDecimal.valueOf(100))
            .divide(dayAgo, 2, RoundingMode.HALF_EVEN));
    if (profile.circulating() != null) {
      BigDecimal circulating = new BigDecimal(profile.circulating());
      details.circulatingSupply(circulating).totalSupply(circulating)
          .marketCapValue(circulating.multiply(price).setScale(scale, RoundingMode.HALF_EVEN))
          .volumeValue24h(circulating.multiply(price).movePointLeft(2).setScale(scale, RoundingMode.HALF_EVEN));
    }
    if (profile.max() != null) {
      details.maxSupply(new BigDecimal(profile.max()));
    }
    if (profile.athUsd() != null) {
      details.athValue(new BigDecimal(profile.athUsd()).divide(state.usdPrice(quote), MathContext.DECIMAL64)
          .setScale(scale, RoundingMode.HALF_EVEN)).athDate(LocalDate.parse(profile.athDate()));
    }
    return details.build();
  }

  private static String orDefault(String value, String fallback) {
    return value == null ? fallback : value;
  }
}
