package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.internal.BookFeed;
import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The order books of one {@code book} subscription, from {@link
 * SpotWebSocket#book}: one book per symbol, each checked by Kraken's CRC32 after every
 * message and resynchronised (that symbol alone) on a mismatch.
 *
 * <pre>{@code
 * OrderBookSubscription books = ws.spot().book(params -> params
 *         .symbol(List.of("BTC/USD", "ETH/USD"))
 *         .depth(BookDepth.NUMBER_25),
 *     book -> render(book)).join();
 * Optional<OrderBookSnapshot> btc = books.book("BTC/USD");
 * books.unsubscribe().join();
 * }</pre>
 */
public final class OrderBookSubscription implements AutoCloseable {
  private final Connection<WsRequest, WsMessage> connection;
  private final Connection<WsRequest, WsMessage>.Sub sub;
  private final BookFeed feed;

  OrderBookSubscription(Connection<WsRequest, WsMessage> connection, Connection<WsRequest, WsMessage>.Sub sub,
      BookFeed feed) {
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
  public Optional<OrderBookSnapshot> book(String symbol) {
    return Optional.ofNullable(feed.latest(requireNonNull(symbol, "symbol == null")));
  }

  /** Messages merged while the listener was behind (book updates coalesce). */
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
    return "OrderBookSubscription{" + feed.symbols() + "}";
  }
}
