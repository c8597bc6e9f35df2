package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.ConstraintViolationException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.websocket.model.AssetBalance;
import io.github.krakensdk.websocket.model.AssetClass;
import io.github.krakensdk.websocket.model.ExecutionReport;
import io.github.krakensdk.websocket.model.InstrumentData;
import io.github.krakensdk.websocket.model.LedgerTransaction;
import io.github.krakensdk.websocket.model.MarginData;
import io.github.krakensdk.websocket.model.OhlcData;
import io.github.krakensdk.websocket.model.OhlcInterval;
import io.github.krakensdk.websocket.model.PositionsData;
import io.github.krakensdk.websocket.model.StatusData;
import io.github.krakensdk.websocket.model.TickerData;
import io.github.krakensdk.websocket.model.TradeData;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every channel of the generated facades on the wire: the exact subscribe frame ({@code req_id},
 * the connection's token on an authenticated endpoint, {@code asset_class} on the Unified
 * WebSocket), the message delivered typed, the service's error string on a refusal, the original
 * request sent again after a drop, and {@code close()} unsubscribing.
 */
final class FacadeChannelsTest extends WebSocketClientTestBase {
  /**
   * One channel: how the facade subscribes a {@link Recorder}, the params it must send ({@code
   * TOKEN} where the connection's token goes), the pairs acknowledged, a message and what its typed
   * data must say, and the params of the unsubscribe.
   */
  record Case(String name, Function<Subscriber, CompletableFuture<ChannelSubscription>> subscribe, String params,
      List<String> symbols, String message, Function<Object, Object> read, Object expected, String unsubscribeParams) {
    @Override public String toString() {
      return name;
    }
  }

  /** The facades, for the cases (the client is made per test). */
  interface Subscriber {
    SpotWebSocket spot();

    UnifiedWebSocket unified();

    Recorder recorder();
  }

