package io.github.krakensdk.auth.nonce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.krakensdk.auth.MutableClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Exact nonces from a fixed clock (issue 12, mutation testing); NonceSourceTest covers threads and clock steps. */
final class MonotonicNonceSourceTest {
  private static final Instant T = Instant.ofEpochSecond(1_767_225_600L, 123_456_789);

  @Test void theFirstNonceIsTheClockReading() {
    assertEquals(1_767_225_600_123_456L, new MonotonicNonceSource(Clock.fixed(T, java.time.ZoneOffset.UTC), TimeUnit.MICROSECONDS).nextNonce());
    assertEquals(1_767_225_600_123L, new MonotonicNonceSource(Clock.fixed(T, java.time.ZoneOffset.UTC), TimeUnit.MILLISECONDS).nextNonce());
  }

  @Test void aStillClockCountsUpByOneAndAMovingClockIsFollowed() {
    MutableClock clock = new MutableClock(T);
    MonotonicNonceSource source = new MonotonicNonceSource(clock, TimeUnit.MILLISECONDS);
    assertEquals(1_767_225_600_123L, source.nextNonce());
    assertEquals(1_767_225_600_124L, source.nextNonce());
    assertEquals(1_767_225_600_125L, source.nextNonce());
    clock.advance(Duration.ofSeconds(1));
    assertEquals(1_767_225_601_123L, source.nextNonce(), "the clock ahead of the count wins");
    clock.set(T);
    assertEquals(1_767_225_601_124L, source.nextNonce(), "a clock stepped back does not lower it");
  }

  @Test void onlyMicrosecondsOrMilliseconds() {
    Clock clock = Clock.systemUTC();
    assertEquals("unit must be MICROSECONDS or MILLISECONDS",
        assertThrows(IllegalArgumentException.class, () -> new MonotonicNonceSource(clock, TimeUnit.SECONDS)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> new MonotonicNonceSource(clock, TimeUnit.NANOSECONDS));
    assertEquals("clock == null", assertThrows(NullPointerException.class, () -> new MonotonicNonceSource(null, TimeUnit.MILLISECONDS)).getMessage());
    assertEquals("unit == null", assertThrows(NullPointerException.class, () -> new MonotonicNonceSource(clock, null)).getMessage());
  }

  @Test void toStringNamesTheUnit() {
    assertEquals("MonotonicNonceSource{MILLISECONDS}", new MonotonicNonceSource(Clock.systemUTC(), TimeUnit.MILLISECONDS).toString());
    assertEquals("MonotonicNonceSource{MICROSECONDS}", new MonotonicNonceSource().toString());
  }
}
