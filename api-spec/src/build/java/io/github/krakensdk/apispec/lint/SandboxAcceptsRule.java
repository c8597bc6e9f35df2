package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import java.util.Map;
import java.util.Set;

/**
 * What the contract records the service accepting beyond its schemas (CONVENTIONS.md, "What the
 * sandbox accepts beyond the contract"), which the sandbox's build compiles into its checker:
 *
 * <ul>
 *   <li>{@code x-kraken-ignored-members} (at the root, for every signed operation, or on an
 *       operation): members the service takes and ignores, each a name the operation does not
 *       declare, with the {@code schema} of the values taken and a non-blank {@code evidence};
 *       an operation listing them has a request body with properties.
 *   <li>{@code x-kraken-service-clamps} (on a parameter): the keywords of its schema ({@code
 *       minimum}, {@code maximum}, {@code format}) the service clamps a value to rather than
 *       refusing it, each present in the schema, the parameter carrying an {@code x-kraken-decision}
 *       that gives the evidence.
 *   <li>{@code x-kraken-service-alternatives} (on a property of a schema, or on a parameter):
 *       other forms the service takes for the member or parameter, a non-empty list of {@code
 *       {schema, evidence}}, each schema with a type (a parameter's a scalar one: its text is read
 *       as one value) and a non-blank evidence; anywhere else it is a mistake.
 * </ul>
 */
final class SandboxAcceptsRule implements Rule {
  static final String IGNORED = "x-kraken-ignored-members";
  static final String CLAMPS = "x-kraken-service-clamps";
  static final String ALTERNATIVES = "x-kraken-service-alternatives";
  private static final Set<String> CLAMPABLE = Set.of("minimum", "maximum", "format");
  private static final Set<String> SCALARS = Set.of("string", "integer", "number", "boolean");

  @Override public String id() {
    return "sandbox-accepts";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    JsonNode root = contract.root().get(IGNORED);
    if (root != null) {
      checkEntries(root, "/" + IGNORED, Map.of(), report);
    }
    for (Contract.Operation operation : contract.operations()) {
      JsonNode ignored = operation.node().get(IGNORED);
      if (ignored != null) {
        String at = operation.pointer() + "/" + IGNORED;
        JsonNode content = operation.node().path("requestBody").path("content");
        if (!content.isObject() || content.isEmpty()
            || !contract.resolve(content.elements().next().path("schema")).path("properties").isObject()) {
          report.at(at, operation.label() + " has no request body with properties to add the members to");
        }
        checkEntries(ignored, at, OneOfMembersRule.members(contract, operation), report);
      }
      JsonNode parameters = operation.node().path("parameters");
      for (int i = 0; i < parameters.size(); i++) {
        JsonNode parameter = parameters.get(i);
        JsonNode clamps = parameter.get(CLAMPS);
        if (clamps == null) {
          continue;
        }
        String at = operation.pointer() + "/parameters/" + i + "/" + CLAMPS;
        if (!clamps.isArray() || clamps.isEmpty()) {
          report.at(at, "must be a non-empty list of keywords among " + CLAMPABLE);
          continue;
        }
        for (JsonNode keyword : clamps) {
          if (!CLAMPABLE.contains(keyword.asText())) {
            report.at(at, keyword + " is not one of " + CLAMPABLE);
          } else if (!contract.resolve(parameter.path("schema")).has(keyword.asText())) {
            report.at(at, keyword.asText() + " is not in the parameter's schema");
          }
        }
        if (parameter.path("x-kraken-decision").asText("").isBlank()) {
          report.at(at, "the parameter needs an x-kraken-decision giving the evidence of the clamp");
        }
      }
    }
    checkAlternatives(contract.root(), "", report);
  }

  /**
   * Every {@code x-kraken-service-alternatives} under {@code node} (at {@code pointer}): on a
   * property of a schema or on a parameter, each alternative well formed.
   */
  private static void checkAlternatives(JsonNode node, String pointer, Report report) {
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        checkAlternatives(node.get(i), pointer + "/" + i, report);
      }
      return;
    }
    if (!node.isObject()) {
      return;
    }
    JsonNode alternatives = node.get(ALTERNATIVES);
    if (alternatives != null) {
      String at = pointer + "/" + ALTERNATIVES;
      boolean parameter = node.has("in") && node.path("name").isTextual();
      boolean property = pointer.matches(".*/properties/[^/]+");
      if (!parameter && !property) {
        report.at(at, "belongs on a property of a schema or on a parameter, the member or parameter whose other forms"
            + " it lists");
      }
      if (!alternatives.isArray() || alternatives.isEmpty()) {
        report.at(at, "must be a non-empty list of {schema, evidence}");
      } else {
        for (int i = 0; i < alternatives.size(); i++) {
          JsonNode alternative = alternatives.get(i);
          JsonNode type = alternative.path("schema").path("type");
          if (!type.isTextual()) {
            report.at(at + "/" + i, "needs a schema with a type (the other form the service takes)");
          } else if (parameter && !SCALARS.contains(type.asText())) {
            report.at(at + "/" + i, "a parameter's text is read as one value: the schema's type must be one of "
                + SCALARS);
          }
          if (alternative.path("evidence").asText("").isBlank()) {
            report.at(at + "/" + i, "needs a non-blank evidence (the peer's code or the service's page)");
          }
        }
      }
    }
    node.properties().forEach(entry -> {
      if (!entry.getKey().equals(ALTERNATIVES)) {
        checkAlternatives(entry.getValue(), pointer + "/" + Contract.escape(entry.getKey()), report);
      }
    });
  }

  private static void checkEntries(JsonNode entries, String at, Map<String, Boolean> declared, Report report) {
    if (!entries.isObject() || entries.isEmpty()) {
      report.at(at, "must map each member's name to {schema, evidence}");
      return;
    }
    entries.properties().forEach(entry -> {
      String entryAt = at + "/" + Contract.escape(entry.getKey());
      if (declared.containsKey(entry.getKey())) {
        report.at(entryAt, entry.getKey() + " is a member of the operation already; it cannot be ignored");
      }
      if (!entry.getValue().path("schema").path("type").isTextual()) {
        report.at(entryAt, "needs a schema with a type (the values the service takes)");
      }
      if (entry.getValue().path("evidence").asText("").isBlank()) {
        report.at(entryAt, "needs a non-blank evidence (the peer's code or the service's page)");
      }
    });
  }
}
