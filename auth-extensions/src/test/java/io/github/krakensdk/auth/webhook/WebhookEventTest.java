package io.github.krakensdk.auth.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class WebhookEventTest {
  private static WebhookEvent parse(String json) {
    return WebhookEvent.parse(json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void everyKnownTypeIsTyped() throws Exception {
    String[] names = {
      "webhook.test", "custom_order.executed", "custom_order.execution_failed", "custom_order.cancelled",
      "quote.executed", "quote.execution_failed", "quote.cancelled", "reward.paid",
      "user.verified", "user.closed", "user.disabled"
    };
    assertEquals(names.length + 1, WebhookEventType.values().length, "11 types and UNKNOWN");
    for (String name : names) {
      WebhookEvent event = parse("{\"event_type\":\"" + name + "\",\"id\":\"evt_1\"}");
      assertEquals(name, event.type().wireName());
      assertEquals(name, event.eventType());
    }
  }

  @Test
  void envelopeFieldsAreRead() throws Exception {
    WebhookEvent event = parse("{\"event_type\":\"quote.executed\",\"id\":\"evt_9\","
        + "\"iiban\":\"AA12 N84G WWUN RCA5\",\"timestamp\":1767261600123456789,"
        + "\"data\":{\"quote_id\":\"Q1\",\"amount\":\"10.50\"}}");
    assertEquals(WebhookEventType.QUOTE_EXECUTED, event.type());
    assertEquals("evt_9", event.id());
    assertEquals("AA12 N84G WWUN RCA5", event.iiban());
    assertEquals(new BigInteger("1767261600123456789"), event.timestampNanos());
    assertEquals(Instant.ofEpochSecond(1767261600L, 123456789L), event.timestamp());
    assertEquals(Map.of("quote_id", "Q1", "amount", "10.50"), event.field("data"));
    assertEquals(List.of("event_type", "id", "iiban", "timestamp", "data"), List.copyOf(event.fields().keySet()));
  }

  @Test
  void unknownTypesAreKept() throws Exception {
    WebhookEvent event = parse("{\"event_type\":\"deposit.status_updated\",\"id\":\"e\",\"status\":\"settled\",\"n\":1.5}");
    assertEquals(WebhookEventType.UNKNOWN, event.type());
    assertEquals("deposit.status_updated", event.eventType());
    assertEquals("settled", event.field("status"));
    assertEquals(new BigDecimal("1.5"), event.field("n"));
    assertNull(WebhookEventType.UNKNOWN.wireName());
  }

  @Test
  void testEventHasItsMessageAndMissingFieldsAreNull() throws Exception {
    WebhookEvent event = parse("{\"event_type\":\"webhook.test\",\"message\":\"hello\"}");
    assertEquals("hello", event.message());
    assertNull(event.id());
    assertNull(event.iiban());
    assertNull(event.timestamp());
  }

  @Test
  void malformedPayloadsFail() {
    for (String bad : new String[] {"", "[]", "{\"id\":\"x\"}", "{\"event_type\":5}", "{\"event_type\":\"\"}",
        "{\"event_type\":\"a\",}", "not json"}) {
      WebhookVerificationException e = assertThrows(WebhookVerificationException.class, () -> parse(bad), bad);
      assertEquals(WebhookVerificationException.Reason.MALFORMED_PAYLOAD, e.reason());
    }
  }
}
