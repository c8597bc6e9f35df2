package io.github.krakensdk.sandbox.internal.spot.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Placing orders: resting, matching, fills with their trades, ledger entries and balances. */
class TradingTest extends ExchangeFixture {
  static final BigDecimal TAKER = new BigDecimal("0.0024");
  static final BigDecimal MAKER = new BigDecimal("0.0014");

  @Test
  void aLimitOrderBelowTheMarketRestsAndHoldsItsQuoteWithTheTakerFee() {
    BigDecimal usdBefore = balance("ZUSD");
    String txid = place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "90500.0",
        "volume", "0.1");

    Map<String, Object> open = map(call("getOpenOrders").get("open"));
    assertEquals(List.of(txid), List.copyOf(open.keySet()));
    Map<String, Object> view = map(open.get(txid));
    assertEquals("open", view.get("status"));
    assertEquals("0.10000000", view.get("vol"));
    assertEquals("0.00000000", view.get("vol_exec"));
    assertEquals("fciq", view.get("oflags"));
    assertEquals(null, view.get("refid"));
    assertEquals(0L, view.get("userref"));
    Map<String, Object> descr = map(view.get("descr"));
    assertEquals("XBTUSD", descr.get("pair"));
    assertEquals("90500.0", descr.get("price"));
    assertEquals("buy 0.10000000 XBTUSD @ limit 90500.0", descr.get("order"));
    assertEquals(List.of("refid", "userref", "status", "opentm", "starttm", "expiretm", "descr", "vol",
        "vol_exec", "cost", "fee", "price", "stopprice", "limitprice", "misc", "oflags", "time_in_force"),
        List.copyOf(view.keySet()));
    assertEquals(new BigDecimal("1741942800"), view.get("opentm"));

