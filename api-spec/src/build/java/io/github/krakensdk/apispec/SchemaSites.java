package io.github.krakensdk.apispec;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Every place in a contract where a schema is written: named schemas, their properties, items,
 * tuple positions ({@code x-kraken-tuple}) and {@code allOf} members, and the schemas of
 * parameters, bodies, responses and headers, in {@code components} and under {@code paths}
 * (callbacks included). A {@code $ref} is a site of
 * its own; the walk does not follow it, so each schema is visited once, where it is written.
 */
public final class SchemaSites {
  /** Where a schema stands. */
  public enum Kind {
    /** A named schema, {@code components/schemas/<name>}. */
    COMPONENT,
    /** A property of an object schema. */
    PROPERTY,
    /** The items of an array schema. */
    ITEMS,
    /** A member of {@code allOf}, {@code oneOf} or {@code anyOf}, or a {@code not}. */
    COMPOSED,
    /** The value schema of a map ({@code additionalProperties}). */
    MAP_VALUE,
    /** The schema of a parameter (or of its single {@code content} entry). */
    PARAMETER,
    /** The schema of a request or response body. */
    BODY,
    /** The schema of a response header. */
    HEADER
  }

  /**
   * One schema site. {@code name} is the property, parameter or header name where there is one;
   * {@code owner} is the named schema the site belongs to (null outside {@code components/schemas}).
   */
  public record Site(Kind kind, String pointer, JsonNode schema, String name, String owner) {
    public boolean isRef() {
      return schema.has("$ref");
    }
  }

  private SchemaSites() {}

  /** Every schema site of {@code contract}, in file order. */
  public static List<Site> of(Contract contract) {
    List<Site> sites = new ArrayList<>();
    JsonNode root = contract.root();
    JsonNode components = root.path("components");
    for (Map.Entry<String, JsonNode> e : components.path("schemas").properties()) {
      schema(sites, Kind.COMPONENT, "/components/schemas/" + Contract.escape(e.getKey()), e.getValue(), e.getKey(), e.getKey());
    }
    for (Map.Entry<String, JsonNode> e : components.path("parameters").properties()) {
      parameter(sites, "/components/parameters/" + Contract.escape(e.getKey()), e.getValue());
    }
    for (Map.Entry<String, JsonNode> e : components.path("requestBodies").properties()) {
      content(sites, "/components/requestBodies/" + Contract.escape(e.getKey()), e.getValue());
    }
    for (Map.Entry<String, JsonNode> e : components.path("responses").properties()) {
      response(sites, "/components/responses/" + Contract.escape(e.getKey()), e.getValue());
    }
    for (Map.Entry<String, JsonNode> e : components.path("headers").properties()) {
      header(sites, "/components/headers/" + Contract.escape(e.getKey()), e.getKey(), e.getValue());
    }
    paths(sites, "/paths", root.path("paths"));
    return sites;
  }

  private static void paths(List<Site> sites, String pointer, JsonNode paths) {
    for (Map.Entry<String, JsonNode> path : paths.properties()) {
      String pathPointer = pointer + "/" + Contract.escape(path.getKey());
      parameters(sites, pathPointer, path.getValue());
      for (String method : Contract.METHODS) {
        JsonNode op = path.getValue().get(method);
        if (op == null || !op.isObject()) continue;
        String opPointer = pathPointer + "/" + method;
        parameters(sites, opPointer, op);
        if (op.has("requestBody")) content(sites, opPointer + "/requestBody", op.get("requestBody"));
        for (Map.Entry<String, JsonNode> r : op.path("responses").properties()) {
          response(sites, opPointer + "/responses/" + Contract.escape(r.getKey()), r.getValue());
        }
        for (Map.Entry<String, JsonNode> cb : op.path("callbacks").properties()) {
          paths(sites, opPointer + "/callbacks/" + Contract.escape(cb.getKey()), cb.getValue());
        }
      }
    }
  }

  private static void parameters(List<Site> sites, String pointer, JsonNode holder) {
    JsonNode parameters = holder.path("parameters");
    for (int i = 0; i < parameters.size(); i++) {
      parameter(sites, pointer + "/parameters/" + i, parameters.get(i));
    }
  }

  private static void parameter(List<Site> sites, String pointer, JsonNode parameter) {
    if (parameter.has("$ref")) return; // the named parameter is visited in components
    String name = parameter.path("name").asText(null);
    if (parameter.has("schema")) {
      schema(sites, Kind.PARAMETER, pointer + "/schema", parameter.get("schema"), name, null);
    }
    for (Map.Entry<String, JsonNode> media : parameter.path("content").properties()) {
      if (media.getValue().has("schema")) {
        schema(sites, Kind.PARAMETER, pointer + "/content/" + Contract.escape(media.getKey()) + "/schema",
            media.getValue().get("schema"), name, null);
      }
    }
  }

  private static void response(List<Site> sites, String pointer, JsonNode response) {
    if (response.has("$ref")) return;
    content(sites, pointer, response);
    for (Map.Entry<String, JsonNode> h : response.path("headers").properties()) {
      header(sites, pointer + "/headers/" + Contract.escape(h.getKey()), h.getKey(), h.getValue());
    }
  }

  private static void header(List<Site> sites, String pointer, String name, JsonNode header) {
    if (header.has("$ref")) return;
    if (header.has("schema")) schema(sites, Kind.HEADER, pointer + "/schema", header.get("schema"), name, null);
  }

  private static void content(List<Site> sites, String pointer, JsonNode holder) {
    if (holder.has("$ref")) return;
    for (Map.Entry<String, JsonNode> media : holder.path("content").properties()) {
      if (media.getValue().has("schema")) {
        schema(sites, Kind.BODY, pointer + "/content/" + Contract.escape(media.getKey()) + "/schema",
            media.getValue().get("schema"), null, null);
      }
    }
  }

  private static void schema(List<Site> sites, Kind kind, String pointer, JsonNode schema, String name, String owner) {
    if (schema == null || !schema.isObject()) return;
    sites.add(new Site(kind, pointer, schema, name, owner));
    if (schema.has("$ref")) return;
    for (Map.Entry<String, JsonNode> p : schema.path("properties").properties()) {
      schema(sites, Kind.PROPERTY, pointer + "/properties/" + Contract.escape(p.getKey()), p.getValue(), p.getKey(), owner);
    }
    if (schema.has("items")) schema(sites, Kind.ITEMS, pointer + "/items", schema.get("items"), name, owner);
    // Tuple positions (x-kraken-tuple) are schemas too, named like properties, so every rule sees them.
    JsonNode positions = schema.path("x-kraken-tuple");
    for (int i = 0; i < positions.size(); i++) {
      schema(sites, Kind.PROPERTY, pointer + "/x-kraken-tuple/" + i, positions.get(i),
          positions.get(i).path("name").asText(null), owner);
    }
    for (String composition : List.of("allOf", "oneOf", "anyOf")) {
      JsonNode members = schema.path(composition);
      for (int i = 0; i < members.size(); i++) {
        schema(sites, Kind.COMPOSED, pointer + "/" + composition + "/" + i, members.get(i), null, owner);
      }
    }
    if (schema.has("not")) schema(sites, Kind.COMPOSED, pointer + "/not", schema.get("not"), null, owner);
    JsonNode map = schema.get("additionalProperties");
    if (map != null && map.isObject()) schema(sites, Kind.MAP_VALUE, pointer + "/additionalProperties", map, null, owner);
  }
}
