package io.github.krakensdk.websocket.internal;

/** Where one subscription's messages go, one at a time, on the completion executor. */
public interface Sink<M> {
  void onMessage(M message);

  /**
   * {@code message} with what the dispatcher attached to it ({@link Inbound#detail()}, such as a
   * sequence gap), null when nothing; {@link #onMessage(Object)} by default.
   */
  default void onMessage(M message, Object detail) {
    onMessage(message);
  }

  void onFailure(Throwable failure);
}
