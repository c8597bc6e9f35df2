package io.github.krakensdk.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The per-key ordering of signed requests (it replaced the signer's {@code RequestSequencer}):
 * turns in the order asked, blocking and queued waiters in one line, no turn lost to a waiter
 * that left, and at most one holder at a time under contention.
 */
final class KeyTurnsTest {
  private final KeyTurns turns = new KeyTurns();

  private boolean free() {
    return free(turns);
  }

  /**
   * True if the key of {@code turns} is free now: a probe's turn starts at once (and is given
   * back). A probe that has to wait gives its turn up when it comes, as an interrupted waiter does.
   */
  static boolean free(KeyTurns turns) {
    AtomicInteger probe = new AtomicInteger(); // 0 asking, 1 started at once, 2 given up
    turns.whenFree(() -> {
      if (!probe.compareAndSet(0, 1)) {
        turns.release();
      }
    });
    if (probe.compareAndSet(0, 2)) {
      return false;
    }
    turns.release();
    return true;
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting until " + what);
      }
      Thread.sleep(1);
    }
  }

  /** Waits until {@code thread} is parked, i.e. waiting for its turn. */
  private static void awaitParked(Thread thread) throws InterruptedException {
    await(() -> thread.getState() == Thread.State.WAITING || thread.getState() == Thread.State.TIMED_WAITING,
        thread.getName() + " waits");
  }

  @Test
  void aBoundedWaitGivesUpItsTurnWhenTheTimeIsUpAndTheNextWaiterGetsIt() throws Exception {
    KeyTurns turns = new KeyTurns();
    assertTrue(turns.acquire(Duration.ofMillis(10)), "a free key is taken at once");
    assertFalse(turns.acquire(Duration.ofMillis(20)), "the key stays taken");
    AtomicBoolean started = new AtomicBoolean();
    turns.whenFree(() -> started.set(true));
    turns.release();
    assertTrue(started.get(), "the turn skipped the waiter that gave up");
    turns.release();
    assertTrue(free(turns));
  }

  @Test
  void turnsStartInTheOrderTheyWereAsked() {
    List<Integer> started = new ArrayList<>();
    turns.whenFree(() -> started.add(0)); // takes the key and keeps it
    for (int i = 1; i <= 5; i++) {
      int turn = i;
      turns.whenFree(() -> started.add(turn));
    }
    assertEquals(List.of(0), started, "the others wait for the holder");
    assertEquals(5, turns.waiting());
    for (int i = 1; i <= 5; i++) {
      turns.release();
      assertEquals(i + 1, started.size(), "one release starts exactly one turn");
      assertEquals(5 - i, turns.waiting());
    }
    assertEquals(List.of(0, 1, 2, 3, 4, 5), started);
    assertFalse(free(), "the last turn still holds the key");
    turns.release();
    assertTrue(free());
  }

  @Test
  void blockingAndQueuedWaitersShareOneLine() throws Exception {
    List<String> order = Collections.synchronizedList(new ArrayList<>());
    turns.whenFree(() -> order.add("holder"));
    CountDownLatch aHasTheKey = new CountDownLatch(1);
    CountDownLatch aMayRelease = new CountDownLatch(1);
    Thread a = new Thread(() -> {
      try {
        turns.acquire();
        order.add("a");
        aHasTheKey.countDown();
        aMayRelease.await();
        turns.release();
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
    }, "blocking-a");
    a.start();
    await(() -> turns.waiting() == 1, "a is in line");
    awaitParked(a);

    CompletableFuture<Void> bReleased = new CompletableFuture<>();
    turns.whenFree(() -> {
      order.add("b");
      // As an asynchronous call does: its turn ends on another thread when its response is in.
      CompletableFuture.runAsync(() -> {
        turns.release();
        bReleased.complete(null);
      });
    });
    Thread c = new Thread(() -> {
      try {
        turns.acquire();
        order.add("c");
        turns.release();
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
    }, "blocking-c");
    c.start();
    await(() -> turns.waiting() == 3, "a, b and c are in line");
    awaitParked(c);
    assertEquals(List.of("holder"), order);

    turns.release();
    assertTrue(aHasTheKey.await(10, TimeUnit.SECONDS));
    assertEquals(List.of("holder", "a"), order, "b waits although it never blocks a thread");
    aMayRelease.countDown();
    a.join(10_000);
    c.join(10_000);
    bReleased.get(10, TimeUnit.SECONDS);
    assertEquals(List.of("holder", "a", "b", "c"), order);
    assertTrue(free());
  }

  @Test
  void anInterruptedWaiterGivesUpItsTurnWithoutLeakingIt() throws Exception {
    turns.whenFree(() -> { });
    AtomicBoolean interrupted = new AtomicBoolean();
    Thread waiter = new Thread(() -> {
      try {
        turns.acquire();
        throw new AssertionError("got a turn it had given up");
      } catch (InterruptedException e) {
        interrupted.set(true);
      }
    }, "interrupted-waiter");
    waiter.start();
    await(() -> turns.waiting() == 1, "the waiter is in line");
    awaitParked(waiter);
    List<String> after = new ArrayList<>();
    turns.whenFree(() -> after.add("next"));

    waiter.interrupt();
    waiter.join(10_000);
    assertTrue(interrupted.get());
    assertEquals(2, turns.waiting(), "its place stays in line until its turn comes");

    turns.release(); // the waiter's turn comes, finds nobody, and passes on
    assertEquals(List.of("next"), after);
    turns.release();
    assertTrue(free(), "no turn leaked");
  }

  @Test
  void anInterruptRacingTheTurnNeverLeaksIt() throws Exception {
    // Whichever wins, the turn arriving or the interrupt, the key ends up free.
    Random random = new Random(5);
    for (int round = 0; round < 200; round++) {
      turns.whenFree(() -> { });
      AtomicBoolean gotTurn = new AtomicBoolean();
      Thread waiter = new Thread(() -> {
        try {
          turns.acquire();
          gotTurn.set(true);
          turns.release();
        } catch (InterruptedException e) {
          // gave up
        }
      });
      waiter.start();
      await(() -> turns.waiting() == 1, "the waiter is in line");
      if (random.nextBoolean()) {
        turns.release();
        waiter.interrupt();
      } else {
        waiter.interrupt();
        turns.release();
      }
      waiter.join(10_000);
      assertFalse(waiter.isAlive());
      assertTrue(free(), "round " + round + " (turn taken: " + gotTurn.get() + ")");
    }
  }

  @Test
  void aStartedEntryWhoseCallerGaveUpReleases() {
    // As Calls does for an asynchronous call cancelled while it waited: its start finds the future
    // done and releases at once, on the thread that passed it the turn.
    turns.whenFree(() -> { });
    CompletableFuture<String> cancelled = new CompletableFuture<>();
    AtomicInteger sent = new AtomicInteger();
    turns.whenFree(() -> {
      if (cancelled.isDone()) {
        turns.release();
      } else {
        sent.incrementAndGet();
      }
    });
    List<String> after = new ArrayList<>();
    turns.whenFree(() -> after.add("next"));
    cancelled.cancel(false);

    turns.release();
    assertEquals(0, sent.get(), "nothing was sent for it");
    assertEquals(List.of("next"), after, "its turn went on to the next");
    turns.release();
    assertTrue(free());
  }

  @Test
  void aLongRunOfGivenUpTurnsDoesNotOverflowTheStack() {
    // Found writing this test: each given-up turn used to pass the key on one stack frame deeper,
    // and some ten thousand cancelled calls in line overflowed the stack and left the key taken
    // for good. Run where stacks are small, as on OkHttp's threads.
    AtomicBoolean done = new AtomicBoolean();
    Thread small = new Thread(null, () -> {
      turns.whenFree(() -> { });
      for (int i = 0; i < 200_000; i++) {
        turns.whenFree(turns::release);
      }
      List<String> after = new ArrayList<>();
      turns.whenFree(() -> after.add("last"));
      turns.release();
      assertEquals(List.of("last"), after);
      turns.release();
      done.set(true);
    }, "small-stack", 256 * 1024);
    small.setUncaughtExceptionHandler((thread, e) -> { });
    small.start();
    assertTrue(joined(small) && done.get(), "the turns were passed on without overflowing");
    assertTrue(free());
  }

  private static boolean joined(Thread thread) {
    try {
      thread.join(30_000);
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
    return !thread.isAlive();
  }

  @Test
  void releasingInsideAStartOfAnotherKeyDoesNotCrossKeys() {
    KeyTurns other = new KeyTurns();
    List<String> order = new ArrayList<>();
    turns.whenFree(() -> { });
    other.whenFree(() -> { });
    other.whenFree(() -> order.add("other-next"));
    // A turn of this key whose start ends a turn of the other key on the same thread.
    turns.whenFree(() -> {
      order.add("this");
      other.release();
      order.add("this-after");
    });
    turns.release();
    assertEquals(List.of("this", "other-next", "this-after"), order, "the other key's turn is passed at once");
  }

  @Test
  void underContentionAtMostOneHolderAndNoTurnLost() throws Exception {
    int threads = 16;
    int perThread = 400;
    AtomicInteger holders = new AtomicInteger();
    AtomicInteger maxHolders = new AtomicInteger();
    AtomicInteger turnsTaken = new AtomicInteger();
    CountDownLatch asyncDone = new CountDownLatch(threads * perThread / 2);
    ExecutorService releasers = Executors.newFixedThreadPool(4);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CyclicBarrier start = new CyclicBarrier(threads);
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int seed = t;
        futures.add(pool.submit(() -> {
          Random random = new Random(seed);
          start.await();
          for (int i = 0; i < perThread; i++) {
            if (i % 2 == 0) {
              turns.acquire();
              hold(holders, maxHolders, turnsTaken);
              turns.release();
            } else {
              // Queued; released on another thread, now or a little later, as a response would.
              boolean later = random.nextBoolean();
              turns.whenFree(() -> {
                hold(holders, maxHolders, turnsTaken);
                Runnable end = () -> {
                  turns.release();
                  asyncDone.countDown();
                };
                if (later) {
                  releasers.execute(end);
                } else {
                  end.run();
                }
              });
            }
          }
          return null;
        }));
      }
      for (Future<?> future : futures) {
        future.get(60, TimeUnit.SECONDS);
      }
      assertTrue(asyncDone.await(60, TimeUnit.SECONDS), "every queued turn started and ended");
    } finally {
      pool.shutdownNow();
      releasers.shutdown();
      assertTrue(releasers.awaitTermination(10, TimeUnit.SECONDS));
    }
    assertEquals(1, maxHolders.get(), "one holder at a time");
    assertEquals(threads * perThread, turnsTaken.get(), "no turn lost");
    assertEquals(0, turns.waiting());
    assertTrue(free());
  }

  /** Takes the turn: counts it and checks that nobody else holds the key meanwhile. */
  private static void hold(AtomicInteger holders, AtomicInteger maxHolders, AtomicInteger turnsTaken) {
    int now = holders.incrementAndGet();
    maxHolders.accumulateAndGet(now, Math::max);
    turnsTaken.incrementAndGet();
    Thread.onSpinWait();
    holders.decrementAndGet();
  }

  @Test
  void toStringShowsTheLine() {
    turns.whenFree(() -> { });
    turns.whenFree(() -> { });
    assertEquals("KeyTurns{waiting=1}", turns.toString());
  }
}
