package io.github.krakensdk.sandbox.internal.params;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParametersTest {
  private static Parameters of(Map<String, ?> values) {
    return Parameters.of(values, name -> new IllegalArgumentException("EGeneral:Invalid arguments:" + name));
  }

  @Test
  void formTextReadsAsJsonValues() {
    Parameters json = of(Map.of("volume", new BigDecimal("1.25"), "validate", true, "userref", 7L));
    Parameters form = of(Map.of("volume", "1.25", "validate", "True", "userref", "7"));
    for (Parameters p : List.of(json, form)) {
      assertEquals(new BigDecimal("1.25"), p.decimal("volume"));
      assertTrue(p.bool("validate", false));
      assertEquals(7L, p.integer("userref"));
    }
  }

  @Test
  void booleanSpellingsAndEmptyValues() {
    assertFalse(of(Map.of("a", "no")).bool("a", true));
    assertTrue(of(Map.of("a", "1")).bool("a", false));
    assertNull(of(Map.of("a", "")).bool("a"));
    assertNull(of(Map.of("a", "")).string("a"));
    assertNull(of(Map.of("a", "  ")).decimal("a"));
    assertEquals("XBTUSD", of(Map.of("pair", " XBTUSD ")).required("pair"));
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> of(Map.of("validate", "maybe")).bool("validate", false));
    assertEquals("EGeneral:Invalid arguments:validate", refused.getMessage());
    assertThrows(IllegalArgumentException.class, () -> of(Map.of("pair", " ")).required("pair"));
  }

  @Test
  void bracketedFormKeysFoldIntoObjectsAndLists() {
    Map<String, Object> form = new LinkedHashMap<>();
    form.put("close[ordertype]", "limit");
    form.put("orders[0][volume]", "1.0");
    form.put("orders[1][volume]", "2.0");
    form.put("txid", "A, B");
    Parameters p = of(form);
    assertEquals("limit", p.child("close").string("ordertype"));
    assertEquals(List.of("1.0", "2.0"), p.objects("orders").stream().map(o -> o.string("volume")).toList());
    assertEquals(List.of("A", "B"), p.names("txid"));
  }
}
