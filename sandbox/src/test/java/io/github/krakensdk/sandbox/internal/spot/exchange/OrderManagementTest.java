package io.github.krakensdk.sandbox.internal.spot.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Amending, editing and cancelling orders, one at a time and in batches. */
class OrderManagementTest extends ExchangeFixture {
  String restingBuy(String price, String volume, Object... extra) {
    List<Object> params = new ArrayList<>(List.of("pair", "XBTUSD", "type", "buy", "ordertype", "limit",
        "price", price, "volume", volume));
    params.addAll(List.of(extra));
    return place(params.toArray());
  }

  @Test
  void amendChangesTheOrderInPlaceAndKeepsAnAuditTrail() {
    String txid = restingBuy("90000.0", "0.05", "cl_ord_id", "6d1b345e-2821-40e2-ad83-4ecb18a06876");
    clock.advance(Duration.ofSeconds(20));
    Map<String, Object> amended = call("amendOrder", "cl_ord_id", "6d1b345e-2821-40e2-ad83-4ecb18a06876",
        "order_qty", "0.04", "limit_price", "90100.0");
    String amendId = (String) amended.get("amend_id");
    assertTrue(Ids.shaped(amendId, 'T'), amendId);

    Map<String, Object> order = order(txid);
    assertEquals("open", order.get("status"));
    assertEquals("0.04000000", order.get("vol"));
    assertEquals("90100.0", map(order.get("descr")).get("price"));
    assertEquals("amended", order.get("misc"));
    assertEquals("6d1b345e-2821-40e2-ad83-4ecb18a06876", order.get("cl_ord_id"));
    assertEquals(new BigDecimal("3612.6496"), hold("ZUSD")); // 0.04 * 90100 * 1.0024

    Map<String, Object> amends = call("getOrderAmends", "order_id", txid);
    assertEquals(2L, amends.get("count"));
    List<Object> trail = list(amends.get("amends"));
    Map<String, Object> original = map(trail.get(0));
    Map<String, Object> user = map(trail.get(1));
    assertEquals("original", original.get("amend_type"));
    assertEquals("0.05000000", original.get("order_qty"));
    assertEquals("90000.0", original.get("limit_price"));
    assertEquals(1741942800000000000L, original.get("timestamp"));
    assertEquals("user", user.get("amend_type"));
    assertEquals(amendId, user.get("amend_id"));
    assertEquals("0.04000000", user.get("order_qty"));
    assertEquals("0.04000000", user.get("remaining_qty"));
    assertEquals("90100.0", user.get("limit_price"));
    assertEquals(1741942820000000000L, user.get("timestamp"));
  }

  @Test
  void amendBelowTheExecutedVolumeClosesTheOrderAndUnknownOrdersAreRefused() {
    String txid = restingBuy("90000.0", "0.05");
    exchange.takeFromOrder(txid, new BigDecimal("0.4"));
    call("amendOrder", "txid", txid, "order_qty", "0.01");
    Map<String, Object> order = order(txid);
    assertEquals("closed", order.get("status"));
    assertEquals("0.02000000", order.get("vol"));
    assertEquals("0.02000000", order.get("vol_exec"));
    assertEquals("EOrder:Unknown order", refusal(() -> call("amendOrder", "txid", txid, "order_qty", "0.03")));
    assertEquals("EGeneral:Invalid arguments:display_qty",
        refusal(() -> call("amendOrder", "txid", restingBuy("90000.0", "0.01"), "display_qty", "0.005")));
  }

  @Test
  void aPostOnlyAmendThatWouldTakeIsRefused() {
    String txid = restingBuy("90000.0", "0.01");
    BigDecimal bestAsk = dec(map(level3("XBTUSD", "asks").get(0)).get("price"));
    assertEquals("EOrder:Post only order", refusal(() -> call("amendOrder", "txid", txid,
        "limit_price", bestAsk.toPlainString(), "post_only", true)));
    assertEquals("90000.0", map(order(txid).get("descr")).get("price"));
    // Without post_only the amended price crosses and takes.
    call("amendOrder", "txid", txid, "limit_price", bestAsk.toPlainString());
    assertEquals("closed", order(txid).get("status"));
  }

  @Test
  void amendingThePriceLosesQueuePriorityReducingTheVolumeKeepsIt() {
    String first = restingBuy("90500.0", "0.01");
    String second = restingBuy("90500.0", "0.01");
    call("amendOrder", "txid", first, "order_qty", "0.005");
    assertEquals(first, map(level3("XBTUSD", "bids").get(0)).get("order_id"));
    call("amendOrder", "txid", first, "order_qty", "0.02");
    assertEquals(second, map(level3("XBTUSD", "bids").get(0)).get("order_id"));
  }

