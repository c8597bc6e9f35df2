package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openapitools.codegen.CodegenProperty;

/** The contract's constraints of one member as statements on the runtime's {@code Constraints}. */
final class ConstraintChecksTest {
  private final ConstraintChecks checks = new ConstraintChecks(Set.of("OrderSide", "OrderFlag"), Set.of("OrderFlag"), Map.of());

  @Test
  void aStringGetsItsLengthAndItsPatternUnescaped() {
    CodegenProperty pair = new CodegenProperty();
    pair.setMinLength(3);
    pair.setMaxLength(16);
    pair.setPattern("/^[A-Z]+\\\\/[A-Z]+$/");
    assertEquals(List.of(
        "constraints.required(\"pair\", pair);",
        "constraints.length(\"pair\", pair, 3, 16);",
        "constraints.pattern(\"pair\", pair, \"^[A-Z]+\\\\/[A-Z]+$\", null);"),
        checks.checks("pair", "pair", "String", pair, true, Set.of(), Set.of()));
  }

  @Test
  void whatTheContractDecidedItselfIsNotChecked() {
    CodegenProperty id = new CodegenProperty();
    id.setMaxLength(36);
    id.setPattern("^[a-z]+$");
    assertEquals(List.of("constraints.pattern(\"id\", id, \"^[a-z]+$\", null);"),
        checks.checks("id", "id", "String", id, false, Set.of("maxLength"), Set.of()));
  }

  @Test
  void numbersGetTheirRangeWithExclusiveBounds() {
    CodegenProperty count = new CodegenProperty();
    count.setMinimum("0");
    count.setExclusiveMinimum(true);
    count.setMaximum("500");
    assertEquals(List.of("constraints.range(\"count\", count, \"0\", true, \"500\", false);"),
        checks.checks("count", "count", "Integer", count, false, Set.of(), Set.of()));
  }

  @Test
  void enumsAreCheckedKnownUnlessTheirListIsTheContractsDecision() {
    assertEquals(List.of("constraints.known(\"side\", side);"),
        checks.checks("side", "side", "OrderSide", new CodegenProperty(), false, Set.of(), Set.of()));
    assertEquals(List.of(),
        checks.checks("flag", "flag", "OrderFlag", new CodegenProperty(), false, Set.of(), Set.of()));
  }

  @Test
  void listsGetSizeUniquenessAndTheirItemsChecks() {
    CodegenProperty items = new CodegenProperty();
    items.dataType = "OrderSide";
    CodegenProperty sides = new CodegenProperty();
    sides.setIsArray(true);
    sides.setMaxItems(3);
    sides.setUniqueItems(true);
    sides.setItems(items);
    assertEquals(List.of(
        "constraints.size(\"sides\", sides, Constraints.UNBOUNDED, 3);",
        "constraints.unique(\"sides\", sides);",
        "constraints.eachRequired(\"sides\", sides);",
        "constraints.eachKnown(\"sides\", sides);"),
        checks.checks("sides", "sides", "List<OrderSide>", sides, false, Set.of(), Set.of()));
  }

  @Test
  void aOneOfOfScalarsIsCheckedForItsJsonTypes() {
    CodegenProperty limit = new CodegenProperty();
    limit.vendorExtensions.put(OneOfTypes.SCALAR_TYPES, List.of("string", "boolean"));
    assertEquals(List.of("constraints.jsonType(\"limit\", limit, \"string\", \"boolean\");"),
        checks.checks("limit", "limit", "Object", limit, false, Set.of(), Set.of()));
  }

  @Test
  void literalsEscapeQuotesBackslashesAndNewlines() {
    assertEquals("\"a\\\"b\\\\c\\nd\"", ConstraintChecks.literal("a\"b\\c\nd"));
  }
}
