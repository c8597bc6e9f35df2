package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Messages of a numbered channel that never arrived: the {@code sequence} of a message skipped
 * {@link #first()} to {@link #last()}. The count belongs to one connection (the Unified WebSocket's
 * {@code ledgers}: "per connection") or one subscription ({@code executions}, {@code balances}), so
 * it starts again after every reconnect, which is not a gap; a gap is within one connection, and
 * what it lost is recovered over REST ({@link #recovery()}).
 *
 * <pre>{@code
 * ws.unified().ledgers(params -> {}, new ChannelListener<List<LedgerTransaction>>() {
 *   public void onMessage(ChannelMessage<List<LedgerTransaction>> message) { book(message.data()); }
 *   public void onSequenceGap(SequenceGap gap) { reconcileOverRest(gap.recovery()); } // [Ledgers]
 * }).join();
 * }</pre>
 */
public final class SequenceGap {
  private final String channel;
  private final long first;
  private final long last;

  SequenceGap(String channel, long first, long last) {
    this.channel = requireNonNull(channel, "channel == null");
    if (first > last) throw new IllegalArgumentException("first > last: " + first + " > " + last);
    this.first = first;
    this.last = last;
  }

  /** The channel whose messages were lost. */
  public String channel() {
    return channel;
  }

  /** The first missing {@code sequence}. */
  public long first() {
    return first;
  }

  /** The last missing {@code sequence}. */
  public long last() {
    return last;
  }

  /** How many messages were lost. */
  public long count() {
    return last - first + 1;
  }

  /**
   * The operation ids of the REST calls that recover what the lost messages said, as the REST
   * contracts name them: {@code [Ledgers]} ({@code POST /0/private/Ledgers}) for {@code ledgers}
   * and {@code balances} (whose updates are ledger entries), {@code [OpenOrders, ClosedOrders,
   * TradesHistory]} for {@code executions}.
   */
  public List<String> recovery() {
    return switch (channel) {
      case "executions" -> List.of("OpenOrders", "ClosedOrders", "TradesHistory");
      default -> List.of("Ledgers");
    };
  }

  @Override public boolean equals(Object other) {
    return other == this || other instanceof SequenceGap that
        && channel.equals(that.channel) && first == that.first && last == that.last;
  }

  @Override public int hashCode() {
    return channel.hashCode() * 31 + Long.hashCode(first) * 17 + Long.hashCode(last);
  }

  /**
   * Such as {@code ledgers sequence 5..7 missing; recover with Ledgers (POST /0/private/Ledgers)}.
   */
  @Override public String toString() {
    StringBuilder calls = new StringBuilder();
    List<String> recovery = recovery();
    for (int i = 0; i < recovery.size(); i++) {
      calls.append(i == 0 ? "" : i == recovery.size() - 1 ? " and " : ", ").append(recovery.get(i));
    }
    StringBuilder paths = new StringBuilder();
    for (String operation : recovery) {
      paths.append(paths.length() == 0 ? "POST /0/private/" : ", /0/private/").append(operation);
    }
    return channel + " sequence " + first + ".." + last + " missing; recover with " + calls + " (" + paths + ")";
  }
}
