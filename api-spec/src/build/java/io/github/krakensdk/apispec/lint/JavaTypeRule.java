package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import java.util.Map;
import java.util.Set;

/**
 * {@code x-kraken-java-type} (CONVENTIONS.md, on a property of a component schema) gives a string
 * member one of the SDK's typed values instead of text: {@code OrderPrice} (an absolute price or an
 * offset), {@code OrderTime} ({@code 0}, {@code +<seconds>}, a Unix time) or {@code Set<OrderFlag>}
 * (a comma-separated flag list). The member must be a string on the wire; the generator writes the
 * value's text there.
 */
final class JavaTypeRule implements Rule {
  static final String EXTENSION = "x-kraken-java-type";
  static final Set<String> TYPES = Set.of("OrderPrice", "OrderTime", "Set<OrderFlag>");

  @Override public String id() {
    return "java-type";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    for (Map.Entry<String, JsonNode> schema : contract.root().path("components").path("schemas").properties()) {
      String properties = "/components/schemas/" + Contract.escape(schema.getKey()) + "/properties";
      for (Map.Entry<String, JsonNode> property : schema.getValue().path("properties").properties()) {
        JsonNode declared = property.getValue().get(EXTENSION);
        if (declared == null) {
          continue;
        }
        String at = properties + "/" + Contract.escape(property.getKey()) + "/" + EXTENSION;
        if (!declared.isTextual() || !TYPES.contains(declared.asText())) {
          report.at(at, "must be one of " + TYPES + ", not " + declared);
          continue;
        }
        JsonNode resolved = contract.resolve(property.getValue());
        if (!"string".equals(resolved.path("type").asText())) {
          report.at(at, declared.asText() + " types a member that is a string on the wire, not "
              + resolved.path("type").asText("an untyped member"));
        }
      }
    }
  }
}
