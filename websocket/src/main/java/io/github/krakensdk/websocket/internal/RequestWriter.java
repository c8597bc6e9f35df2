package io.github.krakensdk.websocket.internal;

import java.util.List;

/**
 * The connection's view of an outgoing request of type {@code Q}: what it needs to route replies
 * and keep subscriptions, and the frame text. The generated request models plug in here (the
 * engine's tests plug in requests of JSON trees) without changing the connection.
 */
public interface RequestWriter<Q> {
  /** The request's {@code method}, such as {@code subscribe} or {@code add_order}. */
  String method(Q request);

  /** The subscribed channel of a {@code subscribe} or {@code unsubscribe}; null otherwise. */
  String channel(Q request);

  /** The symbols a request names in {@code params.symbol}; empty when it names none. */
  List<String> symbols(Q request);

  /**
   * How many replies carry this request's {@code req_id}: one per symbol for a subscribe or
   * unsubscribe, one per order id for a {@code cancel_order}, one otherwise.
   */
  int expectedReplies(Q request);

  /** The {@code unsubscribe} matching a {@code subscribe} request. */
  Q unsubscribeOf(Q subscribe);

  /**
   * The frame text of {@code request} with {@code req_id} set to {@code reqId} and, when
   * {@code token} is not null, {@code params.token} set to it. The request itself is not changed.
   */
  String write(Q request, long reqId, String token);

  /** The frame text of an application {@code ping}. */
  String ping(long reqId);
}
