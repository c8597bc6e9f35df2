package io.github.krakensdk.sandbox.internal.ws;

import static io.github.krakensdk.sandbox.internal.ws.WsClient.list;
import static io.github.krakensdk.sandbox.internal.ws.WsClient.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.spot.model.GetWebSocketsTokenRequest;
import io.github.krakensdk.spot.model.LedgerEntry;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's Unified WebSocket: its two endpoints, the asset-class and token rules of the
 * Unified pages, the derivatives market's book, trades and ticker, and an account's executions,
 * positions, margin and ledger entries (these last also in REST Ledgers). Every frame received is
 * checked against websocket.yaml ({@link WsClient}).
 */
class UnifiedWebSocketTest {
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
    Map<String, Object> data = map(list(client.next("status", "update").get("data")).get(0));
    assertEquals("online", data.get("system"));
    return client;
  }

  private String token() {
    return kraken.spot().getWebSocketsToken(GetWebSocketsTokenRequest.builder().build()).token();
  }

  private static String error(WsClient ws, long reqId) {
    Map<String, Object> reply = ws.reply(reqId);
    assertEquals(false, reply.get("success"), reply.toString());
    return (String) reply.get("error");
  }

  private static Map<String, Object> ok(WsClient ws, long reqId) {
    Map<String, Object> reply = ws.reply(reqId);
    assertEquals(true, reply.get("success"), reply.toString());
    return reply;
  }

  @Test
  void theEndpointsMirrorTheServicesTwoPathsOnTheSandboxsWebSocketPort() {
    assertEquals("ws://127.0.0.1:" + sandbox.webSocketPort() + "/unified/v2/public",
        sandbox.unifiedWebSocketPublicUrl().toString());
    assertEquals("ws://127.0.0.1:" + sandbox.webSocketPort() + "/unified/v2/private",
        sandbox.unifiedWebSocketPrivateUrl().toString());
    WsClient ws = connect(sandbox.unifiedWebSocketPublicUrl());
    ws.send("{\"method\":\"ping\",\"req_id\":1}");
    assertEquals("pong", ws.reply(1).get("method"));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"margin\",\"asset_class\":\"derivatives\"},\"req_id\":2}");
    assertEquals("EGeneral:Invalid arguments:channel: margin is served on /v2/private, not here", error(ws, 2));
    ws.send("{\"method\":\"cancel_all\",\"params\":{\"asset_class\":\"derivatives\",\"token\":\"x\"},\"req_id\":3}");
    assertEquals("EGeneral:Invalid arguments:method: cancel_all is served on /v2/private, not on /v2/public",
        error(ws, 3));
  }

  @Test
  void marketChannelsRequireTheDerivativesAssetClass() {
    WsClient ws = connect(sandbox.unifiedWebSocketPublicUrl());
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"PF_XBTUSD\"]},\"req_id\":1}");
    assertEquals("EGeneral:Invalid arguments:'params.asset_class' is required for the book channel", error(ws, 1));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"BTC/USD\"],\"asset_class\":\"spot\"},\"req_id\":2}");
    assertTrue(error(ws, 2).startsWith("EGeneral:Invalid arguments:asset_class: spot is not served"));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"trade\",\"symbol\":[\"PF_DOGEUSD\"],\"asset_class\":\"derivatives\"},\"req_id\":3}");
    Map<String, Object> refused = ws.reply(3);
    assertEquals("Currency pair not supported", refused.get("error"));
    assertEquals("PF_DOGEUSD", refused.get("symbol"));

    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"instrument\",\"asset_class\":\"derivatives\"},\"req_id\":4}");
    assertEquals("derivatives", map(ok(ws, 4).get("result")).get("asset_class"));
    Map<String, Object> instruments = map(ws.next("instrument", "snapshot").get("data"));
    List<Object> symbols = list(instruments.get("pairs")).stream().map(pair -> map(pair).get("symbol")).toList();
    assertEquals(List.of("PF_XBTUSD", "PF_ETHUSD", "PF_SOLUSD"), symbols);
  }

  @Test
  void privateChannelsCheckTheTokenAndTheUnifiedPagesRules() {
    WsClient ws = connect(sandbox.unifiedWebSocketPrivateUrl());
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"ledgers\"},\"req_id\":1}");
    assertEquals("EGeneral:Invalid arguments:token: required on the ledgers channel", error(ws, 1));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"ledgers\",\"token\":\"not-a-token\"},\"req_id\":2}");
    assertEquals("ESession:Invalid session", error(ws, 2));
    String token = token();
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"balances\",\"asset_class\":\"derivatives\",\"token\":\"" + token + "\"},\"req_id\":3}");
    assertEquals("'params.asset_class' is not valid for the balances channel", error(ws, 3));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"ledgers\",\"asset_class\":\"derivatives\",\"token\":\"" + token + "\"},\"req_id\":4}");
    assertEquals("'params.asset_class' is not valid for the ledgers channel", error(ws, 4));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"margin\",\"asset_class\":\"derivatives\",\"snapshot\":true,\"token\":\"" + token + "\"},\"req_id\":5}");
    assertEquals("'params.snapshot' is not valid for the margin channel", error(ws, 5));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"positions\",\"token\":\"" + token + "\"},\"req_id\":6}");
    assertEquals("EGeneral:Invalid arguments:'params.asset_class' is required for the positions channel", error(ws, 6));

    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"margin\",\"asset_class\":\"derivatives\",\"token\":\"" + token + "\"},\"req_id\":7}");
    ok(ws, 7);
    Map<String, Object> flex = map(ws.next("margin", "multi_collateral").get("data"));
    assertEquals(new BigDecimal("25000.0000"), flex.get("balance_value"), "the collateral is the Spot USD balance");
    assertEquals(new BigDecimal("0.0000"), flex.get("initial_margin"));
    ws.next("margin", "single_collateral");
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"margin\",\"asset_class\":\"derivatives\",\"token\":\"" + token + "\"},\"req_id\":8}");
    assertEquals("Already subscribed to margin channel", error(ws, 8));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"positions\",\"asset_class\":\"derivatives\",\"token\":\"" + token + "\"},\"req_id\":9}");
    ok(ws, 9);
    assertEquals(List.of(), list(map(ws.next("positions", "snapshot").get("data")).get("futures")));
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"positions\",\"asset_class\":\"derivatives\",\"token\":\"" + token + "\"},\"req_id\":10}");
    assertEquals("Already subscribed to positions channel", error(ws, 10));

    ws.send("{\"method\":\"add_order\",\"params\":{\"order_type\":\"market\",\"side\":\"buy\",\"order_qty\":0.01,\"symbol\":\"PF_XBTUSD\",\"token\":\"" + token + "\"},\"req_id\":11}");
    assertEquals("EGeneral:Invalid arguments:'params.asset_class' is required for add_order", error(ws, 11));
    ws.send("{\"method\":\"cancel_order\",\"params\":{\"asset_class\":\"derivatives\",\"order_userref\":[7],\"token\":\"" + token + "\"},\"req_id\":12}");
    assertEquals("EGeneral:Invalid arguments:order_userref: not available for derivatives (use cl_ord_id)", error(ws, 12));
    // Kraken's Unified cancel_order page: order_id and cl_ord_id "cannot be combined" in one request.
    ws.send("{\"method\":\"cancel_order\",\"params\":{\"asset_class\":\"derivatives\",\"order_id\":[\"0b5d4a3e-0000-4000-8000-000000000001\"],\"cl_ord_id\":[\"mine\"],\"token\":\"" + token + "\"},\"req_id\":13}");
    assertEquals("EGeneral:Invalid arguments:cl_ord_id: cannot be combined with order_id", error(ws, 13));
    ws.send("{\"method\":\"cancel_order\",\"params\":{\"asset_class\":\"derivatives\",\"token\":\"" + token + "\"},\"req_id\":14}");
    assertEquals("EGeneral:Invalid arguments:order_id: one of order_id, cl_ord_id is required", error(ws, 14));
  }

  @Test
  void anOrderPlacedOverTheUnifiedWebSocketMovesTheBookThePositionTheMarginAndTheLedger() {
    WsClient market = connect(sandbox.unifiedWebSocketPublicUrl());
    market.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"PF_XBTUSD\"],\"depth\":10,\"asset_class\":\"derivatives\"},\"req_id\":1}");
    ok(market, 1);
    SpotWebSocketTest.LocalBook book = new SpotWebSocketTest.LocalBook(10);
    book.apply(map(list(market.next("book", "snapshot").get("data")).get(0)));
    assertEquals(10, book.asks.size());
    BigDecimal bestAsk = book.asks.firstKey();
    BigDecimal bestAskQty = book.asks.get(bestAsk);
    market.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"trade\",\"symbol\":[\"PF_XBTUSD\"],\"asset_class\":\"derivatives\"},\"req_id\":2}");
    ok(market, 2);

    String token = token();
    WsClient ws = connect(sandbox.unifiedWebSocketPrivateUrl());
    for (String channel : List.of("executions", "positions", "margin")) {
      ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"" + channel + "\",\"asset_class\":\"derivatives\",\"token\":\"" + token + "\"},\"req_id\":3}");
      ok(ws, 3);
    }
    ws.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"ledgers\",\"token\":\"" + token + "\"},\"req_id\":4}");
    ok(ws, 4);
    ws.next("executions", "snapshot");
    ws.next("positions", "snapshot");
    ws.next("margin", "multi_collateral");

    ws.send("{\"method\":\"add_order\",\"params\":{\"asset_class\":\"derivatives\",\"order_type\":\"market\",\"side\":\"buy\",\"order_qty\":0.0100,\"symbol\":\"PF_XBTUSD\",\"cl_ord_id\":\"unified-1\",\"token\":\"" + token + "\"},\"req_id\":5}");
    Map<String, Object> placed = map(ok(ws, 5).get("result"));
    String orderId = (String) placed.get("order_id");
    assertTrue(orderId.matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "a derivatives order id is a UUID");
    assertEquals("unified-1", placed.get("cl_ord_id"));

    List<Object> events = list(ws.next("executions", "update").get("data"));
    List<Object> execTypes = events.stream().map(e -> map(e).get("exec_type")).toList();
    assertEquals(List.of("new", "trade", "filled"), execTypes, "no pending_new for derivatives");
    assertEquals(bestAsk, map(events.get(1)).get("last_price"));
    Map<String, Object> position = map(list(map(ws.next("positions", "update").get("data")).get("futures")).get(0));
    assertEquals("PF_XBTUSD", position.get("symbol"));
    assertEquals(new BigDecimal("0.0100"), position.get("size"));
    assertEquals(bestAsk, position.get("entry_price"));
    Map<String, Object> flex = map(ws.next("margin", "multi_collateral").get("data"));
    assertEquals(bestAsk.multiply(new BigDecimal("0.0002")).setScale(4, java.math.RoundingMode.HALF_EVEN),
        flex.get("initial_margin"), "2 % of the notional at the mark (the last trade)");
    assertEquals(flex.get("initial_margin"), flex.get("initial_margin_without_orders"), "no open order");
    assertEquals(flex.get("balance_value"), map(map(flex.get("currencies")).get("USD")).get("quantity"));
    assertEquals(flex.get("available_margin"), map(flex.get("cross")).get("available_margin"));

    Map<String, Object> ledgers = ws.next("ledgers", "update");
    assertEquals(BigDecimal.ONE, ledgers.get("sequence"), "the ledgers sequence starts at 1 on each connection");
    Map<String, Object> entry = map(list(ledgers.get("data")).get(0));
    assertEquals("trade", entry.get("type"));
    assertEquals("derivatives", entry.get("subtype"));
    BigDecimal fee = bestAsk.multiply(new BigDecimal("0.01")).multiply(new BigDecimal("0.0005"))
        .setScale(4, java.math.RoundingMode.HALF_EVEN);
    assertEquals(fee, entry.get("fee"), "the taker fee, 0.05 % of the notional");

    // The entry is REST Ledgers' too: a gap in the sequence is recovered there.
    LedgerEntry rest = kraken.spot().getLedgers(r -> r.asset("USD")).ledger().get((String) entry.get("ledger_id"));
    assertEquals(List.of("trade", "derivatives", entry.get("ref_id")), List.of(rest.type().value(), rest.subtype(), rest.refid()));

    // The public side: a buy on the tape at the best ask, the ask level smaller.
    Map<String, Object> trade = map(list(market.next("trade", "update").get("data")).get(0));
    assertEquals(List.of("buy", bestAsk, new BigDecimal("0.0100"), "market"),
        List.of(trade.get("side"), trade.get("price"), trade.get("qty"), trade.get("ord_type")));
    while (book.asks.get(bestAsk).compareTo(bestAskQty) == 0) {
      book.apply(map(list(market.next("book", "update").get("data")).get(0)));
    }
    assertEquals(bestAskQty.subtract(new BigDecimal("0.0100")), book.asks.get(bestAsk));

    // A resting bid: on the book, amended, then cancelled by its client order id.
    BigDecimal bid = book.bids.firstKey().subtract(new BigDecimal("1.0"));
    ws.send("{\"method\":\"add_order\",\"params\":{\"asset_class\":\"derivatives\",\"order_type\":\"limit\",\"side\":\"buy\",\"order_qty\":0.5,\"limit_price\":" + bid.toPlainString() + ",\"symbol\":\"PF_XBTUSD\",\"cl_ord_id\":\"unified-2\",\"token\":\"" + token + "\"},\"req_id\":6}");
    ok(ws, 6);
    while (!book.bids.containsKey(bid)) {
      book.apply(map(list(market.next("book", "update").get("data")).get(0)));
    }
    assertEquals(new BigDecimal("0.5000"), book.bids.get(bid));
    ws.send("{\"method\":\"amend_order\",\"params\":{\"asset_class\":\"derivatives\",\"cl_ord_id\":\"unified-2\",\"order_qty\":0.25,\"token\":\"" + token + "\"},\"req_id\":7}");
    assertEquals("unified-2", map(ok(ws, 7).get("result")).get("cl_ord_id"));
    while (book.bids.get(bid).compareTo(new BigDecimal("0.2500")) != 0) {
      book.apply(map(list(market.next("book", "update").get("data")).get(0)));
    }
    ws.send("{\"method\":\"cancel_order\",\"params\":{\"asset_class\":\"derivatives\",\"cl_ord_id\":[\"unified-2\"],\"token\":\"" + token + "\"},\"req_id\":8}");
    assertEquals("unified-2", map(ok(ws, 8).get("result")).get("cl_ord_id"));
    while (book.bids.containsKey(bid)) {
      book.apply(map(list(market.next("book", "update").get("data")).get(0)));
    }
    ws.send("{\"method\":\"cancel_all\",\"params\":{\"asset_class\":\"derivatives\",\"token\":\"" + token + "\"},\"req_id\":9}");
    assertEquals(BigDecimal.ZERO, map(ok(ws, 9).get("result")).get("count"));

    // Closing the position realises its profit or loss; a new connection numbers its ledgers from 1 again.
    WsClient again = connect(sandbox.unifiedWebSocketPrivateUrl());
    again.send("{\"method\":\"subscribe\",\"params\":{\"channel\":\"ledgers\",\"token\":\"" + token + "\"},\"req_id\":1}");
    ok(again, 1);
    ws.send("{\"method\":\"add_order\",\"params\":{\"asset_class\":\"derivatives\",\"order_type\":\"market\",\"side\":\"sell\",\"order_qty\":0.01,\"reduce_only\":true,\"symbol\":\"PF_XBTUSD\",\"token\":\"" + token + "\"},\"req_id\":10}");
    ok(ws, 10);
    assertEquals(BigDecimal.ONE, again.next("ledgers", "update").get("sequence"));
    assertEquals(new BigDecimal(2), ws.next("ledgers", "update").get("sequence"));
    Map<String, Object> closed = map(list(map(ws.next("positions", "update").get("data")).get("futures")).get(0));
    assertEquals(0, ((BigDecimal) closed.get("size")).signum(), "a closed position is reported with size 0");
  }
}
