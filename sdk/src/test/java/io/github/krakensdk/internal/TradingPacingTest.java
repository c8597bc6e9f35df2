package io.github.krakensdk.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.errors.ServiceError;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.runtime.call.TimeSource;
import io.github.krakensdk.runtime.internal.Operation;
import io.github.krakensdk.spot.internal.SpotServiceImpl;
import io.github.krakensdk.spot.model.AddOrderBatchRequest;
import io.github.krakensdk.spot.model.AddOrderRequest;
import io.github.krakensdk.spot.model.AmendOrderRequest;
import io.github.krakensdk.spot.model.BatchOrder;
import io.github.krakensdk.spot.model.BatchOrderResult;
import io.github.krakensdk.spot.model.CancelAllOrdersRequest;
import io.github.krakensdk.spot.model.CancelOrderBatchRequest;
import io.github.krakensdk.spot.model.CancelOrderRequest;
import io.github.krakensdk.spot.model.EditOrderRequest;
import io.github.krakensdk.spot.model.OrderAdded;
import io.github.krakensdk.spot.model.OrderAmended;
import io.github.krakensdk.spot.model.OrderBatchAdded;
import io.github.krakensdk.spot.model.OrderEdited;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.spot.model.OrdersCancelled;
import io.github.krakensdk.values.OrderPrice;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The client's copy of the trading engine's per-pair counters, on a clock that moves only when a
 * test moves it. The published figures: threshold 60 / 125 / 180 and decay 1 / 2.34 / 3.75 per
 * second by tier; +1 per order, +n/2 per batch of n, amend +1 and up to +3, edit +1 and up to +6,
 * cancel up to +8, by the order's age.
 */
final class TradingPacingTest {
  private static final Operation ADD = operation("addOrder");
  private static final Operation BATCH = operation("addOrderBatch");
  private static final Operation AMEND = operation("amendOrder");
  private static final Operation EDIT = operation("editOrder");
  private static final Operation CANCEL = operation("cancelOrder");
  private static final Operation CANCEL_BATCH = operation("cancelOrderBatch");
  private static final Operation CANCEL_ALL = operation("cancelAllOrders");

  private final Clock time = new Clock();
  /** Without the cancel headroom, so that the figures are the page's own. */
  private final TradingPacing starter = new TradingPacing(SpotRateTier.STARTER, time, 0);
  private int ids;

  @Test
  void ordersGoAtOnceUpToTheThresholdThenAtTheDecayRateOfEachTier() {
    assertEquals(60, room(starter, "XBTUSD"), "the 61st order was the first to wait");
    Map<SpotRateTier, Duration> oneCount = Map.of(
        SpotRateTier.STARTER, Duration.ofSeconds(1),
        SpotRateTier.INTERMEDIATE, Duration.ofNanos(427_350_428), // 1 / 2.34 s, rounded up
        SpotRateTier.PRO, Duration.ofNanos(266_666_667)); // 1 / 3.75 s, rounded up
    for (SpotRateTier tier : SpotRateTier.values()) {
      TradingPacing pacing = new TradingPacing(tier, new Clock(), 0);
      for (int i = 0; i < tier.tradingThreshold(); i++) {
        assertEquals(Duration.ZERO, pacing.reserve(ADD, order("XBTUSD")), tier + " order " + (i + 1));
      }
      assertEquals(oneCount.get(tier), pacing.reserve(ADD, order("XBTUSD")), tier.name());
    }
    assertEquals(List.of(60, 125, 180), List.of(SpotRateTier.STARTER.tradingThreshold(),
        SpotRateTier.INTERMEDIATE.tradingThreshold(), SpotRateTier.PRO.tradingThreshold()));
    assertEquals(List.of(new BigDecimal("1"), new BigDecimal("2.34"), new BigDecimal("3.75")),
        List.of(SpotRateTier.STARTER.tradingDecayPerSecond(), SpotRateTier.INTERMEDIATE.tradingDecayPerSecond(),
            SpotRateTier.PRO.tradingDecayPerSecond()));
  }

  @Test
  void waitsQueueUpInTheOrderReservedAndTheCounterDecaysWhileIdle() {
    fill(starter, "XBTUSD", 60);
    assertEquals(Duration.ofSeconds(1), starter.reserve(ADD, order("XBTUSD")));
    assertEquals(Duration.ofSeconds(2), starter.reserve(ADD, order("XBTUSD")), "behind the one before");
    time.advance(Duration.ofMillis(2_500));
    assertEquals(Duration.ofMillis(500), starter.reserve(ADD, order("XBTUSD")));
    time.advance(Duration.ofDays(400)); // long idle: back to zero, no overflow
    assertEquals(60, room(starter, "XBTUSD"));
  }

