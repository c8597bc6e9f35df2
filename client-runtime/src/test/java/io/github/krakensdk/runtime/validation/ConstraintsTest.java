package io.github.krakensdk.runtime.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.ConstraintViolationException;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class ConstraintsTest {
  @Test
  void validValuesPass() {
    Constraints constraints = Constraints.create();
    constraints.required("user", "AA12 3456 7890 12");
    constraints.length("user", "AB12345678901234", 14, 42);
    constraints.pattern("phone", "+4915112345678", "^\\+?[1-9]\\d{1,14}$", null);
    constraints.range("resolution", 4294967295L, "0", false, "4294967295", false);
    constraints.size("events", List.of("user.verified"), Constraints.UNBOUNDED, 50);
    constraints.eachLength("events", List.of("user.verified"), Constraints.UNBOUNDED, 100);
    constraints.throwIfAny("anything");
    assertEquals(List.of(), constraints.violations());
  }

  @Test
  void eachBrokenRuleNamesFieldRuleAndValue() {
    Constraints constraints = Constraints.create();
    constraints.required("strategy_id", null);
    constraints.length("user", "short", 14, 42);
    constraints.pattern("phone", "12-34", "^\\+?[1-9]\\d{1,14}$", null);
    constraints.range("resolution", 4294967296L, "0", false, "4294967295", false);
    constraints.range("resolution", -1, "0", false, "4294967295", false);
    constraints.size("events", Collections.nCopies(51, "a"), Constraints.UNBOUNDED, 50);
    constraints.eachPattern("events", List.of("ok", "not ok"), "^[a-zA-Z0-9._]+$", null);

    List<Violation> violations = constraints.violations();
    assertEquals(List.of(
        Violation.builder().field("strategy_id").rule("required").value("null").build(),
        Violation.builder().field("user").rule("length 14..42").value("\"short\"").build(),
        Violation.builder().field("phone").rule("pattern ^\\+?[1-9]\\d{1,14}$").value("\"12-34\"").build(),
        Violation.builder().field("resolution").rule("at most 4294967295").value("4294967296").build(),
        Violation.builder().field("resolution").rule("at least 0").value("-1").build(),
        Violation.builder().field("events").rule("item count 0..50").value("51").build(),
        Violation.builder().field("events[1]").rule("pattern ^[a-zA-Z0-9._]+$").value("\"not ok\"").build()),
            violations);

    ConstraintViolationException e =
        assertThrows(ConstraintViolationException.class, () -> constraints.throwIfAny("updateWebhook"));
    assertEquals("updateWebhook", e.operationId());
    assertEquals(7, e.violations().size());
    assertTrue(e.getMessage().startsWith("updateWebhook: request not sent, 7 rules"), e.getMessage());
    assertTrue(e.getMessage().contains("user must satisfy length 14..42 (was \"short\")"), e.getMessage());
  }

  @Test
  void aPatternWithWordsIsReportedInWords() {
    Constraints constraints = Constraints.create();
    constraints.pattern("country_code", "gb", "^[A-Z]{2}$", "an ISO 3166-1 alpha-2 code, two capital letters");
    constraints.eachPattern("ids", List.of("A", "b"), "^[A-Z]$", "a capital letter");
    assertEquals(List.of(
        Violation.builder().field("country_code").rule("pattern ^[A-Z]{2}$")
            .requirement("an ISO 3166-1 alpha-2 code, two capital letters").value("\"gb\"").build(),
        Violation.builder().field("ids[1]").rule("pattern ^[A-Z]$").requirement("a capital letter").value("\"b\"")
            .build()), constraints.violations());
    ConstraintViolationException e =
        assertThrows(ConstraintViolationException.class, () -> constraints.throwIfAny("getAssetPairs"));
    assertTrue(e.getMessage().contains("country_code must be an ISO 3166-1 alpha-2 code, two capital letters"
        + " (was \"gb\")"), e.getMessage());
  }

  @Test
  void anyGivenNeedsOneMemberOfTheGroupAndSaysSoInWords() {
    Constraints given = Constraints.create();
    given.anyGiven(List.of("txid", "cl_ord_id"), null, "arb-1");
    given.anyGiven(List.of("orders", "cl_ord_ids"), List.of(), null);
    assertEquals(List.of(), given.violations());

    Constraints neither = Constraints.create();
    neither.anyGiven(List.of("txid", "cl_ord_id"), null, null);
    assertEquals(List.of(Violation.builder().field("txid or cl_ord_id").rule("give txid or cl_ord_id").value("null")
        .build()), neither.violations());
    ConstraintViolationException e =
        assertThrows(ConstraintViolationException.class, () -> neither.throwIfAny("cancelOrder"));
    assertEquals("cancelOrder: request not sent, 1 rule of the contract broken: give txid or cl_ord_id (none was set)",
        e.getMessage());
  }

  @Test
  void memberCountNeedsExactlyOneScopeAndSaysSoInWords() {
    List<String> scope = List.of("method_id", "network_id", "network_group_id");
    Constraints one = Constraints.create();
    one.memberCount(scope, 1, 1, null, "d9d375da-44b7-4be1-8a00-8b281acfe366", null);
    assertEquals(List.of(), one.violations());

    Constraints none = Constraints.create();
    none.memberCount(scope, 1, 1, null, null, null);
    Constraints two = Constraints.create();
    two.memberCount(scope, 1, 1, "27ede8db-804b-4d91-8e25-46b7b9668730", "d9d375da-44b7-4be1-8a00-8b281acfe366", null);
    for (Constraints broken : List.of(none, two)) {
      assertEquals(1, broken.violations().size());
      assertEquals("method_id, network_id or network_group_id", broken.violations().get(0).field());
    }
    assertEquals("give exactly one of method_id, network_id or network_group_id (0 given)", none.violations().get(0).rule());
    assertEquals("give exactly one of method_id, network_id or network_group_id (2 given)", two.violations().get(0).rule());

    Constraints atLeast = Constraints.create();
    atLeast.memberCount(List.of("name", "description"), 1, Integer.MAX_VALUE, null, null);
    assertEquals("give at least 1 of name or description (0 given)", atLeast.violations().get(0).rule());
  }

  @Test
  void lengthCountsCharactersNotUtf16Units() {
    Constraints constraints = Constraints.create();
    constraints.length("quote", "\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00", 3, 16);
    assertEquals(List.of(), constraints.violations());
  }

  @Test
  void nestedModelsReportTheirPath() {
    Validatable taxId = c -> c.required("issuing_country", null);
    Constraints constraints = Constraints.create();
    constraints.eachNested("tax_ids", Arrays.asList(taxId));
    constraints.eachValueNested("fees", Map.of("XBTUSD", taxId));
    assertEquals(List.of(
        Violation.builder().field("tax_ids[0].issuing_country").rule("required").value("null").build(),
        Violation.builder().field("fees.XBTUSD.issuing_country").rule("required").value("null").build()),
            constraints.violations());
  }

  @Test
  void exclusiveBoundsExcludeTheBound() {
    Constraints constraints = Constraints.create();
    constraints.range("size", 0, "0", true, null, false);
    assertEquals(List.of(Violation.builder().field("size").rule("greater than 0").value("0").build()),
        constraints.violations());
  }

  @Test
  void aValueOfSeveralJsonTypesIsOneOfThem() {
    Constraints constraints = Constraints.create();
    constraints.jsonType("cursor", Boolean.TRUE, "boolean", "string");
    constraints.jsonType("cursor", "MTY4ODY2", "boolean", "string");
    constraints.jsonType("txid", 45326L, "string", "integer");
    constraints.jsonType("txid", null, "string", "integer");
    assertEquals(List.of(), constraints.violations());
    constraints.jsonType("cursor", 1, "boolean", "string");
    constraints.jsonType("txid", 1.5, "string", "integer");
    constraints.eachJsonType("orders", List.of("OYVGEW-VYV5B-UUEXSK", 42, true), "string", "integer");
    assertEquals(List.of(Violation.builder().field("cursor").rule("a JSON boolean or string").value("1").build(),
        Violation.builder().field("txid").rule("a JSON string or integer").value("1.5").build(),
        Violation.builder().field("orders[2]").rule("a JSON string or integer").value("true").build()),
            constraints.violations());
  }
}
