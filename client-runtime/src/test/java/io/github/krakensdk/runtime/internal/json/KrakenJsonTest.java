package io.github.krakensdk.runtime.internal.json;

import io.github.krakensdk.runtime.json.Copies;
import io.github.krakensdk.runtime.json.DecimalNumber;
import io.github.krakensdk.runtime.json.OpenEnum;
import io.github.krakensdk.runtime.json.TypeRef;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.Moshi;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

final class KrakenJsonTest {
  private final Moshi moshi = KrakenJson.newBuilder().build();

  @Test
  void decimalsKeepEveryDigitAndTravelAsStrings() throws IOException {
    JsonAdapter<BigDecimal> adapter = moshi.adapter(BigDecimal.class);
    for (String text : List.of("0.00000001", "3015012348193.4134", "1000.0000", "-0.5")) {
      BigDecimal value = adapter.fromJson("\"" + text + "\"");
      assertEquals(text, value.toPlainString());
      assertEquals("\"" + text + "\"", adapter.toJson(value));
    }
    // The service sometimes sends a number where a decimal string is documented.
    assertEquals(new BigDecimal("0.9"), adapter.fromJson("0.9"));
    assertNull(adapter.fromJson("null"));
  }

  @Test
  void decimalNumbersKeepEveryDigitAndTravelAsNumbers() throws IOException {
    JsonAdapter<BigDecimal> adapter = moshi.adapter(BigDecimal.class, DecimalNumber.class);
    for (String text : List.of("1688666559.8974", "1765628335.242269554", "0.00000001", "1700000000", "-0.50")) {
      BigDecimal value = adapter.fromJson(text);
      assertEquals(text, value.toPlainString());
      assertEquals(text, adapter.toJson(value)); // a JSON number, not a string, and never 1.6E+9
    }
    // A number the service sent as text is read all the same, and written back as a number.
    assertEquals("1688666559.8974", adapter.toJson(adapter.fromJson("\"1688666559.8974\"")));
    assertEquals("12345678", adapter.toJson(new BigDecimal("1.2345678E+7")));
    assertNull(adapter.fromJson("null"));
    assertThrows(JsonDataException.class, () -> adapter.fromJson("true"));
    assertThrows(JsonDataException.class, () -> adapter.fromJson("\"soon\""));
  }

  @Test
  void decimalsDecodeToExactlyWhatBigDecimalReads() throws IOException {
    // Plain decimals take a faster path than new BigDecimal(text); value and scale must not differ.
    JsonAdapter<BigDecimal> adapter = moshi.adapter(BigDecimal.class);
    for (String text : List.of("0", "-0", "0.0000", "-0.00", "007", "00.10", "42790.12", "-1.25",
        "123456789012345678", "-12345678901234567.8", "0.000000000000000001", "1234567890123456789",
        "1E-8", "1.5e3", "+1.5", "1.", ".5", "-.5", "٣")) { // BigDecimal reads any Unicode digit
      BigDecimal expected = new BigDecimal(text);
      BigDecimal decoded = adapter.fromJson("\"" + text + "\"");
      assertEquals(expected, decoded, text); // equals compares the scale too
    }
    assertEquals(new BigDecimal("-2.50"), adapter.fromJson("-2.50"));
    for (String text : List.of("-", "1.2.3", "1-2", "")) {
      assertThrows(JsonDataException.class, () -> adapter.fromJson("\"" + text + "\""), text);
    }
  }

  @Test
  void malformedDecimalIsATypedDecodingErrorNamingThePath() {
    JsonAdapter<Map<String, BigDecimal>> adapter =
        moshi.adapter(new TypeRef<Map<String, BigDecimal>>() {}.type());
    JsonDataException e = assertThrows(JsonDataException.class, () -> adapter.fromJson("{\"fee\":\"abc\"}"));
    assertTrue(e.getMessage().contains("$.fee"), e.getMessage());
    assertThrows(JsonDataException.class, () -> adapter.fromJson("{\"fee\":true}"));
  }

