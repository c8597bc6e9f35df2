package io.github.krakensdk.sandbox.internal.spot.funding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
        + "\"list\":[true,7]}", JsonTree.write(tree));
    Map<String, Object> back = JsonTree.readObject(JsonTree.write(tree));
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

  @Test
  void paramsReadFormTextAsJsonWouldSendIt() {
    Params json = Params.of(Map.of("amount", new BigDecimal("2.5"), "new", true, "limit", 3L));
    Params form = Params.of(Map.of("amount", "2.5", "new", "true", "limit", "3"));
    for (Params params : List.of(json, form)) {
      assertEquals(0, new BigDecimal("2.5").compareTo(params.positive("amount")));
      assertEquals(Boolean.TRUE, params.bool("new"));
      assertEquals(3L, params.integer("limit"));
    }
    FundingException bad = assertThrows(FundingException.class,
        () -> Params.of(Map.of("amount", "two")).positive("amount"));
    assertEquals(List.of("EGeneral:Invalid arguments:amount"), bad.errors());
    assertEquals(List.of("EGeneral:Invalid arguments:amount"), assertThrows(FundingException.class,
        () -> Params.of(Map.of("amount", "-1")).positive("amount")).errors());
    assertEquals(List.of("a", "b"), Params.of(Map.of("x", "a, b")).strings("x"));
  }
}
