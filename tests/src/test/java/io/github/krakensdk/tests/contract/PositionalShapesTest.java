package io.github.krakensdk.tests.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import io.github.krakensdk.spot.model.OhlcData;
import io.github.krakensdk.spot.model.OhlcEntry;
import io.github.krakensdk.spot.model.RecentTrades;
import io.github.krakensdk.spot.model.TradeEntry;
import io.github.krakensdk.spot.model.TradeSide;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The two shapes of CONVENTIONS.md "Shape" as the generated Java reads and writes them: tuples
 * ({@code x-kraken-tuple}, a record read by position) and named members beside a map ({@code
 * x-kraken-map-name}). The contract-wide suites round-trip every example and real fixture; these
 * pin the edge cases they do not reach.
 */
class PositionalShapesTest {
  private final JsonAdapter<TradeEntry> trade = Contracts.moshi().adapter(TradeEntry.class);
  private final JsonAdapter<OhlcData> ohlc = Contracts.moshi().adapter(OhlcData.class);
  private final JsonAdapter<RecentTrades> trades = Contracts.moshi().adapter(RecentTrades.class);

  @Test
  void aTupleIsReadByPositionAndKeepsEveryDigit() throws IOException {
    TradeEntry row = trade.fromJson("[\"30243.40000\",\"0.34507674\",1688669597.8277369,\"b\",\"m\",\"\",61044952]");
    assertEquals(new BigDecimal("30243.40000"), row.price());
    assertEquals(new BigDecimal("1688669597.8277369"), row.time());
    assertEquals(TradeSide.B, row.side());
    assertEquals(61044952L, row.tradeId());
    assertEquals("[\"30243.40000\",\"0.34507674\",1688669597.8277369,\"b\",\"m\",\"\",61044952]", trade.toJson(row));
  }

  @Test
  void aShorterRowLeavesTheLastComponentsNullAndIsWrittenAsShort() throws IOException {
    String older = "[\"3535.50000\",\"0.00300000\",1548111751.5556,\"b\",\"m\",\"\"]";
    TradeEntry row = trade.fromJson(older);
    assertNull(row.tradeId());
    assertEquals(older, trade.toJson(row));
  }

  @Test
  void positionsTheContractDoesNotKnowAreSkipped() throws IOException {
    TradeEntry row = trade.fromJson("[\"1\",\"2\",3.5,\"s\",\"l\",\"\",7,\"a later position\",{\"x\":[1]}]");
    assertEquals(7L, row.tradeId());
    assertEquals("[\"1\",\"2\",3.5,\"s\",\"l\",\"\",7]", trade.toJson(row));
  }

  @Test
  void aGapBeforeAPresentComponentIsWrittenAsNull() throws IOException {
    OhlcEntry candle = OhlcEntry.builder().time(1688671200L).count(23).build();
    assertEquals("[1688671200,null,null,null,null,null,null,23]",
        Contracts.moshi().adapter(OhlcEntry.class).toJson(candle));
  }

  @Test
  void aTupleIsAnArrayOnTheWire() {
    assertThrows(JsonDataException.class, () -> trade.fromJson("{\"price\":\"1\"}"));
  }

  @Test
  void namedMembersBesideAMapGoToTheirComponentsAndTheRestToTheMap() throws IOException {
    OhlcData data = ohlc.fromJson("{\"XXBTZUSD\":[[1688671200,\"30306.1\",\"30306.2\",\"30305.7\",\"30305.7\","
        + "\"30306.1\",\"3.39243896\",23]],\"last\":1688672160}");
    assertEquals(1688672160L, data.last());
    assertEquals(List.of("XXBTZUSD"), List.copyOf(data.pairs().keySet()));
    assertEquals(23, data.pairs().get("XXBTZUSD").get(0).count());
    assertEquals("{\"last\":1688672160,\"XXBTZUSD\":[[1688671200,\"30306.1\",\"30306.2\",\"30305.7\",\"30305.7\","
        + "\"30306.1\",\"3.39243896\",23]]}", ohlc.toJson(data));
  }

  @Test
  void aMemberNotShapedLikeTheEntriesIsIgnoredLikeAnyUnknownField() throws IOException {
    RecentTrades data = trades.fromJson("{\"XXBTZUSD\":[],\"last\":\"1688671969993150842\",\"count\":3,"
        + "\"note\":{\"a\":1}}");
    assertEquals("1688671969993150842", data.last());
    assertEquals(Map.of("XXBTZUSD", List.of()), data.pairs());
  }

  @Test
  void anEntryShapedLikeTheEntriesButBrokenFailsTheDecoding() {
    // Shaped like a row list, so it is an entry: a broken row is an error, not something to drop.
    assertThrows(JsonDataException.class, () -> trades.fromJson("{\"XXBTZUSD\":[{\"price\":\"1\"}]}"));
  }
}