  @Test
  void dateTimesAlwaysCarrySeconds() throws IOException {
    JsonAdapter<OffsetDateTime> adapter = moshi.adapter(OffsetDateTime.class);
    assertEquals("\"2025-04-15T09:00:00Z\"", adapter.toJson(adapter.fromJson("\"2025-04-15T09:00:00Z\"")));
    assertEquals("\"2020-08-27T17:03:33.196Z\"", adapter.toJson(adapter.fromJson("\"2020-08-27T17:03:33.196Z\"")));
    assertThrows(JsonDataException.class, () -> adapter.fromJson("\"yesterday\""));
  }

  @Test
  void datesOutsideTheCalendarAreRefusedLikeTheParserRefusesThem() throws IOException {
    JsonAdapter<LocalDate> adapter = moshi.adapter(LocalDate.class);
    assertEquals(LocalDate.of(2024, 2, 29), adapter.fromJson("\"2024-02-29\""));
    assertEquals(LocalDate.of(12025, 1, 1), adapter.fromJson("\"+12025-01-01\""));
    for (String text : List.of("2025-02-29", "2025-13-01", "2025-00-10", "2025-04-31", "2025-1-01", "2025/04/15",
        "2025-04-1x")) {
      JsonDataException e = assertThrows(JsonDataException.class, () -> adapter.fromJson("\"" + text + "\""), text);
      assertTrue(e.getMessage().contains(text), e.getMessage());
    }
  }

  @Test
  void datesAndUuids() throws IOException {
    assertEquals(LocalDate.of(2025, 4, 15), moshi.adapter(LocalDate.class).fromJson("\"2025-04-15\""));
    UUID id = UUID.fromString("9f0e5d2c-3b1a-4c6d-8e7f-0a1b2c3d4e5f");
    assertEquals("\"" + id + "\"", moshi.adapter(UUID.class).toJson(id));
    assertThrows(JsonDataException.class, () -> moshi.adapter(UUID.class).fromJson("\"not-a-uuid\""));
  }

  @Test
  void aMapSentAsAnArrayIsKeyedByIndexAndWrittenAsAnObject() throws IOException {
    JsonAdapter<Map<String, BigDecimal>> adapter =
        moshi.adapter(new TypeRef<Map<String, BigDecimal>>() {}.type());
    assertEquals(Map.of(), adapter.fromJson("[]"));
    Map<String, BigDecimal> indexed = adapter.fromJson("[\"1.50\",\"-2\"]");
    assertEquals(List.of("0", "1"), List.copyOf(indexed.keySet()));
    assertEquals(new BigDecimal("1.50"), indexed.get("0"));
    assertEquals("{\"0\":\"1.50\",\"1\":\"-2\"}", adapter.toJson(indexed));
    assertEquals(Map.of("XXBT", new BigDecimal("0.1")), adapter.fromJson("{\"XXBT\":\"0.1\"}"));
    assertNull(adapter.fromJson("null"));
    JsonDataException e = assertThrows(JsonDataException.class, () -> adapter.fromJson("[\"1\",true]"));
    assertTrue(e.getMessage().contains("$[1]"), e.getMessage());
    // Only text-keyed maps: a list stays a list.
    assertEquals(List.of("a"), moshi.adapter(new TypeRef<List<String>>() {}.type()).fromJson("[\"a\"]"));
  }

  @Test
  void openEnumKeepsAnUnlistedValue() throws IOException {
    JsonAdapter<Level> adapter = OpenEnumJsonAdapter.create(Level.values(), Level::of, false);
    Level known = adapter.fromJson("\"low\"");
    assertTrue(known.isKnown());
    assertSame(Level.LOW, known, "a listed value decodes to its constant");
    Level unlisted = adapter.fromJson("\"high\"");
    assertFalse(unlisted.isKnown());
    assertEquals("\"high\"", adapter.toJson(unlisted));
    assertThrows(JsonDataException.class, () -> adapter.fromJson("{}"));
  }