  @Test
  void editReplacesTheOrderWithANewTxid() {
    String txid = restingBuy("90000.0", "0.05", "userref", 11);
    Map<String, Object> edited = call("editOrder", "txid", txid, "pair", "XBTUSD", "volume", "0.03",
        "price", "89000", "userref", 12);
    String replacement = (String) edited.get("txid");
    assertNotEquals(txid, replacement);
    assertEquals(List.of("status", "txid", "originaltxid", "volume", "price", "price2", "orders_cancelled", "descr",
        "newuserref", "olduserref"), List.copyOf(edited.keySet()));
    assertEquals("ok", edited.get("status"));
    assertEquals(txid, edited.get("originaltxid"));
    assertEquals("0.03000000", edited.get("volume"));
    assertEquals("89000.0", edited.get("price"));
    assertEquals(1L, edited.get("orders_cancelled"));
    assertEquals(Map.of("order", "buy 0.03000000 XBTUSD @ limit 89000.0"), edited.get("descr"));
    assertEquals("12", edited.get("newuserref"));
    assertEquals("11", edited.get("olduserref"));

    Map<String, Object> original = order(txid);
    assertEquals("canceled", original.get("status"));
    Map<String, Object> open = map(call("getOpenOrders").get("open"));
    assertEquals(List.of(replacement), List.copyOf(open.keySet()));
    assertEquals(12L, map(open.get(replacement)).get("userref"));
    assertEquals("EQuery:Unknown asset pair", refusal(() -> call("editOrder", "txid", replacement, "pair", "NOPE")));
    assertEquals("EGeneral:Invalid arguments:pair", refusal(() -> call("editOrder", "txid", replacement,
        "pair", "ETHUSD")));
    assertEquals("EOrder:Unknown order", refusal(() -> call("editOrder", "txid", txid, "pair", "XBTUSD")));
    // A cl_ord_id order cannot be edited (AmendOrder can).
    String withClientId = restingBuy("90000.0", "0.01", "cl_ord_id", "arb-20240509-00010");
    assertEquals("EOrder:Invalid order", refusal(() -> call("editOrder", "txid", withClientId, "pair", "XBTUSD",
        "volume", "0.02")));
  }

  @Test
  void cancelByTxidUserrefAndClientOrderId() {
    String a = restingBuy("90000.0", "0.01", "userref", 5);
    String b = restingBuy("89900.0", "0.01", "userref", 5);
    String c = restingBuy("89800.0", "0.01", "cl_ord_id", "da8e4ad59b78481c93e589746b0cf91f");
    String d = restingBuy("89700.0", "0.01");

    assertEquals(Map.of("count", 2L), call("cancelOrder", "txid", "5"));
    assertEquals(Map.of("count", 1L), call("cancelOrder", "cl_ord_id", "da8e4ad59b78481c93e589746b0cf91f"));
    assertEquals(Map.of("count", 1L), call("cancelOrder", "txid", d));
    for (String txid : List.of(a, b, c, d)) {
      assertEquals("canceled", order(txid).get("status"));
    }
    assertEquals("EOrder:Unknown order", refusal(() -> call("cancelOrder", "txid", d)));
    assertEquals("EOrder:Unknown order", refusal(() -> call("cancelOrder", "txid", "OAAAAA-BBBBB-CCCCCC")));
  }

  @Test
  void cancelAllAndBatches() {
    for (int i = 0; i < 3; i++) {
      restingBuy("8990" + i + ".0", "0.01");
    }
    assertEquals(Map.of("count", 3L), call("cancelAllOrders"));
    assertEquals(Map.of("count", 0L), call("cancelAllOrders"));

    String a = restingBuy("90000.0", "0.01");
    String b = restingBuy("89900.0", "0.01", "userref", 9);
    String c = restingBuy("89800.0", "0.01", "cl_ord_id", "batch-c");
    restingBuy("89700.0", "0.01");
    Map<String, Object> cancelled = call("cancelOrderBatch", "orders", List.of(a, Map.of("txid", 9)),
        "cl_ord_ids", List.of(Map.of("cl_ord_id", "batch-c")));
    assertEquals(Map.of("count", 3L), cancelled);
    assertEquals(1, map(call("getOpenOrders").get("open")).size());
    List<Object> tooMany = new ArrayList<>();
    for (int i = 0; i < 51; i++) {
      tooMany.add("O" + i);
    }
    assertEquals("EGeneral:Invalid arguments:orders", refusal(() -> call("cancelOrderBatch", "orders", tooMany)));
  }

  @Test
  void theDeadMansSwitchCancelsEverythingWhenItsTimeComes() {
    String a = restingBuy("90000.0", "0.01");
    Map<String, Object> armed = call("cancelAllOrdersAfter", "timeout", "60");
    assertEquals(Map.of("currentTime", "2025-03-14T09:00:00Z", "triggerTime", "2025-03-14T09:01:00Z"), armed);
    clock.advance(Duration.ofSeconds(30));
    call("cancelAllOrdersAfter", "timeout", 60); // pushed back to 09:01:30
    clock.advance(Duration.ofSeconds(45));
    assertEquals("open", order(a).get("status"));
    clock.advance(Duration.ofSeconds(15));
    Map<String, Object> cancelled = order(a);
    assertEquals("canceled", cancelled.get("status"));
    assertEquals(new BigDecimal("1741942890"), cancelled.get("closetm"));

    // Disarmed with 0, it leaves later orders alone.
    String b = restingBuy("90000.0", "0.01");
    call("cancelAllOrdersAfter", "timeout", 10);
    assertEquals("0", call("cancelAllOrdersAfter", "timeout", 0).get("triggerTime"));
    clock.advance(Duration.ofMinutes(5));
    assertEquals("open", order(b).get("status"));
    assertEquals("EGeneral:Invalid arguments:timeout", refusal(() -> call("cancelAllOrdersAfter",
        "timeout", 86400)));
  }

