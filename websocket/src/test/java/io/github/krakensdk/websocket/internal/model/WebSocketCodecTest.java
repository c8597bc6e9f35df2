package io.github.krakensdk.websocket.internal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.websocket.model.AddOrderResult;
import io.github.krakensdk.websocket.model.BookData;
import io.github.krakensdk.websocket.model.Channel;
import io.github.krakensdk.websocket.model.EventTrigger;
import io.github.krakensdk.websocket.model.ExecType;
import io.github.krakensdk.websocket.model.ExecutionReport;
import io.github.krakensdk.websocket.model.ExecutionTimeInForce;
import io.github.krakensdk.websocket.model.InstrumentPair;
import io.github.krakensdk.websocket.model.Level3Event;
import io.github.krakensdk.websocket.model.MarginSection;
import io.github.krakensdk.websocket.model.MessageType;
import io.github.krakensdk.websocket.model.OhlcData;
import io.github.krakensdk.websocket.model.OrderStatus;
import io.github.krakensdk.websocket.model.Side;
import io.github.krakensdk.websocket.model.SystemStatus;
import io.github.krakensdk.websocket.model.TickerData;
import io.github.krakensdk.websocket.model.TradeData;
import io.github.krakensdk.websocket.model.WalletType;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The dispatcher on frames shaped as Kraken's WebSocket v2 reference pages show them
 * (docs.kraken.com, api-reference/spot-websocket-v2 and unified-ws), one or more per channel and
 * per method: the right class, and the numbers as their literal digits.
 */
final class WebSocketCodecTest {
  private final WebSocketCodec codec = WebSocketCodec.create();

  // ------------------------------------------------------------------ channel messages

  @Test
  void bookSnapshotKeepsEachNumbersDigitsAndTheUnsignedChecksum() {
    BookMessage message = read(BookMessage.class, "{\"channel\":\"book\",\"type\":\"snapshot\",\"data\":[{"
        + "\"symbol\":\"BTC/USD\",\"bids\":[{\"price\":45283.5,\"qty\":0.10000000},{\"price\":45283.4,\"qty\":1.54582015}],"
        + "\"asks\":[{\"price\":45285.2,\"qty\":0.00100000}],\"checksum\":3310070434}]}");
    assertEquals(Channel.BOOK, message.channel());
    assertEquals(MessageType.SNAPSHOT, message.type());
    BookData book = message.data().get(0);
    assertEquals("BTC/USD", book.symbol());
    assertEquals(3310070434L, book.checksum(), "above 2^31: a long, never a negative int");
    assertEquals("0.10000000", book.bids().get(0).qty().toPlainString(), "the scale sent is kept");
    assertEquals(8, book.asks().get(0).qty().scale());
    assertEquals(new BigDecimal("45285.2"), book.asks().get(0).price());
  }

  @Test
  void bookUpdateWithATimestamp() {
    BookMessage message = read(BookMessage.class, "{\"channel\":\"book\",\"type\":\"update\",\"data\":[{"
        + "\"symbol\":\"MATIC/USD\",\"bids\":[{\"price\":0.5657,\"qty\":1098.3947558}],\"asks\":[],"
        + "\"checksum\":2114181697,\"timestamp\":\"2023-10-06T17:35:55.440295Z\"}]}");
    assertEquals(MessageType.UPDATE, message.type());
    assertEquals(List.of(), message.data().get(0).asks());
    assertEquals(OffsetDateTime.parse("2023-10-06T17:35:55.440295Z"), message.data().get(0).timestamp());
    assertEquals(new BigDecimal("1098.3947558"), message.data().get(0).bids().get(0).qty());
  }

  @Test
  void ticker() {
    TickerMessage message = read(TickerMessage.class, "{\"channel\":\"ticker\",\"type\":\"snapshot\",\"data\":[{"
        + "\"symbol\":\"ALGO/USD\",\"bid\":0.10025,\"bid_qty\":740.0,\"ask\":0.10036,\"ask_qty\":1361.44813783,"
        + "\"last\":0.10035,\"volume\":997038.98383185,\"vwap\":0.10148,\"low\":0.09979,\"high\":0.10285,"
        + "\"change\":-0.00017,\"change_pct\":-0.17}]}");
    TickerData ticker = message.data().get(0);
    assertEquals("740.0", ticker.bidQty().toPlainString());
    assertEquals(new BigDecimal("-0.00017"), ticker.change());
    assertEquals(new BigDecimal("-0.17"), ticker.changePct());
  }

