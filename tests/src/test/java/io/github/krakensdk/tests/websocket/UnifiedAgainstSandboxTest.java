package io.github.krakensdk.tests.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxState;
import io.github.krakensdk.spot.model.LedgerEntry;
import io.github.krakensdk.websocket.BalancesListener;
import io.github.krakensdk.websocket.ChannelListener;
import io.github.krakensdk.websocket.ChannelMessage;
import io.github.krakensdk.websocket.ChecksumResult;
import io.github.krakensdk.websocket.KrakenWebSocketClient;
import io.github.krakensdk.websocket.OrderBookListener;
import io.github.krakensdk.websocket.OrderBookSnapshot;
import io.github.krakensdk.websocket.OrderBookSubscription;
import io.github.krakensdk.websocket.SequenceGap;
import io.github.krakensdk.websocket.TokenSource;
import io.github.krakensdk.websocket.UnifiedWebSocket;
import io.github.krakensdk.websocket.WebSocketEnvironment;
import io.github.krakensdk.websocket.model.AddOrderResult;
import io.github.krakensdk.websocket.model.AssetBalance;
import io.github.krakensdk.websocket.model.AssetClass;
import io.github.krakensdk.websocket.model.BookDepth;
import io.github.krakensdk.websocket.model.CancelOrderResult;
import io.github.krakensdk.websocket.model.ExecType;
import io.github.krakensdk.websocket.model.ExecutionReport;
import io.github.krakensdk.websocket.model.InstrumentData;
import io.github.krakensdk.websocket.model.InstrumentPair;
import io.github.krakensdk.websocket.model.LedgerTransaction;
import io.github.krakensdk.websocket.model.MarginData;
import io.github.krakensdk.websocket.model.MarginSection;
import io.github.krakensdk.websocket.model.OrderType;
import io.github.krakensdk.websocket.model.Position;
import io.github.krakensdk.websocket.model.PositionsData;
import io.github.krakensdk.websocket.model.Side;
import io.github.krakensdk.websocket.model.StatusData;
import io.github.krakensdk.websocket.model.SystemStatus;
import io.github.krakensdk.websocket.model.TickerData;
import io.github.krakensdk.websocket.model.TradeData;
import java.math.BigDecimal;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every {@link UnifiedWebSocket} method end to end ({@code status}, the nine channels, the four
 * trading methods): a {@link KrakenWebSocketClient} pointed at the embedded sandbox's Unified
 * WebSocket ({@code /unified/v2/public}, {@code /unified/v2/private}, a Spot {@code
 * GetWebSocketsToken} token from the same sandbox's REST API), each channel checked for what it
 * streams and each method for its effect: the order's executions, the position it opens, the
 * margin it takes, the ledger entry its fill writes (found again in REST {@code Ledgers}, the
 * recovery the Unified pages name for a {@code ledgers} sequence gap) and the USD balance REST
 * {@code Balance} reports after it. The derivatives market is part of the sandbox's state: an
 * export, a reset and a restore bring a position and a resting order back.
 */
class UnifiedAgainstSandboxTest {
  private static final String CONTRACT = "PF_XBTUSD";
  private static final BigDecimal QTY = new BigDecimal("0.0100");

  private Sandbox sandbox;
  private KrakenClient kraken;
  private KrakenWebSocketClient ws;
  private final List<Object> failures = new CopyOnWriteArrayList<>();

  @BeforeEach
  void start() {
    sandbox = Sandbox.builder().start();
    kraken = sandbox.newClient();
    ws = KrakenWebSocketClient.builder()
        .environment(WebSocketEnvironment.of(sandbox.webSocketUrls()))
        .tokenSource(TokenSource.spot(kraken))
        .build();
  }

  @AfterEach
  void stop() {
    ws.close();
    kraken.close();
    sandbox.close();
  }

  @Test
  void marketChannelsFollowATradeMadeOverTheUnifiedWebSocket() throws Exception {
    UnifiedWebSocket unified = ws.unified();
    Recorder<List<StatusData>> status = new Recorder<>();
    unified.status(status);
    StatusData online = status.await(m -> true).data().get(0);
    assertEquals(SystemStatus.ONLINE, online.system(), "status, pushed on connect");
    assertEquals("v2", online.apiVersion());
    Recorder<InstrumentData> instruments = new Recorder<>();
    unified.instrument(p -> p.assetClass(AssetClass.DERIVATIVES), instruments).get(10, TimeUnit.SECONDS);
    InstrumentPair pair = instruments.await(m -> true).data().pairs().stream()
        .filter(p -> p.symbol().equals(CONTRACT)).findFirst().orElseThrow();
    assertEquals(1, pair.pricePrecision().intValue());
    assertEquals(4, pair.qtyPrecision().intValue(), "the precision the book's checksum text needs");

    BlockingQueue<OrderBookSnapshot> books = new LinkedBlockingQueue<>();
    List<ChecksumResult> mismatches = new CopyOnWriteArrayList<>();
    OrderBookSubscription book = unified.book(
        p -> p.symbol(List.of(CONTRACT)).depth(BookDepth.NUMBER_10).assetClass(AssetClass.DERIVATIVES),
        new OrderBookListener() {
          @Override public void onBook(OrderBookSnapshot snapshot) {
            books.add(snapshot);
          }

          @Override public void onChecksumMismatch(ChecksumResult mismatch) {
            mismatches.add(mismatch);
          }

          @Override public void onFailure(Throwable failure) {
            failures.add(failure);
          }
        }).get(10, TimeUnit.SECONDS);
    assertEquals(List.of(CONTRACT), book.symbols());
    OrderBookSnapshot first = books.poll(10, TimeUnit.SECONDS);
    assertNotNull(first, "the snapshot arrived");
    assertEquals(10, first.bids().size());
    assertEquals(10, first.asks().size());
    BigDecimal bestAsk = first.bestAsk().orElseThrow().price();
    BigDecimal bestAskQty = first.bestAsk().orElseThrow().qty();

    Recorder<List<TickerData>> tickers = new Recorder<>();
    unified.ticker(p -> p.symbol(List.of(CONTRACT)).assetClass(AssetClass.DERIVATIVES), tickers)
        .get(10, TimeUnit.SECONDS);
    TickerData ticker = tickers.await(ChannelMessage::isSnapshot).data().get(0);
    assertEquals(0, ticker.bid().compareTo(first.bestBid().orElseThrow().price()));
    assertEquals(0, ticker.ask().compareTo(bestAsk));

    Recorder<List<TradeData>> trades = new Recorder<>();
    unified.trade(p -> p.symbol(List.of(CONTRACT)).snapshot(true).assetClass(AssetClass.DERIVATIVES), trades)
        .get(10, TimeUnit.SECONDS);
    List<TradeData> tape = trades.await(ChannelMessage::isSnapshot).data();
    assertFalse(tape.isEmpty(), "the snapshot holds the recent trades");
    long lastTradeId = tape.get(tape.size() - 1).tradeId().longValue();

    // A market buy over the private endpoint: one trade at the best ask, which shrinks by its quantity.
    AddOrderResult placed = unified.addOrder(o -> o.orderType(OrderType.MARKET).side(Side.BUY).orderQty(QTY)
        .symbol(CONTRACT).assetClass(AssetClass.DERIVATIVES)).get(10, TimeUnit.SECONDS);
    assertNotNull(placed.orderId());
    TradeData trade = trades.await(m -> !m.isSnapshot()).data().get(0);
    assertEquals(lastTradeId + 1, trade.tradeId().longValue());
    assertEquals(0, trade.price().compareTo(bestAsk));
    assertEquals(0, trade.qty().compareTo(QTY));
    OrderBookSnapshot after = await(books, b -> b.bestAsk().orElseThrow().qty().compareTo(bestAskQty) != 0);
    assertEquals(0, after.bestAsk().orElseThrow().qty().compareTo(bestAskQty.subtract(QTY)));
    TickerData last = tickers.await(m -> !m.isSnapshot()).data().get(0);
    assertEquals(0, last.last().compareTo(bestAsk), "the ticker's last is the trade's price");

    assertEquals(List.of(), mismatches, "every book message's checksum matched");
    assertEquals(List.of(), failures);
  }

  @Test
  void ordersPlacedAmendedAndCancelledShowInEveryAccountChannelAndInRest() throws Exception {
    UnifiedWebSocket unified = ws.unified();
    ExecutionsRecorder executions = new ExecutionsRecorder();
    unified.executions(p -> p.assetClass(AssetClass.DERIVATIVES), executions).get(10, TimeUnit.SECONDS);
    assertTrue(executions.snapshots.poll(10, TimeUnit.SECONDS).data().isEmpty(), "no open order yet");
    Recorder<PositionsData> positions = new Recorder<>();
    unified.positions(p -> p.assetClass(AssetClass.DERIVATIVES), positions).get(10, TimeUnit.SECONDS);
    assertTrue(positions.await(ChannelMessage::isSnapshot).data().futures().isEmpty());
    Recorder<MarginData> margins = new Recorder<>();
    unified.margin(p -> p.assetClass(AssetClass.DERIVATIVES), margins).get(10, TimeUnit.SECONDS);
    MarginData idle = margins.await(m -> multiCollateral(m, data -> true)).data();
    assertEquals(0, idle.initialMargin().signum(), "no position, no order: no margin");
    assertEquals(0, idle.availableMargin().compareTo(idle.marginEquity()));
    assertEquals(0, new BigDecimal("25000").compareTo(idle.currencies().get("USD").quantity()));
    Recorder<List<LedgerTransaction>> ledgers = new Recorder<>();
    unified.ledgers(p -> {}, ledgers).get(10, TimeUnit.SECONDS);
    BalancesRecorder balances = new BalancesRecorder();
    unified.balances(p -> {}, balances).get(10, TimeUnit.SECONDS);
    assertFalse(balances.snapshots.poll(10, TimeUnit.SECONDS).data().isEmpty());

    // A limit buy far below the book rests: executions say new, margin counts the order.
    BigDecimal low = new BigDecimal("80000.0");
    AddOrderResult resting = unified.addOrder(o -> o.orderType(OrderType.LIMIT).side(Side.BUY).orderQty(QTY)
        .limitPrice(low).symbol(CONTRACT).clOrdId("unified-e2e-1").assetClass(AssetClass.DERIVATIVES))
        .get(10, TimeUnit.SECONDS);
    assertEquals("unified-e2e-1", resting.clOrdId());
    ExecutionReport fresh = executions.awaitReport(r -> r.orderId().equals(resting.orderId()));
    assertEquals(ExecType.NEW, fresh.execType());
    MarginData withOrder = margins.await(m -> multiCollateral(m, data -> data.initialMargin().signum() > 0)).data();
    assertEquals(0, withOrder.initialMarginWithoutOrders().signum(), "the order's margin, not a position's");

    // Amended: twice the quantity, the same price; the executions say amended.
    assertEquals(resting.orderId(), unified.amendOrder(o -> o.orderId(resting.orderId()).orderQty(QTY.add(QTY))
        .assetClass(AssetClass.DERIVATIVES)).get(10, TimeUnit.SECONDS).orderId());
    ExecutionReport amended = executions.awaitReport(r -> r.execType().equals(ExecType.AMENDED));
    assertEquals(0, amended.orderQty().compareTo(QTY.add(QTY)));

    // Cancelled by its client order id: one reply, the executions say canceled.
    List<CancelOrderResult> cancelled = unified.cancelOrder(o -> o.clOrdId(List.of("unified-e2e-1"))
        .assetClass(AssetClass.DERIVATIVES)).get(10, TimeUnit.SECONDS);
    assertEquals(1, cancelled.size());
    assertEquals(resting.orderId(), cancelled.get(0).orderId());
    executions.awaitReport(r -> r.execType().equals(ExecType.CANCELED) && r.orderId().equals(resting.orderId()));

    // A market buy fills: a position, its margin, a ledger entry, the USD balance.
    AddOrderResult bought = unified.addOrder(o -> o.orderType(OrderType.MARKET).side(Side.BUY).orderQty(QTY)
        .symbol(CONTRACT).assetClass(AssetClass.DERIVATIVES)).get(10, TimeUnit.SECONDS);
    ExecutionReport fill = executions.awaitReport(r -> r.orderId().equals(bought.orderId())
        && r.execType().equals(ExecType.TRADE));
    executions.awaitReport(r -> r.orderId().equals(bought.orderId()) && r.execType().equals(ExecType.FILLED));
    Position position = positions.await(m -> !m.isSnapshot()).data().futures().get(0);
    assertEquals(CONTRACT, position.symbol());
    assertEquals(0, position.size().compareTo(QTY));
    assertEquals(0, position.entryPrice().compareTo(fill.lastPrice()));
    MarginData holding = margins.await(m -> multiCollateral(m,
        data -> data.initialMarginWithoutOrders().signum() > 0)).data();
    assertEquals(0, holding.initialMargin().compareTo(holding.initialMarginWithoutOrders()), "no order left");
    assertTrue(holding.maintenanceMargin().signum() > 0);
    assertNotNull(holding.cross().effectiveLeverage());

    ChannelMessage<List<LedgerTransaction>> ledger = ledgers.await(m -> true);
    assertEquals(1L, ledger.sequence().getAsLong(), "the ledgers sequence counts this connection's messages from 1");
    LedgerTransaction entry = ledger.data().get(0);
    assertEquals(CONTRACT + "-" + fill.tradeId(), entry.refId());
    assertEquals(0, entry.fee().compareTo(fill.fees().get(0).qty()));
    LedgerTransaction viaBalances = balances.updates.poll(10, TimeUnit.SECONDS).data().get(0);
    assertEquals(entry.ledgerId(), viaBalances.ledgerId(), "balances streams the same ledger transaction");

    // REST recovers what the ledgers channel streamed (the recovery a sequence gap names).
    Map<String, LedgerEntry> rest = kraken.spot().getLedgers(r -> r.asset("ZUSD")).ledger();
    LedgerEntry same = rest.get(entry.ledgerId());
    assertNotNull(same, entry.ledgerId() + " in REST Ledgers " + rest.keySet());
    assertEquals(entry.refId(), same.refid());
    assertEquals(0, entry.amount().compareTo(same.amount()));
    assertEquals(0, entry.fee().compareTo(same.fee()));
    assertEquals(0, entry.balance().compareTo(same.balance()));
    assertEquals(0, entry.balance().compareTo(kraken.spot().getBalance().get("ZUSD")), "REST Balance after the fill");

    // cancelAll: two resting orders, both cancelled, the margin of orders back to the position's.
    for (String id : List.of("unified-e2e-2", "unified-e2e-3")) {
      unified.addOrder(o -> o.orderType(OrderType.LIMIT).side(Side.BUY).orderQty(QTY).limitPrice(low).symbol(CONTRACT)
          .clOrdId(id).assetClass(AssetClass.DERIVATIVES)).get(10, TimeUnit.SECONDS);
    }
    assertEquals(2, unified.cancelAll(o -> o.assetClass(AssetClass.DERIVATIVES)).get(10, TimeUnit.SECONDS).count()
        .intValue());
    executions.awaitReport(r -> r.execType().equals(ExecType.CANCELED) && "unified-e2e-3".equals(r.clOrdId()));
    assertEquals(0, unified.cancelAll(o -> o.assetClass(AssetClass.DERIVATIVES)).get(10, TimeUnit.SECONDS).count()
        .intValue());

    assertEquals(List.of(), ledgers.gaps, "no ledgers message was lost");
    assertEquals(List.of(), failures);
  }

  @Test
  void theDerivativesMarketIsPartOfTheSandboxState() throws Exception {
    AddOrderResult resting = ws.unified().addOrder(o -> o.orderType(OrderType.LIMIT).side(Side.SELL).orderQty(QTY)
        .limitPrice(new BigDecimal("90000.0")).symbol(CONTRACT).clOrdId("kept").assetClass(AssetClass.DERIVATIVES))
        .get(10, TimeUnit.SECONDS);
    ws.unified().addOrder(o -> o.orderType(OrderType.MARKET).side(Side.BUY).orderQty(QTY).symbol(CONTRACT)
        .assetClass(AssetClass.DERIVATIVES)).get(10, TimeUnit.SECONDS);
    SandboxState saved = sandbox.state().export();
    assertTrue(saved.toJson().contains("\"derivatives\""), "the state document has the market's section");

    // Reset: the seed market, no position, no order of the account (a new connection: reset closed the old).
    sandbox.state().reset();
    try (KrakenWebSocketClient fresh = newClient()) {
      AccountView seed = AccountView.of(fresh);
      assertTrue(seed.positions.isEmpty(), seed.positions.toString());
      assertTrue(seed.openOrders.isEmpty(), seed.openOrders.toString());
    }

    // Restore: the position and the resting order are back, and the order can still be cancelled.
    sandbox.state().restore(saved);
    try (KrakenWebSocketClient fresh = newClient()) {
      AccountView restored = AccountView.of(fresh);
      assertEquals(1, restored.positions.size());
      assertEquals(0, restored.positions.get(0).size().compareTo(QTY));
      assertEquals(List.of(resting.orderId()), restored.openOrders.stream().map(ExecutionReport::orderId).toList());
      assertEquals(resting.orderId(), fresh.unified().cancelOrder(o -> o.clOrdId(List.of("kept"))
          .assetClass(AssetClass.DERIVATIVES)).get(10, TimeUnit.SECONDS).get(0).orderId());
    }
  }

  @Test
  void theBannerAndGetSandboxListTheUnifiedUrls() throws Exception {
    HttpResponse<String> page = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(sandbox.baseUrl().resolve("/sandbox")).GET().build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, page.statusCode());
    for (String text : List.of(sandbox.describe(), page.body())) {
      assertTrue(text.contains(sandbox.unifiedWebSocketPublicUrl().toString()), text);
      assertTrue(text.contains(sandbox.unifiedWebSocketPrivateUrl().toString()), text);
    }
  }

  private KrakenWebSocketClient newClient() {
    return KrakenWebSocketClient.builder()
        .environment(WebSocketEnvironment.of(sandbox.webSocketUrls()))
        .tokenSource(TokenSource.spot(kraken))
        .build();
  }

  /** The account's positions and open orders, from the snapshots of a new subscription. */
  private record AccountView(List<Position> positions, List<ExecutionReport> openOrders) {
    static AccountView of(KrakenWebSocketClient client) throws Exception {
      BlockingQueue<ChannelMessage<PositionsData>> positions = new LinkedBlockingQueue<>();
      client.unified().positions(p -> p.assetClass(AssetClass.DERIVATIVES), positions::add).get(10, TimeUnit.SECONDS);
      BlockingQueue<ChannelMessage<List<ExecutionReport>>> executions = new LinkedBlockingQueue<>();
      client.unified().executions(p -> p.assetClass(AssetClass.DERIVATIVES), executions::add).get(10, TimeUnit.SECONDS);
      return new AccountView(await(positions, ChannelMessage::isSnapshot).data().futures(),
          await(executions, ChannelMessage::isSnapshot).data());
    }
  }

  /** Every message of one channel, and a wait for the first that satisfies a condition. */
  private final class Recorder<D> implements ChannelListener<D> {
    final BlockingQueue<ChannelMessage<D>> messages = new LinkedBlockingQueue<>();
    final List<SequenceGap> gaps = new CopyOnWriteArrayList<>();

    @Override public void onMessage(ChannelMessage<D> message) {
      messages.add(message);
    }

    @Override public void onSequenceGap(SequenceGap gap) {
      gaps.add(gap);
    }

    @Override public void onFailure(Throwable failure) {
      failures.add(failure);
    }

    ChannelMessage<D> await(Predicate<ChannelMessage<D>> wanted) throws InterruptedException {
      return UnifiedAgainstSandboxTest.await(messages, wanted);
    }
  }

  /** The executions channel's reports one by one (a message may carry several), its snapshots apart. */
  private final class ExecutionsRecorder implements ChannelListener<List<ExecutionReport>> {
    final BlockingQueue<ChannelMessage<List<ExecutionReport>>> snapshots = new LinkedBlockingQueue<>();
    final BlockingQueue<ExecutionReport> reports = new LinkedBlockingQueue<>();

    @Override public void onMessage(ChannelMessage<List<ExecutionReport>> message) {
      if (message.isSnapshot()) {
        snapshots.add(message);
      } else {
        reports.addAll(message.data());
      }
    }

    @Override public void onSequenceGap(SequenceGap gap) {
      failures.add(gap);
    }

    @Override public void onFailure(Throwable failure) {
      failures.add(failure);
    }

    ExecutionReport awaitReport(Predicate<ExecutionReport> wanted) throws InterruptedException {
      return UnifiedAgainstSandboxTest.await(reports, wanted);
    }
  }

  private final class BalancesRecorder implements BalancesListener {
    final BlockingQueue<ChannelMessage<List<AssetBalance>>> snapshots = new LinkedBlockingQueue<>();
    final BlockingQueue<ChannelMessage<List<LedgerTransaction>>> updates = new LinkedBlockingQueue<>();

    @Override public void onSnapshot(ChannelMessage<List<AssetBalance>> message) {
      snapshots.add(message);
    }

    @Override public void onUpdate(ChannelMessage<List<LedgerTransaction>> message) {
      updates.add(message);
    }

    @Override public void onSequenceGap(SequenceGap gap) {
      failures.add(gap);
    }

    @Override public void onFailure(Throwable failure) {
      failures.add(failure);
    }
  }

  /** Whether {@code message} is a {@code multi_collateral} section that satisfies {@code wanted}. */
  private static boolean multiCollateral(ChannelMessage<MarginData> message, Predicate<MarginData> wanted) {
    return message.type().equals(MarginSection.MULTI_COLLATERAL.value()) && wanted.test(message.data());
  }

  /** The first item from {@code queue} that satisfies {@code wanted}, within 10 seconds. */
  private static <T> T await(BlockingQueue<T> queue, Predicate<T> wanted) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      T item = queue.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      if (item != null && wanted.test(item)) return item;
    }
    throw new AssertionError("nothing such within 10 s");
  }
}
