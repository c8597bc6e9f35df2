package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.websocket.internal.BookFeed;
import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.model.BookSubscribeRequest;
import io.github.krakensdk.websocket.internal.model.WebSocketRequests;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import io.github.krakensdk.websocket.model.BookDepth;
import io.github.krakensdk.websocket.model.BookSubscribeParams;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link BookFeed} on the engine: the pair's precision learnt from the connection's {@code
 * instrument} subscription pads the checksum text of numbers that lost their trailing zeros, and a
 * refused resubscribe after a mismatch ends the subscription, told to the listener.
 */
final class BookFeedTest extends EngineTestBase {
  /**
   * Kraken's guide vector (spot-ws-book-v2, CRC32 3310070434) as a JSON writer that drops trailing
   * zeros would send it: {@code 0.10000000} as {@code 0.1}, {@code 45281.0} as {@code 45281}.
   */
  private static final String GUIDE_LEVELS_WITHOUT_TRAILING_ZEROS = "\"bids\":["
      + "{\"price\":45283.5,\"qty\":0.1},{\"price\":45283.4,\"qty\":1.54582015},"
      + "{\"price\":45282.1,\"qty\":0.1},{\"price\":45281,\"qty\":0.1},"
      + "{\"price\":45280.3,\"qty\":1.54592586},{\"price\":45279,\"qty\":0.0799},"
      + "{\"price\":45277.6,\"qty\":0.03310103},{\"price\":45277.5,\"qty\":0.3},"
      + "{\"price\":45277.3,\"qty\":1.54602737},{\"price\":45276.6,\"qty\":0.15445238}],"
      + "\"asks\":["
      + "{\"price\":45285.2,\"qty\":0.001},{\"price\":45286.4,\"qty\":1.54571953},"
      + "{\"price\":45286.6,\"qty\":1.54571109},{\"price\":45289.6,\"qty\":1.54560911},"
      + "{\"price\":45290.2,\"qty\":0.1589066},{\"price\":45291.8,\"qty\":1.54553491},"
      + "{\"price\":45294.7,\"qty\":0.04454749},{\"price\":45296.1,\"qty\":0.3538},"
      + "{\"price\":45297.5,\"qty\":0.09945542},{\"price\":45299.5,\"qty\":0.18772827}]";
  private static final long GUIDE_CHECKSUM = 3310070434L;

  private static final String INSTRUMENT_SNAPSHOT = "{\"channel\":\"instrument\",\"type\":\"snapshot\",\"data\":{"
      + "\"assets\":[],\"pairs\":[{\"symbol\":\"BTC/USD\",\"base\":\"BTC\",\"quote\":\"USD\",\"status\":\"online\","
      + "\"qty_precision\":8,\"qty_increment\":0.00000001,\"qty_min\":0.0001,\"price_precision\":1,"
      + "\"price_increment\":0.1,\"cost_precision\":5,\"marginable\":true,\"has_index\":true}]}}";

  private static String snapshot(String symbol, long checksum) {
    return "{\"channel\":\"book\",\"type\":\"snapshot\",\"data\":[{\"symbol\":\"" + symbol + "\","
        + GUIDE_LEVELS_WITHOUT_TRAILING_ZEROS + ",\"checksum\":" + checksum + "}]}";
  }

  private static String ack(String channel, long id, String symbol) {
    return "{\"method\":\"subscribe\",\"result\":{\"channel\":\"" + channel + "\",\"snapshot\":true"
        + (symbol == null ? "" : ",\"depth\":10,\"symbol\":\"" + symbol + "\"") + "},\"success\":true,\"req_id\":"
        + id + "}";
  }

