package io.github.krakensdk.flows;

import static io.github.krakensdk.flows.FlowServers.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.spot.model.GetOhlcRequest;
import io.github.krakensdk.spot.model.GetRecentSpreadsRequest;
import io.github.krakensdk.spot.model.GetRecentTradesRequest;
import io.github.krakensdk.spot.model.OhlcEntry;
import io.github.krakensdk.spot.model.OhlcInterval;
import io.github.krakensdk.spot.model.RecentTrades;
import io.github.krakensdk.spot.model.SpreadEntry;
import io.github.krakensdk.spot.model.TradeEntry;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.List;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The {@code since}/{@code last} flows: Trades, OHLC and Spread. */
final class SincePagesTest {
  @StartStop final MockWebServer server = FlowServers.noDelay();
  private KrakenClient kraken;

  @BeforeEach
  void setUp() {
    kraken = FlowServers.client(server);
  }

  @AfterEach
  void tearDown() {
    kraken.close();
  }

  private static String trades(String last, long... ids) {
    StringBuilder entries = new StringBuilder();
    for (long id : ids) {
      if (entries.length() > 0) {
        entries.append(',');
      }
      entries.append("[\"30243.4\",\"0.5\",1688669597.8277369,\"b\",\"m\",\"\",").append(id).append(']');
    }
    return "{\"error\":[],\"result\":{\"XXBTZUSD\":[" + entries + "],\"last\":\"" + last + "\"}}";
  }

  @Test
  void tradesAskFromThePreviousLastUntilAPageIsEmpty() throws Exception {
    server.enqueue(json(trades("100", 1, 2)));
    server.enqueue(json(trades("200", 2, 3)));
    server.enqueue(json(trades("200")));
    GetRecentTradesRequest query = GetRecentTradesRequest.builder().pair("XBTUSD").since("50").count(2).build();

    List<Long> ids = kraken.spot().getRecentTradesPages(query).stream().map(TradeEntry::tradeId).toList();

    assertEquals(List.of(1L, 2L, 3L), ids, "trade 2, at the boundary, once");
    assertEquals(3, server.getRequestCount());
    for (String since : List.of("50", "100", "200")) {
      HttpUrl url = server.takeRequest().getUrl();
      assertEquals("/0/public/Trades", url.encodedPath());
      assertEquals("XBTUSD", url.queryParameter("pair"));
      assertEquals("2", url.queryParameter("count"));
      assertEquals(since, url.queryParameter("since"));
    }
  }

  @Test
  void tradesStopWhenLastDoesNotMove() {
    server.enqueue(json(trades("100", 1, 2)));
    server.enqueue(json(trades("100", 2)));
    GetRecentTradesRequest query = GetRecentTradesRequest.builder().pair("XBTUSD").build();
    var trades = kraken.spot().getRecentTradesPages(query);
    assertEquals(2, trades.pages().count(), "the second page is given, then nothing is asked");
    assertEquals(2, server.getRequestCount());
  }

  @Test
  void theFirstPageIsTheQueryAsGivenAndNothingIsSentBeforeIterating() throws Exception {
    server.enqueue(json(trades("100", 1)));
    server.enqueue(json(trades("100")));
    Iterator<RecentTrades> pages =
        kraken.spot().getRecentTradesPages(GetRecentTradesRequest.builder().pair("XBTUSD").build()).byPage().iterator();
    assertEquals(0, server.getRequestCount());
    assertTrue(pages.hasNext());
    assertEquals(1, server.getRequestCount());
    assertEquals("100", pages.next().last());
    assertNull(server.takeRequest().getUrl().queryParameter("since"));
    assertFalse(pages.hasNext(), "the second page is empty: not given");
    assertEquals(2, server.getRequestCount());
  }

  static String candles(long last, long... times) {
    StringBuilder entries = new StringBuilder();
    for (long time : times) {
      if (entries.length() > 0) {
        entries.append(',');
      }
      // The close is the page's last: a candle seen again carries the later page's values.
      entries.append('[').append(time).append(",\"1\",\"2\",\"0.5\",\"").append(last)
          .append("\",\"1.2\",\"3\",7]");
    }
    return "{\"error\":[],\"result\":{\"XXBTZUSD\":[" + entries + "],\"last\":" + last + "}}";
  }

  @Test
  void candlesComeOnceCommittedAndTheFormingOneLast() throws Exception {
    server.enqueue(json(candles(120, 60, 120, 180)));   // 180 is forming
    server.enqueue(json(candles(180, 180, 240)));       // 180 committed; 240 forming
    server.enqueue(json(candles(180, 240)));            // last did not move: the end
    GetOhlcRequest query = GetOhlcRequest.builder().pair("XBTUSD").interval(OhlcInterval.NUMBER_1).build();

    List<OhlcEntry> candles = kraken.spot().getOhlcPages(query).stream().toList();

    assertEquals(List.of(60L, 120L, 180L, 240L), candles.stream().map(OhlcEntry::time).toList());
    assertEquals(new BigDecimal("180"), candles.get(2).close(), "180 as committed, from the second page");
    assertEquals(new BigDecimal("180"), candles.get(3).close(), "240 as the last page saw it");
    assertEquals(3, server.getRequestCount());
    assertNull(server.takeRequest().getUrl().queryParameter("since"));
    assertEquals("120", server.takeRequest().getUrl().queryParameter("since"));
    HttpUrl third = server.takeRequest().getUrl();
    assertEquals("180", third.queryParameter("since"));
    assertEquals("1", third.queryParameter("interval"));
  }

  @Test
  void theFormingCandleIsGivenWhenAnEmptyPageEndsTheWalk() {
    server.enqueue(json(candles(120, 60, 120, 180)));
    server.enqueue(json(candles(120)));
    List<Long> times = kraken.spot().getOhlcPages(GetOhlcRequest.builder().pair("XBTUSD").build())
        .stream().map(OhlcEntry::time).toList();
    assertEquals(List.of(60L, 120L, 180L), times);
  }

  private static String spreads(long last, String... entries) {
    return "{\"error\":[],\"result\":{\"XXBTZUSD\":[" + String.join(",", entries) + "],\"last\":" + last + "}}";
  }

  private static String spread(long time, String bid, String ask) {
    return "[" + time + ",\"" + bid + "\",\"" + ask + "\"]";
  }

  @Test
  void spreadsAtTheBoundaryComeOnceAndSpreadsSharingASecondAreKept() throws Exception {
    server.enqueue(json(spreads(12, spread(10, "1", "2"), spread(10, "1", "3"), spread(12, "2", "3"))));
    server.enqueue(json(spreads(13, spread(12, "2", "3"), spread(13, "2", "4"))));
    server.enqueue(json(spreads(13)));

    List<SpreadEntry> spreads = kraken.spot().getRecentSpreadsPages(GetRecentSpreadsRequest.builder().pair("XBTUSD").since(5L).build()).stream().toList();

    assertEquals(List.of(10L, 10L, 12L, 13L), spreads.stream().map(SpreadEntry::time).toList());
    assertEquals(3, server.getRequestCount());
    assertEquals("5", server.takeRequest().getUrl().queryParameter("since"));
    assertEquals("12", server.takeRequest().getUrl().queryParameter("since"));
    assertEquals("13", server.takeRequest().getUrl().queryParameter("since"));
  }
}
