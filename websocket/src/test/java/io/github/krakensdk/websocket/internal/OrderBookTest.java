package io.github.krakensdk.websocket.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.websocket.BookLevel;
import io.github.krakensdk.websocket.ChecksumResult;
import io.github.krakensdk.websocket.OrderBookSnapshot;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

final class OrderBookTest {
  /** Kraken's guide spot-ws-book-v2: BTC/USD, price precision 1, qty precision 8. */
  static final String[][] GUIDE_ASKS = {
      {"45285.2", "0.00100000"}, {"45286.4", "1.54571953"}, {"45286.6", "1.54571109"}, {"45289.6", "1.54560911"},
      {"45290.2", "0.15890660"}, {"45291.8", "1.54553491"}, {"45294.7", "0.04454749"}, {"45296.1", "0.35380000"},
      {"45297.5", "0.09945542"}, {"45299.5", "0.18772827"}};
  static final String[][] GUIDE_BIDS = {
      {"45283.5", "0.10000000"}, {"45283.4", "1.54582015"}, {"45282.1", "0.10000000"}, {"45281.0", "0.10000000"},
      {"45280.3", "1.54592586"}, {"45279.0", "0.07990000"}, {"45277.6", "0.03310103"}, {"45277.5", "0.30000000"},
      {"45277.3", "1.54602737"}, {"45276.6", "0.15445238"}};
  static final long GUIDE_CHECKSUM = 3310070434L;

  @Test void theGuidesVectorFromTheLiteralText() {
    OrderBook book = new OrderBook("BTC/USD", 10);
    ChecksumResult result = book.applySnapshot(levels(GUIDE_ASKS), levels(GUIDE_BIDS), GUIDE_CHECKSUM);
    assertTrue(result.matches(), result.toString());
    assertEquals(GUIDE_CHECKSUM, book.computeChecksum());
    assertTrue(GUIDE_CHECKSUM > Integer.MAX_VALUE, "the vector is above 2^31: a signed int cannot hold it");
    assertEquals(ChecksumResult.of("book", "BTC/USD", 10, GUIDE_CHECKSUM, GUIDE_CHECKSUM), result);
  }

  @Test void theGuidesTextIsWhatTheReferenceBuilds() {
    List<String[]> pairs = new ArrayList<>(List.of(GUIDE_ASKS));
    pairs.addAll(List.of(GUIDE_BIDS));
    String text = ReferenceChecksum.text(pairs, -1, -1);
    assertTrue(text.startsWith("452852100000452864154571953"), text);
    assertEquals(GUIDE_CHECKSUM, ReferenceChecksum.crc32(text));
  }

  /** The wire may drop trailing zeros (0.1 for 0.10000000): the pair's precision restores them. */
  @Test void numbersWithoutTrailingZerosArePaddedToThePairsPrecision() {
    String[][] asks = stripTrailingZeros(GUIDE_ASKS);
    String[][] bids = stripTrailingZeros(GUIDE_BIDS);
    assertEquals("0.001", asks[0][1]);
    assertEquals("45281", bids[3][0]);

    OrderBook padded = new OrderBook("BTC/USD", 10, 1, 8);
    assertTrue(padded.applySnapshot(levels(asks), levels(bids), GUIDE_CHECKSUM).matches());

    OrderBook literal = new OrderBook("BTC/USD", 10);
    ChecksumResult result = literal.applySnapshot(levels(asks), levels(bids), GUIDE_CHECKSUM);
    assertFalse(result.matches(), "without the precision the short text checksums differently");
    assertFalse(literal.isInSync());
  }

