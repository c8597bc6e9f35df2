package io.github.krakensdk.sandbox.internal.spot;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Raw;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.SpotKeyPermission;

import okhttp3.HttpUrl;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.AssetNames;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.PairKeyed;
import io.github.krakensdk.auth.SpotSigner;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.ConstraintViolationException;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.AssetClass;
import io.github.krakensdk.spot.model.AssetPair;
import io.github.krakensdk.spot.model.AssetPairInfoKind;
import io.github.krakensdk.spot.model.AssetVersion;
import io.github.krakensdk.spot.model.GroupedBookDepth;
import io.github.krakensdk.spot.model.GroupedBookGrouping;
import io.github.krakensdk.spot.model.GroupedOrderBook;
import io.github.krakensdk.spot.model.Level3Depth;
import io.github.krakensdk.spot.model.Level3Order;
import io.github.krakensdk.spot.model.Level3OrderBook;
import io.github.krakensdk.spot.model.MaintenanceEvent;
import io.github.krakensdk.spot.model.OhlcData;
import io.github.krakensdk.spot.model.OhlcEntry;
import io.github.krakensdk.spot.model.OhlcInterval;
import io.github.krakensdk.spot.model.OrderBook;
import io.github.krakensdk.spot.model.PostTradeData;
import io.github.krakensdk.spot.model.PostTradeEntry;
import io.github.krakensdk.spot.model.PriceLevel;
import io.github.krakensdk.spot.model.RecentSpreads;
import io.github.krakensdk.spot.model.RecentTrades;
import io.github.krakensdk.spot.model.ServerTime;
import io.github.krakensdk.spot.model.SpotErrorCode;
import io.github.krakensdk.spot.model.SpreadEntry;
import io.github.krakensdk.spot.model.SystemState;
import io.github.krakensdk.spot.model.SystemStatus;
import io.github.krakensdk.spot.model.TickerInfo;
import io.github.krakensdk.spot.model.TradeEntry;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import okhttp3.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Spot market data through the SDK and on the wire: the clock and the maintenance windows, pair
 * filters and naming, asset classes, paging with {@code since}/{@code last} and {@code from_ts}/{@code
 * last_ts}, the limits the contract sets on requests, and the signed level-3 book in JSON and form.
 */
class SpotMarketTest {
  static final Instant START = Instant.parse("2025-03-14T09:00:00Z");
  static final List<String> CURRENCY_PAIRS = List.of("XXBTZUSD", "XXBTZEUR", "XETHZUSD", "SOLUSD", "SOLEUR", "USDCUSD");
  final MutableClock clock = MutableClock.at(START);
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  // ---- Time, SystemStatus, MaintenanceSchedule ----

  @Test
  void serverTimeIsTheSandboxClockWithTheDayPaddedBySpace(KrakenClient kraken, Sandbox sandbox) {
    ServerTime time = kraken.spot().getServerTime();
    assertEquals(START.getEpochSecond(), time.unixtime());
    assertEquals("Fri, 14 Mar 25 09:00:00 +0000", time.rfc1123());
    clock.set(Instant.parse("2025-04-09T07:05:03.750Z"));
    assertEquals(1744182303L, kraken.spot().getServerTime().unixtime(), "whole seconds, truncated");
    Raw.Answer raw = new Raw(sandbox).get("/0/public/Time");
    assertEquals("{\"error\":[],\"result\":{\"unixtime\":1744182303,\"rfc1123\":\"Wed,  9 Apr 25 07:05:03 +0000\"}}",
        raw.body());
  }

  @Test
  void statusTurnsToMaintenanceDuringTheTradingEngineWindow(KrakenClient kraken) {
    SystemStatus status = kraken.spot().getSystemStatus();
    assertEquals(SystemState.ONLINE, status.status());
    assertEquals(OffsetDateTime.ofInstant(START, ZoneOffset.UTC), status.timestamp());
    assertEquals(List.of(21L), ids(status.upcomingMaintenance()), "within 72 hours");
    assertEquals(List.of(21L, 34L), ids(kraken.spot().getMaintenanceSchedule().events()), "within 7 days");
    assertEquals(List.of(), status.emergency());

    clock.advance(Duration.ofDays(5).plusMinutes(10));
    SystemStatus during = kraken.spot().getSystemStatus();
    assertEquals(SystemState.MAINTENANCE, during.status());
    assertEquals(List.of(), during.upcomingMaintenance());
    assertEquals(List.of(), kraken.spot().getMaintenanceSchedule().events(), "a started window leaves the schedule");
    clock.advance(Duration.ofHours(1));
    assertEquals(SystemState.ONLINE, kraken.spot().getSystemStatus().status());
  }

