package io.github.krakensdk.tests.websocket;

import static io.github.krakensdk.tests.websocket.SpotSandboxSession.PAIR;
import static io.github.krakensdk.tests.websocket.SpotSandboxSession.SYMBOL;
import static io.github.krakensdk.tests.websocket.SpotSandboxSession.await;
import static io.github.krakensdk.tests.websocket.SpotSandboxSession.instant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.spot.model.AssetPair;
import io.github.krakensdk.spot.model.OrderInfo;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.SystemState;
import io.github.krakensdk.spot.model.TickerInfo;
import io.github.krakensdk.spot.model.TradeEntry;
import io.github.krakensdk.spot.model.TradeInfo;
import io.github.krakensdk.values.OrderPrice;
import io.github.krakensdk.websocket.BalancesListener;
import io.github.krakensdk.websocket.ChannelListener;
import io.github.krakensdk.websocket.ChannelMessage;
import io.github.krakensdk.websocket.ChannelSubscription;
import io.github.krakensdk.websocket.SequenceGap;
import io.github.krakensdk.websocket.SpotWebSocket;
import io.github.krakensdk.websocket.model.AssetBalance;
import io.github.krakensdk.websocket.model.ExecType;
import io.github.krakensdk.websocket.model.ExecutionReport;
import io.github.krakensdk.websocket.model.ExecutionTimeInForce;
import io.github.krakensdk.websocket.model.InstrumentData;
import io.github.krakensdk.websocket.model.InstrumentPair;
import io.github.krakensdk.websocket.model.LedgerTransaction;
import io.github.krakensdk.websocket.model.LiquidityIndicator;
import io.github.krakensdk.websocket.model.OhlcData;
import io.github.krakensdk.websocket.model.OhlcInterval;
import io.github.krakensdk.websocket.model.OrderStatus;
import io.github.krakensdk.websocket.model.OrderType;
import io.github.krakensdk.websocket.model.Side;
import io.github.krakensdk.websocket.model.StatusData;
import io.github.krakensdk.websocket.model.SystemStatus;
import io.github.krakensdk.websocket.model.TickerData;
import io.github.krakensdk.websocket.model.TradeData;
import io.github.krakensdk.websocket.model.WalletType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every Spot v2 channel of the typed client ({@code ws.spot()}) against the embedded sandbox's real
 * WebSocket server, each checked against the same sandbox's REST API: ticker (Ticker), ohlc and
 * trade (a trade another participant makes), instrument (AssetPairs), status (SystemStatus),
 * executions (OpenOrders, TradesHistory) and balances (Balance, after a fill and a deposit). The
 * typed values are checked too: decimals at the pair's scale, enums, times on the sandbox clock.
 * The books have their own test, {@link BooksAgainstSandboxTest}.
 */
class SpotChannelsAgainstSandboxTest {
  private static final BigDecimal VOLUME = new BigDecimal("0.02");

  private SpotSandboxSession session;
  private SpotWebSocket spot;
  private AssetPair pair;

  @BeforeEach
  void start() {
    session = new SpotSandboxSession();
    spot = session.ws.spot();
    pair = session.kraken.spot().getAssetPairs(r -> r.pair(PAIR)).values().iterator().next();
  }

  @AfterEach
  void stop() {
    session.close();
  }

