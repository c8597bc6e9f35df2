package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.ConstraintViolationException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.KrakenTransportException;
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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every trading method of the Spot facade on the wire: the exact frame ({@code req_id}, the
 * connection's token), the typed result matched on {@code req_id} (one per id for {@code
 * cancel_order}), the service's error string, and params refused before anything is sent.
 */
final class FacadeMethodsTest extends WebSocketClientTestBase {
  /** One method: the call, the params it must send ({@code TOKEN}: the token), the results sent back and what the typed result says. */
  record Case(String method, Function<SpotWebSocket, CompletableFuture<?>> call, String params, List<String> results,
      Function<Object, Object> read, Object expected) {
    @Override public String toString() {
      return method;
    }
  }

  static Stream<Case> methods() {
    return Stream.of(
        new Case("add_order", spot -> spot.addOrder(p -> p.orderType(OrderType.LIMIT).side(Side.BUY)
                .orderQty(new BigDecimal("0.01000")).symbol("BTC/USD").limitPrice(new BigDecimal("30000.0"))),
            "{\"order_type\":\"limit\",\"side\":\"buy\",\"order_qty\":0.01000,\"symbol\":\"BTC/USD\","
                + "\"limit_price\":30000.0,\"token\":\"TOKEN\"}",
            List.of("{\"order_id\":\"OA1\"}"), result -> ((AddOrderResult) result).orderId(), "OA1"),
        new Case("amend_order", spot -> spot.amendOrder(p -> p.orderId("OA1").orderQty(new BigDecimal("2"))),
            "{\"order_id\":\"OA1\",\"order_qty\":2,\"token\":\"TOKEN\"}",
            List.of("{\"amend_id\":\"AM1\",\"order_id\":\"OA1\"}"), result -> ((AmendOrderResult) result).amendId(), "AM1"),
        new Case("edit_order", spot -> spot.editOrder(p -> p.orderId("OA1").symbol("BTC/USD").limitPrice(new BigDecimal("31000"))),
            "{\"order_id\":\"OA1\",\"symbol\":\"BTC/USD\",\"limit_price\":31000,\"token\":\"TOKEN\"}",
            List.of("{\"order_id\":\"OB2\",\"original_order_id\":\"OA1\"}"),
            result -> ((EditOrderResult) result).originalOrderId(), "OA1"),
        new Case("cancel_order", spot -> spot.cancelOrder(p -> p.orderId(List.of("OA1", "OB2"))),
            "{\"order_id\":[\"OA1\",\"OB2\"],\"token\":\"TOKEN\"}",
            List.of("{\"order_id\":\"OA1\"}", "{\"order_id\":\"OB2\"}"),
            result -> ((List<CancelOrderResult>) result).stream().map(CancelOrderResult::orderId).toList(),
            List.of("OA1", "OB2")),
        new Case("cancel_all", spot -> spot.cancelAll(p -> {}), "{\"token\":\"TOKEN\"}",
            List.of("{\"count\":3}"), result -> ((CountResult) result).count(), 3),
        new Case("cancel_all_orders_after", spot -> spot.cancelAllOrdersAfter(p -> p.timeout(60)),
            "{\"timeout\":60,\"token\":\"TOKEN\"}",
            List.of("{\"currentTime\":\"2023-09-21T15:49:29Z\",\"triggerTime\":\"2023-09-21T15:50:29Z\"}"),
            result -> ((CancelAllOrdersAfterResult) result).triggerTime().toString(), "2023-09-21T15:50:29Z"),
        new Case("batch_add", spot -> spot.batchAdd(p -> p.symbol("BTC/USD").orders(List.of(
                BatchOrder.builder().orderType(OrderType.MARKET).side(Side.BUY).orderQty(new BigDecimal("0.1")).build(),
                BatchOrder.builder().orderType(OrderType.MARKET).side(Side.SELL).orderQty(new BigDecimal("0.2")).build()))),
            "{\"symbol\":\"BTC/USD\",\"orders\":[{\"order_type\":\"market\",\"side\":\"buy\",\"order_qty\":0.1},"
                + "{\"order_type\":\"market\",\"side\":\"sell\",\"order_qty\":0.2}],\"token\":\"TOKEN\"}",
            List.of("[{\"order_id\":\"OC1\"},{\"order_id\":\"OC2\"}]"),
            result -> ((List<AddOrderResult>) result).stream().map(AddOrderResult::orderId).toList(), List.of("OC1", "OC2")),
        new Case("batch_cancel", spot -> spot.batchCancel(p -> p.orders(List.of("OC1", "OC2"))),
            "{\"orders\":[\"OC1\",\"OC2\"],\"token\":\"TOKEN\"}",
            List.of("{\"count\":2}"), result -> ((CountResult) result).count(), 2));
  }

  @ParameterizedTest(name = "{0}") @MethodSource("methods")
  void sendsTheFrameAndCompletesWithTheTypedResultMatchedOnReqId(Case method) throws Exception {
    ServerSocket socket = upgrade();
    CompletableFuture<?> call = method.call().apply(client.spot());
    String frame = socket.next();
    long id = reqId(frame);
    assertEquals("{\"method\":\"" + method.method() + "\",\"params\":" + method.params().replace("TOKEN", "token-1")
        + ",\"req_id\":" + id + "}", frame);
    // A reply to another request does not complete it.
    socket.send("{\"method\":\"" + method.method() + "\",\"result\":" + method.results().get(0) + ",\"success\":true,"
        + "\"req_id\":" + (id + 1000) + "}");
    for (String result : method.results()) {
      socket.send("{\"method\":\"" + method.method() + "\",\"result\":" + result + ",\"success\":true,\"req_id\":" + id
          + ",\"time_in\":\"2023-09-21T15:49:29.000000Z\",\"time_out\":\"2023-09-21T15:49:29.001000Z\"}");
    }
    assertEquals(method.expected(), method.read().apply(await(call)));
  }

