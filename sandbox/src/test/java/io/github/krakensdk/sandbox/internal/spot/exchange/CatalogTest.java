package io.github.krakensdk.sandbox.internal.spot.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogTest {
  final Catalog catalog = Catalog.standard();

  @Test
  void aPairIsFoundByAnyNameAClientUses() {
    for (String name : List.of("XXBTZUSD", "XBTUSD", "XBT/USD", "BTC/USD", "BTCUSD")) {
      assertEquals("XXBTZUSD", catalog.pair(name).orElseThrow().name(), name);
    }
    assertEquals("BTC/USD", catalog.pair("XBTUSD").orElseThrow().display());
    assertEquals("AAPLx/USD", catalog.pair("AAPLxUSD").orElseThrow().display());
    assertTrue(catalog.pair("DOGEUSD").isEmpty());
  }

  @Test
  void anAssetIsFoundByInternalDisplayOrAltname() {
    for (String name : List.of("XXBT", "BTC", "XBT")) {
      assertEquals("XXBT", catalog.asset(name).orElseThrow().name(), name);
    }
    assertEquals("ZUSD", catalog.asset("USD").orElseThrow().name());
    assertTrue(catalog.asset("DOGE").isEmpty());
  }

  @Test
  void feesFollowTheTiersOfTheSchedules() {
    Catalog.Pair btc = catalog.pair("XBTUSD").orElseThrow();
    assertEquals(new BigDecimal("0.40"), btc.takerFee(BigDecimal.ZERO));
    assertEquals(new BigDecimal("0.24"), btc.takerFee(new BigDecimal("73512.3591")));
    assertEquals(new BigDecimal("0.14"), btc.makerFee(new BigDecimal("73512.3591")));
    assertEquals(new BigDecimal("0.00"), btc.makerFee(new BigDecimal("10000000")));
    Catalog.Pair usdc = catalog.pair("USDC/USD").orElseThrow();
    assertEquals(usdc.takerFee(new BigDecimal("60000")), usdc.makerFee(new BigDecimal("60000")));
    assertEquals(new BigDecimal("0.16"), usdc.takerFee(new BigDecimal("60000")));
  }

  @Test
  void idsHaveTheServicesShapeAndRepeatForTheSameSeed() {
    Ids first = new Ids(13);
    Ids second = new Ids(13);
    String order = first.order();
    assertTrue(order.matches("O[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{6}"), order);
    assertTrue(first.ledger().startsWith("L"));
    assertEquals(order, second.order());
  }
}
