package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/** What to do after a connection closed or failed: reconnect after a delay, or stop for good. */
public final class ReconnectDecision {
  private final boolean retry;
  private final Duration delay;
  private final String reason;

  private ReconnectDecision(boolean retry, Duration delay, String reason) {
    this.retry = retry;
    this.delay = delay;
    this.reason = reason;
  }

  static ReconnectDecision retryAfter(Duration delay, String reason) {
    return new ReconnectDecision(true, requireNonNull(delay, "delay == null"), reason);
  }

  static ReconnectDecision terminal(String reason) {
    return new ReconnectDecision(false, Duration.ZERO, reason);
  }

  /** Whether to reconnect; {@code false} means the close is terminal. */
  public boolean retry() {
    return retry;
  }

  /** How long to wait before calling {@link Reconnector#tryAttempt()}; zero when terminal. */
  public Duration delay() {
    return delay;
  }

  /** Why, for the log and the caller's reconnect event. */
  public String reason() {
    return reason;
  }

  @Override public String toString() {
    return retry ? "retry after " + delay + " (" + reason + ")" : "terminal (" + reason + ")";
  }
}
