package io.github.krakensdk.websocket.internal;

/** Where one subscription's messages go, one at a time, on the completion executor. */
public interface Sink<M> {
  void onMessage(M message);

  void onFailure(Throwable failure);
}
