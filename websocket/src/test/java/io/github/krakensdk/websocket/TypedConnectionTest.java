package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.ConstraintViolationException;
import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.Json;
import io.github.krakensdk.websocket.internal.Sink;
import io.github.krakensdk.websocket.internal.model.AddOrderReply;
import io.github.krakensdk.websocket.internal.model.BookMessage;
import io.github.krakensdk.websocket.internal.model.BookSubscribeRequest;
import io.github.krakensdk.websocket.internal.model.WebSocketRequests;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import io.github.krakensdk.websocket.model.AddOrderParams;
import io.github.krakensdk.websocket.model.BookDepth;
import io.github.krakensdk.websocket.model.BookSubscribeParams;
import io.github.krakensdk.websocket.model.Level3Depth;
import io.github.krakensdk.websocket.model.Level3SubscribeParams;
import io.github.krakensdk.websocket.model.OrderType;
import io.github.krakensdk.websocket.model.Side;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * The connection layer on the generated models (ModelCodec) and the order books fed from a typed
 * {@code book} subscription, against MockWebServer's WebSocket upgrade, on a fake clock.
 */
final class TypedConnectionTest extends WebSocketClientTestBase {

  /** Kraken's guide (spot-ws-book-v2): BTC/USD at depth 10, whose CRC32 is 3310070434. */
  private static final String GUIDE_LEVELS = "\"bids\":["
      + "{\"price\":45283.5,\"qty\":0.10000000},{\"price\":45283.4,\"qty\":1.54582015},"
      + "{\"price\":45282.1,\"qty\":0.10000000},{\"price\":45281.0,\"qty\":0.10000000},"
      + "{\"price\":45280.3,\"qty\":1.54592586},{\"price\":45279.0,\"qty\":0.07990000},"
      + "{\"price\":45277.6,\"qty\":0.03310103},{\"price\":45277.5,\"qty\":0.30000000},"
      + "{\"price\":45277.3,\"qty\":1.54602737},{\"price\":45276.6,\"qty\":0.15445238}],"
      + "\"asks\":["
      + "{\"price\":45285.2,\"qty\":0.00100000},{\"price\":45286.4,\"qty\":1.54571953},"
      + "{\"price\":45286.6,\"qty\":1.54571109},{\"price\":45289.6,\"qty\":1.54560911},"
      + "{\"price\":45290.2,\"qty\":0.15890660},{\"price\":45291.8,\"qty\":1.54553491},"
      + "{\"price\":45294.7,\"qty\":0.04454749},{\"price\":45296.1,\"qty\":0.35380000},"
      + "{\"price\":45297.5,\"qty\":0.09945542},{\"price\":45299.5,\"qty\":0.18772827}]";
  private static final long GUIDE_CHECKSUM = 3310070434L;

  private static String snapshot(String symbol, long checksum) {
    return "{\"channel\":\"book\",\"type\":\"snapshot\",\"data\":[{\"symbol\":\"" + symbol + "\"," + GUIDE_LEVELS
        + ",\"checksum\":" + checksum + "}]}";
  }

  private static String ack(String method, long id, String symbol) {
    return "{\"method\":\"" + method + "\",\"result\":{\"channel\":\"book\",\"depth\":10,\"snapshot\":true,"
        + "\"symbol\":\"" + symbol + "\"},\"success\":true,\"time_in\":\"2023-09-25T09:04:31.742599Z\","
        + "\"time_out\":\"2023-09-25T09:04:31.742648Z\",\"req_id\":" + id + "}";
  }

  private static BookSubscribeRequest bookRequest(String... symbols) {
    return WebSocketRequests.bookSubscribe(
        BookSubscribeParams.builder().symbol(List.of(symbols)).depth(BookDepth.NUMBER_10).build(), 1L);
  }

  private static final class Messages implements Sink<WsMessage> {
    final BlockingQueue<WsMessage> received = new LinkedBlockingQueue<>();

    @Override public void onMessage(WsMessage message) {
      received.add(message);
    }

    @Override public void onFailure(Throwable failure) {
    }

    WsMessage next() throws InterruptedException {
      WsMessage message = received.poll(5, TimeUnit.SECONDS);
      if (message == null) fail("no message");
      return message;
    }
  }

