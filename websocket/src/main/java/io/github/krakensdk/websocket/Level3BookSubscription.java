package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.Level3Feed;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The order-by-order books of one {@code level3} subscription, from {@link
 * SpotWebSocket#level3}: one book per symbol, each checked by Kraken's CRC32 after
 * every message and resynchronised (that symbol alone) on a mismatch.
 *
 * <pre>{@code
 * Level3BookSubscription books = ws.spot().level3(params -> params
 *         .symbol(List.of("BTC/USD"))
 *         .depth(Level3Depth.NUMBER_10),
 *     book -> render(book)).join();
 * Optional<Level3BookSnapshot> btc = books.book("BTC/USD");
 * books.unsubscribe().join();
 * }</pre>
 */
public final class Level3BookSubscription implements AutoCloseable {
  private final Connection<WsRequest, WsMessage> connection;
  private final Connection<WsRequest, WsMessage>.Sub sub;
  private final Level3Feed feed;

  Level3BookSubscription(Connection<WsRequest, WsMessage> connection, Connection<WsRequest, WsMessage>.Sub sub,
      Level3Feed feed) {
    this.connection = connection;
    this.sub = sub;
    this.feed = feed;
  }

  /** The subscribed symbols, in the request's order. */
  public List<String> symbols() {
    return feed.symbols();
  }

  /**
   * The last book of {@code symbol} whose checksum matched; empty before its first snapshot and
   * from a mismatch until the resubscription's snapshot.
   */
  public Optional<Level3BookSnapshot> book(String symbol) {
    return Optional.ofNullable(feed.latest(requireNonNull(symbol, "symbol == null")));
  }

  /** Messages merged while the listener was behind (a snapshot replaces what was queued before it). */
  public long coalesced() {
    return sub.coalesced();
  }

  /** Stops the subscription (no longer sent on reconnect); completes once each symbol's unsubscribe is acknowledged. */
  public CompletableFuture<Void> unsubscribe() {
    return connection.unsubscribe(sub).thenApply(acks -> null);
  }

  /** {@link #unsubscribe()} without waiting for the acknowledgements. */
  @Override public void close() {
    unsubscribe();
  }

  @Override public String toString() {
    return "Level3BookSubscription{" + feed.symbols() + "}";
  }
}
