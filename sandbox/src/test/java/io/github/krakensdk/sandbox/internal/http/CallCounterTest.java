package io.github.krakensdk.sandbox.internal.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.runtime.call.SpotRateTier;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A key's REST call counter, exact on the clock: costs add, the tier's decay subtracts, never below zero. */
final class CallCounterTest {
  private static final Instant T = Instant.parse("2026-11-23T09:00:00Z");

  @Test
  void costsAddUpToTheMaximumAndARefusalAddsNothing() {
    CallCounter counter = new CallCounter(SpotRateTier.INTERMEDIATE);
    for (int i = 0; i < 10; i++) {
      assertTrue(counter.tryCall(2, T), "ledger calls: 2 each, 20 in all");
    }
    assertFalse(counter.tryCall(1, T));
    assertTrue(counter.tryCall(0, T), "a call of the trading engine costs nothing here");
    assertEquals(0, new BigDecimal("20").compareTo(counter.valueAt(T)));
  }

  @Test
  void theCounterDecaysExactlyAndNeverBelowZero() {
    CallCounter counter = new CallCounter(SpotRateTier.STARTER);
    counter.tryCall(15, T);
    assertEquals(0, new BigDecimal("14.67").compareTo(counter.valueAt(T.plusSeconds(1))));
    assertEquals(0, new BigDecimal("14.9967").compareTo(counter.valueAt(T.plusMillis(10))));
    assertFalse(counter.tryCall(1, T.plus(SpotRateTier.STARTER.decayTime(1)).minusNanos(1)));
    assertTrue(counter.tryCall(1, T.plus(SpotRateTier.STARTER.decayTime(1))));
    assertEquals(0, BigDecimal.ZERO.compareTo(counter.valueAt(T.plus(Duration.ofHours(1)))));
  }

  @Test
  void aClockMovedBackNeitherDecaysNorUndoes() {
    CallCounter counter = new CallCounter(SpotRateTier.PRO);
    counter.tryCall(5, T);
    counter.tryCall(1, T.minusSeconds(30));
    assertEquals(0, new BigDecimal("6").compareTo(counter.valueAt(T)));
    assertEquals(0, new BigDecimal("4").compareTo(counter.valueAt(T.plusSeconds(2))));
  }
}
