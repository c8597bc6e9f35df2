package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code x-kraken-rate-cost}: carried as declared; a private Spot operation without it stops generation. */
final class RateCostsTest {
  @Test
  void theDeclaredCostIsCarried() {
    assertEquals(2, RateCosts.of("getLedgers", 2, true, true));
    assertEquals(0, RateCosts.of("addOrder", 0, true, true));
    assertEquals(0, RateCosts.of("getAssets", null, false, true), "public: no counter");
    assertEquals(0, RateCosts.of("getNotifications", null, true, false), "Futures: no counter");
  }

  @Test
  void aPrivateSpotOperationWithoutACostIsRefusedByName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RateCosts.of("getBalance", null, true, true));
    assertTrue(e.getMessage().startsWith("operation getBalance is private but has no x-kraken-rate-cost"),
        e.getMessage());
  }

  @Test
  void aCostWhereNoCounterIsOrOfTheWrongShapeIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> RateCosts.of("getAssets", 1, false, true));
    assertThrows(IllegalArgumentException.class, () -> RateCosts.of("getNotifications", 1, true, false));
    assertThrows(IllegalArgumentException.class, () -> RateCosts.of("getBalance", -1, true, true));
    assertThrows(IllegalArgumentException.class, () -> RateCosts.of("getBalance", "1", true, true));
    assertThrows(IllegalArgumentException.class, () -> RateCosts.of("getBalance", 1.5, true, true));
  }
}
