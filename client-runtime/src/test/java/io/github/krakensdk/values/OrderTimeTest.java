package io.github.krakensdk.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

final class OrderTimeTest {
  @Test
  void eachFactoryWritesOneOfKrakensForms() {
    assertEquals("0", OrderTime.now().toString());
    assertEquals("0", OrderTime.never().toString());
    assertEquals("+300", OrderTime.after(Duration.ofMinutes(5)).toString());
    assertEquals("+0", OrderTime.after(Duration.ZERO).toString());
    assertEquals("1735689600", OrderTime.at(Instant.parse("2025-01-01T00:00:00Z")).toString());
    assertEquals("1735689600", OrderTime.at(Instant.parse("2025-01-01T00:00:00.999Z")).toString(),
        "the service counts whole seconds");
  }

  @Test
  void whatTheServiceCannotTakeIsRefused() {
    assertEquals("delay PT-1S must be a whole number of seconds, not negative",
        assertThrows(IllegalArgumentException.class, () -> OrderTime.after(Duration.ofSeconds(-1))).getMessage());
    assertThrows(IllegalArgumentException.class, () -> OrderTime.after(Duration.ofMillis(1500)));
    assertThrows(IllegalArgumentException.class, () -> OrderTime.at(Instant.EPOCH));
    for (String text : new String[] {"", "+", "-5", "1.5", "now", "+1e3"}) {
      assertThrows(IllegalArgumentException.class, () -> OrderTime.parse(text), text);
    }
  }

  @Test
  void parseReadsEveryFormBack() {
    assertTrue(OrderTime.parse("0").isZero());
    assertEquals(Duration.ofSeconds(3600), OrderTime.parse("+3600").delay());
    assertNull(OrderTime.parse("+3600").instant());
    assertEquals(Instant.ofEpochSecond(1735689600), OrderTime.parse("1735689600").instant());
    assertEquals(OrderTime.after(Duration.ofHours(1)), OrderTime.parse("+3600"));
  }
}
