package io.github.krakensdk.tests.contract;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.models.media.Schema;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares a JSON value with the SDK's re-encoding of it, guided by the contract's schema.
 *
 * <ul>
 *   <li>A member that is {@code null} counts as absent: the generated records drop null members.
 *   <li>Numbers ({@code type: number/integer}) are compared numerically ({@code 25.0} equals {@code 25}).
 *   <li>Decimal strings ({@code format: decimal}) and every other string are compared exactly,
 *       so every digit must survive; date-times compare as instants ({@code .250Z} equals {@code .25Z}).
 *   <li>A member is matched to a schema property by its name or one of its {@code x-aliases}; the
 *       re-encoding carries the contract's name.
 *   <li>A bare array where the schema is an object with {@code x-kraken-array-form} (or a {@code
 *       oneOf} of the array and that object) is compared with that member of the re-encoded object.
 *   <li>A map the service sent as a JSON array compares element by element with the re-encoded
 *       object keyed by index; a decimal written with an explicit {@code +} equals its re-encoding
 *       without it.
 * </ul>
 */
public final class JsonEquivalence {

  public enum Mode {
    /** Examples: the re-encoding must equal the value; a member the schema does not know is a difference. */
    ROUND_TRIP,
    /** Real responses: every member the schema knows must survive; unknown members are ignored. */
    NOTHING_LOST
  }

  /** What a comparison found; {@code comparedValues} counts the values present on both sides. */
  public record Result(List<String> differences, int comparedValues, Map<String, String> decimals) {
    public boolean equivalent() {
      return differences.isEmpty();
    }

    public String describe() {
      return String.join("\n  ", differences);
    }
  }

  private final Contract contract;
  private final Mode mode;
  private final List<String> differences = new ArrayList<>();
  private final Map<String, String> decimals = new LinkedHashMap<>();
  private int compared;

  private JsonEquivalence(Contract contract, Mode mode) {
    this.contract = contract;
    this.mode = mode;
  }

  /**
   * Compares {@code expected} (an example or a recorded response) with {@code actual} (its
   * re-encoding) under {@code schema} of {@code contract}.
   */
  public static Result compare(Contract contract, Schema<?> schema, JsonNode expected, JsonNode actual, Mode mode) {
    JsonEquivalence comparison = new JsonEquivalence(contract, mode);
    comparison.compare("", schema, expected, actual);
    return new Result(List.copyOf(comparison.differences), comparison.compared, comparison.decimals);
  }

  private static boolean absent(JsonNode node) {
    return node == null || node.isMissingNode() || node.isNull();
  }

  private void differ(String path, String message) {
    differences.add((path.isEmpty() ? "/" : path) + ": " + message);
  }

  private void compare(String path, Schema<?> schema, JsonNode expected, JsonNode actual) {
    if (absent(expected)) {
      if (!absent(actual)) {
        differ(path, "expected null or absent, re-encoded as " + actual);
      }
      return;
    }
    if (absent(actual)) {
      differ(path, "lost: expected " + abbreviate(expected) + ", the re-encoding has none");
      return;
    }
    compared++;
    Schema<?> arrayForm = contract.arrayFormObject(schema);
    Schema<?> resolved = schema == null ? null : contract.resolve(arrayForm != null ? arrayForm : schema);
    if (resolved == null) {
      generic(path, expected, actual);
      return;
    }
    String arrayMember = contract.arrayFormMember(resolved);
    if (arrayMember != null && expected.isArray()) {
      compareArrayForm(path, resolved, arrayMember, expected, actual);
      return;
    }
    if (expected.isObject()) {
      compareObject(path, resolved, expected, actual);
    } else if (expected.isArray() && resolved.getItems() == null && contract.mapValues(resolved) != null) {
      // A map the service sent as a JSON array: the SDK keys it by index ("0", "1", ...).
      if (!actual.isObject() || actual.size() != expected.size()) {
        differ(path, "expected a map of " + expected.size() + " keyed by index, re-encoded as " + abbreviate(actual));
        return;
      }
      Schema<?> values = contract.mapValues(resolved);
      for (int i = 0; i < expected.size(); i++) {
        compare(path + "/" + i, values, expected.get(i), actual.get(Integer.toString(i)));
      }
    } else if (expected.isArray()) {
      if (!actual.isArray() || actual.size() != expected.size()) {
        differ(path, "expected an array of " + expected.size() + ", re-encoded as " + abbreviate(actual));
        return;
      }
      Schema<?> items = resolved.getItems();
      // A tuple (x-kraken-tuple): each element has the schema of its position; beyond them, none.
      List<Schema<?>> positions = contract.tuplePositions(resolved) == null ? null
          : new ArrayList<>(contract.tuplePositions(resolved).values());
      for (int i = 0; i < expected.size(); i++) {
        Schema<?> element = positions == null ? items : i < positions.size() ? positions.get(i) : null;
        compare(path + "/" + i, element, expected.get(i), actual.get(i));
      }
    } else {
      compareScalar(path, resolved, expected, actual);
    }
  }

