package io.github.krakensdk.tests.contract;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** One parsed contract with the look-ups the tests need. {@code $ref}s are followed here. */
public final class Contract {
  /** Marks constraints the contract decided itself (CONVENTIONS.md): clients leave them to the service. */
  public static final String CONTRACT_ONLY = "x-kraken-contract-only";

  public static final String JSON_MEDIA_TYPE = "application/json";
  public static final String FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";

  public final Family family;
  public final String text;
  /** The YAML as a plain tree: examples are read from it so that every digit survives. */
  public final JsonNode tree;
  public final OpenAPI api;

  public Contract(Family family, String text, JsonNode tree, OpenAPI api) {
    this.family = family;
    this.text = text;
    this.tree = tree;
    this.api = api;
  }

  /** An operation under {@code paths} (callbacks are not operations of the client). */
  public record Op(Contract contract, String path, PathItem.HttpMethod method, Operation operation, String pointer) {
    public String id() {
      return operation.getOperationId();
    }

    public String httpMethod() {
      return method.name().toUpperCase(Locale.ROOT);
    }

    /** A readable test name: {@code getAssets (GET /0/public/Assets)}. */
    public String label() {
      return id() + " (" + httpMethod() + " " + path + ")";
    }
  }

  /** Marks a page a browser opens, documented but not an operation of the client (CONVENTIONS.md). */
  public static final String BROWSER_PAGE = "x-kraken-browser-page";

  /**
   * Every operation of {@code paths} that a client calls, in the contract's order: the browser
   * pages ({@code x-kraken-browser-page: true}, see {@link #browserPages()}) are not among them.
   */
  public List<Op> operations() {
    return allOperations().stream().filter(op -> !isBrowserPage(op.operation()) && !isMultipart(op.operation()))
        .toList();
  }

  /**
   * The operations whose request body is {@code multipart/form-data} (a document upload). The
   * suites derived from the YAML build JSON and form requests only, so these are left out of
   * {@link #operations()} and checked on their own by {@code MultipartOperationsTest}, the
   * sandbox's {@code EmbedUsersTest} and the signer's {@code SigningRoundTripTest}.
   */
  public List<Op> multipartOperations() {
    return allOperations().stream().filter(op -> !isBrowserPage(op.operation()) && isMultipart(op.operation()))
        .toList();
  }

  public static final String MULTIPART_MEDIA_TYPE = "multipart/form-data";

  private static boolean isMultipart(Operation operation) {
    RequestBody body = operation.getRequestBody();
    return body != null && body.getContent() != null && body.getContent().containsKey(MULTIPART_MEDIA_TYPE);
  }

  /** The pages of {@code paths} a browser opens ({@code x-kraken-browser-page: true}), such as OAuth's authorize page. */
  public List<Op> browserPages() {
    return allOperations().stream().filter(op -> isBrowserPage(op.operation())).toList();
  }

  private static boolean isBrowserPage(Operation operation) {
    return operation.getExtensions() != null && Boolean.TRUE.equals(operation.getExtensions().get(BROWSER_PAGE));
  }