  @Test
  void tickerStartsAtRestTickerAndFollowsATrade() throws Exception {
    SpotSandboxSession.Received<ChannelMessage<List<TickerData>>> received = new SpotSandboxSession.Received<>();
    ChannelSubscription subscription = await(spot.ticker(p -> p.symbol(List.of(SYMBOL)), listener(received)));
    assertEquals("ticker", subscription.channel());

    ChannelMessage<List<TickerData>> snapshot = received.next();
    assertTrue(snapshot.isSnapshot(), snapshot.toString());
    TickerData ticker = snapshot.data().get(0);
    TickerInfo rest = restTicker();
    assertEquals(SYMBOL, ticker.symbol());
    assertEquals(0, rest.bid().price().compareTo(ticker.bid()), rest + " vs " + ticker);
    assertEquals(0, rest.ask().price().compareTo(ticker.ask()), rest + " vs " + ticker);
    assertEquals(0, rest.lastTrade().price().compareTo(ticker.last()), rest + " vs " + ticker);
    assertEquals(pair.pairDecimals(), ticker.bid().scale(), "prices at the pair's decimals: " + ticker.bid());
    assertEquals(pair.lotDecimals(), ticker.bidQty().scale(), "quantities at the lot decimals: " + ticker.bidQty());
    assertEquals(session.now(), ticker.timestamp());

    // Another participant sells at the best bid: an update whose last trade is that price, as REST's.
    BigDecimal bid = ticker.bid();
    session.clock.advance(Duration.ofSeconds(3));
    session.sandbox.spot().trade(PAIR, OrderSide.SELL, VOLUME, bid);
    ChannelMessage<List<TickerData>> update = received.await(m -> m.data().get(0).last().compareTo(bid) == 0,
        "a ticker update with the trade");
    assertEquals("update", update.type());
    assertEquals(0, restTicker().lastTrade().price().compareTo(update.data().get(0).last()));
    assertEquals(session.now(), update.data().get(0).timestamp());
    assertEquals(List.of(), received.failures);
  }

  @Test
  void ohlcWithoutAnIntervalServesOneMinuteCandlesThatFollowATrade() throws Exception {
    SpotSandboxSession.Received<ChannelMessage<List<OhlcData>>> received = new SpotSandboxSession.Received<>();
    // No interval: Kraken's v2 page does not require one; the service (and the sandbox) serve 1 minute.
    ChannelSubscription subscription = await(spot.ohlc(p -> p.symbol(List.of(SYMBOL)), listener(received)));
    ChannelMessage<List<OhlcData>> snapshot = received.next();
    assertTrue(snapshot.isSnapshot(), snapshot.toString());
    for (OhlcData candle : snapshot.data()) {
      assertEquals(SYMBOL, candle.symbol());
      assertEquals(1, candle.interval());
      assertEquals(0, candle.intervalBegin().getSecond(), "a candle begins on a minute: " + candle);
    }

    BigDecimal bid = restTicker().bid().price();
    session.clock.advance(Duration.ofSeconds(20));
    session.sandbox.spot().trade(PAIR, OrderSide.SELL, VOLUME, bid);
    ChannelMessage<List<OhlcData>> update = received.await(m -> !m.isSnapshot(), "an ohlc update");
    OhlcData candle = update.data().get(update.data().size() - 1);
    assertEquals(session.now().withSecond(0), candle.intervalBegin(), "the running candle of the trade's minute");
    assertEquals(0, bid.compareTo(candle.close()), candle.toString());
    assertEquals(1L, candle.trades(), "the only trade of this minute: " + candle);
    assertEquals(0, VOLUME.compareTo(candle.volume()), candle.toString());
    assertEquals(pair.pairDecimals(), candle.close().scale(), candle.toString());
    // The unsubscribe names no interval either, and ends the same (1-minute) subscription.
    await(subscription.unsubscribe());
    await(spot.ohlc(p -> p.symbol(List.of(SYMBOL)).interval(OhlcInterval.NUMBER_1),
        listener(received)));
    assertEquals(List.of(), received.failures);
  }