  // The connection on the generated models.

  @Test void aTypedBookSubscribeWithTwoSymbolsCompletesAfterTwoAcks() throws Exception {
    ServerSocket socket = upgrade();
    Connection<WsRequest, WsMessage> connection = client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC);
    Messages messages = new Messages();
    Connection<WsRequest, WsMessage>.Sub sub =
        connection.subscribe(bookRequest("BTC/USD", "ETH/USD"), messages, Backpressure.COALESCE);
    String sent = socket.next();
    long id = reqId(sent);
    assertEquals("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\",\"ETH/USD\"],"
        + "\"depth\":10},\"req_id\":" + id + "}", sent, "req_id is the connection's, not the 1 it was built with");
    socket.send(ack("subscribe", id, "BTC/USD"));
    socket.send("{\"channel\":\"heartbeat\"}");
    assertEquals(List.of(), barrier(connection, socket));
    assertFalse(sub.acknowledged().isDone(), "one ack of two");
    socket.send(ack("subscribe", id, "ETH/USD"));
    assertEquals(sub, await(sub.acknowledged()));

    socket.send(snapshot("ETH/USD", GUIDE_CHECKSUM));
    BookMessage book = assertInstanceOf(BookMessage.class, messages.next());
    assertEquals("ETH/USD", book.data().get(0).symbol());
    assertEquals("0.10000000", book.data().get(0).bids().get(0).qty().toPlainString(), "the literal's scale");
    assertEquals(GUIDE_CHECKSUM, book.data().get(0).checksum());
  }

  @Test void aTypedAddOrderCarriesTheTokenAndCompletesWithTheReplyOfItsReqId() throws Exception {
    ServerSocket socket = upgrade();
    Connection<WsRequest, WsMessage> connection = client.modelConnection(WebSocketEndpoint.SPOT_PRIVATE);
    AddOrderParams params = AddOrderParams.builder()
        .orderType(OrderType.LIMIT).side(Side.BUY).symbol("BTC/USD")
        .limitPrice(new BigDecimal("26500.10")).orderQty(new BigDecimal("0.00010000"))
        .build(); // no token: the connection's is set on the way out
    CompletableFuture<List<WsMessage>> order = connection.send(WebSocketRequests.addOrder(params, 0L));
    String sent = socket.next();
    long id = reqId(sent);
    Map<String, Object> frame = parse(sent);
    assertEquals("add_order", frame.get("method"));
    @SuppressWarnings("unchecked") Map<String, Object> sentParams = (Map<String, Object>) frame.get("params");
    assertEquals("token-1", sentParams.get("token"));
    assertTrue(sent.contains("\"limit_price\":26500.10"), "the price's literal text: " + sent);
    assertTrue(sent.contains("\"order_qty\":0.00010000"), sent);

    socket.send("{\"method\":\"add_order\",\"req_id\":" + (id + 1) + ",\"result\":{\"order_id\":\"OTHER\"},"
        + "\"success\":true}");
    socket.send("{\"method\":\"add_order\",\"req_id\":" + id + ",\"result\":{\"order_id\":\"OPS23M-VS41G-DDE5Z2\"},"
        + "\"success\":true,\"time_in\":\"2023-09-21T14:15:07.197274Z\",\"time_out\":\"2023-09-21T14:15:07.205301Z\"}");
    List<WsMessage> replies = await(order);
    assertEquals(1, replies.size());
    AddOrderReply reply = assertInstanceOf(AddOrderReply.class, replies.get(0));
    assertEquals("OPS23M-VS41G-DDE5Z2", reply.result().orderId());
    assertEquals(id, reply.reqId());
  }

  @Test void aTypedErrorReplyFailsTheRequestWithItsErrorString() throws Exception {
    ServerSocket socket = upgrade();
    Connection<WsRequest, WsMessage> connection = client.modelConnection(WebSocketEndpoint.SPOT_PRIVATE);
    AddOrderParams params = AddOrderParams.builder()
        .orderType(OrderType.LIMIT).side(Side.BUY).symbol("BTC/USD")
        .limitPrice(new BigDecimal("26500.1")).orderQty(new BigDecimal("0.0001")).build();
    CompletableFuture<List<WsMessage>> order = connection.send(WebSocketRequests.addOrder(params, 0L));
    long id = reqId(socket.next());
    socket.send("{\"method\":\"add_order\",\"error\":\"EOrder:Insufficient funds\",\"success\":false,"
        + "\"req_id\":" + id + "}");
    KrakenServiceException failure = assertInstanceOf(KrakenServiceException.class, failureOf(order));
    assertTrue(failure.getMessage().contains("EOrder:Insufficient funds"), failure.getMessage());
  }

  @Test void aTypedRequestTheContractRefusesIsNeverSent() throws Exception {
    ServerSocket socket = upgrade();
    Connection<WsRequest, WsMessage> connection = client.modelConnection(WebSocketEndpoint.SPOT_PRIVATE);
    AddOrderParams noSymbol = AddOrderParams.builder()
        .orderType(OrderType.LIMIT).side(Side.BUY).orderQty(new BigDecimal("0.0001")).build();
    CompletableFuture<List<WsMessage>> order = connection.send(WebSocketRequests.addOrder(noSymbol, 0L));
    ConstraintViolationException failure = assertInstanceOf(ConstraintViolationException.class, failureOf(order));
    assertTrue(failure.getMessage().contains("symbol"), failure.getMessage());
    assertEquals(List.of(), barrier(connection, socket), "nothing was sent");
  }

  @Test void afterAServerCloseTheTypedSubscribeIsSentAgainFromTheOriginalRequest() throws Exception {
    ServerSocket first = upgrade();
    Connection<WsRequest, WsMessage> connection = client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC);
    BookSubscribeRequest request = bookRequest("BTC/USD", "ETH/USD");
    Connection<WsRequest, WsMessage>.Sub sub = connection.subscribe(request, new Messages(), Backpressure.COALESCE);
    String sent = first.next();
    long id = reqId(sent);
    first.send(ack("subscribe", id, "BTC/USD"));
    first.send(ack("subscribe", id, "ETH/USD"));
    await(sub.acknowledged());

    ServerSocket second = upgrade();
    first.close(1001, "going away");
    awaitEvent("reconnect closed with 1001");
    clock.advance(Duration.ofSeconds(1));
    awaitEvent("connected");
    String resent = second.next();
    assertNotEquals(id, reqId(resent));
    assertEquals(sent.replace("\"req_id\":" + id, "\"req_id\":" + reqId(resent)), resent,
        "the original request again, never the acks' maxratecount or warnings");
    assertEquals(List.of(request), connection.subscriptionRequests());

    CompletableFuture<List<WsMessage>> unsubscribed = connection.unsubscribe(sub);
    String unsubscribe = second.next();
    long unsubscribeId = reqId(unsubscribe);
    assertEquals("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\",\"ETH/USD\"],"
        + "\"depth\":10},\"req_id\":" + unsubscribeId + "}", unsubscribe);
    second.send(ack("unsubscribe", unsubscribeId, "BTC/USD"));
    second.send(ack("unsubscribe", unsubscribeId, "ETH/USD"));
    assertEquals(2, await(unsubscribed).size());
  }

  // Order books fed from the subscription.

  private static final class Books implements OrderBookListener {
    final BlockingQueue<Object> events = new LinkedBlockingQueue<>();

    @Override public void onBook(OrderBookSnapshot book) {
      events.add(book);
    }

    @Override public void onChecksumMismatch(ChecksumResult mismatch) {
      events.add(mismatch);
    }

    Object next() throws InterruptedException {
      Object event = events.poll(5, TimeUnit.SECONDS);
      if (event == null) fail("no book event");
      return event;
    }
  }

  private OrderBookSubscription subscribeBooks(ServerSocket socket, Books books, String... symbols) throws Exception {
    CompletableFuture<OrderBookSubscription> subscribed =
        client.spot().book(params -> params.symbol(List.of(symbols)).depth(BookDepth.NUMBER_10), books);
    String instrument = socket.next(); // the pairs' precision for the checksum text, first (BookFeedTest)
    assertTrue(instrument.contains("\"channel\":\"instrument\""), instrument);
    socket.send("{\"method\":\"subscribe\",\"result\":{\"channel\":\"instrument\",\"snapshot\":true},"
        + "\"success\":true,\"req_id\":" + reqId(instrument) + "}");
    long id = reqId(socket.next());
    for (String symbol : symbols) socket.send(ack("subscribe", id, symbol));
    return await(subscribed);
  }

  @Test void theGuidesVectorBuildsTheBook() throws Exception {
    ServerSocket socket = upgrade();
    Books books = new Books();
    OrderBookSubscription subscription = subscribeBooks(socket, books, "BTC/USD");
    socket.send(snapshot("BTC/USD", GUIDE_CHECKSUM));
    OrderBookSnapshot book = assertInstanceOf(OrderBookSnapshot.class, books.next());
    assertEquals("BTC/USD", book.symbol());
    assertEquals(GUIDE_CHECKSUM, book.checksum());
    assertEquals(new BigDecimal("45283.5"), book.bestBid().orElseThrow().price());
    assertEquals(new BigDecimal("45285.2"), book.bestAsk().orElseThrow().price());
    assertEquals(book, subscription.book("BTC/USD").orElseThrow());

    // An update removing the best ask, with the checksum of the book it leaves (computed by the
    // test's reference from the guide's levels): the book follows.
    socket.send("{\"channel\":\"book\",\"type\":\"update\",\"data\":[{\"symbol\":\"BTC/USD\",\"bids\":[],"
        + "\"asks\":[{\"price\":45285.2,\"qty\":0}],\"checksum\":" + guideWithoutBestAsk() + ","
        + "\"timestamp\":\"2023-10-06T17:35:55.440295Z\"}]}");
    OrderBookSnapshot updated = assertInstanceOf(OrderBookSnapshot.class, books.next());
    assertEquals(new BigDecimal("45286.4"), updated.bestAsk().orElseThrow().price());
    assertEquals(9, updated.asks().size());
    assertEquals(List.of(), barrier(client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC), socket),
        "no resubscribe while the checksums match");
  }

  /**
   * The CRC32 of the guide's book without its best ask, by the guide's rule written out here:
   * each price then qty of the top 10 asks then bids, without the decimal point and leading zeros.
   */
  private static long guideWithoutBestAsk() {
    String[] asks = {"45286.4", "1.54571953", "45286.6", "1.54571109", "45289.6", "1.54560911", "45290.2",
        "0.15890660", "45291.8", "1.54553491", "45294.7", "0.04454749", "45296.1", "0.35380000", "45297.5",
        "0.09945542", "45299.5", "0.18772827"};
    String[] bids = {"45283.5", "0.10000000", "45283.4", "1.54582015", "45282.1", "0.10000000", "45281.0",
        "0.10000000", "45280.3", "1.54592586", "45279.0", "0.07990000", "45277.6", "0.03310103", "45277.5",
        "0.30000000", "45277.3", "1.54602737", "45276.6", "0.15445238"};
    StringBuilder text = new StringBuilder();
    for (String number : asks) text.append(number.replace(".", "").replaceFirst("^0+", ""));
    for (String number : bids) text.append(number.replace(".", "").replaceFirst("^0+", ""));
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(text.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    return crc.getValue();
  }

  @Test void aChecksumMismatchResubscribesThatSymbolAloneAndIsReported() throws Exception {
    ServerSocket socket = upgrade();
    Books books = new Books();
    OrderBookSubscription subscription = subscribeBooks(socket, books, "BTC/USD", "ETH/USD");
    socket.send(snapshot("BTC/USD", GUIDE_CHECKSUM));
    assertEquals("BTC/USD", assertInstanceOf(OrderBookSnapshot.class, books.next()).symbol());

    socket.send(snapshot("ETH/USD", 12345L)); // deliberately wrong
    ChecksumResult mismatch = assertInstanceOf(ChecksumResult.class, books.next());
    assertEquals(ChecksumResult.of("book", "ETH/USD", 10, 12345L, GUIDE_CHECKSUM), mismatch);
    assertFalse(mismatch.matches());
    assertTrue(subscription.book("ETH/USD").isEmpty(), "no book while out of sync");
    assertTrue(subscription.book("BTC/USD").isPresent(), "the other symbol is untouched");

    String unsubscribe = socket.next();
    long unsubscribeId = reqId(unsubscribe);
    assertEquals("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"ETH/USD\"],"
        + "\"depth\":10},\"req_id\":" + unsubscribeId + "}", unsubscribe);
    String resubscribe = socket.next();
    long resubscribeId = reqId(resubscribe);
    assertEquals("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"ETH/USD\"],"
        + "\"depth\":10},\"req_id\":" + resubscribeId + "}", resubscribe);
    assertEquals(List.of(), barrier(client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC), socket),
        "BTC/USD is not resubscribed");

    // Updates of the out-of-sync book are dropped until the resubscription's snapshot.
    socket.send("{\"channel\":\"book\",\"type\":\"update\",\"data\":[{\"symbol\":\"ETH/USD\",\"bids\":[],"
        + "\"asks\":[{\"price\":45285.2,\"qty\":0}],\"checksum\":1}]}");
    socket.send(ack("unsubscribe", unsubscribeId, "ETH/USD"));
    socket.send(ack("subscribe", resubscribeId, "ETH/USD"));
    socket.send(snapshot("ETH/USD", GUIDE_CHECKSUM));
    OrderBookSnapshot resynced = assertInstanceOf(OrderBookSnapshot.class, books.next());
    assertEquals("ETH/USD", resynced.symbol());
    assertEquals(GUIDE_CHECKSUM, resynced.checksum());
    assertEquals(10, resynced.asks().size(), "the dropped update was not applied");

    // A reconnect still sends the original request, both symbols (after the books' instrument subscription).
    List<WsRequest> kept = client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC).subscriptionRequests();
    assertEquals(bookRequest("BTC/USD", "ETH/USD"), kept.get(kept.size() - 1));
  }

  @Test void orderBooksRefusesParamsWithoutASymbolBeforeSending() {
    assertThrows(ConstraintViolationException.class,
        () -> client.spot().book(params -> params.depth(BookDepth.NUMBER_10), book -> {}));
    assertThrows(NullPointerException.class, () -> client.spot().book((BookSubscribeParams) null, book -> {}));
  }

  // Level-3 books fed from the subscription, on the authenticated level-3 endpoint.

  /** Kraken's guide (spot-ws-l3-v2): a BTC/USD snapshot of 14 asks and 21 bids, whose CRC32 is 1063832831. */
  private static final String[][] L3_GUIDE_ASKS = {
      {"OFVLAA-HRSSP-BK75KB", "44939.5", "4.52308393"}, {"OYBAMK-O5DKX-WMPUTM", "44939.5", "0.00111261"},
      {"O3DRCT-J5M2S-KYV526", "44939.5", "0.00100000"}, {"OF3X3A-72WZY-6EKA5F", "44939.5", "0.01000000"},
      {"OF5UA6-6IIZ2-YGQTSJ", "44950.0", "0.10334926"}, {"OSDOZX-7UZ6Y-QDNPVI", "44953.0", "0.00064537"},
      {"OV7KTS-A2TWV-3XKRIA", "44955.0", "0.00250000"}, {"OOF2V5-RYOHC-GLRNPM", "44959.6", "0.35630000"},
      {"OTVOVS-QLST3-3JG7JI", "44959.6", "0.35630000"}, {"OGZCIU-RDQ77-DAAL3P", "44960.1", "0.00338072"},
      {"OVLG3E-HYBQM-CWNGCY", "44960.2", "0.88967575"}, {"OWEOFO-HUCJC-T37MVO", "44967.0", "3.14392283"},
      {"OVYTHY-D2N76-5QYREQ", "44978.5", "0.06778960"}, {"OFO525-PHRVS-236RMN", "44979.2", "0.35630000"}};
  private static final String[][] L3_GUIDE_BIDS = {
      {"OTCFZG-YOE2Q-LQKNM3", "44939.4", "0.88968699"}, {"OFGP5R-B3E7G-54EZD6", "44939.4", "0.45210000"},
      {"OMPHVY-IZPJ4-KOKA3P", "44939.4", "0.10000000"}, {"OAI5QZ-AMPLW-NBNO72", "44939.4", "0.14296323"},
      {"O7VFZI-CTFWH-FF6EIR", "44939.4", "0.25000000"}, {"O472V3-ZG4EZ-OLD66C", "44939.4", "0.10292988"},
      {"OEK26P-BGPUK-LDHMD2", "44939.4", "0.33880000"}, {"OSMYPE-S5VOC-YSS3WM", "44939.4", "1.28140860"},
      {"OJPMIN-NXZL5-SOWP6V", "44937.1", "0.03346877"}, {"O6PUGE-SQWYQ-TRJEEE", "44934.7", "0.35630000"},
      {"OPUOGC-Q532V-3OKLPM", "44930.2", "0.22734299"}, {"OCIU7J-VB3CI-HPULSF", "44930.2", "0.01000000"},
      {"ORWVAF-LJFLY-ZWEHDQ", "44930.2", "0.05550000"}, {"OYRAHE-PI5AN-7KOQ4E", "44930.2", "0.70000000"},
      {"OGBHYU-UILDD-6DLLYJ", "44930.2", "0.15000000"}, {"O74ZBU-K2TKC-R76XSW", "44928.0", "0.00105240"},
      {"OQVTQF-Y56MR-BM6LWL", "44919.6", "0.33870000"}, {"OYEH6U-ZCHA2-3HFR3W", "44919.5", "0.07610000"},
      {"OLGPG7-HVKXU-J6SANK", "44912.0", "0.35630000"}, {"OHGC3L-FRZQ3-UIVZRU", "44909.7", "0.06690000"},
      {"O73C6Y-VZXYA-H4LDFY", "44901.9", "0.00088982"}};
  private static final long L3_GUIDE_CHECKSUM = 1063832831L;

  private static String level3Orders(String[][] orders) {
    List<String> items = new ArrayList<>();
    for (String[] order : orders) {
      items.add("{\"order_id\":\"" + order[0] + "\",\"limit_price\":" + order[1] + ",\"order_qty\":" + order[2]
          + ",\"timestamp\":\"2023-10-06T17:35:00.123456789Z\"}");
    }
    return "[" + String.join(",", items) + "]";
  }

  private static String level3Snapshot(String symbol, long checksum) {
    return "{\"channel\":\"level3\",\"type\":\"snapshot\",\"data\":[{\"symbol\":\"" + symbol + "\",\"bids\":"
        + level3Orders(L3_GUIDE_BIDS) + ",\"asks\":" + level3Orders(L3_GUIDE_ASKS) + ",\"checksum\":" + checksum
        + ",\"timestamp\":\"2023-10-06T17:35:55.440295Z\"}]}";
  }

  private static String level3Ack(String method, long id, String symbol) {
    return "{\"method\":\"" + method + "\",\"result\":{\"channel\":\"level3\",\"depth\":10,\"snapshot\":true,"
        + "\"symbol\":\"" + symbol + "\"},\"success\":true,\"time_in\":\"2023-09-25T09:04:31.742599Z\","
        + "\"time_out\":\"2023-09-25T09:04:31.742648Z\",\"req_id\":" + id + "}";
  }

  private static final class Level3Books implements Level3BookListener {
    final BlockingQueue<Object> events = new LinkedBlockingQueue<>();

    @Override public void onBook(Level3BookSnapshot book) {
      events.add(book);
    }

    @Override public void onChecksumMismatch(ChecksumResult mismatch) {
      events.add(mismatch);
    }

    Object next() throws InterruptedException {
      Object event = events.poll(5, TimeUnit.SECONDS);
      if (event == null) fail("no level3 event");
      return event;
    }
  }

  private Level3BookSubscription subscribeLevel3(ServerSocket socket, Level3Books books, String... symbols)
      throws Exception {
    CompletableFuture<Level3BookSubscription> subscribed =
        client.spot().level3(params -> params.symbol(List.of(symbols)).depth(Level3Depth.NUMBER_10), books);
    String sent = socket.next();
    long id = reqId(sent);
    assertEquals("{\"method\":\"subscribe\",\"params\":{\"channel\":\"level3\",\"symbol\":"
        + Json.write(List.of(symbols)) + ",\"depth\":10,\"token\":\"token-1\"},\"req_id\":" + id + "}", sent,
        "the connection's token, on the level-3 endpoint");
    for (String symbol : symbols) socket.send(level3Ack("subscribe", id, symbol));
    return await(subscribed);
  }

  @Test void theLevel3GuidesVectorBuildsTheBook() throws Exception {
    ServerSocket socket = upgrade();
    Level3Books books = new Level3Books();
    Level3BookSubscription subscription = subscribeLevel3(socket, books, "BTC/USD");
    assertEquals("/spot_level3", server.takeRequest().getUrl().encodedPath(), "the level-3 endpoint");
    assertEquals(WebSocketEndpoint.SPOT_LEVEL3, subscription.endpoint());
    assertEquals("level3", subscription.channel());
    socket.send(level3Snapshot("BTC/USD", L3_GUIDE_CHECKSUM));
    Level3BookSnapshot book = assertInstanceOf(Level3BookSnapshot.class, books.next());
    assertEquals("BTC/USD", book.symbol());
    assertEquals(L3_GUIDE_CHECKSUM, book.checksum());
    assertEquals(14, book.asks().size());
    assertEquals(21, book.bids().size());
    assertEquals(Level3Order.of("OTCFZG-YOE2Q-LQKNM3", new BigDecimal("44939.4"), new BigDecimal("0.88968699")),
        book.bids().get(0));
    assertEquals("0.00100000", book.asks().get(2).orderQty().toPlainString(), "the literal's scale");
    assertEquals(book, subscription.book("BTC/USD").orElseThrow());

    // Deleting the first ask and re-adding it at the back of its level, with the checksum of the
    // book that leaves (the guide's rule written out in level3Checksum): the book follows.
    List<String[]> asks = new ArrayList<>(List.of(L3_GUIDE_ASKS));
    String[] first = asks.remove(0);
    asks.add(3, first);
    socket.send("{\"channel\":\"level3\",\"type\":\"update\",\"data\":[{\"symbol\":\"BTC/USD\",\"bids\":[],"
        + "\"asks\":[{\"event\":\"delete\",\"order_id\":\"" + first[0] + "\",\"limit_price\":" + first[1]
        + ",\"order_qty\":" + first[2] + ",\"timestamp\":\"2023-10-06T17:35:56.000000001Z\"},"
        + "{\"event\":\"add\",\"order_id\":\"" + first[0] + "\",\"limit_price\":" + first[1]
        + ",\"order_qty\":" + first[2] + ",\"timestamp\":\"2023-10-06T17:35:56.000000002Z\"}],"
        + "\"checksum\":" + level3Checksum(asks, List.of(L3_GUIDE_BIDS)) + ","
        + "\"timestamp\":\"2023-10-06T17:35:56.000000002Z\"}]}");
    Level3BookSnapshot updated = assertInstanceOf(Level3BookSnapshot.class, books.next());
    assertEquals("OYBAMK-O5DKX-WMPUTM", updated.asks().get(0).orderId());
    assertEquals(first[0], updated.asks().get(3).orderId(), "at the back of its level's queue");
    assertEquals(List.of(), barrier(client.modelConnection(WebSocketEndpoint.SPOT_LEVEL3), socket),
        "no resubscribe while the checksums match");
  }

  /**
   * The level-3 CRC32 by the guide's rule written out here: each limit price then qty of the orders
   * of the top 10 ask levels then bid levels, without the decimal point and leading zeros.
   */
  private static long level3Checksum(List<String[]> asks, List<String[]> bids) {
    StringBuilder text = new StringBuilder();
    for (List<String[]> side : List.of(asks, bids)) {
      List<String> levels = new ArrayList<>();
      for (String[] order : side) {
        if (!levels.contains(order[1])) levels.add(order[1]);
        if (levels.size() > 10) break;
        text.append(order[1].replace(".", "").replaceFirst("^0+", ""));
        text.append(order[2].replace(".", "").replaceFirst("^0+", ""));
      }
    }
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(text.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    return crc.getValue();
  }

  @Test void aLevel3ChecksumMismatchResubscribesThatSymbolAloneWithTheTokenAndIsReported() throws Exception {
    ServerSocket socket = upgrade();
    Level3Books books = new Level3Books();
    Level3BookSubscription subscription = subscribeLevel3(socket, books, "BTC/USD", "ETH/USD");
    socket.send(level3Snapshot("BTC/USD", L3_GUIDE_CHECKSUM));
    assertEquals("BTC/USD", assertInstanceOf(Level3BookSnapshot.class, books.next()).symbol());

    socket.send(level3Snapshot("ETH/USD", 12345L)); // deliberately wrong
    ChecksumResult mismatch = assertInstanceOf(ChecksumResult.class, books.next());
    assertEquals(ChecksumResult.of("level3", "ETH/USD", 10, 12345L, L3_GUIDE_CHECKSUM), mismatch);
    assertTrue(subscription.book("ETH/USD").isEmpty(), "no book while out of sync");
    assertTrue(subscription.book("BTC/USD").isPresent(), "the other symbol is untouched");

    String unsubscribe = socket.next();
    long unsubscribeId = reqId(unsubscribe);
    assertEquals("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"level3\",\"symbol\":[\"ETH/USD\"],"
        + "\"depth\":10,\"token\":\"token-1\"},\"req_id\":" + unsubscribeId + "}", unsubscribe);
    String resubscribe = socket.next();
    long resubscribeId = reqId(resubscribe);
    assertEquals("{\"method\":\"subscribe\",\"params\":{\"channel\":\"level3\",\"symbol\":[\"ETH/USD\"],"
        + "\"depth\":10,\"token\":\"token-1\"},\"req_id\":" + resubscribeId + "}", resubscribe);
    assertEquals(List.of(), barrier(client.modelConnection(WebSocketEndpoint.SPOT_LEVEL3), socket),
        "BTC/USD is not resubscribed");

    // Updates of the out-of-sync book are dropped until the resubscription's snapshot.
    socket.send("{\"channel\":\"level3\",\"type\":\"update\",\"data\":[{\"symbol\":\"ETH/USD\",\"bids\":[],"
        + "\"asks\":[{\"event\":\"delete\",\"order_id\":\"OFVLAA-HRSSP-BK75KB\",\"limit_price\":44939.5,"
        + "\"order_qty\":4.52308393}],\"checksum\":1}]}");
    socket.send(level3Ack("unsubscribe", unsubscribeId, "ETH/USD"));
    socket.send(level3Ack("subscribe", resubscribeId, "ETH/USD"));
    socket.send(level3Snapshot("ETH/USD", L3_GUIDE_CHECKSUM));
    Level3BookSnapshot resynced = assertInstanceOf(Level3BookSnapshot.class, books.next());
    assertEquals("ETH/USD", resynced.symbol());
    assertEquals(14, resynced.asks().size(), "the dropped update was not applied");

    // A reconnect still sends the original request, both symbols.
    assertEquals(List.of(WebSocketRequests.level3Subscribe(Level3SubscribeParams.builder()
            .symbol(List.of("BTC/USD", "ETH/USD")).depth(Level3Depth.NUMBER_10).build(), 1L)),
        client.modelConnection(WebSocketEndpoint.SPOT_LEVEL3).subscriptionRequests());
  }

  @Test void level3BooksRefusesParamsWithoutASymbolBeforeSendingAndNeedsATokenSource() {
    ConstraintViolationException noSymbol = assertThrows(ConstraintViolationException.class,
        () -> client.spot().level3(params -> params.depth(Level3Depth.NUMBER_10), book -> {}));
    assertTrue(noSymbol.getMessage().contains("symbol"), noSymbol.getMessage());
    assertFalse(noSymbol.getMessage().contains("token"), "the token is the connection's: " + noSymbol.getMessage());
    assertThrows(NullPointerException.class, () -> client.spot().level3((Level3SubscribeParams) null, book -> {}));
    try (KrakenWebSocketClient anonymous = KrakenWebSocketClient.builder().scheduler(clock).build()) {
      IllegalStateException noTokens = assertThrows(IllegalStateException.class,
          () -> anonymous.spot().level3(params -> params.symbol(List.of("BTC/USD")), book -> {}));
      assertTrue(noTokens.getMessage().contains("tokenSource"), noTokens.getMessage());
    }
  }
}
