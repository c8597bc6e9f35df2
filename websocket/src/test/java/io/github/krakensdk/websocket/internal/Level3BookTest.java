package io.github.krakensdk.websocket.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.websocket.ChecksumResult;
import io.github.krakensdk.websocket.Level3BookSnapshot;
import io.github.krakensdk.websocket.Level3Order;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

final class Level3BookTest {
  /** Kraken's guide spot-ws-l3-v2: a BTC/USD snapshot of 21 bids and 14 asks in 10 levels each. */
  static final String[][] GUIDE_BIDS = {
      {"OTCFZG-YOE2Q-LQKNM3", "44939.4", "0.88968699"}, {"OFGP5R-B3E7G-54EZD6", "44939.4", "0.45210000"},
      {"OMPHVY-IZPJ4-KOKA3P", "44939.4", "0.10000000"}, {"OAI5QZ-AMPLW-NBNO72", "44939.4", "0.14296323"},
      {"O7VFZI-CTFWH-FF6EIR", "44939.4", "0.25000000"}, {"O472V3-ZG4EZ-OLD66C", "44939.4", "0.10292988"},
      {"OEK26P-BGPUK-LDHMD2", "44939.4", "0.33880000"}, {"OSMYPE-S5VOC-YSS3WM", "44939.4", "1.28140860"},
      {"OJPMIN-NXZL5-SOWP6V", "44937.1", "0.03346877"}, {"O6PUGE-SQWYQ-TRJEEE", "44934.7", "0.35630000"},
      {"OPUOGC-Q532V-3OKLPM", "44930.2", "0.22734299"}, {"OCIU7J-VB3CI-HPULSF", "44930.2", "0.01000000"},
      {"ORWVAF-LJFLY-ZWEHDQ", "44930.2", "0.05550000"}, {"OYRAHE-PI5AN-7KOQ4E", "44930.2", "0.70000000"},
      {"OGBHYU-UILDD-6DLLYJ", "44930.2", "0.15000000"}, {"O74ZBU-K2TKC-R76XSW", "44928.0", "0.00105240"},
      {"OQVTQF-Y56MR-BM6LWL", "44919.6", "0.33870000"}, {"OYEH6U-ZCHA2-3HFR3W", "44919.5", "0.07610000"},
      {"OLGPG7-HVKXU-J6SANK", "44912.0", "0.35630000"}, {"OHGC3L-FRZQ3-UIVZRU", "44909.7", "0.06690000"},
      {"O73C6Y-VZXYA-H4LDFY", "44901.9", "0.00088982"}};
  static final String[][] GUIDE_ASKS = {
      {"OFVLAA-HRSSP-BK75KB", "44939.5", "4.52308393"}, {"OYBAMK-O5DKX-WMPUTM", "44939.5", "0.00111261"},
      {"O3DRCT-J5M2S-KYV526", "44939.5", "0.00100000"}, {"OF3X3A-72WZY-6EKA5F", "44939.5", "0.01000000"},
      {"OF5UA6-6IIZ2-YGQTSJ", "44950.0", "0.10334926"}, {"OSDOZX-7UZ6Y-QDNPVI", "44953.0", "0.00064537"},
      {"OV7KTS-A2TWV-3XKRIA", "44955.0", "0.00250000"}, {"OOF2V5-RYOHC-GLRNPM", "44959.6", "0.35630000"},
      {"OTVOVS-QLST3-3JG7JI", "44959.6", "0.35630000"}, {"OGZCIU-RDQ77-DAAL3P", "44960.1", "0.00338072"},
      {"OVLG3E-HYBQM-CWNGCY", "44960.2", "0.88967575"}, {"OWEOFO-HUCJC-T37MVO", "44967.0", "3.14392283"},
      {"OVYTHY-D2N76-5QYREQ", "44978.5", "0.06778960"}, {"OFO525-PHRVS-236RMN", "44979.2", "0.35630000"}};
  static final long GUIDE_CHECKSUM = 1063832831L;

  @Test void theGuidesVector() {
    Level3Book book = new Level3Book("BTC/USD", 10);
    ChecksumResult result = book.applySnapshot(orders(GUIDE_ASKS), orders(GUIDE_BIDS), GUIDE_CHECKSUM);
    assertTrue(result.matches(), result.toString());
    assertEquals("level3", result.channel());
    Level3BookSnapshot snapshot = book.snapshot();
    assertEquals(14, snapshot.asks().size());
    assertEquals(21, snapshot.bids().size());
    assertEquals("OTCFZG-YOE2Q-LQKNM3", snapshot.bids().get(0).orderId());
    assertEquals(GUIDE_CHECKSUM, snapshot.checksum());
  }

