package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.krakensdk.websocket.internal.ChecksummedFeed;
import io.github.krakensdk.websocket.model.BookDepth;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A symbol whose checksum keeps failing is resubscribed with a growing wait (at once, then 1 s,
 * 2 s, 4 s on the client's scheduler), and the fifth mismatch in a row ends the subscription
 * through {@code onFailure}; a matching book resets the count.
 */
final class ChecksumMismatchBrakeTest extends WebSocketClientTestBase {
  /** An empty book's checksum is CRC32 of the empty text: 0. */
  private static final String EMPTY_LEVELS = "\"bids\":[],\"asks\":[]";

  private static String snapshot(long checksum) {
    return "{\"channel\":\"book\",\"type\":\"snapshot\",\"data\":[{\"symbol\":\"BTC/USD\"," + EMPTY_LEVELS
        + ",\"checksum\":" + checksum + "}]}";
  }

  private static String ack(String method, long id) {
    return "{\"method\":\"" + method + "\",\"result\":{\"channel\":\"book\",\"snapshot\":true,\"depth\":10,"
        + "\"symbol\":\"BTC/USD\"},\"success\":true,\"req_id\":" + id + "}";
  }

  private static final class Books implements OrderBookListener {
    final BlockingQueue<Object> events = new LinkedBlockingQueue<>();

    @Override public void onBook(OrderBookSnapshot book) {
      events.add(book);
    }

    @Override public void onChecksumMismatch(ChecksumResult mismatch) {
      events.add(mismatch);
    }

    @Override public void onFailure(Throwable failure) {
      events.add(failure);
    }

    Object next() throws InterruptedException {
      Object event = events.poll(5, TimeUnit.SECONDS);
      if (event == null) fail("no book event");
      return event;
    }
  }

  private OrderBookSubscription subscribe(ServerSocket socket, Books books) throws Exception {
    CompletableFuture<OrderBookSubscription> subscribed =
        client.spot().book(params -> params.symbol(List.of("BTC/USD")).depth(BookDepth.NUMBER_10), books);
    String instrument = socket.next();
    socket.send("{\"method\":\"subscribe\",\"result\":{\"channel\":\"instrument\",\"snapshot\":true},"
        + "\"success\":true,\"req_id\":" + reqId(instrument) + "}");
    socket.send(ack("subscribe", reqId(socket.next())));
    return await(subscribed);
  }

  /** A mismatching snapshot; after it, the resubscribe comes after {@code wait} on the clock. */
  private void mismatchThenResubscribeAfter(ServerSocket socket, Books books, Duration wait) throws Exception {
    socket.send(snapshot(12345L));
    assertFalse(assertInstanceOf(ChecksumResult.class, books.next()).matches());
    if (!wait.isZero()) {
      clock.advance(wait.minusNanos(1));
      assertNull(socket.poll(), "nothing sent before " + wait);
      clock.advance(Duration.ofNanos(1));
    }
    String unsubscribe = socket.next();
    assertTrue(unsubscribe.startsWith("{\"method\":\"unsubscribe\""), unsubscribe);
    String subscribe = socket.next();
    assertTrue(subscribe.startsWith("{\"method\":\"subscribe\""), subscribe);
    socket.send(ack("unsubscribe", reqId(unsubscribe)));
    socket.send(ack("subscribe", reqId(subscribe)));
  }

  @Test void mismatchesInARowBackOffThenEndTheSubscription() throws Exception {
    assertEquals(5, ChecksummedFeed.MAX_CONSECUTIVE_MISMATCHES);
    ServerSocket socket = upgrade();
    Books books = new Books();
    subscribe(socket, books);
    mismatchThenResubscribeAfter(socket, books, Duration.ZERO);
    mismatchThenResubscribeAfter(socket, books, Duration.ofSeconds(1));
    mismatchThenResubscribeAfter(socket, books, Duration.ofSeconds(2));
    mismatchThenResubscribeAfter(socket, books, Duration.ofSeconds(4));

    socket.send(snapshot(12345L));
    assertFalse(assertInstanceOf(ChecksumResult.class, books.next()).matches());
    IllegalStateException ended = assertInstanceOf(IllegalStateException.class, books.next());
    assertEquals("book BTC/USD: 5 checksum mismatches in a row without a matching book (last: expected 12345, "
        + "computed 0); the subscription ended", ended.getMessage());
    String unsubscribe = socket.next();
    assertTrue(unsubscribe.startsWith("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"book\""), unsubscribe);
    // The last book on the connection releases the books' instrument subscription.
    String released = socket.next();
    assertTrue(released.startsWith("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"instrument\""), released);
    clock.advance(Duration.ofSeconds(15)); // past any backoff, short of the next ping
    assertNull(socket.poll(), "no resubscribe after the end");
    List<?> kept = client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC).subscriptionRequests();
    assertEquals(List.of(), kept, "nothing is left subscribed");
  }

  @Test void aMatchingBookResetsTheCount() throws Exception {
    ServerSocket socket = upgrade();
    Books books = new Books();
    subscribe(socket, books);
    mismatchThenResubscribeAfter(socket, books, Duration.ZERO);
    mismatchThenResubscribeAfter(socket, books, Duration.ofSeconds(1));
    socket.send(snapshot(0L));
    assertInstanceOf(OrderBookSnapshot.class, books.next());
    mismatchThenResubscribeAfter(socket, books, Duration.ZERO);
  }
}
