package io.github.krakensdk.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
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
 * The targets' ratios, measured in rounds: each invocation makes the same call (or decodes the
 * same bytes) through each side, the SDK, its floor and its peer where they exist, back to back,
 * and adds each side's time and allocated bytes to its own counters. The order rotates from one
 * round to the next, so that no side always runs first, or on caches another warmed. On a machine
 * whose load drifts (two cores shared with the server, the JIT and whatever else runs), two
 * benchmarks measured one after the other can see different machines; the sides of a round see
 * the same one. The report judges every ratio on these counters, and takes each side's figures
 * from them too: an operation of these benchmarks is one round.
 *
 * <p>Allocation and CPU time are each side's own: {@code com.sun.management.ThreadMXBean}'s count
 * of the bytes the measuring thread allocated and of its CPU time, read just before and just
 * after the side's call (outside its timed span; the counts allocate nothing themselves). Every
 * side does its work on that thread: OkHttp's and rescu's synchronous calls read and decode on
 * the caller's thread. A call's time beyond its CPU time is the wait for the loopback server.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = Main.WARMUP_ITERATIONS, time = Main.SECONDS)
@Measurement(iterations = Main.ITERATIONS, time = Main.SECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.HEAP_MIN, Jvm.HEAP_MAX, Jvm.NO_DELAY, Jvm.QUIET_SLF4J})
public class PairedBenchmarks {
  /** One side of a round: a call, or a decode, whose result the blackhole consumes. */
  @FunctionalInterface
  interface Side {
    Object call() throws IOException;
  }

  /**
   * Nanoseconds and bytes of each of up to three sides over the rounds of one iteration, with the
   * rotation of their order. JMH sums each iteration's counters over the run.
   */
  static final class Tally {
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    final long[] nanos = new long[3];
    final long[] bytes = new long[3];
    /** CPU time of the measuring thread, user and system: what a call costs the client beyond waiting. */
    final long[] cpu = new long[3];
    long rounds;

    void reset() {
      Arrays.fill(nanos, 0);
      Arrays.fill(bytes, 0);
      Arrays.fill(cpu, 0);
      rounds = 0;
    }

    /** One round over the sides given (null where a call has no such side), each starting in turn. */
    void round(Blackhole sink, Side first, Side second, Side third) throws IOException {
      Side[] sides = {first, second, third};
      int[] present = new int[3];
      int count = 0;
      for (int i = 0; i < sides.length; i++) {
        if (sides[i] != null) {
          present[count++] = i;
        }
      }
      int start = (int) (rounds % count);
      for (int k = 0; k < count; k++) {
        int i = present[(start + k) % count];
        long bytesBefore = THREADS.getCurrentThreadAllocatedBytes();
        long cpuBefore = THREADS.getCurrentThreadCpuTime();
        long before = System.nanoTime();
        Object result = sides[i].call();
        long after = System.nanoTime();
        cpu[i] += THREADS.getCurrentThreadCpuTime() - cpuBefore;
        long bytesAfter = THREADS.getCurrentThreadAllocatedBytes();
        sink.consume(result);
        nanos[i] += after - before;
        bytes[i] += bytesAfter - bytesBefore;
      }
      rounds++;
    }
  }

  /** The counters of a call round: the SDK, the raw OkHttp floor, XChange. */
  @AuxCounters(AuxCounters.Type.EVENTS)
  @State(Scope.Thread)
  public static class Calls {
    final Tally tally = new Tally();

    @Setup(Level.Iteration)
    public void reset() {
      tally.reset();
    }

    public long sdkNanos() {
      return tally.nanos[0];
    }

    public long sdkBytes() {
      return tally.bytes[0];
    }

    public long sdkCpuNanos() {
      return tally.cpu[0];
    }

    public long rawCpuNanos() {
      return tally.cpu[1];
    }

    public long xchangeCpuNanos() {
      return tally.cpu[2];
    }

    public long rawNanos() {
      return tally.nanos[1];
    }

    public long rawBytes() {
      return tally.bytes[1];
    }

    public long xchangeNanos() {
      return tally.nanos[2];
    }

    public long xchangeBytes() {
      return tally.bytes[2];
    }

    public long rounds() {
      return tally.rounds;
    }
  }

  /** The counters of a decode round: the SDK, the Moshi walk (floor), Jackson's tree (reference). */
  @AuxCounters(AuxCounters.Type.EVENTS)
  @State(Scope.Thread)
  public static class Decodes {
    final Tally tally = new Tally();

    @Setup(Level.Iteration)
    public void reset() {
      tally.reset();
    }

