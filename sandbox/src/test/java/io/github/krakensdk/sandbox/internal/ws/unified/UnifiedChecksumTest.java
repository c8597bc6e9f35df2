package io.github.krakensdk.sandbox.internal.ws.unified;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Unified WebSocket's book checksum against the vector Kraken's book checksum guide publishes
 * (the guide the Unified {@code book} page links to): computed here from the levels, never from
 * the client's code, so that the two sides cannot share a mistake.
 */
class UnifiedChecksumTest {
  @Test
  void theGuidesPublishedVector() {
    List<DerivativesMarket.Level> asks = levels(
        "45285.2", "0.00100000", "45286.4", "1.54571953", "45286.6", "1.54571109", "45289.6", "1.54560911",
        "45290.2", "0.15890660", "45291.8", "1.54553491", "45294.7", "0.04454749", "45296.1", "0.35380000",
        "45297.5", "0.09945542", "45299.5", "0.18772827");
    List<DerivativesMarket.Level> bids = levels(
        "45283.5", "0.10000000", "45283.4", "1.54582015", "45282.1", "0.10000000", "45281.0", "0.10000000",
        "45280.3", "1.54592586", "45279.0", "0.07990000", "45277.6", "0.03310103", "45277.5", "0.30000000",
        "45277.3", "1.54602737", "45276.6", "0.15445238");
    assertEquals(3310070434L, UnifiedConnection.checksum(asks, bids), "above 2^31: compared unsigned");
  }

  @Test
  void onlyTheTopTenLevelsCount() {
    List<DerivativesMarket.Level> asks = new ArrayList<>(levels("10.0", "1.0000"));
    List<DerivativesMarket.Level> bids = new ArrayList<>(levels("9.0", "1.0000"));
    long top = UnifiedConnection.checksum(asks, bids);
    for (int i = 1; i <= 11; i++) {
      asks.add(new DerivativesMarket.Level(new BigDecimal(10 + i + ".0"), new BigDecimal("2.0000")));
    }
    long eleven = UnifiedConnection.checksum(asks, bids);
    asks.set(10, new DerivativesMarket.Level(new BigDecimal("20.5"), new BigDecimal("3.0000")));
    assertEquals(eleven, UnifiedConnection.checksum(asks, bids), "the 11th ask is outside the checksum");
    assertNotEquals(top, eleven, "the levels 2 to 10 count");
  }

  private static List<DerivativesMarket.Level> levels(String... pairs) {
    List<DerivativesMarket.Level> levels = new ArrayList<>();
    for (int i = 0; i < pairs.length; i += 2) {
      levels.add(new DerivativesMarket.Level(new BigDecimal(pairs[i]), new BigDecimal(pairs[i + 1])));
    }
    return levels;
  }
}
