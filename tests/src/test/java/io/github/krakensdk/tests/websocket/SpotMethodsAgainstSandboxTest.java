package io.github.krakensdk.tests.websocket;

import static io.github.krakensdk.tests.websocket.SpotSandboxSession.PAIR;
import static io.github.krakensdk.tests.websocket.SpotSandboxSession.SYMBOL;
import static io.github.krakensdk.tests.websocket.SpotSandboxSession.await;
import static io.github.krakensdk.tests.websocket.SpotSandboxSession.failure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.runtime.call.CallAttempt;
import io.github.krakensdk.runtime.call.CallOutcome;
import io.github.krakensdk.spot.model.AssetPair;
import io.github.krakensdk.spot.model.OrderInfo;
import io.github.krakensdk.spot.model.OrderStatus;
import io.github.krakensdk.spot.model.TickerInfo;
import io.github.krakensdk.websocket.SpotWebSocket;
import io.github.krakensdk.websocket.model.AddOrderResult;
import io.github.krakensdk.websocket.model.AmendOrderResult;
import io.github.krakensdk.websocket.model.BatchOrder;
import io.github.krakensdk.websocket.model.CancelAllOrdersAfterResult;
import io.github.krakensdk.websocket.model.CancelOrderResult;
import io.github.krakensdk.websocket.model.CountResult;
import io.github.krakensdk.websocket.model.EditOrderResult;
import io.github.krakensdk.websocket.model.OrderType;
import io.github.krakensdk.websocket.model.Side;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every Spot v2 trading method of the typed client ({@code ws.spot()}) against the embedded
 * sandbox's real WebSocket server, each checked for its effect over REST (OpenOrders, ClosedOrders)
 * and for its typed result, and each seen by the client's {@link
 * io.github.krakensdk.runtime.call.CallListener} as one attempt and one call named by the wire
 * method.
 */
class SpotMethodsAgainstSandboxTest {
  private static final BigDecimal VOLUME = new BigDecimal("0.02");

  private SpotSandboxSession session;
  private SpotWebSocket spot;
  private BigDecimal restingPrice;

  @BeforeEach
  void start() {
    session = new SpotSandboxSession();
    spot = session.ws.spot();
    AssetPair pair = session.kraken.spot().getAssetPairs(r -> r.pair(PAIR)).values().iterator().next();
    TickerInfo ticker = session.kraken.spot().getTicker(r -> r.pair(PAIR)).values().iterator().next();
    // A buy well below the best bid rests in the book, never fills.
    restingPrice = ticker.bid().price().multiply(new BigDecimal("0.9")).setScale(pair.pairDecimals(),
        RoundingMode.DOWN);
  }

  @AfterEach
  void stop() {
    session.close();
  }

