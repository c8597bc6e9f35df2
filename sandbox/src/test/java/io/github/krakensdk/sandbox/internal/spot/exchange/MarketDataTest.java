package io.github.krakensdk.sandbox.internal.spot.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Public market data derived from the exchange's books and trades. */
class MarketDataTest extends ExchangeFixture {
  Map<String, Object> pub(String operation, Object... keysAndValues) {
    return map(exchange.handle(operation, null, params(keysAndValues)));
  }

  @Test
  void assetsDefaultToTheCurrencyClassAndSwitchToDisplayNames() {
    Map<String, Object> assets = pub("getAssets");
    assertEquals(Set.of("XXBT", "XETH", "ZUSD", "ZEUR", "SOL", "USDC", "XMLN", "ZJPY"), assets.keySet());
    assertEquals(Map.of("aclass", "currency", "altname", "XBT", "decimals", 10L, "display_decimals", 5L,
        "collateral_value", new BigDecimal("1.0"), "status", "enabled"), assets.get("XXBT"));
    assertFalse(map(assets.get("XMLN")).containsKey("collateral_value"));
    assertEquals(Set.of("AAPLx", "NVDAx", "TSLAx"), pub("getAssets", "aclass", "tokenized_asset").keySet());
    assertEquals(List.of("BTC", "ETH"), List.copyOf(pub("getAssets", "asset", "XBT,ETH", "assetVersion", "1")
        .keySet()));
    assertEquals("EQuery:Unknown asset", refusal(() -> pub("getAssets", "asset", "DOGE")));
  }

  @Test
  void assetPairsWithTheServicesFieldsAndNames() {
    Map<String, Object> pairs = pub("getAssetPairs");
    assertEquals(List.of("XXBTZUSD", "XXBTZEUR", "XETHZUSD", "SOLUSD", "SOLEUR", "USDCUSD"),
        List.copyOf(pairs.keySet()));
    Map<String, Object> btc = map(pub("getAssetPairs", "pair", "BTC/USD").get("XXBTZUSD"));
    assertEquals(List.of("altname", "wsname", "aclass_base", "base", "aclass_quote", "quote", "lot", "cost_decimals",
        "pair_decimals", "lot_decimals", "lot_multiplier", "leverage_buy", "leverage_sell", "fees", "fees_maker",
        "fee_volume_currency", "margin_call", "margin_stop", "ordermin", "costmin", "tick_size", "status"),
        List.copyOf(btc.keySet()));
    assertEquals("XBTUSD", btc.get("altname"));
    assertEquals(1L, btc.get("pair_decimals"));
    assertEquals("0.00005", btc.get("ordermin"));
    assertEquals(List.of(0L, new BigDecimal("0.4")), list(btc.get("fees")).get(0));
    assertEquals(List.of(50000L, new BigDecimal("0.14")), list(btc.get("fees_maker")).get(2));
    Map<String, Object> display = pub("getAssetPairs", "pair", "XBTUSD,AAPLxUSD", "assetVersion", "1");
    assertEquals(List.of("BTC/USD", "AAPLx/USD"), List.copyOf(display.keySet()));
    assertEquals("BTC", map(display.get("BTC/USD")).get("base"));
    assertEquals("USD", map(display.get("BTC/USD")).get("fee_volume_currency"));
    assertEquals("ZUSD", btc.get("fee_volume_currency"));
    assertEquals("tokenized_asset", map(display.get("AAPLx/USD")).get("aclass_base"));
    assertEquals(Set.of("fees", "fees_maker", "fee_volume_currency"),
        map(pub("getAssetPairs", "pair", "ETHUSD", "info", "fees").get("XETHZUSD")).keySet());
  }