    public long sdkNanos() {
      return tally.nanos[0];
    }

    public long sdkBytes() {
      return tally.bytes[0];
    }

    public long moshiWalkNanos() {
      return tally.nanos[1];
    }

    public long sdkCpuNanos() {
      return tally.cpu[0];
    }

    public long moshiWalkCpuNanos() {
      return tally.cpu[1];
    }

    public long jacksonCpuNanos() {
      return tally.cpu[2];
    }

    public long moshiWalkBytes() {
      return tally.bytes[1];
    }

    public long jacksonNanos() {
      return tally.nanos[2];
    }

    public long jacksonBytes() {
      return tally.bytes[2];
    }

    public long rounds() {
      return tally.rounds;
    }
  }

  // ------------------------------------------------------------- signed calls (targets 1 and 2)

  /** TradeVolume (10 pairs), signed: SDK, raw floor, XChange. */
  @Benchmark
  public void tradeVolume(Clients.Sdk sdk, Clients.Raw raw, Clients.XChange xchange, Calls calls, Blackhole sink)
      throws IOException {
    calls.tally.round(sink, sdk::tradeVolume, raw::tradeVolume, xchange::tradeVolume);
  }

  /** AddOrder (a limit buy), signed: SDK, raw floor, XChange. */
  @Benchmark
  public void addOrder(Clients.Sdk sdk, Clients.Raw raw, Clients.XChange xchange, Calls calls, Blackhole sink)
      throws IOException {
    calls.tally.round(sink, sdk::addOrder, raw::addOrder, xchange::addOrder);
  }

  /** CancelOrder (one txid), signed: SDK and raw floor. */
  @Benchmark
  public void cancelOrder(Clients.Sdk sdk, Clients.Raw raw, Calls calls, Blackhole sink) throws IOException {
    calls.tally.round(sink, sdk::cancelOrder, raw::cancelOrder, null);
  }

  // --------------------------------------------------------------- public calls (target 1)

  /** Assets (400 assets): SDK and XChange. */
  @Benchmark
  public void assets(Clients.Sdk sdk, Clients.XChange xchange, Calls calls, Blackhole sink) throws IOException {
    calls.tally.round(sink, sdk::assets, null, xchange::assets);
  }

  /** Ticker of every pair (1,000): SDK and XChange. */
  @Benchmark
  public void ticker(Clients.Sdk sdk, Clients.XChange xchange, Calls calls, Blackhole sink) throws IOException {
    calls.tally.round(sink, sdk::ticker, null, xchange::ticker);
  }

  /** Depth of one pair, 500 levels a side: SDK and XChange. */
  @Benchmark
  public void depth(Clients.Sdk sdk, Clients.XChange xchange, Calls calls, Blackhole sink) throws IOException {
    calls.tally.round(sink, sdk::depth, null, xchange::depth);
  }

  // -------------------------------------------------------------------- decoding (target 3)

  @Benchmark
  public void decodeAssets(DecodeBenchmarks decode, Decodes decodes, Blackhole sink) throws IOException {
    decodes.tally.round(sink, decode::sdkAssets, () -> DecodeBenchmarks.moshiWalk(decode.assetsJson),
        () -> decode.jackson(decode.assetsJson));
  }

  @Benchmark
  public void decodeTicker(DecodeBenchmarks decode, Decodes decodes, Blackhole sink) throws IOException {
    decodes.tally.round(sink, decode::sdkTicker, () -> DecodeBenchmarks.moshiWalk(decode.tickerJson),
        () -> decode.jackson(decode.tickerJson));
  }

  @Benchmark
  public void decodeDepth(DecodeBenchmarks decode, Decodes decodes, Blackhole sink) throws IOException {
    decodes.tally.round(sink, decode::sdkDepth, () -> DecodeBenchmarks.moshiWalk(decode.depthJson),
        () -> decode.jackson(decode.depthJson));
  }

  @Benchmark
  public void decodeTradesHistory(DecodeBenchmarks decode, Decodes decodes, Blackhole sink) throws IOException {
    decodes.tally.round(sink, decode::sdkTradesHistory, () -> DecodeBenchmarks.moshiWalk(decode.tradesHistoryJson),
        () -> decode.jackson(decode.tradesHistoryJson));
  }

  @Benchmark
  public void decodePortfolioHistory(DecodeBenchmarks decode, Decodes decodes, Blackhole sink) throws IOException {
    decodes.tally.round(sink, decode::sdkPortfolioHistory,
        () -> DecodeBenchmarks.moshiWalk(decode.portfolioHistoryJson), () -> decode.jackson(decode.portfolioHistoryJson));
  }
}