  @Test
  void tradeSnapshotAndUpdate() {
    String trade = "\"data\":[{\"symbol\":\"MATIC/USD\",\"side\":\"sell\",\"price\":0.5117,\"qty\":40.0,"
        + "\"ord_type\":\"market\",\"trade_id\":4665906,\"timestamp\":\"2023-09-25T07:49:37.708706Z\"}]}";
    TradeMessage update = read(TradeMessage.class, "{\"channel\":\"trade\",\"type\":\"update\"," + trade);
    TradeData data = update.data().get(0);
    assertEquals(Side.SELL, data.side());
    assertEquals(4665906L, data.tradeId());
    assertEquals("40.0", data.qty().toPlainString());
    assertEquals(MessageType.SNAPSHOT, read(TradeMessage.class, "{\"channel\":\"trade\",\"type\":\"snapshot\"," + trade).type());
  }

  @Test
  void ohlcWithItsDeprecatedTimestamp() {
    OhlcMessage message = read(OhlcMessage.class, "{\"channel\":\"ohlc\",\"type\":\"update\","
        + "\"timestamp\":\"2023-10-04T16:26:30.524394914Z\",\"data\":[{\"symbol\":\"MATIC/USD\",\"open\":0.5624,"
        + "\"high\":0.5628,\"low\":0.5622,\"close\":0.5627,\"trades\":12,\"volume\":30927.68066226,\"vwap\":0.5626,"
        + "\"interval_begin\":\"2023-10-04T16:25:00.000000000Z\",\"interval\":5,\"timestamp\":\"2023-10-04T16:30:00.000000Z\"}]}");
    OhlcData candle = message.data().get(0);
    assertEquals(5, candle.interval());
    assertEquals(12L, candle.trades());
    assertEquals(OffsetDateTime.parse("2023-10-04T16:25:00Z"), candle.intervalBegin());
    assertEquals(OffsetDateTime.parse("2023-10-04T16:26:30.524394914Z"), message.timestamp());
  }

  @Test
  void instrumentDataIsAnObject() {
    InstrumentMessage message = read(InstrumentMessage.class, "{\"channel\":\"instrument\",\"type\":\"snapshot\","
        + "\"data\":{\"assets\":[{\"id\":\"USD\",\"status\":\"enabled\",\"precision\":4,\"precision_display\":2,"
        + "\"borrowable\":true,\"collateral_value\":1.0,\"margin_rate\":0.025}],\"pairs\":[{\"symbol\":\"EUR/USD\","
        + "\"base\":\"EUR\",\"quote\":\"USD\",\"status\":\"online\",\"qty_precision\":8,\"qty_increment\":0.00000001,"
        + "\"price_precision\":5,\"cost_precision\":5,\"marginable\":true,\"has_index\":true,\"cost_min\":0.5,"
        + "\"margin_initial\":0.2,\"position_limit_long\":1000000,\"position_limit_short\":1000000,"
        + "\"tick_size\":0.00001,\"price_increment\":0.00001,\"qty_min\":0.5}]}}");
    InstrumentPair pair = message.data().pairs().get(0);
    assertEquals(5, pair.pricePrecision());
    assertEquals(8, pair.qtyPrecision());
    assertEquals("0.00000001", pair.qtyIncrement().toPlainString());
    assertEquals("USD", message.data().assets().get(0).id());
  }

  @Test
  void statusWithAConnectionIdAboveTwoToTheSixtyThird() {
    StatusMessage message = read(StatusMessage.class, "{\"channel\":\"status\",\"data\":[{\"api_version\":\"v2\","
        + "\"connection_id\":13834774380200032777,\"system\":\"online\",\"version\":\"2.0.0\"}],\"type\":\"update\"}");
    assertEquals(SystemStatus.ONLINE, message.data().get(0).system());
    assertEquals(new BigDecimal("13834774380200032777"), message.data().get(0).connectionId());
  }

