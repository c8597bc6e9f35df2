package io.github.krakensdk.websocket.internal;

import java.io.IOException;

/**
 * Reads a received text frame into an {@link Inbound}: a reply (it has {@code method}), matched on
 * {@code req_id}, or a channel message, routed on {@code channel} and symbol. The client's codec
 * of the generated message models plugs in here (the engine's tests plug in one of JSON trees).
 */
public interface FrameDispatcher<M> {
  Inbound<M> dispatch(String text) throws IOException;

  /**
   * Merges two queued channel messages of the same {@link Inbound#coalesceKey()} into one that
   * leaves the consumer in the same state as both in order, or returns null when they cannot be
   * merged. Used only by a subscription whose queue is full and whose policy is to coalesce.
   */
  M coalesce(M older, M newer);

  /** Whether {@code message} is a channel's snapshot (its state in full), not an update. */
  boolean snapshot(M message);
}
