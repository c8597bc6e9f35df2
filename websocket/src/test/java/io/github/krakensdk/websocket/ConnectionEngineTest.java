package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.runtime.call.CallAttempt;
import io.github.krakensdk.runtime.call.CallOutcome;
import io.github.krakensdk.runtime.call.ConnectionEvent;
import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.Sink;
import io.github.krakensdk.websocket.internal.model.WebSocketRequests;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import io.github.krakensdk.websocket.model.AddOrderParams;
import io.github.krakensdk.websocket.model.BookDepth;
import io.github.krakensdk.websocket.model.BookSubscribeParams;
import io.github.krakensdk.websocket.model.OrderType;
import io.github.krakensdk.websocket.model.Side;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The engine ({@link Connection} on the generated models) alone, against MockWebServer on a fake
 * clock: the calls and connection events it reports to the {@link CallListener}, the reply timeout,
 * and the end of a connection.
 */
final class ConnectionEngineTest extends EngineTestBase {
  private static WsRequest addOrder() {
    return WebSocketRequests.addOrder(AddOrderParams.builder()
        .orderType(OrderType.LIMIT).side(Side.BUY).symbol("BTC/USD")
        .limitPrice(new BigDecimal("26500.1")).orderQty(new BigDecimal("0.0001")).build(), 0L);
  }

  private static WsRequest book(String... symbols) {
    return WebSocketRequests.bookSubscribe(
        BookSubscribeParams.builder().symbol(List.of(symbols)).depth(BookDepth.NUMBER_10).build(), 1L);
  }

  private static String bookAck(long id, String symbol) {
    return "{\"method\":\"subscribe\",\"result\":{\"channel\":\"book\",\"depth\":10,\"snapshot\":true,"
        + "\"symbol\":\"" + symbol + "\"},\"success\":true,\"req_id\":" + id + "}";
  }

  private static final class Failures implements Sink<WsMessage> {
    final BlockingQueue<Throwable> failures = new LinkedBlockingQueue<>();

    @Override public void onMessage(WsMessage message) {
    }

    @Override public void onFailure(Throwable failure) {
      failures.add(failure);
    }

    Throwable next() throws InterruptedException {
      Throwable failure = failures.poll(5, TimeUnit.SECONDS);
      if (failure == null) fail("no onFailure");
      return failure;
    }
  }

  // One listener: calls and connection events.

  @Test void aMethodCallEndsWithOneAttemptAndOneCallNamedByItsMethod() throws Exception {
    ServerSocket socket = upgrade();
    Connection<WsRequest, WsMessage> connection = engine(WebSocketEndpoint.SPOT_PRIVATE);
    CompletableFuture<List<WsMessage>> order = connection.send(addOrder());
    long id = reqId(socket.next());
    clock.advance(Duration.ofMillis(7));
    socket.send("{\"method\":\"add_order\",\"req_id\":" + id + ",\"result\":{\"order_id\":\"O1\"},\"success\":true}");
    await(order);
    CallAttempt attempt = nextCall(CallAttempt.class);
    assertEquals("add_order", attempt.operationId());
    assertEquals(1, attempt.number());
    assertEquals(CallAttempt.Reason.FIRST, attempt.reason());
    assertEquals(Duration.ofMillis(7), attempt.onTheWire());
    assertTrue(attempt.succeeded());
    CallOutcome call = nextCall(CallOutcome.class);
    assertEquals("add_order", call.operationId());
    assertEquals(1, call.attempts());
    assertTrue(call.succeeded());
    assertTrue(call.duration().compareTo(Duration.ofMillis(7)) >= 0, call.toString());

    CompletableFuture<List<WsMessage>> refused = connection.send(addOrder());
    long second = reqId(socket.next());
    socket.send("{\"method\":\"add_order\",\"error\":\"EOrder:Insufficient funds\",\"success\":false,\"req_id\":"
        + second + "}");
    Throwable failure = failureOf(refused);
    assertEquals(failure, nextCall(CallAttempt.class).failure(), "the failure the future completes with");
    KrakenServiceException reported = assertInstanceOf(KrakenServiceException.class, nextCall(CallOutcome.class).failure());
    assertTrue(reported.getMessage().contains("EOrder:Insufficient funds"), reported.getMessage());
  }

  @Test void connectionEventsNameTheEndpointAndCarryCodeReasonAndDelay() throws Exception {
    ServerSocket first = upgrade();
    engine(WebSocketEndpoint.SPOT_PUBLIC);
    awaitEvent("connected");
    upgrade();
    first.close(1001, "going away");
    awaitEvent("reconnect");
    ConnectionEvent connected = connectionEvents.get(0);
    assertEquals(ConnectionEvent.builder().endpoint("SPOT_PUBLIC").kind(ConnectionEvent.Kind.CONNECTED).build(),
        connected);
    ConnectionEvent dropped = connectionEvents.get(1);
    assertEquals(ConnectionEvent.Kind.DISCONNECTED, dropped.kind());
    assertEquals(1001, dropped.closeCode());
    assertEquals("going away", dropped.reason());
    ConnectionEvent scheduled = connectionEvents.get(2);
    assertEquals(ConnectionEvent.Kind.RECONNECT_SCHEDULED, scheduled.kind());
    assertFalse(scheduled.delay().isNegative());
    assertTrue(scheduled.delay().compareTo(Duration.ofSeconds(1)) <= 0, scheduled.toString());
  }

