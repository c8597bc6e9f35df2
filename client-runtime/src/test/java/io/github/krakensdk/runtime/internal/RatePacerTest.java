package io.github.krakensdk.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.errors.ServiceError;
import io.github.krakensdk.runtime.call.SpotRateTier;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The client's copy of a key's Spot REST call counter, on a fake clock: nothing sleeps, every
 * wait is exact. The published numbers: Starter 15 and 0.33 per second, Intermediate 20 and 0.5,
 * Pro 20 and 1; the copy keeps one count of headroom under the maximum.
 */
final class RatePacerTest {
  /** 1 / 0.33 s, rounded up to the nanosecond. */
  private static final Duration STARTER_ONE = Duration.ofNanos(3_030_303_031L);
  private final FakeTime time = new FakeTime();

  @Test
  void aBurstGoesAtOnceUpToTheHeadroomThenAtTheDecayRate() {
    RatePacer pacer = new RatePacer(SpotRateTier.STARTER, time);
    for (int i = 0; i < 14; i++) {
      assertEquals(Duration.ZERO, pacer.reserve(1), "call " + (i + 1) + " fits under 15 - 1");
    }
    Duration total = Duration.ZERO;
    for (int i = 1; i <= 5; i++) {
      Duration wait = pacer.reserve(1);
      // One count's decay; the exact counter carries the rounding over, so the sum is exact.
      assertTrue(wait.equals(STARTER_ONE) || wait.equals(STARTER_ONE.minusNanos(1)), "call " + (14 + i) + ": " + wait);
      total = total.plus(wait);
      assertEquals(SpotRateTier.STARTER.decayTime(i), total);
      time.advance(wait);
    }
  }

  @Test
  void everyTierHasItsPublishedMaximumAndDecay() {
    for (SpotRateTier tier : SpotRateTier.values()) {
      FakeTime clock = new FakeTime();
      RatePacer pacer = new RatePacer(tier, clock);
      int immediate = 0;
      while (pacer.reserve(1).isZero()) {
        immediate++;
      }
      assertEquals(tier.maximum() - 1, immediate, tier.name());
      // The call that did not fit waits exactly one count's decay beyond the last that did.
      FakeTime fresh = new FakeTime();
      RatePacer again = new RatePacer(tier, fresh);
      for (int i = 0; i < tier.maximum() - 1; i++) {
        again.reserve(1);
      }
      assertEquals(tier.decayTime(1), again.reserve(1), tier.name());
    }
    assertEquals(List.of(15, 20, 20), List.of(SpotRateTier.STARTER.maximum(), SpotRateTier.INTERMEDIATE.maximum(),
        SpotRateTier.PRO.maximum()));
    assertEquals(Duration.ofSeconds(2), SpotRateTier.INTERMEDIATE.decayTime(1));
    assertEquals(Duration.ofSeconds(1), SpotRateTier.PRO.decayTime(1));
  }

  @Test
  void ledgerAndHistoryCallsCostTwo() {
    RatePacer pacer = new RatePacer(SpotRateTier.PRO, time);
    for (int i = 0; i < 9; i++) {
      assertEquals(Duration.ZERO, pacer.reserve(2), "9 x 2 = 18 fits under 19");
    }
    assertEquals(Duration.ofSeconds(1), pacer.reserve(2), "18 + 2 = 20: one count over 19, 1 s at Pro");
    assertEquals(Duration.ofSeconds(3), pacer.reserve(2), "queued behind the previous one: 2 more seconds");
  }

  @Test
  void aReservationsWaitIsNotCountedWhenItWouldBeLongerThanTheBound() {
    RatePacer pacer = new RatePacer(SpotRateTier.PRO, time);
    for (int i = 0; i < 9; i++) {
      pacer.reserve(2);
    }
    assertEquals(null, pacer.reserve(2, Duration.ofMillis(999)), "1 s needed");
    assertEquals(Duration.ofSeconds(1), pacer.reserve(2, Duration.ofSeconds(1)), "nothing was counted before");
  }