  @Test
  void tickerFromTheBookAndTheTape() {
    Map<String, Object> ticker = map(pub("getTicker", "pair", "XBTUSD").get("XXBTZUSD"));
    assertEquals(List.of("a", "b", "c", "v", "p", "t", "l", "h", "o"), List.copyOf(ticker.keySet()));
    assertEquals("90500.10000", list(ticker.get("a")).get(0));
    assertEquals("90499.90000", list(ticker.get("b")).get(0));
    assertEquals("90500.00000", list(ticker.get("c")).get(0));
    long trades = (Long) list(ticker.get("t")).get(1);
    assertTrue(trades > 200, "a day of seeded trades: " + trades);
    assertTrue(dec(list(ticker.get("l")).get(1)).compareTo(dec(list(ticker.get("h")).get(1))) < 0);

    place("pair", "XBTUSD", "type", "buy", "ordertype", "market", "volume", "0.01");
    Map<String, Object> after = map(pub("getTicker", "pair", "XBTUSD").get("XXBTZUSD"));
    assertEquals(trades + 1, list(after.get("t")).get(1));
    assertEquals("90500.10000", list(after.get("c")).get(0));
    assertEquals("0.01000000", list(after.get("c")).get(1));
    assertEquals("EQuery:Unknown asset pair", refusal(() -> pub("getTicker", "pair", "XBTUSD,NOPE")));
  }

  @Test
  void marketDataNamesPairsWithinTheAssetClassXStocksOnlyWithTokenizedAsset() {
    assertEquals(List.of("XXBTZUSD", "XXBTZEUR", "XETHZUSD", "SOLUSD", "SOLEUR", "USDCUSD"),
        List.copyOf(pub("getTicker").keySet()));
    assertEquals(List.of("AAPLxUSD"), List.copyOf(pub("getTicker", "asset_class", "tokenized_asset").keySet()));
    for (String operation : List.of("getTicker", "getOrderBook", "getRecentTrades", "getRecentSpreads", "getOhlc")) {
      assertEquals("EQuery:Unknown asset pair", refusal(() -> pub(operation, "pair", "AAPLxUSD")), operation);
      assertEquals("EQuery:Unknown asset pair",
          refusal(() -> pub(operation, "pair", "XBTUSD", "asset_class", "tokenized_asset")), operation);
      assertTrue(pub(operation, "pair", "AAPLxUSD", "asset_class", "tokenized_asset").containsKey("AAPLxUSD"),
          operation);
      assertTrue(pub(operation, "pair", "XBTUSD", "asset_class", "currency").containsKey("XXBTZUSD"), operation);
    }
  }

