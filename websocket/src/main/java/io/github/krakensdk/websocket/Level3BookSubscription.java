package io.github.krakensdk.websocket;

import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.Level3Feed;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;

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
public final class Level3BookSubscription extends ChecksummedBooks<Level3BookSnapshot> {
  Level3BookSubscription(Connection<WsRequest, WsMessage> connection, Connection<WsRequest, WsMessage>.Sub sub,
      Level3Feed feed) {
    super(connection, sub, feed, "level3");
  }
}
