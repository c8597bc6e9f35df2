package io.github.krakensdk.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.spot.model.AssetInfo;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.knowm.xchange.kraken.dto.marketdata.KrakenAssets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Benchmark 3: the public Assets call ({@code GET /0/public/Assets}, 400 assets, about 50 KB) as
 * a whole round trip, through the SDK, through XChange, and the two OkHttp floors. One thread.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {Jvm.HEAP_MIN, Jvm.HEAP_MAX, Jvm.NO_DELAY, Jvm.QUIET_SLF4J})
public class AssetsCallBenchmarks {
  /** {@code kraken.spot().getAssets(request)}: the unwrapped map of records. */
  @Benchmark
  public Map<String, AssetInfo> sdk(Clients.Sdk sdk) {
    return sdk.kraken.spot().getAssets(sdk.allAssets);
  }

  /** The peer: XChange's raw market-data service. */
  @Benchmark
  public KrakenAssets xchange(Clients.XChange xchange) throws IOException {
    return xchange.marketData.getKrakenAssets();
  }

  /** Transport floor: OkHttp reads the body's bytes and parses nothing. */
  @Benchmark
  public byte[] rawOkHttpBytes(Clients.Raw raw) throws IOException {
    return raw.assetsBytes();
  }

  /** OkHttp and Jackson into a tree. */
  @Benchmark
  public JsonNode rawOkHttpJackson(Clients.Raw raw) throws IOException {
    return raw.assetsTree();
  }
}
