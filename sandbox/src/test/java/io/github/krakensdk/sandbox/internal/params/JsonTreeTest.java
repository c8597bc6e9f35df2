package io.github.krakensdk.sandbox.internal.params;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.krakensdk.sandbox.internal.http.Json;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTreeTest {
  @Test
  void numbersAreReadWithoutLossAndBooleansAndNullsAsThemselves() {
    Map<String, Object> tree = JsonTree.readObject(
        "{\"nonce\":1741942800123456,\"time\":1688666559.8974,\"big\":123456789012345678901234,"
            + "\"new\":true,\"none\":null,\"list\":[1,\"a\"]}");
    assertEquals(1741942800123456L, tree.get("nonce"));
    assertEquals(new BigDecimal("1688666559.8974"), tree.get("time"));
    assertEquals(new BigDecimal("123456789012345678901234"), tree.get("big"));
    assertEquals(Boolean.TRUE, tree.get("new"));
    assertEquals(null, tree.get("none"));
    assertEquals(List.of(1L, "a"), tree.get("list"));
    assertEquals(List.of("nonce", "time", "big", "new", "none", "list"), List.copyOf(tree.keySet()));
  }

  @Test
  void writesInMapOrderWithPlainDecimalsAndEscapes() {
    Map<String, Object> tree = new LinkedHashMap<>();
    tree.put("z", new BigDecimal("1E+3"));
    tree.put("a", new BigDecimal("0.00000010"));
    tree.put("text", "quote \" back \\ line\n\u0001");
    tree.put("none", null);
    tree.put("list", List.of(true, 7L));
    assertEquals("{\"z\":1000,\"a\":0.00000010,\"text\":\"quote \\\" back \\\\ line\\n\\u0001\",\"none\":null,"
        + "\"list\":[true,7]}", Json.write(tree));
    Map<String, Object> back = JsonTree.readObject(Json.write(tree));
    assertEquals(1000L, back.get("z"));
    assertEquals(new BigDecimal("0.00000010"), back.get("a"));
    assertEquals(tree.get("text"), back.get("text"));
  }

  @Test
  void formFieldsBecomeStringsRepeatedOnesAndBracketedOnesLists() {
    Map<String, List<String>> form = new LinkedHashMap<>();
    form.put("amount", List.of("2.5"));
    form.put("lock_type[]", List.of("bonded"));
    form.put("asset", List.of("XBT", "ETH"));
    Map<String, Object> tree = JsonTree.fromForm(form);
    assertEquals("2.5", tree.get("amount"));
    assertEquals(List.of("bonded"), tree.get("lock_type"));
    assertEquals(List.of("XBT", "ETH"), tree.get("asset"));
  }

  @Test
  void refusesWhatIsNotJson() {
    assertThrows(IllegalArgumentException.class, () -> JsonTree.read("{\"a\":1} trailing"));
    assertThrows(IllegalArgumentException.class, () -> JsonTree.readObject("[1]"));
  }
}
