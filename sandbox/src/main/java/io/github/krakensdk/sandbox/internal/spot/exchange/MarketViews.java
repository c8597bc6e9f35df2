package io.github.krakensdk.sandbox.internal.spot.exchange;

import io.github.krakensdk.sandbox.internal.params.Parameters;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Public market data derived from the exchange's own books and trades, in the service's shapes:
 * Assets, AssetPairs, Ticker, Depth, GroupedBook, Trades, Spread, OHLC, Level3 and the
 * transparency views PreTrade and PostTrade.
 *
 * <p>Ticker, Depth, Trades, Spread and OHLC name pairs within an asset class, as the service does:
 * an xStocks pair is known only with {@code asset_class=tokenized_asset}, a currency pair only
 * without it (or with {@code asset_class=currency}); any other pair is {@code EQuery:Unknown asset pair}.
 */
final class MarketViews {
  private static final Set<Long> INTERVALS = Set.of(1L, 5L, 15L, 30L, 60L, 240L, 1440L, 10080L, 21600L);
  private static final Map<String, String> NAMES = Map.ofEntries(
      Map.entry("XXBT", "Bitcoin"), Map.entry("XETH", "Ethereum"), Map.entry("ZUSD", "US Dollars"),
      Map.entry("ZEUR", "Euros"), Map.entry("SOL", "Solana"), Map.entry("USDC", "USD Coin"),
      Map.entry("AAPLx", "Apple xStock"));

  private final Engine engine;

  MarketViews(Engine engine) {
    this.engine = engine;
  }

  /** Prices in public market data carry at least five decimals ({@code "30300.10000"}), as the service writes them. */
  static int priceDecimals(Catalog.Pair pair) {
    return Math.max(5, pair.pairDecimals());
  }

  // ---- reference data ----

  /**
   * Whether {@code assetVersion} asks for display names: {@code 1}, or {@code true} in any letter
   * case (spot.yaml's {@code x-kraken-service-alternatives}: Kraken.Net sends a boolean); {@code
   * false} and {@code 0} are the legacy naming, as if left out.
   */
  private static boolean displayNames(Parameters p) {
    return p.bool("assetVersion", false);
  }

  Map<String, Object> assets(Parameters p) {
    String aclass = p.string("aclass") == null ? "currency" : p.string("aclass");
    boolean display = displayNames(p);
    List<Catalog.Asset> selected = new ArrayList<>();
    List<String> names = p.names("asset");
    if (names.isEmpty()) {
      for (Catalog.Asset asset : engine.catalog.assets()) {
        if (asset.aclass().equals(aclass)) {
          selected.add(asset);
        }
      }
    } else {
      for (String name : names) {
        Catalog.Asset asset = engine.catalog.requireAsset(name);
        if (!selected.contains(asset) && (p.string("aclass") == null || asset.aclass().equals(aclass))) {
          selected.add(asset);
        }
      }
    }
    Map<String, Object> result = Wire.object();
    for (Catalog.Asset asset : selected) {
      Map<String, Object> view = Wire.object();
      view.put("aclass", asset.aclass());
      view.put("altname", asset.altname());
      view.put("decimals", (long) asset.decimals());
      view.put("display_decimals", (long) asset.displayDecimals());
      if (asset.collateral() != null) {
        view.put("collateral_value", asset.collateral());
      }
      if (asset.status() != null) {
        view.put("status", asset.status());
      }
      result.put(display ? asset.display() : asset.name(), view);
    }
    return result;
  }

