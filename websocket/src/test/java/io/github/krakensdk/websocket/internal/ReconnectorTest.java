package io.github.krakensdk.websocket.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.websocket.ReconnectPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

final class ReconnectorTest {
  private static final long TEN_MINUTES = Duration.ofMinutes(10).toNanos();
  private long now = 1_000_000_000L;

  /** 10,000 failed connections in a row: no 10-minute window ever holds more than 150 attempts. */
  @Test void theBudgetIsNeverExceededAcrossTenThousandFailures() {
    Random seeded = new Random(150);
    Reconnector reconnector = new Reconnector(ReconnectPolicy.builder().initialBackoff(Duration.ofMillis(1))
        .maxBackoff(Duration.ofMillis(50)).build(), () -> now, seeded);
    List<Long> attempts = new ArrayList<>();
    int budgetWaits = 0;
    while (attempts.size() < 10_000) {
      Duration wait = reconnector.tryAttempt();
      if (!wait.isZero()) {
        budgetWaits++;
        now += wait.toNanos();
        continue;
      }
      attempts.add(now);
      ReconnectDecision decision = switch (seeded.nextInt(4)) {
        case 0 -> reconnector.closed(1006);
        case 1 -> reconnector.failed(OptionalLong.empty());
        case 2 -> reconnector.failed(OptionalLong.of(503));
        default -> {
          reconnector.connected(); // opens, then drops at once: no reset
          yield reconnector.closed(1001);
        }
      };
      assertTrue(decision.retry(), decision.toString());
      now += decision.delay().toNanos();
    }
    assertTrue(budgetWaits + attempts.size() > 0);
    int start = 0;
    int most = 0;
    for (int end = 0; end < attempts.size(); end++) {
      while (attempts.get(end) - attempts.get(start) >= TEN_MINUTES) start++;
      most = Math.max(most, end - start + 1);
    }
    assertEquals(150, most, "the budget is used to the full, never beyond");
    // With backoff this short the budget, not the backoff, paces the attempts: 10,000 take over 11 hours.
    assertTrue(attempts.get(attempts.size() - 1) - attempts.get(0) > Duration.ofHours(11).toNanos());
  }

  @Test void theBudgetWaitIsPartOfTheDecision() {
    Reconnector reconnector = new Reconnector(ReconnectPolicy.builder().initialBackoff(Duration.ofMillis(1))
        .maxBackoff(Duration.ofMillis(1)).connectionBudget(3, Duration.ofMinutes(10)).build(), () -> now, new Random(1));
    long first = now;
    for (int i = 0; i < 3; i++) {
      assertEquals(Duration.ZERO, reconnector.tryAttempt());
      now += Duration.ofSeconds(1).toNanos();
    }
    assertEquals(3, reconnector.attemptsInWindow());
    ReconnectDecision decision = reconnector.closed(1006);
    assertEquals(Duration.ofNanos(first + TEN_MINUTES - now), decision.delay(), "until the first attempt leaves the window");
    Duration early = reconnector.tryAttempt();
    assertEquals(decision.delay(), early, "asking early counts nothing and says how long is left");
    now += early.toNanos();
    assertEquals(Duration.ZERO, reconnector.tryAttempt());
  }

  @Test void backoffDoublesUpToTheMaximumWithFullJitter() {
    RandomGenerator highest = new RandomGenerator() {
      @Override public long nextLong() {
        throw new UnsupportedOperationException();
      }

      @Override public long nextLong(long bound) {
        return bound - 1;
      }
    };
    Reconnector reconnector = new Reconnector(ReconnectPolicy.builder().initialBackoff(Duration.ofSeconds(1))
        .maxBackoff(Duration.ofSeconds(20)).build(), () -> now, highest);
    List<Long> seconds = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      reconnector.tryAttempt();
      ReconnectDecision decision = reconnector.closed(1006);
      seconds.add(decision.delay().toSeconds());
      now += decision.delay().toNanos();
    }
    assertEquals(List.of(1L, 2L, 4L, 8L, 16L, 20L, 20L, 20L), seconds);
    for (int i = 0; i < 100; i++) reconnector.failed(OptionalLong.empty()); // no overflow past 2^62
    assertEquals(Duration.ofSeconds(20), reconnector.failed(OptionalLong.empty()).delay());