  private static BookSubscribeRequest bookRequest(String... symbols) {
    return WebSocketRequests.bookSubscribe(
        BookSubscribeParams.builder().symbol(List.of(symbols)).depth(BookDepth.NUMBER_10).build(), 1L);
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

  /** Subscribes a feed of {@code symbols}; the server acks instrument (sending {@code instrument} if not null) and book. */
  private Connection<WsRequest, WsMessage>.Sub subscribe(ServerSocket socket, Connection<WsRequest, WsMessage> engine,
      BookFeed feed, String instrument, String... symbols) throws Exception {
    Connection<WsRequest, WsMessage>.Sub sub = feed.subscribe(engine);
    String first = socket.next();
    Map<String, Object> frame = parse(first);
    assertEquals(Map.of("channel", "instrument", "snapshot", true), frame.get("params"),
        "instrument first, so that its snapshot comes before the book's: " + first);
    socket.send(ack("instrument", reqId(first), null));
    if (instrument != null) socket.send(instrument);
    String book = socket.next();
    assertTrue(book.contains("\"channel\":\"book\""), book);
    for (String symbol : symbols) socket.send(ack("book", reqId(book), symbol));
    await(sub.acknowledged());
    return sub;
  }

  @Test void numbersThatLostTheirTrailingZerosAreCheckedAtTheInstrumentsPrecision() throws Exception {
    ServerSocket socket = upgrade();
    Connection<WsRequest, WsMessage> engine = engine(WebSocketEndpoint.SPOT_PUBLIC);
    Books books = new Books();
    subscribe(socket, engine, new BookFeed(bookRequest("BTC/USD"), codec, books), INSTRUMENT_SNAPSHOT, "BTC/USD");
    socket.send(snapshot("BTC/USD", GUIDE_CHECKSUM));
    OrderBookSnapshot book = assertInstanceOf(OrderBookSnapshot.class, books.next());
    assertEquals(GUIDE_CHECKSUM, book.checksum(), "padded to price_precision 1 and qty_precision 8");

    // A second feed on the same connection shares the instrument subscription: its book subscribe goes alone.
    Books more = new Books();
    BookFeed second = new BookFeed(bookRequest("ETH/USD"), codec, more);
    Connection<WsRequest, WsMessage>.Sub sub = second.subscribe(engine);
    String frame = socket.next();
    assertTrue(frame.contains("\"channel\":\"book\""), frame);
    socket.send(ack("book", reqId(frame), "ETH/USD"));
    await(sub.acknowledged());
    assertEquals(3, engine.subscriptionRequests().size(), "one instrument subscription and two books");
  }

  @Test void withoutThePrecisionTheSameNumbersMismatch() throws Exception {
    ServerSocket socket = upgrade();
    Connection<WsRequest, WsMessage> engine = engine(WebSocketEndpoint.SPOT_PUBLIC);
    Books books = new Books();
    subscribe(socket, engine, new BookFeed(bookRequest("BTC/USD"), codec, books), null, "BTC/USD");
    socket.send(snapshot("BTC/USD", GUIDE_CHECKSUM));
    ChecksumResult mismatch = assertInstanceOf(ChecksumResult.class, books.next());
    assertEquals(GUIDE_CHECKSUM, mismatch.expected());
    assertTrue(mismatch.computed() != GUIDE_CHECKSUM, "the literal text lacks the guide's trailing zeros");
  }

  @Test void aRefusedResubscribeEndsTheSubscriptionAndTellsTheListener() throws Exception {
    ServerSocket socket = upgrade();
    Connection<WsRequest, WsMessage> engine = engine(WebSocketEndpoint.SPOT_PUBLIC);
    Books books = new Books();
    subscribe(socket, engine, new BookFeed(bookRequest("BTC/USD", "ETH/USD"), codec, books), INSTRUMENT_SNAPSHOT,
        "BTC/USD", "ETH/USD");
    socket.send(snapshot("BTC/USD", 12345L)); // deliberately wrong
    assertInstanceOf(ChecksumResult.class, books.next());
    long unsubscribe = reqId(socket.next());
    long resubscribe = reqId(socket.next());
    socket.send(ack("book", unsubscribe, "BTC/USD").replace("\"subscribe\"", "\"unsubscribe\""));
    socket.send("{\"method\":\"subscribe\",\"error\":\"Exceeded msg rate\",\"success\":false,\"symbol\":\"BTC/USD\","
        + "\"req_id\":" + resubscribe + "}");

    KrakenServiceException refused = assertInstanceOf(KrakenServiceException.class, books.next());
    assertTrue(refused.getMessage().contains("Exceeded msg rate"), refused.getMessage());
    String ending = socket.next();
    assertEquals("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\",\"ETH/USD\"],"
        + "\"depth\":10},\"req_id\":" + reqId(ending) + "}", ending, "what is left of it, unsubscribed");
    assertTrue(engine.subscriptionRequests().stream().noneMatch(r -> r instanceof BookSubscribeRequest),
        "not sent again on a reconnect");
  }
}