  @Test
  void heartbeatHasNoType() {
    HeartbeatMessage heartbeat = read(HeartbeatMessage.class, "{\"channel\":\"heartbeat\"}");
    assertEquals(Channel.HEARTBEAT, heartbeat.channel());
  }

  @Test
  void level3SnapshotAndUpdateAreTwoSchemas() {
    Level3SnapshotMessage snapshot = read(Level3SnapshotMessage.class, "{\"channel\":\"level3\",\"type\":\"snapshot\","
        + "\"data\":[{\"symbol\":\"BTC/USD\",\"checksum\":281817320,\"bids\":[{\"order_id\":\"O6ZQNQ-BXL4E-5WGINO\","
        + "\"limit_price\":36061.7,\"order_qty\":0.01,\"timestamp\":\"2023-10-06T17:35:00.123456789Z\"}],\"asks\":[]}]}");
    assertEquals("0.01", snapshot.data().get(0).bids().get(0).orderQty().toPlainString());
    assertEquals(281817320L, snapshot.data().get(0).checksum());
    Level3UpdateMessage update = read(Level3UpdateMessage.class, "{\"channel\":\"level3\",\"type\":\"update\","
        + "\"data\":[{\"symbol\":\"BTC/USD\",\"checksum\":2980389409,\"bids\":[{\"event\":\"delete\","
        + "\"order_id\":\"O6ZQNQ-BXL4E-5WGINO\",\"limit_price\":36061.7,\"order_qty\":0.01,"
        + "\"timestamp\":\"2023-10-06T17:35:01.123456789Z\"}],\"asks\":[]}]}");
    assertEquals(Level3Event.DELETE, update.data().get(0).bids().get(0).event());
    assertEquals(2980389409L, update.data().get(0).checksum());
  }

  @Test
  void executionsReportTimeInForceInUpperCaseWithASequence() {
    ExecutionsMessage message = read(ExecutionsMessage.class, "{\"channel\":\"executions\",\"type\":\"update\","
        + "\"data\":[{\"order_id\":\"OK4GJX-KSTLS-7DZZO5\",\"order_userref\":3,\"symbol\":\"BTC/USD\",\"order_qty\":0.005,"
        + "\"cum_cost\":0.0,\"time_in_force\":\"GTC\",\"exec_type\":\"pending_new\",\"side\":\"sell\",\"order_type\":\"limit\","
        + "\"limit_price_type\":\"static\",\"limit_price\":26500.0,\"stop_price\":0.0,\"order_status\":\"pending_new\","
        + "\"post_only\":false,\"timestamp\":\"2023-09-22T10:33:05.709950Z\"}],\"sequence\":8}");
    ExecutionReport report = message.data().get(0);
    assertEquals(8L, message.sequence());
    assertEquals(ExecType.PENDING_NEW, report.execType());
    assertEquals(ExecutionTimeInForce.GTC, report.timeInForce());
    assertEquals("26500.0", report.limitPrice().toPlainString());
    assertEquals(3L, report.orderUserref());
  }

  @Test
  void balancesSnapshotAndUpdateAreTwoSchemas() {
    BalancesSnapshotMessage snapshot = read(BalancesSnapshotMessage.class, "{\"channel\":\"balances\",\"type\":\"snapshot\","
        + "\"data\":[{\"asset\":\"BTC\",\"asset_class\":\"currency\",\"balance\":1.2,\"wallets\":[{\"type\":\"spot\","
        + "\"id\":\"main\",\"balance\":1.2}]}],\"sequence\":1}");
    assertEquals(WalletType.SPOT, snapshot.data().get(0).wallets().get(0).type());
    BalancesUpdateMessage update = read(BalancesUpdateMessage.class, "{\"channel\":\"balances\",\"type\":\"update\","
        + "\"data\":[{\"ledger_id\":\"DATKX6-PEHL1-HZKND8\",\"ref_id\":\"LKAKN2-N3RUM-EXKS5L\","
        + "\"timestamp\":\"2023-08-25T11:15:41.314308Z\",\"type\":\"deposit\",\"asset\":\"USD\",\"asset_class\":\"currency\","
        + "\"category\":\"deposit\",\"wallet_type\":\"spot\",\"wallet_id\":\"main\",\"amount\":9.57,\"fee\":0.43,"
        + "\"balance\":10110.0235}],\"sequence\":4}");
    assertEquals(new BigDecimal("10110.0235"), update.data().get(0).balance());
    assertEquals(4L, update.sequence());
  }

