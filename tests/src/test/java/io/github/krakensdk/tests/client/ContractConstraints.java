package io.github.krakensdk.tests.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.tests.contract.ApiMethods.Param;
import io.github.krakensdk.tests.contract.Contract;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Every request constraint of an operation's contract (required, minLength/maxLength, pattern,
 * minimum/maximum, minItems/maxItems, uniqueItems, enum; on parameters, request-body properties at
 * any depth, and array items), each with the one change to an otherwise valid set of arguments
 * that breaks it, and the field and rule a {@code ConstraintViolationException} must name.
 *
 * <p>Field names follow the runtime's paths: a parameter by its name, a JSON body as {@code body}
 * with {@code .member} and {@code [index]} steps, a form field by its name. Rules are written as
 * {@code Constraints} words them, with the bounds read from the YAML. A keyword this walk does not
 * know fails loudly, so a new kind of constraint in the YAML cannot go untested.
 */
final class ContractConstraints {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  /** Keywords that constrain requests but that no rule below exercises. */
  private static final Set<String> UNSUPPORTED = Set.of("multipleOf", "minProperties", "maxProperties", "not",
      "oneOf", "anyOf");

  /** One constraint: the violation it must produce and how to break it. */
  record Case(String field, String rule, String change, Param param, List<Object> path, JsonNode value,
      boolean remove) {
    /** {@code base} with this case's change applied; {@code base} is left as it was. */
    Map<Param, JsonNode> apply(Map<Param, JsonNode> base) {
      Map<Param, JsonNode> changed = new LinkedHashMap<>(base);
      if (path.isEmpty()) {
        changed.put(param, remove ? null : value);
        return changed;
      }
      JsonNode root = base.get(param).deepCopy();
      JsonNode parent = root;
      for (Object step : path.subList(0, path.size() - 1)) {
        parent = step instanceof Integer index ? parent.get(index) : parent.get((String) step);
      }
      Object last = path.get(path.size() - 1);
      if (last instanceof Integer index) {
        ((ArrayNode) parent).set(index, value);
      } else if (remove) {
        ((ObjectNode) parent).remove((String) last);
      } else {
        ((ObjectNode) parent).set((String) last, value);
      }
      changed.put(param, root);
      return changed;
    }

    String label() {
      return field + " must satisfy " + rule + ": " + change;
    }
  }

  private final ServiceCall call;
  private final Contract contract;
  private final Map<Param, JsonNode> base;
  private final List<Case> cases = new ArrayList<>();

  private ContractConstraints(ServiceCall call, Map<Param, JsonNode> base) {
    this.call = call;
    this.contract = call.contract;
    this.base = base;
  }

  /** The constraints of {@code call}, broken one at a time in {@code base} (every member present). */
  static List<Case> of(ServiceCall call, Map<Param, JsonNode> base) {
    ContractConstraints walk = new ContractConstraints(call, base);
    for (Param param : call.params) {
      switch (param.location()) {
        case "body" -> {
          if (Boolean.TRUE.equals(call.contract.requestBody(call.op).getRequired())) {
            walk.cases.add(new Case("body", "required", "no body", param, List.of(), null, true));
          }
          walk.schema(call.bodySchema(), "body", param, List.of());
        }
        case "form" -> {
          // A form body is one argument per field; the body's required list applies field by field.
          Schema<?> property = call.contract.properties(call.bodySchema()).get(param.name());
          if (call.contract.required(call.bodySchema()).contains(param.name())) {
            walk.cases.add(new Case(param.name(), "required", "left out", param, List.of(), null, true));
          }
          walk.schema(property, param.name(), param, List.of());
        }
        default -> {
          Parameter parameter = call.contractParameter(param);
          if (Boolean.TRUE.equals(parameter.getRequired()) || "path".equals(parameter.getIn())) {
            walk.cases.add(new Case(param.name(), "required", "null", param, List.of(), null, true));
          }
          walk.schema(Contract.parameterSchema(parameter), param.name(), param, List.of());
        }
      }
    }
    return Collections.unmodifiableList(walk.cases);
  }

