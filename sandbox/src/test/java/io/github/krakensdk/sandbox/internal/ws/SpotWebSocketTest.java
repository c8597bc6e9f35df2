package io.github.krakensdk.sandbox.internal.ws;

import static io.github.krakensdk.sandbox.internal.ws.WsClient.list;
import static io.github.krakensdk.sandbox.internal.ws.WsClient.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.spot.model.GetWebSocketsTokenRequest;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.values.OrderPrice;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Spot WebSocket v2 against the sandbox, through a plain WebSocket client (OkHttp's): the book and
 * trades of BTC/USD move with orders placed and filled over REST, every book message's checksum
 * is recomputed here from the digits received, the account's executions and balances follow its
 * orders, tokens are checked, and every frame matches its schema in the contract.
 */
class SpotWebSocketTest {
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

  private WsClient connect(java.net.URI url) {
    WsClient client = new WsClient(url);
    clients.add(client);
    Map<String, Object> status = client.next("status", "update");
    Map<String, Object> data = map(list(status.get("data")).get(0));
    assertEquals("online", data.get("system"));
    assertEquals("v2", data.get("api_version"));
    return client;
  }

  @Test
  void theBookAndTradesFollowOrdersPlacedAndFilledOverRest() {
    WsClient ws = connect(sandbox.spotWebSocketUrl());
    assertTrue(sandbox.spotWebSocketUrl().toString().matches("ws://127\\.0\\.0\\.1:\\d+/v2"), sandbox.spotWebSocketUrl().toString());

    ws.send("{\"method\":\"ping\",\"req_id\":7}");
    Map<String, Object> pong = ws.reply(7);
    assertEquals("pong", pong.get("method"));

    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\"],\"depth\":10},\"req_id\":1}");
    Map<String, Object> ack = ws.reply(1);
    assertEquals(true, ack.get("success"));
    assertEquals("BTC/USD", map(ack.get("result")).get("symbol"), "the ack's symbol is one string");
    assertEquals(new BigDecimal(10), map(ack.get("result")).get("depth"));
    LocalBook book = new LocalBook(10);
    Map<String, Object> snapshot = map(list(ws.next("book", "snapshot").get("data")).get(0));
    book.apply(snapshot);
    assertEquals(10, book.bids.size());
    assertEquals(10, book.asks.size());
    BigDecimal bestBid = book.bids.firstKey();
    BigDecimal bestAsk = book.asks.firstKey();
    assertEquals(1, bestBid.scale(), "prices at BTC/USD's precision (1 decimal)");
    assertEquals(8, book.bids.firstEntry().getValue().scale(), "quantities at its lot decimals (8), trailing zeros kept");

    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"trade\",\"symbol\":[\"BTC/USD\"]},\"req_id\":2}");
    assertEquals(true, ws.reply(2).get("success"));

    // A bid between the best bid and ask, placed over REST: a new best bid level.
    BigDecimal price = bestBid.add(bestAsk).divide(BigDecimal.valueOf(2), 1, RoundingMode.DOWN);
    String txid = kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.LIMIT)
        .price(OrderPrice.of(price)).volume(new BigDecimal("0.02"))).txid();
    waitForBook(ws, book, b -> price.equals(b.bids.firstKey()) && new BigDecimal("0.02000000").equals(b.bids.get(price)));
    assertEquals(10, book.bids.size(), "the level pushed out of the depth is truncated by the client");

    // Another participant sells into it: a trade at that price, the level gone.
    sandbox.spot().trade("XBTUSD", OrderSide.SELL, new BigDecimal("0.02"), price);
    Map<String, Object> trade = map(list(ws.next("trade", "update").get("data")).get(0));
    assertEquals("BTC/USD", trade.get("symbol"));
    assertEquals("sell", trade.get("side"));
    assertEquals(price, trade.get("price"));
    assertEquals(new BigDecimal("0.02000000"), trade.get("qty"));
    assertEquals("limit", trade.get("ord_type"));
    waitForBook(ws, book, b -> !b.bids.containsKey(price));
    assertEquals(bestBid, book.bids.firstKey());

    // The account takes liquidity over REST: a market buy, a trade on the buy side, the asks move.
    BigDecimal askQty = book.asks.get(bestAsk);
    kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.MARKET)
        .volume(new BigDecimal("0.01")));
    Map<String, Object> taken = map(list(ws.next("trade", "update").get("data")).get(0));
    assertEquals("buy", taken.get("side"));
    assertEquals("market", taken.get("ord_type"));
    assertEquals(bestAsk, taken.get("price"));
    assertTrue(((BigDecimal) taken.get("trade_id")).compareTo((BigDecimal) trade.get("trade_id")) > 0, "trade ids grow");
    waitForBook(ws, book, b -> askQty.subtract(new BigDecimal("0.01")).equals(b.asks.get(bestAsk))
        || askQty.compareTo(new BigDecimal("0.01")) <= 0 && !b.asks.containsKey(bestAsk));

    // A new connection's snapshot is the book this one built from the updates.
    WsClient other = connect(sandbox.spotWebSocketUrl());
    other.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\"]},\"req_id\":3}");
    other.reply(3);
    LocalBook fresh = new LocalBook(10);
    fresh.apply(map(list(other.next("book", "snapshot").get("data")).get(0)));
    assertEquals(fresh.bids, book.bids);
    assertEquals(fresh.asks, book.asks);

    // Unsubscribed: one ack for the pair, and no more book messages.
    ws.send("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\"],\"depth\":10},\"req_id\":4}");
    Map<String, Object> unsubscribed = ws.reply(4);
    assertEquals(true, unsubscribed.get("success"));
    assertEquals("BTC/USD", map(unsubscribed.get("result")).get("symbol"));
  }

  @Test
  void aSubscriptionOfSeveralPairsIsAcknowledgedPairByPairAndRefusalsNameTheRule() {
    WsClient ws = connect(sandbox.spotWebSocketUrl());
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"ticker\",\"symbol\":[\"BTC/USD\",\"ETH/USD\",\"FOO/BAR\"]},"
        + "\"req_id\":10}");
    List<Object> symbols = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Map<String, Object> reply = ws.reply(10); // the snapshots between them wait for their turn
      if (Boolean.TRUE.equals(reply.get("success"))) {
        symbols.add(map(reply.get("result")).get("symbol"));
      } else {
        assertEquals("Currency pair not supported", reply.get("error"));
        assertEquals("FOO/BAR", reply.get("symbol"));
      }
    }
    assertEquals(List.of("BTC/USD", "ETH/USD"), symbols);
    Map<String, Object> ticker = map(list(ws.next("ticker", "snapshot").get("data")).get(0));
    assertTrue(ticker.get("bid") instanceof BigDecimal && ticker.get("ask") instanceof BigDecimal, ticker.toString());

    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"ticker\",\"symbol\":[\"BTC/USD\"]},\"req_id\":11}");
    assertEquals("Already subscribed", ws.reply(11).get("error"));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"candles\",\"symbol\":[\"BTC/USD\"]},\"req_id\":12}");
    assertTrue(((String) ws.reply(12).get("error")).startsWith("EGeneral:Invalid arguments:channel: must be one of"));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\"],\"depth\":7},\"req_id\":13}");
    assertEquals("EGeneral:Invalid arguments:depth: must be one of 10, 25, 100, 500, 1000, was 7", ws.reply(13).get("error"));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"executions\"},\"req_id\":14}");
    assertEquals("EGeneral:Invalid arguments:channel: executions is served on /auth/v2, not on /v2",
        ws.reply(14).get("error"));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\"],\"dept\":10},\"req_id\":15}");
    assertTrue(((String) ws.reply(15).get("error")).startsWith("EGeneral:Invalid arguments:dept: not a member"));
    ws.send("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"trade\",\"symbol\":[\"BTC/USD\"]},\"req_id\":16}");
    Map<String, Object> notFound = ws.reply(16);
    assertEquals("Subscription Not Found", notFound.get("error"));
    assertEquals("BTC/USD", notFound.get("symbol"));

    // A heartbeat a second once subscribed.
    ws.next(frame -> "heartbeat".equals(frame.get("channel")), "heartbeat");
  }

  @Test
  void executionsAndBalancesFollowTheAccountsOrdersAndFills() {
    String token = kraken.spot().getWebSocketsToken(GetWebSocketsTokenRequest.builder().build()).token();
    WsClient ws = connect(sandbox.spotWebSocketAuthUrl());
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"executions\",\"token\":\"" + token + "\"},\"req_id\":1}");
    Map<String, Object> ack = ws.reply(1);
    assertEquals(true, ack.get("success"), ack.toString());
    assertEquals(new BigDecimal(60), map(ack.get("result")).get("maxratecount"), "the Starter tier's ceiling");
    Map<String, Object> snapshot = ws.next("executions", "snapshot");
    assertEquals(BigDecimal.ONE, snapshot.get("sequence"));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"balances\",\"token\":\"" + token + "\"},\"req_id\":2}");
    assertEquals(true, ws.reply(2).get("success"));
    List<Object> balances = list(ws.next("balances", "snapshot").get("data"));
    assertTrue(balances.stream().anyMatch(b -> "USD".equals(map(b).get("asset"))), balances.toString());

    BigDecimal price = sandbox.spot().lastPrice("XBTUSD").multiply(new BigDecimal("0.9")).setScale(1, RoundingMode.DOWN);
    String txid = kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.LIMIT)
        .price(OrderPrice.of(price)).volume(new BigDecimal("0.04"))).txid();
    Map<String, Object> placed = execution(ws, "new");
    assertEquals(txid, placed.get("order_id"));
    assertEquals("new", placed.get("order_status"));
    assertEquals("BTC/USD", placed.get("symbol"));
    assertEquals("buy", placed.get("side"));
    assertEquals("limit", placed.get("order_type"));
    assertEquals(new BigDecimal("0.04000000"), placed.get("order_qty"));
    assertEquals(price, placed.get("limit_price"));
    assertEquals("GTC", placed.get("time_in_force"));

    sandbox.spot().fill(txid, new BigDecimal("0.5"));
    Map<String, Object> fill = execution(ws, "trade");
    assertEquals(txid, fill.get("order_id"));
    assertEquals("partially_filled", fill.get("order_status"));
    assertEquals(new BigDecimal("0.02000000"), fill.get("last_qty"));
    assertEquals(price, fill.get("last_price"));
    assertEquals("m", fill.get("liquidity_ind"));
    List<Object> ledger = list(ws.next("balances", "update").get("data"));
    assertEquals(2, ledger.size(), "a fill writes two ledger entries: " + ledger);
    assertTrue(ledger.stream().allMatch(entry -> "trade".equals(map(entry).get("type"))));

    kraken.spot().cancelOrder(r -> r.txid(txid));
    Map<String, Object> cancelled = execution(ws, "canceled");
    assertEquals(txid, cancelled.get("order_id"));
    assertEquals(new BigDecimal("0.02000000"), cancelled.get("cum_qty"));
    assertEquals("User requested", cancelled.get("reason"));
  }

  @Test
  void ordersPlacedAndCancelledOverTheWebSocketAreTheExchangesOwn() {
    String token = kraken.spot().getWebSocketsToken(GetWebSocketsTokenRequest.builder().build()).token();
    WsClient market = connect(sandbox.spotWebSocketUrl());
    market.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\"]},\"req_id\":1}");
    market.reply(1);
    LocalBook book = new LocalBook(10);
    book.apply(map(list(market.next("book", "snapshot").get("data")).get(0)));
    WsClient ws = connect(sandbox.spotWebSocketAuthUrl());
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"executions\",\"token\":\"" + token + "\"},\"req_id\":1}");
    ws.reply(1);
    ws.next("executions", "snapshot");

    BigDecimal price = book.bids.firstKey().add(book.asks.firstKey()).divide(BigDecimal.valueOf(2), 1, RoundingMode.DOWN);
    ws.send("{\"method\":\"add_order\",\"params\":{\"order_type\":\"limit\",\"side\":\"buy\",\"order_qty\":0.02500000,"
        + "\"symbol\":\"BTC/USD\",\"limit_price\":" + price + ",\"cl_ord_id\":\"ws-1\",\"token\":\"" + token + "\"},\"req_id\":2}");
    Map<String, Object> added = ws.reply(2);
    assertEquals(true, added.get("success"), added.toString());
    String orderId = (String) map(added.get("result")).get("order_id");
    assertEquals("ws-1", map(added.get("result")).get("cl_ord_id"));
    Map<String, Object> placed = execution(ws, "new");
    assertEquals(orderId, placed.get("order_id"));
    assertEquals(new BigDecimal("0.02500000"), placed.get("order_qty"));
    assertEquals("ws-1", placed.get("cl_ord_id"));
    waitForBook(market, book, b -> new BigDecimal("0.02500000").equals(b.bids.get(price)));
    assertTrue(kraken.spot().getOpenOrders().open().containsKey(orderId), "the REST API sees the order placed over the WebSocket");

    // cancel_order takes one kind of reference (Kraken: they "cannot be combined"); a mix is refused, nothing cancelled.
    ws.send("{\"method\":\"cancel_order\",\"params\":{\"order_id\":[\"" + orderId + "\"],\"cl_ord_id\":[\"ws-1\"],"
        + "\"token\":\"" + token + "\"},\"req_id\":30}");
    assertEquals("EGeneral:Invalid arguments:cl_ord_id: cannot be combined with order_id", ws.reply(30).get("error"));
    assertTrue(kraken.spot().getOpenOrders().open().containsKey(orderId));
    // Each reference is answered on its own: an unknown one is an error reply, the others go on.
    ws.send("{\"method\":\"cancel_order\",\"params\":{\"cl_ord_id\":[\"nobody\",\"ws-1\"],\"token\":\"" + token + "\"},\"req_id\":3}");
    assertEquals("EOrder:Unknown order", ws.reply(3).get("error"));
    Map<String, Object> cancelled = ws.reply(3);
    assertEquals(orderId, map(cancelled.get("result")).get("order_id"));
    assertEquals(orderId, execution(ws, "canceled").get("order_id"));
    waitForBook(market, book, b -> !b.bids.containsKey(price));

    ws.send("{\"method\":\"add_order\",\"params\":{\"order_type\":\"limit\",\"side\":\"buy\",\"order_qty\":1000,"
        + "\"symbol\":\"BTC/USD\",\"limit_price\":" + price + ",\"token\":\"" + token + "\"},\"req_id\":4}");
    Map<String, Object> refused = ws.reply(4);
    assertEquals("add_order", refused.get("method"));
    assertEquals("EOrder:Insufficient funds", refused.get("error"));
    ws.send("{\"method\":\"cancel_all_orders_after\",\"params\":{\"timeout\":60,\"token\":\"" + token + "\"},\"req_id\":5}");
    Map<String, Object> armed = map(ws.reply(5).get("result"));
    assertEquals("2026-03-14T09:01:00Z", armed.get("triggerTime"));
    ws.send("{\"method\":\"cancel_all\",\"params\":{\"token\":\"" + token + "\"},\"req_id\":6}");
    assertEquals(BigDecimal.ZERO, map(ws.reply(6).get("result")).get("count"));
    market.send("{\"method\":\"add_order\",\"params\":{\"token\":\"" + token + "\"},\"req_id\":9}");
    assertEquals("EGeneral:Invalid arguments:method: add_order is served on /auth/v2, not on /v2", market.reply(9).get("error"));
  }

  @Test
  void amendEditAndBatchOrdersOverTheWebSocketAreTheExchangesOwn() {
    String token = kraken.spot().getWebSocketsToken(GetWebSocketsTokenRequest.builder().build()).token();
    WsClient market = connect(sandbox.spotWebSocketUrl());
    market.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\"]},\"req_id\":1}");
    market.reply(1);
    LocalBook book = new LocalBook(10);
    book.apply(map(list(market.next("book", "snapshot").get("data")).get(0)));
    BigDecimal price = book.bids.firstKey().add(book.asks.firstKey()).divide(BigDecimal.valueOf(2), 1, RoundingMode.DOWN);
    BigDecimal low = price.subtract(BigDecimal.valueOf(100));
    WsClient ws = connect(sandbox.spotWebSocketAuthUrl());
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"executions\",\"token\":\"" + token + "\"},\"req_id\":1}");
    ws.reply(1);
    ws.next("executions", "snapshot");

    // batch_add: one pair, the result an array in request order; an order the engine refuses is an
    // entry {error}, without an id, its references echoed (AddOrderResult's error)
    ws.send("{\"method\":\"batch_add\",\"params\":{\"symbol\":\"BTC/USD\",\"token\":\"" + token + "\",\"orders\":["
        + "{\"order_type\":\"limit\",\"side\":\"buy\",\"order_qty\":0.01000000,\"limit_price\":" + price + ",\"cl_ord_id\":\"b-1\"},"
        + "{\"order_type\":\"limit\",\"side\":\"buy\",\"order_qty\":1000,\"limit_price\":" + price + "},"
        + "{\"order_type\":\"limit\",\"side\":\"buy\",\"order_qty\":0.01000000,\"limit_price\":" + low + ",\"order_userref\":77}]},\"req_id\":2}");
    Map<String, Object> batch = ws.reply(2);
    assertEquals(true, batch.get("success"), batch.toString());
    List<Object> entries = list(batch.get("result"));
    assertEquals(3, entries.size());
    String first = (String) map(entries.get(0)).get("order_id");
    assertEquals("b-1", map(entries.get(0)).get("cl_ord_id"));
    assertEquals(Map.of("error", "EOrder:Insufficient funds"), map(entries.get(1)), "no order_id, no warnings");
    String third = (String) map(entries.get(2)).get("order_id");
    assertEquals(new BigDecimal("77"), map(entries.get(2)).get("order_userref"));
    Map<String, io.github.krakensdk.spot.model.OrderInfo> open = kraken.spot().getOpenOrders().open();
    assertTrue(open.containsKey(first) && open.containsKey(third), "the REST API sees the batch: " + open.keySet());
    assertEquals(2, open.size(), "the refused order was not placed: " + open.keySet());
    execution(ws, "new");
    waitForBook(market, book, b -> new BigDecimal("0.01000000").equals(b.bids.get(price)));
    ws.send("{\"method\":\"batch_add\",\"params\":{\"symbol\":\"BTC/USD\",\"token\":\"" + token + "\",\"orders\":["
        + "{\"order_type\":\"limit\",\"side\":\"buy\",\"order_qty\":0.01,\"limit_price\":" + price + "}]},\"req_id\":3}");
    assertEquals("EGeneral:Invalid arguments:orders: 2 to 15 orders of one pair, was 1", ws.reply(3).get("error"));

    // amend_order: the same order id, a new quantity, seen in the book and by REST
    ws.send("{\"method\":\"amend_order\",\"params\":{\"cl_ord_id\":\"b-1\",\"order_qty\":0.02000000,\"token\":\"" + token + "\"},\"req_id\":4}");
    Map<String, Object> amended = map(ws.reply(4).get("result"));
    assertTrue(((String) amended.get("amend_id")).length() > 0, amended.toString());
    assertEquals("b-1", amended.get("cl_ord_id"));
    assertEquals(first, execution(ws, "amended").get("order_id"));
    waitForBook(market, book, b -> new BigDecimal("0.02000000").equals(b.bids.get(price)));
    assertEquals(0, new BigDecimal("0.02").compareTo(kraken.spot().getOpenOrders().open().get(first).volume()));
    ws.send("{\"method\":\"amend_order\",\"params\":{\"order_id\":\"ONOPE-AAAAA-BBBBBB\",\"order_qty\":0.02,\"token\":\"" + token + "\"},\"req_id\":5}");
    assertEquals("EOrder:Unknown order", ws.reply(5).get("error"));

    // edit_order: a new order replaces the old one
    ws.send("{\"method\":\"edit_order\",\"params\":{\"order_id\":\"" + third + "\",\"symbol\":\"BTC/USD\",\"order_qty\":0.03,"
        + "\"order_userref\":78,\"token\":\"" + token + "\"},\"req_id\":6}");
    Map<String, Object> edited = map(ws.reply(6).get("result"));
    assertEquals(third, edited.get("original_order_id"));
    String replacement = (String) edited.get("order_id");
    open = kraken.spot().getOpenOrders().open();
    assertFalse(open.containsKey(third), "the edited order is gone");
    assertEquals(0, new BigDecimal("0.03").compareTo(open.get(replacement).volume()));
    assertEquals(78L, open.get(replacement).userReference().longValue());
    ws.send("{\"method\":\"edit_order\",\"params\":{\"order_id\":\"" + replacement + "\",\"symbol\":\"ETH/USD\",\"token\":\"" + token + "\"},\"req_id\":7}");
    assertEquals("EGeneral:Invalid arguments:pair", ws.reply(7).get("error"));

    // batch_cancel: order ids and client order ids in one list
    ws.send("{\"method\":\"batch_cancel\",\"params\":{\"orders\":[\"b-1\",\"" + replacement + "\"],\"token\":\"" + token + "\"},\"req_id\":8}");
    assertEquals(new BigDecimal("2"), map(ws.reply(8).get("result")).get("count"));
    assertEquals(Map.of(), kraken.spot().getOpenOrders().open());
    waitForBook(market, book, b -> !b.bids.containsKey(price));
    ws.send("{\"method\":\"batch_cancel\",\"params\":{\"orders\":[\"b-1\"],\"token\":\"" + token + "\"},\"req_id\":9}");
    assertEquals("EGeneral:Invalid arguments:orders: 2 to 50 order ids or client order ids, was 1", ws.reply(9).get("error"));
  }

  private static Map<String, Object> execution(WsClient ws, String execType) {
    Map<String, Object> message = ws.next(frame -> "executions".equals(frame.get("channel")) && "update".equals(frame.get("type"))
        && list(frame.get("data")).stream().anyMatch(report -> execType.equals(map(report).get("exec_type"))),
        "executions " + execType);
    assertTrue(((BigDecimal) message.get("sequence")).compareTo(BigDecimal.ONE) > 0);
    return list(message.get("data")).stream().map(WsClient::map).filter(report -> execType.equals(report.get("exec_type")))
        .findFirst().orElseThrow();
  }

  @Test
  void tokensAreThoseGetWebSocketsTokenIssuedWithinFifteenMinutes() {
    WsClient ws = connect(sandbox.spotWebSocketAuthUrl());
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"balances\"},\"req_id\":1}");
    assertEquals("EGeneral:Invalid arguments:token: required on the balances channel", ws.reply(1).get("error"));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"balances\",\"token\":\"not-a-token\"},\"req_id\":2}");
    assertEquals("ESession:Invalid session", ws.reply(2).get("error"));

    String expired = kraken.spot().getWebSocketsToken(GetWebSocketsTokenRequest.builder().build()).token();
    clock.advance(Duration.ofMinutes(15));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"balances\",\"token\":\"" + expired + "\"},\"req_id\":3}");
    assertEquals("ESession:Invalid session", ws.reply(3).get("error"));

    // A fresh token opens the subscription, and the connection keeps it past the 15 minutes.
    String token = kraken.spot().getWebSocketsToken(GetWebSocketsTokenRequest.builder().build()).token();
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"balances\",\"token\":\"" + token + "\"},\"req_id\":4}");
    assertEquals(true, ws.reply(4).get("success"));
    clock.advance(Duration.ofMinutes(20));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"executions\",\"token\":\"" + token + "\"},\"req_id\":5}");
    assertEquals(true, ws.reply(5).get("success"));

    // ... but not on a new connection.
    WsClient other = connect(sandbox.spotWebSocketAuthUrl());
    other.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"balances\",\"token\":\"" + token + "\"},\"req_id\":6}");
    assertEquals("ESession:Invalid session", other.reply(6).get("error"));
    other.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\"]},\"req_id\":7}");
    assertEquals("EGeneral:Invalid arguments:channel: book is served on /v2, not on /auth/v2", other.reply(7).get("error"));
    other.send("{\"method\":\"batch_add\",\"params\":{\"token\":\"x\"},\"req_id\":8}");
    assertEquals("ESession:Invalid session", other.reply(8).get("error"));
  }

  @Test
  void levelThreeStreamsOrdersWithTheirChecksum() {
    String token = kraken.spot().getWebSocketsToken(GetWebSocketsTokenRequest.builder().build()).token();
    WsClient ws = connect(sandbox.spotWebSocketLevel3Url());
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"level3\",\"symbol\":[\"BTC/USD\"],\"token\":\"" + token
        + "\"},\"req_id\":1}");
    assertEquals(true, ws.reply(1).get("success"));
    LocalOrders book = new LocalOrders(10);
    Map<String, Object> snapshot = map(list(ws.next("level3", "snapshot").get("data")).get(0));
    book.snapshot(snapshot);
    assertEquals(snapshot.get("checksum"), BigDecimal.valueOf(book.checksum()));

    BigDecimal best = book.levels(true).get(0);
    String txid = kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.LIMIT)
        .price(OrderPrice.of(best)).volume(new BigDecimal("0.03"))).txid();
    boolean seen = false;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (!seen && System.nanoTime() < deadline) {
      Map<String, Object> update = map(list(ws.next("level3", "update").get("data")).get(0));
      book.update(update);
      assertEquals(update.get("checksum"), BigDecimal.valueOf(book.checksum()), "checksum after " + update);
      seen = book.bids.stream().anyMatch(order -> txid.equals(order.get("order_id")));
    }
    assertTrue(seen, "the order joined the queue at " + best);
    List<Map<String, Object>> atBest = book.bids.stream().filter(o -> best.equals(o.get("limit_price"))).toList();
    assertEquals(txid, atBest.get(atBest.size() - 1).get("order_id"), "last in its level's queue");
  }

  @Test
  void anUnknownPathIsRefusedAndASilentConnectionIsClosed() throws Exception {
    sandbox.close();
    sandbox = Sandbox.builder().clock(clock).webSocketIdleTimeout(Duration.ofMillis(300)).start();
    WsClient idle = connect(sandbox.spotWebSocketUrl());
    String closed = idle.closed.poll(5, TimeUnit.SECONDS);
    assertEquals("1000 idle", closed);

    WsClient wrong = new WsClient(sandbox.spotWebSocketUrl().resolve("/v1"));
    String refused = wrong.closed.poll(5, TimeUnit.SECONDS);
    assertTrue(refused != null && refused.startsWith("failure"), String.valueOf(refused));

    assertTrue(sandbox.describe().contains(sandbox.spotWebSocketAuthUrl().toString()), sandbox.describe());
    assertFalse(sandbox.spotWebSocketUrl().equals(sandbox.spotWebSocketAuthUrl()));
    assertNull(idle.frames.poll(), "nothing after the status");
  }

  @Test
  void aGivenHttpPortPutsTheWebSocketOnTheNextOneOrAFreeOneWhenTaken() throws Exception {
    int port = twoFreePorts();
    try (Sandbox fixed = Sandbox.builder().port(port).start()) {
      assertEquals(port + 1, fixed.webSocketPort());
      assertEquals("ws://127.0.0.1:" + (port + 1) + "/l3/v2", fixed.spotWebSocketLevel3Url().toString());
    }
    int other = twoFreePorts();
    try (java.net.ServerSocket taken = new java.net.ServerSocket(other + 1, 1, java.net.InetAddress.getLoopbackAddress());
         Sandbox fixed = Sandbox.builder().port(other).start()) {
      assertTrue(fixed.webSocketPort() > 0 && fixed.webSocketPort() != other + 1, "a free port: " + fixed.webSocketPort());
    }
  }

  /** A port that is free with the next one. */
  private static int twoFreePorts() throws Exception {
    for (int attempt = 0; attempt < 50; attempt++) {
      try (java.net.ServerSocket first = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
           java.net.ServerSocket second = new java.net.ServerSocket(first.getLocalPort() + 1, 1,
               java.net.InetAddress.getLoopbackAddress())) {
        return first.getLocalPort();
      } catch (java.io.IOException taken) {
        // the next one is taken: another pair
      }
    }
    throw new AssertionError("no two free ports in a row");
  }

  private static void waitForBook(WsClient ws, LocalBook book, java.util.function.Predicate<LocalBook> reached) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (!reached.test(book)) {
      assertTrue(System.nanoTime() < deadline, "the book did not get there: " + book);
      book.apply(map(list(ws.next("book", "update").get("data")).get(0)));
    }
  }

  // ---- the client's side, written here apart from the server's ----

  /** A book built from snapshot and updates, checked against each message's checksum. */
  static final class LocalBook {
    final TreeMap<BigDecimal, BigDecimal> bids = new TreeMap<>(Comparator.reverseOrder());
    final TreeMap<BigDecimal, BigDecimal> asks = new TreeMap<>();
    private final int depth;

    LocalBook(int depth) {
      this.depth = depth;
    }

    void apply(Map<String, Object> data) {
      side(bids, list(data.get("bids")));
      side(asks, list(data.get("asks")));
      assertEquals(data.get("checksum"), BigDecimal.valueOf(checksum()), "the checksum of " + data + " over " + this);
    }

    private void side(TreeMap<BigDecimal, BigDecimal> side, List<Object> levels) {
      for (Object level : levels) {
        BigDecimal price = (BigDecimal) map(level).get("price");
        BigDecimal qty = (BigDecimal) map(level).get("qty");
        if (qty.signum() == 0) {
          side.remove(price);
        } else {
          side.put(price, qty);
        }
      }
      while (side.size() > depth) {
        side.pollLastEntry();
      }
    }

    long checksum() {
      StringBuilder text = new StringBuilder();
      asks.entrySet().stream().limit(10).forEach(e -> text.append(digits(e.getKey())).append(digits(e.getValue())));
      bids.entrySet().stream().limit(10).forEach(e -> text.append(digits(e.getKey())).append(digits(e.getValue())));
      CRC32 crc = new CRC32();
      crc.update(text.toString().getBytes(StandardCharsets.US_ASCII));
      return crc.getValue();
    }

    @Override
    public String toString() {
      return "bids " + bids + " asks " + asks;
    }
  }

  /** "0.02000000" → "2000000": the literal without its point and leading zeros. */
  static String digits(BigDecimal value) {
    return value.toPlainString().replace(".", "").replaceFirst("^0+", "");
  }

  /** A level-3 book: orders in queue order per side, from a snapshot and add/modify/delete events. */
  static final class LocalOrders {
    final List<Map<String, Object>> bids = new ArrayList<>();
    final List<Map<String, Object>> asks = new ArrayList<>();
    private final int depth;

    LocalOrders(int depth) {
      this.depth = depth;
    }

    void snapshot(Map<String, Object> data) {
      list(data.get("bids")).forEach(o -> bids.add(map(o)));
      list(data.get("asks")).forEach(o -> asks.add(map(o)));
    }

    void update(Map<String, Object> data) {
      events(bids, list(data.get("bids")), true);
      events(asks, list(data.get("asks")), false);
    }

    private void events(List<Map<String, Object>> side, List<Object> events, boolean buy) {
      for (Object item : events) {
        Map<String, Object> event = map(item);
        Object id = event.get("order_id");
        switch ((String) event.get("event")) {
          case "delete" -> side.removeIf(order -> order.get("order_id").equals(id));
          case "modify" -> side.stream().filter(order -> order.get("order_id").equals(id)).forEach(
              order -> order.put("order_qty", event.get("order_qty")));
          default -> {
            BigDecimal price = (BigDecimal) event.get("limit_price");
            int at = 0;
            while (at < side.size() && !better(price, (BigDecimal) side.get(at).get("limit_price"), buy)) {
              at++;
            }
            side.add(at, new java.util.LinkedHashMap<>(event));
          }
        }
      }
      List<BigDecimal> kept = levels(side).stream().limit(depth).toList();
      side.removeIf(order -> !kept.contains((BigDecimal) order.get("limit_price")));
    }

    /** Whether {@code price} goes before an order at {@code other}: a strictly better price. */
    private static boolean better(BigDecimal price, BigDecimal other, boolean buy) {
      return buy ? price.compareTo(other) > 0 : price.compareTo(other) < 0;
    }

    List<BigDecimal> levels(boolean buy) {
      return levels(buy ? bids : asks);
    }

    private static List<BigDecimal> levels(List<Map<String, Object>> side) {
      return side.stream().map(order -> (BigDecimal) order.get("limit_price")).distinct().toList();
    }

    long checksum() {
      StringBuilder text = new StringBuilder();
      for (List<Map<String, Object>> side : List.of(asks, bids)) {
        List<BigDecimal> top = levels(side).stream().limit(10).toList();
        for (Map<String, Object> order : side) {
          if (top.contains((BigDecimal) order.get("limit_price"))) {
            text.append(digits((BigDecimal) order.get("limit_price"))).append(digits((BigDecimal) order.get("order_qty")));
          }
        }
      }
      CRC32 crc = new CRC32();
      crc.update(text.toString().getBytes(StandardCharsets.US_ASCII));
      return crc.getValue();
    }
  }
}
