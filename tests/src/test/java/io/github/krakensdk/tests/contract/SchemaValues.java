package io.github.krakensdk.tests.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.models.media.Schema;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;

/**
 * Builds JSON values that satisfy a contract schema, from its constraints only (never from its
 * examples): the first enum value, numbers within minimum/maximum, strings of a length within
 * minLength/maxLength that match the pattern, arrays within minItems/maxItems, objects with every
 * property (or only the required ones) within minProperties/maxProperties, for a {@code oneOf} a
 * value of its first member.
 */
public final class SchemaValues {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String FILLER = "abcdefghijklmnopqrstuvwxyz0123456789";

  private final Contract contract;
  private final boolean requiredOnly;

  private SchemaValues(Contract contract, boolean requiredOnly) {
    this.contract = contract;
    this.requiredOnly = requiredOnly;
  }

  /** A value for {@code schema} with every object property filled in. */
  public static JsonNode full(Contract contract, Schema<?> schema) {
    return new SchemaValues(contract, false).value(schema, 0);
  }

  /** A value for {@code schema} with only the required object properties. */
  public static JsonNode minimal(Contract contract, Schema<?> schema) {
    return new SchemaValues(contract, true).value(schema, 0);
  }

  private JsonNode value(Schema<?> schema, int depth) {
    if (depth > 16) {
      throw new AssertionError("schema nesting too deep to generate a value");
    }
    Schema<?> s = contract.resolve(schema);
    if (s.getEnum() != null && !s.getEnum().isEmpty()) {
      return Contracts.JSON.valueToTree(s.getEnum().get(0));
    }
    if (s.getOneOf() != null && !s.getOneOf().isEmpty()) {
      return value(s.getOneOf().get(0), depth + 1);
    }
    String type = contract.type(s);
    if (type == null) {
      return NODES.textNode("value");
    }
    switch (type) {
      case "boolean":
        return NODES.booleanNode(true);
      case "integer":
        return NODES.numberNode(number(s, BigDecimal.ONE).toBigInteger());
      case "number":
        return NODES.numberNode(number(s, new BigDecimal("1.5")));
      case "string":
        return NODES.textNode(string(s));
      case "array":
        return array(s, depth);
      case "object":
        return object(s, depth);
      default:
        throw new AssertionError("cannot generate a value of type " + type);
    }
  }

  /** {@code preferred}, moved into [minimum, maximum] (exclusive bounds stepped over by one). */
  private static BigDecimal number(Schema<?> s, BigDecimal preferred) {
    BigDecimal value = preferred;
    if (s.getMinimum() != null) {
      BigDecimal min = Boolean.TRUE.equals(s.getExclusiveMinimum()) ? s.getMinimum().add(BigDecimal.ONE) : s.getMinimum();
      value = value.max(min);
    }
    if (s.getMaximum() != null) {
      BigDecimal max = Boolean.TRUE.equals(s.getExclusiveMaximum()) ? s.getMaximum().subtract(BigDecimal.ONE) : s.getMaximum();
      value = value.min(max);
    }
    if (s.getMultipleOf() != null) {
      value = value.divide(s.getMultipleOf()).setScale(0, java.math.RoundingMode.CEILING).multiply(s.getMultipleOf());
    }
    return value;
  }

  private static String string(Schema<?> s) {
    int min = s.getMinLength() == null ? 0 : s.getMinLength();
    int max = s.getMaxLength() == null ? Integer.MAX_VALUE : s.getMaxLength();
    String format = s.getFormat() == null ? "" : s.getFormat();
    String candidate = switch (format) {
      case "decimal" -> "12.5";
      case "date" -> "2025-01-02";
      case "date-time" -> "2025-01-02T03:04:05Z";
      case "uuid" -> "123e4567-e89b-42d3-a456-426614174000";
      case "email" -> "user@example.com";
      case "uri", "url" -> "https://example.com/";
      default -> null;
    };
    if (candidate != null) {
      return candidate;
    }
    if (s.getPattern() != null) {
      return RegexSample.matching(s.getPattern(), min, max);
    }
    int length = Math.max(min, Math.min(max, 8));
    StringBuilder out = new StringBuilder();
    while (out.length() < length) {
      out.append(FILLER.charAt(out.length() % FILLER.length()));
    }
    return out.toString();
  }

  private JsonNode array(Schema<?> s, int depth) {
    Map<String, Schema<?>> positions = contract.tuplePositions(s);
    if (positions != null) {
      // A tuple: a value for each position (only the leading required ones for a minimal value).
      ArrayNode tuple = NODES.arrayNode();
      int count = requiredOnly ? contract.tupleRequired(s) : positions.size();
      for (Schema<?> position : positions.values()) {
        if (tuple.size() == count) {
          break;
        }
        tuple.add(value(position, depth + 1));
      }
      return tuple;
    }
    int min = s.getMinItems() == null ? 0 : s.getMinItems();
    int max = s.getMaxItems() == null ? Integer.MAX_VALUE : s.getMaxItems();
    int count = Boolean.TRUE.equals(s.getUniqueItems()) ? Math.min(1, max) : Math.min(Math.max(min, 1), max);
    count = Math.max(count, min);
    ArrayNode array = NODES.arrayNode();
    for (int i = 0; i < count; i++) {
      array.add(value(s.getItems(), depth + 1));
    }
    return array;
  }

  private JsonNode object(Schema<?> s, int depth) {
    ObjectNode object = NODES.objectNode();
    Map<String, Schema<?>> properties = contract.properties(s);
    Set<String> required = contract.required(s);
    // minProperties/maxProperties (Funding's Scope: exactly one of three): the required
    // properties first, then optional ones in the order written, up to maxProperties (every one
    // for a full value) or until minProperties is reached (for a minimal one).
    int least = s.getMinProperties() == null ? 0 : s.getMinProperties();
    int most = s.getMaxProperties() == null ? Integer.MAX_VALUE : s.getMaxProperties();
    properties.forEach((name, property) -> {
      if (required.contains(name) && !Boolean.TRUE.equals(contract.resolve(property).getReadOnly())) {
        object.set(name, value(property, depth + 1));
      }
    });
    properties.forEach((name, property) -> {
      Schema<?> resolved = contract.resolve(property);
      if (Boolean.TRUE.equals(resolved.getReadOnly()) || object.has(name) || object.size() >= most) {
        return;
      }
      if (!requiredOnly || object.size() < least) {
        object.set(name, value(property, depth + 1));
      }
    });
    Schema<?> values = contract.mapValues(s);
    if (values != null && !requiredOnly) {
      object.set("key1", value(values, depth + 1));
    }
    return object;
  }
}
