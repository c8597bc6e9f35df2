package io.github.krakensdk.websocket;

/**
 * What a subscription does when its listener falls behind and its bounded queue is full. The
 * service does not slow down for a slow reader, so something must give; this says what.
 */
public enum Backpressure {
  /**
   * Merge the new message into the queued one of the same symbol so that the listener ends in the
   * same state: a book or level-3 update is appended to the queued update (the levels in order, the
   * newer checksum) and a snapshot replaces what was queued; a ticker replaces the queued one; a
   * candle replaces the queued update of the same candle (equal {@code interval_begin}) only, so a
   * candle's last values are never lost to the next candle's first. A merged message keeps the
   * queued one's {@code type} (a queued snapshot still reads as one). A message that cannot be
   * merged, a new candle among them, fails the subscription on a full queue as {@link #FAIL} does.
   * The default of {@code book}, {@code level3}, {@code ticker} and {@code ohlc} (each facade
   * method names its channel's default).
   */
  COALESCE,
  /**
   * Never drop: a full queue fails the subscription loudly ({@link
   * SubscriptionOverflowException} to {@link ChannelListener#onFailure}) and unsubscribes it. The
   * default of every other channel, {@code executions}, {@code balances} and {@code ledgers}
   * first among them (a lost fill or ledger entry cannot be told from one never sent; {@code
   * trade}, {@code instrument}, {@code status}, {@code margin} and {@code positions} are not merged
   * either). Each subscribe method of the facades takes another policy.
   */
  FAIL
}
