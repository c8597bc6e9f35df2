package io.github.krakensdk.benchmarks;

import static io.github.krakensdk.benchmarks.Checks.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.krakensdk.Environment;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.spot.model.AssetInfo;
import io.github.krakensdk.spot.model.GetAssetsRequest;
import io.github.krakensdk.spot.model.GetTradeVolumeRequest;
import io.github.krakensdk.spot.model.TradeVolume;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
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
import org.knowm.xchange.kraken.KrakenExchange;
import org.knowm.xchange.kraken.dto.account.KrakenTradeVolume;
import org.knowm.xchange.kraken.dto.marketdata.KrakenAssets;
import org.knowm.xchange.kraken.service.KrakenAccountServiceRaw;
import org.knowm.xchange.kraken.service.KrakenMarketDataServiceRaw;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The three clients measured against the loopback server, each set up once per measured JVM and
 * checked by one call before anything is measured. Each has its own API key, since nonces are
 * ordered per key.
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
    /** Built once, as an application keeps a request it sends again and again. */
    final GetTradeVolumeRequest tradeVolume = GetTradeVolumeRequest.builder().pair("XBTUSD").build();
    final GetAssetsRequest allAssets = GetAssetsRequest.builder().build();

    @Setup(Level.Trial)
    public void setUp() {
      kraken = KrakenClient.builder()
          .environment(Environment.PRODUCTION.toBuilder().spot(LoopbackKraken.sharedBaseUrl()).build())
          .spotCredentials(new ApiCredentials(LoopbackKraken.SDK_KEY, LoopbackKraken.SECRET))
          .spotRatePacing(false) // the loopback server keeps no call counter: measure the SDK, not the decay
          .build();
      TradeVolume volume = kraken.spot().getTradeVolume(tradeVolume);
      check(volume.fees().size() == Payloads.FEE_PAIRS && volume.feesMaker().size() == Payloads.FEE_PAIRS,
          "SDK TradeVolume decodes " + Payloads.FEE_PAIRS + " pairs per fee map");
      check(new BigDecimal("0.1000").equals(volume.fees().get("XXBTZUSD").minFee()),
          "SDK TradeVolume decodes the service's field names (minfee)");
      Map<String, AssetInfo> assets = kraken.spot().getAssets(allAssets);
      check(assets.size() == Payloads.ASSET_COUNT && "XBT".equals(assets.get("XXBT").altname())
          && assets.get("XXBT").decimals() == 10, "SDK Assets decodes " + Payloads.ASSET_COUNT + " assets");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      kraken.close();
    }
  }

  /**
   * The floor: a hand-written OkHttp call on the SDK's own OkHttp, with the {@code API-Sign}
   * computed by {@link RawSigner} and the answer parsed by Jackson into a tree. It sends the same
   * JSON body as the SDK.
   */
  @State(Scope.Benchmark)
  public static class Raw {
    static final MediaType JSON = MediaType.get("application/json");

    OkHttpClient http;
    ObjectMapper jackson;
    HttpUrl assetsUrl;
    HttpUrl tradeVolumeUrl;
    final RawSigner signer = new RawSigner(LoopbackKraken.SECRET);
    // Microseconds, like the SDK's default nonces; each measured JVM starts from the clock.
    final AtomicLong nonces = new AtomicLong(System.currentTimeMillis() * 1000);

    @Setup(Level.Trial)
    public void setUp() throws IOException {
      http = new OkHttpClient();
      jackson = new ObjectMapper();
      HttpUrl base = HttpUrl.get(LoopbackKraken.sharedBaseUrl());
      assetsUrl = base.resolve(LoopbackKraken.ASSETS.substring(1));
      tradeVolumeUrl = base.resolve(LoopbackKraken.TRADE_VOLUME.substring(1));

      JsonNode volume = tradeVolume();
      check(volume.path("result").path("fees").size() == Payloads.FEE_PAIRS, "raw TradeVolume: " + volume);
      check(assetsBytes().length == Payloads.ASSETS.length, "raw Assets body");
      check(assetsTree().path("result").size() == Payloads.ASSET_COUNT, "raw Assets through Jackson");
      // The server really checks signatures: a wrong one is refused.
      byte[] body = "{\"nonce\":1,\"pair\":\"XBTUSD\"}".getBytes(StandardCharsets.UTF_8);
      Request forged = new Request.Builder().url(tradeVolumeUrl)
          .header("API-Key", LoopbackKraken.FORGED_KEY)
          .header("API-Sign", signer.sign(LoopbackKraken.TRADE_VOLUME, "2", body))
          .post(RequestBody.create(body, JSON)).build();
      try (Response response = http.newCall(forged).execute()) {
        check(response.body().string().contains("EAPI:Invalid signature"), "the server refuses a wrong API-Sign");
      }
    }

    JsonNode tradeVolume() throws IOException {
      String nonce = Long.toString(nonces.incrementAndGet());
      byte[] body = ("{\"nonce\":" + nonce + ",\"pair\":\"XBTUSD\"}").getBytes(StandardCharsets.UTF_8);
      Request request = new Request.Builder()
          .url(tradeVolumeUrl)
          .header("API-Key", LoopbackKraken.RAW_KEY)
          .header("API-Sign", signer.sign(LoopbackKraken.TRADE_VOLUME, nonce, body))
          .post(RequestBody.create(body, JSON))
          .build();
      try (Response response = http.newCall(request).execute()) {
        JsonNode tree = jackson.readTree(ok(response).body().byteStream());
        // Like the SDK, fail on Kraken's error array even with HTTP 200.
        if (!tree.path("error").isEmpty()) {
          throw new IOException("Kraken error " + tree.path("error"));
        }
        return tree;
      }
    }

    byte[] assetsBytes() throws IOException {
      try (Response response = http.newCall(new Request.Builder().url(assetsUrl).build()).execute()) {
        return ok(response).body().bytes();
      }
    }

    JsonNode assetsTree() throws IOException {
      try (Response response = http.newCall(new Request.Builder().url(assetsUrl).build()).execute()) {
        return jackson.readTree(ok(response).body().byteStream());
      }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      http.dispatcher().executorService().shutdown();
      http.connectionPool().evictAll();
    }

    private static Response ok(Response response) throws IOException {
      if (response.code() != 200) {
        throw new IOException("HTTP " + response.code() + " for " + response.request().url());
      }
      return response;
    }
  }

  /**
   * XChange's Kraken module as its documentation sets it up (which loads asset pairs and assets
   * at creation), on plain http: rescu calls {@code HttpURLConnection} on the URI as given.
   */
  @State(Scope.Benchmark)
  public static class XChange {
    KrakenMarketDataServiceRaw marketData;
    KrakenAccountServiceRaw account;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
      URI base = URI.create(LoopbackKraken.sharedBaseUrl());
      ExchangeSpecification spec = new ExchangeSpecification(KrakenExchange.class);
      spec.setSslUri("http://" + base.getHost() + ":" + base.getPort());
      spec.setHost(base.getHost());
      spec.setPort(base.getPort());
      spec.setApiKey(LoopbackKraken.XCHANGE_KEY);
      spec.setSecretKey(LoopbackKraken.SECRET);
      Exchange exchange = ExchangeFactory.INSTANCE.createExchange(spec);
      marketData = (KrakenMarketDataServiceRaw) exchange.getMarketDataService();
      account = (KrakenAccountServiceRaw) exchange.getAccountService();

      KrakenTradeVolume volume = account.getTradeVolume(CurrencyPair.BTC_USD); // throws on a Kraken error
      check(volume.getFees().size() == Payloads.FEE_PAIRS, "XChange TradeVolume");
      KrakenAssets assets = marketData.getKrakenAssets();
      check(assets.getAssetPairMap().size() == Payloads.ASSET_COUNT, "XChange Assets");
    }
  }
}
