package io.github.krakensdk.websocket;

/**
 * Receives the messages of one channel subscription, one call at a time, in order, on the client's
 * completion executor (never on an OkHttp thread). A lambda is enough for {@link #onMessage}; the
 * other two methods do nothing unless overridden.
 *
 * <pre>{@code
 * ChannelSubscription trades = ws.spot().trade(params -> params.symbol(List.of("BTC/USD")),
 *     message -> message.data().forEach(trade -> record(trade))).join();
 * }</pre>
 *
 * @param <D> the model of the channel's {@code data}
 */
@FunctionalInterface
public interface ChannelListener<D> {
  /** A message of the channel, with its data read into the contract's model. */
  void onMessage(ChannelMessage<D> message);

  /**
   * Messages were lost: the {@code sequence} of the next message skipped {@link SequenceGap#first()}
   * to {@link SequenceGap#last()}. Called before that message; {@link SequenceGap#recovery()} names
   * the REST call that gets the lost entries back. Only on channels whose messages carry a {@code
   * sequence}.
   */
  default void onSequenceGap(SequenceGap gap) {
  }

  /**
   * The subscription ended with {@code failure} and no message follows: a full queue under {@link
   * Backpressure#FAIL} ({@link SubscriptionOverflowException}), or the connection ended for good.
   */
  default void onFailure(Throwable failure) {
  }
}
