package io.github.krakensdk;

import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.AssetInfo;
import io.github.krakensdk.spot.model.AssetPair;
import io.github.krakensdk.spot.model.GetAssetPairsRequest;
import io.github.krakensdk.spot.model.ListAssetsRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The names Spot assets and pairs go by, and the way from each to the others. The REST API names
 * an asset by an internal name ({@code XXBT}, {@code ZUSD}; the keys of balances and ledgers) and
 * an altname ({@code XBT}, {@code USD}), and a pair by an internal name ({@code XXBTZUSD}; the keys
 * of tickers, trades and fees), an altname ({@code XBTUSD}) and a WebSocket name ({@code
 * XBT/USD}). People, Kraken's website and its WebSocket v2 API say {@code BTC}, {@code USD} and
 * {@code BTC/USD}: the display names here.
 *
 * <pre>{@code
 * AssetNames names = AssetNames.load(kraken.spot());
 * String display = names.pair("XXBTZUSD").orElseThrow().displayName();   // "BTC/USD"
 * String internal = names.asset("BTC").orElseThrow().name();              // "XXBT"
 * Map<String, BigDecimal> balances = kraken.spot().getBalance();
 * balances.forEach((asset, amount) ->
 *     System.out.println(names.asset(asset).map(AssetNames.Asset::displayName).orElse(asset) + " " + amount));
 * }</pre>
 *
 * <p><b>Display names.</b> An asset's display name is its altname, but for the two legacy codes
 * the REST API keeps: {@code XBT} is {@code BTC} and {@code XDG} is {@code DOGE} (also in names
 * with a suffix: {@code XBT.M} is {@code BTC.M}). A pair's display name is its base's and quote's,
 * joined by {@code /} ({@code BTC/USD}), with the suffix of its altname if it has one ({@code
 * ETH/BTC.d}, a dark-pool pair). An asset missing from the Assets data is named from the pair's
 * WebSocket name. A name is looked up among every name: an internal name first, then an altname,
 * a WebSocket name, a display name; names are exact (case counts).
 *
 * <p>Built from the Assets and AssetPairs data, as the service answers them: {@link #load} asks
 * for both (two public calls; without parameters the service answers its {@code currency} assets
 * and their pairs); {@link #of} takes them as already fetched, such as from {@link
 * KrakenClient#assetPairs()}. Immutable and thread-safe.
 */
public final class AssetNames {
  /** The legacy asset codes of the REST API and the names everyone else uses. */
  private static final Map<String, String> DISPLAY = Map.of("XBT", "BTC", "XDG", "DOGE");

  /** An asset's names. Immutable; it may gain members in a minor release. */
  public static final class Asset {
    private final String name;
    private final String altname;
    private final String displayName;

    private Asset(Builder builder) {
      this.name = Objects.requireNonNull(builder.name, "name == null");
      this.altname = Objects.requireNonNull(builder.altname, "altname == null");
      this.displayName = Objects.requireNonNull(builder.displayName, "displayName == null");
    }

    /** A builder with nothing set; {@link Builder#build} needs name, altname, displayName. */
    public static Builder builder() {
      return new Builder();
    }

    /** A builder holding this asset's members. */
    public Builder toBuilder() {
      return new Builder(this);
    }

    /** The internal name, such as {@code XXBT}: the key of the Assets data. */
    public String name() {
      return name;
    }

    /** Such as {@code XBT}. */
    public String altname() {
      return altname;
    }

    /** Such as {@code BTC}. */
    public String displayName() {
      return displayName;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Asset that
          && name.equals(that.name)
          && altname.equals(that.altname)
          && displayName.equals(that.displayName);
    }

    @Override
    public int hashCode() {
      return Objects.hash(name, altname, displayName);
    }

    @Override
    public String toString() {
      return "Asset[name=" + name + ", altname=" + altname + ", displayName=" + displayName + "]";
    }

    /** Builds an {@link Asset}; setters are named as the members. */
    public static final class Builder {
      private String name;
      private String altname;
      private String displayName;

      private Builder() {}

      private Builder(Asset asset) {
        this.name = asset.name;
        this.altname = asset.altname;
        this.displayName = asset.displayName;
      }

      public Builder name(String name) {
        this.name = name;
        return this;
      }

      public Builder altname(String altname) {
        this.altname = altname;
        return this;
      }

      public Builder displayName(String displayName) {
        this.displayName = displayName;
        return this;
      }

      /** @throws NullPointerException naming the member, if name, altname or displayName is not set. */
      public Asset build() {
        return new Asset(this);
      }
    }
  }

  /** A pair's names, and its assets'. Immutable; it may gain members in a minor release. */
  public static final class Pair {
    private final String name;
    private final String altname;
    private final String wsname;
    private final String displayName;
    private final Asset base;
    private final Asset quote;

    private Pair(Builder builder) {
      this.name = Objects.requireNonNull(builder.name, "name == null");
      this.altname = Objects.requireNonNull(builder.altname, "altname == null");
      this.wsname = builder.wsname;
      this.displayName = Objects.requireNonNull(builder.displayName, "displayName == null");
      this.base = Objects.requireNonNull(builder.base, "base == null");
      this.quote = Objects.requireNonNull(builder.quote, "quote == null");
    }

    /** A builder with nothing set; {@link Builder#build} needs name, altname, displayName, base, quote. */
    public static Builder builder() {
      return new Builder();
    }

    /** A builder holding this pair's members. */
    public Builder toBuilder() {
      return new Builder(this);
    }

    /** The internal name, such as {@code XXBTZUSD}: the key of the AssetPairs data. */
    public String name() {
      return name;
    }

    /** Such as {@code XBTUSD}. */
    public String altname() {
      return altname;
    }

    /** Such as {@code XBT/USD}; null when the data has none (dark-pool pairs). */
    public String wsname() {
      return wsname;
    }

    /** Such as {@code BTC/USD}. */
    public String displayName() {
      return displayName;
    }

    /** The base asset's names. */
    public Asset base() {
      return base;
    }

    /** The quote asset's names. */
    public Asset quote() {
      return quote;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Pair that
          && name.equals(that.name)
          && altname.equals(that.altname)
          && Objects.equals(wsname, that.wsname)
          && displayName.equals(that.displayName)
          && base.equals(that.base)
          && quote.equals(that.quote);
    }

    @Override
    public int hashCode() {
      return Objects.hash(name, altname, wsname, displayName, base, quote);
    }

    @Override
    public String toString() {
      return "Pair[name=" + name + ", altname=" + altname + ", wsname=" + wsname + ", displayName=" + displayName
          + ", base=" + base + ", quote=" + quote + "]";
    }

    /** Builds a {@link Pair}; setters are named as the members. */
    public static final class Builder {
      private String name;
      private String altname;
      private String wsname;
      private String displayName;
      private Asset base;
      private Asset quote;

      private Builder() {}

      private Builder(Pair pair) {
        this.name = pair.name;
        this.altname = pair.altname;
        this.wsname = pair.wsname;
        this.displayName = pair.displayName;
        this.base = pair.base;
        this.quote = pair.quote;
      }

      public Builder name(String name) {
        this.name = name;
        return this;
      }

      public Builder altname(String altname) {
        this.altname = altname;
        return this;
      }

      public Builder wsname(String wsname) {
        this.wsname = wsname;
        return this;
      }

      public Builder displayName(String displayName) {
        this.displayName = displayName;
        return this;
      }

      public Builder base(Asset base) {
        this.base = base;
        return this;
      }

      public Builder quote(Asset quote) {
        this.quote = quote;
        return this;
      }

      /** @throws NullPointerException naming the member, if name, altname, displayName, base or quote is not set. */
      public Pair build() {
        return new Pair(this);
      }
    }
  }

  private final List<Asset> assets;
  private final List<Pair> pairs;
  private final Map<String, Asset> assetsByName;
  private final Map<String, Pair> pairsByName;

  private AssetNames(List<Asset> assets, List<Pair> pairs) {
    this.assets = List.copyOf(assets);
    this.pairs = List.copyOf(pairs);
    this.assetsByName = index(assets, Asset::displayName, Asset::altname, Asset::name);
    this.pairsByName = index(pairs, Pair::displayName, Pair::wsname, Pair::altname, Pair::name);
  }

  /**
   * Fetches the Assets and AssetPairs data from {@code spot}, usually {@code kraken.spot()} (public
   * calls, no key needed), and names them.
   *
   * @throws KrakenException of {@code getAssets} or {@code getAssetPairs}.
   */
  public static AssetNames load(SpotService spot) {
    Objects.requireNonNull(spot, "spot == null");
    Map<String, AssetInfo> assets = spot.listAssets(ListAssetsRequest.builder().build());
    Map<String, AssetPair> pairs = spot.getAssetPairs(GetAssetPairsRequest.builder().build());
    return of(assets, pairs);
  }

  /**
   * Names the assets and pairs of Assets and AssetPairs data already fetched (the results of
   * {@code getAssets} and {@code getAssetPairs}). Entries without an altname, and pairs without a
   * base or quote, are left out.
   */
  public static AssetNames of(Map<String, AssetInfo> assets, Map<String, AssetPair> pairs) {
    Objects.requireNonNull(assets, "assets == null");
    Objects.requireNonNull(pairs, "pairs == null");
    Map<String, Asset> byName = new HashMap<>();
    List<Asset> namedAssets = new ArrayList<>();
    assets.forEach((name, info) -> {
      if (name != null && info != null && info.altname() != null) {
        Asset asset = Asset.builder().name(name).altname(info.altname()).displayName(display(info.altname())).build();
        byName.put(name, asset);
        namedAssets.add(asset);
      }
    });
    List<Pair> namedPairs = new ArrayList<>();
    pairs.forEach((name, pair) -> {
      if (name == null || pair == null || pair.altname() == null || pair.base() == null || pair.quote() == null) {
        return;
      }
      String[] ws = pair.wsname() == null ? null : pair.wsname().split("/", 2);
      Asset base = asset(byName, pair.base(), ws == null || ws.length < 2 ? null : ws[0]);
      Asset quote = asset(byName, pair.quote(), ws == null || ws.length < 2 ? null : ws[1]);
      if (base == null || quote == null) {
        return; // neither the Assets data nor the pair's WebSocket name says what its assets are called
      }
      int dot = pair.altname().indexOf('.');
      String suffix = dot < 0 ? "" : pair.altname().substring(dot);
      namedPairs.add(Pair.builder().name(name).altname(pair.altname()).wsname(pair.wsname())
          .displayName(base.displayName() + "/" + quote.displayName() + suffix).base(base).quote(quote).build());
    });
    return new AssetNames(namedAssets, namedPairs);
  }

  /**
   * The asset named {@code name}: its internal name ({@code XXBT}), altname ({@code XBT}) or
   * display name ({@code BTC}); empty when there is none.
   */
  public Optional<Asset> asset(String name) {
    return Optional.ofNullable(assetsByName.get(Objects.requireNonNull(name, "name == null")));
  }

  /**
   * The pair named {@code name}: its internal name ({@code XXBTZUSD}), altname ({@code XBTUSD}),
   * WebSocket name ({@code XBT/USD}) or display name ({@code BTC/USD}); empty when there is none.
   */
  public Optional<Pair> pair(String name) {
    return Optional.ofNullable(pairsByName.get(Objects.requireNonNull(name, "name == null")));
  }

  /** Every asset of the Assets data, in its order. */
  public List<Asset> assets() {
    return assets;
  }

  /** Every pair of the AssetPairs data, in its order. */
  public List<Pair> pairs() {
    return pairs;
  }

  @Override
  public String toString() {
    return "AssetNames[" + assets.size() + " assets, " + pairs.size() + " pairs]";
  }

  /** The display name of an altname: the legacy codes replaced, a suffix ({@code .M}, {@code .HOLD}) kept. */
  static String display(String altname) {
    int dot = altname.indexOf('.');
    String code = dot < 0 ? altname : altname.substring(0, dot);
    return DISPLAY.getOrDefault(code, code) + (dot < 0 ? "" : altname.substring(dot));
  }

  /** A pair's asset: from the Assets data, else named by {@code wsPart} of the pair's WebSocket name. */
  private static Asset asset(Map<String, Asset> assets, String name, String wsPart) {
    Asset known = assets.get(name);
    if (known != null) {
      return known;
    }
    return wsPart == null || wsPart.isEmpty() ? null : Asset.builder().name(name).altname(wsPart)
        .displayName(display(wsPart)).build();
  }

  /**
   * Every name of every value, to the value; a later kind of name wins over an earlier one, so that
   * a name that is one value's own name finds that value rather than another's display name.
   */
  @SafeVarargs
  private static <T> Map<String, T> index(List<T> values, Function<T, String>... kinds) {
    Map<String, T> index = new HashMap<>();
    for (Function<T, String> kind : kinds) {
      for (T value : values) {
        String name = kind.apply(value);
        if (name != null) {
          index.put(name, value);
        }
      }
    }
    return Collections.unmodifiableMap(index);
  }
}