  // The reply timeout.

  @Test void anUnansweredOrderFailsAsOutcomeUnknownAndItsLateReplyIsDropped() throws Exception {
    ServerSocket socket = upgrade();
    Connection<WsRequest, WsMessage> connection = engine(WebSocketEndpoint.SPOT_PRIVATE);
    CompletableFuture<List<WsMessage>> order = connection.send(addOrder());
    long id = reqId(socket.next());
    clock.advance(REPLY_TIMEOUT.minusNanos(1)); // runs what is due here; a failure would be queued on completion
    completionBarrier();
    assertFalse(order.isDone(), "not before the timeout");
    clock.advance(Duration.ofNanos(1));
    KrakenTransportException failure = assertInstanceOf(KrakenTransportException.class, failureOf(order));
    assertTrue(failure.outcomeUnknown(), "the order may have been placed");
    assertTrue(failure.getCause().getMessage().contains("no reply to add_order (req_id " + id + ") within PT10S"),
        failure.getCause().getMessage());
    nextCall(CallAttempt.class);
    assertEquals(failure, nextCall(CallOutcome.class).failure());

    socket.send("{\"method\":\"add_order\",\"req_id\":" + id + ",\"result\":{\"order_id\":\"LATE\"},\"success\":true}");
    // The connection still works; the late reply completed nothing and reported nothing.
    CompletableFuture<List<WsMessage>> next = connection.send(addOrder());
    long nextId = reqId(socket.next());
    socket.send("{\"method\":\"add_order\",\"req_id\":" + nextId + ",\"result\":{\"order_id\":\"O2\"},\"success\":true}");
    await(next);
    assertTrue(nextCall(CallAttempt.class).succeeded());
    assertTrue(nextCall(CallOutcome.class).succeeded());
    assertNull(calls.poll(100, TimeUnit.MILLISECONDS), "nothing for the late reply");
    assertNull(socket.poll(), "the order was never sent again");
  }

  @Test void anUnansweredSubscribeRecyclesTheConnectionOnceThenFails() throws Exception {
    ServerSocket first = upgrade();
    Connection<WsRequest, WsMessage> connection = engine(WebSocketEndpoint.SPOT_PUBLIC);
    Failures sink = new Failures();
    Connection<WsRequest, WsMessage>.Sub sub = connection.subscribe(book("BTC/USD"), sink, Backpressure.COALESCE);
    long id = reqId(first.next());
    ServerSocket second = upgrade();
    clock.advance(REPLY_TIMEOUT);
    assertTrue(awaitEvent("disconnected 1006").contains("no reply to subscribe (req_id " + id + ")"));
    clock.advance(Duration.ofSeconds(1));
    awaitEvent("connected");
    long again = reqId(second.next());
    assertFalse(sub.acknowledged().isDone(), "still waiting: sent again on the fresh connection");
    second.send(bookAck(again, "BTC/USD"));
    assertEquals(sub, await(sub.acknowledged()));

    // A second subscribe, unanswered on a connection that already recycled for it once: recycled, then failed.
    Connection<WsRequest, WsMessage>.Sub other = connection.subscribe(book("ETH/USD"), sink, Backpressure.COALESCE);
    second.next();
    ServerSocket third = upgrade();
    clock.advance(REPLY_TIMEOUT);
    awaitEvent("disconnected 1006");
    clock.advance(Duration.ofSeconds(4)); // the backoff of a second failure in a row: at most 2 s
    awaitEvent("connected");
    String btc = third.next();
    String eth = third.next();
    third.send(bookAck(reqId(btc), "BTC/USD"));
    assertTrue(eth.contains("ETH/USD"), eth);
    assertEquals(List.of(), barrier(connection, third)); // BTC/USD's ack handled before the clock moves
    clock.advance(REPLY_TIMEOUT);
    KrakenTransportException failure = assertInstanceOf(KrakenTransportException.class, failureOf(other.acknowledged()));
    assertTrue(failure.getCause().getMessage().contains("no reply to subscribe"), failure.getMessage());
    assertEquals(failure, sink.next());
    assertEquals(List.of(book("BTC/USD")), connection.subscriptionRequests(), "the answered one stays");
  }

