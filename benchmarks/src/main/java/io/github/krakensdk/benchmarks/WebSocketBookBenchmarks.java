package io.github.krakensdk.benchmarks;

import static io.github.krakensdk.benchmarks.Checks.check;

import io.github.krakensdk.websocket.ChecksumResult;
import io.github.krakensdk.websocket.Level3BookListener;
import io.github.krakensdk.websocket.Level3BookSnapshot;
import io.github.krakensdk.websocket.OrderBookListener;
import io.github.krakensdk.websocket.OrderBookSnapshot;
import io.github.krakensdk.websocket.internal.BookFeed;
import io.github.krakensdk.websocket.internal.Level3Feed;
import io.github.krakensdk.websocket.internal.ModelCodec;
import io.github.krakensdk.websocket.internal.model.BookSubscribeRequest;
import io.github.krakensdk.websocket.internal.model.Level3SubscribeRequest;
import io.github.krakensdk.websocket.internal.model.WebSocketRequests;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.model.BookDepth;
import io.github.krakensdk.websocket.model.BookSubscribeParams;
import io.github.krakensdk.websocket.model.Level3Depth;
import io.github.krakensdk.websocket.model.Level3SubscribeParams;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
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
 * One Spot WebSocket v2 book message through the client's real path, from the frame's text as
 * OkHttp hands it over: {@link ModelCodec#dispatch} (the generated {@code WebSocketCodec} into the
 * generated message models), then the subscription's feed ({@link BookFeed}, {@link Level3Feed}:
 * the message applied to the symbol's book, the CRC32 of its top 10 levels computed and compared,
 * an immutable copy handed to the listener).
 *
 * <ul>
 *   <li>{@code book}: BTC/USD at depth 10, the snapshot of Kraken's checksum guide (its published
 *       checksum 3310070434 checked in the set-up); updates alternate between two frames of 3
 *       levels each (a new best bid that pushes the tenth out, an ask and a bid quantity changed;
 *       then the reverse, the pushed-out level sent back), so the book goes back and forth and
 *       every checksum is verified.
 *   <li>{@code level3}: BTC/USD at depth 10, 10 price levels a side with 2 or 3 orders each;
 *       updates alternate between two frames of 3 order events each (the first order of the best
 *       ask deleted and added again at the back of its queue, a bid's quantity modified; then the
 *       same for the other order and the quantity back).
 * </ul>
 *
 * <p>The floor, as for REST's decoding: the Moshi walk of the same frame (every token read, numbers
 * as their text, nothing built). Every frame's checksum is computed here from the digits, without
 * the client's code, so that a benchmark of a wrong book cannot pass its set-up. No Java peer
 * speaking Spot WebSocket v2 keeps and checks a book (BENCHMARKS.md says what was checked).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = Main.WARMUP_ITERATIONS, time = Main.SECONDS)
@Measurement(iterations = Main.ITERATIONS, time = Main.SECONDS)
@Fork(value = 1, jvmArgsAppend = {Jvm.HEAP_MIN, Jvm.HEAP_MAX, Jvm.NO_DELAY, Jvm.QUIET_SLF4J})
public class WebSocketBookBenchmarks {
  /** The snapshot of Kraken's book checksum guide (spot-ws-book-v2), with its published checksum. */
  static final String[][] GUIDE_ASKS = {
      {"45285.2", "0.00100000"}, {"45286.4", "1.54571953"}, {"45286.6", "1.54571109"}, {"45289.6", "1.54560911"},
      {"45290.2", "0.15890660"}, {"45291.8", "1.54553491"}, {"45294.7", "0.04454749"}, {"45296.1", "0.35380000"},
      {"45297.5", "0.09945542"}, {"45299.5", "0.18772827"}};
  static final String[][] GUIDE_BIDS = {
      {"45283.5", "0.10000000"}, {"45283.4", "1.54582015"}, {"45282.1", "0.10000000"}, {"45281.0", "0.10000000"},
      {"45280.3", "1.54592586"}, {"45279.0", "0.07990000"}, {"45277.6", "0.03310103"}, {"45277.5", "0.30000000"},
      {"45277.3", "1.54602737"}, {"45276.6", "0.15445238"}};
  static final long GUIDE_CHECKSUM = 3310070434L;