  @Test
  void addAmendEditAndCancelOrderShowInRestOrders() throws Exception {
    AddOrderResult first = await(spot.addOrder(p -> p.orderType(OrderType.LIMIT).side(Side.BUY).symbol(SYMBOL)
        .orderQty(VOLUME).limitPrice(restingPrice).clOrdId("e2e-first")));
    assertNotNull(first.orderId());
    assertEquals("e2e-first", first.clOrdId());
    assertNull(first.error());
    AddOrderResult second = await(spot.addOrder(p -> p.orderType(OrderType.LIMIT).side(Side.BUY).symbol(SYMBOL)
        .orderQty(VOLUME).limitPrice(restingPrice).orderUserref(7)));
    assertEquals(7, second.orderUserref());
    AddOrderResult third = await(spot.addOrder(p -> p.orderType(OrderType.LIMIT).side(Side.BUY).symbol(SYMBOL)
        .orderQty(VOLUME).limitPrice(restingPrice).clOrdId("e2e-third")));

    Map<String, OrderInfo> open = openOrders();
    assertEquals(Set.of(first.orderId(), second.orderId(), third.orderId()), open.keySet());
    OrderInfo placed = open.get(first.orderId());
    assertEquals("e2e-first", placed.clientOrderId());
    assertEquals(0, VOLUME.compareTo(placed.volume()));
    assertEquals(0, restingPrice.compareTo(new BigDecimal(placed.description().price())));
    assertEquals(7, open.get(second.orderId()).userReference());

    // amend_order keeps the order's id and changes its quantity and price in place.
    BigDecimal amendedPrice = restingPrice.subtract(BigDecimal.ONE);
    AmendOrderResult amended = await(spot.amendOrder(p -> p.orderId(first.orderId())
        .orderQty(new BigDecimal("0.03")).limitPrice(amendedPrice)));
    assertFalse(amended.amendId().isEmpty());
    assertEquals(first.orderId(), amended.orderId());
    OrderInfo afterAmend = openOrders().get(first.orderId());
    assertEquals(0, new BigDecimal("0.03").compareTo(afterAmend.volume()));
    assertEquals(0, amendedPrice.compareTo(new BigDecimal(afterAmend.description().price())));
    AmendOrderResult amendedByClientId = await(spot.amendOrder(p -> p.clOrdId("e2e-first").orderQty(VOLUME)));
    assertEquals("e2e-first", amendedByClientId.clOrdId());
    assertEquals(0, VOLUME.compareTo(openOrders().get(first.orderId()).volume()));

    // edit_order replaces the order: a new id, the original closed as cancelled.
    BigDecimal editedPrice = restingPrice.subtract(BigDecimal.TEN);
    EditOrderResult edited = await(spot.editOrder(p -> p.orderId(second.orderId()).symbol(SYMBOL)
        .limitPrice(editedPrice)));
    assertEquals(second.orderId(), edited.originalOrderId());
    assertNotEquals(second.orderId(), edited.orderId());
    open = openOrders();
    assertFalse(open.containsKey(second.orderId()));
    assertEquals(0, editedPrice.compareTo(new BigDecimal(open.get(edited.orderId()).description().price())));
    assertEquals(OrderStatus.CANCELED, closedOrders().get(second.orderId()).status());

    // cancel_order names orders by one kind of reference (Kraken's page: order_id, cl_ord_id and
    // order_userref cannot be combined); the service refuses a mix, the orders stay open.
    Throwable mixed = failure(spot.cancelOrder(p -> p.orderId(List.of(first.orderId())).clOrdId(List.of("e2e-third"))));
    assertEquals(List.of("EGeneral:Invalid arguments:cl_ord_id: cannot be combined with order_id"),
        assertInstanceOf(KrakenServiceException.class, mixed).errors());
    assertEquals(3, openOrders().size());

    // Two order ids: one result per order.
    List<CancelOrderResult> cancelled = await(spot.cancelOrder(p -> p.orderId(List.of(first.orderId(), edited.orderId()))));
    assertEquals(List.of(first.orderId(), edited.orderId()), cancelled.stream().map(CancelOrderResult::orderId).toList());
    assertEquals("e2e-first", cancelled.get(0).clOrdId());
    assertNull(cancelled.get(1).clOrdId());
    List<CancelOrderResult> byClientId = await(spot.cancelOrder(p -> p.clOrdId(List.of("e2e-third"))));
    assertEquals(List.of(third.orderId()), byClientId.stream().map(CancelOrderResult::orderId).toList());
    assertEquals(Map.of(), openOrders());
    Map<String, OrderInfo> closed = closedOrders();
    for (String txid : List.of(first.orderId(), edited.orderId(), third.orderId())) {
      assertEquals(OrderStatus.CANCELED, closed.get(txid).status(), txid);
    }

    assertCalls(List.of("add_order", "add_order", "add_order", "amend_order", "amend_order", "edit_order", "cancel_order",
        "cancel_order", "cancel_order"), 6);
  }

