package io.github.krakensdk.auth.webhook;

import io.github.krakensdk.auth.internal.JsonException;
import io.github.krakensdk.auth.internal.JsonReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * One webhook delivery's event: the envelope fields every event has, typed, and all fields as
 * parsed JSON.
 *
 * <p>The source documents the payload of {@code webhook.test} only (a {@code message}); other
 * events' data is reached through {@link #fields()} and {@link #field(String)}, where JSON values
 * are {@link Map}, {@link java.util.List}, {@link String}, {@link BigDecimal}, {@link Boolean}
 * or null. Parse only bodies whose signature was verified: {@link
 * WebhookSignatureVerifier#verifyAndParse} does both.
 */
public final class WebhookEvent {
  private final WebhookEventType type;
  private final String eventType;
  private final Map<String, Object> fields;

  private WebhookEvent(String eventType, Map<String, Object> fields) {
    this.eventType = eventType;
    this.type = WebhookEventType.fromWireName(eventType);
    this.fields = fields;
  }

  /**
   * Parses an event body.
   *
   * @throws WebhookVerificationException with {@link
   *     WebhookVerificationException.Reason#MALFORMED_PAYLOAD} if the body is not a strict JSON
   *     object with a string {@code event_type}.
   */
  public static WebhookEvent parse(byte[] body) {
    Objects.requireNonNull(body, "body == null");
    Map<String, Object> json;
    try {
      json = JsonReader.parseObject(body);
    } catch (JsonException e) {
      throw new WebhookVerificationException(
          WebhookVerificationException.Reason.MALFORMED_PAYLOAD, e.getMessage());
    }
    Object eventType = json.get("event_type");
    if (!(eventType instanceof String) || ((String) eventType).isEmpty()) {
      throw new WebhookVerificationException(
          WebhookVerificationException.Reason.MALFORMED_PAYLOAD, "the body has no event_type");
    }
    return new WebhookEvent((String) eventType, json);
  }

  /** The event's type; {@link WebhookEventType#UNKNOWN} for a type this SDK does not know. */
  public WebhookEventType type() {
    return type;
  }

  /** The {@code event_type} exactly as sent, also for unknown types. */
  public String eventType() {
    return eventType;
  }

  /** The event's {@code id}, the key for processing each event once; may be null. */
  public String id() {
    return text(fields.get("id"));
  }

  /** The IIBAN of the user the event is about; may be null (e.g. for {@code webhook.test}). */
  public String iiban() {
    return text(fields.get("iiban"));
  }

  /** {@code timestamp} in nanoseconds since the epoch; may be null. */
  public BigInteger timestampNanos() {
    Object value = fields.get("timestamp");
    try {
      if (value instanceof BigDecimal) return ((BigDecimal) value).toBigIntegerExact();
      if (value instanceof String) return new BigInteger((String) value);
    } catch (ArithmeticException | NumberFormatException e) {
      return null;
    }
    return null;
  }

  /** {@link #timestampNanos()} as an instant; may be null. */
  public Instant timestamp() {
    BigInteger nanos = timestampNanos();
    if (nanos == null) return null;
    BigInteger[] parts = nanos.divideAndRemainder(BigInteger.valueOf(1_000_000_000L));
    try {
      return Instant.ofEpochSecond(parts[0].longValueExact(), parts[1].longValue());
    } catch (ArithmeticException | DateTimeException e) {
      return null;
    }
  }

  /** The {@code message} of a {@code webhook.test} event; may be null. */
  public String message() {
    return text(fields.get("message"));
  }

  /** One top-level field; may be null. */
  public Object field(String name) {
    return fields.get(Objects.requireNonNull(name, "name == null"));
  }

  /** All top-level fields in document order, unmodifiable. */
  public Map<String, Object> fields() {
    return fields;
  }

  private static String text(Object value) {
    if (value instanceof String) return (String) value;
    if (value instanceof BigDecimal) return ((BigDecimal) value).toPlainString();
    return null;
  }

  @Override
  public String toString() {
    return "WebhookEvent{type=" + eventType + ", id=" + id() + "}";
  }
}
