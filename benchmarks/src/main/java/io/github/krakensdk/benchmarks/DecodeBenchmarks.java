package io.github.krakensdk.benchmarks;

import static io.github.krakensdk.benchmarks.Checks.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.PortfolioHistory;
import io.github.krakensdk.embed.model.PortfolioHistoryResponse;
import io.github.krakensdk.runtime.internal.ResponseDecoding;
import io.github.krakensdk.spot.model.AssetsResponse;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.math.BigDecimal;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.ResponseBody;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import retrofit2.Converter;

/**
 * Benchmark 2: decoding alone, no HTTP. The SDK decodes through the very converter its Retrofit
 * uses ({@link ResponseDecoding}, then the generated adapters registered in {@code
 * KrakenClient.moshi()}), starting from a {@link ResponseBody} as the network would hand it over;
 * Jackson reads the same bytes into a tree.
 *
 * <ul>
 *   <li>Assets: 400 assets, about 50 KB, into {@code AssetsResponse} (a map of {@code AssetInfo}
 *       records with open enums).
 *   <li>Portfolio history: one page of 365 daily points with 10 assets each, about 250 KB, into
 *       {@code PortfolioHistoryResponse} (dates as {@code LocalDate}, every amount a {@code
 *       BigDecimal}: 8,400 of them).
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {Jvm.HEAP_MIN, Jvm.HEAP_MAX, Jvm.NO_DELAY, Jvm.QUIET_SLF4J})
public class DecodeBenchmarks {
  private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");

  Converter<ResponseBody, ?> assets;
  Converter<ResponseBody, ?> portfolioHistory;
  ObjectMapper jackson;
  // Fields, not constants, so that the JIT cannot fold the inputs.
  byte[] assetsJson = Payloads.ASSETS;
  byte[] portfolioHistoryJson = Payloads.PORTFOLIO_HISTORY;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    Moshi moshi;
    try (KrakenClient kraken = KrakenClient.builder().build()) {
      moshi = kraken.moshi();
    }
    // The generated adapters, not Moshi's reflective record adapter, must be doing the work.
    check(moshi.adapter(AssetsResponse.class).toString().contains("JsonAdapter(AssetsResponse)"),
        "AssetsResponse decodes through its generated adapter: " + moshi.adapter(AssetsResponse.class));
    check(moshi.adapter(PortfolioHistory.class).toString().contains("JsonAdapter(PortfolioHistory)"),
        "PortfolioHistory decodes through its generated adapter");
    Converter.Factory converters = ResponseDecoding.converterFactory(moshi);
    assets = converters.responseBodyConverter(AssetsResponse.class, new Annotation[0], null);
    portfolioHistory = converters.responseBodyConverter(PortfolioHistoryResponse.class, new Annotation[0], null);
    jackson = new ObjectMapper();

    AssetsResponse decoded = sdkAssets();
    check(decoded.result().size() == Payloads.ASSET_COUNT && decoded.error().isEmpty()
        && "XBT".equals(decoded.result().get("XXBT").altname()), "SDK decodes the Assets payload");
    PortfolioHistory history = sdkPortfolioHistory().result();
    check(history.history().size() == Payloads.HISTORY_POINTS
        && history.history().get(364).assets().size() == Payloads.HISTORY_ASSETS
        && history.history().get(0).assets().get("BTC").balance().equals(new BigDecimal("0.01000000")),
        "SDK decodes the portfolio history payload");
    check(jacksonAssets().path("result").size() == Payloads.ASSET_COUNT, "Jackson reads the Assets payload");
    check(jacksonPortfolioHistory().path("result").path("history").size() == Payloads.HISTORY_POINTS,
        "Jackson reads the portfolio history payload");
  }

  @Benchmark
  public AssetsResponse sdkAssets() throws IOException {
    return (AssetsResponse) assets.convert(ResponseBody.create(assetsJson, JSON));
  }

  @Benchmark
  public JsonNode jacksonAssets() throws IOException {
    return jackson.readTree(assetsJson);
  }

  @Benchmark
  public PortfolioHistoryResponse sdkPortfolioHistory() throws IOException {
    return (PortfolioHistoryResponse) portfolioHistory.convert(ResponseBody.create(portfolioHistoryJson, JSON));
  }

  @Benchmark
  public JsonNode jacksonPortfolioHistory() throws IOException {
    return jackson.readTree(portfolioHistoryJson);
  }
}