  private void compareObject(String path, Schema<?> schema, JsonNode expected, JsonNode actual) {
    if (!actual.isObject()) {
      differ(path, "expected an object, re-encoded as " + abbreviate(actual));
      return;
    }
    Map<String, Schema<?>> properties = contract.properties(schema);
    Schema<?> values = contract.mapValues(schema);
    if (properties.isEmpty() && values == null) {
      generic(path, expected, actual);
      return;
    }
    Map<String, String> aliases = new LinkedHashMap<>();
    properties.forEach((name, property) -> {
      for (String alias : aliases(property)) {
        aliases.put(alias, name);
      }
    });
    Set<String> matched = new HashSet<>();
    for (Map.Entry<String, JsonNode> member : expected.properties()) {
      String name = member.getKey();
      String property = properties.containsKey(name) ? name : aliases.get(name);
      if (property != null) {
        matched.add(property);
        compare(path + "/" + name, properties.get(property), member.getValue(), actual.get(property));
      } else if (values != null) {
        matched.add(name);
        compare(path + "/" + name, values, member.getValue(), actual.get(name));
      } else if (mode == Mode.ROUND_TRIP) {
        differ(path + "/" + name, "member not declared by the schema, so the generated model drops it");
      }
    }
    if (mode == Mode.ROUND_TRIP) {
      for (Map.Entry<String, JsonNode> member : actual.properties()) {
        if (!matched.contains(member.getKey()) && !absent(member.getValue())) {
          differ(path + "/" + member.getKey(), "re-encoded member not in the original: " + abbreviate(member.getValue()));
        }
      }
    }
  }

  /**
   * A bare array sent for an object that declares {@code x-kraken-array-form}: it is that
   * member of the re-encoded object, whose other members are absent.
   */
  private void compareArrayForm(String path, Schema<?> object, String member, JsonNode expected, JsonNode actual) {
    if (!actual.isObject()) {
      differ(path, "expected the bare-array form of an object, re-encoded as " + abbreviate(actual));
      return;
    }
    compare(path, contract.properties(object).get(member), expected, actual.get(member));
    if (mode == Mode.ROUND_TRIP) {
      for (Map.Entry<String, JsonNode> other : actual.properties()) {
        if (!other.getKey().equals(member) && !absent(other.getValue())) {
          differ(path + "/" + other.getKey(), "re-encoded member not in the bare array: " + abbreviate(other.getValue()));
        }
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static List<String> aliases(Schema<?> property) {
    if (property.getExtensions() == null) {
      return List.of();
    }
    Object aliases = property.getExtensions().get("x-aliases");
    return aliases instanceof List<?> list ? (List<String>) list : List.of();
  }

  private void compareScalar(String path, Schema<?> schema, JsonNode expected, JsonNode actual) {
    String type = contract.type(schema);
    String format = schema.getFormat();
    if ("number".equals(type) || "integer".equals(type)) {
      BigDecimal e = number(expected);
      BigDecimal a = number(actual);
      if (e == null || a == null || e.compareTo(a) != 0) {
        differ(path, "number " + expected + " re-encoded as " + actual);
      }
    } else if ("string".equals(type)) {
      if ("decimal".equals(format)) {
        decimals.put(path, actual.isTextual() ? actual.textValue() : actual.toString());
      }
      if (expected.isTextual() && actual.isTextual() && expected.textValue().equals(actual.textValue())) {
        return;
      }
      if ("decimal".equals(format) && expected.isTextual() && actual.isTextual()
          && expected.textValue().startsWith("+") && expected.textValue().substring(1).equals(actual.textValue())) {
        // An explicit plus sign (a gain written "+5.4133"): a BigDecimal keeps every digit but not the sign's spelling.
        return;
      }
      if ("date-time".equals(format) && expected.isTextual() && actual.isTextual()
          && sameInstant(expected.textValue(), actual.textValue())) {
        return;
      }
      if ("decimal".equals(format) && expected.isNumber() && actual.isTextual()) {
        // The service sent a JSON number where the contract has a decimal string: compare the value.
        BigDecimal a = number(actual);
        if (a != null && expected.decimalValue().compareTo(a) == 0) {
          return;
        }
      }
      differ(path, "string " + expected + " re-encoded as " + actual);
    } else if ("boolean".equals(type)) {
      if (!expected.equals(actual)) {
        differ(path, "boolean " + expected + " re-encoded as " + actual);
      }
    } else {
      generic(path, expected, actual);
    }
  }

  /** Structural equality for schemaless values (free-form objects): nulls absent, numbers by value. */
  private void generic(String path, JsonNode expected, JsonNode actual) {
    if (absent(expected) || absent(actual)) {
      if (absent(expected) != absent(actual)) {
        differ(path, "expected " + expected + ", re-encoded as " + actual);
      }
      return;
    }
    if (expected.isObject() && actual.isObject()) {
      Set<String> names = new LinkedHashSet<>();
      expected.fieldNames().forEachRemaining(names::add);
      actual.fieldNames().forEachRemaining(names::add);
      for (String name : names) {
        generic(path + "/" + name, expected.get(name), actual.get(name));
      }
    } else if (expected.isArray() && actual.isArray() && expected.size() == actual.size()) {
      for (int i = 0; i < expected.size(); i++) {
        generic(path + "/" + i, expected.get(i), actual.get(i));
      }
    } else if (expected.isNumber() && actual.isNumber()) {
      compared++;
      if (expected.decimalValue().compareTo(actual.decimalValue()) != 0) {
        differ(path, "number " + expected + " re-encoded as " + actual);
      }
    } else {
      compared++;
      if (!expected.equals(actual)) {
        differ(path, abbreviate(expected) + " re-encoded as " + abbreviate(actual));
      }
    }
  }

  /** A JSON number, or a string holding one (the service is not consistent); else {@code null}. */
  private static BigDecimal number(JsonNode node) {
    if (node.isNumber()) {
      return node.decimalValue();
    }
    if (node.isTextual()) {
      try {
        return new BigDecimal(node.textValue());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }

  private static boolean sameInstant(String a, String b) {
    try {
      return OffsetDateTime.parse(a).isEqual(OffsetDateTime.parse(b));
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  private static String abbreviate(JsonNode node) {
    String text = node.toString();
    return text.length() <= 120 ? text : text.substring(0, 120) + "…";
  }
}
