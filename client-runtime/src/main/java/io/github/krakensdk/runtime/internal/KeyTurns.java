package io.github.krakensdk.runtime.internal;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The per-key ordering of signed requests: one request of an API key on the wire at a time, in
 * the order the calls asked, so the service never sees a lower nonce after a higher one.
 *
 * <p>A request waits for its turn <em>before</em> it is handed to OkHttp: a blocking call waits on
 * the caller's thread, an asynchronous one waits as an entry in this queue and is enqueued when
 * the previous request of the key completes. No OkHttp dispatcher or network thread ever waits
 * here. Hand-written because OkHttp's dispatcher limits requests per host, not per key.
 */
public final class KeyTurns {
  /**
   * The turn-passing loop of {@link #release()} running on this thread, if any. A start that
   * gives its turn up at once (a waiter that left, a cancelled call) releases inside that loop;
   * the loop then passes the turn on instead of a nested call, so that a long run of given-up
   * turns cannot overflow the stack (which would leave the key taken for good).
   */
  private static final ThreadLocal<Passing> PASSING = new ThreadLocal<>();

  private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();
  private boolean busy;

  /**
   * Runs {@code start} now if the key is free, else when every earlier turn was released.
   * {@code start} holds the key until it (or what it started) calls {@link #release()}; it must
   * not block, and must not wait for a later turn of this key after releasing on its own thread
   * (that turn starts when {@code start} returns).
   */
  public void whenFree(Runnable start) {
    synchronized (this) {
      if (busy) {
        waiting.add(start);
        return;
      }
      busy = true;
    }
    start.run();
  }

  /** Ends the current turn and starts the next one, on this thread (starting never blocks). */
  public void release() {
    Passing outer = PASSING.get();
    if (outer != null && outer.turns == this) {
      outer.released = true; // a start released its turn at once: the loop below passes it on
      return;
    }
    synchronized (this) {
      if (waiting.isEmpty()) {
        busy = false; // no one waits: nothing to pass on
        return;
      }
    }
    Passing passing = new Passing(this);
    PASSING.set(passing);
    try {
      while (true) {
        Runnable next;
        synchronized (this) {
          next = waiting.poll();
          if (next == null) {
            busy = false;
            return;
          }
        }
        passing.released = false;
        next.run();
        if (!passing.released) {
          return; // the started turn holds the key
        }
      }
    } finally {
      PASSING.set(outer);
    }
  }

  /**
   * Blocks the calling thread until it has the key. If it is interrupted first, its turn is
   * given up (passed on when it comes) and {@link InterruptedException} is thrown.
   */
  public void acquire() throws InterruptedException {
    if (!acquire(null)) {
      throw new AssertionError("an unbounded wait cannot time out");
    }
  }

  /**
   * As {@link #acquire()}, waiting at most {@code timeout} (null for no bound): returns whether the
   * calling thread has the key. When the time is up first, its turn is given up (passed on when it
   * comes) and nothing else changes.
   */
  public boolean acquire(Duration timeout) throws InterruptedException {
    synchronized (this) {
      if (!busy) {
        busy = true; // the key is free: no one to wait for
        return true;
      }
    }
    CompletableFuture<Void> turn = new CompletableFuture<>();
    whenFree(() -> {
      if (!turn.complete(null)) {
        release(); // the waiter gave up: pass the turn on
      }
    });
    try {
      if (timeout == null) {
        turn.get();
      } else {
        turn.get(Math.max(0, timeout.toNanos()), TimeUnit.NANOSECONDS);
      }
      return true;
    } catch (TimeoutException e) {
      return !turn.cancel(false); // the turn arrived meanwhile: keep it
    } catch (InterruptedException e) {
      if (!turn.cancel(false)) {
        release(); // the turn arrived meanwhile: give it back
      }
      throw e;
    } catch (ExecutionException impossible) {
      throw new AssertionError(impossible);
    }
  }

  /** The number of requests waiting for their turn, for tests and diagnostics. */
  public synchronized int waiting() {
    return waiting.size();
  }

  /** A {@link #release()} loop in progress on one thread, for one instance. */
  private static final class Passing {
    final KeyTurns turns;
    boolean released;

    Passing(KeyTurns turns) {
      this.turns = turns;
    }
  }

  @Override
  public String toString() {
    return "KeyTurns{waiting=" + waiting() + "}";
  }
}
