package io.github.krakensdk.benchmarks;

import static io.github.krakensdk.benchmarks.Checks.check;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.embed.internal.model.EmbedJsonAdapters;
import io.github.krakensdk.futures.internal.model.FuturesJsonAdapters;
import io.github.krakensdk.oauth.internal.model.OAuthJsonAdapters;
import io.github.krakensdk.runtime.internal.json.KrakenJson;
import io.github.krakensdk.spot.internal.model.SpotJsonAdapters;
import io.github.krakensdk.embed.model.PortfolioHistory;
import io.github.krakensdk.embed.internal.model.PortfolioHistoryResponse;
import io.github.krakensdk.runtime.internal.ResponseDecoding;
import io.github.krakensdk.spot.internal.model.AssetsResponse;
import io.github.krakensdk.spot.model.OrderBook;
import io.github.krakensdk.spot.internal.model.OrderBookResponse;
import io.github.krakensdk.spot.model.TickerInfo;
import io.github.krakensdk.spot.internal.model.TickerResponse;
import io.github.krakensdk.spot.model.TradeInfo;
import io.github.krakensdk.spot.model.TradesHistory;
import io.github.krakensdk.spot.internal.model.TradesHistoryResponse;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.math.BigDecimal;
import okhttp3.MediaType;
import okhttp3.ResponseBody;
import okio.Buffer;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import retrofit2.Converter;

/**
 * Target 3's three decoders of the same bytes, without HTTP, for the decode rounds of {@link
 * PairedBenchmarks}:
 *
 * <ul>
 *   <li>the SDK, through the very converter its Retrofit uses ({@link ResponseDecoding}, then the
 *       generated adapters {@code KrakenClient} registers), starting from a {@link
 *       ResponseBody} as the network would hand it over;
 *   <li>the floor, the "Moshi walk": Moshi's {@link JsonReader} over an okio {@link Buffer}
 *       holding the bytes, reading every token and building nothing (numbers read as strings,
 *       as the SDK's decimal adapters read them);
 *   <li>the reference, Jackson databind reading the bytes into a tree.
 * </ul>
 *
 * <p>Payloads ({@link Payloads}): Assets (400 assets), Ticker of every pair (1,000 pairs, nine
 * fields each), Depth (500 levels a side), a TradesHistory page (50 trades) and an Embed
 * portfolio history page (365 daily points with 10 assets each, 8,400 decimals).
 */
@State(Scope.Benchmark)
public class DecodeBenchmarks {
  private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");

  Converter<ResponseBody, ?> assets;
  Converter<ResponseBody, ?> ticker;
  Converter<ResponseBody, ?> depth;
  Converter<ResponseBody, ?> tradesHistory;
  Converter<ResponseBody, ?> portfolioHistory;
  ObjectMapper jackson;
  // Fields, not constants, so that the JIT cannot fold the inputs.
  byte[] assetsJson = Payloads.ASSETS;
  byte[] tickerJson = Payloads.TICKER;
  byte[] depthJson = Payloads.DEPTH;
  byte[] tradesHistoryJson = Payloads.TRADES_HISTORY;
  byte[] portfolioHistoryJson = Payloads.PORTFOLIO_HISTORY;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    // The SDK's own JSON set-up, as KrakenClient builds it.
    Moshi moshi = KrakenJson.newBuilder().add(SpotJsonAdapters.FACTORY).add(FuturesJsonAdapters.FACTORY)
        .add(OAuthJsonAdapters.FACTORY).add(EmbedJsonAdapters.FACTORY).build();
    // The generated adapters, not Moshi's reflective record adapter, must be doing the work.
    for (Class<?> type : new Class<?>[] {AssetsResponse.class, TickerInfo.class, OrderBook.class, TradeInfo.class,
        PortfolioHistory.class}) {
      check(moshi.adapter(type).toString().contains("JsonAdapter(" + type.getSimpleName() + ")"),
          type.getSimpleName() + " decodes through its generated adapter: " + moshi.adapter(type));
    }
    Converter.Factory converters = ResponseDecoding.converterFactory(moshi);
    assets = converters.responseBodyConverter(AssetsResponse.class, new Annotation[0], null);
    ticker = converters.responseBodyConverter(TickerResponse.class, new Annotation[0], null);
    depth = converters.responseBodyConverter(OrderBookResponse.class, new Annotation[0], null);
    tradesHistory = converters.responseBodyConverter(TradesHistoryResponse.class, new Annotation[0], null);
    portfolioHistory = converters.responseBodyConverter(PortfolioHistoryResponse.class, new Annotation[0], null);
    jackson = new ObjectMapper();

