package io.github.krakensdk.sandbox.internal.ws;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChecksumsTest {
  /** Kraken's book guide (spot-ws-book-v2): its top-10 example and checksum, a value above 2^31. */
  @Test
  void thePublishedBookExampleGivesItsChecksum() {
    List<BigDecimal[]> asks = levels("45285.2 0.00100000", "45286.4 1.54571953", "45286.6 1.54571109",
        "45289.6 1.54560911", "45290.2 0.15890660", "45291.8 1.54553491", "45294.7 0.04454749", "45296.1 0.35380000",
        "45297.5 0.09945542", "45299.5 0.18772827");
    List<BigDecimal[]> bids = levels("45283.5 0.10000000", "45283.4 1.54582015", "45282.1 0.10000000",
        "45281.0 0.10000000", "45280.3 1.54592586", "45279.0 0.07990000", "45277.6 0.03310103", "45277.5 0.30000000",
        "45277.3 1.54602737", "45276.6 0.15445238");
    assertEquals(3310070434L, Checksums.book(asks, bids));
  }

  @Test
  void onlyTheTopTenLevelsCount() {
    List<BigDecimal[]> asks = new ArrayList<>();
    List<BigDecimal[]> bids = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      asks.add(new BigDecimal[] {new BigDecimal("100.0").add(BigDecimal.valueOf(i)), new BigDecimal("1.00000000")});
      bids.add(new BigDecimal[] {new BigDecimal("99.0").subtract(BigDecimal.valueOf(i)), new BigDecimal("2.00000000")});
    }
    assertEquals(Checksums.book(asks.subList(0, 10), bids.subList(0, 10)), Checksums.book(asks, bids));
  }

  @Test
  void digitsDropThePointAndLeadingZerosAndKeepTrailingOnes() {
    assertEquals("100000", Checksums.digits(new BigDecimal("0.00100000")));
    assertEquals("452852", Checksums.digits(new BigDecimal("45285.2")));
    assertEquals("10000000", Checksums.digits(new BigDecimal("0.10000000")));
  }

  /** Level 3 over one order per level is the book's checksum; two orders at a level both count, in queue order. */
  @Test
  void levelThreeCountsEveryOrderOfTheTopTenLevels() {
    List<BigDecimal[]> asks = levels("10.5 1.00000000", "10.6 2.00000000");
    List<BigDecimal[]> bids = levels("10.4 3.00000000");
    assertEquals(Checksums.book(asks, bids), Checksums.orders(asks, bids));
    List<BigDecimal[]> queued = levels("10.5 1.00000000", "10.5 0.50000000", "10.6 2.00000000");
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(("105" + "100000000" + "105" + "50000000" + "106" + "200000000" + "104" + "300000000").getBytes());
    assertEquals(crc.getValue(), Checksums.orders(queued, bids));
    List<BigDecimal[]> eleven = new ArrayList<>();
    for (int i = 0; i < 11; i++) {
      eleven.add(new BigDecimal[] {new BigDecimal("20.0").add(BigDecimal.valueOf(i)), new BigDecimal("1.00000000")});
      eleven.add(new BigDecimal[] {new BigDecimal("20.0").add(BigDecimal.valueOf(i)), new BigDecimal("2.00000000")});
    }
    assertEquals(Checksums.orders(eleven.subList(0, 20), bids), Checksums.orders(eleven, bids));
  }

  private static List<BigDecimal[]> levels(String... levels) {
    List<BigDecimal[]> out = new ArrayList<>();
    for (String level : levels) {
      String[] parts = level.split(" ");
      out.add(new BigDecimal[] {new BigDecimal(parts[0]), new BigDecimal(parts[1])});
    }
    return out;
  }
}
