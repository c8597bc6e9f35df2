package io.github.krakensdk.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

final class KrakenErrorTest {
  @Test
  void parsesSeverityCategoryMessageAndExtra() {
    KrakenError error = KrakenError.parse("EEarnings:Busy:Another (de)allocation for the same strategy is in progress");
    assertEquals('E', error.severity());
    assertEquals("Earnings", error.category());
    assertEquals("Busy", error.message());
    assertEquals("Another (de)allocation for the same strategy is in progress", error.extra());
    assertEquals(KrakenError.Code.EARN_BUSY, error.code());
    assertFalse(error.isWarning());
  }

  @Test
  void theSourcesEarnErrorsAreDistinguishable() {
    assertEquals(KrakenError.Code.EARN_BELOW_MINIMUM,
        KrakenError.parse("EEarnings:Below min:(De)allocation operation amount less than minimum allowed").code());
    assertEquals(KrakenError.Code.INVALID_STRATEGY_ID,
        KrakenError.parse("EGeneral:Invalid arguments:Invalid strategy ID").code());
    assertEquals(KrakenError.Code.INVALID_ARGUMENTS, KrakenError.parse("EGeneral:Invalid arguments:amount").code());
  }

  @Test
  void commonAndEmbedErrors() {
    assertEquals(KrakenError.Code.INVALID_NONCE, KrakenError.parse("EAPI:Invalid nonce").code());
    assertEquals(KrakenError.Code.RATE_LIMIT_EXCEEDED, KrakenError.parse("EAPI:Rate limit exceeded").code());
    assertEquals(KrakenError.Code.WEBHOOK_NOT_FOUND, KrakenError.parse("ENexus:Webhook not found").code());
    assertEquals(KrakenError.Code.WEBHOOK_DISABLED, KrakenError.parse("ENexus:Webhook is disabled").code());
    assertNull(KrakenError.parse("EAPI:Invalid key").extra());
  }

  @Test
  void warningsAndUnknownTextAreKept() {
    KrakenError warning = KrakenError.parse("WGeneral:Something changed");
    assertTrue(warning.isWarning());
    assertEquals(KrakenError.Code.UNRECOGNIZED, warning.code());
    KrakenError free = KrakenError.parse("no colon here");
    assertEquals("no colon here", free.message());
    assertEquals("no colon here", free.raw());
    assertEquals(KrakenError.Code.UNRECOGNIZED, free.code());
  }

  @Test
  void anEmptyStringIsAnUnrecognizedError() {
    // A body such as {"error":[""]} reached every operation's error mapping (found by fuzzing).
    KrakenError empty = KrakenError.parse("");
    assertEquals('E', empty.severity());
    assertEquals("", empty.message());
    assertEquals(KrakenError.Code.UNRECOGNIZED, empty.code());
  }
}