  @Test
  void eachPairHasItsOwnCounter() {
    fill(starter, "XBTUSD", 60);
    assertEquals(Duration.ZERO, starter.reserve(ADD, order("ETHUSD")));
    assertEquals(Duration.ofSeconds(1), starter.reserve(ADD, order("XBTUSD")));
  }

  @Test
  void aBatchCountsHalfAnOrderPerOrder() {
    fill(starter, "XBTUSD", 58);
    assertEquals(Duration.ofMillis(500), starter.reserve(BATCH, batch("XBTUSD", 5)), "58 + 2.5 is 0.5 over 60");
    time.advance(Duration.ofSeconds(100)); // all decayed
    assertEquals(Duration.ZERO, starter.reserve(BATCH, batch("XBTUSD", 15)));
    assertEquals(52, room(starter, "XBTUSD"), "7.5 counted: 52 whole orders fit under 60");
  }

  @Test
  void validationOnlyCountsNothing() {
    fill(starter, "XBTUSD", 60);
    AddOrderRequest validate = AddOrderRequest.builder().pair("XBTUSD").side(OrderSide.BUY)
        .orderType(OrderType.LIMIT).price(OrderPrice.of(new BigDecimal("80000"))).volume(new BigDecimal("0.01")).validate(true).build();
    assertEquals(Duration.ZERO, starter.reserve(ADD, validate));
    assertEquals(Duration.ZERO, starter.reserve(BATCH, AddOrderBatchRequest.builder().pair("XBTUSD")
        .orders(batch("XBTUSD", 3).orders()).validate(true).build()));
    assertEquals(Duration.ZERO, starter.reserve(EDIT, EditOrderRequest.builder().txid("OUNKNOWN").pair("XBTUSD")
        .validate(true).build()));
    assertEquals(Duration.ofSeconds(1), starter.reserve(ADD, order("XBTUSD")));
  }

  @Test
  void aCancelCostsMoreTheYoungerTheOrder() {
    // Age of the order when cancelled, and the count the cancel adds.
    Object[][] table = {
        {Duration.ZERO, 8}, {Duration.ofMillis(4_999), 8}, {Duration.ofSeconds(5), 6},
        {Duration.ofMillis(9_999), 6}, {Duration.ofSeconds(10), 5}, {Duration.ofSeconds(15), 4},
        {Duration.ofMillis(44_999), 4}, {Duration.ofSeconds(45), 2}, {Duration.ofSeconds(90), 1},
        {Duration.ofMillis(299_999), 1}, {Duration.ofSeconds(300), 0}, {Duration.ofHours(5), 0}};
    for (Object[] row : table) {
      Duration age = (Duration) row[0];
      int count = (Integer) row[1];
      Clock clock = new Clock();
      TradingPacing pacing = new TradingPacing(SpotRateTier.STARTER, clock, 0);
      String txid = place(pacing, "XBTUSD");
      clock.advance(age);
      int left = age.isZero() ? 1 : 0; // the order's own +1 has decayed after a second
      assertEquals(Duration.ZERO, pacing.reserve(CANCEL, cancel(txid)));
      assertEquals(60 - left - count, room(pacing, "XBTUSD"), "a cancel at " + age);
    }
  }

