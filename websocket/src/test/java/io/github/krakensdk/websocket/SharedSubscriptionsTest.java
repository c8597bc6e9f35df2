package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.runtime.call.CallListener;
import io.github.krakensdk.runtime.call.ConnectionEvent;
import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.Sink;
import io.github.krakensdk.websocket.internal.model.WebSocketRequests;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import io.github.krakensdk.websocket.model.BookDepth;
import io.github.krakensdk.websocket.model.BookSubscribeParams;
import io.github.krakensdk.websocket.model.CancelOrderResult;
import io.github.krakensdk.websocket.model.InstrumentData;
import io.github.krakensdk.websocket.model.TickerSubscribeParams;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Server subscriptions counted per key (the books' hidden {@code instrument} and the caller's),
 * unsubscribes while disconnected or before the ack, a subscribe refused for one pair of several,
 * an open-ended {@code cancel_order}, and where the caller's code runs.
 */
final class SharedSubscriptionsTest extends WebSocketClientTestBase {
  private static final String INSTRUMENT_SNAPSHOT = "{\"channel\":\"instrument\",\"type\":\"snapshot\",\"data\":"
      + "{\"assets\":[],\"pairs\":[{\"symbol\":\"BTC/USD\",\"base\":\"BTC\",\"quote\":\"USD\",\"status\":\"online\","
      + "\"price_precision\":1,\"qty_precision\":8}]}}";

  private static final class Instruments implements ChannelListener<InstrumentData> {
    final BlockingQueue<ChannelMessage<InstrumentData>> received = new LinkedBlockingQueue<>();

    @Override public void onMessage(ChannelMessage<InstrumentData> message) {
      received.add(message);
    }

    ChannelMessage<InstrumentData> next() throws InterruptedException {
      ChannelMessage<InstrumentData> message = received.poll(5, TimeUnit.SECONDS);
      if (message == null) fail("no instrument message");
      return message;
    }
  }

  private static String instrumentAck(long id) {
    return "{\"method\":\"subscribe\",\"result\":{\"channel\":\"instrument\",\"snapshot\":true},"
        + "\"success\":true,\"req_id\":" + id + "}";
  }

  private static String bookAck(String method, long id, String symbol) {
    return "{\"method\":\"" + method + "\",\"result\":{\"channel\":\"book\",\"depth\":10,\"symbol\":\"" + symbol
        + "\"},\"success\":true,\"req_id\":" + id + "}";
  }

  private CompletableFuture<OrderBookSubscription> book(OrderBookListener listener) {
    return client.spot().book(params -> params.symbol(List.of("BTC/USD")).depth(BookDepth.NUMBER_10), listener);
  }

  @Test void theBooksInstrumentAndTheCallersShareOneSubscriptionClosedInstrumentFirst() throws Exception {
    ServerSocket socket = upgrade();
    Instruments instruments = new Instruments();
    CompletableFuture<ChannelSubscription> instrument =
        client.spot().instrument(params -> params.snapshot(true), instruments);
    String subscribe = socket.next();
    assertTrue(subscribe.contains("\"channel\":\"instrument\""), subscribe);
    socket.send(instrumentAck(reqId(subscribe)));
    ChannelSubscription caller = await(instrument);
    socket.send(INSTRUMENT_SNAPSHOT);
    assertTrue(instruments.next().isSnapshot());

    CompletableFuture<OrderBookSubscription> books = book(book -> { });
    String bookSubscribe = socket.next(); // the instrument subscription is shared: not sent again
    assertTrue(bookSubscribe.contains("\"channel\":\"book\""), bookSubscribe);
    socket.send(bookAck("subscribe", reqId(bookSubscribe), "BTC/USD"));
    OrderBookSubscription bookSubscription = await(books);

    caller.close(); // the books still hold instrument: nothing is sent
    assertEquals(List.of(), barrier(client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC), socket));