  @Test
  void tradePrintsWhatRestRecentTradesShows() throws Exception {
    SpotSandboxSession.Received<ChannelMessage<List<TradeData>>> received = new SpotSandboxSession.Received<>();
    await(spot.trade(p -> p.symbol(List.of(SYMBOL)).snapshot(true), listener(received)));
    ChannelMessage<List<TradeData>> snapshot = received.next();
    assertTrue(snapshot.isSnapshot());
    List<TradeEntry> restTrades = restTrades();
    TradeData lastPrinted = snapshot.data().get(snapshot.data().size() - 1);
    TradeEntry lastRest = restTrades.get(restTrades.size() - 1);
    assertEquals(lastRest.tradeId(), lastPrinted.tradeId());
    assertEquals(0, lastRest.price().compareTo(lastPrinted.price()));
    assertEquals(instant(lastRest.time()), lastPrinted.timestamp().toInstant());

    BigDecimal bid = restTicker().bid().price();
    session.clock.advance(Duration.ofSeconds(5));
    session.sandbox.spot().trade(PAIR, OrderSide.SELL, VOLUME, bid);
    ChannelMessage<List<TradeData>> update = received.await(m -> !m.isSnapshot(), "a trade update");
    TradeData trade = update.data().get(0);
    TradeEntry rest = restTrades().get(restTrades().size() - 1);
    assertEquals(SYMBOL, trade.symbol());
    assertEquals(Side.SELL, trade.side(), "the taker's side");
    assertEquals(0, bid.compareTo(trade.price()));
    assertEquals(VOLUME.setScale(pair.lotDecimals()), trade.qty(), "the lot decimals");
    assertEquals(lastPrinted.tradeId() + 1, trade.tradeId(), "trade ids are a sequence per book");
    assertEquals(rest.tradeId(), trade.tradeId());
    assertEquals(session.now(), trade.timestamp());
    assertEquals(List.of(), received.failures);
  }

  @Test
  void instrumentNamesThePairsAsAssetPairsDoes() throws Exception {
    SpotSandboxSession.Received<ChannelMessage<InstrumentData>> received = new SpotSandboxSession.Received<>();
    await(spot.instrument(p -> {}, listener(received)));
    ChannelMessage<InstrumentData> snapshot = received.next();
    assertTrue(snapshot.isSnapshot());
    InstrumentPair btcUsd = snapshot.data().pairs().stream().filter(p -> p.symbol().equals(SYMBOL)).findFirst()
        .orElseThrow(() -> new AssertionError("no " + SYMBOL + " in " + snapshot.data().pairs()));
    // REST's wsname is WebSocket v1's name (the recorded AssetPairs says XBT/USD); v2 names the pair BTC/USD.
    assertEquals("XBT/USD", pair.wsname());
    assertEquals("BTC", btcUsd.base());
    assertEquals("USD", btcUsd.quote());
    assertEquals(pair.pairDecimals(), btcUsd.pricePrecision());
    assertEquals(pair.lotDecimals(), btcUsd.qtyPrecision());
    assertEquals(pair.costDecimals(), btcUsd.costPrecision());
    assertEquals(0, pair.ordermin().compareTo(btcUsd.qtyMin()));
    assertEquals(0, pair.tickSize().compareTo(btcUsd.priceIncrement()));
    assertTrue(snapshot.data().assets().stream().anyMatch(a -> a.id().equals("BTC")), snapshot.data().assets().toString());
    assertEquals(List.of(), received.failures);
  }

  @Test
  void statusIsPushedOnConnectAsRestSystemStatusSays() throws Exception {
    SpotSandboxSession.Received<ChannelMessage<List<StatusData>>> received = new SpotSandboxSession.Received<>();
    try (ChannelSubscription status = spot.status(listener(received))) {
      assertEquals("status", status.channel());
      ChannelMessage<List<StatusData>> message = received.next();
      StatusData data = message.data().get(0);
      assertEquals(SystemStatus.ONLINE, data.system());
      assertEquals(SystemState.ONLINE, session.kraken.spot().getSystemStatus().status());
      assertEquals("v2", data.apiVersion());
      assertNotNull(data.connectionId());
      assertEquals(0, data.connectionId().scale(), "an integer, read from its digits");
    }
  }

