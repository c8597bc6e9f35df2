package io.github.krakensdk.websocket.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class JsonCodecTest {
  private final JsonCodec codec = new JsonCodec();

  @Test void numbersKeepTheirLiteralTextBothWays() throws IOException {
    String text = "{\"price\":0.10000000,\"qty\":4831.75496356,\"big\":123456789012345678901234567890,\"n\":-1e-3}";
    Map<?, ?> tree = (Map<?, ?>) Json.parse(text);
    assertEquals("0.10000000", ((BigDecimal) tree.get("price")).toPlainString());
    assertEquals(new BigDecimal("123456789012345678901234567890"), tree.get("big"));
    assertEquals("{\"price\":0.10000000,\"qty\":4831.75496356,\"big\":123456789012345678901234567890,\"n\":-0.001}",
        Json.write(tree));
  }

  @Test void aTreeOfAnotherTypeIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.write(Map.of("qty", 0.1d)));
    assertTrue(e.getMessage().startsWith("not a JSON tree value"), e.getMessage());
  }

  @Test void writeSetsReqIdAndTokenWithoutChangingTheRequest() {
    JsonRequest request = JsonRequest.subscribe("executions", Map.of("snap_orders", true));
    assertEquals("{\"method\":\"subscribe\",\"params\":{\"channel\":\"executions\",\"snap_orders\":true,\"token\":\"t\"},"
        + "\"req_id\":7}", codec.write(request, 7, "t"));
    assertFalse(request.params().containsKey("token"));
    assertEquals("{\"method\":\"cancel_all\",\"req_id\":8}", codec.write(JsonRequest.of("cancel_all", Map.of()), 8, null));
    assertEquals("{\"method\":\"ping\",\"req_id\":9}", codec.ping(9));
  }

  @Test void aRequestCannotCarryReqIdOrToken() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> JsonRequest.of("add_order", Map.of("token", "x")));
    assertEquals("params must not carry req_id or token: the connection sets them", e.getMessage());
  }

  @Test void expectedRepliesAreOnePerSymbolOrOrderId() {
    assertEquals(3, codec.expectedReplies(JsonRequest.subscribe("book", Map.of("symbol", List.of("A/B", "C/D", "E/F")))));
    assertEquals(1, codec.expectedReplies(JsonRequest.subscribe("executions", Map.of())));
    assertEquals(2, codec.expectedReplies(JsonRequest.of("unsubscribe", Map.of("channel", "ticker", "symbol", List.of("A/B", "C/D")))));
    assertEquals(3, codec.expectedReplies(JsonRequest.of("cancel_order",
        Map.of("order_id", List.of("O1", "O2"), "cl_ord_id", List.of("c1")))));
    assertEquals(1, codec.expectedReplies(JsonRequest.of("batch_add", Map.of("symbol", "A/B"))));
  }

  @Test void anUnsubscribeRepeatsOnlyTheSubscriptionsIdentity() {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("symbol", List.of("BTC/USD"));
    params.put("interval", 5);
    params.put("snapshot", false);
    JsonRequest unsubscribe = codec.unsubscribeOf(JsonRequest.subscribe("ohlc", params));
    assertEquals("unsubscribe", unsubscribe.method());
    assertEquals(Map.of("channel", "ohlc", "symbol", List.of("BTC/USD"), "interval", 5), unsubscribe.params());
  }

  @Test void dispatchTellsRepliesFromChannelMessages() throws IOException {
    Inbound<Map<String, Object>> ack = codec.dispatch(
        "{\"method\":\"subscribe\",\"result\":{\"channel\":\"book\",\"symbol\":\"BTC/USD\"},\"success\":true,\"req_id\":42}");
    assertTrue(ack.isReply());
    assertEquals(42, ack.reqId());
    assertTrue(ack.success());
    Inbound<Map<String, Object>> error = codec.dispatch(
        "{\"method\":\"add_order\",\"success\":false,\"error\":\"EOrder:Insufficient funds\",\"req_id\":43}");
    assertFalse(error.success());
    assertEquals("EOrder:Insufficient funds", error.error());
    Inbound<Map<String, Object>> pong = codec.dispatch("{\"method\":\"pong\",\"req_id\":44}");
    assertTrue(pong.success());
    Inbound<Map<String, Object>> candle = codec.dispatch(
        "{\"channel\":\"ohlc\",\"type\":\"update\",\"data\":[{\"symbol\":\"BTC/USD\",\"interval\":5}]}");
    assertFalse(candle.isReply());
    assertEquals("BTC/USD", candle.symbol());
    assertEquals("ohlc BTC/USD 5", candle.coalesceKey());
    Inbound<Map<String, Object>> instrument = codec.dispatch(
        "{\"channel\":\"instrument\",\"type\":\"snapshot\",\"data\":{\"assets\":[],\"pairs\":[]}}");
    assertEquals("instrument", instrument.channel());
    assertNull(instrument.coalesceKey());
    Inbound<Map<String, Object>> heartbeat = codec.dispatch("{\"channel\":\"heartbeat\"}");
    assertEquals("heartbeat", heartbeat.channel());
    assertThrows(IOException.class, () -> codec.dispatch("[1]"));
  }

  @SuppressWarnings("unchecked")
  @Test void bookUpdatesMergeByConcatenationAndSnapshotsReplace() throws IOException {
    Map<String, Object> first = (Map<String, Object>) Json.parse("{\"channel\":\"book\",\"type\":\"update\",\"data\":"
        + "[{\"symbol\":\"BTC/USD\",\"bids\":[{\"price\":1,\"qty\":1}],\"asks\":[{\"price\":2,\"qty\":0}],\"checksum\":11}]}");
    Map<String, Object> second = (Map<String, Object>) Json.parse("{\"channel\":\"book\",\"type\":\"update\",\"data\":"
        + "[{\"symbol\":\"BTC/USD\",\"bids\":[{\"price\":1,\"qty\":0}],\"asks\":[],\"checksum\":22}]}");
    Map<String, Object> merged = codec.coalesce(first, second);
    assertEquals("{\"channel\":\"book\",\"type\":\"update\",\"data\":[{\"symbol\":\"BTC/USD\",\"bids\":[{\"price\":1,"
        + "\"qty\":1},{\"price\":1,\"qty\":0}],\"asks\":[{\"price\":2,\"qty\":0}],\"checksum\":22}]}", Json.write(merged));
    Map<String, Object> snapshot = (Map<String, Object>) Json.parse(
        "{\"channel\":\"book\",\"type\":\"snapshot\",\"data\":[{\"symbol\":\"BTC/USD\",\"bids\":[],\"asks\":[],\"checksum\":0}]}");
    assertSame(snapshot, codec.coalesce(first, snapshot));
    assertNull(codec.coalesce(snapshot, first), "an update is not merged into a snapshot");
    Map<String, Object> trade = (Map<String, Object>) Json.parse("{\"channel\":\"trade\",\"type\":\"update\",\"data\":[]}");
    assertNull(codec.coalesce(trade, trade), "trades are never merged");
  }

  @Test void reqIdsArePositiveInt32AndWrapToOne() {
    ReqIds ids = new ReqIds(Integer.MAX_VALUE - 1);
    assertEquals(Integer.MAX_VALUE, ids.next());
    assertEquals(1, ids.next());
    assertEquals(2, ids.next());
  }
}
