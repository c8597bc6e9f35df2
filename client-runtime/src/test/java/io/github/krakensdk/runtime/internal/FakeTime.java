package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.runtime.call.TimeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A {@link TimeSource} that stands still until something waits on it. {@link #sleep} moves it on
 * at once; {@link #schedule} queues the task, and a timer thread of its own runs the queued tasks
 * in the order they are due, moving the clock to each one's time first (as a real timer would, in
 * no time). {@link #hold()} keeps the timer from running until {@link #release()}, for tests that
 * make several reservations at one instant. Every wait is recorded, with whether it blocked
 * ({@code sleep}) or was scheduled, and on which thread.
 */
final class FakeTime implements TimeSource {
  record Wait(Duration duration, boolean scheduled, String thread) {}

  private record Due(long at, long order, Runnable task) {}

  private static final long ORIGIN = 1_000_000_000L; // not zero, so no code relies on it

  private final List<Wait> waits = new ArrayList<>();
  private final PriorityQueue<Due> queue = new PriorityQueue<>((a, b) -> a.at() != b.at()
      ? Long.compare(a.at(), b.at()) : Long.compare(a.order(), b.order()));
  private long now = ORIGIN;
  private long scheduled;
  private boolean held;

  FakeTime() {
    Thread timer = new Thread(this::runTimer, "fake-timer");
    timer.setDaemon(true);
    timer.start();
  }

  @Override
  public synchronized long nanoTime() {
    return now;
  }

  @Override
  public synchronized void sleep(Duration duration) {
    waits.add(new Wait(duration, false, Thread.currentThread().getName()));
    now += duration.toNanos();
  }

  @Override
  public synchronized void schedule(Duration delay, Runnable task) {
    waits.add(new Wait(delay, true, Thread.currentThread().getName()));
    queue.add(new Due(now + delay.toNanos(), scheduled++, task));
    notifyAll();
  }

  synchronized void advance(Duration duration) {
    now += duration.toNanos();
  }

  synchronized void hold() {
    held = true;
  }

  synchronized void release() {
    held = false;
    notifyAll();
  }

  /** The waits so far, in order. */
  synchronized List<Wait> waits() {
    return List.copyOf(waits);
  }

  /** How far the clock has moved from its start. */
  synchronized Duration elapsed() {
    return Duration.ofNanos(now - ORIGIN);
  }

  static List<Duration> durations(List<Wait> waits) {
    List<Duration> durations = new ArrayList<>();
    waits.forEach(wait -> durations.add(wait.duration()));
    return durations;
  }

  private void runTimer() {
    while (true) {
      Due due;
      synchronized (this) {
        while (held || queue.isEmpty()) {
          try {
            wait();
          } catch (InterruptedException e) {
            return;
          }
        }
        due = queue.poll();
        now = Math.max(now, due.at());
      }
      due.task().run();
    }
  }
}
