package io.github.krakensdk.auth.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.Moshi;
import io.github.krakensdk.auth.MutableClock;
import io.github.krakensdk.auth.Reference;
import io.github.krakensdk.embed.model.WebhookEvent;
import io.github.krakensdk.embed.model.WebhookEventType;
import io.github.krakensdk.errors.WebhookVerificationException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Random;
import okio.Buffer;
import org.junit.jupiter.api.Test;

/** What {@link WebhookSignatureVerifier#verifyAndParse} makes of a verified body: the contract's event. */
final class WebhookEventTest {
  private static final Instant NOW = Instant.parse("2026-02-01T10:00:00Z");
  private static final String T = Long.toString(NOW.getEpochSecond());

  private final String secret = Reference.randomSecret(new Random(23), 32);
  private final WebhookSignatureVerifier verifier = new WebhookSignatureVerifier(secret, new MutableClock(NOW));

  /** Signs {@code json} as the service would and verifies and parses it. */
  private WebhookEvent parse(String json) throws Exception {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    return verifier.verifyAndParse("t=" + T + ",v1=" + Reference.webhookV1(secret, T, body), body);
  }

  @Test
  void everyKnownTypeIsTyped() throws Exception {
    String[] names = {
      "webhook.test", "custom_order.executed", "custom_order.execution_failed", "custom_order.cancelled",
      "quote.executed", "quote.execution_failed", "quote.cancelled", "reward.paid",
      "user.verified", "user.closed", "user.disabled", "deposit.status_updated", "withdrawal.status_updated"
    };
    assertEquals(names.length, WebhookEventType.values().size(), "the contract's thirteen types");
    for (String name : names) {
      WebhookEvent event = parse("{\"event_type\":\"" + name + "\",\"id\":\"evt_1\"}");
      assertTrue(event.eventType().isKnown(), name);
      assertSame(WebhookEventType.of(name), event.eventType(), "the listed constant");
      assertEquals(name, event.eventType().value());
    }
  }

  @Test
  void envelopeFieldsAreReadWithNanosecondTimestamps() throws Exception {
    WebhookEvent event = parse("{\"event_type\":\"quote.executed\",\"id\":\"evt_9\","
        + "\"iiban\":\"AA12 N84G WWUN RCA5\",\"timestamp\":\"2026-01-01T10:00:00.123456789Z\","
        + "\"data\":{\"quote_id\":\"Q1\",\"amount\":\"10.50\"}}");
    assertSame(WebhookEventType.QUOTE_EXECUTED, event.eventType());
    assertEquals(WebhookEventType.Value.QUOTE_EXECUTED, event.eventType().asEnum());
    assertEquals("evt_9", event.id());
    assertEquals("AA12 N84G WWUN RCA5", event.iiban());
    assertEquals(OffsetDateTime.of(2026, 1, 1, 10, 0, 0, 123456789, ZoneOffset.UTC), event.timestamp());
    assertEquals(Instant.ofEpochSecond(1767261600L, 123456789L), event.timestamp().toInstant(), "no digit lost");
    assertNull(event.message());
  }

  @Test
  void perTypeDataIsReadFromTheVerifiedRawBody() throws Exception {
    // What the contract does not model, as the verifier's Javadoc shows it.
    String json = "{\"event_type\":\"custom_order.executed\",\"action\":{\"type\":\"spend\"}}";
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    verifier.verify("t=" + T + ",v1=" + Reference.webhookV1(secret, T, body), body);
    @SuppressWarnings("unchecked")
    Map<String, Object> fields = (Map<String, Object>) new Moshi.Builder().build()
        .adapter(Object.class).fromJson(new Buffer().write(body));
    assertEquals(Map.of("type", "spend"), fields.get("action"));
  }

  @Test
  void unknownTypesAreKept() throws Exception {
    WebhookEvent event = parse("{\"event_type\":\"earn.allocation_settled\",\"id\":\"e\",\"status\":\"settled\",\"n\":1.5}");
    assertFalse(event.eventType().isKnown());
    assertEquals(WebhookEventType.Value.UNRECOGNIZED, event.eventType().asEnum());
    assertEquals("earn.allocation_settled", event.eventType().value());
    assertEquals("earn.allocation_settled", event.eventType().toString());
    assertEquals("e", event.id(), "the envelope of an unknown type is still read");
  }

  @Test
  void testEventHasItsMessageAndMissingFieldsAreNull() throws Exception {
    WebhookEvent event = parse("{\"event_type\":\"webhook.test\",\"message\":\"hello\"}");
    assertSame(WebhookEventType.WEBHOOK_TEST, event.eventType());
    assertEquals("hello", event.message());
    assertNull(event.id());
    assertNull(event.iiban());
    assertNull(event.timestamp());
  }

  @Test
  void malformedPayloadsFail() {
    List<String> bad = List.of(
        "", "[]", "null", "{\"id\":\"x\"}", "{\"event_type\":null}", "{\"event_type\":5}", "{\"event_type\":\"\"}",
        "{\"event_type\":[\"webhook.test\"]}", "{\"event_type\":\"a\",}", "not json", "{\"event_type\":\"a\"} {}",
        // Invalid members: the contract's timestamp is an RFC 3339 string, and strings are not objects.
        "{\"event_type\":\"a\",\"timestamp\":1767261600123456789}",
        "{\"event_type\":\"a\",\"timestamp\":\"yesterday\"}",
        "{\"event_type\":\"a\",\"id\":{\"x\":1}}");
    for (String json : bad) {
      WebhookVerificationException e = assertThrows(WebhookVerificationException.class, () -> parse(json), json);
      assertEquals(WebhookVerificationException.Reason.MALFORMED_PAYLOAD, e.reason(), json);
    }
  }

  @Test
  void aBodyIsParsedOnlyOnceItsSignatureIsVerified() throws Exception {
    byte[] body = "not json".getBytes(StandardCharsets.UTF_8);
    WebhookVerificationException e = assertThrows(WebhookVerificationException.class,
        () -> verifier.verifyAndParse("t=" + T + ",v1=" + "00".repeat(32), body));
    assertEquals(WebhookVerificationException.Reason.SIGNATURE_MISMATCH, e.reason());
  }
}