  @Test void theGuidesVectorWithTrailingZerosDroppedAndThePrecisionKnown() {
    String[][] asks = stripTrailingZeros(GUIDE_ASKS);
    String[][] bids = stripTrailingZeros(GUIDE_BIDS);
    assertEquals("44950", asks[4][1]);
    assertTrue(new Level3Book("BTC/USD", 10, 1, 8).applySnapshot(orders(asks), orders(bids), GUIDE_CHECKSUM).matches());
    assertFalse(new Level3Book("BTC/USD", 10).applySnapshot(orders(asks), orders(bids), GUIDE_CHECKSUM).matches());
  }

  @Test void theGuidesTextIsWhatTheReferenceBuilds() {
    String text = reference(List.of(GUIDE_ASKS), List.of(GUIDE_BIDS));
    assertTrue(text.startsWith("449395452308393449395111261"), text);
    assertEquals(GUIDE_CHECKSUM, ReferenceChecksum.crc32(text));
  }

  @Test void aModifyAtTheSamePriceKeepsTheQueuePlaceAndAnAddGoesToTheBack() {
    Level3Book book = new Level3Book("BTC/USD", 10);
    book.applySnapshot(orders(GUIDE_ASKS), orders(GUIDE_BIDS), GUIDE_CHECKSUM);
    List<String[]> asks = new ArrayList<>(List.of(GUIDE_ASKS));
    asks.set(0, new String[] {"OFVLAA-HRSSP-BK75KB", "44939.5", "4.00000000"}); // partly filled: stays first
    asks.add(4, new String[] {"ONEW01-AAAAA-AAAAAA", "44939.5", "0.50000000"}); // new: behind the level's queue
    List<Level3Change> changes = List.of(
        change(Level3Event.MODIFY, "OFVLAA-HRSSP-BK75KB", "44939.5", "4.00000000"),
        change(Level3Event.ADD, "ONEW01-AAAAA-AAAAAA", "44939.5", "0.50000000"));
    long expected = ReferenceChecksum.crc32(reference(asks, List.of(GUIDE_BIDS)));
    assertTrue(book.applyUpdate(changes, List.of(), expected).matches());
    assertEquals("ONEW01-AAAAA-AAAAAA", book.snapshot().asks().get(4).orderId());
    // Queue order is part of the checksum: the same orders in another order do not match.
    asks.add(0, asks.remove(1));
    assertFalse(ReferenceChecksum.crc32(reference(asks, List.of(GUIDE_BIDS))) == book.computeChecksum());
  }

  @Test void aModifyToAnotherPriceMovesTheOrderToTheBackOfThatLevel() {
    Level3Book book = new Level3Book("BTC/USD", 10);
    book.applySnapshot(orders(GUIDE_ASKS), orders(GUIDE_BIDS), GUIDE_CHECKSUM);
    List<String[]> bids = new ArrayList<>(List.of(GUIDE_BIDS));
    bids.remove(0);
    bids.add(7, new String[] {"OTCFZG-YOE2Q-LQKNM3", "44939.4", "0.88968699"}); // re-added at the back
    Level3Change moved = change(Level3Event.MODIFY, "OTCFZG-YOE2Q-LQKNM3", "44937.1", "0.5");
    Level3Change back = change(Level3Event.ADD, "OTCFZG-YOE2Q-LQKNM3", "44939.4", "0.88968699");
    long expected = ReferenceChecksum.crc32(reference(List.of(GUIDE_ASKS), bids));
    assertTrue(book.applyUpdate(List.of(), List.of(moved, back), expected).matches());
    Level3BookSnapshot snapshot = book.snapshot();
    assertEquals(21, snapshot.bids().size(), "one order, listed once");
  }

  @Test void deletesAndModifiesOfOrdersTheBookDoesNotHoldAreIgnored() {
    Level3Book book = new Level3Book("BTC/USD", 10);
    book.applySnapshot(orders(GUIDE_ASKS), orders(GUIDE_BIDS), GUIDE_CHECKSUM);
    Level3BookSnapshot before = book.snapshot();
    List<Level3Change> changes = List.of(
        change(Level3Event.DELETE, "OUNKNO-WNXXX-XXXXXX", "44939.5", "1"),
        change(Level3Event.MODIFY, "OUNKNO-WNYYY-YYYYYY", "44939.5", "1"));
    assertTrue(book.applyUpdate(changes, changes, GUIDE_CHECKSUM).matches());
    assertEquals(before, book.snapshot());
  }