  private static List<Long> ids(List<MaintenanceEvent> events) {
    return events.stream().map(MaintenanceEvent::eventId).toList();
  }

  // ---- AssetPairs ----

  @Test
  void assetPairsByClassInfoGroupAndNaming(KrakenClient kraken) {
    SpotService spot = kraken.spot();
    Map<String, AssetPair> currency = spot.getAssetPairs();
    assertEquals(CURRENCY_PAIRS, List.copyOf(currency.keySet()));
    // One source of asset data: every pair's assets are listed by Assets under the same names.
    Set<String> assets = spot.listAssets().keySet();
    for (AssetPair pair : currency.values()) {
      assertTrue(assets.contains(pair.base()) && assets.contains(pair.quote()), pair.altname());
    }
    assertEquals(Set.of("AAPLxUSD"), spot.getAssetPairs(r -> r.aclassBase(AssetClass.TOKENIZED_ASSET)).keySet());

    Map<String, AssetPair> display =
        spot.getAssetPairs(r -> r.pair("XBTUSD,ETHUSD").assetVersion(AssetVersion.NUMBER_1));
    assertEquals(List.of("BTC/USD", "ETH/USD"), List.copyOf(display.keySet()));
    AssetPair btc = display.get("BTC/USD");
    assertEquals(List.of("BTC", "USD", "USD", "XBTUSD", "XBT/USD"),
        List.of(btc.base(), btc.quote(), btc.feeVolumeCurrency(), btc.altname(), btc.wsname()));
    assertEquals("ZUSD", currency.get("XXBTZUSD").feeVolumeCurrency());

    AssetPair leverage = spot.getAssetPairs(r -> r.pair("XBTUSD").info(AssetPairInfoKind.LEVERAGE)).get("XXBTZUSD");
    assertEquals(List.of(), leverage.leverageBuy());
    assertNull(leverage.pairDecimals());
    assertNull(leverage.fees());
    AssetPair margin = spot.getAssetPairs(r -> r.pair("XBTUSD").info(AssetPairInfoKind.MARGIN)).get("XXBTZUSD");
    assertEquals(List.of(80, 40), List.of(margin.marginCall(), margin.marginStop()));
    assertNull(margin.altname());

    assertUnknownPair(() -> spot.getAssetPairs(r -> r.pair("XBTUSD,DOGEMARS")));
    // The contract's pattern for country_code is checked before anything is sent.
    assertThrows(ConstraintViolationException.class, () -> spot.getAssetPairs(r -> r.countryCode("gb")));
  }

  // ---- Ticker ----

  @Test
  void tickerListsTheClassAskedForAndTodayIsPartOfTheLast24Hours(KrakenClient kraken) {
    SpotService spot = kraken.spot();
    assertEquals(CURRENCY_PAIRS, List.copyOf(spot.getTicker(r -> {}).keySet()));
    assertEquals(Set.of("AAPLxUSD"), spot.getTicker(r -> r.assetClass(AssetClass.TOKENIZED_ASSET)).keySet());
    assertEquals(List.of("XXBTZUSD", "XETHZUSD", "SOLUSD"),
        List.copyOf(spot.getTicker(r -> r.pair("XBTUSD,ETH/USD,SOLUSD")).keySet()));
    assertUnknownPair(() -> spot.getTicker(r -> r.pair("AAPLxUSD")));
    assertUnknownPair(() -> spot.getTicker(r -> r.pair("XBTUSD").assetClass(AssetClass.TOKENIZED_ASSET)));
    assertUnknownPair(() -> spot.getTicker(r -> r.pair("XBTUSD,NOPE")));

    for (Map.Entry<String, TickerInfo> entry : spot.getTicker(r -> {}).entrySet()) {
      TickerInfo ticker = entry.getValue();
      String pair = entry.getKey();
      assertTrue(ticker.bid().price().compareTo(ticker.ask().price()) < 0, pair + " bid below ask");
      assertTrue(ticker.tradeCount().today() <= ticker.tradeCount().last24Hours(), pair + " trades today within 24 h");
      assertTrue(ticker.volume().today().compareTo(ticker.volume().last24Hours()) <= 0, pair + " volume today within 24 h");
      assertTrue(ticker.low().last24Hours().compareTo(ticker.low().today()) <= 0, pair + " low");
      assertTrue(ticker.high().today().compareTo(ticker.high().last24Hours()) <= 0, pair + " high");
    }
    // Today's open is the first trade since midnight: the open of the current daily candle.
    // Keyed XXBTZUSD; any of the pair's names finds it, and a one-pair call has one entry.
    Map<String, TickerInfo> bitcoin = spot.getTicker(r -> r.pair("XBTUSD"));
    TickerInfo btc = PairKeyed.of(bitcoin, AssetNames.load(spot)).get("BTC/USD").orElseThrow();
    assertSame(btc, PairKeyed.of(bitcoin).only());
    List<OhlcEntry> days = spot.getOhlc(r -> r.pair("XBTUSD").interval(OhlcInterval.NUMBER_1440)).pairs()
        .get("XXBTZUSD");
    OhlcEntry today = days.get(days.size() - 1);
    assertEquals(0, btc.open().compareTo(today.open()));
    assertEquals((long) btc.tradeCount().today(), (long) today.count());
  }

