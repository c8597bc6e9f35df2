package io.github.krakensdk.websocket.internal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.krakensdk.websocket.model.BookDepth;
import io.github.krakensdk.websocket.model.BookSubscribeParams;
import io.github.krakensdk.websocket.model.BookUnsubscribeParams;
import io.github.krakensdk.websocket.model.Channel;
import io.github.krakensdk.websocket.model.ExecutionsSubscribeParams;
import io.github.krakensdk.websocket.model.Level3SubscribeParams;
import io.github.krakensdk.websocket.model.OhlcInterval;
import io.github.krakensdk.websocket.model.OhlcSubscribeParams;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Subscription keys: one per pair, matched by the acknowledgements, rebuilt on a new connection. */
final class SubscriptionKeyTest {
  private final WebSocketCodec codec = WebSocketCodec.create();

  @Test
  void aSubscriptionOfThreePairsWaitsForThreeAcknowledgementsWithOneReqId() {
    BookSubscribeRequest request = WebSocketRequests.bookSubscribe(BookSubscribeParams.builder()
        .symbol(List.of("BTC/USD", "ETH/USD", "SOL/USD")).depth(BookDepth.NUMBER_25).build(), 42L);
    List<SubscriptionKey> keys = SubscriptionKey.of(request);
    assertEquals(List.of("book BTC/USD {depth=25}", "book ETH/USD {depth=25}", "book SOL/USD {depth=25}"),
        keys.stream().map(SubscriptionKey::toString).toList());
    assertEquals(Map.of("depth", "25"), keys.get(0).options());
    assertSame(request, keys.get(1).subscription());

    // Kraken's acknowledgements, one per pair, in any order, each with the request's req_id.
    for (String symbol : List.of("ETH/USD", "SOL/USD", "BTC/USD")) {
      SubscribeReply ack = assertInstanceOf(SubscribeReply.class, codec.read("{\"method\":\"subscribe\",\"result\":{"
          + "\"channel\":\"book\",\"depth\":25,\"snapshot\":true,\"symbol\":\"" + symbol + "\",\"warnings\":[]},"
          + "\"success\":true,\"time_in\":\"2023-09-25T09:04:31.742599Z\",\"time_out\":\"2023-09-25T09:04:31.742648Z\","
          + "\"req_id\":42}"));
      assertEquals(symbol, SubscriptionKey.matching(keys, ack.result()).symbol());
    }
    SubscribeReply otherChannel = assertInstanceOf(SubscribeReply.class, codec.read("{\"method\":\"subscribe\","
        + "\"result\":{\"channel\":\"ticker\",\"symbol\":\"BTC/USD\"},\"success\":true,\"req_id\":42}"));
    assertNull(SubscriptionKey.matching(keys, otherChannel.result()));
  }

  @Test
  void theOptionsAnUnsubscriptionRepeatsTellSubscriptionsApart() {
    SubscriptionKey depth25 = SubscriptionKey.of(WebSocketRequests.bookSubscribe(BookSubscribeParams.builder()
        .symbol(List.of("BTC/USD")).depth(BookDepth.NUMBER_25).snapshot(true).build(), 1L)).get(0);
    SubscriptionKey depth25NoSnapshot = SubscriptionKey.of(WebSocketRequests.bookSubscribe(BookSubscribeParams.builder()
        .symbol(List.of("BTC/USD")).depth(BookDepth.NUMBER_25).snapshot(false).build(), 2L)).get(0);
    SubscriptionKey depth10 = SubscriptionKey.of(WebSocketRequests.bookSubscribe(BookSubscribeParams.builder()
        .symbol(List.of("BTC/USD")).depth(BookDepth.NUMBER_10).build(), 3L)).get(0);
    assertEquals(depth25, depth25NoSnapshot, "snapshot is no part of a subscription's identity");
    assertEquals(depth25.hashCode(), depth25NoSnapshot.hashCode());
    assertNotEquals(depth25, depth10);
    SubscriptionKey unsubscribe = SubscriptionKey.of(WebSocketRequests.bookUnsubscribe(BookUnsubscribeParams.builder()
        .symbol(List.of("BTC/USD")).depth(BookDepth.NUMBER_25).build(), 4L)).get(0);
    assertEquals(depth25, unsubscribe, "an unsubscription names the subscription it ends");

    SubscriptionKey ohlc = SubscriptionKey.of(WebSocketRequests.ohlcSubscribe(OhlcSubscribeParams.builder()
        .symbol(List.of("BTC/USD")).interval(OhlcInterval.NUMBER_60).build(), 5L)).get(0);
    assertEquals(Map.of("interval", "60"), ohlc.options());
    SubscriptionKey executions = SubscriptionKey.of(WebSocketRequests.executionsSubscribe(
        ExecutionsSubscribeParams.builder().snapTrades(true).build(), 6L)).get(0);
    assertEquals("executions", executions.toString(), "no pair, no option");
    assertEquals(Channel.EXECUTIONS, executions.channel());
    assertEquals(List.of(), SubscriptionKey.of(WebSocketRequests.ping(7L)));
  }

  @Test
  void aNewConnectionResubscribesFromTheOriginalRequestWithItsOwnReqId() {
    Level3SubscribeRequest original = WebSocketRequests.level3Subscribe(Level3SubscribeParams.builder()
        .symbol(List.of("BTC/USD", "ETH/USD")).depth(io.github.krakensdk.websocket.model.Level3Depth.NUMBER_100).build(), 10L);
    WsRequest again = SubscriptionKey.resubscription(original, 99L);
    assertEquals(JsonTree.parse("{\"method\":\"subscribe\",\"params\":{\"channel\":\"level3\",\"symbol\":[\"BTC/USD\","
            + "\"ETH/USD\"],\"depth\":100},\"req_id\":99}"),
        JsonTree.parse(codec.write(again)));
    assertEquals(SubscriptionKey.of(original), SubscriptionKey.of(again), "the same subscriptions");

    BookSubscribeRequest publicBook = WebSocketRequests.bookSubscribe(BookSubscribeParams.builder()
        .symbol(List.of("BTC/USD")).build(), 11L);
    assertEquals(JsonTree.parse("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\"]},"
        + "\"req_id\":12}"), JsonTree.parse(codec.write(SubscriptionKey.resubscription(publicBook, 12L))));
    assertThrows(IllegalArgumentException.class, () -> SubscriptionKey.resubscription(WebSocketRequests.ping(1L), 2L));
  }

  @Test
  void oneKeysUnsubscriptionRepeatsItsOptionsForItsPairAlone() {
    SubscriptionKey eth = SubscriptionKey.of(WebSocketRequests.level3Subscribe(Level3SubscribeParams.builder()
        .symbol(List.of("BTC/USD", "ETH/USD")).depth(io.github.krakensdk.websocket.model.Level3Depth.NUMBER_100)
        .snapshot(true).build(), 10L)).get(1);
    assertEquals(JsonTree.parse("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"level3\",\"symbol\":[\"ETH/USD\"],"
            + "\"depth\":100},\"req_id\":13}"),
        JsonTree.parse(codec.write(eth.unsubscription(13L))));
    assertThrows(IllegalStateException.class, () -> SubscriptionKey.of(WebSocketRequests.bookUnsubscribe(
        BookUnsubscribeParams.builder().symbol(List.of("BTC/USD")).build(), 1L)).get(0).unsubscription(2L));
  }
}
