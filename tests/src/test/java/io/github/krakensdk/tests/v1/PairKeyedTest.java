package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.AssetNames;
import io.github.krakensdk.PairKeyed;
import io.github.krakensdk.spot.model.AssetInfo;
import io.github.krakensdk.spot.model.AssetPair;
import io.github.krakensdk.spot.model.TickerInfo;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A result keyed by the pair's internal name ({@code XXBTZUSD}) is found by each of the pair's
 * names once the names are known, and by its own keys only without them.
 */
class PairKeyedTest {
  private static final TickerInfo BITCOIN = TickerInfo.builder().open(new BigDecimal("65000.1")).build();
  private static final TickerInfo ETHER = TickerInfo.builder().open(new BigDecimal("3400.2")).build();

  private static AssetNames names() {
    Map<String, AssetInfo> assets = new LinkedHashMap<>();
    assets.put("XXBT", AssetInfo.builder().altname("XBT").build());
    assets.put("XETH", AssetInfo.builder().altname("ETH").build());
    assets.put("ZUSD", AssetInfo.builder().altname("USD").build());
    Map<String, AssetPair> pairs = new LinkedHashMap<>();
    pairs.put("XXBTZUSD", AssetPair.builder().altname("XBTUSD").wsname("XBT/USD").base("XXBT").quote("ZUSD").build());
    pairs.put("XETHZUSD", AssetPair.builder().altname("ETHUSD").wsname("ETH/USD").base("XETH").quote("ZUSD").build());
    return AssetNames.of(assets, pairs);
  }

  private static Map<String, TickerInfo> tickers() {
    Map<String, TickerInfo> tickers = new LinkedHashMap<>();
    tickers.put("XXBTZUSD", BITCOIN);
    tickers.put("XETHZUSD", ETHER);
    return tickers;
  }

  @Test
  void everyNameOfThePairFindsItsEntry() {
    PairKeyed<TickerInfo> keyed = PairKeyed.of(tickers(), names());
    for (String name : new String[] {"XXBTZUSD", "XBTUSD", "XBT/USD", "BTC/USD"}) {
      assertSame(BITCOIN, keyed.get(name).orElseThrow(), name);
    }
    assertSame(ETHER, keyed.get("ETH/USD").orElseThrow());
    assertFalse(keyed.get("SOL/USD").isPresent(), "a pair the names do not know");
    assertFalse(keyed.get("btc/usd").isPresent(), "names are exact");
  }

  @Test
  void withoutNamesOnlyTheResultsKeysAreFound() {
    PairKeyed<TickerInfo> keyed = PairKeyed.of(tickers());
    assertSame(BITCOIN, keyed.get("XXBTZUSD").orElseThrow());
    assertFalse(keyed.get("XBTUSD").isPresent());
  }

  @Test
  void aResultKeyedByAltnameIsFoundByTheInternalNameToo() {
    PairKeyed<TickerInfo> keyed = PairKeyed.of(Map.of("XBTUSD", BITCOIN), names());
    assertSame(BITCOIN, keyed.get("XXBTZUSD").orElseThrow());
    assertSame(BITCOIN, keyed.get("BTC/USD").orElseThrow());
  }

  @Test
  void onlyIsTheOneEntryOfAOnePairCall() {
    assertSame(BITCOIN, PairKeyed.of(Map.of("XXBTZUSD", BITCOIN)).only());
    IllegalStateException several = assertThrows(IllegalStateException.class, () -> PairKeyed.of(tickers()).only());
    assertTrue(several.getMessage().contains("[XXBTZUSD, XETHZUSD]"), several.getMessage());
    assertThrows(IllegalStateException.class, () -> PairKeyed.of(Map.of()).only());
  }

  @Test
  void entriesAreCopiedInTheResultsOrder() {
    Map<String, TickerInfo> tickers = tickers();
    PairKeyed<TickerInfo> keyed = PairKeyed.of(tickers);
    tickers.clear();
    assertEquals(java.util.List.of("XXBTZUSD", "XETHZUSD"), java.util.List.copyOf(keyed.asMap().keySet()));
    assertThrows(UnsupportedOperationException.class, () -> keyed.asMap().clear());
  }
}
