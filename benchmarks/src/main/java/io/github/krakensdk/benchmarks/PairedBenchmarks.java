package io.github.krakensdk.benchmarks;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * The targets' ratios, measured in pairs: each invocation makes the SDK's call and its floor's or
 * peer's call back to back (in alternating order) and adds each side's time to its own counter.
 * On a machine whose load drifts (two cores shared with the server, the JIT and whatever else
 * runs), two benchmarks measured one after the other can see different machines; the two halves
 * of a pair see the same one. The separate benchmarks of each class give the absolute figures and
 * the allocation; these give the ratios that the targets are judged on.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {Jvm.HEAP_MIN, Jvm.HEAP_MAX, Jvm.NO_DELAY, Jvm.QUIET_SLF4J})
public class PairedBenchmarks {
  /** Nanoseconds spent on each side of the pairs of one iteration; JMH sums them over the iterations. */
  @AuxCounters(AuxCounters.Type.EVENTS)
  @State(Scope.Thread)
  public static class Split {
    public long sdkNanos;
    public long peerNanos;
    public long pairs;
    boolean sdkFirst;

    @Setup(Level.Iteration)
    public void reset() {
      sdkNanos = 0;
      peerNanos = 0;
      pairs = 0;
    }
  }

  @FunctionalInterface
  interface Side {
    Object call() throws IOException;
  }

  /** Benchmark 1: the SDK's signed TradeVolume call and the raw OkHttp floor. */
  @Benchmark
  public void signedCallSdkVsRaw(Clients.Sdk sdk, Clients.Raw raw, Split split, Blackhole sink) throws IOException {
    pair(() -> sdk.kraken.spot().getTradeVolume(sdk.tradeVolume), raw::tradeVolume, split, sink);
  }

  /** Benchmark 2: decoding the Assets payload, SDK records and Jackson's tree. */
  @Benchmark
  public void decodeAssetsSdkVsJackson(DecodeBenchmarks decode, Split split, Blackhole sink) throws IOException {
    pair(decode::sdkAssets, decode::jacksonAssets, split, sink);
  }

  /** Benchmark 2: decoding the portfolio history page, SDK records and Jackson's tree. */
  @Benchmark
  public void decodePortfolioHistorySdkVsJackson(DecodeBenchmarks decode, Split split, Blackhole sink)
      throws IOException {
    pair(decode::sdkPortfolioHistory, decode::jacksonPortfolioHistory, split, sink);
  }

  /** Benchmark 3: the Assets call, through the SDK and through XChange. */
  @Benchmark
  public void assetsCallSdkVsXChange(Clients.Sdk sdk, Clients.XChange xchange, Split split, Blackhole sink)
      throws IOException {
    pair(() -> sdk.kraken.spot().getAssets(sdk.allAssets), xchange.marketData::getKrakenAssets, split, sink);
  }

  private static void pair(Side sdk, Side peer, Split split, Blackhole sink) throws IOException {
    // Alternating the order keeps either side from always running on caches the other warmed.
    boolean sdkFirst = split.sdkFirst = !split.sdkFirst;
    long start = System.nanoTime();
    sink.consume(sdkFirst ? sdk.call() : peer.call());
    long middle = System.nanoTime();
    sink.consume(sdkFirst ? peer.call() : sdk.call());
    long end = System.nanoTime();
    split.sdkNanos += sdkFirst ? middle - start : end - middle;
    split.peerNanos += sdkFirst ? end - middle : middle - start;
    split.pairs++;
  }
}
