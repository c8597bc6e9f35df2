package io.github.krakensdk.websocket;

import java.util.Map;

/**
 * Receives one subscription's channel messages, one at a time, in order, on the client's
 * completion executor (never an OkHttp thread). A message is the frame's JSON tree (numbers as
 * {@code BigDecimal}).
 */
@FunctionalInterface
interface MessageListener {
  void onMessage(Map<String, Object> message);

  /**
   * The subscription ended with {@code failure}: its queue overflowed under {@link
   * Backpressure#FAIL}, its resubscribe was refused, or the connection ended for good. No message
   * follows. By default does nothing.
   */
  default void onFailure(Throwable failure) {}
}
