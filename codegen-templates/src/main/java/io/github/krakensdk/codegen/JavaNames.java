package io.github.krakensdk.codegen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The Java names the contract gives its members ({@code x-kraken-java-name}): {@code type} is
 * {@code side}, {@code oflags} is {@code flags}. The wire name stays the member's name in JSON and
 * in forms; only the builder method, the accessor and the record component take the Java name.
 *
 * <p>Also the Java types it gives them ({@code x-kraken-java-type}, {@link ValueTypes}): {@code
 * price} is an {@code OrderPrice}, {@code oflags} a {@code Set<OrderFlag>}.
 *
 * <p>And the single-value accessors of list members the service sends with one element ({@code
 * x-kraken-single}): {@code addOrder}'s {@code txid} list is {@code txids()}, its one id {@code txid()}.
 *
 * <p>Read from the contract's text rather than from the parsed model: the OpenAPI parser drops
 * the siblings of a {@code $ref}, and most renamed members are references ({@code type: $ref
 * OrderSide}).
 */
final class JavaNames {
  static final String EXTENSION = "x-kraken-java-name";
  static final String SINGLE = "x-kraken-single";

  private final Map<String, Map<String, String>> bySchema;
  private final Map<String, Map<String, ValueTypes.ValueType>> typesBySchema;
  private final Map<String, Map<String, String>> singlesBySchema;

  private JavaNames(Map<String, Map<String, String>> bySchema,
      Map<String, Map<String, ValueTypes.ValueType>> typesBySchema, Map<String, Map<String, String>> singlesBySchema) {
    this.bySchema = bySchema;
    this.typesBySchema = typesBySchema;
    this.singlesBySchema = singlesBySchema;
  }

  static JavaNames none() {
    return new JavaNames(Map.of(), Map.of(), Map.of());
  }

  /** Reads the names of the component schemas' properties in the contract at {@code spec}. */
  static JavaNames read(Path spec) {
    try {
      return of(new ObjectMapper(new YAMLFactory()).readTree(Files.readString(spec)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + spec, e);
    }
  }

  static JavaNames of(JsonNode root) {
    Map<String, Map<String, String>> bySchema = new HashMap<>();
    Map<String, Map<String, ValueTypes.ValueType>> typesBySchema = new HashMap<>();
    Map<String, Map<String, String>> singlesBySchema = new HashMap<>();
    for (Map.Entry<String, JsonNode> schema : root.path("components").path("schemas").properties()) {
      Map<String, String> names = new LinkedHashMap<>();
      Map<String, ValueTypes.ValueType> types = new LinkedHashMap<>();
      Map<String, String> singles = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> property : schema.getValue().path("properties").properties()) {
        JsonNode single = property.getValue().get(SINGLE);
        if (single != null) {
          if (!single.isTextual() || !isJavaIdentifier(single.asText())) {
            throw new IllegalArgumentException(schema.getKey() + "." + property.getKey() + ": " + SINGLE
                + " must be a lowerCamelCase Java identifier, not " + single);
          }
          singles.put(property.getKey(), single.asText());
        }
        JsonNode type = property.getValue().get(ValueTypes.EXTENSION);
        if (type != null) {
          types.put(property.getKey(), ValueTypes.of(schema.getKey() + "." + property.getKey(), type.asText()));
        }
        JsonNode name = property.getValue().get(EXTENSION);
        if (name != null) {
          if (!name.isTextual() || !isJavaIdentifier(name.asText())) {
            throw new IllegalArgumentException(schema.getKey() + "." + property.getKey() + ": " + EXTENSION
                + " must be a lowerCamelCase Java identifier, not " + name);
          }
          names.put(property.getKey(), name.asText());
        }
      }
      if (!names.isEmpty()) {
        bySchema.put(schema.getKey(), names);
      }
      if (!types.isEmpty()) {
        typesBySchema.put(schema.getKey(), types);
      }
      if (!singles.isEmpty()) {
        singlesBySchema.put(schema.getKey(), singles);
      }
    }
    return new JavaNames(bySchema, typesBySchema, singlesBySchema);
  }

  /** The Java name the contract gives member {@code wireName} of {@code schema}, or null. */
  String of(String schema, String wireName) {
    Map<String, String> names = bySchema.get(schema);
    return names == null ? null : names.get(wireName);
  }

  /** The Java type the contract gives member {@code wireName} of {@code schema} ({@code x-kraken-java-type}), or null. */
  ValueTypes.ValueType type(String schema, String wireName) {
    Map<String, ValueTypes.ValueType> types = typesBySchema.get(schema);
    return types == null ? null : types.get(wireName);
  }

  /**
   * The name of the single-value accessor the contract gives array member {@code wireName} of
   * {@code schema} ({@code x-kraken-single}), or null.
   */
  String single(String schema, String wireName) {
    Map<String, String> singles = singlesBySchema.get(schema);
    return singles == null ? null : singles.get(wireName);
  }

  static boolean isJavaIdentifier(String name) {
    if (name.isEmpty() || !Character.isLowerCase(name.charAt(0)) || KEYWORDS.contains(name)) {
      return false;
    }
    for (char c : name.toCharArray()) {
      if (!(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9')) {
        return false;
      }
    }
    return true;
  }

  private static final Set<String> KEYWORDS = Set.of(
      "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
      "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
      "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
      "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
      "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "record",
      "var", "yield", "sealed", "permits", "hashCode", "toString", "equals", "getClass", "builder", "toBuilder");
}