  private List<Op> allOperations() {
    List<Op> ops = new ArrayList<>();
    if (api.getPaths() == null) {
      return ops;
    }
    api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) ->
        ops.add(new Op(this, path, method, operation,
            "/paths/" + escape(path) + "/" + method.name().toLowerCase(Locale.ROOT)))));
    return ops;
  }

  public Op operation(String operationId) {
    return operations().stream()
        .filter(op -> operationId.equals(op.id()))
        .findFirst()
        .orElseThrow(() -> new AssertionError(family.fileName() + " has no operation " + operationId));
  }

  /** The raw YAML node at a JSON pointer. */
  public JsonNode node(String pointer) {
    return tree.at(pointer);
  }

  /** Escapes one JSON-pointer segment. */
  public static String escape(String token) {
    return token.replace("~", "~0").replace("/", "~1");
  }

  /** The last segment of a local {@code $ref}. */
  public static String refName(String ref) {
    return ref.substring(ref.lastIndexOf('/') + 1);
  }

  public Schema<?> schema(String name) {
    Schema<?> schema = api.getComponents().getSchemas().get(name);
    if (schema == null) {
      throw new AssertionError(family.fileName() + " has no schema " + name);
    }
    return schema;
  }

  /**
   * The constraint keywords {@code declared} marks as the contract's own decision ({@value
   * #CONTRACT_ONLY}), its own marker and those of the schemas its {@code $ref}s name: the client
   * leaves them to the service, the sandbox enforces them.
   */
  public Set<String> contractOnly(Schema<?> declared) {
    Set<String> keywords = new LinkedHashSet<>();
    Schema<?> current = declared;
    int hops = 0;
    while (current != null) {
      keywords.addAll(marked(current.getExtensions()));
      if (current.get$ref() == null || ++hops > 32) {
        break;
      }
      current = schema(refName(current.get$ref()));
    }
    return keywords;
  }

  /** The keywords a parameter marks as the contract's decision: {@code required}, when its flag is. */
  public Set<String> contractOnly(Parameter parameter) {
    return marked(resolve(parameter).getExtensions());
  }

  private static Set<String> marked(Map<String, Object> extensions) {
    Object marker = extensions == null ? null : extensions.get(CONTRACT_ONLY);
    Set<String> keywords = new LinkedHashSet<>();
    if (marker instanceof java.util.Collection<?> list) {
      list.forEach(keyword -> keywords.add(String.valueOf(keyword)));
    }
    return keywords;
  }

  /** Follows {@code $ref}s to the schema they name. */
  public Schema<?> resolve(Schema<?> schema) {
    Schema<?> current = schema;
    int hops = 0;
    while (current != null && current.get$ref() != null) {
      current = schema(refName(current.get$ref()));
      if (++hops > 32) {
        throw new AssertionError("$ref cycle at " + schema.get$ref());
      }
    }
    return current;
  }

  /** The named schema a (possibly) {@code $ref} schema points to, or {@code null} for an inline one. */
  public static String schemaName(Schema<?> schema) {
    return schema != null && schema.get$ref() != null ? refName(schema.get$ref()) : null;
  }

  /** The properties of an object schema, {@code allOf} parts merged, in declaration order. */
  public Map<String, Schema<?>> properties(Schema<?> schema) {
    Map<String, Schema<?>> properties = new LinkedHashMap<>();
    collectProperties(schema, properties, new LinkedHashSet<>());
    return properties;
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private void collectProperties(Schema<?> schema, Map<String, Schema<?>> into, Set<String> required) {
    Schema<?> resolved = resolve(schema);
    if (resolved == null) {
      return;
    }
    if (resolved.getAllOf() != null) {
      for (Schema part : resolved.getAllOf()) {
        collectProperties(part, into, required);
      }
    }
    if (resolved.getProperties() != null) {
      resolved.getProperties().forEach((name, property) -> into.put(name, (Schema<?>) property));
    }
    if (resolved.getRequired() != null) {
      required.addAll(resolved.getRequired());
    }
  }

  /** The required property names of an object schema, {@code allOf} parts merged. */
  public Set<String> required(Schema<?> schema) {
    Set<String> required = new LinkedHashSet<>();
    collectProperties(schema, new LinkedHashMap<>(), required);
    return required;
  }

  /**
   * The schema of a map's values ({@code additionalProperties: {schema}}); {@code null} when the
   * schema is not a map.
   */
  public Schema<?> mapValues(Schema<?> schema) {
    Schema<?> resolved = resolve(schema);
    return resolved != null && resolved.getAdditionalProperties() instanceof Schema<?> values ? values : null;
  }

  /**
   * The positions of a tuple ({@code x-kraken-tuple} on a named array schema, CONVENTIONS.md
   * "Shape"): each position's name and schema, in order; {@code null} when the schema is not one.
   */
  public Map<String, Schema<?>> tuplePositions(Schema<?> schema) {
    Schema<?> resolved = resolve(schema);
    Object positions = resolved == null || resolved.getExtensions() == null ? null
        : resolved.getExtensions().get("x-kraken-tuple");
    if (!(positions instanceof List<?> list)) {
      return null;
    }
    Map<String, Schema<?>> result = new LinkedHashMap<>();
    for (Object position : list) {
      Map<Object, Object> copy = new LinkedHashMap<>((Map<?, ?>) position);
      String name = String.valueOf(copy.remove("name"));
      result.put(name, io.swagger.v3.core.util.Json.mapper().convertValue(copy, Schema.class));
    }
    return result;
  }

  /** The number of leading positions a tuple must have ({@code minItems}, else all of them). */
  public int tupleRequired(Schema<?> schema) {
    Schema<?> resolved = resolve(schema);
    Map<String, Schema<?>> positions = tuplePositions(resolved);
    return resolved.getMinItems() != null ? resolved.getMinItems() : positions.size();
  }

  /** The schema's type, {@code allOf} parts consulted when the schema itself has none. */
  public String type(Schema<?> schema) {
    Schema<?> resolved = resolve(schema);
    if (resolved == null) {
      return null;
    }
    if (resolved.getType() != null) {
      return resolved.getType();
    }
    if (resolved.getAllOf() != null || resolved.getProperties() != null) {
      return "object";
    }
    return null;
  }

  /**
   * The member generated clients type a {@code oneOf} of an array and an object as: the object
   * schema that declares {@code x-kraken-array-form} (a result the service sends as a bare array or
   * as that object), or the map whose values the array holds (OpenPositions: {@code []} when
   * empty); {@code null} for any other schema.
   */
  @SuppressWarnings("rawtypes")
  public Schema<?> arrayFormObject(Schema<?> schema) {
    if (schema == null || schema.getOneOf() == null) {
      return null;
    }
    for (Schema member : schema.getOneOf()) {
      if (arrayFormMember(member) != null) {
        return member;
      }
    }
    if (schema.getOneOf().size() == 2) {
      for (Schema member : schema.getOneOf()) {
        if ("object".equals(member.getType()) && member.getAdditionalProperties() instanceof Schema<?>) {
          return member;
        }
      }
    }
    return null;
  }

  /**
   * The member that a bare JSON array of this object schema fills ({@code x-kraken-array-form}),
   * or {@code null} when it declares none.
   */
  public String arrayFormMember(Schema<?> schema) {
    Schema<?> resolved = resolve(schema);
    Object member = resolved == null || resolved.getExtensions() == null ? null
        : resolved.getExtensions().get("x-kraken-array-form");
    return member == null ? null : member.toString();
  }

  public Parameter resolve(Parameter parameter) {
    if (parameter.get$ref() == null) {
      return parameter;
    }
    Parameter target = api.getComponents().getParameters().get(refName(parameter.get$ref()));
    if (target == null) {
      throw new AssertionError(family.fileName() + " has no parameter " + parameter.get$ref());
    }
    return resolve(target);
  }

  /** The operation's parameters (path-level ones first), {@code $ref}s followed. */
  public List<Parameter> parameters(Op op) {
    List<Parameter> parameters = new ArrayList<>();
    PathItem item = api.getPaths().get(op.path());
    if (item.getParameters() != null) {
      item.getParameters().forEach(p -> parameters.add(resolve(p)));
    }
    if (op.operation().getParameters() != null) {
      op.operation().getParameters().forEach(p -> parameters.add(resolve(p)));
    }
    return parameters;
  }

  /** The schema of a parameter: its {@code schema}, or the schema of its single {@code content} entry. */
  public static Schema<?> parameterSchema(Parameter parameter) {
    if (parameter.getSchema() != null) {
      return parameter.getSchema();
    }
    if (parameter.getContent() != null && parameter.getContent().size() == 1) {
      return parameter.getContent().values().iterator().next().getSchema();
    }
    throw new AssertionError("parameter " + parameter.getName() + " has neither schema nor one content entry");
  }

  /** The media type of a parameter declared with {@code content}, or {@code null}. */
  public static String parameterContentType(Parameter parameter) {
    return parameter.getContent() == null ? null : parameter.getContent().keySet().iterator().next();
  }

  public RequestBody requestBody(Op op) {
    RequestBody body = op.operation().getRequestBody();
    if (body != null && body.get$ref() != null) {
      body = api.getComponents().getRequestBodies().get(refName(body.get$ref()));
    }
    return body;
  }

  /**
   * The media type the SDK sends the request body in, or {@code null} without a body: the first
   * one declared. A Spot private operation declares JSON and then the form encoding the service
   * accepts too, both with the same schema; the generated call sends the first.
   */
  public String requestMediaType(Op op) {
    RequestBody body = requestBody(op);
    if (body == null || body.getContent() == null || body.getContent().isEmpty()) {
      return null;
    }
    String first = body.getContent().keySet().iterator().next();
    if (body.getContent().size() > 1) {
      String schema = refOf(body.getContent().get(first));
      body.getContent().forEach((type, media) -> {
        if (schema == null || !schema.equals(refOf(media))) {
          throw new AssertionError(op.label() + ": every request media type must refer to one named schema, found "
              + type + " with " + refOf(media) + " beside " + first + " with " + schema);
        }
      });
    }
    return first;
  }

  private static String refOf(MediaType media) {
    return media.getSchema() == null ? null : media.getSchema().get$ref();
  }

  public MediaType requestMedia(Op op) {
    String type = requestMediaType(op);
    return type == null ? null : requestBody(op).getContent().get(type);
  }

  public ApiResponse response(ApiResponse response) {
    if (response != null && response.get$ref() != null) {
      return api.getComponents().getResponses().get(refName(response.get$ref()));
    }
    return response;
  }

  /** The response declared for {@code status} ({@code 200}, {@code 401}, {@code default}), followed. */
  public ApiResponse response(Op op, String status) {
    ApiResponse response = op.operation().getResponses().get(status);
    if (response == null) {
      throw new AssertionError(op.label() + " declares no response " + status);
    }
    return response(response);
  }

  /** The schema of the JSON body of a response. */
  public Schema<?> responseSchema(Op op, String status) {
    ApiResponse response = response(op, status);
    MediaType media = response.getContent() == null ? null : response.getContent().get(JSON_MEDIA_TYPE);
    if (media == null || media.getSchema() == null) {
      throw new AssertionError(op.label() + " response " + status + " has no application/json schema");
    }
    return media.getSchema();
  }

  /**
   * The media type of a binary success (a 2xx body of {@code type: string, format: binary}, such
   * as {@code application/zip}), or {@code null}: the SDK streams such an answer to the caller,
   * and a JSON body of the same status is then the family's error envelope.
   */
  public String binarySuccessMediaType(Op op) {
    for (String status : op.operation().getResponses().keySet()) {
      ApiResponse response = response(op, status);
      if (!status.startsWith("2") || response.getContent() == null) {
        continue;
      }
      for (Map.Entry<String, MediaType> media : response.getContent().entrySet()) {
        Schema<?> schema = resolve(media.getValue().getSchema());
        if (schema != null && "string".equals(schema.getType()) && "binary".equals(schema.getFormat())) {
          return media.getKey();
        }
      }
    }
    return null;
  }

  /** The first success (2xx) status the operation declares with a JSON body. */
  public String successStatus(Op op) {
    return op.operation().getResponses().keySet().stream()
        .filter(status -> status.startsWith("2"))
        .filter(status -> {
          ApiResponse response = response(op, status);
          return response.getContent() != null && response.getContent().containsKey(JSON_MEDIA_TYPE);
        })
        .findFirst()
        .orElseThrow(() -> new AssertionError(op.label() + " declares no 2xx JSON response"));
  }

  /** The servers the operation is called on: its own {@code servers}, else the contract's. */
  public List<Server> servers(Op op) {
    List<Server> servers = op.operation().getServers();
    if (servers == null || servers.isEmpty()) {
      servers = api.getServers();
    }
    if (servers == null || servers.isEmpty()) {
      throw new AssertionError(family.fileName() + " declares no server for " + op.label());
    }
    return servers;
  }

  /** The path part of the operation's first server, without a trailing slash ({@code ""} for none). */
  public String serverPath(Op op) {
    String path = URI.create(servers(op).get(0).getUrl()).getPath();
    if (path == null) {
      return "";
    }
    return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
  }

  /** The security schemes of the operation's first security requirement (none for a public one). */
  public List<SecurityScheme> securitySchemes(Op op) {
    List<SecurityRequirement> requirements = op.operation().getSecurity();
    if (requirements == null) {
      requirements = api.getSecurity();
    }
    List<SecurityScheme> schemes = new ArrayList<>();
    if (requirements == null || requirements.isEmpty()) {
      return schemes;
    }
    for (String name : requirements.get(0).keySet()) {
      SecurityScheme scheme = api.getComponents().getSecuritySchemes().get(name);
      if (scheme == null) {
        throw new AssertionError(family.fileName() + " has no security scheme " + name);
      }
      schemes.add(scheme);
    }
    return schemes;
  }
}