  @Test
  void admissionCountsWhatIsActuallySentAndHoldsBackALateBurst() {
    RatePacer pacer = new RatePacer(SpotRateTier.PRO, time);
    for (int i = 0; i < 19; i++) {
      assertEquals(Duration.ZERO, pacer.reserve(1));
      assertEquals(Duration.ZERO, pacer.admit(1), "sent when planned");
    }
    Duration planned = Duration.ZERO;
    for (int i = 0; i < 10; i++) {
      planned = pacer.reserve(1); // planned one second apart
    }
    assertEquals(Duration.ofSeconds(10), planned);
    // The ten were held up: they reach their turn together, ten seconds on, after 10 counts decayed.
    time.advance(Duration.ofSeconds(10));
    for (int i = 0; i < 10; i++) {
      assertEquals(Duration.ZERO, pacer.admit(1), "room for " + (i + 1));
    }
    assertEquals(Duration.ofSeconds(1), pacer.admit(1), "a burst beyond the counter waits; nothing counted");
    assertEquals(Duration.ofSeconds(1), pacer.admit(1));
    assertEquals(Duration.ZERO, pacer.admit(0), "what costs nothing is always admitted");
  }

  @Test
  void theServicesCounterErrorFillsBothCopies() {
    RatePacer pacer = new RatePacer(SpotRateTier.PRO, time);
    pacer.onFailure(new io.github.krakensdk.errors.RateLimitedException(error("EAPI:Rate limit exceeded")));
    assertEquals(Duration.ofSeconds(2), pacer.reserve(1), "20 at the service: 2 counts before 1 more fits under 19");
    assertEquals(Duration.ofSeconds(2), pacer.admit(1));
  }

  @Test
  void theCounterDecaysWhileIdleAndNeverBelowZero() {
    RatePacer pacer = new RatePacer(SpotRateTier.INTERMEDIATE, time);
    for (int i = 0; i < 19; i++) {
      pacer.reserve(1);
    }
    time.advance(Duration.ofSeconds(4)); // 19 - 2 = 17
    assertEquals(Duration.ZERO, pacer.reserve(1));
    assertEquals(Duration.ZERO, pacer.reserve(1));
    assertEquals(Duration.ofSeconds(2), pacer.reserve(1));
    time.advance(Duration.ofDays(400)); // long idle: back to zero, no overflow
    for (int i = 0; i < 19; i++) {
      assertEquals(Duration.ZERO, pacer.reserve(1));
    }
  }

  @Test
  void freeCallsNeverWait() {
    RatePacer pacer = new RatePacer(SpotRateTier.STARTER, time);
    for (int i = 0; i < 14; i++) {
      pacer.reserve(1);
    }
    assertEquals(Duration.ZERO, pacer.reserve(0), "cost 0: the trading engine limits it, not the counter");
    assertThrows(IllegalArgumentException.class, () -> pacer.reserve(-1));
  }

  @Test
  void reservationsMadeTogetherQueueUp() {
    // Calls of a key sent concurrently (ordering off) reserve before any of them has waited.
    RatePacer pacer = new RatePacer(SpotRateTier.PRO, time);
    for (int i = 0; i < 19; i++) {
      pacer.reserve(1);
    }
    assertEquals(Duration.ofSeconds(1), pacer.reserve(1));
    assertEquals(Duration.ofSeconds(2), pacer.reserve(1));
    assertEquals(Duration.ofSeconds(3), pacer.reserve(1));
    time.advance(Duration.ofMillis(2500));
    assertEquals(Duration.ofMillis(1500), pacer.reserve(1), "4 s after the burst, 2.5 s have passed");
  }

  @Test
  void theServicesRateLimitErrorFillsTheCounter() {
    RatePacer pacer = new RatePacer(SpotRateTier.PRO, time);
    pacer.onFailure(new KrakenServiceException(error("EGeneral:Invalid arguments")));
    assertEquals(Duration.ZERO, pacer.reserve(1), "another error changes nothing");
    pacer.onFailure(new RateLimitedException(error("EOrder:Rate limit exceeded")));
    assertEquals(Duration.ZERO, pacer.reserve(1), "the trading engine's limit is not the counter");
    pacer.onFailure(new RateLimitedException(error("EAPI:Rate limit exceeded")));
    assertEquals(Duration.ofSeconds(2), pacer.reserve(1), "full at 20: down to 18 before 1 more fits under 19");
  }

  private static ServiceError error(String text) {
    return ServiceError.builder().operationId("getBalance").httpStatus(200).errors(List.of(text)).bodyExcerpt("")
        .build();
  }

  @Test
  void startsEmpty() {
    assertTrue(new RatePacer(SpotRateTier.STARTER, time).reserve(14).isZero());
  }

  @Test
  void namesItsTier() {
    RatePacer pacer = new RatePacer(SpotRateTier.PRO, time);
    assertEquals(SpotRateTier.PRO, pacer.tier());
    assertEquals("RatePacer{" + SpotRateTier.PRO + "}", pacer.toString());
  }
}