  @Test
  void executionsAndBalancesFollowAnOrderItsFillAndADeposit() throws Exception {
    SpotSandboxSession.Received<ChannelMessage<List<ExecutionReport>>> executions = new SpotSandboxSession.Received<>();
    List<SequenceGap> gaps = new CopyOnWriteArrayList<>();
    await(spot.executions(p -> p.snapTrades(true), new ChannelListener<>() {
      @Override public void onMessage(ChannelMessage<List<ExecutionReport>> message) {
        executions.add(message);
      }

      @Override public void onSequenceGap(SequenceGap gap) {
        gaps.add(gap);
      }

      @Override public void onFailure(Throwable failure) {
        executions.failures.add(failure);
      }
    }));
    SpotSandboxSession.Received<ChannelMessage<List<AssetBalance>>> snapshots = new SpotSandboxSession.Received<>();
    SpotSandboxSession.Received<ChannelMessage<List<LedgerTransaction>>> updates = new SpotSandboxSession.Received<>();
    await(spot.balances(p -> {}, new BalancesListener() {
      @Override public void onSnapshot(ChannelMessage<List<AssetBalance>> message) {
        snapshots.add(message);
      }

      @Override public void onUpdate(ChannelMessage<List<LedgerTransaction>> message) {
        updates.add(message);
      }

      @Override public void onSequenceGap(SequenceGap gap) {
        gaps.add(gap);
      }

      @Override public void onFailure(Throwable failure) {
        updates.failures.add(failure);
      }
    }));

    ChannelMessage<List<ExecutionReport>> executionsSnapshot = executions.next();
    assertTrue(executionsSnapshot.isSnapshot());
    assertEquals(1L, executionsSnapshot.sequence().getAsLong());
    assertEquals(session.kraken.spot().getOpenOrders().open().size(), executionsSnapshot.data().stream()
        .filter(r -> r.execType().equals(ExecType.NEW)).count(), "the open orders, as REST's");

    // The balances snapshot is REST's Balance, asset for asset, at the asset's decimals.
    ChannelMessage<List<AssetBalance>> balances = snapshots.next();
    assertEquals(1L, balances.sequence().getAsLong());
    Map<String, BigDecimal> restBalance = session.kraken.spot().getBalance();
    AssetBalance usd = asset(balances.data(), "USD");
    assertEquals(0, restBalance.get("ZUSD").compareTo(usd.balance()), restBalance + " vs " + usd);
    assertEquals("currency", usd.assetClass());
    assertEquals(WalletType.SPOT, usd.wallets().get(0).type());
    assertEquals(usd.balance(), usd.wallets().get(0).balance());
    AssetBalance btc = asset(balances.data(), "BTC");
    assertEquals(0, restBalance.get("XXBT").compareTo(btc.balance()), restBalance + " vs " + btc);

    // An order placed over REST: a `new` report with its terms, as OpenOrders shows them.
    TickerInfo ticker = restTicker();
    BigDecimal price = ticker.bid().price().add(ticker.ask().price())
        .divide(BigDecimal.valueOf(2), pair.pairDecimals(), RoundingMode.DOWN);
    session.clock.advance(Duration.ofSeconds(1));
    String txid = session.kraken.spot().addOrder(r -> r.pair(PAIR).side(OrderSide.BUY)
        .orderType(io.github.krakensdk.spot.model.OrderType.LIMIT).price(OrderPrice.of(price)).volume(VOLUME)
        .userReference(42)).txid();
    ChannelMessage<List<ExecutionReport>> placed = executions.await(m -> !m.isSnapshot(), "the new order's report");
    assertEquals(2L, placed.sequence().getAsLong());
    ExecutionReport report = placed.data().get(0);
    OrderInfo open = session.kraken.spot().getOpenOrders().open().get(txid);
    assertEquals(ExecType.NEW, report.execType());
    assertEquals(OrderStatus.NEW, report.orderStatus());
    assertEquals(txid, report.orderId());
    assertEquals(SYMBOL, report.symbol());
    assertEquals(Side.BUY, report.side());
    assertEquals(OrderType.LIMIT, report.orderType());
    assertEquals(ExecutionTimeInForce.GTC, report.timeInForce(), "upper case in executions");
    assertEquals(42L, report.orderUserref());
    assertEquals(0, open.volume().compareTo(report.orderQty()));
    assertEquals(0, price.compareTo(report.limitPrice()));
    assertEquals(instant(open.openTime()), report.timestamp().toInstant());
    assertEquals(session.now(), report.timestamp());

    // Another participant sells into it: a `trade` report, as TradesHistory shows the fill.
    session.clock.advance(Duration.ofSeconds(2));
    session.sandbox.spot().trade(PAIR, OrderSide.SELL, VOLUME, price);
    ChannelMessage<List<ExecutionReport>> filled = executions.await(
        m -> m.data().stream().anyMatch(r -> r.execType().equals(ExecType.TRADE)), "the fill's report");
    ExecutionReport fill = filled.data().stream().filter(r -> r.execType().equals(ExecType.TRADE)).findFirst()
        .orElseThrow();
    Map.Entry<String, TradeInfo> restFill = session.kraken.spot().getTradesHistory().trades().entrySet().stream()
        .filter(e -> e.getValue().ordertxid().equals(txid)).findFirst().orElseThrow();
    TradeInfo trade = restFill.getValue();
    assertEquals(OrderStatus.FILLED, fill.orderStatus());
    assertEquals(restFill.getKey(), fill.execId());
    assertEquals(trade.tradeId(), fill.tradeId());
    assertEquals(0, trade.volume().compareTo(fill.lastQty()));
    assertEquals(pair.lotDecimals(), fill.lastQty().scale());
    assertEquals(0, trade.price().compareTo(fill.lastPrice()));
    assertEquals(0, trade.cost().compareTo(fill.cost()), trade + " vs " + fill);
    assertEquals(pair.costDecimals(), fill.cost().scale());
    assertEquals(0, trade.fee().compareTo(fill.fees().get(0).qty()), trade + " vs " + fill);
    assertEquals("USD", fill.fees().get(0).asset());
    assertEquals(LiquidityIndicator.M, fill.liquidityInd(), "the resting order made the trade");
    assertEquals(0, VOLUME.compareTo(fill.cumQty()));
    assertEquals(0, price.compareTo(fill.avgPrice()));
    assertEquals(instant(trade.time()), fill.timestamp().toInstant());

    // The fill's ledger entries: USD down by cost and fee, BTC up by the volume; the balances REST's.
    List<LedgerTransaction> entries = new ArrayList<>();
    while (entries.stream().noneMatch(e -> e.asset().equals("USD")) || entries.stream().noneMatch(e -> e.asset().equals("BTC"))) {
      entries.addAll(updates.next().data());
    }
    Map<String, BigDecimal> afterFill = session.kraken.spot().getBalance();
    LedgerTransaction paid = entries.stream().filter(e -> e.asset().equals("USD")).findFirst().orElseThrow();
    LedgerTransaction bought = entries.stream().filter(e -> e.asset().equals("BTC")).findFirst().orElseThrow();
    assertEquals("trade", paid.type());
    assertEquals(0, trade.cost().negate().compareTo(paid.amount()), paid.toString());
    assertEquals(0, trade.fee().compareTo(paid.fee()), paid.toString());
    assertEquals(0, afterFill.get("ZUSD").compareTo(paid.balance()), afterFill + " vs " + paid);
    assertEquals(0, VOLUME.compareTo(bought.amount()), bought.toString());
    assertEquals(0, afterFill.get("XXBT").compareTo(bought.balance()), afterFill + " vs " + bought);
    assertEquals(WalletType.SPOT, bought.walletType());
    assertEquals(instant(trade.time()), bought.timestamp().toInstant());

    // A deposit, credited ten minutes later on the sandbox clock: a `deposit` entry, REST's balance.
    BigDecimal deposited = new BigDecimal("0.25");
    session.sandbox.spot().arriveDeposit("BTC", "Bitcoin", deposited);
    session.clock.advance(Duration.ofMinutes(10));
    LedgerTransaction deposit = updates.await(m -> m.data().stream().anyMatch(e -> e.type().equals("deposit")),
        "the deposit's entry").data().stream().filter(e -> e.type().equals("deposit")).findFirst().orElseThrow();
    assertEquals("BTC", deposit.asset());
    assertEquals(0, deposited.compareTo(deposit.amount()));
    assertEquals(0, session.kraken.spot().getBalance().get("XXBT").compareTo(deposit.balance()));
    assertEquals(0, afterFill.get("XXBT").add(deposited).compareTo(deposit.balance()));

    assertEquals(List.of(), gaps, "every message numbered in turn");
    assertEquals(List.of(), executions.failures);
    assertEquals(List.of(), updates.failures);
  }