  static Stream<Case> channels() {
    return Stream.of(
        new Case("spot ticker", s -> s.spot().ticker(p -> p.symbol(List.of("BTC/USD")), s.recorder().typed()),
            "{\"channel\":\"ticker\",\"symbol\":[\"BTC/USD\"]}", List.of("BTC/USD"),
            "{\"channel\":\"ticker\",\"type\":\"snapshot\",\"data\":[{\"symbol\":\"BTC/USD\",\"last\":45285.2}]}",
            data -> ((List<TickerData>) data).get(0).last(), new BigDecimal("45285.2"),
            "{\"channel\":\"ticker\",\"symbol\":[\"BTC/USD\"]}"),
        new Case("spot ohlc", s -> s.spot().ohlc(p -> p.symbol(List.of("ETH/USD")).interval(OhlcInterval.NUMBER_5),
            s.recorder().typed()),
            "{\"channel\":\"ohlc\",\"symbol\":[\"ETH/USD\"],\"interval\":5}", List.of("ETH/USD"),
            "{\"channel\":\"ohlc\",\"type\":\"update\",\"data\":[{\"symbol\":\"ETH/USD\",\"close\":2000.10,\"interval\":5}]}",
            data -> ((List<OhlcData>) data).get(0).close().toPlainString(), "2000.10",
            "{\"channel\":\"ohlc\",\"symbol\":[\"ETH/USD\"],\"interval\":5}"),
        new Case("spot trade", s -> s.spot().trade(p -> p.symbol(List.of("BTC/USD", "ETH/USD")), s.recorder().typed()),
            "{\"channel\":\"trade\",\"symbol\":[\"BTC/USD\",\"ETH/USD\"]}", List.of("BTC/USD", "ETH/USD"),
            "{\"channel\":\"trade\",\"type\":\"update\",\"data\":[{\"symbol\":\"ETH/USD\",\"side\":\"sell\",\"price\":2000.5,"
                + "\"qty\":0.25,\"trade_id\":77}]}",
            data -> ((List<TradeData>) data).get(0).tradeId(), 77L,
            "{\"channel\":\"trade\",\"symbol\":[\"BTC/USD\",\"ETH/USD\"]}"),
        new Case("spot instrument", s -> s.spot().instrument(p -> {}, s.recorder().typed()),
            "{\"channel\":\"instrument\"}", List.of(),
            "{\"channel\":\"instrument\",\"type\":\"snapshot\",\"data\":{\"assets\":[],\"pairs\":[]}}",
            data -> ((InstrumentData) data).pairs(), List.of(),
            "{\"channel\":\"instrument\"}"),
        new Case("spot executions", s -> s.spot().executions(p -> p.snapTrades(true), s.recorder().typed()),
            "{\"channel\":\"executions\",\"snap_trades\":true,\"token\":\"TOKEN\"}", List.of(),
            "{\"channel\":\"executions\",\"type\":\"update\",\"sequence\":1,\"data\":[{\"order_id\":\"OK4GJX-KSTLS-7DZZO5\","
                + "\"exec_type\":\"new\",\"order_qty\":0.005}]}",
            data -> ((List<ExecutionReport>) data).get(0).orderId(), "OK4GJX-KSTLS-7DZZO5",
            "{\"channel\":\"executions\",\"token\":\"TOKEN\"}"),
        new Case("spot balances", s -> s.spot().balances(p -> {}, s.recorder().spotBalances()),
            "{\"channel\":\"balances\",\"token\":\"TOKEN\"}", List.of(),
            "{\"channel\":\"balances\",\"type\":\"snapshot\",\"sequence\":1,\"data\":[{\"asset\":\"BTC\",\"balance\":1.2}]}",
            data -> ((List<AssetBalance>) data).get(0).balance(), new BigDecimal("1.2"),
            "{\"channel\":\"balances\",\"token\":\"TOKEN\"}"),
        new Case("unified ticker", s -> s.unified().ticker(p -> p.symbol(List.of("PF_XBTUSD"))
                .assetClass(AssetClass.DERIVATIVES), s.recorder().typed()),
            "{\"channel\":\"ticker\",\"symbol\":[\"PF_XBTUSD\"],\"asset_class\":\"derivatives\"}", List.of("PF_XBTUSD"),
            "{\"channel\":\"ticker\",\"type\":\"update\",\"data\":[{\"symbol\":\"PF_XBTUSD\",\"bid\":60000.5}]}",
            data -> ((List<TickerData>) data).get(0).bid(), new BigDecimal("60000.5"),
            "{\"channel\":\"ticker\",\"symbol\":[\"PF_XBTUSD\"],\"asset_class\":\"derivatives\"}"),
        new Case("unified trade", s -> s.unified().trade(p -> p.symbol(List.of("PF_ETHUSD"))
                .assetClass(AssetClass.DERIVATIVES).snapshot(true), s.recorder().typed()),
            "{\"channel\":\"trade\",\"symbol\":[\"PF_ETHUSD\"],\"snapshot\":true,\"asset_class\":\"derivatives\"}",
            List.of("PF_ETHUSD"),
            "{\"channel\":\"trade\",\"type\":\"snapshot\",\"data\":[{\"symbol\":\"PF_ETHUSD\",\"price\":3000.0,\"qty\":1}]}",
            data -> ((List<TradeData>) data).get(0).price().toPlainString(), "3000.0",
            "{\"channel\":\"trade\",\"symbol\":[\"PF_ETHUSD\"],\"asset_class\":\"derivatives\"}"),
        new Case("unified instrument", s -> s.unified().instrument(p -> p.assetClass(AssetClass.DERIVATIVES),
            s.recorder().typed()),
            "{\"channel\":\"instrument\",\"asset_class\":\"derivatives\"}", List.of(),
            "{\"channel\":\"instrument\",\"type\":\"update\",\"data\":{\"assets\":[],\"pairs\":[]}}",
            data -> ((InstrumentData) data).assets(), List.of(),
            "{\"channel\":\"instrument\",\"asset_class\":\"derivatives\"}"),
        new Case("unified balances", s -> s.unified().balances(p -> {}, s.recorder().unifiedBalances()),
            "{\"channel\":\"balances\",\"token\":\"TOKEN\"}", List.of(),
            "{\"channel\":\"balances\",\"type\":\"update\",\"sequence\":2,\"data\":[{\"ledger_id\":\"L1\",\"amount\":-1.5}]}",
            data -> ((List<LedgerTransaction>) data).get(0).amount(), new BigDecimal("-1.5"),
            "{\"channel\":\"balances\",\"token\":\"TOKEN\"}"),
        new Case("unified margin", s -> s.unified().margin(p -> p.assetClass(AssetClass.DERIVATIVES), s.recorder().typed()),
            "{\"channel\":\"margin\",\"asset_class\":\"derivatives\",\"token\":\"TOKEN\"}", List.of(),
            "{\"channel\":\"margin\",\"type\":\"multi_collateral\",\"data\":{\"available_margin\":24983.1500}}",
            data -> ((MarginData) data).availableMargin().toPlainString(), "24983.1500",
            "{\"channel\":\"margin\",\"asset_class\":\"derivatives\",\"token\":\"TOKEN\"}"),
        new Case("unified positions", s -> s.unified().positions(p -> p.assetClass(AssetClass.DERIVATIVES),
            s.recorder().typed()),
            "{\"channel\":\"positions\",\"asset_class\":\"derivatives\",\"token\":\"TOKEN\"}", List.of(),
            "{\"channel\":\"positions\",\"type\":\"snapshot\",\"data\":{\"futures\":[{\"symbol\":\"PF_XBTUSD\",\"size\":0.5}],"
                + "\"options\":[]}}",
            data -> ((PositionsData) data).futures().get(0).symbol(), "PF_XBTUSD",
            "{\"channel\":\"positions\",\"asset_class\":\"derivatives\",\"token\":\"TOKEN\"}"),
        new Case("unified ledgers", s -> s.unified().ledgers(p -> {}, s.recorder().typed()),
            "{\"channel\":\"ledgers\",\"token\":\"TOKEN\"}", List.of(),
            "{\"channel\":\"ledgers\",\"type\":\"update\",\"sequence\":1,\"data\":[{\"ledger_id\":\"L9\",\"balance\":98.5}]}",
            data -> ((List<LedgerTransaction>) data).get(0).ledgerId(), "L9",
            "{\"channel\":\"ledgers\",\"token\":\"TOKEN\"}"));
  }