  @Test void levelsBeyondTheDepthAreDroppedWithTheirOrders() {
    Level3Book book = new Level3Book("BTC/USD", 10);
    book.applySnapshot(orders(GUIDE_ASKS), orders(GUIDE_BIDS), GUIDE_CHECKSUM);
    // A new best ask level pushes 44979.2 out; a delete of the last order at 44939.5's level empties nothing yet.
    List<String[]> asks = new ArrayList<>(List.of(GUIDE_ASKS));
    asks.add(0, new String[] {"ONEW02-BBBBB-BBBBBB", "44939.45", "1.00000000"});
    asks.remove(asks.size() - 1);
    long expected = ReferenceChecksum.crc32(reference(asks, List.of(GUIDE_BIDS)));
    assertTrue(book.applyUpdate(List.of(change(Level3Event.ADD, "ONEW02-BBBBB-BBBBBB", "44939.45", "1.00000000")),
        List.of(), expected).matches());
    assertEquals(14, book.snapshot().asks().size());
    // The dropped order is forgotten: its delete is now an unknown order's.
    assertTrue(book.applyUpdate(List.of(change(Level3Event.DELETE, "OFO525-PHRVS-236RMN", "44979.2", "0.35630000")),
        List.of(), expected).matches());
    // Emptying a level removes it; a modify to zero removes the order.
    asks.removeIf(a -> a[1].equals("44950.0") || a[0].equals("OSDOZX-7UZ6Y-QDNPVI"));
    expected = ReferenceChecksum.crc32(reference(asks, List.of(GUIDE_BIDS)));
    assertTrue(book.applyUpdate(List.of(
        change(Level3Event.DELETE, "OF5UA6-6IIZ2-YGQTSJ", "44950.0", "0.10334926"),
        change(Level3Event.MODIFY, "OSDOZX-7UZ6Y-QDNPVI", "44953.0", "0")), List.of(), expected).matches());
  }

