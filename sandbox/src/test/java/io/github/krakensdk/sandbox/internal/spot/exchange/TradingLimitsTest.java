package io.github.krakensdk.sandbox.internal.spot.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.krakensdk.runtime.call.SpotRateTier;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The trading engine's per-pair rate counter and open-order limit, with the published numbers. */
class TradingLimitsTest extends ExchangeFixture {
  static final double DELTA = 1e-9;

  String restingBuy(String pair, String price) {
    return place("pair", pair, "type", "buy", "ordertype", "limit", "price", price, "volume", "0.01");
  }

  void marketBuy() {
    place("pair", "XBTUSD", "type", "buy", "ordertype", "market", "volume", "0.0001");
  }

  double counter() {
    return exchange.tradingCounter(Exchange.DEMO, "XBTUSD");
  }

  @Test
  void theRestingTimeTablesAsPublished() {
    assertEquals(8, RateCounters.cancelPenalty(Duration.ofMillis(4_999)));
    assertEquals(6, RateCounters.cancelPenalty(Duration.ofSeconds(5)));
    assertEquals(5, RateCounters.cancelPenalty(Duration.ofSeconds(10)));
    assertEquals(4, RateCounters.cancelPenalty(Duration.ofSeconds(15)));
    assertEquals(2, RateCounters.cancelPenalty(Duration.ofSeconds(45)));
    assertEquals(1, RateCounters.cancelPenalty(Duration.ofSeconds(90)));
    assertEquals(0, RateCounters.cancelPenalty(Duration.ofSeconds(300)));
    assertEquals(3, RateCounters.amendPenalty(Duration.ofSeconds(4)));
    assertEquals(2, RateCounters.amendPenalty(Duration.ofSeconds(5)));
    assertEquals(1, RateCounters.amendPenalty(Duration.ofSeconds(10)));
    assertEquals(0, RateCounters.amendPenalty(Duration.ofSeconds(15)));
    assertEquals(6, RateCounters.editPenalty(Duration.ofSeconds(4)));
    assertEquals(5, RateCounters.editPenalty(Duration.ofSeconds(5)));
    assertEquals(4, RateCounters.editPenalty(Duration.ofSeconds(10)));
    assertEquals(2, RateCounters.editPenalty(Duration.ofSeconds(15)));
    assertEquals(1, RateCounters.editPenalty(Duration.ofSeconds(45)));
    assertEquals(0, RateCounters.editPenalty(Duration.ofSeconds(90)));
  }

  @Test
  void eachTransactionAddsItsCountAndTheCounterDecaysByTier() {
    String txid = restingBuy("XBTUSD", "80000.0");
    assertEquals(1, counter(), DELTA);
    call("amendOrder", "txid", txid, "order_qty", "0.02"); // +1, +3 under 5 s
    assertEquals(5, counter(), DELTA);
    clock.advance(Duration.ofSeconds(2)); // Starter: -1 per second
    assertEquals(3, counter(), DELTA);
    String replacement = (String) call("editOrder", "txid", txid, "pair", "XBTUSD", "price", "80100").get("txid");
    assertEquals(3 + 1 + 6, counter(), DELTA); // the amended order rested 2 s
    clock.advance(Duration.ofSeconds(20));
    call("cancelOrder", "txid", replacement); // rested 20 s: +4
    assertEquals(4, counter(), DELTA);
    call("addOrderBatch", "pair", "XBTUSD", "orders", List.of(
        Map.of("type", "buy", "ordertype", "limit", "price", "80000", "volume", "0.01"),
        Map.of("type", "buy", "ordertype", "limit", "price", "80000", "volume", "0.01"),
        Map.of("type", "buy", "ordertype", "limit", "price", "80000", "volume", "0.01")));
    assertEquals(4 + 1.5, counter(), DELTA);
    // Validation only never reaches the engine; another pair has its own counter.
    call("addOrder", "pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "80000", "volume", "0.01",
        "validate", true);
    restingBuy("ETHUSD", "3000.00");
    assertEquals(5.5, counter(), DELTA);
    assertEquals(1, exchange.tradingCounter(Exchange.DEMO, "ETHUSD"), DELTA);
  }

  @Test
  void aStarterBurstIsRefusedAboveSixtyThenTheOpenOrderLimitHolds() {
    fund();
    for (int i = 0; i < 60; i++) {
      restingBuy("XBTUSD", "80000.0");
    }
    assertEquals("EOrder:Rate limit exceeded", refusal(() -> restingBuy("XBTUSD", "80000.0")));
    // The refused order still counted (61); two seconds later there is room again.
    clock.advance(Duration.ofSeconds(1));
    assertEquals("EOrder:Rate limit exceeded", refusal(() -> restingBuy("XBTUSD", "80000.0")));
    clock.advance(Duration.ofSeconds(3));
    // Now it is the open orders that are full: 60 per pair for Starter.
    assertEquals("EOrder:Orders limit exceeded", refusal(() -> restingBuy("XBTUSD", "80000.0")));
    assertEquals(60, map(call("getOpenOrders").get("open")).size());
    restingBuy("ETHUSD", "3000.00");
  }

