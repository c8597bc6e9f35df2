package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * One message of a channel, as a {@link ChannelListener} receives it: the channel, the message's
 * {@code type} ({@code snapshot} or {@code update}; {@code multi_collateral} or {@code
 * single_collateral} on {@code margin}), its {@code data} as the contract's model of that channel,
 * and its {@code sequence} on the channels that number their messages.
 *
 * <p>{@code type} is the wire text, not an enum: its values differ per channel (the contract's
 * {@code x-kraken-ws-type} of each message), the service adds new ones without notice, and a
 * listener that handles different kinds differently gets a method per kind anyway (a channel whose
 * kinds carry different data, such as {@code balances}, has its own listener interface). {@link
 * #isSnapshot()} answers the one question every channel shares.
 *
 * <pre>{@code
 * ws.spot().ticker(params -> params.symbol(List.of("BTC/USD")), message -> {
 *   for (TickerData ticker : message.data()) render(ticker.symbol(), ticker.bid(), ticker.ask());
 * }).join();
 * }</pre>
 *
 * @param <D> the model of {@code data}: a list of the channel's entries ({@code List<TickerData>}),
 *     or one object ({@code InstrumentData})
 */
public final class ChannelMessage<D> {
  private final String channel;
  private final String type;
  private final D data;
  private final Long sequence;

  ChannelMessage(String channel, String type, D data, Long sequence) {
    this.channel = requireNonNull(channel, "channel == null");
    this.type = type;
    this.data = data;
    this.sequence = sequence;
  }

  /** The channel, such as {@code ticker}. */
  public String channel() {
    return channel;
  }

  /**
   * The message's {@code type} as sent: {@code snapshot} or {@code update} on most channels, {@code
   * multi_collateral} or {@code single_collateral} on {@code margin}; null on a channel whose
   * messages have none ({@code status}'s type is {@code update} too).
   */
  public String type() {
    return type;
  }

  /** Whether this is the {@code snapshot} that follows a subscription (the whole state, not a change). */
  public boolean isSnapshot() {
    return "snapshot".equals(type);
  }

  /** The message's {@code data}, read into the contract's model. */
  public D data() {
    return data;
  }

  /**
   * The message's {@code sequence} ({@code executions}, {@code balances}, {@code ledgers}); empty on
   * the channels that do not number their messages. A gap is reported to the listener as a {@link
   * SequenceGap} before the message that revealed it.
   */
  public OptionalLong sequence() {
    return sequence == null ? OptionalLong.empty() : OptionalLong.of(sequence);
  }

  @Override public boolean equals(Object other) {
    return other == this || other instanceof ChannelMessage<?> that
        && channel.equals(that.channel)
        && Objects.equals(type, that.type)
        && Objects.equals(data, that.data)
        && Objects.equals(sequence, that.sequence);
  }

  @Override public int hashCode() {
    return Objects.hash(channel, type, data, sequence);
  }

  @Override public String toString() {
    return "ChannelMessage{" + channel + (type == null ? "" : " " + type)
        + (sequence == null ? "" : " #" + sequence) + ", " + data + "}";
  }
}