  /** The Unified WebSocket's account channels; shapes from the contract (the pages were not read for every member). */
  @Test
  void unifiedMarginPositionsAndLedgers() {
    MarginMessage margin = read(MarginMessage.class, "{\"channel\":\"margin\",\"type\":\"multi_collateral\","
        + "\"data\":{\"portfolio_value\":1000.50,\"initial_margin\":16.8421,\"available_margin\":983.6579,"
        + "\"currencies\":{\"USD\":{\"quantity\":1000.5,\"haircut\":0}},\"isolated\":{},"
        + "\"cross\":{\"margin_equity\":1000.50,\"effective_leverage\":0.8421}}}");
    assertEquals(MarginSection.MULTI_COLLATERAL, margin.type());
    assertEquals("1000.50", margin.data().portfolioValue().toPlainString(), "read from the literal, never a double");
    assertEquals("16.8421", margin.data().initialMargin().toPlainString());
    assertEquals("1000.5", margin.data().currencies().get("USD").quantity().toPlainString());
    assertEquals("0.8421", margin.data().cross().effectiveLeverage().toPlainString());
    assertNull(margin.data().wallets(), "a multi-collateral section has no wallets");
    MarginMessage single = read(MarginMessage.class, "{\"channel\":\"margin\",\"type\":\"single_collateral\","
        + "\"data\":{\"f-xbt:usd\":{\"name\":\"f-xbt:usd\",\"pair\":\"XBT/USD\",\"unit\":\"XBT\","
        + "\"balance\":0.10000000,\"available\":0.09,\"pnl\":-0.0001}}}");
    assertEquals(MarginSection.SINGLE_COLLATERAL, single.type());
    assertEquals("0.10000000", single.data().wallets().get("f-xbt:usd").balance().toPlainString());
    assertEquals("XBT", single.data().wallets().get("f-xbt:usd").unit());
    PositionsMessage positions = read(PositionsMessage.class, "{\"channel\":\"positions\",\"type\":\"snapshot\","
        + "\"data\":{\"futures\":[{\"symbol\":\"PF_XBTUSD\",\"size\":0.5,\"entry_price\":60000.0}],\"options\":[]}}");
    assertEquals("60000.0", positions.data().futures().get(0).entryPrice().toPlainString());
    LedgersMessage ledgers = read(LedgersMessage.class, "{\"channel\":\"ledgers\",\"type\":\"update\",\"sequence\":3,"
        + "\"data\":[{\"ledger_id\":\"L1\",\"asset\":\"USD\",\"amount\":-1.5,\"balance\":98.5}]}");
    assertEquals(3L, ledgers.sequence());
  }

  // ------------------------------------------------------------------ replies

  @Test
  void subscribeAcknowledgementsOnePerPair() {
    SubscribeReply reply = read(SubscribeReply.class, "{\"method\":\"subscribe\",\"result\":{\"channel\":\"ticker\","
        + "\"snapshot\":true,\"symbol\":\"ALGO/USD\",\"event_trigger\":\"trades\"},\"success\":true,"
        + "\"time_in\":\"2023-09-25T09:04:31.742599Z\",\"time_out\":\"2023-09-25T09:04:31.742648Z\",\"req_id\":42}");
    assertEquals(42L, reply.reqId());
    assertEquals(Method.SUBSCRIBE, reply.method());
    assertEquals("ALGO/USD", reply.result().symbol());
    assertEquals(EventTrigger.TRADES, reply.result().eventTrigger());
    assertEquals(OffsetDateTime.parse("2023-09-25T09:04:31.742599Z"), reply.timeIn());
    UnsubscribeReply unsubscribed = read(UnsubscribeReply.class, "{\"method\":\"unsubscribe\",\"result\":{"
        + "\"channel\":\"book\",\"depth\":10,\"symbol\":\"BTC/USD\"},\"success\":true,\"req_id\":43}");
    assertEquals(10, unsubscribed.result().depth());
  }

