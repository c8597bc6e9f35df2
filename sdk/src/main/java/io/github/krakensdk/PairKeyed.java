package io.github.krakensdk;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A Spot result keyed by pair (tickers, order books, OHLC data, trades, fees), read by any of the
 * pair's names. The service keys such results by the pair's internal name ({@code XXBTZUSD}) even
 * when asked by its altname, so {@code getTicker(r -> r.pair("XBTUSD")).get("XBTUSD")} is null;
 * with the pairs' names ({@link AssetNames}) this finds the entry by its internal name, altname
 * ({@code XBTUSD}), WebSocket name ({@code XBT/USD}) or display name ({@code BTC/USD}):
 *
 * <pre>{@code
 * AssetNames names = AssetNames.load(kraken.spot());   // once; the names rarely change
 * PairKeyed<TickerInfo> tickers = PairKeyed.of(kraken.spot().getTicker(r -> r.pair("XBTUSD,ETHUSD")), names);
 * BigDecimal last = tickers.get("BTC/USD").orElseThrow().lastTrade().price();
 *
 * // A call for one pair has one entry, whatever its key:
 * TickerInfo bitcoin = PairKeyed.of(kraken.spot().getTicker(r -> r.pair("XBTUSD"))).only();
 * }</pre>
 *
 * <p>Immutable: the entries are copied, in the result's order. Thread-safe.
 *
 * @param <T> the entry of each pair, such as {@code TickerInfo}
 */
public final class PairKeyed<T> {
  private final Map<String, T> entries;
  private final AssetNames names;

  private PairKeyed(Map<String, T> entries, AssetNames names) {
    this.entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    this.names = names;
  }

  /** {@code result} read by any of its pairs' names, as {@code names} knows them. */
  public static <T> PairKeyed<T> of(Map<String, T> result, AssetNames names) {
    return new PairKeyed<>(Objects.requireNonNull(result, "result == null"),
        Objects.requireNonNull(names, "names == null"));
  }

  /** {@code result} read by its keys only; {@link #only()} needs nothing else. */
  public static <T> PairKeyed<T> of(Map<String, T> result) {
    return new PairKeyed<>(Objects.requireNonNull(result, "result == null"), null);
  }

  /**
   * The entry of the pair named {@code name}: the result's own key, or (given the names) the
   * pair's internal name, altname, WebSocket name or display name; empty when the result has no
   * entry for that pair.
   */
  public Optional<T> get(String name) {
    Objects.requireNonNull(name, "name == null");
    T exact = entries.get(name);
    if (exact != null || names == null) {
      return Optional.ofNullable(exact);
    }
    return names.pair(name).map(pair -> {
      for (String key : new String[] {pair.name(), pair.altname(), pair.wsname(), pair.displayName()}) {
        T entry = key == null ? null : entries.get(key);
        if (entry != null) {
          return entry;
        }
      }
      return null;
    });
  }

  /**
   * The result's one entry, for a call that asked for one pair.
   *
   * @throws IllegalStateException naming the keys when the result has none or several.
   */
  public T only() {
    if (entries.size() != 1) {
      throw new IllegalStateException("expected the entry of one pair, the result has " + entries.size()
          + (entries.isEmpty() ? "" : ": " + entries.keySet()));
    }
    return entries.values().iterator().next();
  }

  /** The entries by the result's own keys, in its order. */
  public Map<String, T> asMap() {
    return entries;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PairKeyed<?> that && entries.equals(that.entries) && Objects.equals(names, that.names);
  }

  @Override
  public int hashCode() {
    return entries.hashCode();
  }

  @Override
  public String toString() {
    return "PairKeyed" + entries.keySet();
  }
}
