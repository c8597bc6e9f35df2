package io.github.krakensdk.codegen;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openapitools.codegen.IJsonSchemaValidationProperties;

/**
 * The constraints the contract marks as its own decision ({@value #EXTENSION}: neither the source
 * specification nor the public service states them). Generated checks leave them to the service
 * (the sandbox enforces them); the Javadoc of the member names them, so a caller knows why a
 * request the client sent can still be refused.
 */
final class ContractOnly {
  static final String EXTENSION = "x-kraken-contract-only";
  private static final String REF_PREFIX = "#/components/schemas/";

  private ContractOnly() {}

  /**
   * The keywords marked on {@code schema} and, through {@code $ref}s, on the schema it names (a
   * string alias such as {@code OrderPrice} carries its own marker); empty for null.
   */
  static Set<String> of(OpenAPI openAPI, Schema<?> schema) {
    Set<String> keywords = new LinkedHashSet<>();
    Set<String> visited = new HashSet<>();
    Schema<?> at = schema;
    while (at != null) {
      keywords.addAll(marked(at.getExtensions()));
      String ref = at.get$ref();
      if (ref == null || !ref.startsWith(REF_PREFIX) || !visited.add(ref)) {
        break;
      }
      Map<String, Schema> schemas = openAPI.getComponents().getSchemas();
      at = schemas == null ? null : schemas.get(ref.substring(REF_PREFIX.length()));
    }
    return keywords;
  }

  /** The keywords of a marker among {@code extensions} (a parameter's, or a schema's). */
  static Set<String> marked(Map<String, Object> extensions) {
    Object marker = extensions == null ? null : extensions.get(EXTENSION);
    Set<String> keywords = new LinkedHashSet<>();
    if (marker instanceof Collection<?> list) {
      list.forEach(keyword -> keywords.add(String.valueOf(keyword)));
    }
    return keywords;
  }

  /** The schema {@code schema} names through {@code $ref}s, or itself. */
  static Schema<?> resolve(OpenAPI openAPI, Schema<?> schema) {
    Schema<?> at = schema;
    Set<String> visited = new HashSet<>();
    while (at != null && at.get$ref() != null && at.get$ref().startsWith(REF_PREFIX) && visited.add(at.get$ref())) {
      Map<String, Schema> schemas = openAPI.getComponents().getSchemas();
      Schema<?> next = schemas == null ? null : schemas.get(at.get$ref().substring(REF_PREFIX.length()));
      if (next == null) {
        break;
      }
      at = next;
    }
    return at;
  }

  /**
   * A sentence for the Javadoc of a member whose {@code keywords} (and required flag, when {@code
   * required}) are the contract's own, with the bounds read from {@code schema}; null when there
   * are none.
   */
  static String note(Set<String> keywords, boolean required, boolean enumeration,
      IJsonSchemaValidationProperties schema, Set<String> itemKeywords, IJsonSchemaValidationProperties items) {
    List<String> rules = new ArrayList<>();
    if (required) {
      rules.add("required");
    }
    rules.addAll(rules(keywords, schema, ""));
    if (enumeration) {
      rules.add("only the listed values");
    }
    if (items != null) {
      rules.addAll(rules(itemKeywords, items, "each item: "));
    }
    if (rules.isEmpty()) {
      return null;
    }
    return "The contract's decision, checked by the sandbox, not by this client: " + String.join("; ", rules)
        + ". The public service may accept more.";
  }

  private static List<String> rules(Set<String> keywords, IJsonSchemaValidationProperties schema, String prefix) {
    List<String> rules = new ArrayList<>();
    range(rules, prefix + "length", keywords.contains("minLength") ? schema.getMinLength() : null,
        keywords.contains("maxLength") ? schema.getMaxLength() : null);
    if (keywords.contains("pattern")) {
      rules.add(prefix + "pattern <code>" + javadocCode(schema.getPattern()) + "</code>");
    }
    if (keywords.contains("minimum")) {
      rules.add(prefix + (Boolean.TRUE.equals(schema.getExclusiveMinimum()) ? "greater than " : "at least ")
          + schema.getMinimum());
    }
    if (keywords.contains("maximum")) {
      rules.add(prefix + (Boolean.TRUE.equals(schema.getExclusiveMaximum()) ? "less than " : "at most ")
          + schema.getMaximum());
    }
    range(rules, prefix + "item count", keywords.contains("minItems") ? schema.getMinItems() : null,
        keywords.contains("maxItems") ? schema.getMaxItems() : null);
    if (keywords.contains("uniqueItems")) {
      rules.add(prefix + "unique items");
    }
    return rules;
  }

  private static void range(List<String> rules, String what, Integer min, Integer max) {
    if (min != null && max != null) {
      rules.add(what + " " + min + ".." + max);
    } else if (min != null) {
      rules.add(what + " at least " + min);
    } else if (max != null) {
      rules.add(what + " at most " + max);
    }
  }

  /** A pattern as the generator hands it over (Java-escaped, maybe in slashes), as HTML text for Javadoc. */
  private static String javadocCode(String pattern) {
    String raw = pattern.replace("\\\\", "\\");
    if (raw.length() >= 2 && raw.startsWith("/") && raw.endsWith("/")) {
      raw = raw.substring(1, raw.length() - 1);
    }
    StringBuilder html = new StringBuilder();
    for (char c : raw.toCharArray()) {
      switch (c) {
        case '&' -> html.append("&amp;");
        case '<' -> html.append("&lt;");
        case '>' -> html.append("&gt;");
        case '@' -> html.append("&#64;");
        case '/' -> html.append("&#47;");
        case '{' -> html.append("&#123;");
        case '}' -> html.append("&#125;");
        case '\\' -> html.append("&#92;");
        default -> html.append(c);
      }
    }
    return html.toString();
  }
}