  @Test void aSubscribeRecycledForItsReplyTimeoutFailsOneMoreReplyTimeoutLaterWhileTheConnectionStaysDown()
      throws Exception {
    ServerSocket first = upgrade();
    Connection<WsRequest, WsMessage> connection = engine(WebSocketEndpoint.SPOT_PUBLIC);
    Failures sink = new Failures();
    Connection<WsRequest, WsMessage>.Sub sub = connection.subscribe(book("BTC/USD"), sink, Backpressure.COALESCE);
    first.next();
    // No upgrade is enqueued: the reconnect's handshake never completes, so the connection stays down.
    clock.advance(REPLY_TIMEOUT);
    assertTrue(awaitEvent("disconnected 1006").contains("no reply to subscribe"));
    clock.advance(REPLY_TIMEOUT.minusNanos(1));
    completionBarrier();
    assertFalse(sub.acknowledged().isDone(), "one more reply timeout to reconnect and be sent again");
    clock.advance(Duration.ofNanos(1));
    KrakenTransportException failure = assertInstanceOf(KrakenTransportException.class, failureOf(sub.acknowledged()));
    assertFalse(failure.outcomeUnknown(), "a subscribe changes nothing");
    assertTrue(failure.getMessage().contains("no connection to SPOT_PUBLIC within PT10S of its reply timeout"),
        failure.getMessage());
    assertEquals(failure, sink.next());
    assertEquals(List.of(), connection.subscriptionRequests(), "forgotten: not sent on a later connection");
  }

  // The end.

  @Test void aTerminalCloseFailsEverySubscriptionAndPendingRequestThenLaterUseFailsFast() throws Exception {
    ServerSocket socket = upgrade();
    Connection<WsRequest, WsMessage> connection = engine(WebSocketEndpoint.SPOT_PRIVATE);
    Failures sink = new Failures();
    Connection<WsRequest, WsMessage>.Sub sub = connection.subscribe(book("BTC/USD"), sink, Backpressure.COALESCE);
    socket.send(bookAck(reqId(socket.next()), "BTC/USD"));
    await(sub.acknowledged());
    CompletableFuture<List<WsMessage>> order = connection.send(addOrder());
    socket.next();
    socket.close(1008, "policy violation");
    awaitEvent("terminated");

    KrakenTransportException inFlight = assertInstanceOf(KrakenTransportException.class, failureOf(order));
    assertTrue(inFlight.outcomeUnknown(), "an order in flight: outcome unknown");
    Throwable ended = sink.next();
    assertTrue(ended.getCause().getMessage().contains("closed with 1008"), ended.getCause().getMessage());

    CompletableFuture<List<WsMessage>> later = connection.send(addOrder());
    KrakenTransportException fast = assertInstanceOf(KrakenTransportException.class, failureOf(later));
    assertFalse(fast.outcomeUnknown(), "never sent");
    assertTrue(fast.getCause().getMessage().contains("SPOT_PRIVATE ended for good (closed with 1008"),
        fast.getCause().getMessage());
    Failures laterSink = new Failures();
    Connection<WsRequest, WsMessage>.Sub laterSub = connection.subscribe(book("ETH/USD"), laterSink,
        Backpressure.COALESCE);
    assertTrue(failureOf(laterSub.acknowledged()).getCause().getMessage().contains("ended for good"));
    laterSink.next();
    clock.advance(Duration.ofMinutes(10));
    assertEquals(1, server.getRequestCount(), "no new connection after the end");
  }

  @Test void anUpgradeRefusedWith401EndsTheConnectionAndFailsWhatWaited() throws Exception {
    server.enqueue(new mockwebserver3.MockResponse.Builder().code(401).build());
    Connection<WsRequest, WsMessage> connection = engine(WebSocketEndpoint.SPOT_PRIVATE);
    CompletableFuture<List<WsMessage>> waiting = connection.send(addOrder());
    KrakenTransportException failure = assertInstanceOf(KrakenTransportException.class, failureOf(waiting));
    assertFalse(failure.outcomeUnknown(), "never sent");
    assertTrue(failure.getCause().getMessage().contains("401"), failure.getCause().getMessage());
    assertEquals("terminated upgrade refused with HTTP 401", awaitEvent("terminated"));
  }

  @Test void theCallersCloseEndsItTheSameWay() throws Exception {
    ServerSocket socket = upgrade();
    Connection<WsRequest, WsMessage> connection = engine(WebSocketEndpoint.SPOT_PRIVATE);
    Failures sink = new Failures();
    Connection<WsRequest, WsMessage>.Sub sub = connection.subscribe(book("BTC/USD"), sink, Backpressure.COALESCE);
    socket.send(bookAck(reqId(socket.next()), "BTC/USD"));
    await(sub.acknowledged());
    CompletableFuture<List<WsMessage>> order = connection.send(addOrder());
    socket.next();
    connection.close();
    assertEquals("terminated closed by the caller", awaitEvent("terminated"));
    assertTrue(assertInstanceOf(KrakenTransportException.class, failureOf(order)).outcomeUnknown());
    assertTrue(sink.next().getCause().getMessage().contains("closed by the caller"));
    KrakenTransportException later = assertInstanceOf(KrakenTransportException.class,
        failureOf(connection.send(addOrder())));
    assertTrue(later.getCause().getMessage().endsWith("ended for good (closed by the caller)"),
        later.getCause().getMessage());
    assertEquals(1, server.getRequestCount());
  }
}