  Map<String, Object> assetPairs(Parameters p) {
    String aclass = p.string("aclass_base") == null ? "currency" : p.string("aclass_base");
    String info = p.string("info") == null ? "info" : p.string("info");
    if (!Set.of("info", "leverage", "fees", "margin").contains(info)) {
      throw ExchangeError.invalid("info");
    }
    boolean display = displayNames(p);
    List<Catalog.Pair> selected = new ArrayList<>();
    List<String> names = p.names("pair");
    if (names.isEmpty()) {
      for (Catalog.Pair pair : engine.catalog.pairs()) {
        if (pair.base().aclass().equals(aclass)) {
          selected.add(pair);
        }
      }
    } else {
      for (String name : names) {
        Catalog.Pair pair = engine.catalog.requirePair(name);
        if (!selected.contains(pair)) {
          selected.add(pair);
        }
      }
    }
    Map<String, Object> result = Wire.object();
    for (Catalog.Pair pair : selected) {
      Map<String, Object> view = Wire.object();
      if (info.equals("info")) {
        view.put("altname", pair.altname());
        view.put("wsname", pair.wsname());
        view.put("aclass_base", pair.base().aclass());
        view.put("base", display ? pair.base().display() : pair.base().name());
        view.put("aclass_quote", pair.quote().aclass());
        view.put("quote", display ? pair.quote().display() : pair.quote().name());
        view.put("lot", "unit");
        view.put("cost_decimals", (long) pair.costDecimals());
        view.put("pair_decimals", (long) pair.pairDecimals());
        view.put("lot_decimals", (long) pair.lotDecimals());
        view.put("lot_multiplier", 1L);
      }
      if (info.equals("info") || info.equals("leverage")) {
        view.put("leverage_buy", List.of());
        view.put("leverage_sell", List.of());
      }
      if (info.equals("info") || info.equals("fees")) {
        view.put("fees", schedule(pair.fees()));
        view.put("fees_maker", schedule(pair.makerTaker() ? pair.feesMaker() : pair.fees()));
        // Fee volumes count in US dollars, named as the pair's assets are.
        Catalog.Asset usd = engine.catalog.asset("ZUSD").orElseThrow();
        view.put("fee_volume_currency", display ? usd.display() : usd.name());
      }
      if (info.equals("info") || info.equals("margin")) {
        view.put("margin_call", 80L);
        view.put("margin_stop", 40L);
      }
      if (info.equals("info")) {
        view.put("ordermin", pair.orderMin().toPlainString());
        view.put("costmin", pair.costMin().toPlainString());
        view.put("tick_size", pair.tickSize().toPlainString());
        view.put("status", pair.status());
      }
      result.put(display ? pair.display() : pair.name(), view);
    }
    return result;
  }

  private static List<Object> schedule(List<Catalog.FeeTier> tiers) {
    List<Object> rows = new ArrayList<>();
    for (Catalog.FeeTier tier : tiers) {
      rows.add(List.of(tier.volume(), Wire.plain(tier.percent())));
    }
    return rows;
  }

  /** Whether the call asks for xStocks pairs ({@code asset_class=tokenized_asset}) rather than currency pairs. */
  private static boolean tokenizedClass(Parameters p) {
    return "tokenized_asset".equals(p.string("asset_class"));
  }

  /** The pair {@code name} within the call's asset class (see the class comment). */
  private Catalog.Pair marketPair(String name, Parameters p) {
    Catalog.Pair pair = engine.catalog.requirePair(name);
    if (pair.tokenized() != tokenizedClass(p)) {
      throw new ExchangeError(Errors.UNKNOWN_PAIR);
    }
    return pair;
  }

  // ---- Ticker ----

  Map<String, Object> ticker(Parameters p, Instant now) {
    List<Catalog.Pair> pairs = new ArrayList<>();
    List<String> names = p.names("pair");
    if (names.isEmpty()) {
      for (Catalog.Pair pair : engine.catalog.pairs()) {
        if (pair.tokenized() == tokenizedClass(p)) {
          pairs.add(pair);
        }
      }
    } else {
      for (String name : names) {
        Catalog.Pair pair = marketPair(name, p);
        if (!pairs.contains(pair)) {
          pairs.add(pair);
        }
      }
    }
    Map<String, Object> result = Wire.object();
    for (Catalog.Pair pair : pairs) {
      result.put(pair.name(), ticker(engine.market(pair), now));
    }
    return result;
  }