  // ---- Trades ----

  @Test
  void tradesPageForwardFromNanosecondsOrSecondsAndTheContractBoundsCount(KrakenClient kraken, Sandbox sandbox) {
    SpotService spot = kraken.spot();
    List<TradeEntry> all = new ArrayList<>();
    String since = "0";
    int pages = 0;
    while (true) {
      String from = since;
      RecentTrades page = spot.getRecentTrades(r -> r.pair("XBTUSD").since(from).count(50));
      List<TradeEntry> rows = page.pairs().get("XXBTZUSD");
      if (rows.isEmpty()) {
        assertEquals(from, page.last(), "an empty page keeps since as last");
        break;
      }
      assertTrue(rows.size() <= 50);
      all.addAll(rows);
      since = page.last();
      pages++;
    }
    TickerInfo ticker = spot.getTicker(r -> r.pair("XBTUSD")).get("XXBTZUSD");
    assertEquals((long) ticker.tradeCount().last24Hours(), all.size(), "the day's trades, each once");
    assertEquals(all.size() / 50 + 1, pages);
    for (int i = 1; i < all.size(); i++) {
      assertEquals(all.get(i - 1).tradeId() + 1, all.get(i).tradeId(), "consecutive trade ids");
      assertTrue(all.get(i - 1).time().compareTo(all.get(i).time()) < 0, "oldest first");
    }

    // since in whole seconds: the trades of the last hour.
    long hourAgo = START.minus(Duration.ofHours(1)).getEpochSecond();
    List<TradeEntry> lastHour = spot.getRecentTrades(r -> r.pair("XBTUSD").since(Long.toString(hourAgo)))
        .pairs().get("XXBTZUSD");
    assertEquals(all.stream().filter(t -> t.time().compareTo(BigDecimal.valueOf(hourAgo)) > 0).toList(), lastHour);

    // On the wire: time a JSON number with a fraction, trade_id a number, last a string of nanoseconds.
    String body = new Raw(sandbox).get("/0/public/Trades?pair=XBTUSD&count=1").body();
    String row = "\\[\"[0-9.]+\",\"[0-9.]+\",[0-9]+\\.[0-9]+,\"[bs]\",\"[ml]\",\"\",[0-9]+]";
    assertTrue(body.matches("\\{\"error\":\\[],\"result\":\\{\"XXBTZUSD\":\\[" + row + "],\"last\":\"[0-9]{19}\"}}"),
        body);

    assertThrows(ConstraintViolationException.class, () -> spot.getRecentTrades(r -> r.pair("XBTUSD").count(1001)));
    // The digits-only form of since is the contract's decision: the sandbox refuses it, not the client.
    KrakenServiceException notDigits = assertThrows(KrakenServiceException.class,
        () -> spot.getRecentTrades(r -> r.pair("XBTUSD").since("yday")));
    assertTrue(notDigits.hasError(SpotErrorCode.GENERAL_INVALID_ARGUMENTS), notDigits.errors().toString());
    assertTrue(new Raw(sandbox).get("/0/public/Trades?pair=XBTUSD&count=0").body()
        .startsWith("{\"error\":[\"EGeneral:Invalid arguments:"));
    assertUnknownPair(() -> spot.getRecentTrades(r -> r.pair("AAPLxUSD")));
    assertEquals(Set.of("AAPLxUSD"), spot.getRecentTrades(r -> r.pair("AAPLxUSD")
        .assetClass(AssetClass.TOKENIZED_ASSET).count(1)).pairs().keySet());
  }

  // ---- OHLC ----

