package io.github.krakensdk;

import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.runtime.call.TimeSource;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.AssetPair;
import io.github.krakensdk.spot.model.GetAssetPairsRequest;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The Spot pairs and their trading limits (the result of {@code getAssetPairs}), kept in memory
 * and refreshed when older than a maximum age. A client built with {@link
 * KrakenClient.Builder#assetPairsCache(Duration)} holds one ({@link KrakenClient#assetPairs()})
 * and checks every order against it before sending it:
 *
 * <pre>{@code
 * KrakenClient kraken = KrakenClient.builder()
 *     .spotCredentials(new ApiCredentials(spotKey, spotSecret))
 *     .assetPairsCache(Duration.ofMinutes(30))
 *     .build();
 * AssetPair bitcoin = kraken.assetPairs().pair("XBTUSD").orElseThrow();
 * int priceDecimals = bitcoin.pairDecimals();
 * }</pre>
 *
 * <p><b>When it calls the service.</b> Never when built. The first use loads the pairs and waits
 * for them (one public call). After that, a use finding the data older than {@link #maxAge()}
 * starts a refresh in the background and goes on with the data at hand, so no caller waits for a
 * refresh; a client that does not use the cache sends nothing. A refresh that fails keeps the
 * data it had, and the next one is tried {@code maxAge} after the failed one started. Age is
 * measured on the client's {@link TimeSource}. {@link #refresh()} loads now, waiting.
 *
 * <p><b>What orders are checked for.</b> {@code addOrder}, {@code addOrderBatch} and {@code
 * editOrder}: each absolute price ({@code price}, {@code price2}, the conditional close's prices)
 * within the pair's {@code pair_decimals} and a multiple of its {@code tick_size} when the pair
 * gives one; {@code volume} and {@code displayvol} within {@code
 * lot_decimals}; {@code volume} at least {@code ordermin} (a volume of 0, which closes a margin
 * position, excepted); for a limit or iceberg order, price times volume at least {@code costmin}
 * (other types have no limit price to reckon the cost with, and an edit does not say its type).
 * With the {@code viqc} flag the volume is in the quote currency and is held to {@code costmin}
 * alone. {@code amendOrder}: the absolute {@code limit_price} and {@code trigger_price} within
 * {@code pair_decimals} and on the {@code tick_size} grid, {@code order_qty} and {@code
 * display_qty} within {@code lot_decimals}. An
 * amend names no pair unless it is given ({@code pair}); otherwise the pair is the one this client
 * placed the order on (found by the {@code txid} the service answered, or the {@code cl_ord_id} the
 * order was placed with; the client remembers its last 10,000 orders), and an order placed
 * elsewhere is not checked. Amends are not held to the minimums: the service accepts a quantity
 * below what the order already filled (the order is reduced to its filled part), so a small
 * {@code order_qty} is not wrong by itself. Relative prices ({@code +}, {@code -} or {@code #} in
 * front, {@code %} behind) are offsets the service turns into a price: they are not checked. An
 * order on a pair the data does not have, or sent when there is no data at all (the first load
 * failed), goes unchecked: the service still checks it.
 *
 * <p>Pairs are found by their name ({@code XXBTZUSD}), their altname ({@code XBTUSD}) or their
 * WebSocket name ({@code XBT/USD}). The data is the service's default answer: its currency pairs
 * (tokenized assets have pairs of their own, which it leaves out). Thread-safe.
 */
public final class AssetPairsCache {
  private final SpotService spot;
  private final Duration maxAge;
  private final TimeSource time;
  private final Object loading = new Object();
  private final AtomicBoolean refreshing = new AtomicBoolean();
  private volatile Snapshot snapshot;
  /** Whether a load or refresh was ever started. */
  private volatile boolean attempted;
  /** When the last load or refresh started, on {@link #time}. */
  private volatile long lastAttempt;

  /**
   * A cache of {@code spot}'s pairs, refreshed when older than {@code maxAge} as measured on
   * {@code time}. {@link KrakenClient} makes one for its own Spot service; make one directly to
   * read pairs without the order checks.
   */
  public AssetPairsCache(SpotService spot, Duration maxAge, TimeSource time) {
    this.spot = Objects.requireNonNull(spot, "spot == null");
    Objects.requireNonNull(maxAge, "maxAge == null");
    if (maxAge.isNegative() || maxAge.isZero()) {
      throw new IllegalArgumentException("maxAge must be positive (was " + maxAge + ")");
    }
    this.maxAge = maxAge;
    this.time = Objects.requireNonNull(time, "time == null");
  }

  /** How old the data may get before a use starts a refresh. */
  public Duration maxAge() {
    return maxAge;
  }

  /**
   * Every pair by its name, as of the last load; the first use loads them (and waits).
   *
   * @throws KrakenException of {@code getAssetPairs} when there is no data yet and loading fails.
   */
  public Map<String, AssetPair> pairs() {
    return current().pairs;
  }

  /**
   * The pair named {@code name}: its name ({@code XXBTZUSD}), altname ({@code XBTUSD}) or
   * WebSocket name ({@code XBT/USD}); empty when the data has no such pair.
   *
   * @throws KrakenException of {@code getAssetPairs} when there is no data yet and loading fails.
   */
  public Optional<AssetPair> pair(String name) {
    Objects.requireNonNull(name, "name == null");
    Snapshot current = current();
    return Optional.ofNullable(current.byName.get(name)).map(current.pairs::get);
  }

  /**
   * Loads the pairs now, waiting for them, and returns them.
   *
   * @throws KrakenException of {@code getAssetPairs}; the data held before is kept.
   */
  public Map<String, AssetPair> refresh() {
    synchronized (loading) {
      startAttempt();
      Snapshot loaded = new Snapshot(spot.getAssetPairs(GetAssetPairsRequest.builder().build()));
      snapshot = loaded;
      return loaded.pairs;
    }
  }

  @Override
  public String toString() {
    Snapshot current = snapshot;
    return "AssetPairsCache[maxAge=" + maxAge + ", " + (current == null ? "not loaded" : current.pairs.size() + " pairs")
        + "]";
  }

  /**
   * For the order checks: the data, loaded on first use if never tried before, refreshed in the
   * background when stale; null when there is none (the first load failed): orders then go
   * unchecked rather than refused for want of public data.
   */
  Snapshot forChecks() {
    Snapshot current = snapshot;
    if (current == null && !attempted) {
      try {
        return load();
      } catch (KrakenException e) {
        return null;
      }
    }
    refreshIfStale();
    return current;
  }

  private Snapshot current() {
    Snapshot current = snapshot;
    if (current == null) {
      return load();
    }
    refreshIfStale();
    return current;
  }

  /** The data, loading it (once, whatever the number of threads asking) if there is none. */
  private Snapshot load() {
    synchronized (loading) {
      Snapshot current = snapshot;
      if (current == null) {
        refresh();
        current = snapshot;
      }
      return current;
    }
  }

  private void startAttempt() {
    attempted = true;
    lastAttempt = time.nanoTime();
  }

  private void refreshIfStale() {
    if (time.nanoTime() - lastAttempt < maxAge.toNanos() || !refreshing.compareAndSet(false, true)) {
      return;
    }
    startAttempt();
    try {
      spot.getAssetPairsAsync(GetAssetPairsRequest.builder().build()).whenComplete((pairs, failure) -> {
        if (pairs != null) {
          snapshot = new Snapshot(pairs);
        }
        // A failure keeps the data: the pairs change rarely, and the next use after maxAge tries again.
        refreshing.set(false);
      });
    } catch (RuntimeException e) {
      refreshing.set(false); // a call that could not even start (the client is closed): try again later
    }
  }

  /** One answer of {@code getAssetPairs}, and every name each pair goes by. */
  static final class Snapshot {
    final Map<String, AssetPair> pairs;
    /** Name, altname or wsname to the pair's name. */
    final Map<String, String> byName;

    Snapshot(Map<String, AssetPair> pairs) {
      Map<String, AssetPair> kept = new LinkedHashMap<>();
      pairs.forEach((name, pair) -> {
        if (name != null && pair != null) {
          kept.put(name, pair);
        }
      });
      this.pairs = Collections.unmodifiableMap(kept);
      Map<String, String> byName = new HashMap<>();
      // The pairs' own names last: a name that is some pair's own name finds that pair.
      kept.forEach((name, pair) -> {
        if (pair.wsname() != null) {
          byName.put(pair.wsname(), name);
        }
      });
      kept.forEach((name, pair) -> {
        if (pair.altname() != null) {
          byName.put(pair.altname(), name);
        }
      });
      kept.keySet().forEach(name -> byName.put(name, name));
      this.byName = Map.copyOf(byName);
    }

    /** The pair's name for {@code name}, or null. */
    String nameOf(String name) {
      return name == null ? null : byName.get(name);
    }
  }
}
