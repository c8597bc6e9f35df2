package io.github.krakensdk.auth.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.MutableClock;
import io.github.krakensdk.auth.Reference;
import io.github.krakensdk.errors.WebhookVerificationException.Reason;
import io.github.krakensdk.embed.model.WebhookEvent;
import io.github.krakensdk.embed.model.WebhookEventType;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.WebhookVerificationException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

final class WebhookSignatureVerifierTest {
  private static final Instant NOW = Instant.parse("2026-02-01T10:00:00Z");
  private static final String T = Long.toString(NOW.getEpochSecond());
  private static final byte[] BODY =
      "{\"event_type\":\"webhook.test\",\"message\":\"This is a test webhook\"}"
          .getBytes(StandardCharsets.UTF_8);

  private final String secret = Reference.randomSecret(new Random(21), 32);
  private final String otherSecret = Reference.randomSecret(new Random(22), 32);
  private final MutableClock clock = new MutableClock(NOW);
  private final WebhookSignatureVerifier verifier = new WebhookSignatureVerifier(secret, clock);

  private String v1(String key, String t, byte[] body) throws Exception {
    return Reference.webhookV1(key, t, body);
  }

  private void assertReason(Reason reason, Executable executable) {
    WebhookVerificationException e = assertThrows(WebhookVerificationException.class, executable);
    assertEquals(reason, e.reason(), e.getMessage());
    assertFalse(e.getMessage().contains(secret));
    // A local failure of the SDK's one error model: unchecked, never retried, no HTTP status.
    assertInstanceOf(KrakenClientException.class, e);
    assertEquals(WebhookVerificationException.VERIFY_WEBHOOK, e.operationId());
    assertEquals(KrakenClientException.NO_STATUS, e.httpStatus());
    assertTrue(e.getMessage().startsWith("verifyWebhook: " + reason + ": "), e.getMessage());
  }

  @Test
  void validSignaturePasses() throws Exception {
    verifier.verify("t=" + T + ",v1=" + v1(secret, T, BODY), BODY);
    // Spaces around elements and upper-case hex are tolerated.
    verifier.verify(" t=" + T + " , v1=" + v1(secret, T, BODY).toUpperCase(), BODY);
    WebhookEvent event = verifier.verifyAndParse("t=" + T + ",v1=" + v1(secret, T, BODY), BODY);
    assertEquals(WebhookEventType.WEBHOOK_TEST, event.eventType());
    assertEquals("This is a test webhook", event.message());
  }

  @Test
  void anyOfSeveralV1Passes() throws Exception {
    String right = v1(secret, T, BODY);
    String wrong = v1(otherSecret, T, BODY);
    verifier.verify("t=" + T + ",v1=" + wrong + ",v1=" + right, BODY);
    verifier.verify("t=" + T + ",v1=" + right + ",v1=" + wrong + ",v0=ignored", BODY);
    verifier.verify("v1=" + wrong + ",t=" + T + ",v1=" + right, BODY);
  }

  @Test
  void wrongSecretFails() throws Exception {
    assertReason(Reason.SIGNATURE_MISMATCH,
        () -> verifier.verify("t=" + T + ",v1=" + v1(otherSecret, T, BODY), BODY));
  }

  @Test
  void tamperedBodyFails() throws Exception {
    String header = "t=" + T + ",v1=" + v1(secret, T, BODY);
    byte[] tampered = BODY.clone();
    tampered[tampered.length - 3] ^= 1;
    assertReason(Reason.SIGNATURE_MISMATCH, () -> verifier.verify(header, tampered));
    // So does a body re-serialized with other whitespace, and a changed timestamp.
    byte[] reformatted = new String(BODY, StandardCharsets.UTF_8).replace(",", ", ").getBytes(StandardCharsets.UTF_8);
    assertReason(Reason.SIGNATURE_MISMATCH, () -> verifier.verify(header, reformatted));
    String later = Long.toString(NOW.getEpochSecond() + 1);
    assertReason(Reason.SIGNATURE_MISMATCH,
        () -> verifier.verify("t=" + later + ",v1=" + v1(secret, T, BODY), BODY));
  }

  @Test
  void staleTimestampFails() throws Exception {
    String old = Long.toString(NOW.getEpochSecond() - 301);
    assertReason(Reason.STALE_TIMESTAMP, () -> verifier.verify("t=" + old + ",v1=" + v1(secret, old, BODY), BODY));
    String future = Long.toString(NOW.getEpochSecond() + 301);
    assertReason(Reason.STALE_TIMESTAMP,
        () -> verifier.verify("t=" + future + ",v1=" + v1(secret, future, BODY), BODY));
    // At the edge of the tolerance it still passes; a wider tolerance accepts more.
    String edge = Long.toString(NOW.getEpochSecond() - 300);
    verifier.verify("t=" + edge + ",v1=" + v1(secret, edge, BODY), BODY);
    new WebhookSignatureVerifier(secret, clock, Duration.ofMinutes(10))
        .verify("t=" + old + ",v1=" + v1(secret, old, BODY), BODY);
    // The same delivery replayed an hour later.
    String header = "t=" + T + ",v1=" + v1(secret, T, BODY);
    clock.advance(Duration.ofHours(1));
    assertReason(Reason.STALE_TIMESTAMP, () -> verifier.verify(header, BODY));
  }

  @Test
  void malformedHeadersFail() throws Exception {
    String sig = v1(secret, T, BODY);
    assertReason(Reason.MISSING_HEADER, () -> verifier.verify(null, BODY));
    assertReason(Reason.MISSING_HEADER, () -> verifier.verify("  ", BODY));
    assertReason(Reason.MALFORMED_HEADER, () -> verifier.verify("garbage", BODY));
    assertReason(Reason.MALFORMED_HEADER, () -> verifier.verify("t=" + T + ";v1=" + sig, BODY));
    assertReason(Reason.MALFORMED_HEADER, () -> verifier.verify("t=" + T + ",,v1=" + sig, BODY));
    assertReason(Reason.MALFORMED_HEADER, () -> verifier.verify("=1,t=" + T + ",v1=" + sig, BODY));
    assertReason(Reason.MALFORMED_HEADER, () -> verifier.verify("t=" + T + ",t=" + T + ",v1=" + sig, BODY));
    assertReason(Reason.MISSING_TIMESTAMP, () -> verifier.verify("v1=" + sig, BODY));
    assertReason(Reason.MISSING_SIGNATURE, () -> verifier.verify("t=" + T, BODY));
    assertReason(Reason.MISSING_SIGNATURE, () -> verifier.verify("t=" + T + ",v0=" + sig, BODY));
  }

  @Test
  void nonNumericTimestampFailsWithItsOwnReason() throws Exception {
    String sig = v1(secret, T, BODY);
    for (String t : new String[] {"abc", "", "-5", "1.5", "1e9", "0x10", " ", "99999999999999999999999", "١٢٣"}) {
      assertReason(Reason.INVALID_TIMESTAMP, () -> verifier.verify("t=" + t + ",v1=" + sig, BODY));
    }
  }

  @Test
  void secretIsCheckedAndHidden() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new WebhookSignatureVerifier("wh$ecret", clock));
    assertFalse(e.getMessage().contains("wh$ecret"));
    assertFalse(verifier.toString().contains(secret));
    assertThrows(IllegalArgumentException.class,
        () -> new WebhookSignatureVerifier(secret, clock, Duration.ofSeconds(-1)));
  }
}
