package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code x-kraken-contract-only} (CONVENTIONS.md) names constraints of the element it sits on that
 * the contract decided, so that clients leave them to the service: a non-empty list of distinct
 * keywords, each one a constraint the element has. On a parameter it names {@code required}
 * (the parameter's flag); on a schema, any of its validation keywords, and {@code required} for
 * its whole {@code required} list; on an operation, {@code x-kraken-one-of} (its groups of members
 * of which a call gives one). {@code exclusiveMinimum} and {@code exclusiveMaximum} only
 * qualify a bound, so they go with {@code minimum} and {@code maximum}, both or neither.
 */
final class ContractOnlyRule implements Rule {
  static final String EXTENSION = "x-kraken-contract-only";
  private static final Set<String> KEYWORDS = Set.of("required", "minLength", "maxLength", "pattern", "minimum",
      "exclusiveMinimum", "maximum", "exclusiveMaximum", "minItems", "maxItems", "uniqueItems", "enum");

  @Override public String id() {
    return "contract-only-constraints";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    walk(contract.root(), "", report);
  }

  private static void walk(JsonNode node, String pointer, Report report) {
    if (node.isObject()) {
      if (node.has(EXTENSION)) {
        checkMarker(node, pointer, report);
      }
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        walk(e.getValue(), pointer + "/" + Contract.escape(e.getKey()), report);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(node.get(i), pointer + "/" + i, report);
      }
    }
  }

  private static void checkMarker(JsonNode owner, String pointer, Report report) {
    JsonNode marker = owner.get(EXTENSION);
    String at = pointer + "/" + EXTENSION;
    if (!marker.isArray() || marker.isEmpty()) {
      report.at(at, "must be a non-empty list of constraint keywords");
      return;
    }
    if (owner.has("operationId")) {
      // On an operation it marks its one-of groups (x-kraken-one-of) as the contract's own.
      if (marker.size() != 1 || !OneOfMembersRule.EXTENSION.equals(marker.get(0).asText())) {
        report.at(at, "on an operation only " + OneOfMembersRule.EXTENSION + " is listed");
      } else if (!owner.has(OneOfMembersRule.EXTENSION)) {
        report.at(at, OneOfMembersRule.EXTENSION + " is listed, but the operation has none");
      }
      return;
    }
    boolean parameter = owner.has("in") && owner.has("name");
    Set<String> seen = new HashSet<>();
    for (JsonNode item : marker) {
      String keyword = item.asText();
      if (!item.isTextual() || !KEYWORDS.contains(keyword)) {
        report.at(at, "'" + item + "' is not a constraint keyword; one of " + KEYWORDS.stream().sorted().toList());
      } else if (!seen.add(keyword)) {
        report.at(at, keyword + " is listed twice");
      } else if (!has(owner, keyword)) {
        report.at(at, keyword + " is listed, but " + (parameter ? "the parameter" : "the schema") + " has no "
            + keyword + (keyword.equals("required") ? (parameter ? ": true" : " list") : ""));
      } else if (parameter && !keyword.equals("required")) {
        report.at(at, "on a parameter only required is listed; mark " + keyword + " on its schema");
      }
    }
    for (List<String> pair : List.of(List.of("minimum", "exclusiveMinimum"), List.of("maximum", "exclusiveMaximum"))) {
      boolean exclusive = owner.path(pair.get(1)).asBoolean(false);
      if (seen.contains(pair.get(1)) && !seen.contains(pair.get(0))) {
        report.at(at, pair.get(1) + " qualifies " + pair.get(0) + ": list both or neither");
      } else if (exclusive && seen.contains(pair.get(0)) && !seen.contains(pair.get(1))) {
        report.at(at, pair.get(0) + " is exclusive: list " + pair.get(1) + " with it");
      }
    }
  }

  private static boolean has(JsonNode owner, String keyword) {
    JsonNode value = owner.get(keyword);
    if (value == null || value.isNull()) {
      return false;
    }
    return switch (keyword) {
      case "required" -> value.isBoolean() ? value.asBoolean() : value.isArray() && !value.isEmpty();
      case "uniqueItems", "exclusiveMinimum", "exclusiveMaximum" -> value.asBoolean(false);
      default -> true;
    };
  }
}