  @Test
  void cancelAllAndTheDeadMansSwitch() throws Exception {
    for (int i = 0; i < 3; i++) {
      await(spot.addOrder(p -> p.orderType(OrderType.LIMIT).side(Side.BUY).symbol(SYMBOL).orderQty(VOLUME)
          .limitPrice(restingPrice)));
    }
    assertEquals(3, openOrders().size());
    CountResult all = await(spot.cancelAll(p -> {}));
    assertEquals(3, all.count());
    assertEquals(Map.of(), openOrders());

    // Armed for 60 s: both times on the sandbox clock; 61 s later REST shows the orders cancelled.
    String txid = await(spot.addOrder(p -> p.orderType(OrderType.LIMIT).side(Side.BUY).symbol(SYMBOL).orderQty(VOLUME)
        .limitPrice(restingPrice))).orderId();
    CancelAllOrdersAfterResult armed = await(spot.cancelAllOrdersAfter(p -> p.timeout(60)));
    assertEquals(session.now(), armed.currentTime());
    assertEquals(session.now().plusSeconds(60), armed.triggerTime());
    session.clock.advance(Duration.ofSeconds(30));
    assertEquals(Set.of(txid), openOrders().keySet(), "not yet");
    session.clock.advance(Duration.ofSeconds(31));
    assertEquals(Map.of(), openOrders(), "the switch fired");
    assertEquals(OrderStatus.CANCELED, closedOrders().get(txid).status());

    // timeout 0 disarms it: the trigger time is the epoch.
    CancelAllOrdersAfterResult disarmed = await(spot.cancelAllOrdersAfter(p -> p.timeout(0)));
    assertEquals(OffsetDateTime.ofInstant(Instant.EPOCH, ZoneOffset.UTC), disarmed.triggerTime());

    assertCalls(List.of("add_order", "add_order", "add_order", "cancel_all", "add_order", "cancel_all_orders_after",
        "cancel_all_orders_after"), -1);
  }

  @Test
  void batchAddAnswersARefusedEntryWithItsErrorAndBatchCancelCancelsTheRest() throws Exception {
    List<AddOrderResult> batch = await(spot.batchAdd(p -> p.symbol(SYMBOL).orders(List.of(
        BatchOrder.builder().orderType(OrderType.LIMIT).side(Side.BUY).orderQty(VOLUME).limitPrice(restingPrice)
            .clOrdId("batch-1").build(),
        BatchOrder.builder().orderType(OrderType.LIMIT).side(Side.BUY).orderQty(new BigDecimal("1000"))
            .limitPrice(restingPrice).clOrdId("batch-2").build(),
        BatchOrder.builder().orderType(OrderType.LIMIT).side(Side.BUY).orderQty(VOLUME).limitPrice(restingPrice)
            .orderUserref(9).build()))));
    assertEquals(3, batch.size());
    AddOrderResult placed = batch.get(0);
    AddOrderResult refused = batch.get(1);
    AddOrderResult placedToo = batch.get(2);
    assertNotNull(placed.orderId());
    assertEquals("batch-1", placed.clOrdId());
    assertNull(refused.orderId(), "a refused entry has no order id: " + refused);
    assertEquals("EOrder:Insufficient funds", refused.error());
    assertEquals("batch-2", refused.clOrdId(), "the client's reference echoed");
    assertNull(refused.warnings(), "the refusal is the entry's error, not a warning");
    assertEquals(9, placedToo.orderUserref());
    assertEquals(Set.of(placed.orderId(), placedToo.orderId()), openOrders().keySet(), "the others stand");

    // batch_cancel takes order ids and client order ids alike.
    CountResult cancelled = await(spot.batchCancel(p -> p.orders(List.of(placedToo.orderId(), "batch-1"))));
    assertEquals(2, cancelled.count());
    assertEquals(Map.of(), openOrders());
    assertEquals(OrderStatus.CANCELED, closedOrders().get(placed.orderId()).status());
    assertEquals(OrderStatus.CANCELED, closedOrders().get(placedToo.orderId()).status());

    assertCalls(List.of("batch_add", "batch_cancel"), -1);
  }

  @Test
  void cancelOrderAnswersEachOrderSoAnUnknownIdLeavesTheOthersCancelled() throws Exception {
    String txid = await(spot.addOrder(p -> p.orderType(OrderType.LIMIT).side(Side.BUY).symbol(SYMBOL).orderQty(VOLUME)
        .limitPrice(restingPrice))).orderId();
    // The unknown id first: its refusal is one reply of the request, the known order is cancelled all the same.
    Throwable unknown = failure(spot.cancelOrder(p -> p.orderId(List.of("OUNKNO-WN000-000000", txid))));
    assertEquals(List.of("EOrder:Unknown order"), assertInstanceOf(KrakenServiceException.class, unknown).errors());
    assertEquals(Map.of(), openOrders());
    assertEquals(OrderStatus.CANCELED, closedOrders().get(txid).status());
  }

