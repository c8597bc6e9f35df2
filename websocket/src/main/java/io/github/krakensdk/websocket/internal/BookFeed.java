package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.BookLevel;
import io.github.krakensdk.websocket.ChecksumResult;
import io.github.krakensdk.websocket.OrderBookListener;
import io.github.krakensdk.websocket.OrderBookSnapshot;
import io.github.krakensdk.websocket.internal.model.BookMessage;
import io.github.krakensdk.websocket.internal.model.BookSubscribeRequest;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import io.github.krakensdk.websocket.model.BookData;
import java.util.ArrayList;
import java.util.List;

/**
 * The books of one {@code book} subscription, one {@link OrderBook} per symbol, fed by the
 * subscription's messages. Every snapshot and update is checked by its CRC32; on a mismatch the
 * symbol's book waits for a fresh snapshot, its updates are dropped, and that symbol alone is
 * resubscribed (see {@link ChecksummedFeed}).
 *
 * <p>The checksum text is written at the pair's precision once the connection's {@code
 * instrument} subscription has told it ({@link InstrumentPrecisions}, subscribed on the connection
 * before the book): each snapshot builds its book at the precision known then, the literal text
 * before that.
 */
public final class BookFeed extends ChecksummedFeed<OrderBookSnapshot, OrderBook> {
  private final BookSubscribeRequest request;
  private volatile InstrumentPrecisions precisions;

  public BookFeed(BookSubscribeRequest request, ModelCodec codec, OrderBookListener listener) {
    super(requireNonNull(request, "request == null"), codec, request.params().depth(), OrderBook::new,
        requireNonNull(listener, "listener == null")::onBook, listener::onChecksumMismatch, listener::onFailure);
    this.request = request;
  }

  public BookSubscribeRequest request() {
    return request;
  }

  @Override void beforeSubscribe(Connection<WsRequest, WsMessage> connection) {
    precisions = InstrumentPrecisions.on(connection, request.params().assetClass());
  }

  @Override void afterSubscribe(Connection<WsRequest, WsMessage>.Sub subscribed) {
    precisions.heldBy(subscribed); // the last book to end unsubscribes the instrument channel
  }

  @Override public void onMessage(WsMessage message) {
    if (!(message instanceof BookMessage book)) return;
    boolean snapshot = "snapshot".equals(book.type().value());
    for (BookData data : book.data()) {
      OrderBook orderBook = book(data.symbol());
      if (orderBook == null) continue; // a pair this subscription did not ask for
      if (!snapshot && !orderBook.isInSync()) continue; // waiting for the resubscription's snapshot
      if (snapshot) orderBook = atKnownPrecision(orderBook);
      List<BookLevel> asks = levels(data.asks());
      List<BookLevel> bids = levels(data.bids());
      ChecksumResult result = snapshot
          ? orderBook.applySnapshot(asks, bids, expected(data.checksum()))
          : orderBook.applyUpdate(asks, bids, expected(data.checksum()));
      verified(orderBook, result);
    }
  }

  /** {@code book}, or a new one at the precision the instrument channel has told since it was made. */
  private OrderBook atKnownPrecision(OrderBook book) {
    InstrumentPrecisions known = precisions;
    if (known == null) return book;
    int price = known.pricePrecision(book.symbol());
    int qty = known.qtyPrecision(book.symbol());
    if (price == book.pricePrecision() && qty == book.qtyPrecision()) return book;
    OrderBook rebuilt = new OrderBook(book.symbol(), book.depth(), price, qty);
    replace(rebuilt);
    return rebuilt;
  }

  private static List<BookLevel> levels(List<io.github.krakensdk.websocket.model.BookLevel> levels) {
    List<BookLevel> converted = new ArrayList<>();
    if (levels == null) return converted;
    for (io.github.krakensdk.websocket.model.BookLevel level : levels) {
      converted.add(BookLevel.of(level.price(), level.qty()));
    }
    return converted;
  }
}
