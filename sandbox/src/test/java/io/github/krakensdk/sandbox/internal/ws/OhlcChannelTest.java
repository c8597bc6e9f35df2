package io.github.krakensdk.sandbox.internal.ws;

import static io.github.krakensdk.sandbox.internal.ws.WsClient.list;
import static io.github.krakensdk.sandbox.internal.ws.WsClient.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.spot.model.OrderSide;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code ohlc} on the public endpoint: candles of the interval asked for, built from the trades the
 * {@code trade} channel shows on the same connection, the running candle updated after each trade
 * and a new one begun when the sandbox clock passes the interval's end; every frame checked
 * against {@code websocket.yaml}.
 */
class OhlcChannelTest {
  private final MutableClock clock = MutableClock.at(Instant.parse("2026-03-14T09:00:00Z"));
  private Sandbox sandbox;
  private WsClient ws;

  @BeforeEach
  void start() {
    sandbox = Sandbox.builder().clock(clock).webSocketIdleTimeout(Duration.ofSeconds(30)).start();
  }

  @AfterEach
  void stop() {
    ws.close();
    assertEquals(List.of(), ws.problems, "frames that do not match the contract");
    sandbox.close();
  }

  @Test
  void candlesFollowTheExchangesOwnTrades() {
    ws = new WsClient(sandbox.spotWebSocketUrl());
    ws.next("status", "update");
    clock.advance(Duration.ofHours(1)); // 10:00: an interval no trade of the seed falls in
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"trade\",\"symbol\":[\"BTC/USD\"],\"snapshot\":false},\"req_id\":1}");
    assertEquals(true, ws.reply(1).get("success"));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"ohlc\",\"symbol\":[\"BTC/USD\"],\"interval\":5},\"req_id\":2}");
    Map<String, Object> ack = ws.reply(2);
    assertEquals("BTC/USD", map(ack.get("result")).get("symbol"), ack.toString());
    assertEquals(new BigDecimal("5"), map(ack.get("result")).get("interval"), "the acknowledgement names the interval");
    Map<String, Object> snapshot = ws.next("ohlc", "snapshot");
    for (Object candle : list(snapshot.get("data"))) {
      assertEquals("BTC/USD", map(candle).get("symbol"));
      assertTrue(Instant.parse((String) map(candle).get("interval_begin")).isBefore(clock.instant()), "the last valid candle");
    }

    clock.advance(Duration.ofSeconds(30));
    sandbox.spot().trade("XBTUSD", OrderSide.BUY, new BigDecimal("0.5"), null);
    clock.advance(Duration.ofSeconds(30));
    sandbox.spot().trade("XBTUSD", OrderSide.SELL, new BigDecimal("0.7"), null);
    List<Map<String, Object>> trades = trades(2);
    Map<String, Object> candle = lastCandle(trades.size());
    assertEquals("2026-03-14T10:00:00.000000000Z", candle.get("interval_begin"));
    assertEquals(new BigDecimal(5), candle.get("interval"));
    assertCandle(trades, candle);

    // The next interval begins a new candle.
    clock.advance(Duration.ofMinutes(5));
    sandbox.spot().trade("XBTUSD", OrderSide.BUY, new BigDecimal("0.1"), null);
    List<Map<String, Object>> later = trades(1);
    Map<String, Object> next = lastCandle(later.size());
    assertEquals("2026-03-14T10:05:00.000000000Z", next.get("interval_begin"));
    assertCandle(later, next);

    // Unsubscribe names the interval; one the connection does not have is not found.
    ws.send("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"ohlc\",\"symbol\":[\"BTC/USD\"],\"interval\":15},\"req_id\":3}");
    assertEquals("Subscription Not Found", ws.reply(3).get("error"));
    ws.send("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"ohlc\",\"symbol\":[\"BTC/USD\"],\"interval\":5},\"req_id\":4}");
    assertEquals(true, ws.reply(4).get("success"));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"ohlc\",\"symbol\":[\"BTC/USD\"],\"interval\":2},\"req_id\":5}");
    assertEquals("EGeneral:Invalid arguments:interval: must be one of 1, 5, 15, 30, 60, 240, 1440, 10080, 21600, was 2",
        ws.reply(5).get("error"));
  }

  /** The trades of the next updates of the trade channel, at least {@code atLeast} of them. */
  private List<Map<String, Object>> trades(int atLeast) {
    List<Map<String, Object>> trades = new ArrayList<>();
    while (trades.size() < atLeast) {
      list(ws.next("trade", "update").get("data")).forEach(trade -> trades.add(map(trade)));
    }
    return trades;
  }

  /** The candle of the ohlc update that counts {@code trades} trades (the running candle's last state). */
  private Map<String, Object> lastCandle(int trades) {
    while (true) {
      List<Object> candles = list(ws.next("ohlc", "update").get("data"));
      Map<String, Object> candle = map(candles.get(candles.size() - 1));
      if (((BigDecimal) candle.get("trades")).intValue() >= trades) {
        return candle;
      }
    }
  }

  private static void assertCandle(List<Map<String, Object>> trades, Map<String, Object> candle) {
    BigDecimal volume = BigDecimal.ZERO;
    BigDecimal value = BigDecimal.ZERO;
    BigDecimal high = null;
    BigDecimal low = null;
    for (Map<String, Object> trade : trades) {
      BigDecimal price = (BigDecimal) trade.get("price");
      BigDecimal qty = (BigDecimal) trade.get("qty");
      volume = volume.add(qty);
      value = value.add(price.multiply(qty));
      high = high == null || price.compareTo(high) > 0 ? price : high;
      low = low == null || price.compareTo(low) < 0 ? price : low;
    }
    assertEquals(new BigDecimal(trades.size()), candle.get("trades"), candle.toString());
    assertEquals(trades.get(0).get("price"), candle.get("open"));
    assertEquals(trades.get(trades.size() - 1).get("price"), candle.get("close"));
    assertEquals(high, candle.get("high"));
    assertEquals(low, candle.get("low"));
    assertEquals(0, volume.compareTo((BigDecimal) candle.get("volume")), candle.toString());
    BigDecimal vwap = (BigDecimal) candle.get("vwap");
    assertEquals(value.divide(volume, vwap.scale(), RoundingMode.HALF_EVEN), vwap);
  }
}
