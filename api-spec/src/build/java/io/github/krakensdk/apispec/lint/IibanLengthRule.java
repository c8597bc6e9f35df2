package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import java.util.List;

/**
 * Every parameter that carries a user's IIBAN (named in {@code parameters}, in any location)
 * is a string of exactly the IIBAN's length bounds, {@code minLength} to {@code maxLength} (14
 * to 42 characters).
 */
final class IibanLengthRule implements Rule {
  @Override public String id() {
    return "iiban-length";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    List<String> names = options.strings("parameters");
    int min = options.integer("minLength");
    int max = options.integer("maxLength");
    for (Parameters.Definition p : Parameters.of(contract)) {
      if (!names.contains(p.name())) continue;
      JsonNode raw = p.schema();
      JsonNode schema = raw == null ? null : contract.resolve(raw);
      if (schema == null || !schema.path("type").asText("").equals("string")) {
        report.at(p.pointer(), "IIBAN parameter " + p.name() + " (" + p.in() + ") must be a string");
        continue;
      }
      JsonNode minLength = schema.get("minLength");
      JsonNode maxLength = schema.get("maxLength");
      if (minLength == null || minLength.asInt() != min || maxLength == null || maxLength.asInt() != max) {
        report.at(p.schemaPointer(), "IIBAN parameter " + p.name() + " (" + p.in() + ") must have minLength " + min
            + " and maxLength " + max + ", has " + (minLength == null ? "none" : minLength.asText()) + " and "
            + (maxLength == null ? "none" : maxLength.asText()));
      }
    }
  }
}
