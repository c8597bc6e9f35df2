package io.github.krakensdk.websocket;

import io.github.krakensdk.websocket.internal.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A clock that moves only in {@link #advance}, which runs the tasks that fall due on the caller's thread. */
final class FakeScheduler implements Scheduler {
  private long now = 1_000_000_000L;
  private long sequence;
  private final List<Task> tasks = new ArrayList<>();

  @Override public synchronized long nanoTime() {
    return now;
  }

  @Override public synchronized Cancellable schedule(Runnable runnable, long delayNanos) {
    Task task = new Task(now + Math.max(0, delayNanos), sequence++, runnable);
    tasks.add(task);
    return () -> {
      synchronized (FakeScheduler.this) {
        tasks.remove(task);
      }
    };
  }

  /** Moves the clock by {@code duration}, running every task due on the way, in time order. */
  void advance(Duration duration) {
    long until;
    synchronized (this) {
      until = now + duration.toNanos();
    }
    while (true) {
      Task next;
      synchronized (this) {
        next = tasks.stream()
            .filter(task -> task.at - until <= 0)
            .min(Comparator.comparingLong((Task task) -> task.at).thenComparingLong(task -> task.sequence))
            .orElse(null);
        if (next == null) {
          now = until;
          return;
        }
        tasks.remove(next);
        now = Math.max(now, next.at);
      }
      next.runnable.run();
    }
  }

  private record Task(long at, long sequence, Runnable runnable) {}
}