  private void schema(Schema<?> declared, String field, Param param, List<Object> path) {
    Schema<?> s = contract.resolve(declared);
    for (String keyword : UNSUPPORTED) {
      if (has(s, keyword)) {
        throw new AssertionError(call.label() + ": " + field + " has " + keyword
            + ", a constraint this test does not break yet");
      }
    }
    if (s.getEnum() != null && !s.getEnum().isEmpty()) {
      JsonNode unlisted = "integer".equals(s.getType()) || "number".equals(s.getType())
          ? NODES.numberNode(s.getEnum().stream().map(v -> new BigDecimal(v.toString())).max(BigDecimal::compareTo)
              .orElseThrow().add(BigDecimal.ONE))
          : NODES.textNode("not-a-listed-value");
      add(field, "one of the listed values", "unlisted value " + unlisted, param, path, unlisted);
    }
    String type = contract.type(s);
    if ("string".equals(type)) {
      string(s, field, param, path);
    } else if ("integer".equals(type) || "number".equals(type)) {
      number(s, field, param, path);
    } else if ("array".equals(type)) {
      array(s, field, param, path);
    } else if ("object".equals(type)) {
      Set<String> required = contract.required(s);
      contract.properties(s).forEach((name, property) -> {
        Schema<?> resolved = contract.resolve(property);
        Map<String, Object> extensions = property.getExtensions();
        if (Boolean.TRUE.equals(resolved.getReadOnly())
            || (extensions != null && Boolean.TRUE.equals(extensions.get(ServiceCall.SIGNER_FILLED)))) {
          return; // not the caller's to send
        }
        List<Object> at = append(path, name);
        if (required.contains(name)) {
          cases.add(new Case(field + "." + name, "required", "left out", param, at, null, true));
        }
        schema(property, field + "." + name, param, at);
      });
      Schema<?> values = contract.mapValues(s);
      if (values != null) {
        schema(values, field + ".key1", param, append(path, "key1"));
      }
    }
  }

  private void string(Schema<?> s, String field, Param param, List<Object> path) {
    Integer min = s.getMinLength();
    Integer max = s.getMaxLength();
    String valid = at(param, path).asText();
    String rule = "length " + bounds(min, max);
    if (min != null && min > 0) {
      String shorter = resize(valid, min - 1);
      add(field, rule, "length " + (min - 1), param, path, NODES.textNode(checkPattern(s, field, shorter)));
    }
    if (max != null) {
      String longer = resize(valid, max + 1);
      add(field, rule, "length " + (max + 1), param, path, NODES.textNode(checkPattern(s, field, longer)));
    }
    if (s.getPattern() != null) {
      Pattern pattern = Pattern.compile(s.getPattern());
      int length = Math.max(min == null ? 1 : min, 1);
      String mismatch = "~".repeat(length);
      if (pattern.matcher(mismatch).find() || (max != null && length > max)) {
        throw new AssertionError(call.label() + ": cannot build a value of " + field + " that breaks only /"
            + s.getPattern() + "/");
      }
      add(field, "pattern " + s.getPattern(), "\"" + mismatch + "\"", param, path, NODES.textNode(mismatch));
    }
  }

  private void number(Schema<?> s, String field, Param param, List<Object> path) {
    if (s.getMinimum() != null) {
      boolean exclusive = Boolean.TRUE.equals(s.getExclusiveMinimum());
      BigDecimal below = exclusive ? s.getMinimum() : s.getMinimum().subtract(BigDecimal.ONE);
      add(field, (exclusive ? "greater than " : "at least ") + s.getMinimum().toPlainString(), "value " + below,
          param, path, NODES.numberNode(below));
    }
    if (s.getMaximum() != null) {
      boolean exclusive = Boolean.TRUE.equals(s.getExclusiveMaximum());
      BigDecimal above = exclusive ? s.getMaximum() : s.getMaximum().add(BigDecimal.ONE);
      add(field, (exclusive ? "less than " : "at most ") + s.getMaximum().toPlainString(), "value " + above,
          param, path, NODES.numberNode(above));
    }
  }