  @ParameterizedTest(name = "{0}") @MethodSource("methods")
  void aRefusalFailsWithTheServicesErrorString(Case method) throws Exception {
    ServerSocket socket = upgrade();
    CompletableFuture<?> call = method.call().apply(client.spot());
    long id = reqId(socket.next());
    socket.send("{\"method\":\"" + method.method() + "\",\"success\":false,\"error\":\"EOrder:Insufficient funds\","
        + "\"req_id\":" + id + "}");
    KrakenServiceException failure = assertInstanceOf(KrakenServiceException.class, failureOf(call));
    assertEquals(List.of("EOrder:Insufficient funds"), failure.errors());
  }

  @ParameterizedTest(name = "{0}") @MethodSource("methods")
  void aSuccessWithoutResultFailsAsOutcomeUnknown(Case method) throws Exception {
    ServerSocket socket = upgrade();
    CompletableFuture<?> call = method.call().apply(client.spot());
    long id = reqId(socket.next());
    // Every reply but the last answers as it should (cancel_order: one per id); the last has no result.
    List<String> results = method.results();
    for (String result : results.subList(0, results.size() - 1)) {
      socket.send("{\"method\":\"" + method.method() + "\",\"result\":" + result + ",\"success\":true,\"req_id\":" + id + "}");
    }
    socket.send("{\"method\":\"" + method.method() + "\",\"success\":true,\"req_id\":" + id + "}");
    KrakenTransportException failure = assertInstanceOf(KrakenTransportException.class, failureOf(call));
    assertTrue(failure.outcomeUnknown(), "an order method's outcome is unknown: " + failure);
    assertEquals(method.method(), failure.operationId());
    assertTrue(failure.getMessage().contains(method.method() + " answered success without result"), failure.getMessage());
    // The CallListener sees the failure the caller sees.
    assertEquals("attempt " + method.method() + " failed: " + failure, callReports.poll());
    assertEquals("call " + method.method() + " failed: " + failure, callReports.poll());
  }

  @Test void aSuccessWithoutResultToAMethodThatChangesNoOrderIsNotOutcomeUnknown() {
    assertEquals("r", MethodReplies.result("ping", "r"));
    KrakenTransportException failure = assertThrows(KrakenTransportException.class,
        () -> MethodReplies.result("ping", null));
    assertTrue(!failure.outcomeUnknown(), failure.getMessage());
    assertEquals("r", MethodReplies.result("add_order", "r"));
    assertTrue(assertThrows(KrakenTransportException.class, () -> MethodReplies.result("add_order", null))
        .outcomeUnknown());
  }

  /** No params model has a token (x-kraken-ws-connection-set): the frame carries the connection's. */
  @Test void theParamsHaveNoTokenAndTheFrameHasTheConnections() throws Exception {
    assertTrue(java.util.Arrays.stream(io.github.krakensdk.websocket.model.CancelAllParams.Builder.class.getMethods())
        .noneMatch(m -> m.getName().equals("token")), "a caller cannot set the token");
    assertTrue(java.util.Arrays.stream(io.github.krakensdk.websocket.model.CancelAllParams.class.getMethods())
        .noneMatch(m -> m.getName().equals("token")), "nor read one");
    ServerSocket socket = upgrade();
    CompletableFuture<?> call = client.spot().cancelAll(p -> {});
    String frame = socket.next();
    assertEquals("{\"method\":\"cancel_all\",\"params\":{\"token\":\"token-1\"},\"req_id\":" + reqId(frame) + "}", frame);
    socket.send("{\"method\":\"cancel_all\",\"result\":{\"count\":0},\"success\":true,\"req_id\":" + reqId(frame) + "}");
    await(call);
  }

  @Test void paramsThatBreakTheContractAreRefusedBeforeAnythingIsSent() throws Exception {
    ServerSocket socket = upgrade();
    ConstraintViolationException noSide = assertThrows(ConstraintViolationException.class,
        () -> client.spot().addOrder(p -> p.orderType(OrderType.LIMIT).orderQty(BigDecimal.ONE).symbol("BTC/USD")));
    assertTrue(noSide.getMessage().contains("side"), noSide.getMessage());
    assertTrue(!noSide.getMessage().contains("token"), "the token is the connection's: " + noSide.getMessage());
    assertThrows(ConstraintViolationException.class, () -> client.spot().batchCancel(p -> {}));
    assertThrows(NullPointerException.class, () -> client.spot().cancelAll((io.github.krakensdk.websocket.model.CancelAllParams) null));
    // The connection opens for the check below; no frame went out for the refusals.
    client.spot().cancelAll(p -> {});
    assertTrue(socket.next().contains("\"cancel_all\""));
    assertNull(socket.poll());
  }

  @Test void anOrderInFlightWhenTheSocketDropsFailsAsOutcomeUnknownAndIsNotSentAgain() throws Exception {
    ServerSocket first = upgrade();
    CompletableFuture<AddOrderResult> call = client.spot().addOrder(p -> p.orderType(OrderType.MARKET).side(Side.BUY)
        .orderQty(BigDecimal.ONE).symbol("BTC/USD"));
    first.next();
    ServerSocket second = upgrade();
    first.close(1001, "going away");
    KrakenTransportException failure = assertInstanceOf(KrakenTransportException.class, failureOf(call));
    assertTrue(failure.outcomeUnknown());
    awaitEvent("reconnect");
    clock.advance(java.time.Duration.ofSeconds(1));
    awaitEvent("connected");
    assertEquals(List.of(), barrier(client.modelConnection(WebSocketEndpoint.SPOT_PRIVATE), second),
        "never sent again");
  }
}