  ModelCodec codec;
  BookFeed bookFeed;
  Level3Feed level3Feed;
  long books;
  long mismatches;
  // Fields, not constants, so that the JIT cannot fold the inputs.
  String bookSnapshot;
  String bookUpdateA;
  String bookUpdateB;
  String level3Snapshot;
  String level3UpdateA;
  String level3UpdateB;
  byte[] bookUpdateABytes;
  byte[] bookUpdateBBytes;
  byte[] level3UpdateABytes;
  byte[] level3UpdateBBytes;
  boolean nextBookIsA = true;
  boolean nextLevel3IsA = true;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    codec = new ModelCodec();
    OrderBookListener bookListener = new OrderBookListener() {
      @Override public void onBook(OrderBookSnapshot book) {
        books++;
      }

      @Override public void onChecksumMismatch(ChecksumResult mismatch) {
        mismatches++;
      }
    };
    Level3BookListener level3Listener = new Level3BookListener() {
      @Override public void onBook(Level3BookSnapshot book) {
        books++;
      }

      @Override public void onChecksumMismatch(ChecksumResult mismatch) {
        mismatches++;
      }
    };
    BookSubscribeRequest bookRequest = WebSocketRequests.bookSubscribe(BookSubscribeParams.builder()
        .symbol(List.of("BTC/USD")).depth(BookDepth.NUMBER_10).build(), 1L);
    Level3SubscribeRequest level3Request = WebSocketRequests.level3Subscribe(Level3SubscribeParams.builder()
        .symbol(List.of("BTC/USD")).depth(Level3Depth.NUMBER_10).build(), 2L);
    bookFeed = new BookFeed(bookRequest, codec, bookListener);
    level3Feed = new Level3Feed(level3Request, codec, level3Listener);