  /** Text already at the precision is used as it is, and extra trailing zeros are trimmed to it. */
  @Test void textAtOrBeyondThePrecisionKeepsItsSignificantDigits() {
    assertEquals("10000000", digits("0.10000000", 8));
    assertEquals("452810", digits("45281.000", 1));
    // More significant decimals than the precision claims: the literal, never rounded.
    assertEquals("123", digits("0.123", 2));
    assertEquals("10", digits("0.0010", 2), "trailing zeros go only when all that goes is zeros");
    assertEquals("1000", digits("1E+3", BookChecksum.UNKNOWN_PRECISION));
    assertEquals("100000", digits("1E+3", 2));
    assertEquals("", digits("0.00", BookChecksum.UNKNOWN_PRECISION), "stripping every zero leaves nothing");
    assertEquals("", digits("0", 8), "zero is not padded");
  }

  /** BigDecimal writes small and large numbers in scientific notation: the digits are the same. */
  @Test void scientificNotationGivesTheSameDigits() {
    assertEquals("1.0E-7", new BigDecimal("0.00000010").toString());
    assertEquals("10", digits("0.00000010", BookChecksum.UNKNOWN_PRECISION));
    assertEquals("100", digits("0.00000010", 9));
    assertEquals("1", digits("0.00000010", 7));
    assertEquals("12300", digits("1.23E+4", BookChecksum.UNKNOWN_PRECISION));
    assertEquals("1230000", digits("1.23E+4", 2));
  }

  /** Random numbers at random precisions, against the reference's string formatting of their text. */
  @Test void randomNumbersMatchTheReferenceDigits() {
    Random random = new Random(11);
    BookChecksum checksum = new BookChecksum();
    for (int i = 0; i < 20_000; i++) {
      int scale = random.nextInt(12);
      BigDecimal value = BigDecimal.valueOf(random.nextInt(4) == 0 ? random.nextInt(1000) : random.nextLong() >>> 20,
          scale);
      int precision = random.nextInt(12) - 1;
      String literal = value.toPlainString();
      checksum.reset();
      checksum.add(value, precision);
      // More significant decimals than the precision: the literal as it is (the reference trims it).
      boolean beyond = precision >= 0 && value.stripTrailingZeros().scale() > precision;
      assertEquals(ReferenceChecksum.digits(literal, beyond ? BookChecksum.UNKNOWN_PRECISION : precision),
          checksum.toString(), literal + " at " + precision);
    }
  }

  /** The buffer grows past its first size, and every reset starts the text again. */
  @Test void longTextsAndResets() {
    BookChecksum checksum = new BookChecksum();
    StringBuilder expected = new StringBuilder();
    for (int i = 0; i < 200; i++) {
      checksum.add(new BigDecimal("12345.678"), 8);
      expected.append("1234567800000");
    }
    assertEquals(expected.toString(), checksum.toString());
    assertEquals(ReferenceChecksum.crc32(expected.toString()), checksum.value());
    checksum.reset();
    checksum.add(new BigDecimal("0.5"), BookChecksum.UNKNOWN_PRECISION);
    assertEquals("5", checksum.toString());
    assertEquals(ReferenceChecksum.crc32("5"), checksum.value());
  }

  private static String digits(String literal, int precision) {
    BookChecksum checksum = new BookChecksum();
    checksum.add(new BigDecimal(literal), precision);
    return checksum.toString();
  }

  @Test void asksAscendBidsDescendWhateverTheOrderSent() {
    OrderBook book = new OrderBook("BTC/USD", 10);
    List<BookLevel> asks = levels(GUIDE_ASKS);
    List<BookLevel> bids = levels(GUIDE_BIDS);
    java.util.Collections.reverse(asks);
    java.util.Collections.shuffle(bids, new Random(7));
    assertTrue(book.applySnapshot(asks, bids, GUIDE_CHECKSUM).matches());
    OrderBookSnapshot snapshot = book.snapshot();
    assertEquals(new BigDecimal("45285.2"), snapshot.bestAsk().orElseThrow().price());
    assertEquals(new BigDecimal("45283.5"), snapshot.bestBid().orElseThrow().price());
    assertEquals(levels(GUIDE_ASKS), snapshot.asks());
    assertEquals(levels(GUIDE_BIDS), snapshot.bids());
    assertEquals(GUIDE_CHECKSUM, snapshot.checksum());
  }

