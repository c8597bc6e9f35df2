package io.github.krakensdk.sandbox.internal;

import io.github.krakensdk.sandbox.MutableClock;

import io.github.krakensdk.runtime.call.TimeSource;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sandbox's time, and the {@link TimeSource} a client uses to wait on it: waiting moves the
 * sandbox's clock on instead of sleeping, so that a client pacing hundreds of calls by the REST
 * call counter (which the sandbox keeps on this clock too) waits no real time. With a {@link
 * MutableClock}, waiting moves that clock; with any other clock (the system clock by default), the
 * sandbox's clock is that clock plus the time waited so far. Waiting only ever moves the clock to
 * the end of the wait (never by the wait again when another waiter already moved it there), so
 * concurrent waiters behave as on a real clock.
 */
public final class SandboxTime implements TimeSource {
  private final Clock clock;
  private final MutableClock mutable;
  private final Ahead ahead;

  public SandboxTime(Clock base) {
    Objects.requireNonNull(base, "base == null");
    this.mutable = base instanceof MutableClock m ? m : null;
    this.ahead = mutable == null ? new Ahead(base) : null;
    this.clock = mutable != null ? mutable : ahead;
  }

  /** The clock the sandbox reads. */
  public Clock clock() {
    return clock;
  }

  @Override
  public long nanoTime() {
    Instant now = clock.instant();
    return Math.addExact(Math.multiplyExact(now.getEpochSecond(), 1_000_000_000L), now.getNano());
  }

  @Override
  public void sleep(Duration duration) {
    Instant until = clock.instant().plus(duration);
    if (mutable != null) {
      RootAccess.get().advanceTo(mutable, until);
    } else {
      ahead.advanceTo(until);
    }
  }

  /** Waits (at once) and runs {@code task} on the calling thread: nothing blocks. */
  @Override
  public void schedule(Duration delay, Runnable task) {
    sleep(delay);
    task.run();
  }

  @Override
  public String toString() {
    return "SandboxTime{" + clock + "}";
  }

  /** A clock that runs with {@code base}, ahead of it by the time waited on it. */
  private static final class Ahead extends Clock {
    private final Clock base;
    private final AtomicLong aheadNanos = new AtomicLong();

    Ahead(Clock base) {
      this.base = base;
    }

    void advanceTo(Instant until) {
      while (true) {
        long current = aheadNanos.get();
        Instant now = base.instant().plusNanos(current);
        if (!now.isBefore(until)) {
          return;
        }
        if (aheadNanos.compareAndSet(current, current + Duration.between(now, until).toNanos())) {
          return;
        }
      }
    }

    @Override
    public Instant instant() {
      return base.instant().plusNanos(aheadNanos.get());
    }

    @Override
    public ZoneId getZone() {
      return base.getZone();
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return new ZoneView(this, zone);
    }

    @Override
    public String toString() {
      return "SandboxClock[" + instant() + "]";
    }
  }

  /** {@link Ahead} seen in another zone. */
  private static final class ZoneView extends Clock {
    private final Clock source;
    private final ZoneId zone;

    ZoneView(Clock source, ZoneId zone) {
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
      return new ZoneView(source, zone);
    }
  }
}
