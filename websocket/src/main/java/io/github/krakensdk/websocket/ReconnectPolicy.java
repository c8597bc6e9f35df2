package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * How a WebSocket connection is re-established after it drops: full-jitter exponential backoff,
 * within a budget of connection attempts per sliding window.
 *
 * <p><b>Backoff.</b> The n-th consecutive failed attempt (n from 0) waits a random time between
 * zero and {@code min(maxBackoff, initialBackoff * 2^n)} ("full jitter": of the usual schemes it
 * spreads many clients' reconnects the most, so a fleet that loses the service at once does not
 * come back at once). The count restarts once a connection has stayed open for
 * {@link #stableAfter()}; a connection that opens and drops at once keeps backing off.
 *
 * <p><b>Budget.</b> Kraken counts connection attempts per IP address: about
 * {@value #KRAKEN_MAX_ATTEMPTS} per {@value #KRAKEN_WINDOW_MINUTES} minutes. Every attempt, the
 * first one included, is counted in a sliding window; when the window is full the next attempt
 * waits until the oldest leaves it, whatever the backoff says. A budget may be stricter (fewer
 * attempts, or a longer window) but never looser than Kraken's. A client's connections (one per
 * endpoint) share its one budget; processes sharing one IP address should divide the budget
 * between them.
 *
 * <p><b>Terminal closes.</b> A close with code 1008 (policy violation) and an upgrade refused with
 * HTTP 401 or 403 are not retried: reconnecting would be refused the same way and spend the
 * budget. Every other close or failure is retried.
 *
 * <pre>{@code
 * ReconnectPolicy policy = ReconnectPolicy.builder()
 *     .initialBackoff(Duration.ofMillis(500))
 *     .maxBackoff(Duration.ofSeconds(30))
 *     .connectionBudget(60, Duration.ofMinutes(10)) // four processes share this IP address
 *     .build();
 * }</pre>
 */
public final class ReconnectPolicy {
  /** Kraken's connection attempts per IP address per {@link #KRAKEN_WINDOW_MINUTES} minutes. */
  public static final int KRAKEN_MAX_ATTEMPTS = 150;
  /** The window of Kraken's connection budget, in minutes. */
  public static final int KRAKEN_WINDOW_MINUTES = 10;
  private static final Duration KRAKEN_WINDOW = Duration.ofMinutes(KRAKEN_WINDOW_MINUTES);

  private final Duration initialBackoff;
  private final Duration maxBackoff;
  private final Duration stableAfter;
  private final int maxAttempts;
  private final Duration window;

  private ReconnectPolicy(Builder builder) {
    this.initialBackoff = builder.initialBackoff;
    this.maxBackoff = builder.maxBackoff;
    this.stableAfter = builder.stableAfter;
    this.maxAttempts = builder.maxAttempts;
    this.window = builder.window;
  }

  /** Backoff from 1 second up to 60, reset after 60 seconds connected; Kraken's whole budget. */
  public static ReconnectPolicy defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  /** The backoff ceiling of the first retry; it doubles with each failure after it. */
  public Duration initialBackoff() {
    return initialBackoff;
  }

  /** The most one retry waits for backoff (the budget may make it wait longer). */
  public Duration maxBackoff() {
    return maxBackoff;
  }

  /** How long a connection stays open before its failures are forgiven. */
  public Duration stableAfter() {
    return stableAfter;
  }

  /** Connection attempts allowed in any {@link #window()}. */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** The sliding window of the connection budget. */
  public Duration window() {
    return window;
  }

  @Override public boolean equals(Object o) {
    return o instanceof ReconnectPolicy other
        && initialBackoff.equals(other.initialBackoff)
        && maxBackoff.equals(other.maxBackoff)
        && stableAfter.equals(other.stableAfter)
        && maxAttempts == other.maxAttempts
        && window.equals(other.window);
  }

  @Override public int hashCode() {
    int result = initialBackoff.hashCode();
    result = 31 * result + maxBackoff.hashCode();
    result = 31 * result + stableAfter.hashCode();
    result = 31 * result + maxAttempts;
    return 31 * result + window.hashCode();
  }

  @Override public String toString() {
    return "ReconnectPolicy{backoff " + initialBackoff + ".." + maxBackoff + " (full jitter), stable after "
        + stableAfter + ", at most " + maxAttempts + " attempts per " + window + "}";
  }

  public static final class Builder {
    private Duration initialBackoff = Duration.ofSeconds(1);
    private Duration maxBackoff = Duration.ofSeconds(60);
    private Duration stableAfter = Duration.ofSeconds(60);
    private int maxAttempts = KRAKEN_MAX_ATTEMPTS;
    private Duration window = KRAKEN_WINDOW;

    private Builder() {
    }

    private Builder(ReconnectPolicy policy) {
      this.initialBackoff = policy.initialBackoff;
      this.maxBackoff = policy.maxBackoff;
      this.stableAfter = policy.stableAfter;
      this.maxAttempts = policy.maxAttempts;
      this.window = policy.window;
    }

    /** The backoff ceiling of the first retry; more than zero. Default 1 second. */
    public Builder initialBackoff(Duration initialBackoff) {
      this.initialBackoff = positive("initialBackoff", initialBackoff);
      return this;
    }

    /** The most one retry waits for backoff; at least {@code initialBackoff}. Default 60 seconds. */
    public Builder maxBackoff(Duration maxBackoff) {
      this.maxBackoff = positive("maxBackoff", maxBackoff);
      return this;
    }

    /** How long a connection must stay open to restart the backoff; more than zero. Default 60 seconds. */
    public Builder stableAfter(Duration stableAfter) {
      this.stableAfter = positive("stableAfter", stableAfter);
      return this;
    }

    /**
     * At most {@code maxAttempts} connection attempts in any {@code window}: no more than
     * 150 attempts, in a window of at least 10 minutes (Kraken's
     * budget). Default: Kraken's whole budget, 150 per 10 minutes.
     */
    public Builder connectionBudget(int maxAttempts, Duration window) {
      requireNonNull(window, "window == null");
      if (maxAttempts < 1 || maxAttempts > KRAKEN_MAX_ATTEMPTS) {
        throw new IllegalArgumentException("maxAttempts must be between 1 and " + KRAKEN_MAX_ATTEMPTS
            + " (Kraken's connection attempts per IP address per " + KRAKEN_WINDOW_MINUTES + " minutes): " + maxAttempts);
      }
      if (window.compareTo(KRAKEN_WINDOW) < 0) {
        throw new IllegalArgumentException("window must be at least " + KRAKEN_WINDOW
            + " (Kraken's connection budget window): " + window);
      }
      this.maxAttempts = maxAttempts;
      this.window = window;
      return this;
    }

    public ReconnectPolicy build() {
      if (maxBackoff.compareTo(initialBackoff) < 0) {
        throw new IllegalStateException("maxBackoff (" + maxBackoff + ") must be at least initialBackoff ("
            + initialBackoff + ")");
      }
      return new ReconnectPolicy(this);
    }

    private static Duration positive(String name, Duration value) {
      requireNonNull(value, name + " == null");
      if (value.isNegative() || value.isZero()) {
        throw new IllegalArgumentException(name + " must be more than zero: " + value);
      }
      return value;
    }
  }
}
