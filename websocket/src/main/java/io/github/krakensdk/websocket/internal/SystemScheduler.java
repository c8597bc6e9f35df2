package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** {@link System#nanoTime()} and one daemon timer thread. */
public final class SystemScheduler implements Scheduler {
  private final ScheduledExecutorService executor;

  public SystemScheduler(String threadName) {
    requireNonNull(threadName, "threadName == null");
    ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, runnable -> {
      Thread thread = new Thread(runnable, threadName);
      thread.setDaemon(true);
      return thread;
    });
    executor.setRemoveOnCancelPolicy(true);
    this.executor = executor;
  }

  @Override public long nanoTime() {
    return System.nanoTime();
  }

  @Override public Cancellable schedule(Runnable task, long delayNanos) {
    ScheduledFuture<?> future = executor.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
    return () -> future.cancel(false);
  }

  public void shutdown() {
    executor.shutdownNow();
  }
}
