package io.github.krakensdk.sandbox.internal.control;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.Moshi;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The control plane's contract, {@code sandbox.yaml}, as the sandbox checks requests with it: read
 * from kraken-api-spec's {@code kraken/openapi/sandbox.json} (the same document as JSON, which the
 * api-spec build writes, so that no YAML parser is needed at run time). Each operation's path
 * parameters and JSON body are checked against their schemas before the operation runs: types,
 * required and undeclared members, enums, lengths, bounds, items, and the formats {@code decimal},
 * {@code date-time}, {@code uri} and {@code int64}.
 */
final class ControlContract {
  static final String YAML = "kraken/openapi/sandbox.yaml";
  static final String JSON = "kraken/openapi/sandbox.json";
  private static final Pattern DECIMAL = Pattern.compile("-?[0-9]+(\\.[0-9]+)?");
  private static final Pattern PATH_PARAMETER = Pattern.compile("\\{([a-z_]+)\\}");

  /** One operation of the document: where it is and what it takes. */
  record Operation(String id, String method, String template, Pattern path, List<String> parameterNames,
      Map<String, Map<String, Object>> parameterSchemas, Map<String, Object> body, boolean bodyRequired) {}

  /** An operation matched to a request, with its decoded path parameters. */
  record Match(Operation operation, Map<String, String> path) {}

  private final Map<String, Object> root;
  private final List<Operation> operations = new ArrayList<>();

  @SuppressWarnings("unchecked")
  private ControlContract(Map<String, Object> root) {
    this.root = root;
    Map<String, Object> paths = (Map<String, Object>) root.get("paths");
    for (Map.Entry<String, Object> path : paths.entrySet()) {
      for (Map.Entry<String, Object> method : ((Map<String, Object>) path.getValue()).entrySet()) {
        operations.add(operation(path.getKey(), method.getKey().toUpperCase(java.util.Locale.ROOT),
            (Map<String, Object>) method.getValue()));
      }
    }
  }

