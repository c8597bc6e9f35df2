package io.github.krakensdk.sandbox.internal.spot.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An absolute price off its pair's {@code tick_size} grid is refused with the service's documented
 * {@code EOrder:Tick size check failed}; one with more decimals than {@code pair_decimals} keeps
 * its {@code EOrder:Invalid price}. The seeded pairs tick at their last decimal (as every recorded
 * pair does), so a pair ticking coarser is made here from XBTUSD.
 */
class TickSizeTest {
  private final Engine engine = new Engine(Catalog.standard(), new Ids(1));
  private final Catalog.Pair bitcoin = Catalog.standard().pair("XBTUSD").orElseThrow();
  private final Catalog.Pair halves = new Catalog.Pair(bitcoin.name(), bitcoin.altname(), bitcoin.wsname(),
      bitcoin.base(), bitcoin.quote(), bitcoin.pairDecimals(), bitcoin.lotDecimals(), bitcoin.costDecimals(),
      new BigDecimal("0.5"), bitcoin.orderMin(), bitcoin.costMin(), bitcoin.fees(), bitcoin.feesMaker(),
      bitcoin.status());

  @Test
  void aPriceOffTheGridIsRefusedInTheServicesWords() {
    ExchangeError offGrid = assertThrows(ExchangeError.class,
        () -> engine.validation.price("65000.3", false, halves, null, true, "limit"));
    assertEquals(List.of("EOrder:Tick size check failed"), offGrid.errors());
    ExchangeError secondary = assertThrows(ExchangeError.class,
        () -> engine.validation.price("64999.9", true, halves, null, true, "stop-loss-limit"));
    assertEquals(List.of("EOrder:Tick size check failed"), secondary.errors());
    assertEquals(new BigDecimal("65000.5"), engine.validation.price("65000.5", false, halves, null, true, "limit"));
    assertEquals(new BigDecimal("65000.3"), engine.validation.price("65000.3", false, bitcoin, null, true, "limit"),
        "on XBTUSD's own 0.1 grid");
  }

  @Test
  void tooManyDecimalsIsAnInvalidPriceFirst() {
    ExchangeError decimals = assertThrows(ExchangeError.class,
        () -> engine.validation.price("65000.25", false, halves, null, true, "limit"));
    assertEquals(List.of("EOrder:Invalid price:XXBTZUSD price can only be specified up to 1 decimals."),
        decimals.errors());
  }
}