    Reconnector lowest = new Reconnector(ReconnectPolicy.defaults(), () -> now, new RandomGenerator() {
      @Override public long nextLong() {
        return 0;
      }

      @Override public long nextLong(long bound) {
        return 0;
      }
    });
    assertEquals(Duration.ZERO, lowest.closed(1006).delay(), "full jitter reaches down to zero");
  }

  @Test void aStableConnectionForgivesEarlierFailures() {
    Reconnector reconnector = new Reconnector(ReconnectPolicy.defaults(), () -> now, new Random(9));
    for (int i = 0; i < 5; i++) reconnector.closed(1006);
    assertEquals(5, reconnector.failures());
    reconnector.connected();
    now += Duration.ofSeconds(59).toNanos();
    reconnector.closed(1006);
    assertEquals(6, reconnector.failures(), "59 s is not stable yet");
    reconnector.connected();
    now += Duration.ofSeconds(60).toNanos();
    ReconnectDecision decision = reconnector.closed(1001);
    assertEquals(1, reconnector.failures());
    assertTrue(decision.delay().compareTo(Duration.ofSeconds(1)) <= 0, decision.toString());
  }

  @Test void policyViolationAndRefusedCredentialsAreTerminal() {
    Reconnector reconnector = new Reconnector(ReconnectPolicy.defaults(), () -> now, new Random(2));
    ReconnectDecision violation = reconnector.closed(1008);
    assertFalse(violation.retry());
    assertEquals("closed with 1008 (policy violation)", violation.reason());
    assertFalse(reconnector.failed(OptionalLong.of(401)).retry());
    assertFalse(reconnector.failed(OptionalLong.of(403)).retry());
    for (int code : new int[] {1000, 1001, 1006, 1011, 1012, 1013}) {
      assertTrue(reconnector.closed(code).retry(), "close " + code);
    }
    for (int status : new int[] {400, 404, 429, 500, 502, 503}) {
      assertTrue(reconnector.failed(OptionalLong.of(status)).retry(), "HTTP " + status);
    }
    assertEquals("upgrade refused with HTTP 429", reconnector.failed(OptionalLong.of(429)).reason());
  }

  /**
   * Two connections of one client (public and private endpoints) share one budget: Kraken counts
   * attempts per IP address, so together they never make more than the policy's attempts.
   */
  @Test void connectionsSharingABudgetTogetherStayWithinIt() {
    ReconnectPolicy policy = ReconnectPolicy.builder().initialBackoff(Duration.ofMillis(1))
        .maxBackoff(Duration.ofMillis(10)).connectionBudget(20, Duration.ofMinutes(10)).build();
    ConnectionBudget shared = new ConnectionBudget(policy.maxAttempts(), policy.window().toNanos());
    Reconnector publicEndpoint = new Reconnector(policy, () -> now, new Random(1), shared);
    Reconnector privateEndpoint = new Reconnector(policy, () -> now, new Random(2), shared);
    int attempts = 0;
    for (int i = 0; i < 100; i++) {
      for (Reconnector reconnector : List.of(publicEndpoint, privateEndpoint)) {
        if (reconnector.tryAttempt().isZero()) attempts++;
      }
      now += Duration.ofSeconds(1).toNanos();
    }
    assertEquals(20, attempts, "100 seconds of failures on two endpoints: the shared 20, not 20 each");
    assertEquals(20, publicEndpoint.attemptsInWindow());
    assertFalse(privateEndpoint.tryAttempt().isZero(), "the window is full for both");
  }

  @Test void theBudgetCountsInASlidingWindow() {
    ConnectionBudget budget = new ConnectionBudget(2, 100);
    budget.record(0);
    budget.record(10);
    assertEquals(100, budget.allowedAt(50));
    IllegalStateException spent = assertThrows(IllegalStateException.class, () -> budget.record(99));
    assertTrue(spent.getMessage().startsWith("connection budget spent: 2 attempts"), spent.getMessage());
    assertEquals(1, budget.tryRecord(99), "no room: the wait, nothing counted");
    assertEquals(0, budget.tryRecord(100));
    assertEquals(110, budget.allowedAt(100));
    assertEquals(1, budget.used(199));
    assertEquals(0, budget.used(200), "an attempt leaves the window one window after it");
    assertThrows(IllegalArgumentException.class, () -> new ConnectionBudget(0, 100));
  }

  @Test void thePolicyNeverAllowsMoreThanKrakensBudget() {
    ReconnectPolicy defaults = ReconnectPolicy.defaults();
    assertEquals(150, defaults.maxAttempts());
    assertEquals(Duration.ofMinutes(10), defaults.window());
    IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class,
        () -> ReconnectPolicy.builder().connectionBudget(151, Duration.ofMinutes(10)));
    assertEquals("maxAttempts must be between 1 and 150 (Kraken's connection attempts per IP address per 10 minutes): 151",
        tooMany.getMessage());
    IllegalArgumentException shortWindow = assertThrows(IllegalArgumentException.class,
        () -> ReconnectPolicy.builder().connectionBudget(75, Duration.ofMinutes(5)));
    assertTrue(shortWindow.getMessage().startsWith("window must be at least PT10M"), shortWindow.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ReconnectPolicy.builder().initialBackoff(Duration.ZERO));
    assertThrows(IllegalStateException.class, () -> ReconnectPolicy.builder().initialBackoff(Duration.ofSeconds(10))
        .maxBackoff(Duration.ofSeconds(5)).build());
    ReconnectPolicy stricter = defaults.toBuilder().connectionBudget(60, Duration.ofMinutes(15)).build();
    assertEquals(60, stricter.maxAttempts());
    assertEquals(stricter, stricter.toBuilder().build());
  }
}
