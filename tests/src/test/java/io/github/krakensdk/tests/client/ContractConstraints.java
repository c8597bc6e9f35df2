package io.github.krakensdk.tests.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.errors.ConstraintViolationException;
import io.github.krakensdk.tests.client.ServiceCall.Member;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.JavaTypes;
import io.swagger.v3.oas.models.media.Schema;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Every request constraint of an operation's contract (required, minLength/maxLength, pattern,
 * minimum/maximum, minItems/maxItems, uniqueItems, minProperties/maxProperties, enum; on parameters, on the properties of the
 * body and of a JSON query parameter's object at any depth, and on array items), each with the one
 * change to an otherwise valid set of arguments that breaks it, and the field and rule a {@code
 * ConstraintViolationException} must name.
 *
 * <p>Field names follow the runtime's paths: a member by its contract name (a body property is a
 * member of the request, flattened), then {@code .member} and {@code [index]} steps. Rules are
 * written as {@code Constraints} words them, with the bounds read from the YAML. A keyword this
 * walk does not know fails loudly, so a new kind of constraint in the YAML cannot go untested.
 *
 * <p>A body or a JSON query parameter that the contract requires is no constraint a caller can
 * break any more: it is not a member of its own, and the service always sends it, built from the
 * members.
 */
final class ContractConstraints {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  /** Keywords that constrain requests but that no rule below exercises. */
  private static final Set<String> UNSUPPORTED = Set.of("multipleOf", "not", "oneOf", "anyOf");

  /**
   * One constraint: the violation it must produce and how to break it. {@code byDecision}: the
   * contract marks it as its own decision ({@code x-kraken-contract-only}), so the client sends a
   * request that breaks it and the sandbox refuses it.
   */
  record Case(String field, String rule, String change, Member member, List<Object> path, JsonNode value,
      boolean remove, boolean byDecision, List<String> group) {
    Case(String field, String rule, String change, Member member, List<Object> path, JsonNode value,
        boolean remove, boolean byDecision) {
      this(field, rule, change, member, path, value, remove, byDecision, List.of());
    }

    /** {@code base} with this case's change applied; {@code base} is left as it was. */
    ObjectNode apply(ObjectNode base) {
      ObjectNode changed = base.deepCopy();
      if (!group.isEmpty()) {
        group.forEach(changed::remove); // a one-of group with none of its members given
        return changed;
      }
      if (path.isEmpty()) {
        if (remove) {
          changed.remove(member.name());
        } else {
          changed.set(member.name(), value);
        }
        return changed;
      }
      JsonNode root = changed.get(member.name());
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
      return changed;
    }

    String label() {
      return field + " must satisfy " + rule + ": " + change;
    }
  }

  private final ServiceCall call;
  private final Contract contract;
  private final ObjectNode base;
  private final List<Case> cases = new ArrayList<>();
  /** The member being walked is a typed value ({@code x-kraken-java-type}), which holds only the service's forms. */
  private boolean typedValue;

  private ContractConstraints(ServiceCall call, ObjectNode base) {
    this.call = call;
    this.contract = call.contract;
    this.base = base;
  }

  /** The constraints of {@code call}, broken one at a time in {@code base} (every member present). */
  static List<Case> of(ServiceCall call, ObjectNode base) {
    ContractConstraints walk = new ContractConstraints(call, base);
    for (Member member : call.members) {
      Schema<?> resolved = call.contract.resolve(member.schema());
      if (member.inBody() && Boolean.TRUE.equals(resolved.getReadOnly())) {
        continue; // not the caller's to send
      }
      if (member.required()) {
        walk.cases.add(new Case(member.name(), "required", member.inBody() ? "left out" : "null", member, List.of(),
            null, true, member.requiredByDecision()));
      }
      walk.typedValue = member.javaType() != null;
      walk.schema(member.schema(), member.name(), member, List.of());
    }
    for (List<String> group : call.oneOfGroups()) {
      Member first = call.members.stream().filter(m -> m.name().equals(group.get(0))).findFirst().orElseThrow();
      String names = String.join(" or ", group);
      walk.cases.add(new Case(names, "give " + names, "none of them given", first, List.of(), null, true,
          call.oneOfByDecision(), group));
    }
    return Collections.unmodifiableList(walk.cases);
  }