  @Test
  void candlesAddUpToTheTradesAndSinceReturnsOnlyNewerOnes(KrakenClient kraken, Sandbox sandbox) {
    SpotService spot = kraken.spot();
    List<TradeEntry> tape = spot.getRecentTrades(r -> r.pair("ETHUSD")).pairs().get("XETHZUSD");
    for (OhlcInterval interval : List.of(OhlcInterval.NUMBER_5, OhlcInterval.NUMBER_60, OhlcInterval.NUMBER_1440)) {
      OhlcData data = spot.getOhlc(r -> r.pair("ETHUSD").interval(interval));
      List<OhlcEntry> candles = data.pairs().get("XETHZUSD");
      long seconds = Long.parseLong(interval.value()) * 60;
      long trades = 0;
      for (OhlcEntry candle : candles) {
        assertEquals(0, candle.time() % seconds, "candles start on the interval");
        assertTrue(candle.low().compareTo(candle.high()) <= 0);
        trades += candle.count();
      }
      assertEquals(tape.size(), trades, interval + ": every trade in one candle");
      OhlcEntry current = candles.get(candles.size() - 1);
      assertEquals(current.time() - seconds, (long) data.last(), "last: the last committed candle");
      List<OhlcEntry> newer = spot.getOhlc(r -> r.pair("ETHUSD").interval(interval).since(data.last())).pairs()
          .get("XETHZUSD");
      assertEquals(List.of(current), newer, interval + ": since=last, the current candle only");
    }
    // An interval the contract does not list is refused by the sandbox as the service does.
    assertTrue(new Raw(sandbox).get("/0/public/OHLC?pair=ETHUSD&interval=7").body()
        .startsWith("{\"error\":[\"EGeneral:Invalid arguments:"));
    assertUnknownPair(() -> spot.getOhlc(r -> r.pair("DOGEMARS")));
  }

  // ---- Depth, Spread, GroupedBook, Level3 ----

  @Test
  void depthAndSpreadsShowTheSameTopOfBook(KrakenClient kraken) {
    SpotService spot = kraken.spot();
    OrderBook whole = spot.getOrderBook(r -> r.pair("SOLUSD").count(500)).get("SOLUSD");
    assertEquals(30, whole.bids().size(), "the seeded book: 30 levels a side");
    assertEquals(30, whole.asks().size());
    assertEquals(1, spot.getOrderBook(r -> r.pair("SOLUSD").count(1)).get("SOLUSD").asks().size());
    assertThrows(ConstraintViolationException.class, () -> spot.getOrderBook(r -> r.pair("SOLUSD").count(501)));

    RecentSpreads spreads = spot.getRecentSpreads(r -> r.pair("SOLUSD"));
    List<SpreadEntry> rows = spreads.pairs().get("SOLUSD");
    assertTrue(rows.size() <= 200, rows.size() + " rows");
    SpreadEntry top = rows.get(rows.size() - 1);
    assertEquals(0, top.bid().compareTo(whole.bids().get(0).price()));
    assertEquals(0, top.ask().compareTo(whole.asks().get(0).price()));
    assertEquals(List.of(), spot.getRecentSpreads(r -> r.pair("SOLUSD").since(spreads.last())).pairs().get("SOLUSD"));
    long hourAgo = START.minus(Duration.ofHours(1)).getEpochSecond();
    List<SpreadEntry> lastHour = spot.getRecentSpreads(r -> r.pair("SOLUSD").since(hourAgo)).pairs().get("SOLUSD");
    assertEquals(rows.stream().filter(s -> s.time() > hourAgo).toList(), lastHour);
    assertUnknownPair(() -> spot.getRecentSpreads(r -> r.pair("AAPLxUSD")));
    assertUnknownPair(() -> spot.getOrderBook(r -> r.pair("AAPLxUSD")));
  }

