package io.github.krakensdk.auth.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.krakensdk.auth.MutableClock;
import io.github.krakensdk.auth.Reference;
import io.github.krakensdk.errors.WebhookVerificationException.Reason;
import io.github.krakensdk.errors.WebhookVerificationException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Boundaries and messages of the webhook header checks (issue 12, mutation testing). */
final class WebhookSignatureVerifierEdgesTest {
  private static final Instant NOW = Instant.parse("2026-02-01T10:00:00Z");
  private static final byte[] BODY = "{\"event_type\":\"webhook.test\"}".getBytes(StandardCharsets.UTF_8);
  private final String secret = Reference.randomSecret(new Random(23), 32);
  private final WebhookSignatureVerifier verifier = new WebhookSignatureVerifier(secret, new MutableClock(NOW));

  private static WebhookVerificationException failure(Executable executable) {
    return assertThrows(WebhookVerificationException.class, executable);
  }

  @Test void aValueStartingWithEqualsIsMalformed() throws Exception {
    String t = Long.toString(NOW.getEpochSecond());
    String header = "t=" + t + ",v1==" + Reference.webhookV1(secret, t, BODY);
    assertEquals(Reason.MALFORMED_HEADER, failure(() -> verifier.verify(header, BODY)).reason());
  }

  @Test void eighteenDigitsAreANumberNineteenAreNot() throws Exception {
    String eighteen = "000000000000000001";
    String header = "t=" + eighteen + ",v1=" + Reference.webhookV1(secret, eighteen, BODY);
    assertEquals(Reason.STALE_TIMESTAMP, failure(() -> verifier.verify(header, BODY)).reason());
    String nineteen = "0" + eighteen;
    assertEquals(Reason.INVALID_TIMESTAMP,
        failure(() -> verifier.verify("t=" + nineteen + ",v1=" + Reference.webhookV1(secret, nineteen, BODY), BODY)).reason());
  }

  @Test void theStaleMessageSaysHowFarOff() throws Exception {
    String past = Long.toString(NOW.getEpochSecond() - 301);
    WebhookVerificationException e = failure(() -> verifier.verify("t=" + past + ",v1=" + Reference.webhookV1(secret, past, BODY), BODY));
    assertEquals(Reason.STALE_TIMESTAMP, e.reason());
    assertEquals("t is 301 s away from now; tolerance is 300 s", e.getMessage().substring(e.getMessage().indexOf("t is")));
    String future = Long.toString(NOW.getEpochSecond() + 302);
    WebhookVerificationException ahead = failure(() -> verifier.verify("t=" + future + ",v1=" + Reference.webhookV1(secret, future, BODY), BODY));
    assertEquals("t is 302 s away from now; tolerance is 300 s", ahead.getMessage().substring(ahead.getMessage().indexOf("t is")));
  }

  @Test void toStringHidesTheSecret() {
    assertEquals("WebhookSignatureVerifier{secret=██, tolerance=PT5M}", verifier.toString());
    assertEquals("WebhookSignatureVerifier{secret=██, tolerance=PT1S}",
        new WebhookSignatureVerifier(secret, new MutableClock(NOW), Duration.ofSeconds(1)).toString());
  }
}