  private void schema(Schema<?> declared, String field, Member member, List<Object> path) {
    Schema<?> s = contract.resolve(declared);
    Set<String> decided = contract.contractOnly(declared);
    if (scalarOneOf(s)) {
      oneOf(s, field, member, path);
      return;
    }
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
      add(field, "one of the listed values", "unlisted value " + unlisted, member, path, unlisted,
          decided.contains("enum"));
    }
    String type = contract.type(s);
    if ("string".equals(type)) {
      string(s, field, member, path, decided);
      typedValue = false;
    } else if ("integer".equals(type) || "number".equals(type)) {
      number(s, field, member, path, decided);
    } else if ("array".equals(type)) {
      array(s, field, member, path, decided);
    } else if ("object".equals(type)) {
      Set<String> required = contract.required(s);
      boolean requiredByDecision = decided.contains("required");
      memberCount(s, field, member, path, decided);
      JsonNode given = at(member, path);
      contract.properties(s).forEach((name, property) -> {
        Schema<?> resolved = contract.resolve(property);
        Map<String, Object> extensions = property.getExtensions();
        if (Boolean.TRUE.equals(resolved.getReadOnly())
            || (extensions != null && Boolean.TRUE.equals(extensions.get(ServiceCall.SIGNER_FILLED)))) {
          return; // not the caller's to send
        }
        if (s.getMaxProperties() != null && !given.has(name)) {
          // Left out of the valid arguments to keep within maxProperties (Funding's Scope gives one of
          // three): a value of it could only be broken beside a count that breaks maxProperties too.
          // Its constraints are those of the member given in its place (the same kinds, walked).
          return;
        }
        List<Object> at = append(path, name);
        typedValue = JavaTypes.javaType(Contract.schemaName(declared), name) != null;
        if (required.contains(name) && s.getMinProperties() != null && given.size() - 1 < s.getMinProperties()) {
          // Leaving it out would break minProperties too (Funding's fee: fee_included and one of two): a
          // member not given takes its place, so that only "required" is broken.
          ObjectNode replaced = ((ObjectNode) given).deepCopy();
          replaced.remove(name);
          String stand = contract.properties(s).keySet().stream().filter(n -> !given.has(n)).findFirst()
              .orElseThrow(() -> new AssertionError(call.label() + ": no member of " + field + " to stand in for " + name));
          replaced.set(stand, io.github.krakensdk.tests.contract.SchemaValues.full(contract, contract.properties(s).get(stand)));
          cases.add(new Case(field + "." + name, "required", "left out, " + stand + " given instead", member, path,
              replaced, false, requiredByDecision));
        } else if (required.contains(name)) {
          cases.add(new Case(field + "." + name, "required", "left out", member, at, null, true, requiredByDecision));
        }
        schema(property, field + "." + name, member, at);
      });
      Schema<?> values = contract.mapValues(s);
      if (values != null) {
        schema(values, field + ".key1", member, append(path, "key1"));
      }
    }
  }

  /**
   * minProperties/maxProperties: one member fewer than the least (the optional ones removed first)
   * and one more than the most (from values generated for the members not given). The client names
   * every member of the object and says how many were given.
   */
  private void memberCount(Schema<?> s, String field, Member member, List<Object> path, Set<String> decided) {
    Integer min = s.getMinProperties();
    Integer max = s.getMaxProperties();
    if (min == null && max == null) {
      return;
    }
    List<String> names = new ArrayList<>(contract.properties(s).keySet());
    String members = names.size() < 2 ? String.join("", names)
        : String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
    int least = min == null ? 0 : min;
    int most = max == null ? Integer.MAX_VALUE : max;
    String rule = least == most ? (least == 1 ? "give exactly one of " : "give exactly " + least + " of ")
        : most == Integer.MAX_VALUE ? "give at least " + least + " of "
        : "give " + least + " to " + most + " of ";
    String where = field + "." + members;
    ObjectNode valid = (ObjectNode) at(member, path);
    Set<String> required = contract.required(s);
    if (least > 0) {
      ObjectNode fewer = valid.deepCopy();
      List<String> optional = names.stream().filter(fewer::has).filter(n -> !required.contains(n)).toList();
      for (String name : optional) {
        if (fewer.size() < least) {
          break;
        }
        fewer.remove(name);
      }
      if (fewer.size() >= least) {
        throw new AssertionError(call.label() + ": cannot give fewer than " + least + " members of " + field
            + " without leaving out a required one");
      }
      add(where, rule + members + " (" + fewer.size() + " given)", fewer.size() + " members", member, path, fewer,
          decided.contains("minProperties"));
    }
    if (most < names.size()) {
      ObjectNode more = valid.deepCopy();
      for (String name : names) {
        if (more.size() > most) {
          break;
        }
        if (!more.has(name)) {
          more.set(name, io.github.krakensdk.tests.contract.SchemaValues.full(contract, contract.properties(s).get(name)));
        }
      }
      add(where, rule + members + " (" + more.size() + " given)", more.size() + " members", member, path, more,
          decided.contains("maxProperties"));
    }
  }

  private void string(Schema<?> s, String field, Member member, List<Object> path, Set<String> decided) {
    Integer min = s.getMinLength();
    Integer max = s.getMaxLength();
    String valid = at(member, path).asText();
    // The rule as the client words it: the bounds it checks (a bound the contract decided it does not).
    String rule = "length " + bounds(decided.contains("minLength") ? null : min, decided.contains("maxLength") ? null : max);
    // A pattern that fixes the length (Funding's address id: 20 characters, bounds the lint asks of
    // every path parameter) admits no value of another length: the pattern's case below breaks it.
    boolean lengthInPattern = s.getPattern() != null && min != null && min.equals(max)
        && !Pattern.compile(s.getPattern()).matcher(resize(valid, min + 1)).find()
        && !Pattern.compile(s.getPattern()).matcher(resize(valid, Math.max(min - 1, 0))).find();
    // A pattern that asks for content (Funding's address name, /.*\S.*/) is broken by the empty value
    // too: below a minLength of 1 the pattern's case covers it.
    boolean emptyBreaksPattern = s.getPattern() != null && min != null && min == 1
        && !Pattern.compile(s.getPattern()).matcher("").find();
    if (min != null && min > 0 && !lengthInPattern && !emptyBreaksPattern) {
      String shorter = resize(valid, min - 1);
      add(field, rule, "length " + (min - 1), member, path, NODES.textNode(checkPattern(s, field, shorter)),
          decided.contains("minLength"));
    }
    if (max != null && !lengthInPattern) {
      String longer = resize(valid, max + 1);
      add(field, rule, "length " + (max + 1), member, path, NODES.textNode(checkPattern(s, field, longer)),
          decided.contains("maxLength"));
    }
    if (s.getPattern() != null) {
      Pattern pattern = Pattern.compile(s.getPattern());
      int length = Math.max(min == null ? 1 : min, 1);
      // '~' breaks most patterns; one admitting any printable ASCII character is broken by a non-ASCII
      // one, a comma-delimited list (every character but ',') by commas alone, and one that asks for a
      // character other than a space (Funding's address name, /.*\S.*/) by spaces alone.
      String mismatch = "~".repeat(length);
      for (String other : List.of("\u00e9", ",", " ")) {
        if (pattern.matcher(mismatch).find()) {
          mismatch = other.repeat(length);
        }
      }
      if (pattern.matcher(mismatch).find() || (max != null && length > max)) {
        throw new AssertionError(call.label() + ": cannot build a value of " + field + " that breaks only /"
            + s.getPattern() + "/");
      }
      if (decided.contains("pattern") && typedValue) {
        return; // an OrderPrice or OrderTime has only the service's forms: Java cannot send "~"
      }
      add(field, "pattern " + s.getPattern(), "\"" + mismatch + "\"", member, path, NODES.textNode(mismatch),
          decided.contains("pattern"));
    }
  }

  /** A {@code oneOf} of scalar types only (a cursor that is a boolean or a string): Java takes any value. */
  private static boolean scalarOneOf(Schema<?> s) {
    return s.getOneOf() != null && !s.getOneOf().isEmpty() && s.getOneOf().stream()
        .allMatch(m -> m.get$ref() == null && Set.of("boolean", "string", "integer", "number").contains(m.getType()));
  }

  /** Breaks a scalar {@code oneOf} with a value of a JSON type none of its members has. */
  private void oneOf(Schema<?> s, String field, Member member, List<Object> path) {
    List<String> types = s.getOneOf().stream().map(Schema::getType).distinct().toList();
    JsonNode outside = !types.contains("number") && !types.contains("integer") ? NODES.numberNode(1)
        : !types.contains("number") ? NODES.numberNode(new BigDecimal("1.5"))
        : !types.contains("boolean") ? NODES.booleanNode(true)
        : null;
    if (outside == null) {
      throw new AssertionError(call.label() + ": cannot build a value outside the types " + types + " of " + field);
    }
    add(field, "a JSON " + String.join(" or ", types), "a JSON " + outside.getNodeType().name().toLowerCase()
        + " " + outside, member, path, outside, false);
  }

  private void number(Schema<?> s, String field, Member member, List<Object> path, Set<String> decided) {
    if (s.getMinimum() != null) {
      boolean exclusive = Boolean.TRUE.equals(s.getExclusiveMinimum());
      BigDecimal below = exclusive ? s.getMinimum() : s.getMinimum().subtract(BigDecimal.ONE);
      add(field, (exclusive ? "greater than " : "at least ") + s.getMinimum().toPlainString(), "value " + below,
          member, path, NODES.numberNode(below), decided.contains("minimum"));
    }
    if (s.getMaximum() != null) {
      boolean exclusive = Boolean.TRUE.equals(s.getExclusiveMaximum());
      BigDecimal above = exclusive ? s.getMaximum() : s.getMaximum().add(BigDecimal.ONE);
      add(field, (exclusive ? "less than " : "at most ") + s.getMaximum().toPlainString(), "value " + above,
          member, path, NODES.numberNode(above), decided.contains("maximum"));
    }
  }

  private void array(Schema<?> s, String field, Member member, List<Object> path, Set<String> decided) {
    Integer min = s.getMinItems();
    Integer max = s.getMaxItems();
    JsonNode valid = at(member, path);
    JsonNode item = valid.get(0);
    String rule = "item count " + bounds(decided.contains("minItems") ? null : min,
        decided.contains("maxItems") ? null : max);
    if (min != null && min > 0) {
      add(field, rule, (min - 1) + " items", member, path, repeat(item, min - 1), decided.contains("minItems"));
    }
    if (max != null) {
      if (Boolean.TRUE.equals(s.getUniqueItems())) {
        throw new AssertionError(call.label() + ": " + field + " has maxItems and uniqueItems; build distinct items");
      }
      add(field, rule, (max + 1) + " items", member, path, repeat(item, max + 1), decided.contains("maxItems"));
    }
    if (Boolean.TRUE.equals(s.getUniqueItems())) {
      add(field, "unique items", "the same item twice", member, path, repeat(item, 2), decided.contains("uniqueItems"));
    }
    if (s.getItems() != null) {
      // Items are not nullable unless the schema says so: a null item breaks the array's schema.
      if (!Boolean.TRUE.equals(contract.resolve(s.getItems()).getNullable())) {
        add(field + "[0]", "required", "null item", member, append(path, 0), NODES.nullNode(), false);
      }
      schema(s.getItems(), field + "[0]", member, append(path, 0));
    }
  }

  private void add(String field, String rule, String change, Member member, List<Object> path, JsonNode value,
      boolean byDecision) {
    cases.add(new Case(field, rule, change, member, path, value, false, byDecision));
  }

  /** The valid value at {@code path} of {@code member}'s base value. */
  private JsonNode at(Member member, List<Object> path) {
    JsonNode node = base.get(member.name());
    for (Object step : path) {
      node = step instanceof Integer index ? node.get(index) : node.get((String) step);
    }
    if (node == null || node.isNull()) {
      throw new AssertionError(call.label() + ": the base arguments have no value at " + member.name() + path);
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
