package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.SandboxTime;

import io.github.krakensdk.sandbox.MutableClock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Waiting on the sandbox's time moves its clock instead of sleeping. */
final class SandboxTimeTest {
  private static final Instant T = Instant.parse("2026-11-23T09:00:00Z");

  @Test
  void waitingMovesAMutableClock() {
    MutableClock clock = MutableClock.at(T);
    SandboxTime time = new SandboxTime(clock);
    assertSame(clock, time.clock());
    long before = time.nanoTime();
    time.sleep(Duration.ofSeconds(3));
    assertEquals(T.plusSeconds(3), clock.instant());
    assertEquals(Duration.ofSeconds(3).toNanos(), time.nanoTime() - before);
  }

  @Test
  void anotherClockRunsAheadByTheTimeWaited() {
    SandboxTime time = new SandboxTime(Clock.fixed(T, ZoneOffset.UTC));
    time.sleep(Duration.ofMillis(1500));
    assertEquals(T.plusMillis(1500), time.clock().instant());
    assertEquals(ZoneOffset.UTC, time.clock().getZone());
    assertEquals(T.plusMillis(1500), time.clock().withZone(ZoneOffset.ofHours(2)).instant());
  }

  /** Two waiters that started together both end at the later end: the clock moves to it once, not by both. */
  @Test
  void concurrentWaitsEndTogetherNotOneAfterTheOther() {
    MutableClock clock = MutableClock.at(T);
    SandboxTime time = new SandboxTime(clock);
    Instant start = clock.instant();
    Instant firstEnd = start.plusSeconds(3);
    clock.advanceTo(firstEnd); // another waiter got there first
    clock.advanceTo(start.plusSeconds(2)); // an earlier end never moves the clock back
    assertEquals(firstEnd, clock.instant());
    time.sleep(Duration.ZERO);
    assertEquals(firstEnd, clock.instant());
  }

  @Test
  void aScheduledTaskRunsAtOnceOnTheCallersThreadAfterTheClockMoved() {
    MutableClock clock = MutableClock.at(T);
    SandboxTime time = new SandboxTime(clock);
    AtomicReference<Instant> ranAt = new AtomicReference<>();
    time.schedule(Duration.ofSeconds(2), () -> ranAt.set(clock.instant()));
    assertEquals(T.plusSeconds(2), ranAt.get());
    assertTrue(time.toString().startsWith("SandboxTime"));
  }
}