  private Map<String, Object> ticker(Market market, Instant now) {
    Catalog.Pair pair = market.pair;
    int decimals = priceDecimals(pair);
    Instant midnight = now.truncatedTo(ChronoUnit.DAYS);
    Instant dayAgo = now.minus(Duration.ofHours(24));
    Stats today = stats(market, midnight, now);
    Stats day = stats(market, dayAgo, now);
    BigDecimal last = market.last() == null ? BigDecimal.ZERO : market.last();
    Map<String, Object> view = Wire.object();
    view.put("a", top(market, false, decimals));
    view.put("b", top(market, true, decimals));
    Market.Print lastPrint = market.tape.isEmpty() ? null : market.tape.get(market.tape.size() - 1);
    view.put("c", List.of(Wire.fixed(last, decimals),
        Wire.fixed(lastPrint == null ? BigDecimal.ZERO : lastPrint.volume(), pair.lotDecimals())));
    view.put("v", List.of(Wire.fixed(today.volume, pair.lotDecimals()), Wire.fixed(day.volume, pair.lotDecimals())));
    view.put("p", List.of(Wire.fixed(today.vwap(last), decimals), Wire.fixed(day.vwap(last), decimals)));
    view.put("t", List.of(today.count, day.count));
    view.put("l", List.of(Wire.fixed(today.low(last), decimals), Wire.fixed(day.low(last), decimals)));
    view.put("h", List.of(Wire.fixed(today.high(last), decimals), Wire.fixed(day.high(last), decimals)));
    BigDecimal open = today.open;
    if (open == null) {
      open = last;
    }
    view.put("o", Wire.fixed(open, decimals));
    return view;
  }

  private static List<Object> top(Market market, boolean bids, int decimals) {
    var levels = market.book.levels(bids);
    if (levels.isEmpty()) {
      return List.of(Wire.fixed(BigDecimal.ZERO, decimals), "0", "0.000");
    }
    var best = levels.firstEntry();
    BigDecimal volume = BigDecimal.ZERO;
    for (Book.Resting resting : best.getValue()) {
      volume = volume.add(resting.visible());
    }
    return List.of(Wire.fixed(best.getKey(), decimals), volume.setScale(0, RoundingMode.DOWN).toPlainString(),
        Wire.fixed(volume, 3));
  }

  private static final class Stats {
    BigDecimal volume = BigDecimal.ZERO;
    BigDecimal notional = BigDecimal.ZERO;
    long count;
    BigDecimal low;
    BigDecimal high;
    BigDecimal open;

    BigDecimal vwap(BigDecimal fallback) {
      return volume.signum() == 0 ? fallback : notional.divide(volume, MathContext.DECIMAL64);
    }

    BigDecimal low(BigDecimal fallback) {
      return low == null ? fallback : low;
    }

    BigDecimal high(BigDecimal fallback) {
      return high == null ? fallback : high;
    }
  }

  private static Stats stats(Market market, Instant from, Instant to) {
    Stats stats = new Stats();
    for (Market.Print print : market.tape) {
      Instant time = print.time();
      if (time.isBefore(from) || time.isAfter(to)) {
        continue;
      }
      if (stats.open == null) {
        stats.open = print.price();
      }
      stats.volume = stats.volume.add(print.volume());
      stats.notional = stats.notional.add(print.volume().multiply(print.price()));
      stats.count++;
      stats.low = stats.low == null ? print.price() : stats.low.min(print.price());
      stats.high = stats.high == null ? print.price() : stats.high.max(print.price());
    }
    return stats;
  }

  // ---- books ----

