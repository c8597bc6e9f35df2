package io.github.krakensdk.websocket;

import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.websocket.internal.Connection;
import java.io.IOException;

/** What the facades' methods make of a reply the connection matched to their request. */
final class MethodReplies {
  private MethodReplies() {
  }

  /**
   * The {@code result} of a {@code success: true} reply to {@code method}. A reply without one
   * answers nothing about the request: for an order method (add_order, cancel_order ...) the
   * order's state is unknown, as when the socket drops, so the failure says so ({@link
   * KrakenTransportException#outcomeUnknown()}); a caller reconciles over REST.
   *
   * @throws KrakenTransportException if {@code result} is null
   */
  static <R> R result(String method, R result) {
    if (result != null) return result;
    throw new KrakenTransportException(method, new IOException(method + " answered success without result"),
        Connection.ORDER_METHODS.contains(method));
  }
}
