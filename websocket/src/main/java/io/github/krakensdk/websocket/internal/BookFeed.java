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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The books of one {@code book} subscription, one {@link OrderBook} per symbol, fed by the
 * subscription's messages (on the completion executor, one at a time, so the books need no lock).
 * Every snapshot and update is checked by its CRC32; on a mismatch the symbol's book waits for a
 * fresh snapshot, its updates are dropped, and that symbol alone is resubscribed (see {@link
 * ChecksummedFeed}).
 *
 * <p>The checksum text is written at the pair's precision once the connection's {@code
 * instrument} subscription has told it ({@link InstrumentPrecisions}, subscribed on the connection
 * before the book): each snapshot builds its book at the precision known then, the literal text
 * before that.
 */
public final class BookFeed extends ChecksummedFeed<OrderBookSnapshot> {
  private final BookSubscribeRequest request;
  private final OrderBookListener listener;
  private final int depth;
  private final Map<String, OrderBook> books;
  private volatile InstrumentPrecisions precisions;

  public BookFeed(BookSubscribeRequest request, ModelCodec codec, OrderBookListener listener) {
    super(request, codec);
    this.request = request;
    this.listener = requireNonNull(listener, "listener == null");
    int depth = request.params().depth() == null ? 10 : Integer.parseInt(request.params().depth().value());
    this.depth = depth;
    Map<String, OrderBook> books = new LinkedHashMap<>();
    for (String symbol : codec.symbols(request)) books.put(symbol, new OrderBook(symbol, depth));
    if (books.isEmpty()) throw new IllegalArgumentException("params.symbol: at least one pair is required for a book");
    this.books = books; // replaced per symbol when a snapshot finds a new precision; read on one thread
  }

  public BookSubscribeRequest request() {
    return request;
  }

  @Override void beforeSubscribe(Connection<WsRequest, WsMessage> connection) {
    precisions = InstrumentPrecisions.on(connection, request.params().assetClass());
  }

  @Override public void onMessage(WsMessage message) {
    if (!(message instanceof BookMessage book)) return;
    boolean snapshot = "snapshot".equals(book.type().value());
    for (BookData data : book.data()) {
      OrderBook orderBook = books.get(data.symbol());
      if (orderBook == null) continue; // a pair this subscription did not ask for
      if (!snapshot && !orderBook.isInSync()) continue; // waiting for the resubscription's snapshot
      if (snapshot) orderBook = atKnownPrecision(orderBook);
      List<BookLevel> asks = levels(data.asks());
      List<BookLevel> bids = levels(data.bids());
      // A message without a checksum cannot be verified: it counts as a mismatch (expected 0).
      long expected = data.checksum() == null ? 0L : data.checksum();
      ChecksumResult result = snapshot
          ? orderBook.applySnapshot(asks, bids, expected)
          : orderBook.applyUpdate(asks, bids, expected);
      verified(data.symbol(), result, result.matches() ? orderBook.snapshot() : null);
    }
  }

  /** {@code book}, or a new one at the precision the instrument channel has told since it was made. */
  private OrderBook atKnownPrecision(OrderBook book) {
    InstrumentPrecisions known = precisions;
    if (known == null) return book;
    int price = known.pricePrecision(book.symbol());
    int qty = known.qtyPrecision(book.symbol());
    if (price == book.pricePrecision() && qty == book.qtyPrecision()) return book;
    OrderBook rebuilt = new OrderBook(book.symbol(), depth, price, qty);
    books.put(book.symbol(), rebuilt);
    return rebuilt;
  }

  @Override void onVerified(OrderBookSnapshot book) {
    listener.onBook(book);
  }

  @Override void onMismatch(ChecksumResult mismatch) {
    listener.onChecksumMismatch(mismatch);
  }

  @Override public void onFailure(Throwable failure) {
    listener.onFailure(failure);
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
