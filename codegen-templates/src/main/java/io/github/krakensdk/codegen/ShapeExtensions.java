package io.github.krakensdk.codegen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;

/**
 * The two shapes OpenAPI 3.0 cannot type, rewritten into plain objects before any model is made,
 * so that the stock generator gives each a record with one component per member. The contract
 * file keeps its portable form (validators and other generators read it as it is); only the
 * generator's copy changes. CONVENTIONS.md ("Shape") describes both for contract writers.
 *
 * <ul>
 *   <li><b>Tuples</b> ({@value #TUPLE}): a named {@code type: array} schema whose elements are
 *       told apart by position ({@code [price, volume, timestamp]}). The extension lists each
 *       position's {@code name} and schema; positions from {@code minItems} on may be absent. The
 *       record gets one component per position and is marked {@value #TUPLE_RECORD} for the template,
 *       which reads and writes it as a JSON array.
 *   <li><b>Maps with named members</b> ({@value #MAP_NAME}): an object with {@code properties}
 *       and {@code additionalProperties} ({@code {"XXBTZUSD": [...], "last": 1688672160}}). The
 *       extension names the component that holds the other members; it is added as the record's
 *       last component, a map marked {@value #MAP_REST}, which the template fills with every
 *       member the properties do not name.
 * </ul>
 */
final class ShapeExtensions {
  /** On a named array schema: the positions, each {@code {name, <schema>}}. */
  static final String TUPLE = "x-kraken-tuple";
  /** On an object schema with properties and additionalProperties: the Java name of the map of the others. */
  static final String MAP_NAME = "x-kraken-map-name";
  /** Set by the generator on the record a tuple becomes (the template's marker; README.md). */
  static final String TUPLE_RECORD = "x-gen-tuple";
  /** Set by the generator on the added map component (the template's marker; README.md). */
  static final String MAP_REST = "x-gen-map-rest-member";

  private ShapeExtensions() {}

  /** Rewrites every tuple and every map with named members of {@code openAPI}'s components. */
  static void rewrite(OpenAPI openAPI) {
    if (openAPI.getComponents() == null || openAPI.getComponents().getSchemas() == null) {
      return;
    }
    Map<String, Schema> schemas = openAPI.getComponents().getSchemas();
    for (Map.Entry<String, Schema> entry : new ArrayList<>(schemas.entrySet())) {
      Schema<?> schema = entry.getValue();
      Map<String, Object> extensions = schema.getExtensions();
      if (extensions != null && extensions.containsKey(TUPLE)) {
        schemas.put(entry.getKey(), tupleAsObject(entry.getKey(), schema));
      } else if (extensions != null && extensions.containsKey(MAP_NAME)) {
        schemas.put(entry.getKey(), withRestComponent(entry.getKey(), schema));
      }
    }
  }

  /** The object whose properties are the tuple's positions, in order; required up to {@code minItems}. */
  private static Schema<?> tupleAsObject(String name, Schema<?> tuple) {
    if (!"array".equals(tuple.getType())) {
      throw new IllegalStateException(name + ": " + TUPLE + " belongs on a schema of type array");
    }
    if (!(tuple.getExtensions().get(TUPLE) instanceof List<?> positions) || positions.isEmpty()) {
      throw new IllegalStateException(name + ": " + TUPLE + " must list the positions");
    }
    int required = tuple.getMinItems() == null ? positions.size() : tuple.getMinItems();
    if (required > positions.size()) {
      throw new IllegalStateException(name + ": minItems " + required + " exceeds the " + positions.size() + " positions");
    }
    ObjectSchema object = new ObjectSchema();
    object.setDescription(tuple.getDescription());
    object.setNullable(tuple.getNullable());
    Map<String, Schema> properties = new LinkedHashMap<>();
    List<String> requiredNames = new ArrayList<>();
    for (int i = 0; i < positions.size(); i++) {
      if (!(positions.get(i) instanceof Map<?, ?> position) || !(position.get("name") instanceof String member)
          || member.isBlank()) {
        throw new IllegalStateException(name + ": position " + i + " of " + TUPLE + " has no name");
      }
      Map<Object, Object> schemaPart = new LinkedHashMap<>(position);
      schemaPart.remove("name");
      Schema<?> property = Json.mapper().convertValue(schemaPart, Schema.class);
      if (properties.put(member, property) != null) {
        throw new IllegalStateException(name + ": position name " + member + " is used twice");
      }
      if (i < required) {
        requiredNames.add(member);
      }
    }
    object.setProperties(properties);
    object.setRequired(requiredNames.isEmpty() ? null : requiredNames);
    Map<String, Object> extensions = new LinkedHashMap<>(tuple.getExtensions());
    extensions.put(TUPLE_RECORD, true);
    object.setExtensions(extensions);
    return object;
  }

  /**
   * An object with the schema's properties plus the map of the members they do not name, as the
   * last property. A new object: the parser made the original a map schema, which the generator
   * would keep treating as a map.
   */
  @SuppressWarnings({"rawtypes", "unchecked"})
  private static Schema<?> withRestComponent(String name, Schema schema) {
    Object restName = schema.getExtensions().get(MAP_NAME);
    if (!(restName instanceof String rest) || rest.isBlank()) {
      throw new IllegalStateException(name + ": " + MAP_NAME + " must be a name");
    }
    if (!(schema.getAdditionalProperties() instanceof Schema values) || schema.getProperties() == null) {
      throw new IllegalStateException(name + ": " + MAP_NAME + " belongs on an object with properties and an "
          + "additionalProperties schema");
    }
    if (schema.getProperties().containsKey(rest)) {
      throw new IllegalStateException(name + ": " + MAP_NAME + " " + rest + " is also a property");
    }
    ObjectSchema map = new ObjectSchema();
    map.setAdditionalProperties(values);
    map.setDescription(values.getDescription() != null ? values.getDescription()
        : "The members of `" + name + "` that are not named properties, by member name.");
    map.addExtension(MAP_REST, true);
    Map<String, Schema> properties = new LinkedHashMap<>(schema.getProperties());
    properties.put(rest, map);
    ObjectSchema object = new ObjectSchema();
    object.setDescription(schema.getDescription());
    object.setNullable(schema.getNullable());
    object.setRequired(schema.getRequired());
    object.setExtensions(schema.getExtensions());
    object.setProperties(properties);
    return object;
  }
}
