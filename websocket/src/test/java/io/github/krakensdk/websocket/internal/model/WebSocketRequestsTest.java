package io.github.krakensdk.websocket.internal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.ConstraintViolationException;
import io.github.krakensdk.websocket.internal.ModelCodec;
import io.github.krakensdk.websocket.model.*;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Every request builder, written as JSON by the connection's writer (which puts in the token),
 * equals the request Kraken's WebSocket v2 reference pages show (with a {@code req_id} where the
 * page's example has none: the SDK always sends one), and each numbers keeps the digits it was
 * given. No params model carries the token.
 */
final class WebSocketRequestsTest {
  private static final String TOKEN = "G38a1tGFzqGiUCmnegBcm8d4nfP3tytiNQz6tkCBYXY";
  private final WebSocketCodec codec = WebSocketCodec.create();

  /** Builder method name to (the request it builds, the JSON the docs show). */
  private static Map<String, Map.Entry<Supplier<WsRequest>, String>> examples() {
    Map<String, Map.Entry<Supplier<WsRequest>, String>> examples = new TreeMap<>();
    examples.put("ping", Map.entry(() -> WebSocketRequests.ping(101L), "{\"method\":\"ping\",\"req_id\":101}"));
    examples.put("tickerSubscribe", Map.entry(
        () -> WebSocketRequests.tickerSubscribe(TickerSubscribeParams.builder().symbol(List.of("ALGO/USD")).build(), 1L),
        "{\"method\":\"subscribe\",\"params\":{\"channel\":\"ticker\",\"symbol\":[\"ALGO/USD\"]},\"req_id\":1}"));
    examples.put("tickerUnsubscribe", Map.entry(
        () -> WebSocketRequests.tickerUnsubscribe(TickerUnsubscribeParams.builder().symbol(List.of("ALGO/USD")).build(), 2L),
        "{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"ticker\",\"symbol\":[\"ALGO/USD\"]},\"req_id\":2}"));
    examples.put("bookSubscribe", Map.entry(
        () -> WebSocketRequests.bookSubscribe(BookSubscribeParams.builder().symbol(List.of("ALGO/USD", "MATIC/USD"))
            .depth(BookDepth.NUMBER_25).build(), 3L),
        "{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"ALGO/USD\",\"MATIC/USD\"],\"depth\":25},"
            + "\"req_id\":3}"));
    examples.put("bookUnsubscribe", Map.entry(
        () -> WebSocketRequests.bookUnsubscribe(BookUnsubscribeParams.builder().symbol(List.of("ALGO/USD"))
            .depth(BookDepth.NUMBER_25).build(), 4L),
        "{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"ALGO/USD\"],\"depth\":25},\"req_id\":4}"));
    examples.put("level3Subscribe", Map.entry(
        () -> WebSocketRequests.level3Subscribe(Level3SubscribeParams.builder().symbol(List.of("ALGO/USD"))
            .snapshot(true).build(), 5L),
        "{\"method\":\"subscribe\",\"params\":{\"channel\":\"level3\",\"symbol\":[\"ALGO/USD\"],\"snapshot\":true,"
            + "\"token\":\"" + TOKEN + "\"},\"req_id\":5}"));
    examples.put("level3Unsubscribe", Map.entry(
        () -> WebSocketRequests.level3Unsubscribe(Level3UnsubscribeParams.builder().symbol(List.of("ALGO/USD"))
            .build(), 6L),
        "{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"level3\",\"symbol\":[\"ALGO/USD\"],\"token\":\"" + TOKEN
            + "\"},\"req_id\":6}"));
    examples.put("ohlcSubscribe", Map.entry(
        () -> WebSocketRequests.ohlcSubscribe(OhlcSubscribeParams.builder().symbol(List.of("ALGO/USD", "MATIC/USD"))
            .interval(OhlcInterval.NUMBER_5).build(), 7L),
        "{\"method\":\"subscribe\",\"params\":{\"channel\":\"ohlc\",\"symbol\":[\"ALGO/USD\",\"MATIC/USD\"],\"interval\":5},"
            + "\"req_id\":7}"));
    examples.put("ohlcUnsubscribe", Map.entry(
        () -> WebSocketRequests.ohlcUnsubscribe(OhlcUnsubscribeParams.builder().symbol(List.of("ALGO/USD"))
            .interval(OhlcInterval.NUMBER_5).build(), 8L),
        "{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"ohlc\",\"symbol\":[\"ALGO/USD\"],\"interval\":5},\"req_id\":8}"));
    examples.put("tradeSubscribe", Map.entry(
        () -> WebSocketRequests.tradeSubscribe(TradeSubscribeParams.builder().symbol(List.of("MATIC/USD"))
            .snapshot(true).build(), 9L),
        "{\"method\":\"subscribe\",\"params\":{\"channel\":\"trade\",\"symbol\":[\"MATIC/USD\"],\"snapshot\":true},\"req_id\":9}"));
    examples.put("tradeUnsubscribe", Map.entry(
        () -> WebSocketRequests.tradeUnsubscribe(TradeUnsubscribeParams.builder().symbol(List.of("MATIC/USD")).build(), 10L),
        "{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"trade\",\"symbol\":[\"MATIC/USD\"]},\"req_id\":10}"));
    examples.put("instrumentSubscribe", Map.entry(
        () -> WebSocketRequests.instrumentSubscribe(InstrumentSubscribeParams.builder().build(), 11L),
        "{\"method\":\"subscribe\",\"params\":{\"channel\":\"instrument\"},\"req_id\":11}"));
    examples.put("instrumentUnsubscribe", Map.entry(
        () -> WebSocketRequests.instrumentUnsubscribe(InstrumentUnsubscribeParams.builder().build(), 12L),
        "{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"instrument\"},\"req_id\":12}"));
    examples.put("executionsSubscribe", Map.entry(
        () -> WebSocketRequests.executionsSubscribe(ExecutionsSubscribeParams.builder().snapOrders(true)
            .snapTrades(true).build(), 13L),
        "{\"method\":\"subscribe\",\"params\":{\"channel\":\"executions\",\"token\":\"" + TOKEN + "\",\"snap_orders\":true,"
            + "\"snap_trades\":true},\"req_id\":13}"));
    examples.put("executionsUnsubscribe", Map.entry(
        () -> WebSocketRequests.executionsUnsubscribe(ExecutionsUnsubscribeParams.builder().build(), 14L),
        "{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"executions\",\"token\":\"" + TOKEN + "\"},\"req_id\":14}"));
    examples.put("balancesSubscribe", Map.entry(
        () -> WebSocketRequests.balancesSubscribe(BalancesSubscribeParams.builder().build(), 15L),
        "{\"method\":\"subscribe\",\"params\":{\"channel\":\"balances\",\"token\":\"" + TOKEN + "\"},\"req_id\":15}"));
    examples.put("balancesUnsubscribe", Map.entry(
        () -> WebSocketRequests.balancesUnsubscribe(BalancesUnsubscribeParams.builder().build(), 16L),
        "{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"balances\",\"token\":\"" + TOKEN + "\"},\"req_id\":16}"));
    examples.put("marginSubscribe", Map.entry(
        () -> WebSocketRequests.marginSubscribe(MarginSubscribeParams.builder().assetClass(AssetClass.DERIVATIVES)
            .build(), 17L),
        "{\"method\":\"subscribe\",\"params\":{\"channel\":\"margin\",\"asset_class\":\"derivatives\",\"token\":\"" + TOKEN
            + "\"},\"req_id\":17}"));
    examples.put("marginUnsubscribe", Map.entry(
        () -> WebSocketRequests.marginUnsubscribe(MarginUnsubscribeParams.builder().assetClass(AssetClass.DERIVATIVES)
            .build(), 18L),
        "{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"margin\",\"asset_class\":\"derivatives\",\"token\":\"" + TOKEN
            + "\"},\"req_id\":18}"));
    examples.put("positionsSubscribe", Map.entry(
        () -> WebSocketRequests.positionsSubscribe(PositionsSubscribeParams.builder().assetClass(AssetClass.DERIVATIVES)
            .build(), 19L),
        "{\"method\":\"subscribe\",\"params\":{\"channel\":\"positions\",\"asset_class\":\"derivatives\",\"token\":\"" + TOKEN
            + "\"},\"req_id\":19}"));
    examples.put("positionsUnsubscribe", Map.entry(
        () -> WebSocketRequests.positionsUnsubscribe(PositionsUnsubscribeParams.builder().assetClass(AssetClass.DERIVATIVES)
            .build(), 20L),
        "{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"positions\",\"asset_class\":\"derivatives\",\"token\":\""
            + TOKEN + "\"},\"req_id\":20}"));
    examples.put("ledgersSubscribe", Map.entry(
        () -> WebSocketRequests.ledgersSubscribe(LedgersSubscribeParams.builder().build(), 21L),
        "{\"method\":\"subscribe\",\"params\":{\"channel\":\"ledgers\",\"token\":\"" + TOKEN + "\"},\"req_id\":21}"));
    examples.put("ledgersUnsubscribe", Map.entry(
        () -> WebSocketRequests.ledgersUnsubscribe(LedgersUnsubscribeParams.builder().build(), 22L),
        "{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"ledgers\",\"token\":\"" + TOKEN + "\"},\"req_id\":22}"));
    examples.put("addOrder", Map.entry(
        () -> WebSocketRequests.addOrder(AddOrderParams.builder().orderType(OrderType.LIMIT).side(Side.BUY)
            .limitPrice(new BigDecimal("26500.4")).orderUserref(100054).orderQty(new BigDecimal("1.2"))
            .symbol("BTC/USD").build(), 123456789L),
        "{\"method\":\"add_order\",\"params\":{\"order_type\":\"limit\",\"side\":\"buy\",\"limit_price\":26500.4,"
            + "\"order_userref\":100054,\"order_qty\":1.2,\"symbol\":\"BTC/USD\",\"token\":\"" + TOKEN + "\"},"
            + "\"req_id\":123456789}"));
    examples.put("amendOrder", Map.entry(
        () -> WebSocketRequests.amendOrder(AmendOrderParams.builder().clOrdId("2c6be801-1f53-4f79-a0bb-4ea1c95dfae9")
            .limitPrice(new BigDecimal("490795")).orderQty(new BigDecimal("1.2")).build(), 3L),
        "{\"method\":\"amend_order\",\"params\":{\"cl_ord_id\":\"2c6be801-1f53-4f79-a0bb-4ea1c95dfae9\","
            + "\"limit_price\":490795,\"order_qty\":1.2,\"token\":\"" + TOKEN + "\"},\"req_id\":3}"));
    examples.put("editOrder", Map.entry(
        () -> WebSocketRequests.editOrder(EditOrderParams.builder().orderId("7BD466-BKZVM-FT2E2L")
            .orderQty(new BigDecimal("0.2123456789")).symbol("BTC/USD").build(), 4L),
        "{\"method\":\"edit_order\",\"params\":{\"order_id\":\"7BD466-BKZVM-FT2E2L\",\"order_qty\":0.2123456789,"
            + "\"symbol\":\"BTC/USD\",\"token\":\"" + TOKEN + "\"},\"req_id\":4}"));
    examples.put("cancelOrder", Map.entry(
        () -> WebSocketRequests.cancelOrder(CancelOrderParams.builder().orderId(List.of("1V7PZA-L5RIM-RX2G6B"))
            .build(), 5L),
        "{\"method\":\"cancel_order\",\"params\":{\"order_id\":[\"1V7PZA-L5RIM-RX2G6B\"],\"token\":\"" + TOKEN + "\"},"
            + "\"req_id\":5}"));
    examples.put("cancelAll", Map.entry(
        () -> WebSocketRequests.cancelAll(CancelAllParams.builder().build(), 6L),
        "{\"method\":\"cancel_all\",\"params\":{\"token\":\"" + TOKEN + "\"},\"req_id\":6}"));
    examples.put("cancelAllOrdersAfter", Map.entry(
        () -> WebSocketRequests.cancelAllOrdersAfter(CancelAllOrdersAfterParams.builder().timeout(100).build(),
            1234567890L),
        "{\"method\":\"cancel_all_orders_after\",\"params\":{\"timeout\":100,\"token\":\"" + TOKEN + "\"},"
            + "\"req_id\":1234567890}"));
    examples.put("batchAdd", Map.entry(
        () -> WebSocketRequests.batchAdd(BatchAddParams.builder().symbol("BTC/USD").orders(List.of(
            BatchOrder.builder().limitPrice(new BigDecimal("1010.10")).orderQty(new BigDecimal("1.2"))
                .orderType(OrderType.LIMIT).orderUserref(1).side(Side.BUY).build(),
            BatchOrder.builder().limitPrice(new BigDecimal("1100.30")).orderQty(new BigDecimal("1.5"))
                .orderType(OrderType.LIMIT).orderUserref(2).side(Side.SELL).stpType(StpType.CANCEL_BOTH).build()))
            .build(), 1234567890L),
        "{\"method\":\"batch_add\",\"params\":{\"orders\":[{\"limit_price\":1010.10,\"order_qty\":1.2,"
            + "\"order_type\":\"limit\",\"order_userref\":1,\"side\":\"buy\"},{\"limit_price\":1100.30,\"order_qty\":1.5,"
            + "\"order_type\":\"limit\",\"order_userref\":2,\"side\":\"sell\",\"stp_type\":\"cancel_both\"}],"
            + "\"symbol\":\"BTC/USD\",\"token\":\"" + TOKEN + "\"},\"req_id\":1234567890}"));
    examples.put("batchCancel", Map.entry(
        () -> WebSocketRequests.batchCancel(BatchCancelParams.builder().orders(List.of("1V7PZA-L5RIM-RX2G6B",
            "TEST-123456")).build(), 8L),
        "{\"method\":\"batch_cancel\",\"params\":{\"orders\":[\"1V7PZA-L5RIM-RX2G6B\",\"TEST-123456\"],\"token\":\""
            + TOKEN + "\"},\"req_id\":8}"));
    return examples;
  }