  /** The contract from the classpath (kraken-api-spec). */
  @SuppressWarnings("unchecked")
  static ControlContract load() {
    try (InputStream in = ControlContract.class.getClassLoader().getResourceAsStream(JSON)) {
      if (in == null) {
        throw new IllegalStateException(JSON + " is not on the classpath (kraken-api-spec)");
      }
      JsonAdapter<Object> adapter = new Moshi.Builder().build().adapter(Object.class);
      return new ControlContract((Map<String, Object>) adapter.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  List<Operation> operations() {
    return operations;
  }

  /**
   * The operation at {@code method} and {@code rawPath}, its path parameters decoded and checked.
   *
   * @throws ControlProblem 404 for a path of no operation, 405 for a method the path does not have,
   *     400 for a path parameter its schema refuses.
   */
  Match match(String method, String rawPath) {
    boolean pathKnown = false;
    for (Operation operation : operations) {
      Matcher matcher = operation.path().matcher(rawPath);
      if (!matcher.matches()) continue;
      pathKnown = true;
      if (!operation.method().equals(method)) continue;
      Map<String, String> parameters = new LinkedHashMap<>();
      for (int i = 0; i < operation.parameterNames().size(); i++) {
        String name = operation.parameterNames().get(i);
        String value = URLDecoder.decode(matcher.group(i + 1).replace("+", "%2B"), StandardCharsets.UTF_8);
        check(operation.parameterSchemas().get(name), value, name);
        parameters.put(name, value);
      }
      return new Match(operation, parameters);
    }
    if (pathKnown) {
      throw new ControlProblem(405, null, "a method the path has", method + " " + rawPath + " is no operation of the control plane");
    }
    throw new ControlProblem(404, null, "a path of sandbox.yaml", rawPath + " is no path of the control plane (GET /sandbox/v1/openapi.yaml lists them)");
  }

  /** Checks a request body (null for none) against the operation's. */
  void checkBody(Operation operation, Object body) {
    if (body == null) {
      if (operation.bodyRequired()) {
        throw ControlProblem.invalid("body", "a JSON object is required", null);
      }
      return;
    }
    if (operation.body() == null) {
      throw ControlProblem.invalid("body", "this operation takes no body", null);
    }
    check(operation.body(), body, "");
  }

  /** Throws a {@link ControlProblem} naming {@code field} when {@code value} breaks {@code schema}. */
  @SuppressWarnings("unchecked")
  void check(Map<String, Object> schema, Object value, String field) {
    schema = resolve(schema);
    String name = field.isEmpty() ? "body" : field;
    if (schema.containsKey("enum") && !((List<Object>) schema.get("enum")).contains(value)) {
      throw ControlProblem.invalid(name, "one of " + schema.get("enum"), value);
    }
    String type = (String) schema.get("type");
    if (type == null) return;
    switch (type) {
      case "object" -> {
        if (!(value instanceof Map<?, ?> map)) throw ControlProblem.invalid(name, "a JSON object", value);
        Map<String, Object> properties = (Map<String, Object>) schema.getOrDefault("properties", Map.of());
        for (Object required : (List<Object>) schema.getOrDefault("required", List.of())) {
          if (!map.containsKey(required) || map.get(required) == null) {
            throw ControlProblem.invalid(member(field, (String) required), "required", null);
          }
        }
        Object additional = schema.get("additionalProperties");
        for (Map.Entry<?, ?> entry : map.entrySet()) {
          String key = String.valueOf(entry.getKey());
          Map<String, Object> property = (Map<String, Object>) properties.get(key);
          if (property != null) {
            if (entry.getValue() != null) check(property, entry.getValue(), member(field, key));
          } else if (Boolean.FALSE.equals(additional)) {
            throw ControlProblem.invalid(member(field, key), "not a member of " + properties.keySet(), null);
          } else if (additional instanceof Map<?, ?> additionalSchema) {
            check((Map<String, Object>) additionalSchema, entry.getValue(), member(field, key));
          }
        }
      }
      case "array" -> {
        if (!(value instanceof List<?> list)) throw ControlProblem.invalid(name, "a JSON array", value);
        if (schema.get("minItems") instanceof Number min && list.size() < min.intValue()) {
          throw ControlProblem.invalid(name, "at least " + min.intValue() + " items", list);
        }
        if (schema.get("maxItems") instanceof Number max && list.size() > max.intValue()) {
          throw ControlProblem.invalid(name, "at most " + max.intValue() + " items", list);
        }
        if (Boolean.TRUE.equals(schema.get("uniqueItems")) && new HashSet<>(list).size() != list.size()) {
          throw ControlProblem.invalid(name, "no item twice", list);
        }
        Map<String, Object> items = (Map<String, Object>) schema.get("items");
        for (int i = 0; i < list.size(); i++) {
          if (items != null) check(items, list.get(i), name + "[" + i + "]");
        }
      }
      case "string" -> {
        if (!(value instanceof String text)) throw ControlProblem.invalid(name, "a JSON string", value);
        if (schema.get("minLength") instanceof Number min && text.length() < min.intValue()) {
          throw ControlProblem.invalid(name, "at least " + min.intValue() + " characters", text);
        }
        if (schema.get("maxLength") instanceof Number max && text.length() > max.intValue()) {
          throw ControlProblem.invalid(name, "at most " + max.intValue() + " characters", text);
        }
        checkFormat(String.valueOf(schema.get("format")), text, name);
      }
      case "integer" -> {
        if (!(value instanceof Number number)) throw ControlProblem.invalid(name, "a JSON integer", value);
        BigDecimal exact = new BigDecimal(number.toString());
        if (exact.stripTrailingZeros().scale() > 0) throw ControlProblem.invalid(name, "a JSON integer", value);
        if (schema.get("minimum") instanceof Number min && exact.compareTo(new BigDecimal(min.toString())) < 0) {
          throw ControlProblem.invalid(name, "at least " + min.longValue(), exact.toPlainString());
        }
        if (schema.get("maximum") instanceof Number max && exact.compareTo(new BigDecimal(max.toString())) > 0) {
          throw ControlProblem.invalid(name, "at most " + max.longValue(), exact.toPlainString());
        }
      }
      case "boolean" -> {
        if (!(value instanceof Boolean)) throw ControlProblem.invalid(name, "true or false", value);
      }
      default -> throw new IllegalStateException("sandbox.yaml: type " + type + " is not checked");
    }
  }

  private static void checkFormat(String format, String text, String name) {
    switch (format) {
      case "decimal" -> {
        if (!DECIMAL.matcher(text).matches()) throw ControlProblem.invalid(name, "a decimal number as a string", text);
      }
      case "date-time" -> {
        try {
          OffsetDateTime.parse(text);
        } catch (DateTimeParseException e) {
          throw ControlProblem.invalid(name, "an RFC 3339 time such as 2026-11-28T12:00:00Z", text);
        }
      }
      case "uri" -> {
        try {
          URI uri = new URI(text);
          if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
            throw ControlProblem.invalid(name, "an http or https URL", text);
          }
        } catch (URISyntaxException e) {
          throw ControlProblem.invalid(name, "an http or https URL", text);
        }
      }
      default -> { }
    }
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> resolve(Map<String, Object> schema) {
    while (schema.get("$ref") instanceof String ref) {
      Object node = root;
      for (String part : ref.substring(2).split("/")) {
        node = ((Map<String, Object>) node).get(part.replace("~1", "/").replace("~0", "~"));
      }
      schema = (Map<String, Object>) node;
    }
    return schema;
  }

  private static String member(String field, String name) {
    return field.isEmpty() ? name : field + "." + name;
  }

  @SuppressWarnings("unchecked")
  private Operation operation(String template, String method, Map<String, Object> node) {
    List<String> names = new ArrayList<>();
    Matcher parameter = PATH_PARAMETER.matcher(template);
    StringBuilder regex = new StringBuilder();
    int last = 0;
    while (parameter.find()) {
      regex.append(Pattern.quote(template.substring(last, parameter.start()))).append("([^/]+)");
      names.add(parameter.group(1));
      last = parameter.end();
    }
    regex.append(Pattern.quote(template.substring(last)));
    Map<String, Map<String, Object>> schemas = new LinkedHashMap<>();
    for (Object item : (List<Object>) node.getOrDefault("parameters", List.of())) {
      Map<String, Object> declared = resolve((Map<String, Object>) item);
      schemas.put((String) declared.get("name"), (Map<String, Object>) declared.get("schema"));
    }
    Set<String> missing = new HashSet<>(names);
    missing.removeAll(schemas.keySet());
    if (!missing.isEmpty()) {
      throw new IllegalStateException("sandbox.yaml: " + method + " " + template + " declares no " + missing);
    }
    Map<String, Object> body = null;
    boolean required = false;
    if (node.get("requestBody") instanceof Map<?, ?> requestBody) {
      Map<String, Object> content = (Map<String, Object>) ((Map<String, Object>) requestBody).get("content");
      body = (Map<String, Object>) ((Map<String, Object>) content.get("application/json")).get("schema");
      required = Boolean.TRUE.equals(requestBody.get("required"));
    }
    return new Operation((String) node.get("operationId"), method, template, Pattern.compile(regex.toString()),
        List.copyOf(names), schemas, body, required);
  }
}
