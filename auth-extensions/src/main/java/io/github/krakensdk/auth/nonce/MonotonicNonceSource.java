package io.github.krakensdk.auth.nonce;

import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link NonceSource} that follows a clock but never goes back: each nonce is the larger of the
 * clock's reading and the previous nonce plus one.
 *
 * <p>When the clock steps back (NTP correction, VM migration), nonces keep counting up from the
 * last one issued until the clock catches up. When many nonces are drawn within one clock tick,
 * they run slightly ahead of the clock. Microseconds (the default) keep that lead tiny, so a
 * process restarted a moment later still starts above the last nonce its predecessor used;
 * milliseconds match what most other Kraken clients send, for keys shared with such tools.
 *
 * <pre>{@code
 * NonceSource nonces = new MonotonicNonceSource(Clock.systemUTC(), TimeUnit.MILLISECONDS);
 * }</pre>
 */
public final class MonotonicNonceSource implements NonceSource {
  static final MonotonicNonceSource SYSTEM = new MonotonicNonceSource();

  private final Clock clock;
  private final TimeUnit unit;
  private final AtomicLong last = new AtomicLong(Long.MIN_VALUE);

  /** Microseconds of the system clock. */
  public MonotonicNonceSource() {
    this(Clock.systemUTC(), TimeUnit.MICROSECONDS);
  }

  /**
   * @param clock where the time comes from.
   * @param unit {@link TimeUnit#MICROSECONDS} or {@link TimeUnit#MILLISECONDS}.
   */
  public MonotonicNonceSource(Clock clock, TimeUnit unit) {
    this.clock = Objects.requireNonNull(clock, "clock == null");
    this.unit = Objects.requireNonNull(unit, "unit == null");
    if (unit != TimeUnit.MICROSECONDS && unit != TimeUnit.MILLISECONDS) {
      throw new IllegalArgumentException("unit must be MICROSECONDS or MILLISECONDS");
    }
  }

  @Override
  public long nextNonce() {
    long now = read(clock.instant());
    // One atomic step: no two threads can see the same previous value, so values are unique,
    // and the order of these steps is the order in which nonces are issued.
    return last.accumulateAndGet(now, (previous, clockValue) ->
        previous == Long.MIN_VALUE ? clockValue : Math.max(previous + 1, clockValue));
  }

  private long read(Instant instant) {
    long seconds = instant.getEpochSecond();
    int nanos = instant.getNano();
    return unit == TimeUnit.MICROSECONDS
        ? Math.addExact(Math.multiplyExact(seconds, 1_000_000L), nanos / 1_000)
        : Math.addExact(Math.multiplyExact(seconds, 1_000L), nanos / 1_000_000);
  }

  @Override
  public String toString() {
    return "MonotonicNonceSource{" + unit + "}";
  }
}
