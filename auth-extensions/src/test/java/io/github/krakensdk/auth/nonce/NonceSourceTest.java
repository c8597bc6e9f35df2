package io.github.krakensdk.auth.nonce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

final class NonceSourceTest {
  private static final int THREADS = 16;
  private static final int PER_THREAD = 10_000;

  @Test
  void sixteenThreadsDrawUniqueIncreasingNonces() throws Exception {
    NonceSource source = new MonotonicNonceSource();
    List<long[]> drawn = runConcurrently(source, false, null);
    Set<Long> all = new HashSet<>();
    for (long[] thread : drawn) {
      for (int i = 0; i < thread.length; i++) {
        if (i > 0) assertTrue(thread[i] > thread[i - 1], "each thread sees increasing nonces");
        all.add(thread[i]);
      }
    }
    assertEquals(THREADS * PER_THREAD, all.size(), "all unique");
  }

  @Test
  void noncesIncreaseInTheOrderTheyAreIssued() throws Exception {
    // Each draw and its record happen under one lock, so the list is in issue order.
    NonceSource source = new MonotonicNonceSource();
    List<Long> issued = new ArrayList<>(THREADS * PER_THREAD);
    runConcurrently(source, true, issued);
    assertEquals(THREADS * PER_THREAD, issued.size());
    for (int i = 1; i < issued.size(); i++) {
      assertTrue(issued.get(i) > issued.get(i - 1), "issue order " + i);
    }
  }

  @Test
  void aClockSteppedBackAnHourDoesNotLowerThem() throws Exception {
    Instant start = Instant.parse("2026-03-01T12:00:00Z");
    MutableClock clock = new MutableClock(start);
    MonotonicNonceSource source = new MonotonicNonceSource(clock, TimeUnit.MICROSECONDS);
    long first = source.nextNonce();
    assertEquals(start.getEpochSecond() * 1_000_000L, first);

    clock.set(start.minus(Duration.ofHours(1)));
    long previous = first;
    List<long[]> drawn = runConcurrently(source, false, null);
    for (long[] thread : drawn) for (long nonce : thread) assertTrue(nonce > first);
    for (int i = 0; i < 10; i++) {
      long next = source.nextNonce();
      assertTrue(next > previous);
      previous = next;
    }

    // Once the clock is past the last nonce again, nonces follow the clock.
    clock.set(start.plusSeconds(10));
    assertEquals(start.plusSeconds(10).getEpochSecond() * 1_000_000L, source.nextNonce());
  }

  @Test
  void millisecondsAreOffered() {
    MutableClock clock = new MutableClock(Instant.ofEpochMilli(1616492376594L));
    MonotonicNonceSource source = new MonotonicNonceSource(clock, TimeUnit.MILLISECONDS);
    assertEquals(1616492376594L, source.nextNonce());
    assertEquals(1616492376595L, source.nextNonce());
    assertThrows(IllegalArgumentException.class,
        () -> new MonotonicNonceSource(clock, TimeUnit.SECONDS));
  }

  @Test
  void theSystemSourceIsSharedAndIncreasing() {
    assertSame(NonceSource.system(), NonceSource.system());
    long a = NonceSource.system().nextNonce();
    long b = NonceSource.system().nextNonce();
    assertTrue(b > a);
    // Microseconds since the epoch: 16 digits for the next few centuries.
    assertEquals(16, Long.toString(a).length());
  }

  private static List<long[]> runConcurrently(NonceSource source, boolean recordInOrder, List<Long> issued)
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      CyclicBarrier start = new CyclicBarrier(THREADS);
      List<Future<long[]>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        futures.add(pool.submit(() -> {
          long[] mine = new long[PER_THREAD];
          start.await();
          for (int i = 0; i < PER_THREAD; i++) {
            if (recordInOrder) {
              synchronized (issued) {
                mine[i] = source.nextNonce();
                issued.add(mine[i]);
              }
            } else {
              mine[i] = source.nextNonce();
            }
          }
          return mine;
        }));
      }
      List<long[]> result = new ArrayList<>();
      for (Future<long[]> future : futures) result.add(future.get(30, TimeUnit.SECONDS));
      return result;
    } finally {
      pool.shutdownNow();
    }
  }
}
