package io.github.krakensdk.tests.client;

import io.github.krakensdk.runtime.call.TimeSource;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link TimeSource} whose waits take no real time: waiting moves its clock on by the wait. The
 * wire tests make hundreds of private Spot calls on one client against a mock server that keeps
 * no call counter; the client still paces them (the default), on this clock, so nothing sleeps.
 * A scheduled task runs on another thread, as a timer's would.
 */
public final class VirtualTime implements TimeSource {
  private final AtomicLong now = new AtomicLong();

  @Override
  public long nanoTime() {
    return now.get();
  }

  @Override
  public void sleep(Duration duration) {
    now.addAndGet(duration.toNanos());
  }

  @Override
  public void schedule(Duration delay, Runnable task) {
    now.addAndGet(delay.toNanos());
    CompletableFuture.runAsync(task);
  }

  /** How long all waits together took on this clock. */
  public Duration waited() {
    return Duration.ofNanos(now.get());
  }
}
