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
 * <p>Read from the contract's text rather than from the parsed model: the OpenAPI parser drops
 * the siblings of a {@code $ref}, and most renamed members are references ({@code type: $ref
 * OrderSide}).
 */
final class JavaNames {
  static final String EXTENSION = "x-kraken-java-name";

  private final Map<String, Map<String, String>> bySchema;

  private JavaNames(Map<String, Map<String, String>> bySchema) {
    this.bySchema = bySchema;
  }

  static JavaNames none() {
    return new JavaNames(Map.of());
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
    for (Map.Entry<String, JsonNode> schema : root.path("components").path("schemas").properties()) {
      Map<String, String> names = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> property : schema.getValue().path("properties").properties()) {
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
    }
    return new JavaNames(bySchema);
  }

  /** The Java name the contract gives member {@code wireName} of {@code schema}, or null. */
  String of(String schema, String wireName) {
    Map<String, String> names = bySchema.get(schema);
    return names == null ? null : names.get(wireName);
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