  @Test
  void cancellingRightAfterPlacingCostsMostAndIsRefusedAtTheThreshold() {
    for (int i = 0; i < 6; i++) {
      call("cancelOrder", "txid", restingBuy("XBTUSD", "80000.0")); // 1 + 8
    }
    assertEquals(54, counter(), DELTA);
    String txid = restingBuy("XBTUSD", "80000.0");
    assertEquals("EOrder:Rate limit exceeded", refusal(() -> call("cancelOrder", "txid", txid)));
    assertEquals("open", order(txid).get("status"));
    clock.advance(Duration.ofSeconds(5)); // 55 - 5 = 50, and the cancel now costs 6
    call("cancelOrder", "txid", txid);
    assertEquals(56, counter(), DELTA);
  }

  @Test
  void aHigherTierHasAHigherThresholdAndFasterDecay() {
    exchange.setTier(Exchange.DEMO, Tier.PRO);
    for (int i = 0; i < 100; i++) {
      place("pair", "XBTUSD", "type", "buy", "ordertype", "market", "volume", "0.0001");
    }
    assertEquals(100, counter(), DELTA);
    clock.advance(Duration.ofSeconds(4));
    assertEquals(100 - 4 * 3.75, counter(), DELTA);
    // A tier given with the call overrides the account's.
    List<String> refused = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      try {
        exchange.handle("addOrder", Exchange.DEMO, Tier.STARTER, params("pair", "XBTUSD", "type", "buy",
            "ordertype", "market", "volume", "0.0001"));
      } catch (ExchangeError e) {
        refused.add(e.errors().get(0));
      }
    }
    assertEquals(List.of("EOrder:Rate limit exceeded", "EOrder:Rate limit exceeded", "EOrder:Rate limit exceeded"),
        refused);
    assertEquals(new BigDecimal("1.2600000000"), balance("XXBT"));
  }
  @Test
  void aBatchCancelIsAcceptedAboveTheThresholdAndCounted() {
    List<Object> txids = new ArrayList<>();
    for (int i = 0; i < 13; i++) {
      txids.add(restingBuy("XBTUSD", "80000.0"));
    }
    for (int i = 0; i < 5; i++) {
      call("cancelOrder", "txid", txids.remove(0)); // +8 each
    }
    assertEquals(53, counter(), DELTA);
    // A single cancel of a young order would pass 60 and is refused; the service accepts a batch
    // cancel whatever the counter: all eight go, +8 each.
    String single = (String) txids.get(0);
    assertEquals("EOrder:Rate limit exceeded", refusal(() -> call("cancelOrder", "txid", single)));
    assertEquals(8L, call("cancelOrderBatch", "orders", txids).get("count"));
    assertEquals(53 + 64, counter(), DELTA);
    assertEquals("EOrder:Rate limit exceeded", refusal(() -> restingBuy("XBTUSD", "80000.0")));
  }

  @Test
  void theCounterDecaysExactlyToTheNanosecond() {
    exchange.setTier(Exchange.DEMO, Tier.INTERMEDIATE);
    fund();
    for (int i = 0; i < 125; i++) {
      marketBuy();
    }
    // 1 / 2.34 s is 427 350 427.35... ns: a whole nanosecond less leaves the counter above 124.
    clock.advance(Duration.ofNanos(427_350_427));
    assertEquals("EOrder:Rate limit exceeded", refusal(this::marketBuy));
    // The refused order's fixed +1 counted: 1.00000000082 more must decay, 427 350 427.7 ns.
    clock.advance(Duration.ofNanos(427_350_428));
    marketBuy();
  }

  @Test
  void aClockSetBackNeverDecaysTheSameTimeTwice() {
    restingBuy("XBTUSD", "80000.0");
    restingBuy("XBTUSD", "80000.0");
    clock.advance(Duration.ofSeconds(1));
    assertEquals(1, counter(), DELTA);
    clock.set(START);
    assertEquals(1, counter(), DELTA);
    clock.advance(Duration.ofMillis(500));
    assertEquals(1, counter(), DELTA, "still before the time the counter last held at");
    clock.set(START.plusMillis(1_500));
    assertEquals(0.5, counter(), DELTA);
  }
  @Test
  void theTiersAgreeWithTheClientsFigures() {
    for (Tier tier : Tier.values()) {
      SpotRateTier client = SpotRateTier.valueOf(tier.name());
      assertEquals(client.tradingThreshold(), tier.tradingThreshold(), tier.name());
      assertEquals(0, client.tradingDecayPerSecond().compareTo(BigDecimal.valueOf(tier.tradingDecayPerSecond())),
          tier.name());
      assertEquals(client.maximum(), tier.restCounterMaximum(), tier.name());
      assertEquals(0, client.decayPerSecond().compareTo(BigDecimal.valueOf(tier.restDecayPerSecond())), tier.name());
    }
  }
}
