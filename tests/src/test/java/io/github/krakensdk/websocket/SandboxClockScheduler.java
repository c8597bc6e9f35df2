package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.internal.Scheduler;
import java.time.Duration;
import java.time.Instant;
import java.util.PriorityQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The WebSocket client's timers on the sandbox's clock: {@link #nanoTime()} is the sandbox time
 * since the scheduler was made, and a task scheduled for later runs when {@link #advance} moves the
 * sandbox clock past it, on one timer thread as {@code SystemScheduler}'s do; a task due now runs
 * at once. So pings, pong timeouts, reply timeouts, backoff and the connection budget's window all
 * run on the time the sandbox's faults (late pongs, refusals) run on, and minutes pass in
 * milliseconds.
 */
final class SandboxClockScheduler implements Scheduler {
  private final Supplier<Instant> now;
  private final Consumer<Duration> advanceClock;
  private final Instant origin;
  private final PriorityQueue<Task> tasks = new PriorityQueue<>();
  private final ExecutorService timer = Executors.newSingleThreadExecutor(runnable -> {
    Thread thread = new Thread(runnable, "soak-sandbox-clock-timer");
    thread.setDaemon(true);
    return thread;
  });
  private long sequence;

  /** {@code now} reads the sandbox clock; {@code advanceClock} moves it (the sandbox's {@code time().advance}). */
  SandboxClockScheduler(Supplier<Instant> now, Consumer<Duration> advanceClock) {
    this.now = requireNonNull(now, "now == null");
    this.advanceClock = requireNonNull(advanceClock, "advanceClock == null");
    this.origin = now.get();
  }

  @Override public long nanoTime() {
    return Duration.between(origin, now.get()).toNanos();
  }

  @Override public Cancellable schedule(Runnable task, long delayNanos) {
    requireNonNull(task, "task == null");
    Task scheduled;
    synchronized (this) {
      scheduled = new Task(task, nanoTime() + Math.max(0, delayNanos), sequence++);
      if (delayNanos > 0) {
        tasks.add(scheduled);
        return scheduled::cancel;
      }
    }
    timer.execute(scheduled);
    return scheduled::cancel;
  }

  /** Moves the sandbox clock on by {@code step}, then runs every task that fell due, in due order, and waits for them. */
  void advance(Duration step) {
    advanceClock.accept(step);
    long time = nanoTime();
    while (true) {
      Task due;
      synchronized (this) {
        due = tasks.peek();
        if (due == null || due.dueNanos > time) break;
        tasks.poll();
      }
      timer.execute(due);
    }
    awaitIdle();
  }

  /** The sandbox time when the earliest pending task falls due, or null when none is pending. */
  synchronized Long nextDueNanos() {
    tasks.removeIf(task -> task.cancelled);
    Task next = tasks.peek();
    return next == null ? null : next.dueNanos;
  }

  /** Waits until the tasks handed to the timer thread so far have run. */
  void awaitIdle() {
    try {
      timer.submit(() -> { }).get(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("the timer thread is stuck", e);
    }
  }

  void shutdown() {
    timer.shutdownNow();
  }

  private static final class Task implements Runnable, Comparable<Task> {
    final Runnable delegate;
    final long dueNanos;
    final long sequence;
    volatile boolean cancelled;

    Task(Runnable delegate, long dueNanos, long sequence) {
      this.delegate = delegate;
      this.dueNanos = dueNanos;
      this.sequence = sequence;
    }

    void cancel() {
      cancelled = true;
    }

    @Override public void run() {
      if (!cancelled) delegate.run();
    }

    @Override public int compareTo(Task other) {
      int byDue = Long.compare(dueNanos, other.dueNanos);
      return byDue != 0 ? byDue : Long.compare(sequence, other.sequence);
    }
  }
}
