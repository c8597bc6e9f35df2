package io.github.krakensdk.websocket;

import io.github.krakensdk.websocket.internal.BookFeed;
import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;

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
public final class OrderBookSubscription extends ChecksummedBooks<OrderBookSnapshot> {
  OrderBookSubscription(Connection<WsRequest, WsMessage> connection, Connection<WsRequest, WsMessage>.Sub sub,
      BookFeed feed) {
    super(connection, sub, feed, "book");
  }
}