  @Test
  void everyGroupingKeepsTheVolumeOfTheLevel3Book(KrakenClient kraken) {
    SpotService spot = kraken.spot();
    Level3OrderBook l3 = spot.getLevel3OrderBook(r -> r.pair("BTC/USD").depth(Level3Depth.NUMBER_0));
    for (GroupedBookGrouping grouping : List.of(GroupedBookGrouping.NUMBER_1, GroupedBookGrouping.NUMBER_25,
        GroupedBookGrouping.NUMBER_1000)) {
      GroupedOrderBook grouped = spot.getGroupedOrderBook(r -> r.pair("BTC/USD").depth(GroupedBookDepth.NUMBER_1000)
          .grouping(grouping));
      assertEquals("BTC/USD", grouped.pair());
      assertEquals(Integer.valueOf(grouping.value()), grouped.grouping());
      assertEquals(0, sum(grouped.bids(), PriceLevel::qty).compareTo(sum(l3.bids(), Level3Order::qty)), "bids");
      assertEquals(0, sum(grouped.asks(), PriceLevel::qty).compareTo(sum(l3.asks(), Level3Order::qty)), "asks");
    }
    GroupedOrderBook ten = spot.getGroupedOrderBook(r -> r.pair("XBTUSD"));
    assertEquals(10, ten.bids().size(), "depth 10 when left out");
    assertUnknownPair(() -> spot.getGroupedOrderBook(r -> r.pair("DOGE/MARS")));
  }

