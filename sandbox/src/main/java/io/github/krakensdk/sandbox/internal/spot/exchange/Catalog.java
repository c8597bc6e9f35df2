package io.github.krakensdk.sandbox.internal.spot.exchange;

import io.github.krakensdk.sandbox.internal.spot.SpotFamily;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The sandbox's assets and pairs with the service's naming rules: every asset has an internal
 * name ({@code XXBT}, {@code ZUSD}), a display name ({@code BTC}, {@code USD}, what
 * {@code assetVersion=1} shows) and an altname ({@code XBT}); every pair has an internal name
 * ({@code XXBTZUSD}), an altname ({@code XBTUSD}), a WebSocket name ({@code XBT/USD}) and a display
 * name ({@code BTC/USD}). {@link #pair(String)} and {@link #asset(String)} accept any of them, as the
 * service does.
 *
 * <pre>{@code
 * Catalog catalog = Catalog.standard();
 * Catalog.Pair pair = catalog.pair("BTC/USD").orElseThrow(); // XXBTZUSD
 * pair.pairDecimals(); // 1: a price of 90500.05 is refused
 * }</pre>
 *
 * Immutable.
 */
public final class Catalog {
  /** An asset. {@code collateral} and {@code status} are null on older assets, as the service leaves them out. */
  public record Asset(String name, String display, String altname, String aclass, int decimals,
      int displayDecimals, BigDecimal collateral, String status, BigDecimal usdValue) {
    public Asset {
      requireNonNull(name, "name == null");
      requireNonNull(display, "display == null");
      requireNonNull(altname, "altname == null");
      requireNonNull(aclass, "aclass == null");
      requireNonNull(usdValue, "usdValue == null");
    }
  }

  /** One step of a fee schedule: from {@code volume} (30-day USD volume) on, {@code percent} per trade. */
  public record FeeTier(long volume, BigDecimal percent) {
    public FeeTier {
      requireNonNull(percent, "percent == null");
    }
  }

  /**
   * A tradable pair. {@code feesMaker} is empty for pairs with one fee for both sides (stablecoin and
   * xStocks pairs), which TradeVolume then lists in {@code fees} only.
   */
  public record Pair(String name, String altname, String wsname, Asset base, Asset quote, int pairDecimals,
      int lotDecimals, int costDecimals, BigDecimal tickSize, BigDecimal orderMin, BigDecimal costMin,
      List<FeeTier> fees, List<FeeTier> feesMaker, String status) {
    public Pair {
      requireNonNull(name, "name == null");
      requireNonNull(altname, "altname == null");
      requireNonNull(wsname, "wsname == null");
      requireNonNull(base, "base == null");
      requireNonNull(quote, "quote == null");
      fees = List.copyOf(fees);
      feesMaker = List.copyOf(feesMaker);
      requireNonNull(status, "status == null");
    }

    /** {@code BTC/USD}: the display name, used by the newer endpoints (GroupedBook, Level3, transparency). */
    public String display() {
      return base.display() + "/" + quote.display();
    }

    public boolean makerTaker() {
      return !feesMaker.isEmpty();
    }

    /** The taker fee, in percent, at a 30-day volume. */
    public BigDecimal takerFee(BigDecimal volume) {
      return tier(fees, volume).percent();
    }

    /** The maker fee, in percent, at a 30-day volume (the one fee on flat pairs). */
    public BigDecimal makerFee(BigDecimal volume) {
      return tier(makerTaker() ? feesMaker : fees, volume).percent();
    }

    boolean tokenized() {
      return base.aclass().equals("tokenized_asset");
    }
  }

  private static final List<FeeTier> TAKER = tiers("0:0.40", "10000:0.35", "50000:0.24", "100000:0.22",
      "250000:0.20", "500000:0.18", "1000000:0.16", "2500000:0.14", "5000000:0.12", "10000000:0.10");
  private static final List<FeeTier> MAKER = tiers("0:0.25", "10000:0.20", "50000:0.14", "100000:0.12",
      "250000:0.10", "500000:0.08", "1000000:0.06", "2500000:0.04", "5000000:0.02", "10000000:0.00");
  private static final List<FeeTier> FLAT = tiers("0:0.20", "50000:0.16", "100000:0.12", "500000:0.08",
      "1000000:0.04", "10000000:0.02");

  private final Map<String, Asset> assets;
  private final Map<String, Pair> pairs;

  private Catalog(List<Asset> assets, List<Pair> pairs) {
    this.assets = new LinkedHashMap<>();
    for (Asset asset : assets) {
      this.assets.put(asset.name(), asset);
    }
    this.pairs = new LinkedHashMap<>();
    for (Pair pair : pairs) {
      this.pairs.put(pair.name(), pair);
    }
  }

  /**
   * The sandbox's markets: the assets SpotFamily serves (with the same names, decimals, collateral
   * values and statuses) and seven pairs with their precisions and minimums as the service
   * publishes them, on the fee schedules of the demo account's tier tables.
   */
  public static Catalog standard() {
    Asset xbt = new Asset("XXBT", "BTC", "XBT", "currency", 10, 5, dec("1.0"), "enabled", dec("90500"));
    Asset eth = new Asset("XETH", "ETH", "ETH", "currency", 10, 5, dec("1.0"), "enabled", dec("3120"));
    Asset usd = new Asset("ZUSD", "USD", "USD", "currency", 4, 2, dec("1.0"), "enabled", dec("1"));
    Asset eur = new Asset("ZEUR", "EUR", "EUR", "currency", 4, 2, dec("1.0"), "enabled", dec("1.1632"));
    Asset sol = new Asset("SOL", "SOL", "SOL", "currency", 10, 5, dec("0.85"), "enabled", dec("136.5"));
    Asset usdc = new Asset("USDC", "USDC", "USDC", "currency", 8, 4, dec("1.0"), "enabled", dec("0.9999"));
    Asset mln = new Asset("XMLN", "MLN", "MLN", "currency", 10, 5, null, null, dec("7.45"));
    Asset jpy = new Asset("ZJPY", "JPY", "JPY", "currency", 2, 0, null, "deposit_only", dec("0.0066"));
    Asset aapl = new Asset("AAPLx", "AAPLx", "AAPLx", "tokenized_asset", 8, 4, null, "enabled", dec("262.4"));
    Asset nvda = new Asset("NVDAx", "NVDAx", "NVDAx", "tokenized_asset", 8, 4, null, "funding_temporarily_disabled",
        dec("181.2"));
    Asset tsla = new Asset("TSLAx", "TSLAx", "TSLAx", "tokenized_asset", 8, 4, null, "withdrawal_only",
        dec("421.7"));
    List<Asset> assets = List.of(xbt, eth, usd, eur, sol, usdc, mln, jpy, aapl, nvda, tsla);
    List<Pair> pairs = List.of(
        new Pair("XXBTZUSD", "XBTUSD", "XBT/USD", xbt, usd, 1, 8, 5, dec("0.1"), dec("0.00005"), dec("0.5"),
            TAKER, MAKER, "online"),
        new Pair("XXBTZEUR", "XBTEUR", "XBT/EUR", xbt, eur, 1, 8, 5, dec("0.1"), dec("0.00005"), dec("0.45"),
            TAKER, MAKER, "online"),
        new Pair("XETHZUSD", "ETHUSD", "ETH/USD", eth, usd, 2, 8, 5, dec("0.01"), dec("0.002"), dec("0.5"),
            TAKER, MAKER, "online"),
        new Pair("SOLUSD", "SOLUSD", "SOL/USD", sol, usd, 2, 8, 5, dec("0.01"), dec("0.02"), dec("0.5"),
            TAKER, MAKER, "online"),
        new Pair("SOLEUR", "SOLEUR", "SOL/EUR", sol, eur, 2, 8, 5, dec("0.01"), dec("0.02"), dec("0.45"),
            TAKER, MAKER, "online"),
        new Pair("USDCUSD", "USDCUSD", "USDC/USD", usdc, usd, 4, 8, 5, dec("0.0001"), dec("5"), dec("0.5"),
            FLAT, List.of(), "online"),
        new Pair("AAPLxUSD", "AAPLxUSD", "AAPLx/USD", aapl, usd, 2, 8, 5, dec("0.01"), dec("0.01"), dec("1"),
            FLAT, List.of(), "online"));
    return new Catalog(assets, pairs);
  }

  public List<Asset> assets() {
    return List.copyOf(assets.values());
  }

  public List<Pair> pairs() {
    return List.copyOf(pairs.values());
  }

  /** An asset by its internal name, display name or altname ({@code XXBT}, {@code BTC}, {@code XBT}). */
  public Optional<Asset> asset(String name) {
    requireNonNull(name, "name == null");
    Asset exact = assets.get(name);
    if (exact != null) {
      return Optional.of(exact);
    }
    for (Asset asset : assets.values()) {
      if (asset.display().equals(name) || asset.altname().equals(name)) {
        return Optional.of(asset);
      }
    }
    return Optional.empty();
  }

  /**
   * A pair by any name a client uses: internal ({@code XXBTZUSD}), altname ({@code XBTUSD}),
   * WebSocket name ({@code XBT/USD}), display name ({@code BTC/USD}) or display name without the
   * slash ({@code BTCUSD}).
   */
  public Optional<Pair> pair(String name) {
    requireNonNull(name, "name == null");
    Pair exact = pairs.get(name);
    if (exact != null) {
      return Optional.of(exact);
    }
    for (Pair pair : pairs.values()) {
      String display = pair.display();
      if (pair.altname().equals(name) || pair.wsname().equals(name) || display.equals(name)
          || display.replace("/", "").equals(name)) {
        return Optional.of(pair);
      }
    }
    return Optional.empty();
  }

  /** The pair trading {@code base} against {@code quote}, if the sandbox lists one. */
  Optional<Pair> pair(Asset base, Asset quote) {
    for (Pair pair : pairs.values()) {
      if (pair.base().equals(base) && pair.quote().equals(quote)) {
        return Optional.of(pair);
      }
    }
    return Optional.empty();
  }

  Pair requirePair(String name) {
    if (name == null) {
      throw ExchangeError.invalid("pair");
    }
    return pair(name.trim()).orElseThrow(() -> new ExchangeError(Errors.UNKNOWN_PAIR));
  }

  Asset requireAsset(String name) {
    return asset(name.trim()).orElseThrow(() -> new ExchangeError(Errors.UNKNOWN_ASSET));
  }

  static FeeTier tier(List<FeeTier> schedule, BigDecimal volume) {
    FeeTier current = schedule.get(0);
    for (FeeTier tier : schedule) {
      if (volume.compareTo(BigDecimal.valueOf(tier.volume())) >= 0) {
        current = tier;
      }
    }
    return current;
  }

  /** The tier after the one {@code volume} is in, or null at the last. */
  static FeeTier next(List<FeeTier> schedule, BigDecimal volume) {
    for (FeeTier tier : schedule) {
      if (volume.compareTo(BigDecimal.valueOf(tier.volume())) < 0) {
        return tier;
      }
    }
    return null;
  }

  private static List<FeeTier> tiers(String... tiers) {
    List<FeeTier> list = new ArrayList<>();
    for (String tier : tiers) {
      String[] parts = tier.split(":");
      list.add(new FeeTier(Long.parseLong(parts[0]), new BigDecimal(parts[1])));
    }
    return List.copyOf(list);
  }

  private static BigDecimal dec(String text) {
    return new BigDecimal(text);
  }
}
