package io.github.krakensdk.websocket;

import io.github.krakensdk.errors.KrakenClientException;

/** A subscription's listener fell behind and its queue was full: the subscription ended rather than drop a message. */
public final class SubscriptionOverflowException extends KrakenClientException {
  private static final long serialVersionUID = 1L;

  public SubscriptionOverflowException(String channel, int capacity) {
    super("subscribe", "the " + channel + " subscription's queue of " + capacity
        + " messages is full: its listener is too slow; the subscription ended rather than drop a message", null);
  }
}