  private static <T> BigDecimal sum(List<T> rows, Function<T, BigDecimal> quantity) {
    return rows.stream().map(quantity).reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  @Test
  void level3IsSignedAndTakesAJsonOrAFormBody(KrakenClient kraken, Sandbox sandbox) {
    Level3OrderBook whole = kraken.spot().getLevel3OrderBook(r -> r.pair("BTC/USD").depth(Level3Depth.NUMBER_0));
    Level3OrderBook top = kraken.spot().getLevel3OrderBook(r -> r.pair("BTC/USD").depth(Level3Depth.NUMBER_10));
    assertEquals(30, whole.bids().stream().map(o -> o.price().stripTrailingZeros()).distinct().count());
    assertEquals(10, top.bids().stream().map(o -> o.price().stripTrailingZeros()).distinct().count());
    assertEquals(whole.bids().subList(0, top.bids().size()), top.bids(), "the same orders, best first");
    for (int i = 1; i < whole.asks().size(); i++) {
      Level3Order before = whole.asks().get(i - 1);
      Level3Order order = whole.asks().get(i);
      int byPrice = before.price().compareTo(order.price());
      assertTrue(byPrice < 0 || byPrice == 0 && before.timestamp() <= order.timestamp(), "price, then time priority");
    }

    // A form body, signed over its bytes, as other clients send it.
    SandboxKey key = sandbox.credentials().spot();
    long nonce = Raw.nonce();
    String form = "nonce=" + nonce + "&pair=BTC%2FUSD&depth=10";
    String sign = new SpotSigner(key.secret()).sign("/0/private/Level3", Long.toString(nonce),
        form.getBytes(StandardCharsets.UTF_8));
    Raw.Answer answer = new Raw(sandbox).send(new Request.Builder()
        .url(HttpUrl.get(sandbox.baseUrl().resolve("0/private/Level3")))
        .header("API-Key", key.key()).header("API-Sign", sign)
        .post(okhttp3.RequestBody.create(form, Raw.FORM)).build());
    assertTrue(answer.body().startsWith("{\"error\":[],\"result\":{\"pair\":\"BTC/USD\",\"bids\":[{\"price\":"),
        answer.body());
    int orders = answer.body().split("\"order_id\":", -1).length - 1;
    assertEquals(top.bids().size() + top.asks().size(), orders, "depth=10 read from the form");

    Raw.Answer unsigned = new Raw(sandbox).send(new Request.Builder()
        .url(HttpUrl.get(sandbox.baseUrl().resolve("0/private/Level3")))
        .post(okhttp3.RequestBody.create("{\"nonce\":1,\"pair\":\"BTC/USD\"}", Raw.JSON)).build());
    assertEquals("{\"error\":[\"EAPI:Invalid key\"]}", unsigned.body());
    assertUnknownPair(() -> kraken.spot().getLevel3OrderBook(r -> r.pair("DOGE/MARS")));
  }

  @Test
  void level3NeedsTheQueryOpenOrdersPermission(Sandbox sandbox) {
    Set<SpotKeyPermission> allButQueryOpen = EnumSet.complementOf(EnumSet.of(SpotKeyPermission.TRADES_QUERY_OPEN));
    SandboxKey without = sandbox.spot().newKey().permissions(allButQueryOpen).issue();
    SandboxKey only = sandbox.spot().newKey().permissions(SpotKeyPermission.TRADES_QUERY_OPEN).issue();
    try (KrakenClient refused = sandbox.newClientBuilder().spotCredentials(without.credentials()).build();
        KrakenClient allowed = sandbox.newClientBuilder().spotCredentials(only.credentials()).build()) {
      KrakenServiceException denied = assertThrows(KrakenServiceException.class,
          () -> refused.spot().getLevel3OrderBook(r -> r.pair("BTC/USD")));
      assertTrue(denied.hasError(SpotErrorCode.GENERAL_PERMISSION_DENIED), denied.errors().toString());
      assertEquals("BTC/USD", allowed.spot().getLevel3OrderBook(r -> r.pair("BTC/USD")).pair());
      // Public market data needs no permission at all.
      assertEquals(Set.of("XXBTZUSD"), refused.spot().getTicker(r -> r.pair("XBTUSD")).keySet());
    }
  }

  // ---- PreTrade, PostTrade ----

  @Test
  void postTradePagesForwardWithLastTsAndFiltersByTime(KrakenClient kraken) {
    SpotService spot = kraken.spot();
    List<TradeEntry> tape = spot.getRecentTrades(r -> r.pair("SOLEUR")).pairs().get("SOLEUR");
    List<PostTradeEntry> paged = new ArrayList<>();
    OffsetDateTime newYear = OffsetDateTime.parse("2025-01-01T00:00Z");
    PostTradeData page = spot.getPostTradeData(r -> r.symbol("SOL/EUR").fromTs(newYear).count(100));
    while (!page.trades().isEmpty()) {
      assertEquals(page.trades().size(), page.count());
      assertEquals(page.trades().get(page.trades().size() - 1).tradeTs(), page.lastTs());
      paged.addAll(page.trades());
      OffsetDateTime next = page.lastTs();
      page = spot.getPostTradeData(r -> r.symbol("SOL/EUR").fromTs(next).count(100));
    }
    assertEquals(tape.size(), paged.size());
    for (int i = 0; i < tape.size(); i++) {
      assertEquals(0, tape.get(i).price().compareTo(paged.get(i).price()), "trade " + i);
      assertEquals(0, tape.get(i).volume().compareTo(paged.get(i).quantity()), "trade " + i);
    }

    // to_ts is inclusive, from_ts exclusive.
    OffsetDateTime third = paged.get(2).tradeTs();
    OffsetDateTime fifth = paged.get(4).tradeTs();
    List<String> between = spot.getPostTradeData(r -> r.symbol("SOL/EUR").fromTs(third).toTs(fifth)).trades()
        .stream().map(PostTradeEntry::tradeId).toList();
    assertEquals(List.of(paged.get(3).tradeId(), paged.get(4).tradeId()), between);
    // Without a filter, the last trades of every pair, at most count.
    PostTradeData everything = spot.getPostTradeData(r -> r.count(5));
    assertEquals(5, everything.trades().size());
    assertThrows(ConstraintViolationException.class, () -> spot.getPostTradeData(r -> r.count(0)));
    KrakenServiceException unknown = assertThrows(KrakenServiceException.class,
        () -> spot.getPostTradeData(r -> r.symbol("DOGE/MARS")));
    assertEquals(List.of("EGeneral:Invalid arguments:symbol"), unknown.errors());
  }

  @Test
  void preTradeShowsTenLevelsPerSideAggregatedFromTheOrders(KrakenClient kraken) {
    var pre = kraken.spot().getPreTradeData(r -> r.symbol("ETH/USD"));
    Level3OrderBook l3 = kraken.spot().getLevel3OrderBook(r -> r.pair("ETH/USD").depth(Level3Depth.NUMBER_10));
    assertEquals(10, pre.asks().size());
    assertEquals(sum(l3.asks(), Level3Order::qty).compareTo(sum(pre.asks(), p -> p.qty())), 0);
    assertEquals(l3.asks().size(), pre.asks().stream().mapToInt(p -> p.count()).sum());
    assertEquals(List.of("ETH", "USD", "Ethereum / US Dollars"), List.of(pre.baseAsset(), pre.quoteAsset(),
        pre.description()));
    assertThrows(ConstraintViolationException.class, () -> kraken.spot().getPreTradeData(r -> r.symbol("XB")));
    KrakenServiceException unknown = assertThrows(KrakenServiceException.class,
        () -> kraken.spot().getPreTradeData(r -> r.symbol("DOGE/MARS")));
    assertTrue(unknown.hasError(SpotErrorCode.GENERAL_INVALID_ARGUMENTS), unknown.errors().toString());
  }

  private static void assertUnknownPair(Executable call) {
    KrakenServiceException e = assertThrows(KrakenServiceException.class, call);
    assertEquals(List.of("EQuery:Unknown asset pair"), e.errors());
    assertTrue(e.hasError(SpotErrorCode.QUERY_UNKNOWN_ASSET_PAIR));
  }
}