  @Test void eachSideIsCutToTheDepthAfterEveryUpdate() {
    OrderBook book = new OrderBook("BTC/USD", 10);
    book.applySnapshot(levels(GUIDE_ASKS), levels(GUIDE_BIDS), GUIDE_CHECKSUM);
    // An ask inside the book and a bid above the best: each side has 11 levels until cut.
    List<BookLevel> askUpdate = List.of(level("45287.0", "2.00000000"));
    List<BookLevel> bidUpdate = List.of(level("45284.0", "0.50000000"));
    List<String[]> expectedAsks = new ArrayList<>(List.of(GUIDE_ASKS));
    expectedAsks.add(3, new String[] {"45287.0", "2.00000000"});
    expectedAsks.remove(10);
    List<String[]> expectedBids = new ArrayList<>(List.of(GUIDE_BIDS));
    expectedBids.add(0, new String[] {"45284.0", "0.50000000"});
    expectedBids.remove(10);
    long expected = reference(expectedAsks, expectedBids);

    ChecksumResult result = book.applyUpdate(askUpdate, bidUpdate, expected);
    assertTrue(result.matches(), result.toString());
    OrderBookSnapshot snapshot = book.snapshot();
    assertEquals(10, snapshot.asks().size());
    assertEquals(new BigDecimal("45297.5"), snapshot.asks().get(9).price(), "45299.5 fell out of scope");
    assertEquals(10, snapshot.bids().size());
    assertEquals(new BigDecimal("45277.3"), snapshot.bids().get(9).price(), "45276.6 fell out of scope");
    // A level that fell out of scope is gone: it does not come back when a better one leaves.
    List<String[]> afterDelete = new ArrayList<>(expectedAsks);
    afterDelete.remove(0);
    assertTrue(book.applyUpdate(List.of(level("45285.2", "0")), List.of(), reference(afterDelete, expectedBids))
        .matches());
    assertEquals(9, book.snapshot().asks().size());
  }

  @Test void deletingALevelTheBookDoesNotHoldChangesNothing() {
    OrderBook book = new OrderBook("BTC/USD", 10);
    book.applySnapshot(levels(GUIDE_ASKS), levels(GUIDE_BIDS), GUIDE_CHECKSUM);
    OrderBookSnapshot before = book.snapshot();
    ChecksumResult result = book.applyUpdate(List.of(level("45000.0", "0.00000000")),
        List.of(level("1.0", "0")), GUIDE_CHECKSUM);
    assertTrue(result.matches());
    assertEquals(before, book.snapshot());
  }

  @Test void aLevelIsReplacedWhateverTheScaleOfItsPrice() {
    OrderBook book = new OrderBook("BTC/USD", 10);
    book.applySnapshot(levels(GUIDE_ASKS), levels(GUIDE_BIDS), GUIDE_CHECKSUM);
    List<String[]> asks = new ArrayList<>(List.of(GUIDE_ASKS));
    asks.set(0, new String[] {"45285.20", "0.2"});
    long expected = reference(asks, List.of(GUIDE_BIDS));
    assertTrue(book.applyUpdate(List.of(level("45285.20", "0.2")), List.of(), expected).matches());
    assertEquals(10, book.snapshot().asks().size());
    assertEquals(new BigDecimal("0.2"), book.snapshot().asks().get(0).qty());
  }