  @Test
  void aCancelNeverWaitsEvenWhenItsPairIsFull() {
    List<String> txids = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      txids.add(place(starter, "XBTUSD"));
    }
    fill(starter, "XBTUSD", 50);
    for (String txid : txids.subList(0, 5)) {
      assertEquals(Duration.ZERO, starter.reserve(CANCEL, cancel(txid)), "a cancel on a full counter");
    }
    assertEquals(Duration.ZERO, starter.reserve(CANCEL_BATCH,
        CancelOrderBatchRequest.builder().orders(List.<Object>copyOf(txids.subList(5, 10))).build()));
    // Counted all the same: 60 + 10 cancels of +8 is 140; the next order waits until 59 is left.
    assertEquals(Duration.ofSeconds(81), starter.reserve(ADD, order("XBTUSD")));
  }

  /**
   * By default orders leave the cost of cancelling the youngest order free under the threshold: at
   * Starter 52 orders go at once, and after them the engine (60) still takes one cancel of +8.
   */
  @Test
  void placementsLeaveRoomForCancellingTheYoungestOrder() {
    assertEquals(8, TradingPacing.CANCEL_HEADROOM, "the table's cost of a cancel under 5 s");
    assertEquals(60 - 8, room(new TradingPacing(SpotRateTier.STARTER, new Clock()), "XBTUSD"));
    TradingPacing pacing = new TradingPacing(SpotRateTier.STARTER, time);
    String youngest = place(pacing, "XBTUSD");
    fill(pacing, "XBTUSD", 51);
    assertNull(pacing.reserve(ADD, order("XBTUSD"), Duration.ofMillis(999)), "a wait over the bound counts nothing");
    assertEquals(Duration.ofSeconds(1), pacing.reserve(ADD, order("XBTUSD"), Duration.ofSeconds(1)),
        "52 counted: one second before one more fits under 52");
    // 52 at the engine (the 53rd waits), which takes the youngest order's cancel (+8) up to its 60.
    assertEquals(Duration.ZERO, pacing.reserve(CANCEL, cancel(youngest)));
  }

  @Test
  void anAmendCostsOneMoreAndMakesItsOrderYoungAgain() {
    String txid = place(starter, "XBTUSD");
    time.advance(Duration.ofSeconds(7));
    assertEquals(Duration.ZERO, starter.reserve(AMEND, amend(txid)));
    starter.onResult(AMEND, amend(txid), OrderAmended.builder().amendId("TAMEND").build());
    assertEquals(60 - 3, room(starter, "XBTUSD"), "+1 and +2 at 7 s");

    time.advance(Duration.ofSeconds(120)); // all decayed; the order last changed 120 s ago: +1
    assertEquals(Duration.ZERO, starter.reserve(AMEND, amend(txid)));
    starter.onResult(AMEND, amend(txid), OrderAmended.builder().amendId("TAMEND2").build());
    time.advance(Duration.ofSeconds(12)); // that +1 decayed; the order is 12 s young
    starter.reserve(AMEND, amend(txid));
    assertEquals(60 - 2, room(starter, "XBTUSD"), "+1 and +1 at 12 s since the last amend");
  }

  @Test
  void anEditCostsOneMoreByAgeAndReplacesItsOrder() {
    String txid = place(starter, "XBTUSD");
    time.advance(Duration.ofSeconds(30));
    EditOrderRequest edit = EditOrderRequest.builder().txid(txid).pair("XBTUSD").price(OrderPrice.of(new BigDecimal("80100"))).build();
    assertEquals(Duration.ZERO, starter.reserve(EDIT, edit));
    starter.onResult(EDIT, edit, edited("ONEW", txid));
    assertEquals(60 - 3, room(starter, "XBTUSD"), "+1 and +2 at 30 s");

    time.advance(Duration.ofSeconds(100)); // all decayed; the new order is 100 s old
    starter.reserve(CANCEL, cancel("ONEW"));
    assertEquals(60 - 1, room(starter, "XBTUSD"), "the replacement is known: +1 at 100 s");
    time.advance(Duration.ofSeconds(100));
    starter.reserve(CANCEL, cancel(txid));
    assertEquals(60, room(starter, "XBTUSD"), "the original is forgotten: a cancel of it counts on no pair");
  }

  @Test
  void anOrderTheClientDoesNotKnowIsChargedAsTheYoungest() {
    assertEquals(Duration.ZERO, starter.reserve(AMEND, AmendOrderRequest.builder().txid("OTHER-1")
        .pair("XBTUSD").limitPrice(OrderPrice.of(new BigDecimal("80000"))).build()));
    assertEquals(60 - 4, room(starter, "XBTUSD"), "amend: +1 and +3");
    time.advance(Duration.ofSeconds(100));
    starter.reserve(EDIT, EditOrderRequest.builder().txid("OTHER-2").pair("XBTUSD").price(OrderPrice.of(new BigDecimal("1"))).build());
    assertEquals(60 - 7, room(starter, "XBTUSD"), "edit: +1 and +6");
    time.advance(Duration.ofSeconds(100));
    assertEquals(Duration.ZERO, starter.reserve(CANCEL, cancel("OTHER-3")));
    assertEquals(Duration.ZERO, starter.reserve(AMEND, amend("OTHER-4")), "no pair named: nothing to count on");
    assertEquals(60, room(starter, "XBTUSD"), "a cancel names no pair: counted nowhere");
  }

  @Test
  void ordersAreFoundByClientIdAndByUserref() {
    AddOrderRequest tagged = AddOrderRequest.builder().pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.LIMIT)
        .price(OrderPrice.of(new BigDecimal("80000"))).volume(new BigDecimal("0.01")).clientOrderId("quote-7").userReference(42).build();
    starter.reserve(ADD, tagged);
    starter.onResult(ADD, tagged, OrderAdded.builder().txids(List.of("OTAGGED")).build());
    String other = place(starter, "XBTUSD", 42);
    time.advance(Duration.ofSeconds(20)); // both 20 s old: +4 each
    starter.reserve(CANCEL, CancelOrderRequest.builder().clientOrderId("quote-7").build());
    assertEquals(60 - 4, room(starter, "XBTUSD"));
    time.advance(Duration.ofSeconds(100)); // both 120 s old: +1 each
    starter.reserve(CANCEL, cancel("42"));
    assertEquals(60 - 2, room(starter, "XBTUSD"), "a userref names both orders");
    starter.onResult(CANCEL, cancel("42"), OrdersCancelled.builder().count(2).pending(false).build());
    time.advance(Duration.ofSeconds(100));
    starter.reserve(CANCEL, cancel(other));
    assertEquals(60, room(starter, "XBTUSD"), "cancelled orders are forgotten");
  }

  @Test
  void cancellingAllIsChargedAsCancellingEachKnownOrder() {
    String first = place(starter, "XBTUSD");
    place(starter, "ETHUSD");
    time.advance(Duration.ofSeconds(20));
    assertEquals(Duration.ZERO, starter.reserve(CANCEL_ALL, CancelAllOrdersRequest.builder().build()));
    assertEquals(60 - 4, room(starter, "XBTUSD"));
    assertEquals(60 - 4, room(starter, "ETHUSD"));
    starter.onResult(CANCEL_ALL, CancelAllOrdersRequest.builder().build(), OrdersCancelled.builder()
        .count(2)
        .pending(false)
        .build());
    time.advance(Duration.ofSeconds(120));
    starter.reserve(CANCEL, cancel(first));
    assertEquals(60, room(starter, "XBTUSD"), "all forgotten");
  }

  @Test
  void theServicesRateLimitAnswerFillsThePairsCounter() {
    starter.onFailure(ADD, order("XBTUSD"), new KrakenServiceException(error("EGeneral:Invalid arguments")));
    starter.onFailure(ADD, order("XBTUSD"), new RateLimitedException(error("EAPI:Rate limit exceeded")));
    assertEquals(Duration.ZERO, starter.reserve(ADD, order("XBTUSD")), "other errors change nothing");
    starter.onFailure(ADD, order("XBTUSD"), new RateLimitedException(error("EOrder:Rate limit exceeded")));
    assertEquals(Duration.ofSeconds(1), starter.reserve(ADD, order("XBTUSD")), "full at 60: 1 s for one more");
    assertEquals(Duration.ZERO, starter.reserve(ADD, order("ETHUSD")), "another pair is not affected");

    // A refused cancel tells the same of its order's pair; a batch entry refused, of the batch's.
    String txid = place(starter, "LTCUSD");
    starter.onFailure(CANCEL, cancel(txid), new RateLimitedException(error("EOrder:Rate limit exceeded")));
    assertEquals(Duration.ofSeconds(1), starter.reserve(ADD, order("LTCUSD")));
    AddOrderBatchRequest batch = batch("SOLUSD", 2);
    starter.reserve(BATCH, batch);
    starter.onResult(BATCH, batch, OrderBatchAdded.builder()
        .orders(List.of(BatchOrderResult.builder().txid("OSOL1").build(),
            BatchOrderResult.builder().error("EOrder:Rate limit exceeded").build()))
        .build());
    assertEquals(Duration.ofSeconds(1), starter.reserve(ADD, order("SOLUSD")));
  }

  @Test
  void anOrderTheServiceDoesNotKnowIsForgotten() {
    String txid = place(starter, "XBTUSD");
    time.advance(Duration.ofSeconds(60));
    starter.onFailure(CANCEL, cancel(txid), new KrakenServiceException(error("EOrder:Unknown order")));
    starter.reserve(AMEND, AmendOrderRequest.builder().txid(txid).pair("XBTUSD").volume(BigDecimal.ONE).build());
    assertEquals(60 - 4, room(starter, "XBTUSD"), "now unknown: charged as the youngest");
  }

  @Test
  void memoryIsBoundedTheLeastRecentlyChangedOrderForgottenFirst() {
    String first = place(starter, "XBTUSD");
    String second = place(starter, "XBTUSD");
    for (int i = 0; i < TradingPacing.REMEMBERED - 1; i++) {
      AddOrderRequest request = order("ETHUSD");
      starter.onResult(ADD, request, OrderAdded.builder().txids(List.of("OFILL" + i)).build());
    }
    time.advance(Duration.ofSeconds(60)); // the first two orders are 60 s old: +2 if known
    starter.reserve(CANCEL, cancel(first));
    assertEquals(60, room(starter, "XBTUSD"), "the oldest of 10 001 was forgotten");
    time.advance(Duration.ofSeconds(100));
    starter.reserve(CANCEL, cancel(second));
    assertEquals(60 - 1, room(starter, "XBTUSD"), "the second is still known: +1 at 160 s");
  }

  @Test
  void requestsItDoesNotPaceNeverWait() {
    fill(starter, "XBTUSD", 60);
    assertEquals(Duration.ZERO, starter.reserve(operation("getOpenOrders"), null));
    assertEquals(Duration.ZERO, starter.reserve(operation("raw"), Collections.emptyMap()));
  }

  // ---- helpers ----

  private static Operation operation(String id) {
    return new Operation(id, false, true, SpotServiceImpl.ERRORS, 0);
  }

  private static ServiceError error(String text) {
    return ServiceError.builder().operationId("addOrder").httpStatus(200).errors(List.of(text)).bodyExcerpt("").build();
  }

  private static AddOrderRequest order(String pair) {
    return AddOrderRequest.builder().pair(pair).side(OrderSide.BUY).orderType(OrderType.LIMIT).price(OrderPrice.of(new BigDecimal("80000")))
        .volume(new BigDecimal("0.01")).build();
  }

  private static AddOrderBatchRequest batch(String pair, int size) {
    List<BatchOrder> orders = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      orders.add(BatchOrder.builder().side(OrderSide.BUY).orderType(OrderType.LIMIT).price(OrderPrice.of(new BigDecimal("80000")))
          .volume(new BigDecimal("0.01")).build());
    }
    return AddOrderBatchRequest.builder().pair(pair).orders(orders).build();
  }

  private static CancelOrderRequest cancel(String reference) {
    return CancelOrderRequest.builder().txid(reference).build();
  }

  private static AmendOrderRequest amend(String txid) {
    return AmendOrderRequest.builder().txid(txid).limitPrice(OrderPrice.of(new BigDecimal("80001"))).build();
  }

  private static OrderEdited edited(String txid, String original) {
    return OrderEdited.builder().txid(txid).originalTxid(original).status("ok").ordersCancelled(1).build();
  }

  /** Places an order: counted, then learned from its result. */
  private String place(TradingPacing pacing, String pair) {
    return place(pacing, pair, null);
  }

  private String place(TradingPacing pacing, String pair, Integer userref) {
    AddOrderRequest request = userref == null ? order(pair) : AddOrderRequest.builder().pair(pair).side(OrderSide.BUY)
        .orderType(OrderType.LIMIT).price(OrderPrice.of(new BigDecimal("80000"))).volume(new BigDecimal("0.01")).userReference(userref).build();
    assertEquals(Duration.ZERO, pacing.reserve(ADD, request));
    String txid = "O" + ++ids;
    pacing.onResult(ADD, request, OrderAdded.builder().txids(List.of(txid)).build());
    return txid;
  }

  private static void fill(TradingPacing pacing, String pair, int orders) {
    for (int i = 0; i < orders; i++) {
      assertTrue(pacing.reserve(ADD, order(pair)).isZero(), "order " + (i + 1) + " fits");
    }
  }

  /** How many orders fit at once: reserves until one has to wait (and so fills the counter). */
  private static int room(TradingPacing pacing, String pair) {
    int fitted = 0;
    while (pacing.reserve(ADD, order(pair)).isZero()) {
      fitted++;
    }
    return fitted;
  }

  /** A time source that moves only when told to (or when something sleeps on it). */
  private static final class Clock implements TimeSource {
    private final AtomicLong now = new AtomicLong(7_000_000_000L); // not zero: no code may rely on it

    @Override
    public long nanoTime() {
      return now.get();
    }

    @Override
    public void sleep(Duration duration) {
      now.addAndGet(duration.toNanos());
    }

    void advance(Duration duration) {
      now.addAndGet(duration.toNanos());
    }
  }
}
