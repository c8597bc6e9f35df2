package io.github.krakensdk.websocket.internal;

import java.util.ArrayDeque;

/**
 * A sliding-window count of connection attempts: at most {@code maxAttempts} in any window of
 * {@code windowNanos}. Times are monotonic nanoseconds ({@link System#nanoTime()} or a test's clock).
 */
public final class ConnectionBudget {
  private final int maxAttempts;
  private final long windowNanos;
  private final ArrayDeque<Long> attempts = new ArrayDeque<>();

  public ConnectionBudget(int maxAttempts, long windowNanos) {
    if (maxAttempts < 1) throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
    if (windowNanos <= 0) throw new IllegalArgumentException("windowNanos must be more than zero: " + windowNanos);
    this.maxAttempts = maxAttempts;
    this.windowNanos = windowNanos;
  }

  /** The earliest time, at or after {@code now}, when an attempt fits in the window. */
  public long allowedAt(long now) {
    expire(now);
    if (attempts.size() < maxAttempts) return now;
    return attempts.peekFirst() + windowNanos;
  }

  /**
   * Counts an attempt made at {@code now}.
   *
   * @throws IllegalStateException if the window is full: wait until {@link #allowedAt}.
   */
  public void record(long now) {
    long allowedAt = allowedAt(now);
    if (allowedAt - now > 0) {
      throw new IllegalStateException("connection budget spent: " + maxAttempts + " attempts in the last "
          + windowNanos + " ns; the next is allowed in " + (allowedAt - now) + " ns");
    }
    attempts.addLast(now);
  }

  /** Attempts counted in the window ending at {@code now}. */
  public int used(long now) {
    expire(now);
    return attempts.size();
  }

  private void expire(long now) {
    // An attempt at t is in the window (now - window, now]; at t + window it has left.
    while (!attempts.isEmpty() && now - attempts.peekFirst() >= windowNanos) attempts.removeFirst();
  }
}
