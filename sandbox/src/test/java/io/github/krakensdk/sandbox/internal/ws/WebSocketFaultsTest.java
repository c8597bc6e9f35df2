package io.github.krakensdk.sandbox.internal.ws;

import static io.github.krakensdk.sandbox.internal.ws.WsClient.list;
import static io.github.krakensdk.sandbox.internal.ws.WsClient.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.WebSocketEvent;
import io.github.krakensdk.spot.model.GetWebSocketsTokenRequest;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.values.OrderPrice;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The faults a test injects into the WebSocket server ({@code sandbox.webSocket()}), each seen by
 * a plain client as a client of the service would see it: connections closed with and without a
 * close frame, pongs late or missing, a checksum one off, a reply without result, a token the
 * server invalidated, upgrades refused for a while; and the server's log of it all. Also what the
 * live connections do when the state is reset or imported, and the trading counter the WebSocket
 * shares with REST.
 */
class WebSocketFaultsTest {
  private final MutableClock clock = MutableClock.at(Instant.parse("2026-03-14T09:00:00Z"));
  private Sandbox sandbox;
  private KrakenClient kraken;
  private final List<WsClient> clients = new ArrayList<>();

  @BeforeEach
  void start() {
    sandbox = Sandbox.builder().clock(clock).webSocketIdleTimeout(Duration.ofSeconds(30)).start();
    kraken = sandbox.newClient();
  }

  @AfterEach
  void stop() {
    for (WsClient client : clients) {
      client.close();
      assertEquals(List.of(), client.problems, "frames that do not match the contract");
    }
    kraken.close();
    sandbox.close();
  }

  private WsClient connect(URI url) {
    WsClient client = new WsClient(url);
    clients.add(client);
    client.next("status", "update");
    return client;
  }

  private String token() {
    return kraken.spot().getWebSocketsToken(GetWebSocketsTokenRequest.builder().build()).token();
  }

  private static String closed(WsClient client) throws InterruptedException {
    String closed = client.closed.poll(5, TimeUnit.SECONDS);
    assertNotNull(closed, "closed within 5 s");
    return closed;
  }

  private static boolean answered(WsClient client, long reqId) {
    return client.texts.stream().anyMatch(text -> text.contains("\"req_id\":" + reqId + "}")
        || text.contains("\"req_id\":" + reqId + ","));
  }

  @Test
  void connectionsCloseWithTheCodeAskedOnTheEndpointAsked() throws Exception {
    WsClient first = connect(sandbox.spotWebSocketUrl());
    WsClient second = connect(sandbox.spotWebSocketUrl());
    WsClient auth = connect(sandbox.spotWebSocketAuthUrl());

    assertEquals(2, sandbox.webSocket().closeConnections("/v2", 1001));
    assertTrue(closed(first).startsWith("1001 "));
    assertTrue(closed(second).startsWith("1001 "));
    auth.send("{\"method\":\"ping\",\"req_id\":1}");
    assertEquals("pong", auth.reply(1).get("method"), "the other endpoint's connection stays");

    assertEquals(1, sandbox.webSocket().closeConnections(1008));
    assertTrue(closed(auth).startsWith("1008 "));

    // 1006: no close frame, the TCP connection dropped; the client sees a failure, not a close.
    WsClient dropped = connect(sandbox.spotWebSocketLevel3Url());
    assertEquals(1, sandbox.webSocket().closeConnections(1006));
    assertTrue(closed(dropped).startsWith("failure "), "no close frame");

    assertThrows(IllegalArgumentException.class, () -> sandbox.webSocket().closeConnections(1000));
    assertEquals(0, sandbox.webSocket().closeConnections("/v2", 1001), "nothing left open");
  }

  @Test
  void pongsGoMissingOrLateOnTheSandboxClock() throws Exception {
    WsClient ws = connect(sandbox.spotWebSocketUrl());
    sandbox.webSocket().dropPongs(2);
    ws.send("{\"method\":\"ping\",\"req_id\":1}");
    ws.send("{\"method\":\"ping\",\"req_id\":2}");
    ws.send("{\"method\":\"ping\",\"req_id\":3}");
    assertEquals("pong", ws.reply(3).get("method"), "the third ping answered");
    assertFalse(answered(ws, 1) || answered(ws, 2), "the first two never: " + ws.texts);

    sandbox.webSocket().delayPongs(Duration.ofSeconds(10), 1);
    ws.send("{\"method\":\"ping\",\"req_id\":4}");
    ws.send("{\"method\":\"ping\",\"req_id\":5}");
    ws.reply(5);
    processed(ws, 102);
    assertFalse(answered(ws, 4), "held back until the sandbox clock moves 10 s");
    clock.advance(Duration.ofSeconds(10));
    assertEquals("pong", ws.reply(4).get("method"));

    sandbox.webSocket().dropPongsFor(Duration.ofSeconds(30));
    ws.send("{\"method\":\"ping\",\"req_id\":6}");
    ws.send("{\"method\":\"ping\",\"req_id\":7}");
    processed(ws, 100);
    clock.advance(Duration.ofSeconds(30));
    ws.send("{\"method\":\"ping\",\"req_id\":8}");
    ws.reply(8);
    assertFalse(answered(ws, 6) || answered(ws, 7), "none while the 30 s lasted: " + ws.texts);

    sandbox.webSocket().delayPongsFor(Duration.ofSeconds(5), Duration.ofMinutes(1));
    ws.send("{\"method\":\"ping\",\"req_id\":9}");
    ws.send("{\"method\":\"ping\",\"req_id\":10}");
    processed(ws, 101);
    assertFalse(answered(ws, 9) || answered(ws, 10));
    clock.advance(Duration.ofSeconds(5));
    ws.reply(9);
    ws.reply(10);
  }