  @Test
  void depthAggregatesLevelsAndShowsTheAccountsOrders() {
    place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "90500.0", "volume", "0.25");
    Map<String, Object> book = map(pub("getOrderBook", "pair", "XBTUSD", "count", 3).get("XXBTZUSD"));
    List<Object> bids = list(book.get("bids"));
    List<Object> asks = list(book.get("asks"));
    assertEquals(3, bids.size());
    assertEquals(List.of("90500.00000", "0.250", 1741942800L), bids.get(0));
    assertEquals("90499.90000", list(bids.get(1)).get(0));
    assertEquals("90500.10000", list(asks.get(0)).get(0));
    assertTrue(dec(list(asks.get(1)).get(0)).compareTo(dec(list(asks.get(0)).get(0))) > 0);
    // Above 500 the count is clamped (x-kraken-service-clamps), below 1 refused.
    Map<String, Object> clamped = map(pub("getOrderBook", "pair", "XBTUSD", "count", 501).get("XXBTZUSD"));
    assertTrue(list(clamped.get("bids")).size() > 3 && list(clamped.get("bids")).size() <= 500);
    assertEquals("EGeneral:Invalid arguments:count", refusal(() -> pub("getOrderBook", "pair", "XBTUSD",
        "count", 0)));
    assertEquals("EGeneral:Invalid arguments:pair", refusal(() -> pub("getOrderBook")));
  }

  @Test
  void groupedBookAccumulatesToTheNearestPassiveLevel() {
    Map<String, Object> grouped = pub("getGroupedOrderBook", "pair", "XBTUSD", "grouping", 1000);
    assertEquals("BTC/USD", grouped.get("pair"));
    assertEquals(1000L, grouped.get("grouping"));
    List<Object> bids = list(grouped.get("bids"));
    List<Object> asks = list(grouped.get("asks"));
    // The seeded book spans 90427.4 to 90572.6: one group each way, bids down to 90400, asks up to 90600.
    assertEquals(1, bids.size());
    assertEquals("90400.00000", map(bids.get(0)).get("price"));
    assertEquals("90600.00000", map(asks.get(0)).get("price"));
    BigDecimal total = BigDecimal.ZERO;
    for (Object order : level3("XBTUSD", "bids")) {
      total = total.add(dec(map(order).get("qty")));
    }
    assertEquals(0, total.compareTo(dec(map(bids.get(0)).get("qty"))));
    // Every documented depth is served, up to 1000 levels (the seeded book has 30 a side).
    assertEquals(30, list(pub("getGroupedOrderBook", "pair", "XBTUSD", "depth", 1000).get("asks")).size());
  }

  @Test
  void level3ListsEveryOrderWithItsIdAndNanosecondTimestamp() {
    String txid = place("pair", "XBTUSD", "type", "sell", "ordertype", "limit", "price", "90500.0", "volume", "0.1");
    Map<String, Object> l3 = map(exchange.handle("getLevel3OrderBook", Exchange.DEMO, params("pair", "XBTUSD")));
    assertEquals("BTC/USD", l3.get("pair"));
    Map<String, Object> best = map(list(l3.get("asks")).get(0));
    assertEquals(List.of("price", "qty", "order_id", "timestamp"), List.copyOf(best.keySet()));
    assertEquals(txid, best.get("order_id"));
    assertEquals(1741942800000000000L, best.get("timestamp"));
    for (Object order : list(l3.get("bids"))) {
      assertTrue(Ids.shaped((String) map(order).get("order_id"), 'O'));
    }
  }

  @Test
  void tradesPageForwardWithTheNanosecondLast() {
    Map<String, Object> recent = pub("getRecentTrades", "pair", "XBTUSD", "count", 2);
    List<Object> rows = list(recent.get("XXBTZUSD"));
    assertEquals(2, rows.size());
    List<Object> row = list(rows.get(1));
    assertEquals(7, row.size());
    assertEquals("90500.00000", row.get(0));
    String last = (String) recent.get("last");
    assertTrue(last.matches("\\d{19}"), last);
    assertTrue(list(pub("getRecentTrades", "pair", "XBTUSD", "since", last).get("XXBTZUSD")).isEmpty());

    clock.advance(Duration.ofSeconds(5));
    place("pair", "XBTUSD", "type", "sell", "ordertype", "market", "volume", "0.01");
    Map<String, Object> newer = pub("getRecentTrades", "pair", "XBTUSD", "since", last);
    List<Object> newRows = list(newer.get("XXBTZUSD"));
    assertEquals(1, newRows.size());
    assertEquals(List.of("90499.90000", "0.01000000", new BigDecimal("1741942805"), "s", "m", ""),
        list(newRows.get(0)).subList(0, 6));
    assertEquals(1741942805000000000L, Long.parseLong((String) newer.get("last")));
    assertEquals((Long) row.get(6) + 1, list(newRows.get(0)).get(6));
  }

  @Test
  void spreadsRecordTheTopOfTheBookWhenItMoves() {
    Map<String, Object> spreads = pub("getRecentSpreads", "pair", "XBTUSD");
    long last = (Long) spreads.get("last");
    List<Object> rows = list(spreads.get("XXBTZUSD"));
    assertEquals(200, rows.size());
    // The seeded book keeps the last spread of the seeded day: a tick either side of the last trade.
    assertEquals(List.of(last, "90499.90000", "90500.10000"), rows.get(rows.size() - 1));
    assertTrue(last < 1741942800L);
    clock.advance(Duration.ofSeconds(3));
    place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "90500.0", "volume", "0.01");
    Map<String, Object> moved = pub("getRecentSpreads", "pair", "XBTUSD", "since", last);
    assertEquals(List.of(List.of(1741942803L, "90500.00000", "90500.10000")), moved.get("XXBTZUSD"));
    assertEquals(1741942803L, moved.get("last"));
  }

  @Test
  void ohlcCandlesAreBuiltFromTrades() {
    Map<String, Object> hourly = pub("getOhlc", "pair", "XBTUSD", "interval", 60);
    List<Object> candles = list(hourly.get("XXBTZUSD"));
    assertTrue(candles.size() >= 24 && candles.size() <= 25, "candles: " + candles.size());
    List<Object> current = list(candles.get(candles.size() - 1));
    assertEquals(1741942800L, current.get(0));
    assertEquals(1741942800L - 3600, hourly.get("last"));
    List<Object> previous = list(candles.get(candles.size() - 2));
    assertEquals(8, previous.size());
    assertEquals("90500.0", previous.get(4)); // the seeded walk closes at the seed price
    assertTrue((Long) previous.get(7) > 0);

    place("pair", "XBTUSD", "type", "buy", "ordertype", "market", "volume", "0.02");
    List<Object> now = list(list(pub("getOhlc", "pair", "XBTUSD", "interval", 60).get("XXBTZUSD")).get(candles
        .size() - 1));
    assertEquals(List.of(1741942800L, "90500.1", "90500.1", "90500.1", "90500.1", "90500.1", "0.02000000", 1L), now);
    Map<String, Object> since = pub("getOhlc", "pair", "XBTUSD", "interval", 60, "since", hourly.get("last"));
    assertEquals(1, list(since.get("XXBTZUSD")).size());
    assertEquals("EGeneral:Invalid arguments:interval", refusal(() -> pub("getOhlc", "pair", "XBTUSD",
        "interval", 7)));
  }

  @Test
  void transparencyViews() {
    Map<String, Object> pre = pub("getPreTradeData", "symbol", "BTC/USD");
    assertEquals("BTC/USD", pre.get("symbol"));
    assertEquals("Bitcoin / US Dollars", pre.get("description"));
    assertEquals("PGSL", pre.get("venue"));
    assertEquals("CLOB", pre.get("system"));
    List<Object> bids = list(pre.get("bids"));
    assertEquals(10, bids.size());
    Map<String, Object> bid = map(bids.get(0));
    assertEquals(List.of("side", "price", "qty", "count", "submission_ts", "publication_ts"),
        List.copyOf(bid.keySet()));
    assertEquals("BUY", bid.get("side"));
    assertEquals("90499.9", bid.get("price"));
    assertEquals("2025-03-14T09:00:00.000000Z", bid.get("publication_ts"));

    place("pair", "XBTUSD", "type", "buy", "ordertype", "market", "volume", "0.01");
    Map<String, Object> post = pub("getPostTradeData", "symbol", "BTC/USD", "count", 2);
    assertEquals(2L, post.get("count"));
    List<Object> trades = list(post.get("trades"));
    Map<String, Object> latest = map(trades.get(1));
    assertEquals("90500.1", latest.get("price"));
    assertEquals("0.01000000", latest.get("quantity"));
    assertEquals("BTC/USD", latest.get("symbol"));
    assertEquals("2025-03-14T09:00:00.000000000Z", latest.get("trade_ts"));
    assertEquals(latest.get("trade_ts"), post.get("last_ts"));
    assertTrue(Ids.shaped((String) latest.get("trade_id"), 'T'));
    Map<String, Object> after = pub("getPostTradeData", "symbol", "XBTUSD", "from_ts", post.get("last_ts"));
    assertEquals(0L, after.get("count"));
    assertEquals(1000L, pub("getPostTradeData").get("count"));
    // An unknown symbol is an invalid argument in the transparency views, not an unknown pair.
    assertEquals("EGeneral:Invalid arguments:symbol", refusal(() -> pub("getPreTradeData", "symbol", "DOGE/MARS")));
    assertEquals("EGeneral:Invalid arguments:symbol", refusal(() -> pub("getPostTradeData", "symbol", "DOGE/MARS")));
  }
}
