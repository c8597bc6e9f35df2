package io.github.krakensdk.sandbox.internal.spot.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.krakensdk.internal.TradingPacing;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.runtime.call.TimeSource;
import io.github.krakensdk.runtime.internal.Operation;
import io.github.krakensdk.spot.internal.SpotServiceImpl;
import io.github.krakensdk.spot.model.AddOrderRequest;
import io.github.krakensdk.spot.model.AmendOrderRequest;
import io.github.krakensdk.spot.model.CancelOrderBatchRequest;
import io.github.krakensdk.spot.model.CancelOrderRequest;
import io.github.krakensdk.spot.model.EditOrderRequest;
import io.github.krakensdk.spot.model.OrderAdded;
import io.github.krakensdk.spot.model.OrderAmended;
import io.github.krakensdk.spot.model.OrderEdited;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.spot.model.OrdersCancelled;
import io.github.krakensdk.values.OrderPrice;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The client's copy of the trading counters ({@link TradingPacing}) against the sandbox's engine on
 * one clock: a trader who waits as the copy says is never refused for the rate, and always has room
 * left to cancel its youngest order.
 */
class TradingPacingAgreementTest extends ExchangeFixture {
  private final TimeSource onClock = new TimeSource() {
    @Override
    public long nanoTime() {
      Instant now = clock.instant();
      return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    @Override
    public void sleep(Duration duration) {
      clock.advance(duration);
    }
  };
  private final TradingPacing pacing = new TradingPacing(SpotRateTier.STARTER, onClock);
  private Duration waited = Duration.ZERO;
  private int waits;

  @Test
  void aTraderPacedByTheCopyIsNeverRefusedForTheRate() {
    fund();
    List<String> resting = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      resting.add(add((80000 - i) + ".0"));
    }
    for (int i = 0; i < 10; i++) { // +4 each while young: the copy makes them wait
      amend(resting.get(i), (79000 - i) + ".0");
    }
    for (int i = 10; i < 15; i++) { // +1 and up to +6
      resting.set(i, edit(resting.get(i), (78000 - i) + ".0"));
    }
    cancelBatch(resting.subList(15, 35)); // never waits, accepted above the threshold: +8 each
    resting.subList(15, 35).clear();
    for (int i = 0; i < 20; i++) { // the counter is far over: these wait for it
      resting.add(add((77000 - i) + ".0"));
    }
    clock.advance(Duration.ofSeconds(400)); // idle: every count decayed, every order old
    for (String txid : resting.subList(0, 10)) {
      cancel(txid);
    }
    assertTrue(waits > 20 && waited.compareTo(Duration.ofSeconds(100)) > 0, waits + " waits, " + waited);

    // A burst up to the threshold less a cancel's cost: the copy holds the next order back, and the
    // engine still takes the youngest order's cancel (+8), up to its threshold and no further.
    for (int i = 0; i < 51; i++) {
      market();
    }
    String youngest = add("70000.0");
    Duration wait = pacing.reserve(ADD, marketRequest());
    assertEquals(Duration.ofSeconds(1), wait, "52 counted: one second for one more under 60 - 8");
    assertEquals(52, exchange.tradingCounter(Exchange.DEMO, "XBTUSD"), 1e-12);
    cancel(youngest);
    assertEquals(60, exchange.tradingCounter(Exchange.DEMO, "XBTUSD"), 1e-12);
    clock.advance(wait);
    assertEquals(1, list(send("addOrder", "pair", "XBTUSD", "type", "buy", "ordertype", "market", "volume",
        "0.0001").get("txid")).size());
  }

  // ---- the trader: each transaction waits as the copy says, then goes to the engine ----

  private static final Operation ADD = operation("addOrder");
  private static final Operation AMEND = operation("amendOrder");
  private static final Operation EDIT = operation("editOrder");
  private static final Operation CANCEL = operation("cancelOrder");
  private static final Operation CANCEL_BATCH = operation("cancelOrderBatch");

  private String add(String price) {
    AddOrderRequest request = AddOrderRequest.builder().pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.LIMIT)
        .price(OrderPrice.of(new BigDecimal(price))).volume(new BigDecimal("0.01")).build();
    pace(ADD, request);
    String txid = (String) list(send("addOrder", "pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price",
        price, "volume", "0.01").get("txid")).get(0);
    pacing.onResult(ADD, request, OrderAdded.builder().txids(List.of(txid)).build());
    return txid;
  }

  private void market() {
    AddOrderRequest request = marketRequest();
    pace(ADD, request);
    String txid = (String) list(send("addOrder", "pair", "XBTUSD", "type", "buy", "ordertype", "market", "volume",
        "0.0001").get("txid")).get(0);
    pacing.onResult(ADD, request, OrderAdded.builder().txids(List.of(txid)).build());
  }

  private static AddOrderRequest marketRequest() {
    return AddOrderRequest.builder().pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.MARKET)
        .volume(new BigDecimal("0.0001")).build();
  }

  private void amend(String txid, String price) {
    AmendOrderRequest request = AmendOrderRequest.builder().txid(txid).limitPrice(OrderPrice.of(new BigDecimal(price))).build();
    pace(AMEND, request);
    String amendId = (String) send("amendOrder", "txid", txid, "limit_price", price).get("amend_id");
    pacing.onResult(AMEND, request, OrderAmended.builder().amendId(amendId).build());
  }

  private String edit(String txid, String price) {
    EditOrderRequest request = EditOrderRequest.builder().txid(txid).pair("XBTUSD").price(OrderPrice.of(new BigDecimal(price))).build();
    pace(EDIT, request);
    String replacement = (String) send("editOrder", "txid", txid, "pair", "XBTUSD", "price", price).get("txid");
    pacing.onResult(EDIT, request, OrderEdited.builder()
        .txid(replacement)
        .originalTxid(txid)
        .status("ok")
        .ordersCancelled(1)
        .build());
    return replacement;
  }

  private void cancel(String txid) {
    CancelOrderRequest request = CancelOrderRequest.builder().txid(txid).build();
    assertEquals(Duration.ZERO, pacing.reserve(CANCEL, request));
    send("cancelOrder", "txid", txid);
    pacing.onResult(CANCEL, request, OrdersCancelled.builder().count(1).pending(false).build());
  }

  private void cancelBatch(List<String> txids) {
    CancelOrderBatchRequest request = CancelOrderBatchRequest.builder().orders(List.<Object>copyOf(txids)).build();
    assertEquals(Duration.ZERO, pacing.reserve(CANCEL_BATCH, request));
    assertEquals((long) txids.size(), send("cancelOrderBatch", "orders", List.copyOf(txids)).get("count"));
    pacing.onResult(CANCEL_BATCH, request, OrdersCancelled.builder().count(txids.size()).pending(false).build());
  }

  private void pace(Operation operation, Object request) {
    Duration wait = pacing.reserve(operation, request);
    if (!wait.isZero()) {
      waits++;
      waited = waited.plus(wait);
      clock.advance(wait);
    }
  }

  private Map<String, Object> send(String operation, Object... keysAndValues) {
    try {
      return call(operation, keysAndValues);
    } catch (ExchangeError e) {
      return fail(operation + " refused by the engine after the copy's wait: " + e.errors()
          + " (counter " + exchange.tradingCounter(Exchange.DEMO, "XBTUSD") + ")");
    }
  }

  private static Operation operation(String id) {
    return new Operation(id, false, true, SpotServiceImpl.ERRORS, 0);
  }
}
