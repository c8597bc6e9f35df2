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

  /**
   * Whether the count of replies is open-ended, {@link #expectedReplies} only its least: a {@code
   * cancel_order} by {@code order_userref} gets one reply per order cancelled.
   */
  boolean openEnded(Q request);

  /**
   * The server subscriptions a {@code subscribe} or {@code unsubscribe} names, one key per pair
   * (one for a channel without pairs): the channel, the pair and the options that tell
   * subscriptions apart (a book's depth, a candle's interval). Two requests with a key in common
   * name the same server subscription.
   */
  List<String> keys(Q request);

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