    AssetsResponse decodedAssets = sdkAssets();
    check(decodedAssets.result().size() == Payloads.ASSET_COUNT && decodedAssets.error().isEmpty()
        && "XBT".equals(decodedAssets.result().get("XXBT").altname()), "SDK decodes the Assets payload");
    TickerInfo xbt = sdkTicker().result().get("XXBTZUSD");
    check(sdkTicker().result().size() == Payloads.TICKER_PAIRS && xbt.ask().lotVolume() != null && xbt.lastTrade().lotVolume() != null
        && xbt.tradeCount().last24Hours() != null && xbt.high().last24Hours() != null && xbt.open() != null, "SDK decodes the Ticker payload, every field");
    OrderBook book = sdkDepth().result().get(Payloads.DEPTH_PAIR);
    check(book.asks().size() == Payloads.DEPTH_LEVELS && book.bids().size() == Payloads.DEPTH_LEVELS
        && book.asks().get(0).price().equals(new BigDecimal("30384.10000")) && book.asks().get(0).timestamp() != null,
        "SDK decodes the Depth payload");
    TradesHistory trades = sdkTradesHistory().result();
    check(trades.count() == Payloads.TRADES_MATCHING && trades.trades().size() == Payloads.TRADES
        && trades.trades().values().stream().allMatch(t -> t.price() != null && t.time() != null && t.tradeId() != null
            && t.maker() != null), "SDK decodes the TradesHistory payload: " + Payloads.TRADES + " distinct trades");
    PortfolioHistory history = sdkPortfolioHistory().result();
    check(history.history().size() == Payloads.HISTORY_POINTS
        && history.history().get(364).assets().size() == Payloads.HISTORY_ASSETS
        && history.history().get(0).assets().get("BTC").balance().equals(new BigDecimal("0.01000000")),
        "SDK decodes the portfolio history payload");

    for (byte[] json : new byte[][] {assetsJson, tickerJson, depthJson, tradesHistoryJson, portfolioHistoryJson}) {
      // The walk reads as many tokens as Jackson's parser finds: every one of them.
      check(moshiWalk(json) == jacksonTokens(json), "the Moshi walk reads every token");
      check(jackson(json).path("result").size() > 0, "Jackson reads the payload into a tree");
    }
  }

  AssetsResponse sdkAssets() throws IOException {
    return (AssetsResponse) assets.convert(ResponseBody.create(assetsJson, JSON));
  }

  TickerResponse sdkTicker() throws IOException {
    return (TickerResponse) ticker.convert(ResponseBody.create(tickerJson, JSON));
  }

  OrderBookResponse sdkDepth() throws IOException {
    return (OrderBookResponse) depth.convert(ResponseBody.create(depthJson, JSON));
  }

  TradesHistoryResponse sdkTradesHistory() throws IOException {
    return (TradesHistoryResponse) tradesHistory.convert(ResponseBody.create(tradesHistoryJson, JSON));
  }

  PortfolioHistoryResponse sdkPortfolioHistory() throws IOException {
    return (PortfolioHistoryResponse) portfolioHistory.convert(ResponseBody.create(portfolioHistoryJson, JSON));
  }

  /**
   * The floor: every token of {@code json} read by Moshi's {@link JsonReader} from an okio buffer
   * holding a copy of the bytes (as the SDK's converter reads them), nothing built. Returns the
   * number of tokens.
   */
  static long moshiWalk(byte[] json) throws IOException {
    JsonReader reader = JsonReader.of(new Buffer().write(json));
    long tokens = 0;
    while (true) {
      switch (reader.peek()) {
        case BEGIN_OBJECT -> reader.beginObject();
        case END_OBJECT -> reader.endObject();
        case BEGIN_ARRAY -> reader.beginArray();
        case END_ARRAY -> reader.endArray();
        case NAME -> reader.nextName();
        case STRING, NUMBER -> reader.nextString();
        case BOOLEAN -> reader.nextBoolean();
        case NULL -> reader.nextNull();
        case END_DOCUMENT -> {
          return tokens;
        }
      }
      tokens++;
    }
  }

  /** The reference: Jackson databind's tree of the same bytes. */
  JsonNode jackson(byte[] json) throws IOException {
    return jackson.readTree(json);
  }

  /** The tokens Jackson's streaming parser finds in {@code json}: the set-up's check of the walk. */
  private long jacksonTokens(byte[] json) throws IOException {
    long tokens = 0;
    try (JsonParser parser = jackson.getFactory().createParser(json)) {
      while (parser.nextToken() != null) {
        tokens++;
      }
    }
    return tokens;
  }
}