  private Subscriber subscriber(Recorder recorder) {
    return new Subscriber() {
      @Override public SpotWebSocket spot() {
        return client.spot();
      }

      @Override public UnifiedWebSocket unified() {
        return client.unified();
      }

      @Override public Recorder recorder() {
        return recorder;
      }
    };
  }

  @ParameterizedTest(name = "{0}") @MethodSource("channels")
  void subscribesTypedResubscribesAfterADropAndUnsubscribesOnClose(Case channel) throws Exception {
    ServerSocket first = upgrade();
    Recorder recorder = new Recorder();
    CompletableFuture<ChannelSubscription> subscribed = channel.subscribe().apply(subscriber(recorder));
    String frame = first.next();
    long id = reqId(frame);
    assertEquals("{\"method\":\"subscribe\",\"params\":" + channel.params().replace("TOKEN", "token-1")
        + ",\"req_id\":" + id + "}", frame);
    acknowledge(first, "subscribe", id, channel);
    ChannelSubscription subscription = await(subscribed);
    assertEquals(channel.name().split(" ")[1], subscription.channel());

    first.send(channel.message());
    ChannelMessage<?> message = assertInstanceOf(ChannelMessage.class, recorder.next());
    assertEquals(channel.expected(), channel.read().apply(message.data()));

    // A drop: the next connection sends the original request again, with its own token.
    ServerSocket second = upgrade();
    first.close(1001, "going away");
    awaitEvent("reconnect closed with 1001");
    clock.advance(Duration.ofSeconds(1));
    String again = second.next();
    assertEquals("{\"method\":\"subscribe\",\"params\":" + channel.params().replace("TOKEN", "token-2")
        + ",\"req_id\":" + reqId(again) + "}", again);
    acknowledge(second, "subscribe", reqId(again), channel);
    second.send(channel.message());
    assertEquals(channel.expected(),
        channel.read().apply(assertInstanceOf(ChannelMessage.class, recorder.next()).data()));

    subscription.close();
    String unsubscribe = second.next();
    assertEquals("{\"method\":\"unsubscribe\",\"params\":" + channel.unsubscribeParams().replace("TOKEN", "token-2")
        + ",\"req_id\":" + reqId(unsubscribe) + "}", unsubscribe);
  }

