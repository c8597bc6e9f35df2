package io.github.krakensdk.apispec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One family's contract file as a plain JSON tree, in the file's key order, with every decimal
 * digit of its examples kept (floats are read as {@code BigDecimal}).
 *
 * <p>The lint rules, the reference pages and the gate read the file through this class rather
 * than through a resolved OpenAPI model, because they need what a resolver throws away: where a
 * {@code $ref} stands, and which schema is written inline.
 *
 * <pre>{@code
 * Contract spot = Contract.load(Path.of("api-spec/spot.yaml"));
 * for (Contract.Operation op : spot.operations()) {
 *   System.out.println(op.method() + " " + op.path() + " " + op.node().path("operationId").asText());
 * }
 * }</pre>
 */
public final class Contract {
  /** The HTTP methods an OpenAPI 3.0 path item may hold, in the order the specification lists them. */
  public static final List<String> METHODS =
      List.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

  private static final ObjectMapper YAML = yamlMapper();
  private static final ObjectMapper BLOCK_YAML = configure(new ObjectMapper(YAMLFactory.builder()
      .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
      .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
      .build()));
  private static final ObjectMapper JSON = jsonMapper();

  private final String fileName;
  private final String text;
  private final JsonNode root;

  private Contract(String fileName, String text, JsonNode root) {
    this.fileName = fileName;
    this.text = text;
    this.root = root;
  }

  /** Reads {@code file}; fails on a YAML error or a key written twice. */
  public static Contract load(Path file) throws IOException {
    Objects.requireNonNull(file, "file == null");
    return parse(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
  }

  /** Parses {@code yaml}, named {@code fileName} in findings and reports. */
  public static Contract parse(String fileName, String yaml) {
    Objects.requireNonNull(fileName, "fileName == null");
    Objects.requireNonNull(yaml, "yaml == null");
    try {
      JsonNode root = YAML.readTree(yaml);
      if (root == null || !root.isObject()) {
        throw new IllegalArgumentException(fileName + ": not a YAML mapping");
      }
      return new Contract(fileName, yaml, root);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(fileName + ": " + e.getOriginalMessage(), e);
    }
  }

  /**
   * A contract made from an edited tree, for tests that break a copy on purpose. The text is the
   * tree written back as YAML, so that text-based tools (the parser, the gate) see the edit too.
   */
  public static Contract of(String fileName, JsonNode root) {
    Objects.requireNonNull(fileName, "fileName == null");
    Objects.requireNonNull(root, "root == null");
    return new Contract(fileName, toYaml(root), root.deepCopy());
  }

  /** A deep copy of the tree, to edit without touching this contract. */
  public ObjectNode copyOfTree() {
    return (ObjectNode) root.deepCopy();
  }

  /** The file name, for example {@code spot.yaml}. */
  public String fileName() {
    return fileName;
  }

  /** The family: the file name without its directory and {@code .yaml} ({@code websocket} for {@code ws/websocket.yaml}). */
  public String family() {
    String name = fileName.substring(fileName.lastIndexOf('/') + 1);
    return name.endsWith(".yaml") ? name.substring(0, name.length() - 5) : name;
  }

  public String text() {
    return text;
  }

  public JsonNode root() {
    return root;
  }

  /** {@code info.version}, or null when it is missing. */
  public String version() {
    JsonNode version = root.path("info").path("version");
    return version.isTextual() ? version.asText() : null;
  }

  /** The node at a JSON pointer such as {@code /components/schemas/AssetInfo}; missing node if absent. */
  public JsonNode at(String pointer) {
    return root.at(pointer);
  }

  /**
   * Follows {@code node}'s local {@code $ref} chain, if any, to the node it names. An external
   * or broken reference is returned as it is (the {@code no-external-ref} rule reports it).
   */
  public JsonNode resolve(JsonNode node) {
    JsonNode current = node;
    for (int hops = 0; hops < 16 && current != null && current.has("$ref"); hops++) {
      String ref = current.get("$ref").asText();
      if (!ref.startsWith("#/")) return current;
      JsonNode target = root.at(ref.substring(1));
      if (target.isMissingNode()) return current;
      current = target;
    }
    return current;
  }

  /** Every operation: those under {@code paths}, then (flagged) those of their callbacks. */
  public List<Operation> operations() {
    List<Operation> operations = new ArrayList<>();
    collect(root.path("paths"), "/paths", false, operations);
    return operations;
  }

  private static void collect(JsonNode paths, String pointer, boolean callback, List<Operation> out) {
    List<Operation> callbacks = new ArrayList<>();
    for (Map.Entry<String, JsonNode> path : paths.properties()) {
      String pathPointer = pointer + "/" + escape(path.getKey());
      for (String method : METHODS) {
        JsonNode node = path.getValue().get(method);
        if (node == null || !node.isObject()) continue;
        String opPointer = pathPointer + "/" + method;
        out.add(new Operation(path.getKey(), method, node, opPointer, callback));
        for (Map.Entry<String, JsonNode> cb : node.path("callbacks").properties()) {
          collect(cb.getValue(), opPointer + "/callbacks/" + escape(cb.getKey()), true, callbacks);
        }
      }
    }
    out.addAll(callbacks);
  }

  /** One operation: its path (or callback expression), lowercase method, node and JSON pointer. */
  public record Operation(String path, String method, JsonNode node, String pointer, boolean callback) {
    public String operationId() {
      JsonNode id = node.get("operationId");
      return id != null && id.isTextual() ? id.asText() : null;
    }

    /** {@code getAssets (GET /0/public/Assets)}, or the method and path alone without an operationId. */
    public String label() {
      String call = method.toUpperCase(Locale.ROOT) + " " + path;
      return operationId() == null ? call : operationId() + " (" + call + ")";
    }
  }

  /** Escapes a key for a JSON pointer ({@code ~} and {@code /}). */
  public static String escape(String key) {
    return key.replace("~", "~0").replace("/", "~1");
  }

  /** The tree as pretty JSON, numbers written as they were read. */
  public static String toPrettyJson(JsonNode node) {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The tree written as YAML. */
  public static String toYaml(JsonNode node) {
    try {
      return YAML.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The tree written as YAML for people to read too: multi-line strings as literal blocks. */
  public static String toBlockYaml(JsonNode node) {
    try {
      return BLOCK_YAML.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Reads JSON text with the same number handling as the contracts (for tests comparing examples). */
  public static JsonNode readJson(String json) throws IOException {
    return JSON.readTree(json);
  }

  private static ObjectMapper yamlMapper() {
    YAMLFactory factory = YAMLFactory.builder()
        // Every string stays quoted: unquoted, NO (Norway) or 2025-04-15 would change type in YAML 1.1.
        .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
        .build();
    return configure(new ObjectMapper(factory));
  }

  private static ObjectMapper jsonMapper() {
    return configure(new ObjectMapper());
  }

  private static ObjectMapper configure(ObjectMapper mapper) {
    // Keep 0.0000213 and 3120.0 as written: no doubles, no stripped zeros, no exponent.
    mapper.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    mapper.configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);
    mapper.enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
    // A key written twice is a defect: the second would silently win.
    mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    return mapper;
  }
}