  @Test void aMismatchWaitsForASnapshot() {
    Level3Book book = new Level3Book("BTC/USD", 100);
    book.applySnapshot(orders(GUIDE_ASKS), orders(GUIDE_BIDS), GUIDE_CHECKSUM);
    ChecksumResult result = book.applyUpdate(
        List.of(change(Level3Event.DELETE, "OFVLAA-HRSSP-BK75KB", "44939.5", "4.52308393")), List.of(), GUIDE_CHECKSUM);
    assertFalse(result.matches());
    assertFalse(book.isInSync());
    assertThrows(IllegalStateException.class, () -> book.applyUpdate(List.of(), List.of(), GUIDE_CHECKSUM));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Level3Book("X/Y", 25));
    assertEquals("depth must be one of [10, 100, 1000] (the level3 channel's depths): 25", e.getMessage());
    assertEquals(Level3Event.MODIFY, Level3Event.of("modify"));
    assertThrows(IllegalArgumentException.class, () -> Level3Event.of("amend"));
  }

  /** Random adds, modifies and deletes at every depth against a reference of sorted levels and queues. */
  @Test void randomBooksMatchTheReference() {
    Random random = new Random(3);
    for (int depth : Level3Book.DEPTHS) {
      Level3Book book = new Level3Book("R/ND", depth, 2, 6);
      TreeMap<BigDecimal, LinkedHashMap<String, String[]>> asks = new TreeMap<>();
      TreeMap<BigDecimal, LinkedHashMap<String, String[]>> bids = new TreeMap<>(Comparator.reverseOrder());
      List<Level3Order> snapAsks = new ArrayList<>();
      List<Level3Order> snapBids = new ArrayList<>();
      int[] ids = {0};
      for (int i = random.nextInt(60); i > 0; i--) {
        snapAsks.add(add(random, true, asks, ids).order());
        snapBids.add(add(random, false, bids, ids).order());
      }
      truncate(asks, depth);
      truncate(bids, depth);
      assertTrue(book.applySnapshot(snapAsks, snapBids, checksum(asks, bids)).matches());
      for (int message = 0; message < 300; message++) {
        List<Level3Change> askChanges = new ArrayList<>();
        List<Level3Change> bidChanges = new ArrayList<>();
        for (int i = random.nextInt(5); i > 0; i--) askChanges.add(randomChange(random, true, asks, ids));
        for (int i = random.nextInt(5); i > 0; i--) bidChanges.add(randomChange(random, false, bids, ids));
        truncate(asks, depth);
        truncate(bids, depth);
        ChecksumResult result = book.applyUpdate(askChanges, bidChanges, checksum(asks, bids));
        assertTrue(result.matches(), "message " + message + " at depth " + depth);
        assertEquals(flatten(asks), book.snapshot().asks().stream().map(Level3Order::orderId).toList());
        assertEquals(flatten(bids), book.snapshot().bids().stream().map(Level3Order::orderId).toList());
      }
    }
  }

  private static Level3Change randomChange(Random random, boolean ask,
      TreeMap<BigDecimal, LinkedHashMap<String, String[]>> side, int[] ids) {
    List<String[]> held = side.values().stream().flatMap(level -> level.values().stream()).toList();
    int kind = random.nextInt(5);
    if (kind == 0 && !held.isEmpty()) {
      String[] order = held.get(random.nextInt(held.size()));
      remove(side, order);
      return change(Level3Event.DELETE, order[0], order[1], order[2]);
    }
    if (kind == 1 && !held.isEmpty()) { // partly filled, in place
      String[] order = held.get(random.nextInt(held.size()));
      String qty = BigDecimal.valueOf(1 + random.nextInt(1_000_000), 6).toPlainString();
      String[] modified = {order[0], order[1], qty};
      side.get(new BigDecimal(order[1])).put(order[0], modified);
      return change(Level3Event.MODIFY, order[0], order[1], qty);
    }
    if (kind == 2) return change(Level3Event.DELETE, "OMISSING-" + random.nextInt(1000), "1.00", "1.000000");
    return add(random, ask, side, ids);
  }

  private static Level3Change add(Random random, boolean ask, TreeMap<BigDecimal, LinkedHashMap<String, String[]>> side,
      int[] ids) {
    String price = BigDecimal.valueOf(100_000 + (ask ? 1 : -1) * (1 + random.nextInt(40)), 2).toPlainString();
    String qty = BigDecimal.valueOf(1 + random.nextInt(10_000_000), 6).toPlainString();
    String id = "O" + (ids[0]++);
    side.computeIfAbsent(new BigDecimal(price), p -> new LinkedHashMap<>()).put(id, new String[] {id, price, qty});
    return change(Level3Event.ADD, id, price, qty);
  }

  private static void remove(TreeMap<BigDecimal, LinkedHashMap<String, String[]>> side, String[] order) {
    LinkedHashMap<String, String[]> level = side.get(new BigDecimal(order[1]));
    level.remove(order[0]);
    if (level.isEmpty()) side.remove(new BigDecimal(order[1]));
  }

  private static void truncate(TreeMap<BigDecimal, LinkedHashMap<String, String[]>> side, int depth) {
    while (side.size() > depth) side.pollLastEntry();
  }

  private static List<String> flatten(TreeMap<BigDecimal, LinkedHashMap<String, String[]>> side) {
    return side.values().stream().flatMap(level -> level.keySet().stream()).toList();
  }

  private static long checksum(TreeMap<BigDecimal, LinkedHashMap<String, String[]>> asks,
      TreeMap<BigDecimal, LinkedHashMap<String, String[]>> bids) {
    List<String[]> pairs = new ArrayList<>();
    for (Map<BigDecimal, LinkedHashMap<String, String[]>> side : List.of(asks, bids)) {
      side.values().stream().limit(10).forEach(level -> level.values().forEach(o -> pairs.add(new String[] {o[1], o[2]})));
    }
    return ReferenceChecksum.crc32(ReferenceChecksum.text(pairs, 2, 6));
  }

  /** The guide's text for orders listed level by level, keeping the top 10 levels of each side. */
  private static String reference(List<String[]> asks, List<String[]> bids) {
    List<String[]> pairs = new ArrayList<>();
    for (List<String[]> side : List.of(asks, bids)) {
      List<String> levels = new ArrayList<>();
      for (String[] order : side) {
        if (!levels.contains(order[1])) levels.add(order[1]);
        if (levels.size() > 10) break;
        pairs.add(new String[] {order[1], order[2]});
      }
    }
    return ReferenceChecksum.text(pairs, -1, -1);
  }

  private static String[][] stripTrailingZeros(String[][] orders) {
    String[][] out = new String[orders.length][];
    for (int i = 0; i < orders.length; i++) {
      out[i] = new String[] {orders[i][0], new BigDecimal(orders[i][1]).stripTrailingZeros().toPlainString(),
          new BigDecimal(orders[i][2]).stripTrailingZeros().toPlainString()};
    }
    return out;
  }

  static List<Level3Order> orders(String[][] texts) {
    List<Level3Order> orders = new ArrayList<>();
    for (String[] text : texts) orders.add(Level3Order.of(text[0], new BigDecimal(text[1]), new BigDecimal(text[2])));
    return orders;
  }

  static Level3Change change(Level3Event event, String id, String price, String qty) {
    return new Level3Change(event, Level3Order.of(id, new BigDecimal(price), new BigDecimal(qty)));
  }
}