  @ParameterizedTest(name = "{0}") @MethodSource("channels")
  void aRefusedSubscriptionFailsWithTheServicesErrorString(Case channel) throws Exception {
    ServerSocket socket = upgrade();
    CompletableFuture<ChannelSubscription> subscribed = channel.subscribe().apply(subscriber(new Recorder()));
    long id = reqId(socket.next());
    socket.send("{\"method\":\"subscribe\",\"success\":false,\"error\":\"EGeneral:Invalid arguments\",\"req_id\":"
        + id + "}");
    KrakenServiceException failure = assertInstanceOf(KrakenServiceException.class, failureOf(subscribed));
    assertEquals(List.of("EGeneral:Invalid arguments"), failure.errors());
  }

  @Test void theUnifiedWebSocketRefusesAMarketChannelWithoutAssetClassBeforeSending() throws Exception {
    ConstraintViolationException missing = assertThrows(ConstraintViolationException.class,
        () -> client.unified().ticker(p -> p.symbol(List.of("PF_XBTUSD")), message -> {}));
    assertTrue(missing.getMessage().contains("asset_class"), missing.getMessage());
    assertThrows(ConstraintViolationException.class, () -> client.unified().margin(p -> {}, message -> {}));
    // Spot v2 takes no asset_class: its ticker goes without one.
    ServerSocket socket = upgrade();
    client.spot().ticker(p -> p.symbol(List.of("BTC/USD")), message -> {});
    assertTrue(!socket.next().contains("asset_class"));
    // ohlc's interval is optional (Kraken's v2 page requires only channel and symbol): none is sent unless given.
    client.spot().ohlc(p -> p.symbol(List.of("BTC/USD")), message -> {});
    String ohlc = socket.next();
    assertTrue(ohlc.startsWith("{\"method\":\"subscribe\",\"params\":{\"channel\":\"ohlc\",\"symbol\":[\"BTC/USD\"]},"),
        ohlc);
  }

  @Test void ledgersReportAGapWithTheRestCallThatRecoversItAndStartAgainOnANewConnection() throws Exception {
    ServerSocket first = upgrade();
    Recorder recorder = new Recorder();
    CompletableFuture<ChannelSubscription> subscribed = client.unified().ledgers(p -> {}, recorder.typed());
    long id = reqId(first.next());
    first.send(ack("subscribe", id, "{\"channel\":\"ledgers\"}"));
    await(subscribed);
    first.send(ledger(1));
    first.send(ledger(2));
    first.send(ledger(5));
    assertEquals(1L, ((ChannelMessage<?>) recorder.next()).sequence().getAsLong());
    assertEquals(2L, ((ChannelMessage<?>) recorder.next()).sequence().getAsLong());
    SequenceGap gap = assertInstanceOf(SequenceGap.class, recorder.next());
    assertEquals(new SequenceGap("ledgers", 3, 4), gap);
    assertEquals(2, gap.count());
    assertEquals(List.of("Ledgers"), gap.recovery());
    assertEquals("ledgers sequence 3..4 missing; recover with Ledgers (POST /0/private/Ledgers)", gap.toString());
    assertEquals(5L, ((ChannelMessage<?>) recorder.next()).sequence().getAsLong(), "the message after the gap still arrives");

    // The count is the connection's: it starts again at 1 on the next one, which is no gap.
    ServerSocket second = upgrade();
    first.close(1001, "going away");
    awaitEvent("reconnect closed with 1001");
    clock.advance(Duration.ofSeconds(1));
    long again = reqId(second.next());
    second.send(ack("subscribe", again, "{\"channel\":\"ledgers\"}"));
    second.send(ledger(1));
    second.send(ledger(2));
    second.send(ledger(4));
    assertEquals(1L, ((ChannelMessage<?>) recorder.next()).sequence().getAsLong());
    assertEquals(2L, ((ChannelMessage<?>) recorder.next()).sequence().getAsLong());
    assertEquals(new SequenceGap("ledgers", 3, 3), recorder.next());
    assertEquals(4L, ((ChannelMessage<?>) recorder.next()).sequence().getAsLong());
    assertNull(recorder.poll());
  }

