package io.github.krakensdk.auth.webhook;

import java.util.Objects;

/**
 * The event types of Embed webhooks. The service adds types over time; those this SDK does not
 * know arrive as {@link #UNKNOWN}, with the wire name kept in {@link WebhookEvent#eventType()}.
 */
public enum WebhookEventType {
  WEBHOOK_TEST("webhook.test"),
  CUSTOM_ORDER_EXECUTED("custom_order.executed"),
  CUSTOM_ORDER_EXECUTION_FAILED("custom_order.execution_failed"),
  CUSTOM_ORDER_CANCELLED("custom_order.cancelled"),
  QUOTE_EXECUTED("quote.executed"),
  QUOTE_EXECUTION_FAILED("quote.execution_failed"),
  QUOTE_CANCELLED("quote.cancelled"),
  REWARD_PAID("reward.paid"),
  USER_VERIFIED("user.verified"),
  USER_CLOSED("user.closed"),
  USER_DISABLED("user.disabled"),
  /** A type this version of the SDK does not know. */
  UNKNOWN(null);

  private final String wireName;

  WebhookEventType(String wireName) {
    this.wireName = wireName;
  }

  /** The {@code event_type} string, e.g. {@code quote.executed}; null for {@link #UNKNOWN}. */
  public String wireName() {
    return wireName;
  }

  /** The type named {@code wireName}, or {@link #UNKNOWN}. */
  public static WebhookEventType fromWireName(String wireName) {
    Objects.requireNonNull(wireName, "wireName == null");
    for (WebhookEventType type : values()) {
      if (wireName.equals(type.wireName)) return type;
    }
    return UNKNOWN;
  }
}