  @Test
  void executionsReportAnAmendAndACancelMadeOverTheWebSocket() throws Exception {
    SpotSandboxSession.Received<ChannelMessage<List<ExecutionReport>>> executions = new SpotSandboxSession.Received<>();
    await(spot.executions(p -> {}, listener(executions)));
    assertTrue(executions.next().isSnapshot());
    BigDecimal price = restTicker().bid().price().multiply(new BigDecimal("0.9"))
        .setScale(pair.pairDecimals(), RoundingMode.DOWN);
    String txid = await(spot.addOrder(p -> p.orderType(OrderType.LIMIT).side(Side.BUY).symbol(SYMBOL).orderQty(VOLUME)
        .limitPrice(price).clOrdId("exec-1"))).orderId();
    ExecutionReport placed = executions.await(m -> has(m, ExecType.NEW), "the new order").data().get(0);
    assertEquals("exec-1", placed.clOrdId());

    session.clock.advance(Duration.ofSeconds(1));
    await(spot.amendOrder(p -> p.orderId(txid).orderQty(new BigDecimal("0.03"))));
    ExecutionReport amended = report(executions.await(m -> has(m, ExecType.AMENDED), "the amend"), ExecType.AMENDED);
    assertEquals(txid, amended.orderId());
    assertEquals(Boolean.TRUE, amended.amended());
    assertEquals(0, new BigDecimal("0.03").compareTo(amended.orderQty()));
    assertEquals(0, new BigDecimal("0.03").compareTo(session.kraken.spot().getOpenOrders().open().get(txid).volume()));
    assertEquals(session.now(), amended.timestamp());

    session.clock.advance(Duration.ofSeconds(1));
    await(spot.cancelOrder(p -> p.clOrdId(List.of("exec-1"))));
    ExecutionReport cancelled = report(executions.await(m -> has(m, ExecType.CANCELED), "the cancel"), ExecType.CANCELED);
    OrderInfo closed = session.kraken.spot().getClosedOrders().closed().get(txid);
    assertEquals(OrderStatus.CANCELED, cancelled.orderStatus());
    assertEquals(closed.reason(), cancelled.reason());
    assertEquals(0, cancelled.cumQty().signum());
    assertEquals(instant(closed.closeTime()), cancelled.timestamp().toInstant());
    assertEquals(List.of(), executions.failures);
  }