  @Test
  void aBatchIsValidatedWholeButRefusedOrderByOrderForFunds() {
    assertEquals("EOrder:Order minimum not met", refusal(() -> call("addOrderBatch", "pair", "XBTUSD",
        "orders", List.of(
            Map.of("type", "buy", "ordertype", "limit", "price", "90000", "volume", "0.01"),
            Map.of("type", "buy", "ordertype", "limit", "price", "90000", "volume", "0.000001")))));
    assertTrue(map(call("getOpenOrders").get("open")).isEmpty());
    assertEquals("EGeneral:Invalid arguments:orders", refusal(() -> call("addOrderBatch", "pair", "XBTUSD",
        "orders", List.of(Map.of("type", "buy", "ordertype", "limit", "price", "90000", "volume", "0.01")))));

    Map<String, Object> result = call("addOrderBatch", "pair", "XBTUSD", "orders", List.of(
        Map.of("type", "buy", "ordertype", "limit", "price", "90000", "volume", "0.01",
            "close", Map.of("ordertype", "stop-loss-limit", "price", "85000", "price2", "84000")),
        Map.of("type", "buy", "ordertype", "limit", "price", "90000", "volume", "20"),
        Map.of("type", "sell", "ordertype", "limit", "price", "95000", "volume", "0.14")));
    List<Object> orders = list(result.get("orders"));
    assertEquals(3, orders.size());
    Map<String, Object> first = map(orders.get(0));
    assertTrue(Ids.shaped((String) first.get("txid"), 'O'));
    assertEquals(Map.of("order", "buy 0.01000000 XBTUSD @ limit 90000.0"), first.get("descr"));
    assertEquals("close position @ stop loss 85000.0 -> limit 84000.0", first.get("close"));
    assertEquals(Map.of("error", "EOrder:Insufficient funds"), orders.get(1));
    assertEquals("sell 0.14000000 XBTUSD @ limit 95000.0", map(map(orders.get(2)).get("descr")).get("order"));
    assertEquals(2, map(call("getOpenOrders").get("open")).size());
  }

  @Test
  void aFormEncodedBatchArrivesAsFlatKeys() {
    Map<String, Object> result = call("addOrderBatch", "pair", "XBTUSD", "validate", "true",
        "orders[0][type]", "buy", "orders[0][ordertype]", "limit", "orders[0][price]", "90000",
        "orders[0][volume]", "0.01", "orders[0][close][ordertype]", "limit", "orders[0][close][price]", "99000",
        "orders[1][type]", "sell", "orders[1][ordertype]", "limit", "orders[1][price]", "99000",
        "orders[1][volume]", "0.01");
    List<Object> orders = list(result.get("orders"));
    assertEquals(2, orders.size());
    assertEquals(Map.of("descr", Map.of("order", "sell 0.01000000 XBTUSD @ limit 99000.0")), orders.get(1));
    assertTrue(map(call("getOpenOrders").get("open")).isEmpty());
  }

  @Test
  void closedOrdersAreNewestFirstAndPageBy50WithTheirCount() {
    exchange.setTier(Exchange.DEMO, Tier.PRO);
    List<String> txids = new ArrayList<>();
    for (int i = 0; i < 55; i++) {
      txids.add(restingBuy("80000.0", "0.0001"));
      clock.advance(Duration.ofSeconds(10));
    }
    call("cancelAllOrders");
    Map<String, Object> firstPage = call("getClosedOrders");
    assertEquals(55L, firstPage.get("count"));
    Map<String, Object> closed = map(firstPage.get("closed"));
    assertEquals(50, closed.size());
    Map<String, Object> secondPage = call("getClosedOrders", "ofs", 50);
    assertEquals(5, map(secondPage.get("closed")).size());
    // All cancelled at once: newest placement first.
    assertEquals(txids.get(54), closed.keySet().iterator().next());
    assertEquals(txids.get(0), List.copyOf(map(secondPage.get("closed")).keySet()).get(4));

    // By open time: after the 50th order's opening (exclusive).
    Map<String, Object> late = call("getClosedOrders", "closetime", "open", "start", txids.get(49));
    assertEquals(5L, late.get("count"));
    Map<String, Object> withoutCount = call("getClosedOrders", "without_count", true);
    assertFalse(withoutCount.containsKey("count"));
  }
}
