package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;

/**
 * Every path parameter states its bounds, so that a client can reject a value before it builds
 * a URL with it: a string has {@code minLength} and {@code maxLength}, a number {@code minimum}
 * and {@code maximum}; an enum is bounded by its values. A {@code $ref}'d schema is read where it
 * is defined.
 */
final class PathParameterLengthRule implements Rule {
  @Override public String id() {
    return "path-parameter-length";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    for (Parameters.Definition p : Parameters.of(contract)) {
      if (!p.in().equals("path")) continue;
      JsonNode raw = p.schema();
      if (raw == null) {
        report.at(p.pointer(), "path parameter " + p.name() + " has no schema");
        continue;
      }
      JsonNode schema = contract.resolve(raw);
      if (schema.has("enum")) continue;
      String type = schema.path("type").asText("");
      String missing;
      if (type.equals("string")) {
        missing = missing(schema, "minLength", "maxLength");
      } else if (type.equals("integer") || type.equals("number")) {
        missing = missing(schema, "minimum", "maximum");
      } else {
        missing = "a string or number type";
      }
      if (!missing.isEmpty()) {
        report.at(p.schemaPointer(), "path parameter " + p.name() + " lacks " + missing);
      }
    }
  }

  private static String missing(JsonNode schema, String low, String high) {
    StringBuilder out = new StringBuilder();
    if (!schema.has(low)) out.append(low);
    if (!schema.has(high)) out.append(out.length() > 0 ? " and " : "").append(high);
    return out.toString();
  }
}