  private void array(Schema<?> s, String field, Param param, List<Object> path) {
    Integer min = s.getMinItems();
    Integer max = s.getMaxItems();
    JsonNode valid = at(param, path);
    JsonNode item = valid.get(0);
    String rule = "item count " + bounds(min, max);
    if (min != null && min > 0) {
      add(field, rule, (min - 1) + " items", param, path, repeat(item, min - 1));
    }
    if (max != null) {
      if (Boolean.TRUE.equals(s.getUniqueItems())) {
        throw new AssertionError(call.label() + ": " + field + " has maxItems and uniqueItems; build distinct items");
      }
      add(field, rule, (max + 1) + " items", param, path, repeat(item, max + 1));
    }
    if (Boolean.TRUE.equals(s.getUniqueItems())) {
      add(field, "unique items", "the same item twice", param, path, repeat(item, 2));
    }
    if (s.getItems() != null) {
      // Items are not nullable unless the schema says so: a null item breaks the array's schema.
      if (!Boolean.TRUE.equals(contract.resolve(s.getItems()).getNullable())) {
        add(field + "[0]", "required", "null item", param, append(path, 0), NODES.nullNode());
      }
      schema(s.getItems(), field + "[0]", param, append(path, 0));
    }
  }

  private void add(String field, String rule, String change, Param param, List<Object> path, JsonNode value) {
    cases.add(new Case(field, rule, change, param, path, value, false));
  }

  /** The valid value at {@code path} of {@code param}'s base argument. */
  private JsonNode at(Param param, List<Object> path) {
    JsonNode node = base.get(param);
    for (Object step : path) {
      node = step instanceof Integer index ? node.get(index) : node.get((String) step);
    }
    if (node == null || node.isNull()) {
      throw new AssertionError(call.label() + ": the base arguments have no value at " + param.name() + path);
    }
    return node;
  }

  /** {@code valid} cut or padded with its last character, so that a pattern it matches still matches. */
  private static String resize(String valid, int length) {
    if (valid.length() >= length) {
      return valid.substring(0, length);
    }
    char pad = valid.isEmpty() ? 'a' : valid.charAt(valid.length() - 1);
    return valid + String.valueOf(pad).repeat(length - valid.length());
  }

  private String checkPattern(Schema<?> s, String field, String value) {
    if (s.getPattern() != null && !value.isEmpty() && !Pattern.compile(s.getPattern()).matcher(value).find()) {
      throw new AssertionError(call.label() + ": the length-breaking value of " + field + " also breaks its pattern");
    }
    return value;
  }

  private static ArrayNode repeat(JsonNode item, int count) {
    ArrayNode array = NODES.arrayNode();
    for (int i = 0; i < count; i++) {
      array.add(item.deepCopy());
    }
    return array;
  }

  private static String bounds(Integer min, Integer max) {
    return (min == null ? "0" : min.toString()) + ".." + (max == null ? "∞" : max.toString());
  }

  private static List<Object> append(List<Object> path, Object step) {
    List<Object> longer = new ArrayList<>(path);
    longer.add(step);
    return List.copyOf(longer);
  }

  private static boolean has(Schema<?> s, String keyword) {
    return switch (keyword) {
      case "multipleOf" -> s.getMultipleOf() != null;
      case "minProperties" -> s.getMinProperties() != null;
      case "maxProperties" -> s.getMaxProperties() != null;
      case "not" -> s.getNot() != null;
      case "oneOf" -> s.getOneOf() != null && !s.getOneOf().isEmpty();
      case "anyOf" -> s.getAnyOf() != null && !s.getAnyOf().isEmpty();
      default -> false;
    };
  }
}