  /** Waits until the server has read everything sent before: an unsubscribe refused (not subscribed), never a pong. */
  private static void processed(WsClient ws, long reqId) {
    ws.send("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"trade\",\"symbol\":[\"BTC/USD\"]},\"req_id\":"
        + reqId + "}");
    assertEquals(false, ws.reply(reqId).get("success"));
  }

  @Test
  void theNextBookMessageOfAPairCarriesAChecksumOneOff() {
    sandbox.webSocket().corruptNextChecksum("book", "BTC/USD");
    WsClient corrupted = connect(sandbox.spotWebSocketUrl());
    corrupted.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"ETH/USD\",\"BTC/USD\"]},\"req_id\":1}");
    Map<String, Object> bad = snapshot(corrupted, "BTC/USD");
    WsClient right = connect(sandbox.spotWebSocketUrl()); // after the fault was delivered: its snapshot is right
    right.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\"]},\"req_id\":1}");

    Map<String, Object> good = snapshot(right, "BTC/USD");
    assertEquals(good.get("bids"), bad.get("bids"), "the levels are right");
    long expected = ((BigDecimal) good.get("checksum")).longValueExact();
    assertEquals(BigDecimal.valueOf((expected + 1) & 0xFFFF_FFFFL), bad.get("checksum"));
    assertTrue(sandbox.webSocket().events().stream().anyMatch(event -> event.kind() == WebSocketEvent.Kind.DELIVERED
        && event.endpoint().equals("/v2") && event.detail().contains("book BTC/USD")), sandbox.webSocket().events().toString());

    // Level 3 the same.
    String token = token();
    sandbox.webSocket().corruptNextChecksum("level3", "BTC/USD");
    WsClient l3 = connect(sandbox.spotWebSocketLevel3Url());
    l3.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"level3\",\"symbol\":[\"BTC/USD\"],\"token\":\"" + token
        + "\"},\"req_id\":1}");
    Object l3bad = map(list(l3.next("level3", "snapshot").get("data")).get(0)).get("checksum");
    WsClient l3right = connect(sandbox.spotWebSocketLevel3Url());
    l3right.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"level3\",\"symbol\":[\"BTC/USD\"],\"token\":\"" + token
        + "\"},\"req_id\":1}");
    long l3expected = ((BigDecimal) map(list(l3right.next("level3", "snapshot").get("data")).get(0)).get("checksum"))
        .longValueExact();
    assertEquals(BigDecimal.valueOf((l3expected + 1) & 0xFFFF_FFFFL), l3bad);
  }

  @Test
  void theNextMessageOfAChannelIsDroppedSoThatTheNextOneShowsTheGap() {
    String token = token();
    WsClient ws = connect(sandbox.spotWebSocketAuthUrl());
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"executions\",\"token\":\"" + token + "\"},\"req_id\":1}");
    assertEquals(true, ws.reply(1).get("success"));
    assertEquals(BigDecimal.ONE, ws.next("executions", "snapshot").get("sequence"));

    sandbox.webSocket().dropNextMessage("executions");
    placeRestingBid();
    WebSocketEvent delivered = awaitLastEvent(WebSocketEvent.Kind.DELIVERED);
    assertEquals("/auth/v2", delivered.endpoint());
    assertEquals("executions update (sequence 2) dropped", delivered.detail());
    placeRestingBid();
    // The first order's update (sequence 2) was dropped: the next one the client reads is 3.
    Map<String, Object> next = ws.next("executions", "update");
    assertEquals(new BigDecimal(3), next.get("sequence"), next.toString());

    // One message only; an unknown channel is refused, naming the channels.
    placeRestingBid();
    assertEquals(new BigDecimal(4), ws.next("executions", "update").get("sequence"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> sandbox.webSocket().dropNextMessage("heartbeat"));
    assertTrue(e.getMessage().startsWith("channel must be one of [balances, book,"), e.getMessage());
    assertTrue(e.getMessage().endsWith(", was heartbeat"), e.getMessage());
  }

  private void placeRestingBid() {
    kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.LIMIT)
        .price(OrderPrice.of(new BigDecimal("1000.0"))).volume(new BigDecimal("0.001")));
  }

  /** The log's last line once it is of {@code kind}: the server delivers a fault on its own threads. */
  private WebSocketEvent awaitLastEvent(WebSocketEvent.Kind kind) {
    long deadline = System.nanoTime() + WsClient.PATIENCE.toNanos();
    while (true) {
      List<WebSocketEvent> events = sandbox.webSocket().events();
      WebSocketEvent last = events.get(events.size() - 1);
      if (last.kind() == kind) {
        return last;
      }
      assertTrue(System.nanoTime() < deadline, "no " + kind + " event: " + events);
      java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }

  @Test
  void webSocketUrlsNameEveryEndpointAsTheWebSocketClientDoes() {
    assertEquals(List.of("SPOT_PUBLIC", "SPOT_PRIVATE", "SPOT_LEVEL3", "UNIFIED_PUBLIC", "UNIFIED_PRIVATE"),
        List.copyOf(sandbox.webSocketUrls().keySet()));
    assertEquals(List.of(sandbox.spotWebSocketUrl(), sandbox.spotWebSocketAuthUrl(), sandbox.spotWebSocketLevel3Url(),
        sandbox.unifiedWebSocketPublicUrl(), sandbox.unifiedWebSocketPrivateUrl()),
        List.copyOf(sandbox.webSocketUrls().values()));
    assertEquals(SpotWebSocketServer.ENDPOINT_PATHS,
        sandbox.webSocketUrls().values().stream().map(URI::getPath).toList(), "the paths closeConnections takes");
  }

  @Test
  void connectionsAreClosedPerEndpointWhateverTheWebSocket() throws Exception {
    WsClient spot = connect(sandbox.spotWebSocketUrl());
    WsClient unified = connect(sandbox.unifiedWebSocketPrivateUrl());
    assertEquals(1, sandbox.webSocket().closeConnections("/unified/v2/private", 1001));
    assertTrue(closed(unified).startsWith("1001 "));
    assertEquals(0, sandbox.webSocket().closeConnections("/unified/v2/public", 1001));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> sandbox.webSocket().closeConnections("/unified/v2", 1001));
    assertEquals("endpoint must be one of [/v2, /auth/v2, /l3/v2, /unified/v2/public, /unified/v2/private], was /unified/v2",
        e.getMessage());
    assertEquals(null, spot.closed.poll(), "the Spot connection stays");
  }

  private static Map<String, Object> snapshot(WsClient ws, String symbol) {
    return map(list(ws.next(frame -> "book".equals(frame.get("channel")) && "snapshot".equals(frame.get("type"))
        && symbol.equals(map(list(frame.get("data")).get(0)).get("symbol")), "book snapshot of " + symbol)
        .get("data")).get(0));
  }

  @Test
  void theNextReplyOfAMethodComesWithoutItsResult() {
    WsClient ws = connect(sandbox.spotWebSocketUrl());
    sandbox.webSocket().omitNextResult("subscribe");
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"ticker\",\"symbol\":[\"BTC/USD\"]},\"req_id\":1}");
    Map<String, Object> reply = ws.reply(1);
    assertEquals(true, reply.get("success"));
    assertFalse(reply.containsKey("result"), reply.toString());
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"trade\",\"symbol\":[\"BTC/USD\"]},\"req_id\":2}");
    assertTrue(ws.reply(2).containsKey("result"), "one reply only");

    sandbox.webSocket().omitNextResult();
    ws.send("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"trade\",\"symbol\":[\"BTC/USD\"]},\"req_id\":3}");
    assertFalse(ws.reply(3).containsKey("result"), "any method");
  }

  @Test
  void aTokenTheServerInvalidatedIsAnInvalidSessionEvenWhereItWasAccepted() {
    String token = token();
    WsClient ws = connect(sandbox.spotWebSocketAuthUrl());
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"balances\",\"token\":\"" + token + "\"},\"req_id\":1}");
    assertEquals(true, ws.reply(1).get("success"));

    sandbox.webSocket().invalidateToken(token);
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"executions\",\"token\":\"" + token + "\"},\"req_id\":2}");
    assertEquals("ESession:Invalid session", ws.reply(2).get("error"));
    ws.send("{\"method\":\"cancel_all\",\"params\":{\"token\":\"" + token + "\"},\"req_id\":3}");
    assertEquals("ESession:Invalid session", ws.reply(3).get("error"));
    WsClient other = connect(sandbox.spotWebSocketAuthUrl());
    other.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"balances\",\"token\":\"" + token + "\"},\"req_id\":4}");
    assertEquals("ESession:Invalid session", other.reply(4).get("error"));

    // A fresh token works on the same connection.
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"executions\",\"token\":\"" + token() + "\"},\"req_id\":5}");
    assertEquals(true, ws.reply(5).get("success"));
  }

  @Test
  void upgradesAreRefusedForAWhileOnTheSandboxClockAndCounted() throws Exception {
    connect(sandbox.spotWebSocketUrl());
    sandbox.webSocket().refuseConnections(Duration.ofSeconds(30), 503);
    WsClient refused = new WsClient(sandbox.spotWebSocketUrl());
    String failure = closed(refused);
    assertTrue(failure.startsWith("failure 503 "), failure);
    sandbox.webSocket().refuseConnections(Duration.ofSeconds(30), 429);
    String tooMany = closed(new WsClient(sandbox.spotWebSocketAuthUrl()));
    assertTrue(tooMany.startsWith("failure 429 "), tooMany);

    clock.advance(Duration.ofSeconds(30));
    connect(sandbox.spotWebSocketUrl()); // the window is over

    assertEquals(Map.of("/v2", 3L, "/auth/v2", 1L), sandbox.webSocket().connectionAttempts());
    List<WebSocketEvent> upgrades = sandbox.webSocket().events().stream()
        .filter(event -> event.kind() == WebSocketEvent.Kind.CONNECT || event.kind() == WebSocketEvent.Kind.REFUSED).toList();
    assertEquals(List.of("connect /v2 null", "refused /v2 503", "refused /auth/v2 429", "connect /v2 null"),
        upgrades.stream().map(event -> event.kind().wireName() + " " + event.endpoint() + " " + event.detail()).toList());
    assertEquals(clock.instant(), upgrades.get(3).at(), "sandbox time");
    assertThrows(IllegalArgumentException.class, () -> sandbox.webSocket().refuseConnections(Duration.ofSeconds(1), 500));
  }

  @Test
  void aStateResetOrImportClosesTheLiveConnectionsSoThatClientsSubscribeAgain() throws Exception {
    WsClient ws = connect(sandbox.spotWebSocketUrl());
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\"]},\"req_id\":1}");
    ws.next("book", "snapshot");
    sandbox.state().reset();
    assertTrue(closed(ws).startsWith("1012 "));

    WsClient again = connect(sandbox.spotWebSocketAuthUrl());
    sandbox.state().restore(sandbox.state().export());
    assertTrue(closed(again).startsWith("1012 "));
    assertTrue(sandbox.webSocket().events().stream().anyMatch(event -> event.kind() == WebSocketEvent.Kind.RESET));
  }

  @Test
  void tradingOverTheWebSocketSharesThePairsRateCounterWithRest() {
    String token = token();
    WsClient ws = connect(sandbox.spotWebSocketAuthUrl());
    for (int i = 0; i < 30; i++) {
      kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.LIMIT)
          .price(OrderPrice.of(new BigDecimal("1000"))).volume(new BigDecimal("0.001")));
    }
    String refusal = null;
    int accepted = 0;
    for (int i = 1; i <= 60 && refusal == null; i++) {
      ws.send("{\"method\":\"add_order\",\"params\":{\"order_type\":\"limit\",\"side\":\"buy\",\"order_qty\":0.001,"
          + "\"symbol\":\"BTC/USD\",\"limit_price\":1000,\"token\":\"" + token + "\"},\"req_id\":" + i + "}");
      Map<String, Object> reply = ws.reply(i);
      if (Boolean.TRUE.equals(reply.get("success"))) {
        accepted++;
      } else {
        refusal = (String) reply.get("error");
      }
    }
    assertEquals("EOrder:Rate limit exceeded", refusal);
    assertTrue(accepted > 0 && accepted <= 30, "the 30 REST orders counted: " + accepted + " more accepted");
  }

  /** The control plane's drop fault names the channels the server can drop, no more and no fewer. */
  @Test
  void theControlPlanesDroppableChannelsAreTheServers() throws Exception {
    String yaml;
    try (java.io.InputStream published = getClass().getClassLoader().getResourceAsStream("kraken/openapi/sandbox.yaml")) {
      yaml = new String(published.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    java.util.regex.Matcher enumeration = java.util.regex.Pattern
        .compile("\\n    WebSocketDropChannel:\\n      type: string\\n      enum: \\[([^\\]]*)\\]").matcher(yaml);
    assertTrue(enumeration.find(), "sandbox.yaml's WebSocketDropChannel enum");
    java.util.Set<String> documented = new java.util.TreeSet<>();
    for (String channel : enumeration.group(1).split(",")) documented.add(channel.strip());
    assertEquals(new java.util.TreeSet<>(Faults.DROPPABLE_CHANNELS), documented);
  }
}
