package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.apispec.Contract;
import io.github.krakensdk.apispec.SchemaSites;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * No schema written inline repeats a named one: a copy drifts from the original, and every
 * generator makes a second type of it. Two schemas are the same when they agree on everything
 * but documentation ({@code description}, {@code example}, {@code title}, {@code x-} extensions);
 * only named schemas with structure (properties, an enum, a composition or a map) are compared,
 * since {@code type: string} alone is no shared schema.
 */
final class InlineDuplicateRule implements Rule {
  private static final List<String> DOCUMENTATION =
      List.of("description", "example", "examples", "title", "externalDocs", "deprecated");

  @Override public String id() {
    return "no-inline-duplicate";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    Map<JsonNode, String> named = new HashMap<>();
    for (Map.Entry<String, JsonNode> e : contract.root().path("components").path("schemas").properties()) {
      if (hasStructure(e.getValue())) named.putIfAbsent(canonical(e.getValue()), e.getKey());
    }
    for (SchemaSites.Site site : SchemaSites.of(contract)) {
      if (site.kind() == SchemaSites.Kind.COMPONENT || site.isRef()) continue;
      String twin = named.get(canonical(site.schema()));
      if (twin != null) {
        report.at(site.pointer(), "inline schema repeats #/components/schemas/" + twin + "; use $ref: '#/components/schemas/" + twin + "'");
      }
    }
  }

  private static boolean hasStructure(JsonNode schema) {
    return schema.has("properties") || schema.has("enum") || schema.has("allOf") || schema.has("oneOf")
        || schema.has("anyOf") || schema.path("additionalProperties").isObject();
  }

  /** The schema without documentation, keys sorted, {@code required} as a sorted set. */
  static JsonNode canonical(JsonNode node) {
    if (node.isObject()) {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      Map<String, JsonNode> sorted = new TreeMap<>();
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        String key = e.getKey();
        if (DOCUMENTATION.contains(key) || key.startsWith("x-")) continue;
        if (key.equals("properties")) {
          ObjectNode properties = JsonNodeFactory.instance.objectNode();
          Map<String, JsonNode> props = new TreeMap<>();
          e.getValue().properties().forEach(p -> props.put(p.getKey(), canonical(p.getValue())));
          props.forEach(properties::set);
          sorted.put(key, properties);
        } else if (key.equals("required") && e.getValue().isArray()) {
          List<String> names = new ArrayList<>();
          e.getValue().forEach(n -> names.add(n.asText()));
          names.sort(null);
          ArrayNode required = JsonNodeFactory.instance.arrayNode();
          names.forEach(required::add);
          sorted.put(key, required);
        } else {
          sorted.put(key, canonical(e.getValue()));
        }
      }
      sorted.forEach(out::set);
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = JsonNodeFactory.instance.arrayNode();
      node.forEach(item -> out.add(canonical(item)));
      return out;
    }
    return node;
  }
}
