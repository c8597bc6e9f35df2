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

  /**
   * An asset's names.
   *
   * @param name the internal name, such as {@code XXBT}: the key of the Assets data.
   * @param altname such as {@code XBT}.
   * @param displayName such as {@code BTC}.
   */
  public record Asset(String name, String altname, String displayName) {
    public Asset {
      Objects.requireNonNull(name, "name == null");
      Objects.requireNonNull(altname, "altname == null");
      Objects.requireNonNull(displayName, "displayName == null");
    }
  }

  /**
   * A pair's names, and its assets'.
   *
   * @param name the internal name, such as {@code XXBTZUSD}: the key of the AssetPairs data.
   * @param altname such as {@code XBTUSD}.
   * @param wsname such as {@code XBT/USD}; null when the data has none (dark-pool pairs).
   * @param displayName such as {@code BTC/USD}.
   * @param base the base asset's names.
   * @param quote the quote asset's names.
   */
  public record Pair(String name, String altname, String wsname, String displayName, Asset base, Asset quote) {
    public Pair {
      Objects.requireNonNull(name, "name == null");
      Objects.requireNonNull(altname, "altname == null");
      Objects.requireNonNull(displayName, "displayName == null");
      Objects.requireNonNull(base, "base == null");
      Objects.requireNonNull(quote, "quote == null");
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
        Asset asset = new Asset(name, info.altname(), display(info.altname()));
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
      namedPairs.add(new Pair(name, pair.altname(), pair.wsname(),
          base.displayName() + "/" + quote.displayName() + suffix, base, quote));
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
    return wsPart == null || wsPart.isEmpty() ? null : new Asset(name, wsPart, display(wsPart));
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
