package io.github.krakensdk.auth.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class JsonReaderTest {
  @Test
  void readsEveryKindOfValue() throws Exception {
    Object value = JsonReader.parse(
        " {\"s\":\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\", \"n\":-12.5e+2, \"z\":0,"
            + " \"t\":true, \"f\":false, \"nil\":null, \"a\":[1,[],{}], \"o\":{\"x\":\"漢\"}}\n");
    @SuppressWarnings("unchecked")
    Map<String, Object> map = (Map<String, Object>) value;
    assertEquals("a\"b\\c/d\b\f\n\r\té😀", map.get("s"));
    assertEquals(new BigDecimal("-12.5e+2"), map.get("n"));
    assertEquals(BigDecimal.ZERO, map.get("z"));
    assertEquals(Boolean.TRUE, map.get("t"));
    assertEquals(Boolean.FALSE, map.get("f"));
    assertTrue(map.containsKey("nil"));
    assertNull(map.get("nil"));
    assertEquals(List.of(BigDecimal.ONE, List.of(), Map.of()), map.get("a"));
    assertEquals(Map.of("x", "漢"), map.get("o"));
    assertEquals(List.of("s", "n", "z", "t", "f", "nil", "a", "o"), List.copyOf(map.keySet()), "document order");
    assertThrows(UnsupportedOperationException.class, () -> map.put("x", 1));
  }

  @Test
  void bigNumbersKeepTheirPrecision() throws Exception {
    assertEquals(new BigDecimal("1700000000123456789"), JsonReader.parse("1700000000123456789"));
    assertEquals(new BigDecimal("0.1000000000000000000001"), JsonReader.parse("0.1000000000000000000001"));
  }

  @Test
  void refusesWhatIsNotStrictJson() {
    String[] bad = {
      "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{a:1}", "{'a':1}", "01", "-", "1.", ".5", "1e",
      "+1", "NaN", "Infinity", "tru", "nul", "\"abc", "\"\\x\"", "\"\\u12G4\"", "\"a\nb\"",
      "\"tab\there\"", "[1 2]", "{\"a\" 1}", "{\"a\":1 \"b\":2}", "1 2", "{\"a\":1,\"a\":2}",
      "// c\n1", "/* c */1", "\u00a01", "1e9999999999"
    };
    for (String text : bad) {
      assertThrows(JsonException.class, () -> JsonReader.parse(text), () -> "accepted: " + text);
    }
  }

  @Test
  void nestingIsLimited() throws Exception {
    char[] open = new char[JsonReader.MAX_DEPTH];
    char[] close = new char[JsonReader.MAX_DEPTH];
    Arrays.fill(open, '[');
    Arrays.fill(close, ']');
    JsonReader.parse(new String(open) + new String(close));
    JsonException e = assertThrows(JsonException.class,
        () -> JsonReader.parse("[" + new String(open) + new String(close) + "]"));
    assertTrue(e.getMessage().contains("nesting"));
    // Far deeper input fails the same way instead of overflowing the stack.
    char[] deep = new char[100_000];
    Arrays.fill(deep, '{');
    assertThrows(JsonException.class, () -> JsonReader.parse(new String(deep)));
  }

  @Test
  void messagesNeverQuoteTheInput() {
    String secret = "{\"access_token\":\"tok-SECRET-123\",}";
    JsonException e = assertThrows(JsonException.class, () -> JsonReader.parse(secret));
    assertFalse(e.getMessage().contains("SECRET"), e.getMessage());
    assertTrue(e.getMessage().contains("offset"));
  }

  @Test
  void bytesMustBeWellFormedUtf8() throws Exception {
    assertEquals("\"é\"", JsonReader.decodeUtf8("\"é\"".getBytes(StandardCharsets.UTF_8)));
    assertThrows(JsonException.class, () -> JsonReader.decodeUtf8(new byte[] {'"', (byte) 0xE9, '"'}));
    assertThrows(JsonException.class, () -> JsonReader.scanObject("[]"), "an object is required at the top level");
  }

  @Test
  void scanReportsTopLevelMemberSpans() throws Exception {
    String text = " { \"a\" : [1, {\"nonce\":2}] , \"nonce\":\"x\" } ";
    JsonReader.ObjectScan scan = JsonReader.scanObject(text);
    assertEquals(1, scan.openBrace);
    assertEquals(2, scan.members.size());
    assertEquals("a", scan.members.get(0).name);
    assertEquals("[1, {\"nonce\":2}]",
        text.substring(scan.members.get(0).valueStart, scan.members.get(0).valueEnd));
    assertEquals("\"x\"", text.substring(scan.members.get(1).valueStart, scan.members.get(1).valueEnd));
    assertThrows(JsonException.class, () -> JsonReader.scanObject("[1]"));
    assertThrows(JsonException.class, () -> JsonReader.scanObject("{} {}"));
  }
}
