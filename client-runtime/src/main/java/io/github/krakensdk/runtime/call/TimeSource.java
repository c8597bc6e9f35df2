package io.github.krakensdk.runtime.call;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The client's sense of time for waiting: the pacing of Spot calls ({@link SpotRateTier}) and the
 * delays of the {@link RetryPolicy} read it and wait on it. The default, {@link #system()}, is the
 * JVM's monotonic clock and real sleeping. Another source lets the client wait on a simulated
 * clock instead, such as the sandbox's, so that a test or a demo that paces hundreds of calls
 * runs at once:
 *
 * <pre>{@code
 * KrakenClient kraken = KrakenClient.builder()
 *     .environment(sandbox.environment())
 *     .spotCredentials(sandbox.credentials().spot().credentials())
 *     .timeSource(sandbox.timeSource()) // waiting moves the sandbox's clock
 *     .build();
 * }</pre>
 *
 * Implementations must be thread-safe.
 */
public interface TimeSource {
  /**
   * Now, in nanoseconds from an arbitrary origin that never changes for this source; only the
   * difference of two readings means something. Never goes back.
   */
  long nanoTime();

  /**
   * Returns once {@code duration} has passed on this source: blocks for a real clock, moves a
   * simulated one on.
   *
   * @throws InterruptedException if the waiting thread is interrupted.
   */
  void sleep(Duration duration) throws InterruptedException;

  /**
   * Runs {@code task} once {@code delay} has passed on this source, without blocking the caller.
   * The client schedules its asynchronous calls' waits here, so that no OkHttp thread ever waits.
   * This default runs {@link #sleep} and then the task on {@link
   * java.util.concurrent.ForkJoinPool#commonPool()}: right for a source whose sleep returns at
   * once; a source whose sleep blocks should override it with a timer.
   */
  default void schedule(Duration delay, Runnable task) {
    Objects.requireNonNull(delay, "delay == null");
    Objects.requireNonNull(task, "task == null");
    CompletableFuture.runAsync(() -> {
      try {
        sleep(delay);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      task.run(); // always: the task may hold a key's turn, which it must pass on
    });
  }

  /** {@link System#nanoTime()}, real sleeping, and a shared timer thread for {@link #schedule}. */
  static TimeSource system() {
    return SystemTimeSource.INSTANCE;
  }
}