  @Test void executionsAndBalancesAreNumberedToo() throws Exception {
    ServerSocket socket = upgrade();
    Recorder recorder = new Recorder();
    CompletableFuture<ChannelSubscription> subscribed = client.spot().executions(p -> {}, recorder.typed());
    long id = reqId(socket.next());
    socket.send(ack("subscribe", id, "{\"channel\":\"executions\"}"));
    await(subscribed);
    socket.send("{\"channel\":\"executions\",\"type\":\"snapshot\",\"sequence\":1,\"data\":[]}");
    socket.send("{\"channel\":\"executions\",\"type\":\"update\",\"sequence\":3,\"data\":[]}");
    assertEquals(1L, ((ChannelMessage<?>) recorder.next()).sequence().getAsLong());
    SequenceGap gap = assertInstanceOf(SequenceGap.class, recorder.next());
    assertEquals(2, gap.first());
    assertEquals(List.of("OpenOrders", "ClosedOrders", "TradesHistory"), gap.recovery());
    assertEquals("executions sequence 2..2 missing; recover with OpenOrders, ClosedOrders and TradesHistory "
        + "(POST /0/private/OpenOrders, /0/private/ClosedOrders, /0/private/TradesHistory)", gap.toString());
    assertTrue(((ChannelMessage<?>) recorder.next()).isSnapshot() == false);
  }

  @Test void balancesGapsAreReportedBetweenSnapshotAndUpdates() throws Exception {
    ServerSocket socket = upgrade();
    Recorder recorder = new Recorder();
    CompletableFuture<ChannelSubscription> subscribed = client.spot().balances(p -> {}, recorder.spotBalances());
    long id = reqId(socket.next());
    socket.send(ack("subscribe", id, "{\"channel\":\"balances\"}"));
    await(subscribed);
    socket.send("{\"channel\":\"balances\",\"type\":\"snapshot\",\"sequence\":1,\"data\":[{\"asset\":\"BTC\",\"balance\":1}]}");
    socket.send("{\"channel\":\"balances\",\"type\":\"update\",\"sequence\":2,\"data\":[{\"ledger_id\":\"L2\"}]}");
    socket.send("{\"channel\":\"balances\",\"type\":\"update\",\"sequence\":4,\"data\":[{\"ledger_id\":\"L4\"}]}");
    assertTrue(((ChannelMessage<?>) recorder.next()).isSnapshot());
    assertEquals("L2", ((List<LedgerTransaction>) ((ChannelMessage<?>) recorder.next()).data()).get(0).ledgerId());
    SequenceGap gap = assertInstanceOf(SequenceGap.class, recorder.next());
    assertEquals(new SequenceGap("balances", 3, 3), gap);
    assertEquals(List.of("Ledgers"), gap.recovery(), "balance updates are ledger entries");
    assertEquals(4L, ((ChannelMessage<?>) recorder.next()).sequence().getAsLong());
  }

