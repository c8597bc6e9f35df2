package io.github.krakensdk.websocket.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.krakensdk.websocket.internal.model.OhlcMessage;
import io.github.krakensdk.websocket.internal.model.TickerMessage;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import java.io.IOException;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * What a behind listener gets when candles and tickers coalesce: a candle's final values are never
 * replaced by the next candle, and a merged snapshot still reads as a snapshot.
 */
final class CandleAndTickerCoalescingTest {
  private final ModelCodec codec = new ModelCodec();

  private WsMessage read(String frame) throws IOException {
    return codec.dispatch(frame).message();
  }

  private WsMessage candle(String type, String intervalBegin, String close) throws IOException {
    return read("{\"channel\":\"ohlc\",\"type\":\"" + type + "\",\"data\":[{\"symbol\":\"BTC/USD\",\"close\":" + close
        + ",\"interval_begin\":\"" + intervalBegin + "\",\"interval\":5}]}");
  }

  @Test void aCandleMergesOnlyIntoTheSameCandle() throws IOException {
    WsMessage closing = candle("update", "2023-10-04T16:25:00.000000000Z", "26500.1");
    WsMessage sameCandle = candle("update", "2023-10-04T16:25:00.000000000Z", "26500.2");
    WsMessage nextCandle = candle("update", "2023-10-04T16:30:00.000000000Z", "26499.0");

    OhlcMessage merged = assertInstanceOf(OhlcMessage.class, codec.coalesce(closing, sameCandle));
    assertEquals(new BigDecimal("26500.2"), merged.data().get(0).close());
    assertNull(codec.coalesce(sameCandle, nextCandle), "candle 16:25's final values are kept");
  }

  @Test void aCandleSnapshotKeepsItsTypeAndItsHistory() throws IOException {
    WsMessage snapshot = candle("snapshot", "2023-10-04T16:25:00.000000000Z", "26500.1");
    WsMessage update = candle("update", "2023-10-04T16:25:00.000000000Z", "26500.2");
    OhlcMessage merged = assertInstanceOf(OhlcMessage.class, codec.coalesce(snapshot, update));
    assertEquals("snapshot", merged.type().value());
    assertEquals(new BigDecimal("26500.2"), merged.data().get(0).close());

    WsMessage history = read("{\"channel\":\"ohlc\",\"type\":\"snapshot\",\"data\":["
        + "{\"symbol\":\"BTC/USD\",\"close\":1,\"interval_begin\":\"2023-10-04T16:20:00.000000000Z\",\"interval\":5},"
        + "{\"symbol\":\"BTC/USD\",\"close\":2,\"interval_begin\":\"2023-10-04T16:25:00.000000000Z\",\"interval\":5}]}");
    assertNull(codec.coalesce(history, update), "a snapshot of several candles is not replaced");
  }

  @Test void aTickerUpdateReplacingASnapshotKeepsTheSnapshotsType() throws IOException {
    WsMessage snapshot = read("{\"channel\":\"ticker\",\"type\":\"snapshot\",\"data\":[{\"symbol\":\"BTC/USD\",\"last\":1}]}");
    WsMessage update = read("{\"channel\":\"ticker\",\"type\":\"update\",\"data\":[{\"symbol\":\"BTC/USD\",\"last\":2}]}");
    TickerMessage merged = assertInstanceOf(TickerMessage.class, codec.coalesce(snapshot, update));
    assertEquals("snapshot", merged.type().value());
    assertEquals(new BigDecimal("2"), merged.data().get(0).last());
    TickerMessage updates = assertInstanceOf(TickerMessage.class, codec.coalesce(update, update));
    assertEquals("update", updates.type().value());
  }
}
