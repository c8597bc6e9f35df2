package io.github.krakensdk.sandbox;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * One line of the WebSocket server's log, {@link WebSocketControls#events()}: an upgrade request,
 * a fault armed or delivered, the connections closed by a state reset.
 *
 * <pre>{@code
 * sandbox.webSocket().dropNextMessage("ledgers");
 * // ... the client reads on ...
 * boolean dropped = sandbox.webSocket().events().stream()
 *     .anyMatch(event -> event.kind() == WebSocketEvent.Kind.DELIVERED
 *         && event.endpoint().equals("/unified/v2/private"));
 * }</pre>
 */
public final class WebSocketEvent {
  /** What a line records. The control plane's log writes each in lower case ({@code connect}). */
  public enum Kind {
    /** An upgrade request accepted; {@link #detail()} is null. */
    CONNECT,
    /** An upgrade request refused; {@link #detail()} is the HTTP status ({@code 503}). */
    REFUSED,
    /** A fault armed (or every fault cleared), in words. */
    FAULT,
    /** A fault delivered to a connection of {@link #endpoint()}, in words. */
    DELIVERED,
    /** The live connections closed (1012) after the sandbox's state was reset or imported. */
    RESET;

    /** The kind as the control plane's log writes it: {@code connect}, {@code refused}, ... */
    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Instant at;
  private final String endpoint;
  private final Kind kind;
  private final String detail;

  WebSocketEvent(Instant at, String endpoint, Kind kind, String detail) {
    this.at = requireNonNull(at, "at == null");
    this.endpoint = endpoint;
    this.kind = requireNonNull(kind, "kind == null");
    this.detail = detail;
  }

  /** The sandbox time it happened. */
  public Instant at() {
    return at;
  }

  /**
   * The path of the endpoint it concerns, as {@link WebSocketControls#connectionAttempts()} keys
   * it: {@code /v2}, {@code /auth/v2}, {@code /l3/v2} (Spot WebSocket v2), {@code
   * /unified/v2/public} or {@code /unified/v2/private} (the Unified WebSocket); null for a fault
   * armed for every endpoint and for a {@link Kind#RESET}.
   */
  public String endpoint() {
    return endpoint;
  }

  public Kind kind() {
    return kind;
  }

  /** What it was, in words; null for a {@link Kind#CONNECT}. */
  public String detail() {
    return detail;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof WebSocketEvent other && at.equals(other.at) && Objects.equals(endpoint, other.endpoint)
        && kind == other.kind && Objects.equals(detail, other.detail);
  }

  @Override
  public int hashCode() {
    return Objects.hash(at, endpoint, kind, detail);
  }

  @Override
  public String toString() {
    return "WebSocketEvent{" + at + " " + kind.wireName() + (endpoint == null ? "" : " " + endpoint)
        + (detail == null ? "" : ": " + detail) + "}";
  }
}