  Map<String, Object> depth(Parameters p) {
    Catalog.Pair pair = marketPair(p.string("pair"), p);
    // Above 500 the count is clamped, not refused (the contract's x-kraken-service-clamps): XChange
    // asks for Long.MAX_VALUE levels by default.
    BigDecimal asked = p.decimal("count");
    if (asked != null && (asked.signum() < 1 || asked.stripTrailingZeros().scale() > 0)) {
      throw ExchangeError.invalid("count");
    }
    long count = asked == null ? 100 : asked.min(BigDecimal.valueOf(500)).longValueExact();
    Market market = engine.market(pair);
    Map<String, Object> book = Wire.object();
    book.put("asks", levels(market, false, count));
    book.put("bids", levels(market, true, count));
    Map<String, Object> result = Wire.object();
    result.put(pair.name(), book);
    return result;
  }

  private static List<Object> levels(Market market, boolean bids, long count) {
    int decimals = priceDecimals(market.pair);
    List<Object> rows = new ArrayList<>();
    for (var level : market.book.levels(bids).entrySet()) {
      if (rows.size() >= count) {
        break;
      }
      BigDecimal volume = BigDecimal.ZERO;
      Instant latest = Instant.EPOCH;
      for (Book.Resting resting : level.getValue()) {
        volume = volume.add(resting.visible());
        latest = resting.since.isAfter(latest) ? resting.since : latest;
      }
      rows.add(List.of(Wire.fixed(level.getKey(), decimals), Wire.fixed(volume, 3), latest.getEpochSecond()));
    }
    return rows;
  }

  Map<String, Object> groupedBook(Parameters p) {
    Catalog.Pair pair = engine.catalog.requirePair(p.string("pair"));
    long depth = p.integer("depth", 10);
    long grouping = p.integer("grouping", 1);
    if (depth < 1 || depth > 1000) {
      throw ExchangeError.invalid("depth");
    }
    if (grouping < 1 || grouping > 1000) {
      throw ExchangeError.invalid("grouping");
    }
    BigDecimal step = pair.tickSize().multiply(BigDecimal.valueOf(grouping));
    Market market = engine.market(pair);
    Map<String, Object> result = Wire.object();
    result.put("pair", pair.display());
    result.put("grouping", grouping);
    result.put("bids", grouped(market, true, step, depth));
    result.put("asks", grouped(market, false, step, depth));
    return result;
  }

  /** Volume accumulated to the nearest passive group: bids rounded down, asks up. */
  private static List<Object> grouped(Market market, boolean bids, BigDecimal step, long depth) {
    int decimals = priceDecimals(market.pair);
    java.util.TreeMap<BigDecimal, BigDecimal> groups =
        bids ? new java.util.TreeMap<>(java.util.Comparator.reverseOrder()) : new java.util.TreeMap<>();
    for (Book.Resting resting : market.book.orders(bids)) {
      BigDecimal group = resting.price.divide(step, 0, bids ? RoundingMode.FLOOR : RoundingMode.CEILING)
          .multiply(step);
      groups.merge(group, resting.visible(), BigDecimal::add);
    }
    List<Object> rows = new ArrayList<>();
    for (var group : groups.entrySet()) {
      if (rows.size() >= depth) {
        break;
      }
      Map<String, Object> row = Wire.object();
      row.put("price", Wire.fixed(group.getKey(), decimals));
      row.put("qty", Wire.fixed(group.getValue(), market.pair.lotDecimals()));
      rows.add(row);
    }
    return rows;
  }

  Map<String, Object> level3(Parameters p) {
    Catalog.Pair pair = engine.catalog.requirePair(p.string("pair"));
    long depth = p.integer("depth", 100);
    if (depth < 0) {
      throw ExchangeError.invalid("depth");
    }
    Market market = engine.market(pair);
    Map<String, Object> result = Wire.object();
    result.put("pair", pair.display());
    result.put("bids", orders(market, true, depth));
    result.put("asks", orders(market, false, depth));
    return result;
  }

