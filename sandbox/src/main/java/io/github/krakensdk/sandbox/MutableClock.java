package io.github.krakensdk.sandbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * A clock that stands still until it is told to move: give it to {@link Sandbox.Builder#clock}
 * and test lifetimes and delays without waiting.
 *
 * <pre>{@code
 * MutableClock clock = MutableClock.at(Instant.parse("2025-03-14T09:00:00Z"));
 * Sandbox sandbox = Sandbox.builder().clock(clock).start();
 * // ... obtain an OAuth token ...
 * clock.advance(Duration.ofHours(25)); // the access token has now expired
 * }</pre>
 *
 * Thread-safe.
 */
public final class MutableClock extends Clock {
  private final ZoneId zone;
  private final Object lock = new Object();
  private Instant now;

  private MutableClock(Instant now, ZoneId zone) {
    this.now = now;
    this.zone = zone;
  }

  /** A clock in UTC that reads {@code start} until moved. */
  public static MutableClock at(Instant start) {
    return new MutableClock(Objects.requireNonNull(start, "start == null"), ZoneOffset.UTC);
  }

  /** Moves the clock forward (or back, with a negative duration). */
  public void advance(Duration duration) {
    Objects.requireNonNull(duration, "duration == null");
    synchronized (lock) {
      now = now.plus(duration);
    }
  }

  /** Moves the clock to {@code instant} if it reads earlier; never back. */
  void advanceTo(Instant instant) {
    synchronized (lock) {
      if (now.isBefore(instant)) {
        now = instant;
      }
    }
  }

  public void set(Instant instant) {
    Objects.requireNonNull(instant, "instant == null");
    synchronized (lock) {
      now = instant;
    }
  }

  @Override
  public Instant instant() {
    synchronized (lock) {
      return now;
    }
  }

  @Override
  public ZoneId getZone() {
    return zone;
  }

  /** A view in another zone that moves with this clock. */
  @Override
  public Clock withZone(ZoneId zone) {
    Objects.requireNonNull(zone, "zone == null");
    return zone.equals(this.zone) ? this : new ZonedView(this, zone);
  }

  private static final class ZonedView extends Clock {
    private final MutableClock source;
    private final ZoneId zone;

    ZonedView(MutableClock source, ZoneId zone) {
      this.source = source;
      this.zone = zone;
    }

    @Override
    public Instant instant() {
      return source.instant();
    }

    @Override
    public ZoneId getZone() {
      return zone;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return new ZonedView(source, zone);
    }
  }

  @Override
  public String toString() {
    return "MutableClock[" + instant() + "]";
  }
}
