package io.github.krakensdk.websocket.internal;

/**
 * Time for the connections: a monotonic clock and delayed tasks. {@link SystemScheduler} in
 * production; tests use a fake whose time moves only when the test says.
 */
public interface Scheduler {
  /** Monotonic nanoseconds. */
  long nanoTime();

  /** Runs {@code task} once, {@code delayNanos} from now (at once when zero or less). */
  Cancellable schedule(Runnable task, long delayNanos);

  /** A scheduled task that may be called off. */
  interface Cancellable {
    void cancel();
  }
}
