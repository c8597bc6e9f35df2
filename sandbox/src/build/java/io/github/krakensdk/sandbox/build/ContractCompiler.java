package io.github.krakensdk.sandbox.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compiles each document ({@code kraken/openapi/<name>.yaml} of kraken-api-spec: the four Kraken
 * contracts and the control plane's {@code sandbox.yaml}) into what the sandbox reads at run time
 * ({@code <out>/<name>.json}): every operation with its route, security, Spot extensions,
 * parameters, request body and response schemas, and the named schemas they refer to, each cut
 * down to the keywords the sandbox checks. Run by the build (process-classes), so that the sandbox
 * needs no YAML or OpenAPI library, and no kraken-api-spec, at run time.
 *
 * <pre>
 * java ContractCompiler --out=target/classes/io/github/krakensdk/sandbox/internal/contract spot futures oauth embed
 * java ContractCompiler --out=... --formats=decimal,uri --copy-yaml sandbox
 * </pre>
 *
 * <p>{@code --formats} names the formats the documents state as rules, which the checker then
 * enforces: the control plane's {@code decimal} amounts and {@code uri} addresses are refused when
 * malformed, while in the Kraken contracts {@code decimal} only says how to read the text (the
 * service takes forms the format does not name). {@code --copy-yaml} also writes each document as
 * written ({@code <out>/<name>.yaml}), for a sandbox that serves it.
 */
public final class ContractCompiler {
  /** The schema keywords the sandbox's checker and body reader use; every other one is left out. */
  private static final Set<String> KEYWORDS = Set.of("type", "format", "pattern", "enum", "minimum", "maximum",
      "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "required",
      "properties", "additionalProperties", "items", "allOf", "oneOf", "anyOf", "nullable", "readOnly",
      "writeOnly", "uniqueItems", "$ref");
  private static final List<String> METHODS = List.of("get", "put", "post", "delete", "options", "head", "patch");
  private static final String SCHEMAS = "#/components/schemas/";
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** Members the service takes and ignores ({@code x-kraken-ignored-members}, CONVENTIONS.md). */
  static final String IGNORED_MEMBERS = "x-kraken-ignored-members";
  /** Bounds the service clamps a value to instead of refusing it ({@code x-kraken-service-clamps}). */
  static final String SERVICE_CLAMPS = "x-kraken-service-clamps";
  /** Other forms the service takes for a body member or a parameter ({@code x-kraken-service-alternatives}, CONVENTIONS.md). */
  static final String SERVICE_ALTERNATIVES = "x-kraken-service-alternatives";

  private final JsonNode contract;
  private final List<String> formats;
  /** Copies of named body schemas with an operation's ignored members added, by their new names. */
  private final ObjectNode widenedSchemas = NODES.objectNode();

  private ContractCompiler(JsonNode contract, List<String> formats) {
    this.contract = contract;
    this.formats = formats;
  }

  public static void main(String[] args) throws IOException {
    Path out = null;
    List<String> formats = List.of();
    boolean copyYaml = false;
    for (String arg : args) {
      if (arg.startsWith("--out=")) {
        out = Path.of(arg.substring("--out=".length()));
      } else if (arg.startsWith("--formats=")) {
        formats = List.of(arg.substring("--formats=".length()).split(","));
      } else if (arg.equals("--copy-yaml")) {
        copyYaml = true;
      } else if (arg.startsWith("--")) {
        throw new IllegalArgumentException("unknown option " + arg);
      }
    }
    if (out == null) {
      throw new IllegalArgumentException("usage: ContractCompiler --out=<directory> [--formats=<f>,...] [--copy-yaml] <name>...");
    }
    Files.createDirectories(out);
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    ObjectMapper json = new ObjectMapper();
    for (String family : args) {
      if (family.startsWith("--")) continue;
      String resource = "kraken/openapi/" + family + ".yaml";
      try (InputStream in = ContractCompiler.class.getClassLoader().getResourceAsStream(resource)) {
        if (in == null) {
          throw new IllegalStateException(resource + " is not on the build classpath (kraken-api-spec)");
        }
        byte[] source = in.readAllBytes();
        ObjectNode compiled = new ContractCompiler(yaml.readTree(source), formats).compile();
        Files.writeString(out.resolve(family + ".json"), json.writeValueAsString(compiled));
        if (copyYaml) {
          Files.write(out.resolve(family + ".yaml"), source);
        }
        System.out.println("[sandbox] " + family + ".yaml compiled: " + compiled.get("operations").size()
            + " operations, " + compiled.get("schemas").size() + " schemas");
      }
    }
  }

  /** {@code yaml}, a contract, compiled as the build compiles the four (tests compile changed copies). */
  public static String compile(String yaml) throws IOException {
    return compile(yaml, List.of());
  }

  /** {@code yaml} compiled with {@code formats} as rules, as the build compiles {@code sandbox.yaml}. */
  public static String compile(String yaml, List<String> formats) throws IOException {
    return new ObjectMapper().writeValueAsString(
        new ContractCompiler(new ObjectMapper(new YAMLFactory()).readTree(yaml), formats).compile());
  }

  ObjectNode compile() {
    ObjectNode result = NODES.objectNode();
    ArrayNode checkedFormats = result.putArray("formats");
    formats.forEach(checkedFormats::add);
    ArrayNode basePaths = result.putArray("basePaths");
    for (JsonNode server : contract.path("servers")) {
      String path = java.net.URI.create(server.path("url").asText()).getPath();
      if (path != null && !path.isEmpty() && !path.equals("/")) {
        basePaths.add(path.endsWith("/") ? path.substring(0, path.length() - 1) : path);
      }
    }
    ArrayNode operations = result.putArray("operations");
    for (Iterator<Map.Entry<String, JsonNode>> paths = contract.path("paths").fields(); paths.hasNext(); ) {
      Map.Entry<String, JsonNode> path = paths.next();
      for (String method : METHODS) {
        JsonNode operation = path.getValue().get(method);
        if (operation == null || operation.path("x-kraken-browser-page").asBoolean(false)) {
          continue; // a page a browser opens (OAuth authorize), not an operation the sandbox serves
        }
        operations.add(operation(method, path.getKey(), path.getValue(), operation));
      }
    }
    ObjectNode schemas = result.putObject("schemas");
    contract.path("components").path("schemas").fields()
        .forEachRemaining(schema -> schemas.set(schema.getKey(), schema(schema.getValue())));
    schemas.setAll(widenedSchemas);
    return result;
  }

  private ObjectNode operation(String method, String path, JsonNode pathItem, JsonNode operation) {
    ObjectNode op = NODES.objectNode();
    op.put("method", method.toUpperCase(java.util.Locale.ROOT));
    op.put("path", path);
    op.put("operationId", operation.path("operationId").asText());
    boolean signed = false;
    for (JsonNode requirement : operation.path("security")) {
      signed |= requirement.size() > 0;
    }
    op.put("signed", signed);
    op.put("rateCost", operation.path("x-kraken-rate-cost").asInt(0));
    if (operation.hasNonNull("x-kraken-key-permission")) {
      op.put("permission", operation.get("x-kraken-key-permission").asText());
    }
    JsonNode servicePath = operation.path("x-kraken-public-service").path("path");
    if (servicePath.isTextual()) {
      op.put("servicePath", servicePath.asText());
    }
    ArrayNode parameters = op.putArray("parameters");
    for (JsonNode list : List.of(pathItem.path("parameters"), operation.path("parameters"))) {
      for (JsonNode declared : list) {
        parameters.add(parameter(resolve(declared)));
      }
    }
    JsonNode body = resolve(operation.path("requestBody"));
    ArrayNode ignoredNames = op.putArray("ignored");
    if (!body.isMissingNode()) {
      ObjectNode compiled = op.putObject("body");
      compiled.put("required", body.path("required").asBoolean(false));
      ObjectNode media = compiled.putObject("content");
      ObjectNode ignored = ignoredMembers(operation, signed);
      body.path("content").fields().forEachRemaining(type -> {
        JsonNode schema = type.getValue().get("schema");
        media.set(type.getKey(), schema == null ? NODES.nullNode()
            : schema(widened(schema, ignored, operation.path("operationId").asText(), ignoredNames)));
      });
    }
    ArrayNode oneOf = op.putArray("oneOf");
    operation.path("x-kraken-one-of").forEach(group -> oneOf.add(group.deepCopy()));
    ObjectNode responses = op.putObject("responses");
    operation.path("responses").fields().forEachRemaining(response -> {
      ObjectNode media = responses.putObject(response.getKey());
      resolve(response.getValue()).path("content").fields().forEachRemaining(type ->
          media.set(type.getKey(), type.getValue().has("schema") ? schema(type.getValue().get("schema")) : NODES.nullNode()));
    });
    return op;
  }

  /**
   * The members the service takes and ignores on {@code operation}: those the document lists for
   * every signed operation (at its root), then the operation's own ({@code x-kraken-ignored-members}:
   * each name with the schema of the values taken).
   */
  private ObjectNode ignoredMembers(JsonNode operation, boolean signed) {
    ObjectNode ignored = NODES.objectNode();
    if (signed) {
      contract.path(IGNORED_MEMBERS).fields().forEachRemaining(member -> ignored.set(member.getKey(), member.getValue()));
    }
    operation.path(IGNORED_MEMBERS).fields().forEachRemaining(member -> ignored.set(member.getKey(), member.getValue()));
    return ignored;
  }

  /**
   * {@code schema} (an object schema, inline or a named one) with the {@code ignored} members it
   * does not declare added as members, so that the one checker takes them (a named schema is
   * copied under a new name, as other operations share it); the names added go to {@code added}.
   */
  private JsonNode widened(JsonNode schema, ObjectNode ignored, String operationId, ArrayNode added) {
    if (ignored.isEmpty()) {
      return schema;
    }
    JsonNode target = schema.has("$ref") ? resolve(schema) : schema;
    if (!target.path("properties").isObject()) {
      throw new IllegalStateException(operationId + ": " + IGNORED_MEMBERS + " needs a body schema with properties");
    }
    ObjectNode copy = target.deepCopy();
    ObjectNode properties = (ObjectNode) copy.get("properties");
    ignored.fields().forEachRemaining(member -> {
      if (!properties.has(member.getKey())) {
        properties.set(member.getKey(), member.getValue().path("schema").deepCopy());
        if (!contains(added, member.getKey())) {
          added.add(member.getKey());
        }
      }
    });
    if (!schema.has("$ref")) {
      return copy;
    }
    String name = schema.get("$ref").asText().substring(SCHEMAS.length()) + "~" + operationId;
    widenedSchemas.set(name, schema(copy));
    return NODES.objectNode().put("$ref", SCHEMAS + name);
  }

  private static boolean contains(ArrayNode names, String name) {
    for (JsonNode element : names) {
      if (element.asText().equals(name)) {
        return true;
      }
    }
    return false;
  }

  private ObjectNode parameter(JsonNode declared) {
    ObjectNode parameter = NODES.objectNode();
    parameter.put("name", declared.path("name").asText());
    parameter.put("in", declared.path("in").asText());
    parameter.put("required", declared.path("required").asBoolean(false));
    ObjectNode schema = declared.has("schema") ? (ObjectNode) schema(declared.get("schema")) : NODES.objectNode();
    // A bound the service clamps to is no refusal: the sandbox takes the value and clamps it too.
    declared.path(SERVICE_CLAMPS).forEach(keyword -> schema.remove(keyword.asText()));
    parameter.set("schema", schema);
    // Other forms the service takes for the parameter: the sandbox takes the declared one or any of these.
    ArrayNode alternatives = parameter.putArray("alternatives");
    declared.path(SERVICE_ALTERNATIVES).forEach(alternative -> alternatives.add(schema(alternative.path("schema"))));
    JsonNode names = declared.path("x-kraken-public-service").path("names");
    if (names.isArray()) {
      parameter.set("serviceNames", names.deepCopy());
    }
    return parameter;
  }

  /** {@code node}, or what its {@code $ref} (a parameter, request body or response) points at. */
  private JsonNode resolve(JsonNode node) {
    while (node.has("$ref")) {
      String ref = node.get("$ref").asText();
      if (!ref.startsWith("#/")) {
        throw new IllegalStateException("only local references are supported: " + ref);
      }
      JsonNode target = contract;
      for (String part : ref.substring(2).split("/")) {
        target = target.path(part.replace("~1", "/").replace("~0", "~"));
      }
      if (target.isMissingNode()) {
        throw new IllegalStateException("unresolved reference " + ref);
      }
      node = target;
    }
    return node;
  }

  /** {@code schema} cut down to {@link #KEYWORDS}; a reference to a named schema becomes its name. */
  private JsonNode schema(JsonNode schema) {
    if (!schema.isObject()) {
      return schema.deepCopy(); // additionalProperties: true/false
    }
    ObjectNode compiled = NODES.objectNode();
    schema.fields().forEachRemaining(keyword -> {
      String key = keyword.getKey();
      JsonNode value = keyword.getValue();
      if (!KEYWORDS.contains(key)) {
        return;
      }
      switch (key) {
        case "$ref" -> {
          String ref = value.asText();
          if (!ref.startsWith(SCHEMAS)) {
            throw new IllegalStateException("a schema may only refer to " + SCHEMAS + "*: " + ref);
          }
          compiled.put("$ref", ref.substring(SCHEMAS.length()));
        }
        case "properties" -> {
          ObjectNode properties = compiled.putObject("properties");
          value.fields().forEachRemaining(p -> {
            JsonNode member = schema(p.getValue());
            if (p.getValue().path("x-kraken-signer-filled").asBoolean(false) && member instanceof ObjectNode filled) {
              // What the signer fills (Spot's nonce) is checked with the signature, as the unsigned
              // 64-bit integer the service takes, not by its number format (int64).
              filled.remove("format");
            }
            JsonNode alternatives = p.getValue().path(SERVICE_ALTERNATIVES);
            if (alternatives.isArray() && !alternatives.isEmpty()) {
              // Other forms the service takes for this member: the sandbox takes either.
              ObjectNode either = NODES.objectNode();
              ArrayNode forms = either.putArray("oneOf");
              forms.add(member);
              alternatives.forEach(alternative -> forms.add(schema(alternative.path("schema"))));
              member = either;
            }
            properties.set(p.getKey(), member);
          });
        }
        case "items", "additionalProperties" -> compiled.set(key, schema(value));
        case "allOf", "oneOf", "anyOf" -> {
          ArrayNode parts = compiled.putArray(key);
          value.forEach(part -> parts.add(schema(part)));
        }
        default -> compiled.set(key, value.deepCopy());
      }
    });
    return compiled;
  }
}
