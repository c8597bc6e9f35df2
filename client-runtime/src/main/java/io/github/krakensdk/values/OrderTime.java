package io.github.krakensdk.values;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;

/**
 * A scheduled start or expiry of a Spot order ({@code starttm}, {@code expiretm}): now (or, for an
 * expiry, never), a moment, or a delay from when the service receives the order. Kraken takes it
 * as text; {@link #toString()} is that text.
 *
 * <pre>{@code
 * OrderTime.now()                                     // "0"
 * OrderTime.never()                                   // "0", as an expiry: the order does not expire
 * OrderTime.after(Duration.ofMinutes(5))              // "+300"
 * OrderTime.at(Instant.parse("2025-01-01T00:00:00Z")) // "1735689600"
 * }</pre>
 *
 * <p>The service counts in whole seconds: {@link #at(Instant)} drops a fraction of a second and
 * {@link #after(Duration)} refuses one. Immutable, equal when the wire text is.
 */
public final class OrderTime {
  private static final OrderTime ZERO = new OrderTime(null, null, "0");

  private final Instant instant;
  private final Duration delay;
  private final String text;

  private OrderTime(Instant instant, Duration delay, String text) {
    this.instant = instant;
    this.delay = delay;
    this.text = text;
  }

  /** As a start time: now, when the service receives the order ({@code 0}). */
  public static OrderTime now() {
    return ZERO;
  }

  /** As an expiry: the order does not expire ({@code 0}, the same text as {@link #now()}). */
  public static OrderTime never() {
    return ZERO;
  }

  /** At {@code instant}, as a Unix time in whole seconds ({@code 1735689600}); not before 1970. */
  public static OrderTime at(Instant instant) {
    requireNonNull(instant, "instant == null");
    long seconds = instant.getEpochSecond();
    if (seconds <= 0) {
      throw new IllegalArgumentException("instant " + instant + " is not after 1970-01-01T00:00:00Z");
    }
    return new OrderTime(Instant.ofEpochSecond(seconds), null, Long.toString(seconds));
  }

  /** {@code delay} after the service receives the order ({@code +300}); whole seconds, not negative. */
  public static OrderTime after(Duration delay) {
    requireNonNull(delay, "delay == null");
    if (delay.isNegative() || delay.getNano() != 0) {
      throw new IllegalArgumentException("delay " + delay + " must be a whole number of seconds, not negative");
    }
    return new OrderTime(null, delay, "+" + delay.getSeconds());
  }

  /**
   * Reads one of Kraken's forms: {@code 0}, a Unix time in seconds, or {@code +} and seconds.
   *
   * @throws IllegalArgumentException if {@code text} is none of them
   */
  public static OrderTime parse(String text) {
    requireNonNull(text, "text == null");
    String digits = text.startsWith("+") ? text.substring(1) : text;
    if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new IllegalArgumentException("order time \"" + text + "\" is not 0, a Unix time in seconds"
          + " (1735689600) or + and seconds (+300)");
    }
    long seconds = Long.parseLong(digits);
    if (text.startsWith("+")) {
      return new OrderTime(null, Duration.ofSeconds(seconds), text);
    }
    return seconds == 0 ? ZERO : new OrderTime(Instant.ofEpochSecond(seconds), null, text);
  }

  /** Whether this is {@code 0}: now as a start time, never as an expiry. */
  public boolean isZero() {
    return instant == null && delay == null;
  }

  /** The moment of {@link #at(Instant)}, or null for the other forms. */
  public Instant instant() {
    return instant;
  }

  /** The delay of {@link #after(Duration)}, or null for the other forms. */
  public Duration delay() {
    return delay;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof OrderTime && ((OrderTime) other).text.equals(text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  /** The wire text: {@code 0}, {@code 1735689600} or {@code +300}. */
  @Override
  public String toString() {
    return text;
  }
}
