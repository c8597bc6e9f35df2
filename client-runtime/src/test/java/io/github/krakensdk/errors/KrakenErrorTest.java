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
    assertEquals("EEarnings:Busy", error.code());
    assertFalse(error.isWarning());
  }

  @Test
  void theCodeIsSeverityCategoryAndMessageWithoutDetail() {
    assertEquals("EEarnings:Below min",
        KrakenError.parse("EEarnings:Below min:(De)allocation operation amount less than minimum allowed").code());
    assertEquals("EGeneral:Invalid arguments",
        KrakenError.parse("EGeneral:Invalid arguments:Invalid strategy ID").code());
    assertEquals("EGeneral:Invalid arguments", KrakenError.parse("EGeneral:Invalid arguments:amount").code());
  }

  @Test
  void commonAndEmbedErrors() {
    assertEquals("EAPI:Invalid nonce", KrakenError.parse("EAPI:Invalid nonce").code());
    assertEquals("EAPI:Rate limit exceeded", KrakenError.parse("EAPI:Rate limit exceeded").code());
    assertEquals("ENexus:Webhook not found", KrakenError.parse("ENexus:Webhook not found").code());
    assertEquals("ENexus:Webhook is disabled", KrakenError.parse("ENexus:Webhook is disabled").code());
    assertNull(KrakenError.parse("EAPI:Invalid key").extra());
  }

  @Test
  void warningsAndUnknownTextAreKept() {
    KrakenError warning = KrakenError.parse("WGeneral:Something changed");
    assertTrue(warning.isWarning());
    assertEquals("WGeneral:Something changed", warning.code());
    KrakenError free = KrakenError.parse("no colon here");
    assertEquals("no colon here", free.message());
    assertEquals("no colon here", free.raw());
    assertEquals("no colon here", free.code());
  }

  @Test
  void anEmptyStringIsAnUnrecognizedError() {
    // A body such as {"error":[""]} reached every operation's error mapping (found by fuzzing).
    KrakenError empty = KrakenError.parse("");
    assertEquals('E', empty.severity());
    assertEquals("", empty.message());
    assertEquals("", empty.code());
  }
}