  @Test void theUnifiedBookIsTheChecksummedBookWithAssetClass() throws Exception {
    assertThrows(ConstraintViolationException.class,
        () -> client.unified().book(p -> p.symbol(List.of("PF_XBTUSD")), book -> {}));
    ServerSocket socket = upgrade();
    CompletableFuture<OrderBookSubscription> books = client.unified().book(p -> p.symbol(List.of("PF_XBTUSD"))
        .assetClass(AssetClass.DERIVATIVES), book -> {});
    String instrument = socket.next(); // the pairs' precision for the checksum, with the book's asset_class
    assertEquals("{\"method\":\"subscribe\",\"params\":{\"channel\":\"instrument\",\"snapshot\":true,"
        + "\"asset_class\":\"derivatives\"},\"req_id\":" + reqId(instrument) + "}", instrument);
    socket.send(ack("subscribe", reqId(instrument), "{\"channel\":\"instrument\",\"snapshot\":true}"));
    String frame = socket.next();
    long id = reqId(frame);
    assertEquals("{\"method\":\"subscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"PF_XBTUSD\"],"
        + "\"asset_class\":\"derivatives\"},\"req_id\":" + id + "}", frame);
    socket.send(ack("subscribe", id, "{\"channel\":\"book\",\"symbol\":\"PF_XBTUSD\"}"));
    OrderBookSubscription subscription = await(books);
    assertEquals(List.of("PF_XBTUSD"), subscription.symbols());
    assertEquals(WebSocketEndpoint.UNIFIED_PUBLIC, subscription.endpoint(), "the same shape as ChannelSubscription");
    assertEquals("book", subscription.channel());
    assertEquals("OrderBookSubscription{book [PF_XBTUSD] on UNIFIED_PUBLIC}", subscription.toString());
    subscription.close();
    String unsubscribe = socket.next();
    assertEquals("{\"method\":\"unsubscribe\",\"params\":{\"channel\":\"book\",\"symbol\":[\"PF_XBTUSD\"],"
        + "\"asset_class\":\"derivatives\"},\"req_id\":" + reqId(unsubscribe) + "}", unsubscribe);
  }

  @Test void statusIsPushedOnConnectAndHandedToLateListeners() throws Exception {
    ServerSocket socket = upgrade();
    Recorder early = new Recorder();
    ChannelSubscription listening = client.spot().status(early.typed());
    socket.send("{\"channel\":\"status\",\"type\":\"update\",\"data\":[{\"api_version\":\"v2\",\"system\":\"online\","
        + "\"version\":\"2.0.0\"}]}");
    ChannelMessage<?> status = assertInstanceOf(ChannelMessage.class, early.next());
    assertEquals("v2", ((List<StatusData>) status.data()).get(0).apiVersion());
    assertEquals("status", listening.channel());

    Recorder late = new Recorder();
    client.spot().status(late.typed());
    assertEquals(status, late.next(), "the last status, at once");
    listening.close();
    socket.send("{\"channel\":\"status\",\"type\":\"update\",\"data\":[{\"api_version\":\"v2\",\"system\":\"maintenance\"}]}");
    assertEquals("maintenance", ((List<StatusData>) ((ChannelMessage<?>) late.next()).data()).get(0).system().value());
    assertNull(early.poll(), "a closed listener hears nothing more");
    assertNull(socket.poll(), "listening sends nothing");
  }

  @Test void backpressureIsTheChannelsDefaultUnlessGiven() throws Exception {
    ServerSocket socket = upgrade();
    Recorder recorder = new Recorder();
    // A ticker that would coalesce by default fails loudly when asked to: the completion executor is
    // held so that the queue (capacity 1024) fills.
    CompletableFuture<ChannelSubscription> subscribed = client.spot().ticker(p -> p.symbol(List.of("BTC/USD")),
        recorder.typed(), Backpressure.FAIL);
    long id = reqId(socket.next());
    socket.send(ack("subscribe", id, "{\"channel\":\"ticker\",\"symbol\":\"BTC/USD\"}"));
    await(subscribed);
    CompletableFuture<Void> hold = new CompletableFuture<>();
    completion.execute(hold::join);
    for (int i = 0; i < 1100; i++) {
      socket.send("{\"channel\":\"ticker\",\"type\":\"update\",\"data\":[{\"symbol\":\"BTC/USD\",\"last\":" + i + "}]}");
    }
    String unsubscribe = socket.next();
    assertTrue(unsubscribe.contains("\"unsubscribe\""), unsubscribe);
    hold.complete(null);
    Object last;
    do {
      last = recorder.next();
    } while (last instanceof ChannelMessage<?>);
    assertInstanceOf(SubscriptionOverflowException.class, last);
  }

