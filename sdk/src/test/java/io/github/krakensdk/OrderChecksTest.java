package io.github.krakensdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.TestServers;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.PairLimitException;
import io.github.krakensdk.runtime.call.TimeSource;
import io.github.krakensdk.spot.model.AddOrderRequest;
import io.github.krakensdk.spot.model.BatchOrder;
import io.github.krakensdk.spot.model.ConditionalClose;
import io.github.krakensdk.spot.model.CloseOrderType;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.values.OrderFlag;
import io.github.krakensdk.values.OrderPrice;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Orders checked against their pair's limits before sending: refused ones never reach the server,
 * the refusal names the pair, the field and the limit; the pairs are loaded once and refreshed by
 * age on the client's time source.
 */
final class OrderChecksTest {
  private static final ApiCredentials CREDENTIALS = new ApiCredentials("key",
      Base64.getEncoder().encodeToString("order-checks-secret".getBytes(StandardCharsets.UTF_8)));

  @StartStop final MockWebServer server = TestServers.noDelay();

  /** Paths the server was asked for, in order. */
  private final List<String> paths = new CopyOnWriteArrayList<>();
  /** The pair_decimals of XXBTZUSD the server answers AssetPairs with. */
  private volatile int bitcoinPairDecimals = 1;
  /** The tick_size of XXBTZUSD the server answers AssetPairs with; null leaves it out. */
  private volatile String bitcoinTickSize = "0.1";
  private volatile boolean assetPairsFail;
  private final FakeTime time = new FakeTime();
  private KrakenClient kraken;

  /** Values of the real AssetPairs answer (fixtures/real/spot/asset-pairs.json), trimmed to the limits. */
  private String assetPairs() {
    return "{\"error\":[],\"result\":{"
        + "\"XETHXXBT\":{\"altname\":\"ETHXBT\",\"wsname\":\"ETH/XBT\",\"base\":\"XETH\",\"quote\":\"XXBT\","
        + "\"cost_decimals\":6,\"pair_decimals\":5,\"lot_decimals\":8,\"ordermin\":\"0.01\",\"costmin\":\"0.00002\","
        + "\"tick_size\":\"0.00001\",\"status\":\"online\"},"
        + "\"XXBTZUSD\":{\"altname\":\"XBTUSD\",\"wsname\":\"XBT/USD\",\"base\":\"XXBT\",\"quote\":\"ZUSD\","
        + "\"cost_decimals\":5,\"pair_decimals\":" + bitcoinPairDecimals + ",\"lot_decimals\":8,"
        + "\"ordermin\":\"0.0001\",\"costmin\":\"0.5\","
        + (bitcoinTickSize == null ? "" : "\"tick_size\":\"" + bitcoinTickSize + "\",") + "\"status\":\"online\"}}}";
  }

  private void start(boolean cache) {
    server.setDispatcher(new Dispatcher() {
      @Override
      public MockResponse dispatch(RecordedRequest request) {
        String path = request.getUrl().encodedPath();
        paths.add(path);
        return switch (path) {
          case "/0/public/AssetPairs" -> assetPairsFail ? json("{\"error\":[\"EService:Unavailable\"]}")
              : json(assetPairs());
          case "/0/private/AddOrder" -> json("{\"error\":[],\"result\":{\"descr\":{\"order\":\"buy\"},"
              + "\"txid\":[\"OU22CG-KLAF2-FWUDD7\"]}}");
          case "/0/private/AddOrderBatch" -> json("{\"error\":[],\"result\":{\"orders\":["
              + "{\"txid\":\"O5OR23-ADFAD-Y2G61C\"},{\"txid\":\"OK8HFF-5J2PL-XLR17S\"}]}}");
          case "/0/private/AmendOrder" -> json("{\"error\":[],\"result\":{\"amend_id\":\"TEZA4R-DSDGT-IJBOJK\"}}");
          case "/0/private/EditOrder" -> json("{\"error\":[],\"result\":{\"txid\":\"OFVXHJ-KPQ3B-VS7ELA\"}}");
          default -> json(404, "{\"error\":[\"EGeneral:Unknown method\"]}");
        };
      }
    });
    KrakenClient.Builder builder = KrakenClient.builder()
        .environment(Environment.PRODUCTION.toBuilder().spot(server.url("/").toString()).build())
        .spotCredentials(CREDENTIALS)
        .timeSource(time);
    if (cache) {
      builder.assetPairsCache(Duration.ofMinutes(30));
    }
    kraken = builder.build();
  }

