package io.github.krakensdk.sandbox;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One event's delivery to one webhook, as the sandbox has tried it so far: the body it sends (the
 * same bytes on every attempt) and each attempt with the receiver's answer. Read it with {@link
 * EmbedControls#webhookDeliveries(String)}:
 *
 * <pre>{@code
 * sandbox.embed().publishEvent(WebhookEventType.USER_VERIFIED, iiban, Map.of());
 * WebhookDelivery delivery = sandbox.embed().webhookDeliveries(webhookId).get(0);
 * clock.advance(Duration.ofSeconds(10)); // a failed first attempt is retried 10 s after the event
 * }</pre>
 *
 * @param webhookId the webhook delivered to.
 * @param eventId the event's {@code id}.
 * @param eventType the event's {@code event_type}.
 * @param body the JSON body sent.
 * @param status where the delivery stands.
 * @param attempts every attempt so far, oldest first.
 */
public record WebhookDelivery(String webhookId, String eventId, String eventType, String body, Status status,
    List<Attempt> attempts) {

  public WebhookDelivery {
    Objects.requireNonNull(webhookId, "webhookId == null");
    Objects.requireNonNull(eventId, "eventId == null");
    Objects.requireNonNull(eventType, "eventType == null");
    Objects.requireNonNull(body, "body == null");
    Objects.requireNonNull(status, "status == null");
    attempts = List.copyOf(attempts);
  }

  /** Where a delivery stands. */
  public enum Status {
    /** Not acknowledged yet; another attempt is due. */
    PENDING,
    /** A receiver answered 2xx. */
    DELIVERED,
    /** Every attempt of the retry schedule failed. */
    FAILED,
    /** The webhook was deleted or disabled before the delivery succeeded. */
    CANCELLED
  }

  /**
   * One POST of the event: when (sandbox clock), and the receiver's status, or why there was none.
   *
   * @param number 1 for the first attempt.
   * @param httpStatus the receiver's status, null when it did not answer.
   * @param error why the attempt failed without an answer, null otherwise.
   */
  public record Attempt(int number, Instant at, Integer httpStatus, String error) {
    /** True when the receiver acknowledged the delivery (any 2xx). */
    public boolean acknowledged() {
      return httpStatus != null && httpStatus >= 200 && httpStatus < 300;
    }
  }
}