  @Test
  void theOhlcAcknowledgementNamesTheInterval() {
    SubscribeReply reply = read(SubscribeReply.class, "{\"method\":\"subscribe\",\"result\":{\"channel\":\"ohlc\","
        + "\"interval\":5,\"snapshot\":true,\"symbol\":\"ALGO/USD\"},\"success\":true,\"req_id\":44}");
    assertEquals(5, reply.result().interval());
  }

  /**
   * Members and values the contract does not know (the service adds them over time) are skipped or
   * kept as open values: the message is still read, every known member intact.
   */
  @Test
  void membersAndValuesTheContractDoesNotKnowLeaveTheMessageReadable() {
    TickerMessage ticker = read(TickerMessage.class, "{\"channel\":\"ticker\",\"type\":\"update\",\"novel\":{\"a\":[1,2]},"
        + "\"data\":[{\"symbol\":\"BTC/USD\",\"bid\":45283.5,\"future_member\":[{\"x\":null}],\"ask\":45285.2,"
        + "\"another\":\"text\"}]}");
    assertEquals("45285.2", ticker.data().get(0).ask().toPlainString());
    assertEquals("45283.5", ticker.data().get(0).bid().toPlainString());
    ExecutionsMessage executions = read(ExecutionsMessage.class, "{\"channel\":\"executions\",\"type\":\"update\","
        + "\"data\":[{\"order_id\":\"O1\",\"exec_type\":\"some_new_event\",\"order_status\":\"new\","
        + "\"time_in_force\":\"GTD\",\"timestamp\":\"2023-09-22T10:33:05.709950Z\",\"some_flag\":true}],\"sequence\":2}");
    ExecutionReport report = executions.data().get(0);
    assertEquals("some_new_event", report.execType().value(), "an open enum keeps a value it does not list");
    assertEquals(OrderStatus.NEW, report.orderStatus());
    assertEquals(ExecutionTimeInForce.GTD, report.timeInForce());
    SubscribeReply ack = read(SubscribeReply.class, "{\"method\":\"subscribe\",\"result\":{\"channel\":\"executions\","
        + "\"maxratecount\":180,\"snap_orders\":true,\"rate_window\":{\"s\":1}},\"success\":true,\"req_id\":45,"
        + "\"extra\":false}");
    assertEquals(180, ack.result().maxratecount());
  }

  @Test
  void aRefusalOfAnyMethodIsAnErrorReplyWithOneString() {
    ErrorReply subscribe = read(ErrorReply.class, "{\"error\":\"Currency pair not supported\",\"method\":\"subscribe\","
        + "\"req_id\":1,\"success\":false,\"symbol\":\"BTC/EUR\",\"time_in\":\"2023-09-25T09:04:31.742599Z\","
        + "\"time_out\":\"2023-09-25T09:04:31.742648Z\"}");
    assertEquals("Currency pair not supported", subscribe.error());
    assertEquals("BTC/EUR", subscribe.symbol());
    assertEquals(Method.SUBSCRIBE, subscribe.method());
    ErrorReply addOrder = read(ErrorReply.class, "{\"error\":\"EOrder:Insufficient funds\",\"method\":\"add_order\","
        + "\"req_id\":7,\"success\":false,\"time_in\":\"2023-09-21T14:36:57.428972Z\",\"time_out\":\"2023-09-21T14:36:57.437952Z\"}");
    assertEquals(7L, addOrder.reqId());
    assertEquals("EOrder:Insufficient funds", addOrder.error());
    // A refusal carries nothing of its method, so even an unlisted method's refusal fails its request.
    ErrorReply unlisted = read(ErrorReply.class, "{\"error\":\"Method not found\",\"method\":\"transfer\",\"success\":false,\"req_id\":9}");
    assertEquals("transfer", unlisted.method().value());
    assertTrue(!unlisted.method().isKnown());
  }

