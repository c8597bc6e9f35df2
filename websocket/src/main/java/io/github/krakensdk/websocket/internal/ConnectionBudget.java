package io.github.krakensdk.websocket.internal;

import java.util.ArrayDeque;

/**
 * A sliding-window count of connection attempts: at most {@code maxAttempts} in any window of
 * {@code windowNanos}. Times are monotonic nanoseconds ({@link System#nanoTime()} or a test's clock).
 * One client's connections share one budget (Kraken counts attempts per IP address, whatever the
 * endpoint), so it is thread-safe.
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
  public synchronized long allowedAt(long now) {
    expire(now);
    if (attempts.size() < maxAttempts) return now;
    return attempts.peekFirst() + windowNanos;
  }

  /**
   * Counts an attempt made at {@code now}.
   *
   * @throws IllegalStateException if the window is full: wait until {@link #allowedAt}.
   */
  public synchronized void record(long now) {
    long allowedAt = allowedAt(now);
    if (allowedAt - now > 0) {
      throw new IllegalStateException("connection budget spent: " + maxAttempts + " attempts in the last "
          + windowNanos + " ns; the next is allowed in " + (allowedAt - now) + " ns");
    }
    attempts.addLast(now);
  }

  /**
   * Counts an attempt at {@code now} if the window has room: 0 when counted, else how long to wait
   * (nothing counted). One step, so connections sharing the budget cannot both take its last room.
   */
  public synchronized long tryRecord(long now) {
    long wait = allowedAt(now) - now;
    if (wait > 0) return wait;
    attempts.addLast(now);
    return 0;
  }

  /** Attempts counted in the window ending at {@code now}. */
  public synchronized int used(long now) {
    expire(now);
    return attempts.size();
  }

  private void expire(long now) {
    // An attempt at t is in the window (now - window, now]; at t + window it has left.
    while (!attempts.isEmpty() && now - attempts.peekFirst() >= windowNanos) attempts.removeFirst();
  }
}
