package io.github.krakensdk.sandbox.internal.spot.funding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.krakensdk.sandbox.internal.params.Parameters;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParametersTest {
  @Test
  void paramsReadFormTextAsJsonWouldSendIt() {
    Parameters json = Parameters.of(Map.of("amount", new BigDecimal("2.5"), "new", true, "limit", 3L),
        FundingException::invalid);
    Parameters form = Parameters.of(Map.of("amount", "2.5", "new", "true", "limit", "3"), FundingException::invalid);
    for (Parameters params : List.of(json, form)) {
      assertEquals(0, new BigDecimal("2.5").compareTo(params.positive("amount")));
      assertEquals(Boolean.TRUE, params.bool("new"));
      assertEquals(3L, params.integer("limit"));
    }
    FundingException bad = assertThrows(FundingException.class,
        () -> Parameters.of(Map.of("amount", "two"), FundingException::invalid).positive("amount"));
    assertEquals(List.of("EGeneral:Invalid arguments:amount"), bad.errors());
    assertEquals(List.of("EGeneral:Invalid arguments:amount"), assertThrows(FundingException.class,
        () -> Parameters.of(Map.of("amount", "-1"), FundingException::invalid).positive("amount")).errors());
    assertEquals(List.of("a", "b"), Parameters.of(Map.of("x", "a, b"), FundingException::invalid).names("x"));
  }
}