    // Nothing moved yet; 0.1 * 90500 * 1.0024 is held.
    assertEquals(usdBefore, balance("ZUSD"));
    assertEquals(new BigDecimal("9071.7200"), hold("ZUSD"));
    // It is the best bid now, visible in the order-level book with its txid.
    Map<String, Object> best = map(level3("XBTUSD", "bids").get(0));
    assertEquals(txid, best.get("order_id"));
    assertEquals("90500.00000", best.get("price"));
    assertEquals("0.10000000", best.get("qty"));
  }

  @Test
  void aMarketBuyFillsAcrossLevelsAtTheBooksPricesAndWritesTradesLedgerAndBalances() {
    List<Object> asks = level3("XBTUSD", "asks");
    BigDecimal first = dec(map(asks.get(0)).get("qty"));
    BigDecimal second = dec(map(asks.get(1)).get("qty"));
    // Four decimals at a one-decimal price: every cost is exact at the five decimals shown.
    BigDecimal volume = first.add(second.divide(BigDecimal.valueOf(2), 4, RoundingMode.DOWN));
    BigDecimal usdBefore = balance("ZUSD");
    BigDecimal btcBefore = balance("XXBT");

    String txid = place("pair", "XXBTZUSD", "type", "buy", "ordertype", "market", "volume", volume.toPlainString());

    Map<String, Object> order = order(txid);
    assertEquals("closed", order.get("status"));
    assertNull(order.get("reason"));
    List<Object> tradeIds = list(order.get("trades"));
    assertEquals(2, tradeIds.size());
    Map<String, Object> trades = call("queryTrades", "txid", tradeIds.get(0) + "," + tradeIds.get(1));
    BigDecimal cost = BigDecimal.ZERO;
    BigDecimal fee = BigDecimal.ZERO;
    for (int i = 0; i < 2; i++) {
      Map<String, Object> trade = map(trades.get((String) tradeIds.get(i)));
      Map<String, Object> ask = map(asks.get(i));
      assertEquals(txid, trade.get("ordertxid"));
      assertEquals("XXBTZUSD", trade.get("pair"));
      assertEquals("buy", trade.get("type"));
      assertEquals("market", trade.get("ordertype"));
      assertEquals("market", trade.get("tradeordertype"), "a market order fills as itself");
      assertEquals(dec(ask.get("price")), dec(trade.get("price")));
      assertEquals(false, trade.get("maker"));
      BigDecimal tradeCost = dec(trade.get("vol")).multiply(dec(ask.get("price")));
      assertEquals(0, tradeCost.compareTo(dec(trade.get("cost"))));
      BigDecimal tradeFee = tradeCost.multiply(TAKER).setScale(4, RoundingMode.HALF_EVEN);
      assertEquals(0, tradeFee.compareTo(dec(trade.get("fee"))));
      cost = cost.add(tradeCost);
      fee = fee.add(tradeFee);
    }
    assertEquals(0, cost.compareTo(dec(order.get("cost"))));
    assertEquals(0, fee.compareTo(dec(order.get("fee"))));

    // The base arrives whole; the quote pays cost and fee (fciq, the default for buys).
    assertEquals(btcBefore.add(volume), balance("XXBT"));
    BigDecimal expectedUsd = usdBefore;
    for (Object id : tradeIds) {
      Map<String, Object> trade = map(trades.get((String) id));
      BigDecimal exactCost = dec(trade.get("vol")).multiply(dec(trade.get("price")));
      expectedUsd = expectedUsd.subtract(exactCost.setScale(4, RoundingMode.HALF_EVEN))
          .subtract(dec(trade.get("fee")).setScale(4, RoundingMode.HALF_EVEN));
    }
    assertEquals(expectedUsd, balance("ZUSD"));

    // Two ledger entries per trade, refid the trade id, the last one's balance the current balance.
    Map<String, Object> ledger = map(call("getLedgers", "type", "trade").get("ledger"));
    assertEquals(4, ledger.size());
    Map<String, Object> newestUsd = null;
    for (Object value : ledger.values()) {
      Map<String, Object> entry = map(value);
      assertEquals("trade", entry.get("type"));
      assertEquals("tradespot", entry.get("subtype"));
      assertTrue(tradeIds.contains(entry.get("refid")));
      if (newestUsd == null && entry.get("asset").equals("ZUSD")) {
        newestUsd = entry;
      }
    }
    assertEquals(call("getBalance").get("ZUSD"), newestUsd.get("balance"));
    assertTrue(dec(newestUsd.get("amount")).signum() < 0);
    assertTrue(dec(newestUsd.get("fee")).signum() > 0);

    // The last public trade is ours, taken at market.
    Map<String, Object> recent = call("getRecentTrades", "pair", "XBTUSD", "count", 1);
    List<Object> row = list(list(recent.get("XXBTZUSD")).get(0));
    assertEquals("b", row.get(3));
    assertEquals("m", row.get(4));
    assertEquals(dec(map(asks.get(1)).get("price")), dec(row.get(0)));
  }

  @Test
  void anotherParticipantTakesFortyPercentOfARestingOrderAndTheAccountIsMaker() {
    String txid = place("pair", "XBTUSD", "type", "sell", "ordertype", "limit", "price", "91000.0",
        "volume", "0.5", "userref", 42);
    BigDecimal btcBefore = balance("XXBT");
    BigDecimal usdBefore = balance("ZUSD");
    assertEquals(new BigDecimal("0.5012000000"), hold("XXBT")); // fcib on sells: the fee held in base

    List<String> trades = exchange.takeFromOrder(txid, new BigDecimal("0.4"));

    assertEquals(1, trades.size());
    Map<String, Object> order = order(txid);
    assertEquals("open", order.get("status"));
    assertEquals("0.20000000", order.get("vol_exec"));
    assertEquals("18200.00000", order.get("cost"));
    assertEquals("91000.0", order.get("price"));
    assertEquals(List.of(trades.get(0)), order.get("trades"));
    Map<String, Object> trade = map(call("queryTrades", "txid", trades.get(0)).get(trades.get(0)));
    assertEquals(true, trade.get("maker"));
    assertEquals("25.48000", trade.get("fee")); // 18200 * 0.14 %
    // fcib: the fee is charged in BTC (0.2 * 0.14 % = 0.00028), USD arrives whole.
    assertEquals(btcBefore.subtract(new BigDecimal("0.20028")), balance("XXBT"));
    assertEquals(usdBefore.add(new BigDecimal("18200")), balance("ZUSD"));
    assertEquals(new BigDecimal("0.3007200000"), hold("XXBT"));

    // Cancelled, it closes with what it executed.
    assertEquals(Map.of("count", 1L), call("cancelOrder", "txid", 42));
    Map<String, Object> closed = map(map(call("getClosedOrders").get("closed")).get(txid));
    assertEquals("canceled", closed.get("status"));
    assertEquals("User requested", closed.get("reason"));
    assertEquals("0.20000000", closed.get("vol_exec"));
    assertEquals(new BigDecimal("0E-10").compareTo(hold("XXBT")), 0);
  }

  @Test
  void aMarketableLimitOrderTakesWhatCrossesAndRestsTheRest() {
    fund();
    List<Object> asks = level3("XBTUSD", "asks");
    BigDecimal bestAsk = dec(map(asks.get(0)).get("price"));
    BigDecimal atBest = BigDecimal.ZERO;
    for (Object ask : asks) {
      if (dec(map(ask).get("price")).compareTo(bestAsk) == 0) {
        atBest = atBest.add(dec(map(ask).get("qty")));
      }
    }
    BigDecimal volume = atBest.add(new BigDecimal("0.01"));
    String txid = place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", bestAsk.toPlainString(),
        "volume", volume.toPlainString());

    Map<String, Object> order = order(txid);
    assertEquals("open", order.get("status"));
    assertEquals(0, atBest.compareTo(dec(order.get("vol_exec"))));
    // The rest is now the best bid, at the old best ask.
    Map<String, Object> bid = map(level3("XBTUSD", "bids").get(0));
    assertEquals(txid, bid.get("order_id"));
    assertEquals("0.01000000", bid.get("qty"));
  }

  @Test
  void postOnlyThatWouldTakeIsCancelledAndOneThatRestsStays() {
    BigDecimal bestAsk = dec(map(level3("XBTUSD", "asks").get(0)).get("price"));
    String taking = place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", bestAsk.toPlainString(),
        "volume", "0.01", "oflags", "post");
    Map<String, Object> refused = order(taking);
    assertEquals("canceled", refused.get("status"));
    assertEquals("Post only order", refused.get("reason"));
    assertEquals("0.00000000", refused.get("vol_exec"));
    assertEquals("post,fciq", refused.get("oflags"));

    String resting = place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "90000.0",
        "volume", "0.01", "oflags", "post");
    assertEquals("open", order(resting).get("status"));
  }

  @Test
  void immediateOrCancelAndFillOrKill() {
    fund();
    BigDecimal bestAsk = dec(map(level3("XBTUSD", "asks").get(0)).get("price"));
    String ioc = place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", bestAsk.toPlainString(),
        "volume", "50", "timeinforce", "IOC");
    Map<String, Object> iocOrder = order(ioc);
    assertEquals("canceled", iocOrder.get("status"));
    assertEquals("Immediate or cancel", iocOrder.get("reason"));
    assertEquals("IOC", iocOrder.get("time_in_force"), "the order row carries its time in force, as live ones do");
    assertTrue(dec(iocOrder.get("vol_exec")).signum() > 0);

    BigDecimal nextAsk = dec(map(level3("XBTUSD", "asks").get(0)).get("price"));
    BigDecimal atLevel = BigDecimal.ZERO;
    for (Object ask : level3("XBTUSD", "asks")) {
      if (dec(map(ask).get("price")).compareTo(nextAsk) == 0) {
        atLevel = atLevel.add(dec(map(ask).get("qty")));
      }
    }
    String tooMuch = place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", nextAsk.toPlainString(),
        "volume", atLevel.add(new BigDecimal("0.001")).toPlainString(), "timeinforce", "FOK");
    Map<String, Object> killed = order(tooMuch);
    assertEquals("canceled", killed.get("status"));
    assertEquals("Fill or kill", killed.get("reason"));
    assertEquals("0.00000000", killed.get("vol_exec"));
    String exact = place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", nextAsk.toPlainString(),
        "volume", atLevel.toPlainString(), "timeinforce", "FOK");
    assertEquals("closed", order(exact).get("status"));
  }

  @Test
  void validatePlacesNothingButAnswersWithTheDescription() {
    int before = map(call("getOpenOrders").get("open")).size();
    Map<String, Object> result = call("addOrder", "pair", "XBTUSD", "type", "buy", "ordertype", "limit",
        "price", "27500", "volume", "1.45", "validate", "true");
    assertEquals(Map.of("descr", Map.of("order", "buy 1.45000000 XBTUSD @ limit 27500.0")), result);
    assertEquals(before, map(call("getOpenOrders").get("open")).size());
  }

  @Test
  void refusalsInTheServicesWords() {
    assertEquals("EOrder:Insufficient funds", refusal(() -> place("pair", "XBTUSD", "type", "buy",
        "ordertype", "limit", "price", "90000.0", "volume", "5")));
    assertEquals("EOrder:Insufficient funds", refusal(() -> place("pair", "XBTUSD", "type", "sell",
        "ordertype", "market", "volume", "2")));
    assertEquals("EOrder:Invalid price:XXBTZUSD price can only be specified up to 1 decimals.",
        refusal(() -> place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "90000.05",
            "volume", "0.01")));
    assertEquals("EOrder:Order minimum not met", refusal(() -> place("pair", "XBTUSD", "type", "buy",
        "ordertype", "limit", "price", "90000.0", "volume", "0.00001")));
    assertEquals("EOrder:Cost minimum not met", refusal(() -> place("pair", "XBTUSD", "type", "buy",
        "ordertype", "limit", "price", "5000.0", "volume", "0.00005")));
    assertEquals("EGeneral:Invalid arguments:volume", refusal(() -> place("pair", "XBTUSD", "type", "buy",
        "ordertype", "limit", "price", "90000.0")));
    assertEquals("EGeneral:Invalid arguments:volume", refusal(() -> place("pair", "XBTUSD", "type", "buy",
        "ordertype", "limit", "price", "90000.0", "volume", "0.123456789")));
    assertEquals("EQuery:Unknown asset pair", refusal(() -> place("pair", "DOGEUSD", "type", "buy",
        "ordertype", "market", "volume", "1")));
    assertEquals("EOrder:Cannot open position", refusal(() -> place("pair", "XBTUSD", "type", "buy",
        "ordertype", "market", "volume", "0.01", "leverage", "5")));
    assertEquals("EOrder:Unknown position", refusal(() -> place("pair", "XBTUSD", "type", "sell",
        "ordertype", "settle-position", "volume", "0.01")));
    assertEquals("EOrder:Unknown position", refusal(() -> place("pair", "XBTUSD", "type", "sell",
        "ordertype", "limit", "price", "95000", "volume", "0.01", "reduce_only", true)));
    assertEquals("EGeneral:Invalid arguments:oflags", refusal(() -> place("pair", "XBTUSD", "type", "sell",
        "ordertype", "market", "volume", "0.01", "oflags", "viqc")));
    assertEquals("EGeneral:Invalid arguments:cl_ord_id", refusal(() -> place("pair", "XBTUSD", "type", "buy",
        "ordertype", "limit", "price", "90000", "volume", "0.01", "userref", 1, "cl_ord_id", "abc")));
    assertEquals("EService:Deadline elapsed", refusal(() -> place("pair", "XBTUSD", "type", "buy",
        "ordertype", "limit", "price", "90000", "volume", "0.01", "deadline", "2025-03-14T08:59:00Z")));
    // Nothing of it reached the book.
    assertTrue(map(call("getOpenOrders").get("open")).isEmpty());
  }

  @Test
  void relativePricesAreOffsetsFromTheLastTrade() {
    BigDecimal last = exchange.lastPrice("XBTUSD");
    String txid = place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "-1%", "volume", "0.01");
    BigDecimal expected = last.multiply(new BigDecimal("0.99")).setScale(1, RoundingMode.DOWN);
    assertEquals(expected.toPlainString(), map(order(txid).get("descr")).get("price"));
  }

  @Test
  void aViqcMarketBuySpendsItsQuoteVolume() {
    String txid = place("pair", "XBTUSD", "type", "buy", "ordertype", "market", "volume", "1000",
        "oflags", "viqc");
    Map<String, Object> order = order(txid);
    assertEquals("closed", order.get("status"));
    assertEquals("viqc", List.of(((String) order.get("oflags")).split(",")).get(1));
    assertTrue(dec(order.get("cost")).compareTo(new BigDecimal("1000")) <= 0);
    assertTrue(dec(order.get("cost")).compareTo(new BigDecimal("999")) > 0);
  }

  @Test
  void selfTradePreventionCancelsTheNewestByDefault() {
    String resting = place("pair", "XBTUSD", "type", "sell", "ordertype", "limit", "price", "90500.0",
        "volume", "0.01");
    assertEquals(resting, map(level3("XBTUSD", "asks").get(0)).get("order_id"));
    String taker = place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "90500.0",
        "volume", "0.01");
    assertEquals("canceled", order(taker).get("status"));
    assertEquals("Self trade prevention", order(taker).get("reason"));
    assertEquals("open", order(resting).get("status"));

    String oldest = place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "90500.0",
        "volume", "0.01", "stptype", "cancel-oldest");
    assertEquals("canceled", order(resting).get("status"));
    assertEquals("open", order(oldest).get("status"));
  }

  @Test
  void aGoodTillDateOrderExpiresOnTheSandboxClock() {
    String txid = place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "90000.0",
        "volume", "0.01", "timeinforce", "GTD", "expiretm", "+60");
    assertEquals(1741942860L, order(txid).get("expiretm"));
    clock.advance(Duration.ofSeconds(59));
    assertEquals("open", order(txid).get("status"));
    clock.advance(Duration.ofSeconds(1));
    Map<String, Object> expired = order(txid);
    assertEquals("expired", expired.get("status"));
    assertEquals(new BigDecimal("1741942860"), expired.get("closetm"));
    assertEquals("EGeneral:Invalid arguments:expiretm", refusal(() -> place("pair", "XBTUSD", "type", "buy",
        "ordertype", "limit", "price", "90000.0", "volume", "0.01", "timeinforce", "GTD")));
  }

  @Test
  void aScheduledOrderWaitsPendingUntilItsStartTime() {
    BigDecimal bestAsk = dec(map(level3("XBTUSD", "asks").get(0)).get("price"));
    // " 30": a form encoder turned the plus of "+30" into a space.
    String txid = place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", bestAsk.toPlainString(),
        "volume", "0.001", "starttm", " 30");
    assertEquals("pending", order(txid).get("status"));
    assertEquals(1741942830L, order(txid).get("starttm"));
    assertTrue(hold("ZUSD").signum() > 0);
    clock.advance(Duration.ofSeconds(30));
    Map<String, Object> started = order(txid);
    assertEquals("closed", started.get("status"));
    Map<String, Object> trade = map(call("queryTrades", "txid", list(started.get("trades")).get(0))
        .values().iterator().next());
    assertEquals(new BigDecimal("1741942830"), trade.get("time"));
  }

  @Test
  void aStopLossFiresWhenTheLastTradeCrossesItsTrigger() {
    String stop = place("pair", "XBTUSD", "type", "sell", "ordertype", "stop-loss", "price", "90450.0",
        "volume", "0.01");
    Map<String, Object> waiting = order(stop);
    assertEquals("open", waiting.get("status"));
    assertEquals("sell 0.01000000 XBTUSD @ stop loss 90450.0", map(waiting.get("descr")).get("order"));
    // Stops do not rest in the visible book.
    for (Object ask : level3("XBTUSD", "asks")) {
      assertFalse(stop.equals(map(ask).get("order_id")));
    }
    // Another participant sells down through the trigger (and leaves the bids below 90440 standing).
    exchange.trade("XBTUSD", "sell", new BigDecimal("40"), new BigDecimal("90440.0"));
    assertTrue(exchange.lastPrice("XBTUSD").compareTo(new BigDecimal("90450.0")) <= 0);
    Map<String, Object> fired = order(stop);
    assertEquals("closed", fired.get("status"));
    assertEquals("stopped", fired.get("misc"));
    assertEquals("90450.0", fired.get("stopprice"));
    assertEquals("GTC", fired.get("time_in_force"));
    assertEquals(1, list(fired.get("trades")).size());
    // The fill executed as the market order the trigger placed: tradeordertype says so.
    String fill = (String) list(fired.get("trades")).get(0);
    Map<String, Object> trade = map(call("queryTrades", "txid", fill).get(fill));
    assertEquals(List.of("stop-loss", "market"), List.of(trade.get("ordertype"), trade.get("tradeordertype")));
  }

  @Test
  void aTakeProfitLimitOnTheIndexWaitsForTheIndex() {
    String txid = place("pair", "XBTUSD", "type", "sell", "ordertype", "take-profit-limit", "price", "95000.0",
        "price2", "90000.0", "volume", "0.01", "trigger", "index");
    assertEquals("index", order(txid).get("trigger"));
    assertEquals("sell 0.01000000 XBTUSD @ take profit 95000.0 -> limit 90000.0",
        map(order(txid).get("descr")).get("order"));
    exchange.setIndexPrice("XBTUSD", new BigDecimal("95100"));
    Map<String, Object> fired = order(txid);
    assertEquals("touched", fired.get("misc"));
    assertEquals("90000.0", fired.get("limitprice"));
    // Triggered at a limit below the book's bid: it sold at once.
    assertEquals("closed", fired.get("status"));
  }

  @Test
  void aTrailingStopFollowsThePriceUpAndFiresOnTheWayDown() {
    String txid = place("pair", "XBTUSD", "type", "sell", "ordertype", "trailing-stop", "price", "+0.1%",
        "volume", "0.01");
    Map<String, Object> placed = order(txid);
    assertEquals("+0.1000%", map(placed.get("descr")).get("price"));
    assertEquals("sell 0.01000000 XBTUSD @ trailing stop +0.1000%", map(placed.get("descr")).get("order"));
    BigDecimal initialStop = dec(placed.get("stopprice"));
    // The market rises: the stop follows.
    exchange.trade("XBTUSD", "buy", new BigDecimal("20"), new BigDecimal("90540.0"));
    BigDecimal raised = dec(order(txid).get("stopprice"));
    assertTrue(raised.compareTo(initialStop) > 0, raised + " > " + initialStop);
    assertEquals("open", order(txid).get("status"));
    // It falls back by more than 0.1 %: the stop fires.
    exchange.trade("XBTUSD", "sell", new BigDecimal("60"), new BigDecimal("90440.0"));
    assertEquals("closed", order(txid).get("status"));
  }

  @Test
  void aConditionalCloseIsPlacedForTheFilledVolume() {
    String txid = place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "90000.0",
        "volume", "0.02", "close[ordertype]", "stop-loss-limit", "close[price]", "85000", "close[price2]", "84500",
        "userref", 7);
    Map<String, Object> descr = map(order(txid).get("descr"));
    assertEquals("close position @ stop loss 85000.0 -> limit 84500.0", descr.get("close"));
    exchange.takeFromOrder(txid, new BigDecimal("0.5"));

    Map<String, Object> open = map(call("getOpenOrders", "userref", 7).get("open"));
    assertEquals(2, open.size());
    Map<String, Object> close = null;
    for (Map.Entry<String, Object> entry : open.entrySet()) {
      if (!entry.getKey().equals(txid)) {
        close = map(entry.getValue());
      }
    }
    assertEquals(txid, close.get("refid"));
    assertEquals("0.01000000", close.get("vol"));
    assertEquals("sell 0.01000000 XBTUSD @ stop loss 85000.0 -> limit 84500.0", map(close.get("descr")).get("order"));
  }

  @Test
  void anIcebergShowsOnlyItsDisplayQuantity() {
    String txid = place("pair", "XBTUSD", "type", "buy", "ordertype", "iceberg", "price", "90500.0",
        "volume", "0.2", "displayvol", "0.05");
    Map<String, Object> shown = map(level3("XBTUSD", "bids").get(0));
    assertEquals(txid, shown.get("order_id"));
    assertEquals("0.05000000", shown.get("qty"));
    assertEquals("EGeneral:Invalid arguments:displayvol", refusal(() -> place("pair", "XBTUSD", "type", "buy",
        "ordertype", "iceberg", "price", "90500.0", "volume", "0.2", "displayvol", "0.01")));
  }

  @Test
  void aTrailingStopLimitSetsItsLimitFromTheTriggerPrice() {
    String txid = place("pair", "XBTUSD", "type", "sell", "ordertype", "trailing-stop-limit", "price", "+20",
        "price2", "-5", "volume", "0.01");
    Map<String, Object> placed = order(txid);
    assertEquals("sell 0.01000000 XBTUSD @ trailing stop +20.0 -> limit -5.0", map(placed.get("descr")).get("order"));
    assertEquals("90480.0", placed.get("stopprice")); // 90500.0 - 20
    exchange.trade("XBTUSD", "sell", new BigDecimal("40"), new BigDecimal("90470.0"));
    Map<String, Object> fired = order(txid);
    assertEquals("stopped", fired.get("misc"));
    assertEquals("90475.0", fired.get("limitprice"));
  }

  @Test
  void amendingATriggerPriceMovesTheStop() {
    String txid = place("pair", "XBTUSD", "type", "sell", "ordertype", "stop-loss", "price", "85000",
        "volume", "0.01");
    call("amendOrder", "txid", txid, "trigger_price", "90450.0");
    assertEquals("90450.0", map(order(txid).get("descr")).get("price"));
    assertEquals("90450.0", map(list(call("getOrderAmends", "order_id", txid).get("amends")).get(1))
        .get("trigger_price"));
    exchange.trade("XBTUSD", "sell", new BigDecimal("40"), new BigDecimal("90440.0"));
    assertEquals("closed", order(txid).get("status"));
    assertEquals("EGeneral:Invalid arguments:trigger_price", refusal(() -> call("amendOrder",
        "txid", place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "80000", "volume", "0.01"),
        "trigger_price", "81000")));
  }

  @Test
  void marketPriceProtectionStopsAMarketOrderOnePercentAwayUnlessNompp() {
    // Another participant empties the SOL asks; someone else offers 2.5 % higher.
    exchange.trade("SOLUSD", "buy", new BigDecimal("100000"), null);
    exchange.post("mm", "SOL", new BigDecimal("100"), BigDecimal.ZERO, "deposit", "", "FTmmmmm-1");
    exchange.handle("addOrder", "mm", params("pair", "SOLUSD", "type", "sell", "ordertype", "limit", "price",
        "136.60", "volume", "1"));
    exchange.handle("addOrder", "mm", params("pair", "SOLUSD", "type", "sell", "ordertype", "limit", "price",
        "140.00", "volume", "10"));
    String protectedOrder = place("pair", "SOLUSD", "type", "buy", "ordertype", "market", "volume", "3");
    Map<String, Object> stopped = order(protectedOrder);
    assertEquals("canceled", stopped.get("status"));
    assertEquals("Market price protection", stopped.get("reason"));
    assertEquals("1.00000000", stopped.get("vol_exec"));
    String unprotected = place("pair", "SOLUSD", "type", "buy", "ordertype", "market", "volume", "2",
        "oflags", "nompp");
    assertEquals("closed", order(unprotected).get("status"));
    assertEquals("140.00", order(unprotected).get("price"));
  }

  @Test
  void theFeeCurrencyFollowsFcibAndFciq() {
    BigDecimal btc = balance("XXBT");
    BigDecimal usd = balance("ZUSD");
    String buy = place("pair", "XBTUSD", "type", "buy", "ordertype", "market", "volume", "0.01", "oflags", "fcib");
    assertEquals("fcib", order(buy).get("oflags"));
    // Fee in base: 0.01 * 0.24 % = 0.000024 BTC less arrives; USD pays the cost only.
    assertEquals(btc.add(new BigDecimal("0.009976")), balance("XXBT"));
    assertEquals(usd.subtract(new BigDecimal("905.001")), balance("ZUSD"));
    String sell = place("pair", "XBTUSD", "type", "sell", "ordertype", "market", "volume", "0.01", "oflags", "fciq");
    assertEquals("fciq", order(sell).get("oflags"));
    assertEquals(btc.add(new BigDecimal("-0.000024")), balance("XXBT"));
  }

  @Test
  void formValuesAndNestedFormKeysAreReadAsTheServiceReadsThem() {
    Map<String, Object> result = call("addOrder", "pair", "XBTUSD", "type", "buy", "ordertype", "limit",
        "price", "90000", "volume", "0.01", "validate", "1", "close[ordertype]", "limit", "close[price]", "95000");
    assertEquals("close position @ limit 95000.0", map(result.get("descr")).get("close"));
    Map<String, Object> json = call("addOrder", "pair", "XBTUSD", "type", "buy", "ordertype", "limit",
        "price", 90000.0, "volume", 0.01, "validate", true, "close", Map.of("ordertype", "limit", "price", "95000"));
    assertEquals(result, json);
  }
}
