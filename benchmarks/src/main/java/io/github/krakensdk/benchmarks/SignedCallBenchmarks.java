package io.github.krakensdk.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.spot.model.TradeVolume;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.knowm.xchange.currency.CurrencyPair;
import org.knowm.xchange.kraken.dto.account.KrakenTradeVolume;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Benchmark 1: one signed private call round trip, {@code POST /0/private/TradeVolume} with a
 * fresh nonce and {@code API-Sign}, answer decoded (10 pairs in each fee map, 2.6 KB). One
 * thread; every call is verified by the server.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {Jvm.HEAP_MIN, Jvm.HEAP_MAX, Jvm.NO_DELAY, Jvm.QUIET_SLF4J})
public class SignedCallBenchmarks {
  /** {@code kraken.spot().getTradeVolume(request)}: checks, signs, sends, unwraps into records. */
  @Benchmark
  public TradeVolume sdk(Clients.Sdk sdk) {
    return sdk.kraken.spot().getTradeVolume(sdk.tradeVolume);
  }

  /** The floor: OkHttp, a hand-computed API-Sign, Jackson into a tree. */
  @Benchmark
  public JsonNode rawOkHttpJackson(Clients.Raw raw) throws IOException {
    return raw.tradeVolume();
  }

  /** The peer: XChange's raw account service (rescu, HttpURLConnection, Jackson into DTOs). */
  @Benchmark
  public KrakenTradeVolume xchange(Clients.XChange xchange) throws IOException {
    return xchange.account.getTradeVolume(CurrencyPair.BTC_USD);
  }
}