  private static boolean has(ChannelMessage<List<ExecutionReport>> message, ExecType type) {
    return message.data().stream().anyMatch(r -> r.execType().equals(type));
  }

  private static ExecutionReport report(ChannelMessage<List<ExecutionReport>> message, ExecType type) {
    return message.data().stream().filter(r -> r.execType().equals(type)).findFirst().orElseThrow();
  }

  private static AssetBalance asset(List<AssetBalance> balances, String asset) {
    return balances.stream().filter(b -> b.asset().equals(asset)).findFirst()
        .orElseThrow(() -> new AssertionError("no " + asset + " in " + balances));
  }

  private TickerInfo restTicker() {
    return session.kraken.spot().getTicker(r -> r.pair(PAIR)).values().iterator().next();
  }

  private List<TradeEntry> restTrades() {
    return session.kraken.spot().getRecentTrades(r -> r.pair(PAIR)).pairs().values().iterator().next();
  }

  private static <D> ChannelListener<D> listener(SpotSandboxSession.Received<ChannelMessage<D>> received) {
    return new ChannelListener<>() {
      @Override public void onMessage(ChannelMessage<D> message) {
        received.add(message);
      }

      @Override public void onFailure(Throwable failure) {
        received.failures.add(failure);
      }
    };
  }
}
