package io.github.krakensdk.sandbox.internal.contract;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One schema of a compiled contract, with only the keywords the sandbox checks (see {@code
 * ContractCompiler}). A schema that refers to a named one ({@code $ref}) answers as that one. The
 * accessors keep OpenAPI's names ({@code getProperties()}, {@code getAdditionalProperties()}) so
 * that code reading a schema reads as it would against the specification. Immutable.
 */
public final class Schema {
  private final Map<String, ?> keywords;
  /** The contract's named schemas, shared by every schema of it; filled before any is read. */
  private final Map<String, Schema> named;
  private final String ref;
  private final Map<String, Schema> properties;
  private final Schema items;
  private final Object additionalProperties;
  private final List<Schema> allOf;
  private final List<Schema> oneOf;
  private final List<Schema> anyOf;

  Schema(Object compiled, Map<String, Schema> named) {
    this.keywords = compiled instanceof Map<?, ?> map ? cast(map) : Map.of();
    this.named = named;
    this.ref = keywords.get("$ref") instanceof String name ? name : null;
    if (keywords.get("properties") instanceof Map<?, ?> declared) {
      Map<String, Schema> members = new LinkedHashMap<>();
      declared.forEach((name, schema) -> members.put((String) name, new Schema(schema, named)));
      this.properties = Collections.unmodifiableMap(members);
    } else {
      this.properties = null;
    }
    this.items = keywords.containsKey("items") ? new Schema(keywords.get("items"), named) : null;
    Object additional = keywords.get("additionalProperties");
    this.additionalProperties = additional instanceof Map<?, ?> ? new Schema(additional, named) : additional;
    this.allOf = parts("allOf");
    this.oneOf = parts("oneOf");
    this.anyOf = parts("anyOf");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, ?> cast(Map<?, ?> map) {
    return (Map<String, ?>) map;
  }

  private List<Schema> parts(String keyword) {
    if (!(keywords.get(keyword) instanceof List<?> list)) {
      return null;
    }
    List<Schema> parts = new ArrayList<>();
    for (Object part : list) {
      parts.add(new Schema(part, named));
    }
    return List.copyOf(parts);
  }

  /** The schema this one stands for: the named schema it refers to, or itself. */
  Schema resolved() {
    Schema schema = this;
    while (schema.ref != null) {
      Schema target = schema.named.get(schema.ref);
      if (target == null) {
        throw new IllegalStateException("no schema named " + schema.ref);
      }
      schema = target;
    }
    return schema;
  }

  /** The name of the schema it refers to, or null. */
  public String getRef() {
    return ref;
  }

  public String getType() {
    return resolved().keywords.get("type") instanceof String type ? type : null;
  }

  public String getFormat() {
    return resolved().keywords.get("format") instanceof String format ? format : null;
  }

  public String getPattern() {
    return resolved().keywords.get("pattern") instanceof String pattern ? pattern : null;
  }

  /** The allowed values as JSON reads them (strings, numbers as {@link BigDecimal}, booleans), or null. */
  public List<?> getEnum() {
    return resolved().keywords.get("enum") instanceof List<?> values ? values : null;
  }

  public List<String> getRequired() {
    if (!(resolved().keywords.get("required") instanceof List<?> names)) {
      return List.of();
    }
    return names.stream().map(String::valueOf).toList();
  }

  public Map<String, Schema> getProperties() {
    return resolved().properties;
  }

  public Schema getItems() {
    return resolved().items;
  }

  /** A {@link Schema} for the values of undeclared members, {@code true}, {@code false}, or null when not stated. */
  public Object getAdditionalProperties() {
    return resolved().additionalProperties;
  }

  public List<Schema> getAllOf() {
    return resolved().allOf;
  }

  public List<Schema> getOneOf() {
    return resolved().oneOf;
  }

  public List<Schema> getAnyOf() {
    return resolved().anyOf;
  }

  public Integer getMinLength() {
    return integer("minLength");
  }

  public Integer getMaxLength() {
    return integer("maxLength");
  }

  public Integer getMinItems() {
    return integer("minItems");
  }

  public Integer getMaxItems() {
    return integer("maxItems");
  }

  public Integer getMinProperties() {
    return integer("minProperties");
  }

  public Integer getMaxProperties() {
    return integer("maxProperties");
  }

  public BigDecimal getMinimum() {
    return decimal("minimum");
  }

  public BigDecimal getMaximum() {
    return decimal("maximum");
  }

  public boolean isExclusiveMinimum() {
    return Boolean.TRUE.equals(resolved().keywords.get("exclusiveMinimum"));
  }

  public boolean isExclusiveMaximum() {
    return Boolean.TRUE.equals(resolved().keywords.get("exclusiveMaximum"));
  }

  public boolean isNullable() {
    return Boolean.TRUE.equals(resolved().keywords.get("nullable"));
  }

  public boolean isUniqueItems() {
    return Boolean.TRUE.equals(resolved().keywords.get("uniqueItems"));
  }

  public boolean isReadOnly() {
    return Boolean.TRUE.equals(resolved().keywords.get("readOnly"));
  }

  public boolean isWriteOnly() {
    return Boolean.TRUE.equals(resolved().keywords.get("writeOnly"));
  }

  private Integer integer(String keyword) {
    return resolved().keywords.get(keyword) instanceof BigDecimal n ? n.intValueExact() : null;
  }

  private BigDecimal decimal(String keyword) {
    return resolved().keywords.get(keyword) instanceof BigDecimal n ? n : null;
  }

  @Override
  public String toString() {
    return ref != null ? "#/components/schemas/" + ref : keywords.toString();
  }
}
