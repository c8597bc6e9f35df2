package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

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
import java.util.List;

/**
 * The books of one {@code level3} subscription, one {@link Level3Book} per symbol, fed by the
 * subscription's messages. Every snapshot and update is checked by its CRC32; on a mismatch the
 * symbol's book waits for a fresh snapshot, its updates are dropped, and that symbol alone is
 * resubscribed (see {@link ChecksummedFeed}).
 *
 * <p>The checksum reads the numbers' literal text, as Kraken's level-3 guide (spot-ws-l3-v2) says
 * ("parse limit_price and order_qty using a decimal or string decoder"). Unlike {@link BookFeed},
 * it cannot also learn the pairs' precision on its own connection: the level-3 endpoint serves the
 * {@code level3} channel alone, no {@code instrument}.
 */
public final class Level3Feed extends ChecksummedFeed<Level3BookSnapshot, Level3Book> {
  private final Level3SubscribeRequest request;

  public Level3Feed(Level3SubscribeRequest request, ModelCodec codec, Level3BookListener listener) {
    super(requireNonNull(request, "request == null"), codec, request.params().depth(), Level3Book::new,
        requireNonNull(listener, "listener == null")::onBook, listener::onChecksumMismatch, listener::onFailure);
    this.request = request;
  }

  public Level3SubscribeRequest request() {
    return request;
  }

  @Override public void onMessage(WsMessage message) {
    if (message instanceof Level3SnapshotMessage snapshot) {
      for (Level3SnapshotData data : snapshot.data()) {
        Level3Book book = book(data.symbol());
        if (book == null) continue; // a pair this subscription did not ask for
        verified(book, book.applySnapshot(orders(data.asks()), orders(data.bids()), expected(data.checksum())));
      }
    } else if (message instanceof Level3UpdateMessage update) {
      for (Level3UpdateData data : update.data()) {
        Level3Book book = book(data.symbol());
        if (book == null || !book.isInSync()) continue; // not asked for, or waiting for a fresh snapshot
        verified(book, book.applyUpdate(changes(data.asks()), changes(data.bids()), expected(data.checksum())));
      }
    }
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
