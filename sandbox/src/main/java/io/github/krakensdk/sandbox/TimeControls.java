package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.SandboxTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The sandbox clock, moved from a test: {@code sandbox.time()}. Whatever falls due on the way (a
 * deposit credited, an export processed, a verification completed, a webhook retried) happens when
 * it is next looked at, as if the time had passed. The clock only ever moves forward. The control
 * plane's {@code getClock}, {@code advanceClock} and {@code setClock} run this code.
 *
 * <pre>{@code
 * sandbox.time().advance(Duration.ofMinutes(10));
 * }</pre>
 */
public final class TimeControls {
  private final SandboxTime time;

  TimeControls(SandboxTime time) {
    this.time = time;
  }

  /** The sandbox clock's time. */
  public Instant now() {
    return time.clock().instant();
  }

  /**
   * Moves the clock on by {@code duration}.
   *
   * @return the time now
   */
  public Instant advance(Duration duration) {
    Objects.requireNonNull(duration, "duration == null");
    if (duration.isNegative()) {
      throw new IllegalArgumentException("duration must not be negative (was " + duration + ")");
    }
    time.sleep(duration);
    return now();
  }

  /**
   * Moves the clock to {@code instant}; the time it shows already changes nothing.
   *
   * @return the time now
   * @throws IllegalStateException if {@code instant} is before the clock's time: it never runs backwards.
   */
  public Instant set(Instant instant) {
    Objects.requireNonNull(instant, "instant == null");
    Instant now = now();
    if (instant.isBefore(now)) {
      throw new IllegalStateException("the clock never runs backwards (it shows " + now + ")");
    }
    time.sleep(Duration.between(now, instant));
    return now();
  }

  @Override
  public String toString() {
    return "TimeControls{" + now() + "}";
  }
}