  @Test void aCandleCoalescesOnlyIntoTheQueuedSameCandleAndANewCandleOnAFullQueueFails() throws Exception {
    ServerSocket socket = upgrade();
    Recorder recorder = new Recorder();
    CompletableFuture<ChannelSubscription> subscribed = client.spot().ohlc(
        p -> p.symbol(List.of("ETH/USD")).interval(OhlcInterval.NUMBER_5), recorder.typed());
    long id = reqId(socket.next());
    socket.send(ack("subscribe", id, "{\"channel\":\"ohlc\",\"symbol\":\"ETH/USD\",\"interval\":5}"));
    ChannelSubscription subscription = await(subscribed);
    CompletableFuture<Void> hold = new CompletableFuture<>();
    completion.execute(hold::join); // the listener is behind: the queue (capacity 1024) fills
    for (int candle = 0; candle < 1024; candle++) socket.send(candle(candle, candle));
    socket.send(candle(1023, 9999)); // the queued last candle's newer values: merged
    socket.send(candle(1024, 1)); // a new candle on a full queue: cannot be merged
    String unsubscribe = socket.next();
    assertTrue(unsubscribe.contains("\"unsubscribe\""), unsubscribe);
    assertEquals(1, subscription.coalesced(), "the same candle merged; the new one failed the subscription");
    hold.complete(null);
    assertInstanceOf(SubscriptionOverflowException.class, recorder.next());
  }

  private static String candle(int candle, int close) {
    return "{\"channel\":\"ohlc\",\"type\":\"update\",\"data\":[{\"symbol\":\"ETH/USD\",\"close\":" + close
        + ",\"interval\":5,\"interval_begin\":\"" + java.time.Instant.ofEpochSecond(300L * candle) + "\"}]}";
  }

  private static String ledger(long sequence) {
    return "{\"channel\":\"ledgers\",\"type\":\"update\",\"sequence\":" + sequence + ",\"data\":[{\"ledger_id\":\"L"
        + sequence + "\"}]}";
  }

  private static void acknowledge(ServerSocket socket, String method, long id, Case channel) throws Exception {
    String name = channel.name().split(" ")[1];
    if (channel.symbols().isEmpty()) {
      socket.send(ack(method, id, "{\"channel\":\"" + name + "\"}"));
    }
    for (String symbol : channel.symbols()) {
      socket.send(ack(method, id, "{\"channel\":\"" + name + "\",\"symbol\":\"" + symbol + "\"}"));
    }
  }

  static String ack(String method, long id, String result) {
    return "{\"method\":\"" + method + "\",\"result\":" + result + ",\"success\":true,\"req_id\":" + id + "}";
  }

  /** What a listener heard, in order: messages, gaps and failures. */
  static final class Recorder {
    private final BlockingQueue<Object> heard = new LinkedBlockingQueue<>();

    <D> ChannelListener<D> typed() {
      return new ChannelListener<>() {
        @Override public void onMessage(ChannelMessage<D> message) {
          heard.add(message);
        }

        @Override public void onSequenceGap(SequenceGap gap) {
          heard.add(gap);
        }

        @Override public void onFailure(Throwable failure) {
          heard.add(failure);
        }
      };
    }

    BalancesListener spotBalances() {
      return new BalancesListener() {
        @Override public void onSnapshot(ChannelMessage<List<AssetBalance>> message) {
          heard.add(message);
        }

        @Override public void onUpdate(ChannelMessage<List<LedgerTransaction>> message) {
          heard.add(message);
        }

        @Override public void onSequenceGap(SequenceGap gap) {
          heard.add(gap);
        }
      };
    }

    BalancesListener unifiedBalances() {
      return new BalancesListener() {
        @Override public void onSnapshot(ChannelMessage<List<AssetBalance>> message) {
          heard.add(message);
        }

        @Override public void onUpdate(ChannelMessage<List<LedgerTransaction>> message) {
          heard.add(message);
        }
      };
    }

    Object next() throws InterruptedException {
      Object next = heard.poll(5, TimeUnit.SECONDS);
      if (next == null) throw new AssertionError("the listener heard nothing");
      return next;
    }

    Object poll() throws InterruptedException {
      return heard.poll(100, TimeUnit.MILLISECONDS);
    }
  }
}