  @Test
  void numericOpenEnumIsWrittenAsANumber() throws IOException {
    JsonAdapter<Level> adapter = OpenEnumJsonAdapter.create(Level.values(), Level::of, true);
    assertEquals("1", adapter.toJson(adapter.fromJson("1")));
    assertSame(Level.ONE, adapter.fromJson("1"), "a number is matched by its text");
  }

  @Test
  void decodedContainersAreUnmodifiableAndKeptByCopies() throws IOException {
    List<BigDecimal> list = moshi.<List<BigDecimal>>adapter(new TypeRef<List<BigDecimal>>() {}.type())
        .fromJson("[\"1.5\",null,\"2\"]");
    assertEquals(java.util.Arrays.asList(new BigDecimal("1.5"), null, new BigDecimal("2")), list);
    assertThrows(UnsupportedOperationException.class, () -> list.add(BigDecimal.ONE));
    assertSame(list, Copies.list(list), "a decoded list is not copied again");
    assertEquals(List.of(), moshi.adapter(new TypeRef<List<String>>() {}.type()).fromJson("[]"));

    Map<String, BigDecimal> map = moshi.<Map<String, BigDecimal>>adapter(
        new TypeRef<Map<String, BigDecimal>>() {}.type()).fromJson("{\"b\":\"1\",\"a\":null}");
    assertEquals(List.of("b", "a"), List.copyOf(map.keySet()), "the members' order");
    assertTrue(map.containsKey("a") && map.get("a") == null);
    assertEquals(new java.util.LinkedHashMap<>(map), map);
    assertEquals(new java.util.LinkedHashMap<>(map).hashCode(), map.hashCode());
    assertThrows(UnsupportedOperationException.class, () -> map.put("c", BigDecimal.ONE));
    assertThrows(UnsupportedOperationException.class, () -> map.entrySet().iterator().next().setValue(null));
    assertSame(map, Copies.map(map), "a decoded map is not copied again");
    JsonDataException repeated = assertThrows(JsonDataException.class, () -> moshi.adapter(
        new TypeRef<Map<String, BigDecimal>>() {}.type()).fromJson("{\"a\":\"1\",\"a\":\"2\"}"));
    assertTrue(repeated.getMessage().contains("'a'"), repeated.getMessage());
  }

  @Test
  void copiesAreUnmodifiableAndKeepNulls() {
    List<String> source = new java.util.ArrayList<>(java.util.Arrays.asList("a", null));
    List<String> copy = Copies.list(source);
    source.add("b");
    assertEquals(java.util.Arrays.asList("a", null), copy);
    assertThrows(UnsupportedOperationException.class, () -> copy.add("c"));
    assertSame(copy, Copies.list(copy), "a copy is not copied again");
    Map<String, String> mutable = new java.util.HashMap<>(Map.of("k", "v"));
    Map<String, String> mapCopy = Copies.map(mutable);
    assertNotSame(mutable, mapCopy);
    mutable.put("k2", "v2");
    assertEquals(Map.of("k", "v"), mapCopy);
    assertNull(Copies.map(null));
  }

  /** A minimal open enum, shaped like the generated ones. */
  private static final class Level implements OpenEnum {
    private final String value;

    private Level(String value) {
      this.value = value;
    }

    private static final Level LOW = new Level("low");
    private static final Level ONE = new Level("1");

    static Level of(String value) {
      return value.equals(LOW.value) ? LOW : value.equals(ONE.value) ? ONE : new Level(value);
    }

    static List<Level> values() {
      return List.of(LOW, ONE);
    }

    @Override
    public String value() {
      return value;
    }

    @Override
    public boolean isKnown() {
      return value.equals("low") || value.equals("1");
    }
  }
}