    setUpBook();
    setUpLevel3();
    // Ten rounds of each through the real path: every checksum matches, every book is published.
    for (int i = 0; i < 20; i++) {
      bookUpdate();
      level3Update();
    }
    check(mismatches == 0, "no checksum mismatch in the set-up's rounds");
    check(books == 42, "every message published a verified book: " + books);
    check(bookFeed.latest("BTC/USD").bids().size() == 10, "the book keeps its depth");
  }

  private void setUpBook() throws IOException {
    String[] frames = bookFrames();
    bookSnapshot = frames[0];
    bookUpdateA = frames[1];
    bookUpdateB = frames[2];
    bookUpdateABytes = bookUpdateA.getBytes(StandardCharsets.UTF_8);
    bookUpdateBBytes = bookUpdateB.getBytes(StandardCharsets.UTF_8);
    bookFeed.onMessage(codec.dispatch(bookSnapshot).message());
    check(books == 1 && mismatches == 0, "the snapshot verifies through the client");
  }

  /** The {@code book} frames: the snapshot, update A and update B (which restores the snapshot). */
  static String[] bookFrames() {
    LevelBook book = new LevelBook();
    for (String[] level : GUIDE_ASKS) book.asks.put(new BigDecimal(level[0]), level[1]);
    for (String[] level : GUIDE_BIDS) book.bids.put(new BigDecimal(level[0]), level[1]);
    check(book.checksum() == GUIDE_CHECKSUM, "the guide's snapshot gives its published checksum");
    String snapshot = bookFrame("snapshot", levels(GUIDE_ASKS), levels(GUIDE_BIDS), GUIDE_CHECKSUM,
        "2023-10-06T17:35:55.440295Z");

    // A: a new best bid (the tenth bid falls out of depth 10), an ask and a bid quantity changed.
    String[][] asksA = {{"45286.4", "1.20000000"}};
    String[][] bidsA = {{"45283.6", "0.25000000"}, {"45282.1", "0.35000000"}};
    for (String[] level : asksA) book.set(book.asks, level);
    for (String[] level : bidsA) book.set(book.bids, level);
    book.truncate();
    String updateA = bookFrame("update", levels(asksA), levels(bidsA), book.checksum(), "2023-10-06T17:35:56.000001Z");
    // B: back to the snapshot's book (the new bid deleted, the pushed-out level sent again).
    String[][] asksB = {{"45286.4", "1.54571953"}};
    String[][] bidsB = {{"45283.6", "0.00000000"}, {"45282.1", "0.10000000"}, {"45276.6", "0.15445238"}};
    for (String[] level : asksB) book.set(book.asks, level);
    for (String[] level : bidsB) book.set(book.bids, level);
    book.truncate();
    check(book.checksum() == GUIDE_CHECKSUM, "update B restores the snapshot's book");
    String updateB = bookFrame("update", levels(asksB), levels(bidsB), GUIDE_CHECKSUM, "2023-10-06T17:35:56.000002Z");
    return new String[] {snapshot, updateA, updateB};
  }

  private void setUpLevel3() throws IOException {
    String[] frames = level3Frames();
    level3Snapshot = frames[0];
    level3UpdateA = frames[1];
    level3UpdateB = frames[2];
    level3UpdateABytes = level3UpdateA.getBytes(StandardCharsets.UTF_8);
    level3UpdateBBytes = level3UpdateB.getBytes(StandardCharsets.UTF_8);
    level3Feed.onMessage(codec.dispatch(level3Snapshot).message());
    check(books == 2 && mismatches == 0, "the level-3 snapshot verifies through the client");
  }

  /** The {@code level3} frames: the snapshot, update A and update B (which restores the snapshot). */
  static String[] level3Frames() {
    OrderQueues book = new OrderQueues();
    int id = 0;
    for (int i = 0; i < 10; i++) {
      BigDecimal ask = new BigDecimal("45285.2").add(BigDecimal.valueOf(7 * i, 1));
      BigDecimal bid = new BigDecimal("45283.5").subtract(BigDecimal.valueOf(7 * i, 1));
      for (int j = 0; j < 2 + i % 2; j++) {
        book.asks.computeIfAbsent(ask, p -> new ArrayList<>()).add(new String[] {orderId(id++), ask.toPlainString(),
            qty(id)});
        book.bids.computeIfAbsent(bid, p -> new ArrayList<>()).add(new String[] {orderId(id++), bid.toPlainString(),
            qty(id)});
      }
    }
    String snapshot = "{\"channel\":\"level3\",\"type\":\"snapshot\",\"data\":[{\"symbol\":\"BTC/USD\",\"checksum\":"
        + book.checksum() + ",\"bids\":" + orders(book.bids) + ",\"asks\":" + orders(book.asks)
        + ",\"timestamp\":\"2023-10-06T17:35:55.440295Z\"}]}";
    long snapshotChecksum = book.checksum();

    List<String[]> bestAsk = book.asks.firstEntry().getValue();
    List<String[]> bestBid = book.bids.firstEntry().getValue();
    String[] first = bestAsk.get(0);
    String[] second = bestAsk.get(1);
    String[] bidOrder = bestBid.get(0);
    String originalQty = bidOrder[2];
    // A: the first ask deleted and added again (now behind the second), a bid's quantity modified.
    bestAsk.remove(0);
    bestAsk.add(first);
    bidOrder[2] = "0.42000000";
    String updateA = level3Update(List.of(event("delete", first), event("add", first)),
        List.of(event("modify", bidOrder)), book.checksum(), "2023-10-06T17:35:56.000001Z");
    // B: the same for the second (the queue back in its order), the quantity back.
    bestAsk.remove(0);
    bestAsk.add(second);
    bidOrder[2] = originalQty;
    check(book.checksum() == snapshotChecksum, "update B restores the snapshot's queues");
    String updateB = level3Update(List.of(event("delete", second), event("add", second)),
        List.of(event("modify", bidOrder)), snapshotChecksum, "2023-10-06T17:35:56.000002Z");
    return new String[] {snapshot, updateA, updateB};
  }

  /** A book update (alternately A and B) decoded, applied and checksummed by the client. */
  @Benchmark
  public long bookUpdate() throws IOException {
    boolean a = nextBookIsA;
    nextBookIsA = !a;
    WsMessage message = codec.dispatch(a ? bookUpdateA : bookUpdateB).message();
    bookFeed.onMessage(message);
    if (mismatches != 0) throw new AssertionError("checksum mismatch in the benchmark");
    return books;
  }

  /** The floor: the Moshi walk of the same book update frames. */
  @Benchmark
  public long bookUpdateMoshiWalk() throws IOException {
    boolean a = nextBookIsA;
    nextBookIsA = !a;
    return DecodeBenchmarks.moshiWalk(a ? bookUpdateABytes : bookUpdateBBytes);
  }

  /** A level-3 update (alternately A and B) decoded, applied and checksummed by the client. */
  @Benchmark
  public long level3Update() throws IOException {
    boolean a = nextLevel3IsA;
    nextLevel3IsA = !a;
    WsMessage message = codec.dispatch(a ? level3UpdateA : level3UpdateB).message();
    level3Feed.onMessage(message);
    if (mismatches != 0) throw new AssertionError("checksum mismatch in the benchmark");
    return books;
  }

  /** The floor: the Moshi walk of the same level-3 update frames. */
  @Benchmark
  public long level3UpdateMoshiWalk() throws IOException {
    boolean a = nextLevel3IsA;
    nextLevel3IsA = !a;
    return DecodeBenchmarks.moshiWalk(a ? level3UpdateABytes : level3UpdateBBytes);
  }

  private static String bookFrame(String type, String asks, String bids, long checksum, String timestamp) {
    return "{\"channel\":\"book\",\"type\":\"" + type + "\",\"data\":[{\"symbol\":\"BTC/USD\",\"bids\":" + bids
        + ",\"asks\":" + asks + ",\"checksum\":" + checksum + ",\"timestamp\":\"" + timestamp + "\"}]}";
  }

  private static String levels(String[][] levels) {
    List<String> items = new ArrayList<>();
    for (String[] level : levels) items.add("{\"price\":" + level[0] + ",\"qty\":" + level[1] + "}");
    return "[" + String.join(",", items) + "]";
  }

  private static String level3Update(List<String> asks, List<String> bids, long checksum, String timestamp) {
    return "{\"channel\":\"level3\",\"type\":\"update\",\"data\":[{\"symbol\":\"BTC/USD\",\"checksum\":" + checksum
        + ",\"bids\":[" + String.join(",", bids) + "],\"asks\":[" + String.join(",", asks) + "],\"timestamp\":\""
        + timestamp + "\"}]}";
  }

  private static String event(String event, String[] order) {
    return "{\"event\":\"" + event + "\",\"order_id\":\"" + order[0] + "\",\"limit_price\":" + order[1]
        + ",\"order_qty\":" + order[2] + ",\"timestamp\":\"2023-10-06T17:35:56.000000001Z\"}";
  }

  private static String orders(TreeMap<BigDecimal, List<String[]>> side) {
    List<String> items = new ArrayList<>();
    for (List<String[]> queue : side.values()) {
      for (String[] order : queue) {
        items.add("{\"order_id\":\"" + order[0] + "\",\"limit_price\":" + order[1] + ",\"order_qty\":" + order[2]
            + ",\"timestamp\":\"2023-10-06T17:35:00.123456789Z\"}");
      }
    }
    return "[" + String.join(",", items) + "]";
  }

  private static String orderId(int n) {
    return String.format("O%05d-BENCH-L3%04d", n, n);
  }

  private static String qty(int n) {
    return new BigDecimal(10_000_000L + 1_234_567L * n).movePointLeft(8).toPlainString();
  }

  /** Kraken's checksum text of one number: its literal digits, the point and leading zeros removed. */
  static void appendDigits(StringBuilder text, String literal) {
    String digits = literal.replace(".", "");
    int start = 0;
    while (start < digits.length() - 1 && digits.charAt(start) == '0') start++;
    text.append(digits, start, digits.length());
  }

  static long crc32(StringBuilder text) {
    CRC32 crc = new CRC32();
    crc.update(text.toString().getBytes(StandardCharsets.US_ASCII));
    return crc.getValue();
  }

  /** The set-up's own price-level book, quantities kept as their literal text. */
  private static final class LevelBook {
    final TreeMap<BigDecimal, String> asks = new TreeMap<>();
    final TreeMap<BigDecimal, String> bids = new TreeMap<>(Comparator.reverseOrder());

    void set(TreeMap<BigDecimal, String> side, String[] level) {
      if (new BigDecimal(level[1]).signum() == 0) {
        side.remove(new BigDecimal(level[0]));
      } else {
        side.put(new BigDecimal(level[0]), level[1]);
      }
    }

    void truncate() {
      while (asks.size() > 10) asks.pollLastEntry();
      while (bids.size() > 10) bids.pollLastEntry();
    }

    long checksum() {
      StringBuilder text = new StringBuilder();
      for (Map<BigDecimal, String> side : List.of(asks, bids)) {
        int n = 0;
        for (Map.Entry<BigDecimal, String> level : side.entrySet()) {
          if (n++ == 10) break;
          appendDigits(text, level.getKey().toPlainString());
          appendDigits(text, level.getValue());
        }
      }
      return crc32(text);
    }
  }

  /** The set-up's own order-by-order book: each price level a queue of {id, price, qty}. */
  private static final class OrderQueues {
    final TreeMap<BigDecimal, List<String[]>> asks = new TreeMap<>();
    final TreeMap<BigDecimal, List<String[]>> bids = new TreeMap<>(Comparator.reverseOrder());

    long checksum() {
      StringBuilder text = new StringBuilder();
      for (Map<BigDecimal, List<String[]>> side : new ArrayList<>(List.of(asks, bids))) {
        int n = 0;
        for (List<String[]> queue : new LinkedHashMap<>(side).values()) {
          if (n++ == 10) break;
          for (String[] order : queue) {
            appendDigits(text, order[1]);
            appendDigits(text, order[2]);
          }
        }
      }
      return crc32(text);
    }
  }
}
