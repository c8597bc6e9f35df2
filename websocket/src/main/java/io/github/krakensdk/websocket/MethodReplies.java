package io.github.krakensdk.websocket;

import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.websocket.internal.Connection;

/** What the facades' methods make of a reply the connection matched to their request. */
final class MethodReplies {
  private MethodReplies() {
  }

  /**
   * The {@code result} of a {@code success: true} reply to {@code method}. The connection already
   * fails an order method's call on a reply without one ({@link Connection#withoutResult}, so its
   * CallListener reports that failure); this keeps any other method's reply from answering null.
   *
   * @throws KrakenTransportException if {@code result} is null
   */
  static <R> R result(String method, R result) {
    if (result != null) return result;
    throw Connection.withoutResult(method);
  }
}