  @Test
  void tradingReplies() {
    AddOrderReply add = read(AddOrderReply.class, "{\"method\":\"add_order\",\"req_id\":123456789,\"result\":{"
        + "\"order_id\":\"AA5JGQ-SBMRC-SCJ7J7\",\"order_userref\":1},\"success\":true,"
        + "\"time_in\":\"2023-09-21T14:15:07.197274Z\",\"time_out\":\"2023-09-21T14:15:07.205301Z\"}");
    assertEquals("AA5JGQ-SBMRC-SCJ7J7", add.result().orderId());
    assertEquals(1, add.result().orderUserref());
    AmendOrderReply amend = read(AmendOrderReply.class, "{\"method\":\"amend_order\",\"req_id\":2,\"result\":{"
        + "\"amend_id\":\"TTW6PD-RC36L-ZZSWNU\",\"cl_ord_id\":\"2c6be801-1f53-4f79-a0bb-4ea1c95dfae9\"},\"success\":true}");
    assertEquals("TTW6PD-RC36L-ZZSWNU", amend.result().amendId());
    EditOrderReply edit = read(EditOrderReply.class, "{\"method\":\"edit_order\",\"req_id\":3,\"result\":{"
        + "\"order_id\":\"7BD466-BKZVM-FT2E2L\",\"original_order_id\":\"OFVXHJ-KPQ3B-VS7ELA\"},\"success\":true}");
    assertEquals("OFVXHJ-KPQ3B-VS7ELA", edit.result().originalOrderId());
    CancelOrderReply cancel = read(CancelOrderReply.class, "{\"method\":\"cancel_order\",\"req_id\":4,\"result\":{"
        + "\"order_id\":\"OLUMT4-UTEGU-ZYM7E5\"},\"success\":true}");
    assertEquals("OLUMT4-UTEGU-ZYM7E5", cancel.result().orderId());
    CancelAllReply all = read(CancelAllReply.class, "{\"method\":\"cancel_all\",\"req_id\":5,\"result\":{\"count\":7},"
        + "\"success\":true}");
    assertEquals(7, all.result().count());
    BatchCancelReply batchCancel = read(BatchCancelReply.class, "{\"method\":\"batch_cancel\",\"req_id\":6,"
        + "\"result\":{\"count\":2},\"success\":true}");
    assertEquals(2, batchCancel.result().count());
  }

  @Test
  void batchAddResultIsAnArray() {
    BatchAddReply reply = read(BatchAddReply.class, "{\"method\":\"batch_add\",\"req_id\":1234567890,\"result\":["
        + "{\"order_id\":\"6BL7SY-KWXNV-CSOPX4\",\"order_userref\":1},{\"order_id\":\"ZYZOSX-BHK2D-N45IFS\",\"order_userref\":2}],"
        + "\"success\":true,\"time_in\":\"2023-09-27T15:48:45.349133Z\",\"time_out\":\"2023-09-27T15:48:45.350345Z\"}");
    assertEquals(List.of("6BL7SY-KWXNV-CSOPX4", "ZYZOSX-BHK2D-N45IFS"),
        reply.result().stream().map(AddOrderResult::orderId).toList());
  }

  @Test
  void cancelAllOrdersAfterAnswersInCamelCase() {
    CancelAllOrdersAfterReply reply = read(CancelAllOrdersAfterReply.class, "{\"method\":\"cancel_all_orders_after\","
        + "\"req_id\":1234567890,\"result\":{\"currentTime\":\"2023-09-21T15:49:29Z\",\"triggerTime\":\"2023-09-21T15:51:09Z\"},"
        + "\"success\":true,\"time_in\":\"2023-09-21T15:49:28.627900Z\",\"time_out\":\"2023-09-21T15:49:28.649057Z\"}");
    assertEquals(OffsetDateTime.parse("2023-09-21T15:49:29Z"), reply.result().currentTime());
    assertEquals(OffsetDateTime.parse("2023-09-21T15:51:09Z"), reply.result().triggerTime());
  }

