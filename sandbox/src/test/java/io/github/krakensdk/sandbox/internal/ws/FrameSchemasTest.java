package io.github.krakensdk.sandbox.internal.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The tests' check of frames against websocket.yaml finds what is wrong, so that its silence means something. */
class FrameSchemasTest {
  @Test
  void framesAreRoutedByTheContractsExtensions() {
    assertEquals("BookMessage", FrameSchemas.schemaOf(WsClient.parse("{\"channel\":\"book\",\"type\":\"update\",\"data\":[]}")));
    assertEquals("HeartbeatMessage", FrameSchemas.schemaOf(WsClient.parse("{\"channel\":\"heartbeat\"}")));
    assertEquals("SubscribeReply", FrameSchemas.schemaOf(WsClient.parse("{\"method\":\"subscribe\",\"success\":true}")));
    assertEquals("ErrorReply", FrameSchemas.schemaOf(WsClient.parse("{\"method\":\"subscribe\",\"success\":false}")));
    assertEquals("PongReply", FrameSchemas.schemaOf(WsClient.parse("{\"method\":\"pong\"}")));
  }

  @Test
  void aFrameThatBreaksItsSchemaIsReported() {
    String good = "{\"channel\":\"book\",\"type\":\"update\",\"data\":[{\"symbol\":\"BTC/USD\",\"bids\":[{\"price\":90500.0,"
        + "\"qty\":0.02000000}],\"asks\":[],\"checksum\":3310070434,\"timestamp\":\"2026-03-14T09:00:00.000000Z\"}]}";
    assertEquals(List.of(), FrameSchemas.check(good));
    List<String> noChecksum = FrameSchemas.check(good.replace(",\"checksum\":3310070434", ""));
    assertFalse(noChecksum.isEmpty());
    assertTrue(noChecksum.get(0).contains("checksum"), noChecksum.toString());
    assertFalse(FrameSchemas.check(good.replace("\"qty\":0.02000000", "\"qty\":\"0.02\"")).isEmpty(), "a quantity in quotes");
    assertFalse(FrameSchemas.check("{\"method\":\"subscribe\",\"success\":true,\"result\":{\"channel\":\"book\","
        + "\"symbol\":[\"BTC/USD\"]}}").isEmpty(), "an ack's symbol is one string");
  }
}