  @Test
  void aSuccessWithoutResultFailsAsOutcomeUnknownAndRestTellsWhatHappened() throws Exception {
    session.sandbox.webSocket().omitNextResult("add_order");
    KrakenTransportException unknown = assertInstanceOf(KrakenTransportException.class,
        failure(spot.addOrder(p -> p.orderType(OrderType.LIMIT).side(Side.BUY).symbol(SYMBOL).orderQty(VOLUME)
            .limitPrice(restingPrice).clOrdId("e2e-no-result"))));
    assertTrue(unknown.outcomeUnknown(), unknown.getMessage());
    assertEquals("add_order", unknown.operationId());
    assertTrue(unknown.getMessage().contains("add_order answered success without result"), unknown.getMessage());
    // The caller reconciles over REST: the order was placed.
    List<OrderInfo> placed = openOrders().values().stream().filter(o -> "e2e-no-result".equals(o.clientOrderId())).toList();
    assertEquals(1, placed.size(), "placed, though the reply said nothing of it");
    // The next order's reply has its result again.
    assertNotNull(await(spot.addOrder(p -> p.orderType(OrderType.LIMIT).side(Side.BUY).symbol(SYMBOL).orderQty(VOLUME)
        .limitPrice(restingPrice))).orderId());
  }

  @Test
  void aRefusalFailsTheFutureWithTheServiceErrorAndReachesTheCallListener() throws Exception {
    KrakenServiceException refused = assertInstanceOf(KrakenServiceException.class,
        failure(spot.addOrder(p -> p.orderType(OrderType.LIMIT).side(Side.BUY).symbol(SYMBOL)
            .orderQty(new BigDecimal("1000")).limitPrice(restingPrice))));
    assertEquals(List.of("EOrder:Insufficient funds"), refused.errors());
    assertEquals(Map.of(), openOrders());
    awaitCalls(1);
    CallOutcome call = session.calls.get(0);
    assertEquals("add_order", call.operationId());
    assertFalse(call.succeeded());
    assertEquals(refused.errors(), ((KrakenServiceException) call.failure()).errors());
    assertEquals(1, call.attempts(), "never re-sent");
    CallAttempt attempt = session.attempts.get(0);
    assertFalse(attempt.succeeded());
    assertEquals("add_order", attempt.operationId());
  }

  /**
   * The CallListener saw one attempt and one call per method, in order, each named by the wire
   * method and never re-sent; each a success but the one at {@code refused} (-1: none).
   */
  private void assertCalls(List<String> methods, int refused) throws InterruptedException {
    awaitCalls(methods.size());
    assertEquals(methods, session.calls.stream().map(CallOutcome::operationId).toList());
    assertEquals(methods, session.attempts.stream().map(CallAttempt::operationId).toList());
    for (int i = 0; i < methods.size(); i++) {
      CallOutcome call = session.calls.get(i);
      CallAttempt attempt = session.attempts.get(i);
      assertEquals(i != refused, call.succeeded(), call.toString());
      assertEquals(i != refused, attempt.succeeded(), attempt.toString());
      assertEquals(i == refused, call.failure() instanceof KrakenServiceException, call.toString());
      assertEquals(1, call.attempts(), call.toString());
      assertEquals(1, attempt.number(), attempt.toString());
      assertFalse(call.duration().isNegative(), call.toString());
    }
  }

  /** callEnd may run just after the future completes: wait for {@code count} calls to have ended. */
  private void awaitCalls(int count) throws InterruptedException {
    assertTrue(session.callsEnded.tryAcquire(count, 5, TimeUnit.SECONDS), "calls ended: " + session.calls);
    assertEquals(count, session.calls.size(), session.calls.toString());
  }

  private Map<String, OrderInfo> openOrders() {
    return session.kraken.spot().getOpenOrders().open();
  }

  private Map<String, OrderInfo> closedOrders() {
    return session.kraken.spot().getClosedOrders().closed();
  }
}