  @Test
  void everyBuilderWritesTheRequestTheDocsShow() {
    ModelCodec connection = new ModelCodec();
    examples().forEach((name, example) -> {
      WsRequest request = example.getKey().get();
      String written = connection.write(request, request.reqId(), TOKEN);
      assertEquals(JsonTree.parse(example.getValue()), JsonTree.parse(written), name + " wrote " + written);
    });
  }

  /** The requests that take a token are those whose documented frame has one, as the contract marks them. */
  @Test
  void theRequestsThatTakeATokenAreTheContracts() {
    examples().forEach((name, example) -> assertEquals(example.getValue().contains("\"token\""),
        WebSocketRequests.takesToken(example.getKey().get()), name));
  }

  /** The params models have no token (x-kraken-ws-connection-set): a caller cannot set one. */
  @Test
  void noParamsModelHasAToken() throws Exception {
    int params = 0;
    for (Map.Entry<Supplier<WsRequest>, String> example : examples().values()) {
      WsRequest request = example.getKey().get();
      java.lang.reflect.Method paramsAccessor;
      try {
        paramsAccessor = request.getClass().getMethod("params");
      } catch (NoSuchMethodException none) {
        continue; // ping
      }
      Class<?> model = paramsAccessor.getReturnType();
      params++;
      for (Class<?> type : List.of(model, model.getMethod("builder").getReturnType())) {
        assertTrue(Arrays.stream(type.getMethods()).noneMatch(m -> m.getName().equals("token")), type.getName());
      }
      assertFalse(codec.write(request).contains("token"), model.getSimpleName());
    }
    assertEquals(30, params);
  }

