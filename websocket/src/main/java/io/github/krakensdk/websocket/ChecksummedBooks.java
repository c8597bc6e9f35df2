package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.internal.ChecksummedFeed;
import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * What {@link OrderBookSubscription} and {@link Level3BookSubscription} share: the books of one
 * checksummed subscription, the last verified copy per symbol, and the subscription's end.
 *
 * @param <S> the immutable copy of one symbol's book
 */
abstract class ChecksummedBooks<S> implements AutoCloseable {
  private final Connection<WsRequest, WsMessage> connection;
  private final Connection<WsRequest, WsMessage>.Sub sub;
  private final ChecksummedFeed<S, ?> feed;
  private final String channel;

  ChecksummedBooks(Connection<WsRequest, WsMessage> connection, Connection<WsRequest, WsMessage>.Sub sub,
      ChecksummedFeed<S, ?> feed, String channel) {
    this.connection = connection;
    this.sub = sub;
    this.feed = feed;
    this.channel = channel;
  }

  /** The endpoint whose connection carries the subscription, as {@link ChannelSubscription#endpoint()}. */
  public final WebSocketEndpoint endpoint() {
    return connection.endpoint();
  }

  /** The channel: {@code book} or {@code level3}, as {@link ChannelSubscription#channel()}. */
  public final String channel() {
    return channel;
  }

  /** The subscribed symbols, in the request's order. */
  public final List<String> symbols() {
    return feed.symbols();
  }

  /**
   * The last book of {@code symbol} whose checksum matched; empty before its first snapshot and
   * from a mismatch until the resubscription's snapshot.
   */
  public final Optional<S> book(String symbol) {
    return Optional.ofNullable(feed.latest(requireNonNull(symbol, "symbol == null")));
  }

  /**
   * Messages merged while the listener was behind: book updates coalesce, and a snapshot replaces
   * what was queued before it.
   */
  public final long coalesced() {
    return sub.coalesced();
  }

  /** Stops the subscription (no longer sent on reconnect); completes once each symbol's unsubscribe is acknowledged. */
  public final CompletableFuture<Void> unsubscribe() {
    return connection.unsubscribe(sub).thenApply(acks -> null);
  }

  /** {@link #unsubscribe()} without waiting for the acknowledgements. */
  @Override public final void close() {
    unsubscribe();
  }

  @Override public final String toString() {
    return getClass().getSimpleName() + "{" + channel + " " + feed.symbols() + " on " + endpoint() + "}";
  }
}