  /** Individual resting orders of the first {@code depth} price levels (0: all), icebergs at their display quantity. */
  private static List<Object> orders(Market market, boolean bids, long depth) {
    int decimals = priceDecimals(market.pair);
    List<Object> rows = new ArrayList<>();
    long levels = 0;
    for (var level : market.book.levels(bids).entrySet()) {
      if (depth > 0 && levels++ >= depth) {
        break;
      }
      for (Book.Resting resting : level.getValue()) {
        Map<String, Object> row = Wire.object();
        row.put("price", Wire.fixed(resting.price, decimals));
        row.put("qty", Wire.fixed(resting.visible(), market.pair.lotDecimals()));
        row.put("order_id", resting.id);
        row.put("timestamp", Wire.nanos(resting.since));
        rows.add(row);
      }
    }
    return rows;
  }

  // ---- trades, spreads, candles ----

  Map<String, Object> trades(Parameters p) {
    Catalog.Pair pair = marketPair(p.string("pair"), p);
    long count = p.integer("count", 1000);
    if (count < 1 || count > 1000) {
      throw ExchangeError.invalid("count");
    }
    Long since = sinceNanos(p.string("since"));
    Market market = engine.market(pair);
    List<Market.Print> selected = new ArrayList<>();
    for (Market.Print print : market.tape) {
      if (since == null || print.nanos() > since) {
        selected.add(print);
      }
    }
    if (since == null) {
      selected = selected.subList(Math.max(0, selected.size() - (int) count), selected.size());
    } else if (selected.size() > count) {
      selected = selected.subList(0, (int) count);
    }
    int decimals = priceDecimals(pair);
    List<Object> rows = new ArrayList<>();
    for (Market.Print print : selected) {
      rows.add(List.of(Wire.fixed(print.price(), decimals), Wire.fixed(print.volume(), pair.lotDecimals()),
          Wire.time(print.time()), print.side(), print.kind(), "", print.tradeId()));
    }
    long last = selected.isEmpty() ? (since != null ? since : market.lastNanos) : selected.get(selected.size() - 1).nanos();
    Map<String, Object> result = Wire.object();
    result.put(pair.name(), rows);
    result.put("last", Long.toString(last));
    return result;
  }

  /** {@code since} in nanoseconds (a previous {@code last}) or in seconds. */
  private static Long sinceNanos(String text) {
    if (text == null) {
      return null;
    }
    try {
      BigDecimal value = new BigDecimal(text.trim());
      if (value.compareTo(BigDecimal.valueOf(100_000_000_000L)) > 0) {
        return value.longValueExact();
      }
      return value.movePointRight(9).setScale(0, RoundingMode.DOWN).longValueExact();
    } catch (NumberFormatException | ArithmeticException e) {
      throw ExchangeError.invalid("since");
    }
  }

  Map<String, Object> spread(Parameters p) {
    Catalog.Pair pair = marketPair(p.string("pair"), p);
    Long since = p.integer("since");
    Market market = engine.market(pair);
    List<Market.Spread> selected = new ArrayList<>();
    for (Market.Spread spread : market.spreads) {
      if (since == null || spread.seconds() > since) {
        selected.add(spread);
      }
    }
    if (since == null && selected.size() > 200) {
      selected = selected.subList(selected.size() - 200, selected.size());
    }
    int decimals = priceDecimals(pair);
    List<Object> rows = new ArrayList<>();
    for (Market.Spread spread : selected) {
      rows.add(List.of(spread.seconds(), Wire.fixed(spread.bid(), decimals), Wire.fixed(spread.ask(), decimals)));
    }
    long last = selected.isEmpty()
        ? since != null ? since : market.spreads.isEmpty() ? 0 : market.spreads.get(market.spreads.size() - 1).seconds()
        : selected.get(selected.size() - 1).seconds();
    Map<String, Object> result = Wire.object();
    result.put(pair.name(), rows);
    result.put("last", last);
    return result;
  }