  @AfterEach
  void tearDown() {
    if (kraken != null) {
      kraken.close();
    }
  }

  private static MockResponse json(String body) {
    return json(200, body);
  }

  private static MockResponse json(int code, String body) {
    return new MockResponse.Builder().code(code).setHeader("Content-Type", "application/json").body(body).build();
  }

  private static Consumer<AddOrderRequest.Builder> limitBuy(String volume, String price) {
    return r -> r.pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.LIMIT).volume(new BigDecimal(volume))
        .price(OrderPrice.of(new BigDecimal(price)));
  }

  private PairLimitException refused(Consumer<AddOrderRequest.Builder> order) {
    return assertThrows(PairLimitException.class, () -> kraken.spot().addOrder(order));
  }

  @Test
  void tooManyPriceDecimalsAreRefusedBeforeSendingNamingTheLimit() {
    start(true);
    PairLimitException e = refused(limitBuy("0.01", "65000.12"));
    assertEquals("addOrder: XXBTZUSD: price 65000.12 has 2 decimals; pair_decimals is 1", e.getMessage());
    assertEquals("XXBTZUSD", e.pair());
    assertEquals("price", e.field());
    assertEquals("pair_decimals", e.limit());
    assertEquals(new BigDecimal("65000.12"), e.value());
    assertEquals(BigDecimal.ONE, e.limitValue());
    assertInstanceOf(KrakenClientException.class, e, "a local failure of the one error model");
    assertEquals(List.of("/0/public/AssetPairs"), paths, "the pairs were loaded; the order was not sent");
  }

  @Test
  void aVolumeUnderOrderminIsRefused() {
    start(true);
    PairLimitException e = refused(limitBuy("0.00005", "65000.1"));
    assertEquals("addOrder: XXBTZUSD: volume 0.00005 is under ordermin 0.0001", e.getMessage());
    assertEquals("ordermin", e.limit());
    assertEquals(new BigDecimal("0.0001"), e.limitValue());
    assertEquals(List.of("/0/public/AssetPairs"), paths);
  }

  @Test
  void aPriceOffTheTickSizeGridIsRefusedForEveryKindOfOrder() {
    bitcoinTickSize = "0.5"; // coarser than pair_decimals 1: 65000.3 has one decimal but is off the grid
    start(true);
    PairLimitException e = refused(limitBuy("0.01", "65000.3"));
    assertEquals("addOrder: XXBTZUSD: price 65000.3 is not a multiple of tick_size 0.5", e.getMessage());
    assertEquals("price", e.field());
    assertEquals("tick_size", e.limit());
    assertEquals(new BigDecimal("0.5"), e.limitValue());
    assertEquals("close[price2]", refused(limitBuy("0.01", "65000.5").andThen(r -> r
        .closeOrderType(CloseOrderType.STOP_LOSS_LIMIT).closePrice(OrderPrice.of(new BigDecimal("64000"))).closeSecondaryPrice(OrderPrice.of(new BigDecimal("63999.9"))))).field());
    BatchOrder good = BatchOrder.builder().side(OrderSide.BUY).orderType(OrderType.LIMIT)
        .volume(new BigDecimal("0.01")).price(OrderPrice.of(new BigDecimal("40000.5"))).build();
    PairLimitException batch = assertThrows(PairLimitException.class, () -> kraken.spot().addOrderBatch(r -> r
        .pair("XBTUSD").orders(List.of(good, good.toBuilder().price(OrderPrice.of(new BigDecimal("40000.2"))).build()))));
    assertEquals("orders[1].price", batch.field());
    assertEquals("tick_size", batch.limit());
    PairLimitException edit = assertThrows(PairLimitException.class, () -> kraken.spot().editOrder(r -> r
        .txid("OU22CG-KLAF2-FWUDD7").pair("XBTUSD").secondaryPrice(OrderPrice.of(new BigDecimal("64999.9")))));
    assertEquals("price2", edit.field());
    PairLimitException amend = assertThrows(PairLimitException.class, () -> kraken.spot().amendOrder(r -> r
        .txid("OTHER-ORDER-ID").pair("XBTUSD").triggerPrice(OrderPrice.of(new BigDecimal("64000.1")))));
    assertEquals("trigger_price", amend.field());
    assertEquals(List.of("/0/public/AssetPairs"), paths, "nothing off the grid was sent");

    // On the grid, and relative prices, go out.
    kraken.spot().addOrder(limitBuy("0.01", "65000.50"));
    kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.SELL).orderType(OrderType.TRAILING_STOP)
        .volume(new BigDecimal("0.01")).price(OrderPrice.offset(new BigDecimal("0.3"))));
    assertEquals(List.of("/0/public/AssetPairs", "/0/private/AddOrder", "/0/private/AddOrder"), paths);
  }

  @Test
  void aPairWithoutTickSizeIsHeldToItsDecimalsAlone() {
    bitcoinTickSize = null;
    start(true);
    kraken.spot().addOrder(limitBuy("0.01", "65000.3"));
    assertEquals(List.of("/0/public/AssetPairs", "/0/private/AddOrder"), paths);
  }

  @Test
  void aLimitOrdersCostUnderCostminIsRefused() {
    start(true);
    PairLimitException e = refused(limitBuy("0.0001", "4000"));
    assertEquals("addOrder: XXBTZUSD: cost 0.4 (volume 0.0001 at price 4000) is under costmin 0.5", e.getMessage());
    assertEquals("costmin", e.limit());
    assertEquals(List.of("/0/public/AssetPairs"), paths);
  }

  @Test
  void tooManyVolumeDecimalsAreRefused() {
    start(true);
    PairLimitException e = refused(limitBuy("0.123456789", "65000"));
    assertEquals("addOrder: XXBTZUSD: volume 0.123456789 has 9 decimals; lot_decimals is 8", e.getMessage());
    assertEquals("volume", e.field());
  }

  @Test
  void aConditionalClosePriceIsHeldToTheSameRule() {
    start(true);
    PairLimitException e = refused(limitBuy("0.01", "65000").andThen(r -> r.closeOrderType(CloseOrderType.LIMIT)
        .closePrice(OrderPrice.of(new BigDecimal("66000.25")))));
    assertEquals("close[price]", e.field());
    assertEquals(List.of("/0/public/AssetPairs"), paths);
  }

  @Test
  void aGoodOrderIsSentAndThePairsAreLoadedOnce() {
    start(true);
    kraken.spot().addOrder(limitBuy("0.01", "65000.1"));
    kraken.spot().addOrder(limitBuy("0.0200", "65000.10")); // trailing zeros are no decimals
    assertEquals(List.of("/0/public/AssetPairs", "/0/private/AddOrder", "/0/private/AddOrder"), paths);
  }

  @Test
  void relativePricesAreLeftToTheService() {
    start(true);
    kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.SELL).orderType(OrderType.TRAILING_STOP_LIMIT)
        .volume(new BigDecimal("0.01")).price(OrderPrice.percent(new BigDecimal("1.125"))).secondaryPrice(OrderPrice.offset(new BigDecimal("-12.25"))));
    assertEquals(List.of("/0/public/AssetPairs", "/0/private/AddOrder"), paths);
  }

  @Test
  void aVolumeInTheQuoteCurrencyIsHeldToCostmin() {
    start(true);
    PairLimitException e = refused(r -> r.pair("XXBTZUSD").side(OrderSide.BUY).orderType(OrderType.MARKET)
        .volume(new BigDecimal("0.4")).flags(Set.of(OrderFlag.FCIQ, OrderFlag.VIQC)));
    assertEquals("addOrder: XXBTZUSD: volume 0.4 (in the quote currency, viqc) is under costmin 0.5", e.getMessage());
  }

  @Test
  void ordersOnPairsTheDataDoesNotHaveAreSentUnchecked() {
    start(true);
    kraken.spot().addOrder(r -> r.pair("AAPLxUSD").side(OrderSide.BUY).orderType(OrderType.LIMIT)
        .volume(new BigDecimal("0.0000001")).price(OrderPrice.of(new BigDecimal("211.123456"))));
    assertEquals(List.of("/0/public/AssetPairs", "/0/private/AddOrder"), paths);
  }

  @Test
  void aBatchNamesTheOrderThatBreaksTheLimit() {
    start(true);
    BatchOrder good = BatchOrder.builder().side(OrderSide.BUY).orderType(OrderType.LIMIT)
        .volume(new BigDecimal("0.01")).price(OrderPrice.of(new BigDecimal("40000"))).build();
    BatchOrder badClose = good.toBuilder()
        .close(ConditionalClose.builder().orderType(CloseOrderType.STOP_LOSS).price(OrderPrice.of(new BigDecimal("37000.05"))).build()).build();
    PairLimitException e = assertThrows(PairLimitException.class,
        () -> kraken.spot().addOrderBatch(r -> r.pair("XBTUSD").orders(List.of(good, badClose))));
    assertEquals("orders[1].close.price", e.field());
    assertEquals("addOrderBatch: XXBTZUSD: orders[1].close.price 37000.05 has 2 decimals; pair_decimals is 1",
        e.getMessage());
    assertEquals(List.of("/0/public/AssetPairs"), paths);
  }

  @Test
  void anAmendIsCheckedAgainstThePairItsOrderWasPlacedOn() {
    start(true);
    kraken.spot().addOrder(limitBuy("0.01", "65000.1").andThen(r -> r.clientOrderId("my-order-1")));

    PairLimitException byTxid = assertThrows(PairLimitException.class,
        () -> kraken.spot().amendOrder(r -> r.txid("OU22CG-KLAF2-FWUDD7").limitPrice(OrderPrice.of(new BigDecimal("65000.15")))));
    assertEquals("amendOrder: XXBTZUSD: limit_price 65000.15 has 2 decimals; pair_decimals is 1", byTxid.getMessage());
    PairLimitException byClientId = assertThrows(PairLimitException.class,
        () -> kraken.spot().amendOrder(r -> r.clientOrderId("my-order-1").volume(new BigDecimal("0.000000001"))));
    assertEquals("order_qty", byClientId.field());
    assertEquals("lot_decimals", byClientId.limit());
    assertEquals(List.of("/0/public/AssetPairs", "/0/private/AddOrder"), paths, "neither amend was sent");

    // A small quantity is not refused on an amend: the order may have filled more already.
    kraken.spot().amendOrder(r -> r.txid("OU22CG-KLAF2-FWUDD7").volume(new BigDecimal("0.00001")));
    // An order placed elsewhere names no pair the client knows: sent unchecked.
    kraken.spot().amendOrder(r -> r.txid("OTHER-ORDER-ID").limitPrice(OrderPrice.of(new BigDecimal("65000.15"))));
    // Unless the amend names its pair.
    assertThrows(PairLimitException.class,
        () -> kraken.spot().amendOrder(r -> r.txid("OTHER-ORDER-ID").pair("XBTUSD").limitPrice(OrderPrice.of(new BigDecimal("65000.15")))));
    assertEquals(List.of("/0/public/AssetPairs", "/0/private/AddOrder", "/0/private/AmendOrder",
        "/0/private/AmendOrder"), paths);
  }

  @Test
  void anEditIsCheckedAndTheReplacementIsRememberedForAmends() {
    start(true);
    PairLimitException e = assertThrows(PairLimitException.class, () -> kraken.spot().editOrder(r -> r
        .txid("OU22CG-KLAF2-FWUDD7").pair("XBTUSD").volume(new BigDecimal("0.00001"))));
    assertEquals("editOrder: XXBTZUSD: volume 0.00001 is under ordermin 0.0001", e.getMessage());
    kraken.spot().editOrder(r -> r.txid("OU22CG-KLAF2-FWUDD7").pair("XBTUSD").price(OrderPrice.of(new BigDecimal("65000.5"))));
    // The replacement's txid, answered by the service, is known to be on XXBTZUSD.
    assertThrows(PairLimitException.class,
        () -> kraken.spot().amendOrder(r -> r.txid("OFVXHJ-KPQ3B-VS7ELA").triggerPrice(OrderPrice.of(new BigDecimal("64000.25")))));
    assertEquals(List.of("/0/public/AssetPairs", "/0/private/EditOrder"), paths);
  }

  @Test
  void anAsynchronousOrderFailsItsFutureAndSendsNothing() {
    start(true);
    CompletableFuture<?> future = kraken.spot().addOrderAsync(AddOrderRequest.builder()
        .applyMutation(limitBuy("0.01", "65000.12")).build());
    ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
    assertInstanceOf(PairLimitException.class, e.getCause());
    assertEquals(List.of("/0/public/AssetPairs"), paths);
  }

  @Test
  void withoutTheCacheNothingIsCheckedAndThereIsNoCache() {
    start(false);
    kraken.spot().addOrder(limitBuy("0.00005", "65000.12"));
    assertEquals(List.of("/0/private/AddOrder"), paths);
    KrakenClientException e = assertThrows(KrakenClientException.class, () -> kraken.assetPairs());
    assertTrue(e.getMessage().contains("assetPairsCache(maxAge)"), e.getMessage());
  }

  @Test
  void withoutPairDataOrdersGoUncheckedRatherThanRefused() {
    assetPairsFail = true;
    start(true);
    kraken.spot().addOrder(limitBuy("0.01", "65000.12"));
    kraken.spot().addOrder(limitBuy("0.01", "65000.12"));
    assertEquals(List.of("/0/public/AssetPairs", "/0/private/AddOrder", "/0/private/AddOrder"), paths,
        "one failed load, not one per order");
  }

  @Test
  void thePairsAreRefreshedInTheBackgroundOnceOlderThanTheMaximumAge() throws Exception {
    start(true);
    refused(limitBuy("0.01", "65000.12"));
    time.advance(Duration.ofMinutes(29));
    refused(limitBuy("0.01", "65000.12"));
    assertEquals(List.of("/0/public/AssetPairs"), paths, "29 minutes old: no refresh");

    bitcoinPairDecimals = 2;
    bitcoinTickSize = "0.01"; // the price grid follows the decimals, as in the service's data
    time.advance(Duration.ofMinutes(1));
    // Checked with the data at hand, while a refresh starts in the background.
    refused(limitBuy("0.01", "65000.12"));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (kraken.assetPairs().pair("XXBTZUSD").orElseThrow().pairDecimals() != 2) {
      assertTrue(System.nanoTime() < deadline, "the refresh did not land");
      Thread.sleep(10);
    }
    kraken.spot().addOrder(limitBuy("0.01", "65000.12"));
    List<String> expected = new ArrayList<>(List.of("/0/public/AssetPairs", "/0/public/AssetPairs",
        "/0/private/AddOrder"));
    assertEquals(expected, paths);
    assertEquals(2, kraken.assetPairs().pair("XBT/USD").orElseThrow().pairDecimals(), "by its WebSocket name too");
  }

  @Test
  void refreshLoadsNowAndTheCacheNeverCallsWhenBuilt() {
    start(true);
    assertEquals(List.of(), paths, "building the client sends nothing");
    assertEquals(2, kraken.assetPairs().refresh().size());
    assertEquals(List.of("/0/public/AssetPairs"), paths);
    assertEquals(Duration.ofMinutes(30), kraken.assetPairs().maxAge());
  }

  /** A clock that moves only when told to; waiting moves it too. */
  static final class FakeTime implements TimeSource {
    private final AtomicLong now = new AtomicLong();

    void advance(Duration duration) {
      now.addAndGet(duration.toNanos());
    }

    @Override
    public long nanoTime() {
      return now.get();
    }

    @Override
    public void sleep(Duration duration) {
      advance(duration);
    }
  }
}