  @Test void aMismatchIsReportedAndTheBookWaitsForASnapshot() {
    OrderBook book = new OrderBook("BTC/USD", 25);
    assertThrows(IllegalStateException.class, () -> book.applyUpdate(List.of(), List.of(), 0), "no snapshot yet");
    book.applySnapshot(levels(GUIDE_ASKS), levels(GUIDE_BIDS), GUIDE_CHECKSUM);
    ChecksumResult result = book.applyUpdate(List.of(level("45285.2", "0.5")), List.of(), GUIDE_CHECKSUM);
    assertFalse(result.matches());
    assertEquals("book", result.channel());
    assertEquals("BTC/USD", result.symbol());
    assertEquals(25, result.depth());
    assertEquals(GUIDE_CHECKSUM, result.expected());
    assertNotEquals(GUIDE_CHECKSUM, result.computed());
    assertTrue(result.toString().contains("mismatch"), result.toString());
    assertFalse(book.isInSync());
    IllegalStateException refused = assertThrows(IllegalStateException.class,
        () -> book.applyUpdate(List.of(), List.of(), GUIDE_CHECKSUM));
    assertTrue(refused.getMessage().contains("BTC/USD book 25"), refused.getMessage());
    // The resubscription's snapshot heals it.
    assertTrue(book.applySnapshot(levels(GUIDE_ASKS), levels(GUIDE_BIDS), GUIDE_CHECKSUM).matches());
    assertTrue(book.isInSync());
  }