  Map<String, Object> ohlc(Parameters p, Instant now) {
    Catalog.Pair pair = marketPair(p.string("pair"), p);
    long interval = p.integer("interval", 1);
    if (!INTERVALS.contains(interval)) {
      throw ExchangeError.invalid("interval");
    }
    Long since = p.integer("since");
    Market market = engine.market(pair);
    long seconds = interval * 60;
    long current = Math.floorDiv(now.getEpochSecond(), seconds) * seconds;
    long first = current - 719 * seconds;
    if (!market.tape.isEmpty()) {
      long firstTrade = Math.floorDiv(market.tape.get(0).time().getEpochSecond(), seconds) * seconds;
      first = Math.max(first, firstTrade);
    }
    // The close before the window opens, for the flat candles of quiet intervals.
    BigDecimal previousClose = null;
    List<Object> rows = new ArrayList<>();
    int index = 0;
    List<Market.Print> tape = market.tape;
    while (index < tape.size() && tape.get(index).time().getEpochSecond() < first) {
      previousClose = tape.get(index).price();
      index++;
    }
    for (long start = first; start <= current; start += seconds) {
      BigDecimal open = null;
      BigDecimal high = null;
      BigDecimal low = null;
      BigDecimal close = null;
      BigDecimal volume = BigDecimal.ZERO;
      BigDecimal notional = BigDecimal.ZERO;
      long count = 0;
      while (index < tape.size() && tape.get(index).time().getEpochSecond() < start + seconds) {
        Market.Print print = tape.get(index++);
        open = open == null ? print.price() : open;
        high = high == null ? print.price() : high.max(print.price());
        low = low == null ? print.price() : low.min(print.price());
        close = print.price();
        volume = volume.add(print.volume());
        notional = notional.add(print.volume().multiply(print.price()));
        count++;
      }
      if (count == 0) {
        if (previousClose == null) {
          continue;
        }
        open = high = low = close = previousClose;
      }
      previousClose = close;
      if (since != null && start <= since) {
        continue;
      }
      BigDecimal vwap = count == 0 ? close : notional.divide(volume, MathContext.DECIMAL64);
      int decimals = pair.pairDecimals();
      List<Object> row = new ArrayList<>();
      row.add(start);
      row.add(Wire.fixed(open, decimals));
      row.add(Wire.fixed(high, decimals));
      row.add(Wire.fixed(low, decimals));
      row.add(Wire.fixed(close, decimals));
      row.add(Wire.fixed(vwap, decimals));
      row.add(Wire.fixed(volume, pair.lotDecimals()));
      row.add(count);
      rows.add(row);
    }
    Map<String, Object> result = Wire.object();
    result.put(pair.name(), rows);
    result.put("last", current - seconds);
    return result;
  }

  // ---- transparency ----

  /** The pair a transparency view names by {@code symbol}: an unknown one is an invalid argument there. */
  private Catalog.Pair symbol(String symbol) {
    return engine.catalog.pair(symbol.trim()).orElseThrow(() -> ExchangeError.invalid("symbol"));
  }

  private Map<String, Object> instrument(Catalog.Pair pair) {
    Map<String, Object> view = Wire.object();
    view.put("symbol", pair.display());
    view.put("description", NAMES.getOrDefault(pair.base().name(), pair.base().display()) + " / "
        + NAMES.getOrDefault(pair.quote().name(), pair.quote().display()));
    view.put("base_asset", pair.base().display());
    view.put("base_notation", "UNIT");
    view.put("quote_asset", pair.quote().display());
    view.put("quote_notation", "MONE");
    return view;
  }

  Map<String, Object> preTrade(Parameters p, Instant now) {
    String symbol = p.string("symbol");
    if (symbol == null) {
      throw ExchangeError.invalid("symbol");
    }
    Catalog.Pair pair = symbol(symbol);
    Market market = engine.market(pair);
    Map<String, Object> result = instrument(pair);
    result.put("venue", "PGSL");
    result.put("system", "CLOB");
    result.put("bids", transparencyLevels(market, true, now));
    result.put("asks", transparencyLevels(market, false, now));
    return result;
  }