    CompletableFuture<Void> closed = bookSubscription.unsubscribe();
    String bookUnsubscribe = socket.next();
    assertTrue(bookUnsubscribe.contains("\"method\":\"unsubscribe\"") && bookUnsubscribe.contains("\"book\""),
        bookUnsubscribe);
    socket.send(bookAck("unsubscribe", reqId(bookUnsubscribe), "BTC/USD"));
    await(closed);
    String instrumentUnsubscribe = socket.next(); // the last book released the hidden holder
    assertTrue(instrumentUnsubscribe.contains("\"method\":\"unsubscribe\"")
        && instrumentUnsubscribe.contains("\"instrument\""), instrumentUnsubscribe);
  }

  @Test void theBooksInstrumentAndTheCallersShareOneSubscriptionClosedBookFirst() throws Exception {
    ServerSocket socket = upgrade();
    CompletableFuture<OrderBookSubscription> books = book(book -> { });
    String hidden = socket.next();
    assertTrue(hidden.contains("\"channel\":\"instrument\""), hidden);
    socket.send(instrumentAck(reqId(hidden)));
    long bookId = reqId(socket.next());
    socket.send(bookAck("subscribe", bookId, "BTC/USD"));
    OrderBookSubscription bookSubscription = await(books);
    socket.send(INSTRUMENT_SNAPSHOT);

    Instruments instruments = new Instruments();
    ChannelSubscription caller = await(client.spot().instrument(params -> params.snapshot(true), instruments));
    ChannelMessage<InstrumentData> replayed = instruments.next(); // the kept snapshot, without a second subscribe
    assertTrue(replayed.isSnapshot());
    assertEquals("BTC/USD", replayed.data().pairs().get(0).symbol());
    assertEquals(List.of(), barrier(client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC), socket), "no second instrument subscribe");

    CompletableFuture<Void> closed = bookSubscription.unsubscribe();
    String bookUnsubscribe = socket.next();
    assertTrue(bookUnsubscribe.contains("\"book\""), bookUnsubscribe);
    socket.send(bookAck("unsubscribe", reqId(bookUnsubscribe), "BTC/USD"));
    await(closed);
    assertEquals(List.of(), barrier(client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC), socket), "the caller still holds instrument");

    socket.send(INSTRUMENT_SNAPSHOT);
    assertTrue(instruments.next().isSnapshot(), "the caller's subscription goes on");
    caller.close();
    String instrumentUnsubscribe = socket.next();
    assertTrue(instrumentUnsubscribe.contains("\"method\":\"unsubscribe\"")
        && instrumentUnsubscribe.contains("\"instrument\""), instrumentUnsubscribe);
  }

  @Test void aSecondBookOfTheSamePairIsRefusedLocallyWithoutSending() throws Exception {
    ServerSocket socket = upgrade();
    Connection<WsRequest, WsMessage> connection = client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC);
    WsRequest request = WebSocketRequests.bookSubscribe(
        BookSubscribeParams.builder().symbol(List.of("BTC/USD")).depth(BookDepth.NUMBER_10).build(), 1L);
    Connection<WsRequest, WsMessage>.Sub first = connection.subscribe(request, messages(), Backpressure.COALESCE);
    socket.send(bookAck("subscribe", reqId(socket.next()), "BTC/USD"));
    await(first.acknowledged());
    Connection<WsRequest, WsMessage>.Sub second = connection.subscribe(
        WebSocketRequests.bookSubscribe(BookSubscribeParams.builder().symbol(List.of("ETH/USD", "BTC/USD"))
            .depth(BookDepth.NUMBER_10).build(), 1L), messages(), Backpressure.COALESCE);
    IllegalStateException refused = assertInstanceOf(IllegalStateException.class, failureOf(second.acknowledged()));
    assertTrue(refused.getMessage().contains("already subscribed") && refused.getMessage().contains("BTC/USD"),
        refused.getMessage());
    assertEquals(List.of(), barrier(client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC), socket));
    assertEquals(List.of(request), connection.subscriptionRequests());
  }

  @Test void anUnsubscribeWhileDisconnectedCompletesAtOnceAndIsNeverSent() throws Exception {
    ServerSocket first = upgrade();
    Connection<WsRequest, WsMessage> connection = client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC);
    Connection<WsRequest, WsMessage>.Sub sub = connection.subscribe(ticker("BTC/USD"), messages(),
        Backpressure.COALESCE);
    first.send(tickerAck("subscribe", reqId(first.next()), "BTC/USD"));
    await(sub.acknowledged());
    first.close(1001, "going away");
    awaitEvent("reconnect closed with 1001");

    assertEquals(List.of(), await(connection.unsubscribe(sub)), "completed at once, nothing to send");
    ServerSocket second = upgrade();
    clock.advance(Duration.ofSeconds(1));
    awaitEvent("connected");
    assertEquals(List.of(), barrier(client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC), second), "neither subscribe nor unsubscribe");
  }

  @Test void anUnsubscribeBeforeTheAckFailsTheAcknowledgement() throws Exception {
    ServerSocket socket = upgrade();
    Connection<WsRequest, WsMessage> connection = client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC);
    Connection<WsRequest, WsMessage>.Sub sub = connection.subscribe(ticker("BTC/USD"), messages(),
        Backpressure.COALESCE);
    socket.next();
    connection.unsubscribe(sub);
    CancellationException cancelled = assertThrows(CancellationException.class,
        () -> sub.acknowledged().get(5, TimeUnit.SECONDS));
    assertEquals("unsubscribed before acknowledged", cancelled.getMessage());
  }

  @Test void aSubscribeRefusedForOnePairUnsubscribesTheOthers() throws Exception {
    ServerSocket socket = upgrade();
    Connection<WsRequest, WsMessage> connection = client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC);
    Connection<WsRequest, WsMessage>.Sub sub = connection.subscribe(ticker("BTC/USD", "NOPE/USD"), messages(),
        Backpressure.COALESCE);
    long id = reqId(socket.next());
    socket.send(tickerAck("subscribe", id, "BTC/USD"));
    socket.send("{\"method\":\"subscribe\",\"error\":\"Currency pair not supported NOPE/USD\",\"success\":false,"
        + "\"symbol\":\"NOPE/USD\",\"req_id\":" + id + "}");
    KrakenServiceException refused = assertInstanceOf(KrakenServiceException.class, failureOf(sub.acknowledged()));
    assertTrue(refused.getMessage().contains("Currency pair not supported"), refused.getMessage());
    Map<String, Object> unsubscribe = parse(socket.next());
    assertEquals("unsubscribe", unsubscribe.get("method"));
    assertEquals(Map.of("channel", "ticker", "symbol", List.of("BTC/USD", "NOPE/USD")), unsubscribe.get("params"));
    assertEquals(List.of(), connection.subscriptionRequests());
  }

  @Test void aCancelByUserrefCollectsEveryReplyUntilAQuietPeriod() throws Exception {
    ServerSocket socket = upgrade();
    CompletableFuture<List<CancelOrderResult>> cancelled =
        client.spot().cancelOrder(params -> params.orderUserref(List.of(7)));
    long id = reqId(socket.next());
    for (String order : List.of("O1", "O2", "O3")) {
      socket.send("{\"method\":\"cancel_order\",\"result\":{\"order_id\":\"" + order + "\"},\"success\":true,"
          + "\"req_id\":" + id + "}");
    }
    barrier(client.modelConnection(WebSocketEndpoint.SPOT_PRIVATE), socket);
    assertFalse(cancelled.isDone(), "more orders may be cancelled under that order_userref");
    clock.advance(Connection.OPEN_ENDED_QUIET);
    assertEquals(List.of("O1", "O2", "O3"), await(cancelled).stream().map(CancelOrderResult::orderId).toList());
  }

  @Test void connectionEventsRunOnTheCompletionExecutorOutsideTheLock() throws Exception {
    client.close();
    BlockingQueue<String> seen = new LinkedBlockingQueue<>();
    CompletableFuture<Connection<?, ?>> connection = new CompletableFuture<>();
    WebSocketEnvironment.Builder environment = WebSocketEnvironment.PRODUCTION.toBuilder();
    for (WebSocketEndpoint endpoint : WebSocketEndpoint.values()) {
      environment.url(endpoint, server.url("/" + endpoint.name().toLowerCase()).toString());
    }
    client = KrakenWebSocketClient.builder()
        .environment(environment.build())
        .completionExecutor(completion)
        .scheduler(clock)
        .callListener(new CallListener() {
          @Override public void connectionEvent(ConnectionEvent event) {
            seen.add(event.kind() + " on " + Thread.currentThread().getName() + " locked "
                + Thread.holdsLock(connection.join()));
          }
        })
        .build();
    ServerSocket socket = upgrade();
    connection.complete(client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC));
    assertEquals("CONNECTED on test-completion locked false", seen.poll(5, TimeUnit.SECONDS));
    socket.close(1001, "going away"); // told on OkHttp's reader thread
    assertEquals("DISCONNECTED on test-completion locked false", seen.poll(5, TimeUnit.SECONDS));
    assertEquals("RECONNECT_SCHEDULED on test-completion locked false", seen.poll(5, TimeUnit.SECONDS));
  }

  @Test void aResentSubscribeTheWriterRefusesLeavesTheOthersToBeSent() throws Exception {
    ServerSocket first = upgrade();
    Connection<WsRequest, WsMessage> connection = client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC);
    first.awaitOpen();
    first.close(1001, "going away");
    awaitEvent("reconnect closed with 1001");
    // Made while disconnected: both are first sent when the connection opens.
    Connection<WsRequest, WsMessage>.Sub refused = connection.subscribe(WebSocketRequests.bookSubscribe(
        BookSubscribeParams.builder().depth(BookDepth.NUMBER_10).build(), 1L), messages(), Backpressure.COALESCE);
    Connection<WsRequest, WsMessage>.Sub valid = connection.subscribe(ticker("BTC/USD"), messages(),
        Backpressure.COALESCE);
    ServerSocket second = upgrade();
    clock.advance(Duration.ofSeconds(1));
    String sent = second.next();
    assertTrue(sent.contains("\"ticker\""), sent);
    second.send(tickerAck("subscribe", reqId(sent), "BTC/USD"));
    assertEquals(valid, await(valid.acknowledged()));
    Throwable failure = failureOf(refused.acknowledged());
    assertTrue(failure.getMessage().contains("symbol"), failure.getMessage());
  }

  @Test void aRefusedSessionFetchesTheNewTokenOffOkHttpsThreads() throws Exception {
    client.close();
    BlockingQueue<String> tokenThreads = new LinkedBlockingQueue<>();
    WebSocketEnvironment.Builder environment = WebSocketEnvironment.PRODUCTION.toBuilder();
    for (WebSocketEndpoint endpoint : WebSocketEndpoint.values()) {
      environment.url(endpoint, server.url("/" + endpoint.name().toLowerCase()).toString());
    }
    client = KrakenWebSocketClient.builder()
        .environment(environment.build())
        .tokenSource(() -> {
          tokenThreads.add(Thread.currentThread().getName());
          return CompletableFuture.completedFuture("token-" + tokensIssued.incrementAndGet());
        })
        .completionExecutor(completion)
        .callListener(recordingListener())
        .scheduler(clock)
        .build();
    ServerSocket first = upgrade();
    Connection<WsRequest, WsMessage> connection = client.modelConnection(WebSocketEndpoint.SPOT_PRIVATE);
    CompletableFuture<List<WsMessage>> cancel = connection.send(WebSocketRequests.cancelAll(
        io.github.krakensdk.websocket.model.CancelAllParams.builder().build(), 0L));
    tokenThreads.take();
    ServerSocket second = upgrade();
    first.send("{\"method\":\"cancel_all\",\"success\":false,\"error\":\"ESession:Invalid session\",\"req_id\":"
        + reqId(first.next()) + "}");
    assertInstanceOf(KrakenServiceException.class, failureOf(cancel));
    awaitEvent("reconnect refreshing the token");
    clock.advance(Duration.ZERO); // the reconnect runs on the scheduler, here the test's thread
    assertEquals(Thread.currentThread().getName(), tokenThreads.poll(5, TimeUnit.SECONDS));
    second.awaitOpen();
  }

  private static WsRequest ticker(String... symbols) {
    return WebSocketRequests.tickerSubscribe(TickerSubscribeParams.builder().symbol(List.of(symbols)).build(), 1L);
  }

  private static String tickerAck(String method, long id, String symbol) {
    return "{\"method\":\"" + method + "\",\"result\":{\"channel\":\"ticker\",\"symbol\":\"" + symbol
        + "\"},\"success\":true,\"req_id\":" + id + "}";
  }

  private static Sink<WsMessage> messages() {
    return new Sink<>() {
      @Override public void onMessage(WsMessage message) {
      }

      @Override public void onFailure(Throwable failure) {
      }
    };
  }
}
