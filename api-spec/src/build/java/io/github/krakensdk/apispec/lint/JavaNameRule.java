package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code x-kraken-java-name} (CONVENTIONS.md, on a property of a component schema) is the member's
 * name in Java ({@code type} is {@code side}): a lowerCamelCase identifier that is no Java keyword
 * nor a name a generated class already has ({@code builder}, {@code toString}), and unique among
 * the Java names of its schema, where a member without one is named by the camel case of its wire
 * name ({@code reduce_only} is {@code reduceOnly}). On an operation it names the service method,
 * unique among the file's service methods (the operationIds of the others). {@code x-kraken-single} on an array member
 * names the accessor of its one element, under the same rules.
 */
final class JavaNameRule implements Rule {
  static final String EXTENSION = "x-kraken-java-name";
  static final String SINGLE = "x-kraken-single";

  private static final Set<String> RESERVED = Set.of(
      "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
      "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
      "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
      "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
      "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "record",
      "var", "yield", "sealed", "permits", "hashCode", "toString", "equals", "getClass", "builder", "toBuilder");

  @Override public String id() {
    return "java-name";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    Map<String, String> methods = new HashMap<>();
    for (Contract.Operation operation : contract.operations()) {
      if (operation.operationId() != null && !operation.node().has(EXTENSION)) {
        methods.put(operation.operationId(), operation.operationId());
      }
    }
    for (Contract.Operation operation : contract.operations()) {
      JsonNode declared = operation.node().get(EXTENSION);
      if (declared == null) {
        continue;
      }
      String at = operation.pointer() + "/" + EXTENSION;
      if (!declared.isTextual() || !declared.asText().matches("[a-z][A-Za-z0-9]*")
          || RESERVED.contains(declared.asText())) {
        report.at(at, "must be a lowerCamelCase Java identifier that is not a keyword, not " + declared);
        continue;
      }
      String earlier = methods.putIfAbsent(declared.asText(), operation.operationId());
      if (earlier != null) {
        report.at(at, "the service method " + declared.asText() + " is already the Java name of " + earlier);
      }
    }
    for (Map.Entry<String, JsonNode> schema : contract.root().path("components").path("schemas").properties()) {
      String properties = "/components/schemas/" + Contract.escape(schema.getKey()) + "/properties";
      Map<String, String> javaNames = new HashMap<>();
      for (Map.Entry<String, JsonNode> property : schema.getValue().path("properties").properties()) {
        String at = properties + "/" + Contract.escape(property.getKey());
        JsonNode declared = property.getValue().get(EXTENSION);
        String javaName;
        if (declared == null) {
          javaName = camel(property.getKey());
        } else if (!declared.isTextual() || !declared.asText().matches("[a-z][A-Za-z0-9]*")
            || RESERVED.contains(declared.asText())) {
          report.at(at + "/" + EXTENSION, "must be a lowerCamelCase Java identifier that is not a keyword"
              + " nor a method every generated class has, not " + declared);
          continue;
        } else {
          javaName = declared.asText();
        }
        String earlier = javaNames.putIfAbsent(javaName, property.getKey());
        if (earlier != null) {
          report.at(at + (declared == null ? "" : "/" + EXTENSION), "the Java name " + javaName
              + " is already the name of member " + earlier + " of " + schema.getKey());
        }
      }
      for (Map.Entry<String, JsonNode> property : schema.getValue().path("properties").properties()) {
        JsonNode single = property.getValue().get(SINGLE);
        if (single == null) {
          continue;
        }
        String at = properties + "/" + Contract.escape(property.getKey()) + "/" + SINGLE;
        if (!"array".equals(contract.resolve(property.getValue()).path("type").asText())) {
          report.at(at, "names the accessor of the one element of a list; " + property.getKey() + " is no array");
        } else if (!single.isTextual() || !single.asText().matches("[a-z][A-Za-z0-9]*")
            || RESERVED.contains(single.asText())) {
          report.at(at, "must be a lowerCamelCase Java identifier that is not a keyword"
              + " nor a method every generated class has, not " + single);
        } else if (javaNames.containsKey(single.asText())) {
          report.at(at, "the Java name " + single.asText() + " is already the name of member "
              + javaNames.get(single.asText()) + " of " + schema.getKey());
        }
      }
    }
  }

  /** The generator's own Java name of a wire name: {@code min_fee} is {@code minFee}. */
  static String camel(String wireName) {
    StringBuilder out = new StringBuilder();
    boolean upper = false;
    for (char c : wireName.toCharArray()) {
      if (!Character.isLetterOrDigit(c)) {
        upper = out.length() > 0;
        continue;
      }
      out.append(out.length() == 0 ? Character.toLowerCase(c) : upper ? Character.toUpperCase(c) : c);
      upper = false;
    }
    return out.toString();
  }
}