  private static List<Object> transparencyLevels(Market market, boolean bids, Instant now) {
    List<Object> rows = new ArrayList<>();
    for (var level : market.book.levels(bids).entrySet()) {
      if (rows.size() >= 10) {
        break;
      }
      BigDecimal volume = BigDecimal.ZERO;
      Instant latest = Instant.EPOCH;
      for (Book.Resting resting : level.getValue()) {
        volume = volume.add(resting.visible());
        latest = resting.since.isAfter(latest) ? resting.since : latest;
      }
      Map<String, Object> row = Wire.object();
      row.put("side", bids ? "BUY" : "SELL");
      row.put("price", Wire.fixed(level.getKey(), market.pair.pairDecimals()));
      row.put("qty", Wire.fixed(volume, market.pair.lotDecimals()));
      row.put("count", (long) level.getValue().size());
      row.put("submission_ts", Wire.rfc3339Micros(latest));
      row.put("publication_ts", Wire.rfc3339Micros(now));
      rows.add(row);
    }
    return rows;
  }

  Map<String, Object> postTrade(Parameters p) {
    String symbol = p.string("symbol");
    Catalog.Pair only = symbol == null ? null : symbol(symbol);
    Instant from = timestamp(p.string("from_ts"), "from_ts");
    Instant to = timestamp(p.string("to_ts"), "to_ts");
    long count = p.integer("count", 1000);
    if (count < 1 || count > 1000) {
      throw ExchangeError.invalid("count");
    }
    record Row(Catalog.Pair pair, Market.Print print) {}
    List<Row> rows = new ArrayList<>();
    for (Market market : engine.markets.values()) {
      if (only != null && !market.pair.equals(only)) {
        continue;
      }
      for (Market.Print print : market.tape) {
        Instant time = print.time();
        if ((from == null || time.isAfter(from)) && (to == null || !time.isAfter(to))) {
          rows.add(new Row(market.pair, print));
        }
      }
    }
    rows.sort(java.util.Comparator.comparingLong((Row row) -> row.print().nanos()));
    if (from == null) {
      rows = rows.subList(Math.max(0, rows.size() - (int) count), rows.size());
    } else if (rows.size() > count) {
      rows = rows.subList(0, (int) count);
    }
    List<Object> trades = new ArrayList<>();
    for (Row row : rows) {
      Map<String, Object> view = Wire.object();
      Map<String, Object> instrument = instrument(row.pair());
      String time = Wire.rfc3339Nanos(row.print().time());
      view.put("trade_id", row.print().id());
      view.put("price", Wire.fixed(row.print().price(), row.pair().pairDecimals()));
      view.put("quantity", Wire.fixed(row.print().volume(), row.pair().lotDecimals()));
      view.putAll(instrument);
      view.put("trade_venue", "PGSL");
      view.put("trade_ts", time);
      view.put("publication_venue", "PGSL");
      view.put("publication_ts", time);
      trades.add(view);
    }
    Map<String, Object> result = Wire.object();
    // The time to pass as from_ts for the next page: the last trade's, else from_ts itself; left out
    // when there is neither (an empty exchange).
    if (!rows.isEmpty()) {
      result.put("last_ts", Wire.rfc3339Nanos(rows.get(rows.size() - 1).print().time()));
    } else if (from != null) {
      result.put("last_ts", Wire.rfc3339Nanos(from));
    }
    result.put("count", (long) trades.size());
    result.put("trades", trades);
    return result;
  }

  private static Instant timestamp(String text, String name) {
    if (text == null) {
      return null;
    }
    try {
      return OffsetDateTime.parse(text.trim()).toInstant();
    } catch (DateTimeParseException e) {
      throw ExchangeError.invalid(name);
    }
  }
}
