package io.github.krakensdk.runtime.call;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** The default {@link TimeSource}. */
final class SystemTimeSource implements TimeSource {
  static final SystemTimeSource INSTANCE = new SystemTimeSource();

  private SystemTimeSource() {}

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public void sleep(Duration duration) throws InterruptedException {
    TimeUnit.NANOSECONDS.sleep(duration.toNanos());
  }

  @Override
  public void schedule(Duration delay, Runnable task) {
    Objects.requireNonNull(task, "task == null");
    // The JDK's timer thread hands the task to the common pool when it is due; nothing blocks.
    CompletableFuture.delayedExecutor(delay.toNanos(), TimeUnit.NANOSECONDS).execute(task);
  }

  @Override
  public String toString() {
    return "TimeSource.system()";
  }
}
