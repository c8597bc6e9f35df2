package io.github.krakensdk.benchmarks;

import static io.github.krakensdk.benchmarks.Checks.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.krakensdk.Environment;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.spot.model.AddOrderRequest;
import io.github.krakensdk.spot.model.AssetInfo;
import io.github.krakensdk.spot.model.CancelOrderRequest;
import io.github.krakensdk.spot.model.ListAssetsRequest;
import io.github.krakensdk.spot.model.GetOrderBookRequest;
import io.github.krakensdk.spot.model.GetTickerRequest;
import io.github.krakensdk.spot.model.GetTradeVolumeRequest;
import io.github.krakensdk.spot.model.OrderAdded;
import io.github.krakensdk.spot.model.OrderBook;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.spot.model.OrdersCancelled;
import io.github.krakensdk.spot.model.TickerInfo;
import io.github.krakensdk.spot.model.TradeVolume;
import io.github.krakensdk.values.OrderPrice;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.knowm.xchange.Exchange;
import org.knowm.xchange.ExchangeFactory;
import org.knowm.xchange.ExchangeSpecification;
import org.knowm.xchange.currency.CurrencyPair;
import org.knowm.xchange.dto.Order;
import org.knowm.xchange.dto.trade.LimitOrder;
import org.knowm.xchange.kraken.KrakenExchange;
import org.knowm.xchange.kraken.dto.account.KrakenTradeVolume;
import org.knowm.xchange.kraken.dto.marketdata.KrakenAssets;
import org.knowm.xchange.kraken.dto.marketdata.KrakenDepth;
import org.knowm.xchange.kraken.dto.marketdata.KrakenTicker;
import org.knowm.xchange.kraken.dto.trade.KrakenOrderResponse;
import org.knowm.xchange.kraken.service.KrakenAccountServiceRaw;
import org.knowm.xchange.kraken.service.KrakenMarketDataServiceRaw;
import org.knowm.xchange.kraken.service.KrakenTradeServiceRaw;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The three clients measured against the loopback server, each set up once per measured JVM and
 * checked by one call of each kind before anything is measured. Each has its own API key, issued
 * for it by the server ({@link LoopbackKraken#issueKey}), since nonces are ordered per key and the
 * server outlives the JVMs that measure. Every call is one method here, so that a round names its sides.
 */
public final class Clients {
  private Clients() {}

  /**
   * The SDK as a user sets it up: {@code KrakenClient.builder()} with defaults, Spot pointed at
   * loopback; only the pacing by the Spot call counter is off, which would measure its decay.
   */
  @State(Scope.Benchmark)
  public static class Sdk {
    KrakenClient kraken;
    // Built once, as an application keeps a request it sends again and again.
    final GetTradeVolumeRequest tradeVolumeRequest = GetTradeVolumeRequest.builder().pair("XBTUSD").build();
    final AddOrderRequest addOrderRequest = AddOrderRequest.builder().orderType(OrderType.LIMIT)
        .side(OrderSide.BUY).volume(new BigDecimal("1.25")).pair("XBTUSD").price(OrderPrice.of(new BigDecimal("27500.0"))).build();
    final CancelOrderRequest cancelOrderRequest = CancelOrderRequest.builder().txid(Payloads.ORDER_TXID).build();
    final ListAssetsRequest assetsRequest = ListAssetsRequest.builder().build();
    /** No pair: the tickers of every pair. */
    final GetTickerRequest tickerRequest = GetTickerRequest.builder().build();
    final GetOrderBookRequest depthRequest =
        GetOrderBookRequest.builder().pair("XBTUSD").count(Payloads.DEPTH_LEVELS).build();

    @Setup(Level.Trial)
    public void setUp() {
      kraken = KrakenClient.builder()
          .environment(Environment.PRODUCTION.toBuilder().spot(LoopbackKraken.sharedBaseUrl()).build())
          .spotCredentials(new ApiCredentials(LoopbackKraken.issueKey(LoopbackKraken.SDK_KEY), LoopbackKraken.SECRET))
          .spotRatePacing(false) // the loopback server keeps no call counter: measure the SDK, not the decay
          .build();
      TradeVolume volume = tradeVolume();
      check(volume.fees().size() == Payloads.FEE_PAIRS && volume.feesMaker().size() == Payloads.FEE_PAIRS,
          "SDK TradeVolume decodes " + Payloads.FEE_PAIRS + " pairs per fee map");
      check(new BigDecimal("0.1000").equals(volume.fees().get("XXBTZUSD").minFee()),
          "SDK TradeVolume decodes the service's field names (minfee)");
      OrderAdded added = addOrder();
      check(Payloads.ORDER_TXID.equals(added.txid())
          && Payloads.ORDER_DESCRIPTION.equals(added.description().order()), "SDK AddOrder decodes txid and descr");
      check(cancelOrder().count() == 1, "SDK CancelOrder decodes count");
      Map<String, AssetInfo> assets = assets();
      check(assets.size() == Payloads.ASSET_COUNT && "XBT".equals(assets.get("XXBT").altname())
          && assets.get("XXBT").decimals() == 10, "SDK Assets decodes " + Payloads.ASSET_COUNT + " assets");
      Map<String, TickerInfo> tickers = ticker();
      check(tickers.size() == Payloads.TICKER_PAIRS && tickers.get("XXBTZUSD").ask().lotVolume() != null
          && tickers.get("XXBTZUSD").tradeCount().last24Hours() != null && tickers.get("XXBTZUSD").open() != null,
          "SDK Ticker decodes " + Payloads.TICKER_PAIRS + " pairs, every field");
      OrderBook book = depth().get(Payloads.DEPTH_PAIR);
      check(book != null && book.asks().size() == Payloads.DEPTH_LEVELS && book.bids().size() == Payloads.DEPTH_LEVELS
          && book.bids().get(0).timestamp() != null, "SDK Depth decodes " + Payloads.DEPTH_LEVELS + " levels a side");
    }

    TradeVolume tradeVolume() {
      return kraken.spot().getTradeVolume(tradeVolumeRequest);
    }

    OrderAdded addOrder() {
      return kraken.spot().addOrder(addOrderRequest);
    }

    OrdersCancelled cancelOrder() {
      return kraken.spot().cancelOrder(cancelOrderRequest);
    }

    Map<String, AssetInfo> assets() {
      return kraken.spot().listAssets(assetsRequest);
    }

    Map<String, TickerInfo> ticker() {
      return kraken.spot().getTicker(tickerRequest);
    }

    Map<String, OrderBook> depth() {
      return kraken.spot().getOrderBook(depthRequest);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      kraken.close();
    }
  }

  /**
   * The floor of the signed calls: a hand-written OkHttp call on the SDK's own OkHttp, with the
   * {@code API-Sign} computed by {@link RawSigner} and the answer parsed by Jackson into a tree.
   * It sends the same body bytes as the SDK (the loopback server accepts no other): JSON, and a
   * form for AddOrder.
   */
  @State(Scope.Benchmark)
  public static class Raw {
    static final MediaType JSON = MediaType.get("application/json");
    static final MediaType FORM = MediaType.get("application/x-www-form-urlencoded");

    OkHttpClient http;
    ObjectMapper jackson;
    HttpUrl base;
    final RawSigner signer = new RawSigner(LoopbackKraken.SECRET);
    final String key = LoopbackKraken.issueKey(LoopbackKraken.RAW_KEY);
    // Microseconds, like the SDK's default nonces; each measured JVM starts from the clock.
    final AtomicLong nonces = new AtomicLong(System.currentTimeMillis() * 1000);

    @Setup(Level.Trial)
    public void setUp() throws IOException {
      http = new OkHttpClient();
      jackson = new ObjectMapper();
      base = HttpUrl.get(LoopbackKraken.sharedBaseUrl());

      check(tradeVolume().path("result").path("fees").size() == Payloads.FEE_PAIRS, "raw TradeVolume");
      check(addOrder().path("result").path("txid").path(0).asText().equals(Payloads.ORDER_TXID), "raw AddOrder");
      check(cancelOrder().path("result").path("count").asInt() == 1, "raw CancelOrder");
      // The server really checks signatures: a wrong one is refused.
      byte[] body = Payloads.withNonce("1", Payloads.TRADE_VOLUME_REQUEST);
      Request forged = new Request.Builder().url(base.resolve(LoopbackKraken.TRADE_VOLUME.substring(1)))
          .header("API-Key", LoopbackKraken.FORGED_KEY)
          .header("API-Sign", signer.sign(LoopbackKraken.TRADE_VOLUME, "2", body))
          .post(RequestBody.create(body, JSON)).build();
      try (Response response = http.newCall(forged).execute()) {
        check(response.body().string().contains("EAPI:Invalid signature"), "the server refuses a wrong API-Sign");
      }
    }

    JsonNode tradeVolume() throws IOException {
      return signed(LoopbackKraken.TRADE_VOLUME, Payloads.TRADE_VOLUME_REQUEST);
    }

    JsonNode addOrder() throws IOException {
      return signed(LoopbackKraken.ADD_ORDER, Payloads.ADD_ORDER_REQUEST);
    }

    JsonNode cancelOrder() throws IOException {
      return signed(LoopbackKraken.CANCEL_ORDER, Payloads.CANCEL_ORDER_REQUEST);
    }

    /** One signed POST of {@code request} with a fresh nonce, answer read into a tree. */
    private JsonNode signed(String path, String request) throws IOException {
      String nonce = Long.toString(nonces.incrementAndGet());
      byte[] body = Payloads.withNonce(nonce, request);
      Request call = new Request.Builder()
          .url(base.resolve(path.substring(1)))
          .header("API-Key", key)
          .header("API-Sign", signer.sign(path, nonce, body))
          .post(RequestBody.create(body, Payloads.isJson(request) ? JSON : FORM))
          .build();
      try (Response response = http.newCall(call).execute()) {
        if (response.code() != 200) {
          throw new IOException("HTTP " + response.code() + " for " + response.request().url());
        }
        JsonNode tree = jackson.readTree(response.body().byteStream());
        // Like the SDK, fail on Kraken's error array even with HTTP 200.
        if (!tree.path("error").isEmpty()) {
          throw new IOException("Kraken error " + tree.path("error"));
        }
        return tree;
      }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      http.dispatcher().executorService().shutdown();
      http.connectionPool().evictAll();
    }
  }

  /**
   * XChange's Kraken module as its documentation sets it up (which loads asset pairs and assets
   * at creation; its own nonces, milliseconds of the clock or one more than the last), on plain http: rescu calls {@code HttpURLConnection} on the URI as given. Its
   * raw services, the closest it has to the SDK's calls; it names pairs by its {@link
   * CurrencyPair} (sent as {@code XXBTZUSD}) and sends private calls as form bodies.
   */
  @State(Scope.Benchmark)
  public static class XChange {
    KrakenMarketDataServiceRaw marketData;
    KrakenAccountServiceRaw account;
    KrakenTradeServiceRaw trade;
    Exchange exchange;
    /** Built once, like the SDK's request: buy 1.25 XBT at 27,500 USD. */
    final LimitOrder order = new LimitOrder.Builder(Order.OrderType.BID, CurrencyPair.BTC_USD)
        .originalAmount(new BigDecimal("1.25")).limitPrice(new BigDecimal("27500.0")).build();

    @Setup(Level.Trial)
    public void setUp() throws IOException {
      URI base = URI.create(LoopbackKraken.sharedBaseUrl());
      ExchangeSpecification spec = new ExchangeSpecification(KrakenExchange.class);
      spec.setSslUri("http://" + base.getHost() + ":" + base.getPort());
      spec.setHost(base.getHost());
      spec.setPort(base.getPort());
      spec.setApiKey(LoopbackKraken.issueKey(LoopbackKraken.XCHANGE_KEY));
      spec.setSecretKey(LoopbackKraken.SECRET);
      exchange = ExchangeFactory.INSTANCE.createExchange(spec);
      marketData = (KrakenMarketDataServiceRaw) exchange.getMarketDataService();
      account = (KrakenAccountServiceRaw) exchange.getAccountService();
      trade = (KrakenTradeServiceRaw) exchange.getTradeService();

      // Each throws on a Kraken error.
      check(tradeVolume().getFees().size() == Payloads.FEE_PAIRS, "XChange TradeVolume");
      check(List.of(Payloads.ORDER_TXID).equals(addOrder().getTransactionIds()), "XChange AddOrder");
      check(assets().getAssetPairMap().size() == Payloads.ASSET_COUNT, "XChange Assets");
      Map<String, KrakenTicker> tickers = ticker();
      check(tickers.size() == Payloads.TICKER_PAIRS && tickers.get("XXBTZUSD").getOpen() != null,
          "XChange Ticker decodes " + Payloads.TICKER_PAIRS + " pairs");
      KrakenDepth book = depth();
      check(book != null && book.getAsks().size() == Payloads.DEPTH_LEVELS
          && book.getBids().size() == Payloads.DEPTH_LEVELS, "XChange Depth decodes " + Payloads.DEPTH_LEVELS + " levels a side");
    }

    KrakenTradeVolume tradeVolume() throws IOException {
      return account.getTradeVolume(CurrencyPair.BTC_USD);
    }

    KrakenOrderResponse addOrder() throws IOException {
      return trade.placeKrakenLimitOrder(order);
    }

    KrakenAssets assets() throws IOException {
      return marketData.getKrakenAssets();
    }

    /** {@code GET /0/public/Ticker} without a pair, like the SDK's request. */
    Map<String, KrakenTicker> ticker() throws IOException {
      return marketData.getKrakenTickers();
    }

    KrakenDepth depth() throws IOException {
      return marketData.getKrakenDepth(CurrencyPair.BTC_USD, Payloads.DEPTH_LEVELS);
    }
  }
}