  @Test
  void pongHasNoSuccess() {
    PongReply pong = read(PongReply.class, "{\"method\":\"pong\",\"req_id\":101,\"time_in\":\"2023-09-24T14:10:23.799685Z\","
        + "\"time_out\":\"2023-09-24T14:10:23.799703Z\"}");
    assertEquals(101L, pong.reqId());
    assertEquals(Method.PONG, pong.method());
  }

  @Test
  void theRoutingMembersMayComeInAnyOrder() {
    BookMessage message = read(BookMessage.class, "{\"data\":[{\"symbol\":\"BTC/USD\",\"bids\":[],\"asks\":[],"
        + "\"checksum\":0}],\"type\":\"update\",\"channel\":\"book\"}");
    assertEquals(0L, message.data().get(0).checksum());
  }

  // ------------------------------------------------------------------ what the contract does not describe

  @Test
  void anUnlistedChannelOrMethodIsATypedUnknownNeverAnException() {
    assertUnknown(UnknownMessage.Reason.UNKNOWN_CHANNEL, "no message schema for channel \"futures\" with type \"update\"",
        "{\"channel\":\"futures\",\"type\":\"update\",\"data\":[]}");
    assertUnknown(UnknownMessage.Reason.UNKNOWN_CHANNEL, "no message schema for channel \"book\" with type absent",
        "{\"channel\":\"book\",\"data\":[]}");
    assertUnknown(UnknownMessage.Reason.UNKNOWN_CHANNEL, "no message schema for channel \"heartbeat\" with type \"update\"",
        "{\"channel\":\"heartbeat\",\"type\":\"update\"}");
    assertUnknown(UnknownMessage.Reason.UNKNOWN_METHOD, "no reply schema for method \"transfer\" with success true",
        "{\"method\":\"transfer\",\"success\":true,\"result\":{}}");
    assertUnknown(UnknownMessage.Reason.UNKNOWN_METHOD, "no reply schema for method \"add_order\" with success absent",
        "{\"method\":\"add_order\",\"result\":{\"order_id\":\"X\"}}");
    assertUnknown(UnknownMessage.Reason.NOT_A_MESSAGE, "neither a method nor a channel", "{\"event\":\"heartbeat\"}");
    assertUnknown(UnknownMessage.Reason.NOT_A_MESSAGE, "not a JSON object but BEGIN_ARRAY", "[1,{},\"book\"]");
    UnknownMessage broken = assertInstanceOf(UnknownMessage.class, codec.read("{\"channel\":\"book\",\"type\":"));
    assertEquals(UnknownMessage.Reason.NOT_A_MESSAGE, broken.reason());
    UnknownMessage undecodable = assertInstanceOf(UnknownMessage.class,
        codec.read("{\"channel\":\"book\",\"type\":\"update\",\"data\":[{\"symbol\":\"BTC/USD\",\"checksum\":\"abc\"}]}"));
    assertEquals(UnknownMessage.Reason.UNDECODABLE, undecodable.reason());
    assertTrue(undecodable.detail().startsWith("BookMessage: "), undecodable.detail());
    assertEquals("book", undecodable.channel());
  }

  @Test
  void anUnknownMessagesTextLeavesTheFrameOut() {
    UnknownMessage unknown = assertInstanceOf(UnknownMessage.class,
        codec.read("{\"method\":\"transfer\",\"success\":true,\"params\":{\"token\":\"secret-token\"}}"));
    assertTrue(unknown.frame().contains("secret-token"));
    assertTrue(!unknown.toString().contains("secret-token"), unknown.toString());
    assertNull(unknown.channel());
  }

  private void assertUnknown(UnknownMessage.Reason reason, String detail, String frame) {
    UnknownMessage unknown = assertInstanceOf(UnknownMessage.class, codec.read(frame), frame);
    assertEquals(reason, unknown.reason(), frame);
    assertEquals(detail, unknown.detail(), frame);
    assertEquals(frame, unknown.frame());
  }

  private <T extends WsMessage> T read(Class<T> type, String frame) {
    WsMessage message = codec.read(frame);
    return assertInstanceOf(type, message, () -> frame + " read as " + message);
  }
}
