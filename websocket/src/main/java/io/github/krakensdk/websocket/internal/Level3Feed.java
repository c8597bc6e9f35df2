package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.ChecksumResult;
import io.github.krakensdk.websocket.Level3BookListener;
import io.github.krakensdk.websocket.Level3BookSnapshot;
import io.github.krakensdk.websocket.Level3Order;
import io.github.krakensdk.websocket.internal.model.Level3SnapshotMessage;
import io.github.krakensdk.websocket.internal.model.Level3SubscribeRequest;
import io.github.krakensdk.websocket.internal.model.Level3UpdateMessage;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.model.Level3OrderEvent;
import io.github.krakensdk.websocket.model.Level3SnapshotData;
import io.github.krakensdk.websocket.model.Level3UpdateData;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The books of one {@code level3} subscription, one {@link Level3Book} per symbol, fed by the
 * subscription's messages (on the completion executor, one at a time, so the books need no lock).
 * Every snapshot and update is checked by its CRC32; on a mismatch the symbol's book waits for a
 * fresh snapshot, its updates are dropped, and that symbol alone is resubscribed (see {@link
 * ChecksummedFeed}).
 *
 * <p>The checksum reads the numbers' literal text, as Kraken's level-3 guide (spot-ws-l3-v2) says
 * ("parse limit_price and order_qty using a decimal or string decoder"). Unlike {@link BookFeed},
 * it cannot also learn the pairs' precision on its own connection: the level-3 endpoint serves the
 * {@code level3} channel alone, no {@code instrument}.
 */
public final class Level3Feed extends ChecksummedFeed<Level3BookSnapshot> {
  private final Level3SubscribeRequest request;
  private final Level3BookListener listener;
  private final Map<String, Level3Book> books;

  public Level3Feed(Level3SubscribeRequest request, ModelCodec codec, Level3BookListener listener) {
    super(request, codec);
    this.request = request;
    this.listener = requireNonNull(listener, "listener == null");
    int depth = request.params().depth() == null ? 10 : Integer.parseInt(request.params().depth().value());
    Map<String, Level3Book> books = new LinkedHashMap<>();
    for (String symbol : codec.symbols(request)) books.put(symbol, new Level3Book(symbol, depth));
    if (books.isEmpty()) throw new IllegalArgumentException("params.symbol: at least one pair is required for a book");
    this.books = Collections.unmodifiableMap(books);
  }

  public Level3SubscribeRequest request() {
    return request;
  }

  @Override public void onMessage(WsMessage message) {
    if (message instanceof Level3SnapshotMessage snapshot) {
      for (Level3SnapshotData data : snapshot.data()) {
        Level3Book book = books.get(data.symbol());
        if (book == null) continue; // a pair this subscription did not ask for
        ChecksumResult result = book.applySnapshot(orders(data.asks()), orders(data.bids()), expected(data.checksum()));
        verified(data.symbol(), result, result.matches() ? book.snapshot() : null);
      }
    } else if (message instanceof Level3UpdateMessage update) {
      for (Level3UpdateData data : update.data()) {
        Level3Book book = books.get(data.symbol());
        if (book == null || !book.isInSync()) continue; // not asked for, or waiting for a fresh snapshot
        ChecksumResult result = book.applyUpdate(changes(data.asks()), changes(data.bids()), expected(data.checksum()));
        verified(data.symbol(), result, result.matches() ? book.snapshot() : null);
      }
    }
  }

  @Override void onVerified(Level3BookSnapshot book) {
    listener.onBook(book);
  }

  @Override void onMismatch(ChecksumResult mismatch) {
    listener.onChecksumMismatch(mismatch);
  }

  @Override public void onFailure(Throwable failure) {
    listener.onFailure(failure);
  }

  /** A message without a checksum cannot be verified: it counts as a mismatch (expected 0). */
  private static long expected(Long checksum) {
    return checksum == null ? 0L : checksum;
  }

  private static List<Level3Order> orders(List<io.github.krakensdk.websocket.model.Level3Order> orders) {
    List<Level3Order> converted = new ArrayList<>();
    if (orders == null) return converted;
    for (io.github.krakensdk.websocket.model.Level3Order order : orders) {
      converted.add(Level3Order.of(order.orderId(), order.limitPrice(), order.orderQty()));
    }
    return converted;
  }

  private static List<Level3Change> changes(List<Level3OrderEvent> events) {
    List<Level3Change> converted = new ArrayList<>();
    if (events == null) return converted;
    for (Level3OrderEvent event : events) {
      converted.add(new Level3Change(Level3Event.of(event.event().value()),
          Level3Order.of(event.orderId(), event.limitPrice(), event.orderQty())));
    }
    return converted;
  }
}
