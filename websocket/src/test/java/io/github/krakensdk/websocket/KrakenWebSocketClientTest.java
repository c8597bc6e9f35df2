package io.github.krakensdk.websocket;

import io.github.krakensdk.websocket.internal.JsonRequest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.KrakenTransportException;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/** The connection layer against MockWebServer's WebSocket upgrade, on a fake clock. */
final class KrakenWebSocketClientTest extends WebSocketClientTestBase {

  @Test void repliesCompleteTheRequestWithTheirReqIdOnTheCompletionExecutor() throws Exception {
    ServerSocket socket = upgrade();
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PUBLIC);
    CompletableFuture<List<Map<String, Object>>> first = connection.send(JsonRequest.of("ping", Map.of()));
    CompletableFuture<List<Map<String, Object>>> second = connection.send(JsonRequest.of("ping", Map.of()));
    long firstId = reqId(socket.next());
    long secondId = reqId(socket.next());
    assertTrue(firstId > 0 && firstId <= Integer.MAX_VALUE);
    assertNotEquals(firstId, secondId);

    CompletableFuture<String> thread = first.thenApply(replies -> Thread.currentThread().getName());
    // Answered in the other order: each future gets the reply with its own req_id.
    socket.send("{\"method\":\"pong\",\"req_id\":" + secondId + ",\"time_in\":\"b\",\"time_out\":\"b\"}");
    socket.send("{\"method\":\"pong\",\"req_id\":" + firstId + ",\"time_in\":\"a\",\"time_out\":\"a\"}");
    // Awaited first: a thread waiting in get() on `first` could run its dependents itself.
    assertEquals("test-completion", await(thread));
    assertEquals("a", await(first).get(0).get("time_in"));
    assertEquals("b", await(second).get(0).get("time_in"));
  }

  @Test void anErrorReplyFailsTheRequestWithItsErrorString() throws Exception {
    ServerSocket socket = upgrade();
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PRIVATE);
    CompletableFuture<List<Map<String, Object>>> cancel =
        connection.send(JsonRequest.of("cancel_order", Map.of("order_id", List.of("OAAAAA-BBBBB-CCCCCC"))));
    String frame = socket.next();
    assertEquals("{\"method\":\"cancel_order\",\"params\":{\"order_id\":[\"OAAAAA-BBBBB-CCCCCC\"],\"token\":\"token-1\"},"
        + "\"req_id\":" + reqId(frame) + "}", frame);
    socket.send("{\"method\":\"cancel_order\",\"success\":false,\"error\":\"EOrder:Unknown order\",\"req_id\":"
        + reqId(frame) + "}");
    KrakenServiceException failure = assertInstanceOf(KrakenServiceException.class, failureOf(cancel));
    assertEquals(List.of("EOrder:Unknown order"), failure.errors());
    assertEquals("cancel_order", failure.operationId());
  }

  @Test void aSubscribeWithNSymbolsCompletesAfterNAcksAndRoutesMessages() throws Exception {
    ServerSocket socket = upgrade();
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PUBLIC);
    BlockingQueue<Map<String, Object>> messages = new LinkedBlockingQueue<>();
    CompletableFuture<Subscription> subscribed = connection.subscribe(
        JsonRequest.subscribe("ticker", Map.of("symbol", List.of("BTC/USD", "ETH/USD"))), messages::add);
    long id = reqId(socket.next());
    socket.send(ack(id, "ticker", "BTC/USD"));
    // A frame the server sends after the first ack arrives after it: once it is seen, the ack was handled.
    socket.send("{\"channel\":\"ticker\",\"type\":\"snapshot\",\"data\":[{\"symbol\":\"BTC/USD\",\"last\":26500.10}]}");
    Map<String, Object> message = messages.poll(5, TimeUnit.SECONDS);
    assertEquals(new BigDecimal("26500.10"), ((Map<?, ?>) ((List<?>) message.get("data")).get(0)).get("last"));
    assertFalse(subscribed.isDone(), "one ack of two");
    socket.send(ack(id, "ticker", "ETH/USD"));
    Subscription subscription = await(subscribed);
    assertEquals("ticker", subscription.request().params().get("channel"));

    // A channel the subscription does not hold is not delivered to it.
    socket.send("{\"channel\":\"trade\",\"type\":\"update\",\"data\":[{\"symbol\":\"BTC/USD\"}]}");
    socket.send("{\"channel\":\"ticker\",\"type\":\"update\",\"data\":[{\"symbol\":\"ETH/USD\",\"last\":1800}]}");
    Map<String, Object> next = messages.poll(5, TimeUnit.SECONDS);
    assertEquals("ticker", next.get("channel"));
  }

  @Test void aSubscribeFailsOnTheFirstErrorAndIsNotKept() throws Exception {
    ServerSocket socket = upgrade();
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PUBLIC);
    CompletableFuture<Subscription> subscribed = connection.subscribe(
        JsonRequest.subscribe("book", Map.of("symbol", List.of("BTC/USD", "NOPE/USD"))), message -> {});
    long id = reqId(socket.next());
    socket.send("{\"method\":\"subscribe\",\"success\":false,\"error\":\"Currency pair not supported NOPE/USD\","
        + "\"req_id\":" + id + "}");
    KrakenServiceException failure = assertInstanceOf(KrakenServiceException.class, failureOf(subscribed));
    assertEquals(List.of("Currency pair not supported NOPE/USD"), failure.errors());
    assertEquals(List.of(), connection.subscriptions());
  }

  @Test void afterAServerCloseTheOriginalSubscribeIsSentAgainNeverTheAck() throws Exception {
    ServerSocket first = upgrade();
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PRIVATE);
    CompletableFuture<Subscription> subscribed = connection.subscribe(
        JsonRequest.subscribe("executions", ordered("snap_orders", true, "snap_trades", false)), message -> {});
    String sent = first.next();
    long id = reqId(sent);
    assertEquals("{\"method\":\"subscribe\",\"params\":{\"channel\":\"executions\",\"snap_orders\":true,"
        + "\"snap_trades\":false,\"token\":\"token-1\"},\"req_id\":" + id + "}", sent);
    first.send("{\"method\":\"subscribe\",\"result\":{\"channel\":\"executions\",\"maxratecount\":125,"
        + "\"snap_orders\":true,\"snap_trades\":false,\"warnings\":[\"snap_trades is deprecated\"]},"
        + "\"success\":true,\"req_id\":" + id + "}");
    await(subscribed);

    ServerSocket second = upgrade();
    first.close(1001, "going away");
    awaitEvent("disconnected 1001 going away");
    awaitEvent("reconnect closed with 1001");
    clock.advance(Duration.ofSeconds(1)); // the backoff's ceiling for the first retry
    awaitEvent("connected");
    String resent = second.next();
    assertEquals("{\"method\":\"subscribe\",\"params\":{\"channel\":\"executions\",\"snap_orders\":true,"
        + "\"snap_trades\":false,\"token\":\"token-2\"},\"req_id\":" + reqId(resent) + "}", resent);
    assertNotEquals(id, reqId(resent));
    assertEquals(2, tokensIssued.get(), "a fresh token per connection");
  }

  @Test void anOrderInFlightWhenTheSocketDropsFailsAsOutcomeUnknownAndIsNotSentAgain() throws Exception {
    ServerSocket first = upgrade();
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PRIVATE);
    CompletableFuture<List<Map<String, Object>>> order = connection.send(JsonRequest.of("add_order", ordered(
        "order_type", "limit", "side", "buy", "symbol", "BTC/USD",
        "limit_price", new BigDecimal("26500.0"), "order_qty", new BigDecimal("0.00010000"))));
    String sent = first.next();
    assertTrue(sent.contains("\"limit_price\":26500.0,\"order_qty\":0.00010000"), sent);

    ServerSocket second = upgrade();
    first.close(1011, "internal error");
    KrakenTransportException failure = assertInstanceOf(KrakenTransportException.class, failureOf(order));
    assertTrue(failure.outcomeUnknown());
    assertEquals("add_order", failure.operationId());

    awaitEvent("reconnect");
    clock.advance(Duration.ofSeconds(1));
    awaitEvent("connected");
    CompletableFuture<List<Map<String, Object>>> ping = connection.send(JsonRequest.of("ping", Map.of()));
    String afterReconnect = second.next();
    assertEquals("ping", parse(afterReconnect).get("method"), "the order was not sent again: " + afterReconnect);
    second.send("{\"method\":\"pong\",\"req_id\":" + reqId(afterReconnect) + "}");
    await(ping);
    assertNull(second.poll());
  }

  @Test void aRequestThatIsNotAnOrderFailsAsNotCompleted() throws Exception {
    ServerSocket first = upgrade();
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PUBLIC);
    CompletableFuture<List<Map<String, Object>>> ping = connection.send(JsonRequest.of("ping", Map.of()));
    first.next();
    upgrade();
    first.close(1001, "going away");
    KrakenTransportException failure = assertInstanceOf(KrakenTransportException.class, failureOf(ping));
    assertFalse(failure.outcomeUnknown());
  }

  @Test void invalidSessionRefreshesTheTokenAndReconnects() throws Exception {
    ServerSocket first = upgrade();
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PRIVATE);
    CompletableFuture<Subscription> subscribed = connection.subscribe(
        JsonRequest.subscribe("balances", Map.of()), message -> {});
    String sent = first.next();
    assertTrue(sent.contains("\"token\":\"token-1\""), sent);
    ServerSocket second = upgrade();
    first.send("{\"method\":\"subscribe\",\"success\":false,\"error\":\"ESession:Invalid session\",\"req_id\":"
        + reqId(sent) + "}");
    awaitEvent("disconnected 1000 refreshing the token");
    awaitEvent("reconnect refreshing the token"); // scheduled, so the token source is not called on the reader
    clock.advance(Duration.ZERO);
    awaitEvent("connected"); // at once, no backoff: the token was refused, not the connection
    String resent = second.next();
    assertEquals("{\"method\":\"subscribe\",\"params\":{\"channel\":\"balances\",\"token\":\"token-2\"},\"req_id\":"
        + reqId(resent) + "}", resent);
    second.send("{\"method\":\"subscribe\",\"result\":{\"channel\":\"balances\"},\"success\":true,\"req_id\":"
        + reqId(resent) + "}");
    await(subscribed);
    assertEquals(2, tokensIssued.get());
  }

  @Test void invalidSessionTwiceFailsTheSubscribe() throws Exception {
    ServerSocket first = upgrade();
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PRIVATE);
    CompletableFuture<Subscription> subscribed = connection.subscribe(
        JsonRequest.subscribe("balances", Map.of()), message -> {});
    ServerSocket second = upgrade();
    first.send("{\"method\":\"subscribe\",\"success\":false,\"error\":\"ESession:Invalid session\",\"req_id\":"
        + reqId(first.next()) + "}");
    awaitEvent("reconnect refreshing the token");
    clock.advance(Duration.ZERO);
    second.send("{\"method\":\"subscribe\",\"success\":false,\"error\":\"ESession:Invalid session\",\"req_id\":"
        + reqId(second.next()) + "}");
    KrakenServiceException failure = assertInstanceOf(KrakenServiceException.class, failureOf(subscribed));
    assertEquals(List.of("ESession:Invalid session"), failure.errors());
    assertEquals(List.of(), connection.subscriptions());
  }

  @Test void aTokenThatCannotBeFetchedIsRetriedWithBackoff() throws Exception {
    client.close();
    AtomicInteger asked = new AtomicInteger();
    client = KrakenWebSocketClient.builder()
        .environment(WebSocketEnvironment.PRODUCTION.toBuilder()
            .url(WebSocketEndpoint.SPOT_PRIVATE, server.url("/private").toString()).build())
        .tokenSource(() -> asked.incrementAndGet() == 1
            ? CompletableFuture.failedFuture(new IOException("GetWebSocketsToken timed out"))
            : CompletableFuture.completedFuture("second"))
        .completionExecutor(completion)
        .callListener(recordingListener())
        .scheduler(clock)
        .random(new SplittableRandom(25))
        .build();
    ServerSocket socket = upgrade();
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PRIVATE);
    awaitEvent("disconnected 1006 no token: java.io.IOException: GetWebSocketsToken timed out");
    awaitEvent("reconnect network failure");
    assertEquals(0, server.getRequestCount(), "no upgrade without a token");
    connection.send(JsonRequest.of("cancel_all", Map.of()));
    clock.advance(Duration.ofSeconds(1));
    String frame = socket.next();
    assertEquals("{\"method\":\"cancel_all\",\"params\":{\"token\":\"second\"},\"req_id\":" + reqId(frame) + "}", frame);
  }

  @Test void aReconnectWaitsForTheConnectionBudget() throws Exception {
    client.close();
    client = KrakenWebSocketClient.builder()
        .environment(WebSocketEnvironment.PRODUCTION.toBuilder()
            .url(WebSocketEndpoint.SPOT_PRIVATE, server.url("/private").toString()).build())
        .tokenSource(() -> CompletableFuture.completedFuture("token-" + tokensIssued.incrementAndGet()))
        .completionExecutor(completion)
        .reconnectPolicy(ReconnectPolicy.builder().connectionBudget(1, Duration.ofMinutes(10)).build())
        .callListener(recordingListener())
        .scheduler(clock)
        .build();
    ServerSocket first = upgrade();
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PRIVATE);
    connection.subscribe(JsonRequest.subscribe("balances", Map.of()), message -> {});
    ServerSocket second = upgrade();
    first.send("{\"method\":\"subscribe\",\"success\":false,\"error\":\"ESession:Invalid session\",\"req_id\":"
        + reqId(first.next()) + "}");
    // The refresh reconnects at once, but the budget (one attempt per 10 minutes) is spent.
    awaitEvent("reconnect refreshing the token");
    clock.advance(Duration.ZERO);
    awaitEvent("budget PT10M");
    clock.advance(Duration.ofMinutes(10).minusNanos(1));
    assertEquals(1, server.getRequestCount());
    // The subscribe waited longer than its reply timeout for the connection: it failed and is gone.
    assertEquals(List.of(), connection.subscriptions());
    connection.send(JsonRequest.of("cancel_all", Map.of()));
    clock.advance(Duration.ofNanos(1));
    assertTrue(second.next().contains("\"token\":\"token-2\""));
  }

  @Test void subscribeAndUnsubscribeDoNotGoThroughSend() {
    upgrade();
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PUBLIC);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> connection.send(JsonRequest.of("unsubscribe", Map.of("channel", "ticker"))));
    assertEquals("unsubscribe is sent by subscribe() and unsubscribe(), which keep the subscriptions "
        + "sent again on reconnect", e.getMessage());
  }

  @Test void aCloseWith1008IsTerminal() throws Exception {
    ServerSocket first = upgrade();
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PUBLIC);
    CompletableFuture<Subscription> subscribed = connection.subscribe(
        JsonRequest.subscribe("trade", Map.of("symbol", List.of("BTC/USD"))), message -> {});
    first.next();
    first.close(1008, "policy violation");
    awaitEvent("terminated closed with 1008 (policy violation)");
    assertInstanceOf(KrakenTransportException.class, failureOf(subscribed));
    clock.advance(Duration.ofMinutes(10));
    assertEquals(1, server.getRequestCount(), "no reconnect after 1008");
    KrakenTransportException later = assertInstanceOf(KrakenTransportException.class,
        failureOf(connection.send(JsonRequest.of("ping", Map.of()))));
    assertFalse(later.outcomeUnknown());
  }

  @Test void anUpgradeRefusedWith401IsTerminal() throws Exception {
    server.enqueue(new MockResponse.Builder().code(401).build());
    WebSocketConnection.open(client, WebSocketEndpoint.SPOT_LEVEL3);
    awaitEvent("terminated upgrade refused with HTTP 401");
  }

  @Test void anUpgradeRefusedWith503IsRetried() throws Exception {
    server.enqueue(new MockResponse.Builder().code(503).build());
    ServerSocket second = upgrade();
    WebSocketConnection.open(client, WebSocketEndpoint.UNIFIED_PUBLIC);
    awaitEvent("reconnect upgrade refused with HTTP 503");
    clock.advance(Duration.ofSeconds(1));
    awaitEvent("connected");
    second.awaitOpen();
  }

  @Test void noPongWithinTheTimeoutReconnects() throws Exception {
    ServerSocket first = upgrade();
    WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PUBLIC);
    awaitEvent("connected");
    clock.advance(Duration.ofSeconds(29));
    assertNull(first.poll(), "no ping before the interval");
    clock.advance(Duration.ofSeconds(1));
    Map<String, Object> ping = parse(first.next());
    assertEquals("ping", ping.get("method"));
    ServerSocket second = upgrade();
    clock.advance(Duration.ofSeconds(10));
    awaitEvent("disconnected 1006 no pong within the timeout");
    awaitEvent("reconnect network failure");
    clock.advance(Duration.ofSeconds(1));
    awaitEvent("connected");
    second.awaitOpen();
  }

  @Test void aPongInTimeKeepsTheConnection() throws Exception {
    ServerSocket first = upgrade();
    WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PUBLIC);
    awaitEvent("connected");
    clock.advance(Duration.ofSeconds(30));
    String ping = first.next();
    first.send("{\"method\":\"pong\",\"req_id\":" + reqId(ping) + ",\"time_in\":\"t\",\"time_out\":\"t\"}");
    // The pong is handled when a later request's reply is: replies are read in order.
    CompletableFuture<List<Map<String, Object>>> marker =
        WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PUBLIC).send(JsonRequest.of("ping", Map.of()));
    String markerFrame = first.next();
    first.send("{\"method\":\"pong\",\"req_id\":" + reqId(markerFrame) + "}");
    await(marker);
    clock.advance(Duration.ofSeconds(10));
    assertNull(events.poll(), "no disconnect after an answered ping");
    clock.advance(Duration.ofSeconds(20));
    assertEquals("ping", parse(first.next()).get("method"), "the next ping one interval after the last");
  }

  @Test void aSubscriptionThatCannotKeepUpUnderFailEndsLoudlyAndUnsubscribes() throws Exception {
    client.close();
    client = KrakenWebSocketClient.builder()
        .environment(WebSocketEnvironment.PRODUCTION.toBuilder()
            .url(WebSocketEndpoint.SPOT_PRIVATE, server.url("/private").toString()).build())
        .tokenSource(() -> CompletableFuture.completedFuture("token"))
        .completionExecutor(completion)
        .subscriptionQueueCapacity(2)
        .scheduler(clock)
        .build();
    ServerSocket socket = upgrade();
    CountDownLatch release = new CountDownLatch(1);
    CompletableFuture<Throwable> ended = new CompletableFuture<>();
    List<Object> seen = new ArrayList<>();
    CompletableFuture<Subscription> subscribed = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PRIVATE).subscribe(
        JsonRequest.subscribe("executions", Map.of()), new MessageListener() {
          @Override public void onMessage(Map<String, Object> message) {
            seen.add(message.get("sequence"));
            try {
              release.await(5, TimeUnit.SECONDS); // a listener that is behind
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }

          @Override public void onFailure(Throwable failure) {
            ended.complete(failure);
          }
        });
    long id = reqId(socket.next());
    socket.send("{\"method\":\"subscribe\",\"result\":{\"channel\":\"executions\"},\"success\":true,\"req_id\":" + id + "}");
    await(subscribed);
    for (int sequence = 1; sequence <= 4; sequence++) {
      socket.send("{\"channel\":\"executions\",\"type\":\"update\",\"sequence\":" + sequence + ",\"data\":[]}");
    }
    String unsubscribe = socket.next();
    assertEquals("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"executions\",\"token\":\"token\"},\"req_id\":"
        + reqId(unsubscribe) + "}", unsubscribe);
    release.countDown();
    assertInstanceOf(SubscriptionOverflowException.class, await(ended));
    assertEquals(List.of(), WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PRIVATE).subscriptions());
  }

  @Test void aBookListenerThatIsBehindGetsItsUpdatesCoalescedNotDropped() throws Exception {
    client.close();
    ExecutorService pool = Executors.newCachedThreadPool();
    client = KrakenWebSocketClient.builder()
        .environment(WebSocketEnvironment.PRODUCTION.toBuilder()
            .url(WebSocketEndpoint.SPOT_PUBLIC, server.url("/public").toString()).build())
        .completionExecutor(pool)
        .subscriptionQueueCapacity(2)
        .scheduler(clock)
        .build();
    try {
      ServerSocket socket = upgrade();
      WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PUBLIC);
      CountDownLatch release = new CountDownLatch(1);
      BlockingQueue<Map<String, Object>> seen = new LinkedBlockingQueue<>();
      CompletableFuture<Subscription> subscribed = connection.subscribe(
          JsonRequest.subscribe("book", ordered("symbol", List.of("BTC/USD"))), message -> {
            seen.add(message);
            try {
              release.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
      socket.send(ack(reqId(socket.next()), "book", "BTC/USD"));
      Subscription subscription = await(subscribed);
      socket.send("{\"channel\":\"book\",\"type\":\"snapshot\",\"data\":[{\"symbol\":\"BTC/USD\","
          + "\"bids\":[{\"price\":100.0,\"qty\":1.0}],\"asks\":[],\"checksum\":1}]}");
      for (int update = 1; update <= 4; update++) {
        socket.send("{\"channel\":\"book\",\"type\":\"update\",\"data\":[{\"symbol\":\"BTC/USD\","
            + "\"bids\":[{\"price\":10" + update + ".0,\"qty\":" + update + ".0}],\"asks\":[],"
            + "\"checksum\":" + (100 + update) + "}]}");
      }
      // Frames are read in order: once this reply is in, every update above was queued.
      CompletableFuture<List<Map<String, Object>>> marker = connection.send(JsonRequest.of("ping", Map.of()));
      socket.send("{\"method\":\"pong\",\"req_id\":" + reqId(socket.next()) + "}");
      await(marker);
      release.countDown();

      List<Object> bids = new ArrayList<>();
      Object lastChecksum = null;
      int updates = 0;
      while (bids.size() < 5) {
        Map<String, Object> message = seen.poll(5, TimeUnit.SECONDS);
        Map<?, ?> data = (Map<?, ?>) ((List<?>) message.get("data")).get(0);
        bids.addAll((List<?>) data.get("bids"));
        lastChecksum = data.get("checksum");
        if ("update".equals(message.get("type"))) updates++;
      }
      assertEquals(List.of("100.0", "101.0", "102.0", "103.0", "104.0"),
          bids.stream().map(level -> ((BigDecimal) ((Map<?, ?>) level).get("price")).toPlainString()).toList());
      assertEquals(new BigDecimal("104"), lastChecksum);
      assertEquals(4, updates + subscription.coalesced(), "every update delivered or merged, none dropped");
      assertTrue(subscription.coalesced() >= 2);
    } finally {
      client.close();
      pool.shutdownNow();
    }
  }

  @Test void unsubscribeStopsTheResubscribe() throws Exception {
    ServerSocket socket = upgrade();
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PUBLIC);
    JsonRequest book = JsonRequest.subscribe("book", ordered("symbol", List.of("BTC/USD"), "depth", 25, "snapshot", true));
    CompletableFuture<Subscription> subscribed = connection.subscribe(book, message -> {});
    socket.send(ack(reqId(socket.next()), "book", "BTC/USD"));
    Subscription subscription = await(subscribed);
    assertEquals(List.of(book), connection.subscriptions());
    CompletableFuture<List<Map<String, Object>>> unsubscribed = subscription.unsubscribe();
    String frame = socket.next();
    assertEquals("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\"],\"depth\":25},"
        + "\"req_id\":" + reqId(frame) + "}", frame);
    socket.send("{\"method\":\"unsubscribe\",\"result\":{\"channel\":\"book\",\"symbol\":\"BTC/USD\"},\"success\":true,"
        + "\"req_id\":" + reqId(frame) + "}");
    assertEquals(1, await(unsubscribed).size());
    assertEquals(List.of(), connection.subscriptions());
  }

  @Test void aRequestMadeWhileDisconnectedGoesOutWhenTheConnectionOpens() throws Exception {
    server.enqueue(new MockResponse.Builder().code(503).build());
    WebSocketConnection connection = WebSocketConnection.open(client, WebSocketEndpoint.SPOT_PUBLIC);
    awaitEvent("reconnect");
    CompletableFuture<List<Map<String, Object>>> ping = connection.send(JsonRequest.of("ping", Map.of()));
    ServerSocket socket = upgrade();
    clock.advance(Duration.ofSeconds(1));
    String frame = socket.next();
    socket.send("{\"method\":\"pong\",\"req_id\":" + reqId(frame) + "}");
    assertEquals(1, await(ping).size());
  }

  @Test void aPrivateEndpointNeedsATokenSource() {
    KrakenWebSocketClient anonymous = KrakenWebSocketClient.builder().scheduler(clock).build();
    try {
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> WebSocketConnection.open(anonymous, WebSocketEndpoint.UNIFIED_PRIVATE));
      assertEquals("UNIFIED_PRIVATE is authenticated: the client needs a tokenSource", e.getMessage());
    } finally {
      anonymous.close();
    }
  }

  private static String ack(long id, String channel, String symbol) {
    return "{\"method\":\"subscribe\",\"result\":{\"channel\":\"" + channel + "\",\"symbol\":\"" + symbol
        + "\",\"snapshot\":true,\"warnings\":[]},\"success\":true,\"req_id\":" + id
        + ",\"time_in\":\"2023-09-25T09:04:31.742599Z\",\"time_out\":\"2023-09-25T09:04:31.742648Z\"}";
  }

  /** Params in the order given, so the frames' text can be asserted whole. */
  private static Map<String, Object> ordered(Object... namesAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) map.put((String) namesAndValues[i], namesAndValues[i + 1]);
    return map;
  }
}
