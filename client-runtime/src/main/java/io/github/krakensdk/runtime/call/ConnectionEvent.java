package io.github.krakensdk.runtime.call;

import java.time.Duration;
import java.util.Objects;

/**
 * Something that happened to a long-lived connection (a WebSocket endpoint's), as {@link
 * CallListener#connectionEvent} sees it: opened, closed, a reconnect scheduled, a wait for the
 * connection budget, the end. Immutable; the client builds it, and it may gain members in a minor
 * release (read them through the accessors).
 *
 * <pre>{@code
 * CallListener listener = new CallListener() {
 *   @Override public void connectionEvent(ConnectionEvent event) {
 *     if (event.kind() == ConnectionEvent.Kind.RECONNECT_SCHEDULED) {
 *       log.warn("{} reconnects in {}: {}", event.endpoint(), event.delay(), event.reason());
 *     }
 *   }
 * };
 * }</pre>
 */
public final class ConnectionEvent {
  /** {@link #closeCode()} of an event that has no close code. */
  public static final int NO_CLOSE_CODE = 0;

  private final String endpoint;
  private final Kind kind;
  private final int closeCode;
  private final String reason;
  private final Duration delay;

  private ConnectionEvent(Builder builder) {
    this.endpoint = Objects.requireNonNull(builder.endpoint, "endpoint == null");
    this.kind = Objects.requireNonNull(builder.kind, "kind == null");
    this.closeCode = builder.closeCode;
    this.reason = Objects.requireNonNull(builder.reason, "reason == null");
    this.delay = Objects.requireNonNull(builder.delay, "delay == null");
  }

  /**
   * A builder with nothing set but {@code closeCode} ({@link #NO_CLOSE_CODE}), {@code reason}
   * (empty) and {@code delay} (zero); {@link Builder#build} needs endpoint and kind.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this event's members. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** The endpoint's name, such as {@code SPOT_PUBLIC}. */
  public String endpoint() {
    return endpoint;
  }

  public Kind kind() {
    return kind;
  }

  /**
   * The close code of a {@link Kind#DISCONNECTED}: the server's, or 1006 for a close without one
   * (network failure, refused upgrade, missed pong); {@link #NO_CLOSE_CODE} for the other kinds.
   */
  public int closeCode() {
    return closeCode;
  }

  /** Why, in words (the close reason, what failed, why it ended); empty for {@link Kind#CONNECTED}. */
  public String reason() {
    return reason;
  }

  /**
   * How long until the next attempt: the backoff of a {@link Kind#RECONNECT_SCHEDULED}, the wait
   * for the connection budget of a {@link Kind#BUDGET_WAIT}; zero for the other kinds.
   */
  public Duration delay() {
    return delay;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ConnectionEvent that
        && endpoint.equals(that.endpoint)
        && kind == that.kind
        && closeCode == that.closeCode
        && reason.equals(that.reason)
        && delay.equals(that.delay);
  }

  @Override
  public int hashCode() {
    return Objects.hash(endpoint, kind, closeCode, reason, delay);
  }

  @Override
  public String toString() {
    return "ConnectionEvent[endpoint=" + endpoint + ", kind=" + kind + ", closeCode=" + closeCode
        + ", reason=" + reason + ", delay=" + delay + "]";
  }

  /** Builds a {@link ConnectionEvent}; setters are named as the members. */
  public static final class Builder {
    private String endpoint;
    private Kind kind;
    private int closeCode = NO_CLOSE_CODE;
    private String reason = "";
    private Duration delay = Duration.ZERO;

    private Builder() {}

    private Builder(ConnectionEvent event) {
      this.endpoint = event.endpoint;
      this.kind = event.kind;
      this.closeCode = event.closeCode;
      this.reason = event.reason;
      this.delay = event.delay;
    }

    public Builder endpoint(String endpoint) {
      this.endpoint = endpoint;
      return this;
    }

    public Builder kind(Kind kind) {
      this.kind = kind;
      return this;
    }

    public Builder closeCode(int closeCode) {
      this.closeCode = closeCode;
      return this;
    }

    public Builder reason(String reason) {
      this.reason = reason;
      return this;
    }

    public Builder delay(Duration delay) {
      this.delay = delay;
      return this;
    }

    /** @throws NullPointerException naming the member, if endpoint, kind, reason or delay is null. */
    public ConnectionEvent build() {
      return new ConnectionEvent(this);
    }
  }

  /** What happened. */
  public enum Kind {
    /** The connection opened; its subscriptions are being sent again. */
    CONNECTED,
    /** It closed or failed, with {@link #closeCode()} and {@link #reason()}. */
    DISCONNECTED,
    /** A reconnect will be tried after {@link #delay()} (backoff, jitter and budget included). */
    RECONNECT_SCHEDULED,
    /** The connection budget is spent: the next attempt waits {@link #delay()}. */
    BUDGET_WAIT,
    /**
     * It ended for good ({@link #reason()}: a terminal close such as 1008, an upgrade refused with
     * HTTP 401/403, or the caller's close); it is not reconnected.
     */
    TERMINATED
  }
}
