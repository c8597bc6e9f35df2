package io.github.krakensdk.benchmarks;

import static io.github.krakensdk.benchmarks.Checks.check;

import io.github.krakensdk.websocket.BookLevel;
import io.github.krakensdk.websocket.internal.OrderBook;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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

/**
 * One {@code book} update of kraken-websocket's order book: two levels set on a BTC/USD book of
 * depth 100 (a quantity changed near the top of each side), the sides cut to the depth, and the
 * CRC32 of the top 10 levels computed and compared, as the client does for every message. The
 * floor is the checksum alone over the same book, which allocates nothing. Decoding the message is
 * not included ({@link WebSocketBookBenchmarks} measures the whole path).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = Main.WARMUP_ITERATIONS, time = Main.SECONDS)
@Measurement(iterations = Main.ITERATIONS, time = Main.SECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.HEAP_MIN, Jvm.HEAP_MAX, Jvm.NO_DELAY, Jvm.QUIET_SLF4J})
public class BookBenchmarks {
  OrderBook book;
  List<BookLevel> asksA;
  List<BookLevel> bidsA;
  long checksumA;
  List<BookLevel> asksB;
  List<BookLevel> bidsB;
  long checksumB;
  boolean nextIsA = true;

  @Setup(Level.Trial)
  public void setUp() {
    List<BookLevel> asks = new ArrayList<>();
    List<BookLevel> bids = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      asks.add(level(BigDecimal.valueOf(452852 + 7L * i, 1), BigDecimal.valueOf(154571953L + 1000L * i, 8)));
      bids.add(level(BigDecimal.valueOf(452835 - 7L * i, 1), BigDecimal.valueOf(10000000L + 1000L * i, 8)));
    }
    OrderBook probe = new OrderBook("BTC/USD", 100, 1, 8);
    long snapshotChecksum = probe.applySnapshot(asks, bids, 0).computed();
    asksA = List.of(level(asks.get(2).price(), new BigDecimal("0.50000000")));
    bidsA = List.of(level(bids.get(3).price(), new BigDecimal("1.25000000")));
    probe.applySnapshot(asks, bids, snapshotChecksum);
    checksumA = probe.applyUpdate(asksA, bidsA, 0).computed();
    asksB = List.of(asks.get(2));
    bidsB = List.of(bids.get(3));
    probe.applySnapshot(asks, bids, snapshotChecksum);
    probe.applyUpdate(asksA, bidsA, checksumA);
    checksumB = probe.applyUpdate(asksB, bidsB, 0).computed();
    check(checksumB == snapshotChecksum, "updating back restores the snapshot's checksum");
    check(checksumA != checksumB, "the two updates change the checksum");

    book = new OrderBook("BTC/USD", 100, 1, 8);
    check(book.applySnapshot(asks, bids, snapshotChecksum).matches(), "the snapshot verifies");
  }

  /** Apply one update (alternately changing and restoring two levels) and verify its checksum. */
  @Benchmark
  public boolean applyUpdateAndChecksum() {
    boolean a = nextIsA;
    nextIsA = !a;
    boolean matches = a
        ? book.applyUpdate(asksA, bidsA, checksumA).matches()
        : book.applyUpdate(asksB, bidsB, checksumB).matches();
    if (!matches) throw new AssertionError("checksum mismatch in the benchmark");
    return matches;
  }

  /** The floor: the checksum of the same book, with nothing applied. */
  @Benchmark
  public long checksumOnly() {
    return book.computeChecksum();
  }

  private static BookLevel level(BigDecimal price, BigDecimal qty) {
    return BookLevel.of(price, qty);
  }
}