  @Test
  void aRequestThatTakesATokenIsNotWrittenWithoutOne() {
    IllegalStateException none = assertThrows(IllegalStateException.class, () -> new ModelCodec().write(
        WebSocketRequests.cancelAll(CancelAllParams.builder().build(), 6L), 6L, null));
    assertEquals("cancel_all takes the connection's token, and the connection has none", none.getMessage());
    IllegalStateException subscription = assertThrows(IllegalStateException.class, () -> new ModelCodec().write(
        WebSocketRequests.balancesSubscribe(BalancesSubscribeParams.builder().build(), 7L), 7L, null));
    assertEquals("subscribe on balances takes the connection's token, and the connection has none",
        subscription.getMessage());
    assertEquals(JsonTree.parse("{\"method\":\"subscribe\",\"params\":{\"channel\":\"instrument\"},\"req_id\":8}"),
        JsonTree.parse(new ModelCodec().write(WebSocketRequests.instrumentSubscribe(
            InstrumentSubscribeParams.builder().build(), 1L), 8L, TOKEN)), "a public channel gets no token");
  }

  @Test
  void everyBuilderHasAnExample() {
    TreeSet<String> builders = new TreeSet<>();
    Arrays.stream(WebSocketRequests.class.getDeclaredMethods())
        .filter(m -> Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers()))
        .filter(m -> !m.getName().equals("takesToken"))
        .forEach(m -> builders.add(m.getName()));
    assertEquals(builders, examples().keySet());
    assertEquals(31, builders.size(), "22 subscription requests and 9 others");
  }

  /** What is written reads back as the same request: the envelopes round-trip. */
  @Test
  void aWrittenRequestReadsBackEqual() throws Exception {
    for (Map.Entry<Supplier<WsRequest>, String> example : examples().values()) {
      WsRequest request = example.getKey().get();
      assertEquals(request, readBack(request));
    }
  }

  @Test
  void aSubscriptionsChannelIsFilledInAndAnotherOneRefused() {
    BookSubscribeRequest request = WebSocketRequests.bookSubscribe(
        BookSubscribeParams.builder().symbol(List.of("BTC/USD")).build(), 1L);
    assertEquals(Channel.BOOK, request.params().channel());
    assertEquals(Method.SUBSCRIBE, request.method());
    IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class, () -> WebSocketRequests.bookSubscribe(
        BookSubscribeParams.builder().channel(Channel.TICKER).symbol(List.of("BTC/USD")).build(), 1L));
    assertEquals("params.channel: ticker is not book, the channel of BookSubscribeRequest", wrong.getMessage());
  }

  @Test
  void aRequestTheContractRefusesIsNeverWritten() {
    WsRequest oneOrder = WebSocketRequests.batchAdd(BatchAddParams.builder().symbol("BTC/USD")
        .orders(List.of(BatchOrder.builder().orderType(OrderType.MARKET).side(Side.BUY)
            .orderQty(BigDecimal.ONE).build())).build(), 1L);
    ConstraintViolationException refused = assertThrows(ConstraintViolationException.class, () -> codec.write(oneOrder));
    assertTrue(refused.getMessage().contains("params.orders"), refused.getMessage());
    ConstraintViolationException noQuantity = assertThrows(ConstraintViolationException.class, () -> codec.write(
        WebSocketRequests.addOrder(AddOrderParams.builder().orderType(OrderType.LIMIT).side(Side.BUY).symbol("BTC/USD")
            .build(), 2L)));
    assertTrue(noQuantity.getMessage().contains("params.order_qty"), noQuantity.getMessage());
    ConstraintViolationException reqId = assertThrows(ConstraintViolationException.class,
        () -> codec.write(WebSocketRequests.ping(0L)));
    assertTrue(reqId.getMessage().contains("req_id"), reqId.getMessage());
  }

  private WsRequest readBack(WsRequest request) throws java.io.IOException {
    com.squareup.moshi.Moshi moshi = io.github.krakensdk.runtime.internal.json.KrakenJson.newBuilder()
        .add(WebSocketJsonAdapters.FACTORY).build();
    return moshi.adapter(request.getClass()).fromJson(codec.write(request));
  }
}