  @Test void aSignedChecksumIsRefusedByName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ChecksumResult.of("book", "BTC/USD", 10, (int) GUIDE_CHECKSUM, 0));
    assertTrue(e.getMessage().startsWith("expected must be an unsigned 32-bit value"), e.getMessage());
  }

  @Test void onlyTheChannelsDepthsAreAccepted() {
    for (int depth : new int[] {10, 25, 100, 500, 1000}) assertEquals(depth, new OrderBook("X/Y", depth).depth());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new OrderBook("X/Y", 20));
    assertEquals("depth must be one of [10, 25, 100, 500, 1000] (the book channel's depths): 20", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new OrderBook("X/Y", 10, -2, 8));
    assertThrows(IllegalArgumentException.class, () -> BookLevel.of(new BigDecimal("-1"), BigDecimal.ONE));
  }

  /**
   * Random snapshots and updates at every depth, both with literal text at the precision and with
   * trailing zeros dropped, against a reference book of sorted lists and its string checksum.
   */
  @Test void randomBooksMatchTheReference() {
    Random random = new Random(25);
    for (int depth : OrderBook.DEPTHS) {
      for (boolean dropZeros : new boolean[] {false, true}) {
        int priceDecimals = 1 + random.nextInt(4);
        int qtyDecimals = 4 + random.nextInt(5);
        OrderBook book = new OrderBook("R/ND", depth, priceDecimals, qtyDecimals);
        TreeMap<BigDecimal, String[]> asks = new TreeMap<>();
        TreeMap<BigDecimal, String[]> bids = new TreeMap<>(Comparator.reverseOrder());
        List<BookLevel> snapAsks = new ArrayList<>();
        List<BookLevel> snapBids = new ArrayList<>();
        int levels = random.nextInt(depth + 5);
        for (int i = 0; i < levels; i++) {
          snapAsks.add(randomLevel(random, 1000, true, priceDecimals, qtyDecimals, dropZeros, asks));
          snapBids.add(randomLevel(random, 1000, false, priceDecimals, qtyDecimals, dropZeros, bids));
        }
        truncate(asks, depth);
        truncate(bids, depth);
        long expected = reference(asks, bids, priceDecimals, qtyDecimals);
        assertTrue(book.applySnapshot(snapAsks, snapBids, expected).matches(), "snapshot at depth " + depth);
        for (int message = 0; message < 200; message++) {
          List<BookLevel> updAsks = new ArrayList<>();
          List<BookLevel> updBids = new ArrayList<>();
          for (int i = random.nextInt(6); i > 0; i--) {
            updAsks.add(randomChange(random, true, priceDecimals, qtyDecimals, dropZeros, asks));
          }
          for (int i = random.nextInt(6); i > 0; i--) {
            updBids.add(randomChange(random, false, priceDecimals, qtyDecimals, dropZeros, bids));
          }
          truncate(asks, depth);
          truncate(bids, depth);
          expected = reference(asks, bids, priceDecimals, qtyDecimals);
          ChecksumResult result = book.applyUpdate(updAsks, updBids, expected);
          assertTrue(result.matches(), "message " + message + " at depth " + depth + ": " + result);
          OrderBookSnapshot snapshot = book.snapshot();
          assertEquals(asks.size(), snapshot.asks().size());
          assertEquals(bids.size(), snapshot.bids().size());
          int i = 0;
          for (String[] level : asks.values()) assertEquals(new BigDecimal(level[0]), snapshot.asks().get(i++).price());
        }
      }
    }
  }

  private static BookLevel randomLevel(Random random, int around, boolean ask, int priceDecimals, int qtyDecimals,
      boolean dropZeros, TreeMap<BigDecimal, String[]> side) {
    long ticks = (long) around * pow10(priceDecimals) + (ask ? 1 : -1) * (1 + random.nextInt(300));
    String price = decimal(ticks, priceDecimals, dropZeros);
    String qty = decimal(1 + random.nextInt(5_000_000), qtyDecimals, dropZeros);
    side.put(new BigDecimal(price), new String[] {price, qty});
    return level(price, qty);
  }

  private static BookLevel randomChange(Random random, boolean ask, int priceDecimals, int qtyDecimals,
      boolean dropZeros, TreeMap<BigDecimal, String[]> side) {
    int kind = random.nextInt(4);
    if (kind == 0 && !side.isEmpty()) { // remove a held level
      BigDecimal price = new ArrayList<>(side.keySet()).get(random.nextInt(side.size()));
      String text = side.remove(price)[0];
      return level(text, dropZeros ? "0" : decimal(0, qtyDecimals, false));
    }
    if (kind == 1) { // remove a level the book does not hold
      String price = decimal((ask ? 5000L : 1L) * pow10(priceDecimals), priceDecimals, dropZeros);
      side.remove(new BigDecimal(price));
      return level(price, "0");
    }
    return randomLevel(random, 1000, ask, priceDecimals, qtyDecimals, dropZeros, side);
  }

  private static String decimal(long unscaled, int decimals, boolean dropZeros) {
    BigDecimal value = BigDecimal.valueOf(unscaled, decimals);
    return (dropZeros ? value.stripTrailingZeros() : value).toPlainString();
  }

  private static long pow10(int n) {
    long p = 1;
    for (int i = 0; i < n; i++) p *= 10;
    return p;
  }

  private static void truncate(TreeMap<BigDecimal, String[]> side, int depth) {
    while (side.size() > depth) side.pollLastEntry();
  }

  private static long reference(TreeMap<BigDecimal, String[]> asks, TreeMap<BigDecimal, String[]> bids,
      int priceDecimals, int qtyDecimals) {
    List<String[]> pairs = new ArrayList<>(asks.values().stream().limit(10).toList());
    pairs.addAll(bids.values().stream().limit(10).toList());
    return ReferenceChecksum.crc32(ReferenceChecksum.text(pairs, priceDecimals, qtyDecimals));
  }

  private static long reference(List<String[]> asks, List<String[]> bids) {
    List<String[]> pairs = new ArrayList<>(asks.subList(0, Math.min(10, asks.size())));
    pairs.addAll(bids.subList(0, Math.min(10, bids.size())));
    return ReferenceChecksum.crc32(ReferenceChecksum.text(pairs, -1, -1));
  }

  static String[][] stripTrailingZeros(String[][] levels) {
    String[][] out = new String[levels.length][];
    for (int i = 0; i < levels.length; i++) {
      out[i] = new String[] {strip(levels[i][0]), strip(levels[i][1])};
    }
    return out;
  }

  private static String strip(String text) {
    return new BigDecimal(text).stripTrailingZeros().toPlainString();
  }

  static List<BookLevel> levels(String[][] texts) {
    List<BookLevel> levels = new ArrayList<>();
    for (String[] text : texts) levels.add(level(text[0], text[1]));
    return levels;
  }

  static BookLevel level(String price, String qty) {
    return BookLevel.of(new BigDecimal(price), new BigDecimal(qty));
  }
}
