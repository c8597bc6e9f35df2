package io.github.krakensdk.codegen;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Adds one schema per operation, {@code <OperationId>Request}, holding every member a caller sets:
 * the path, query and header parameters (client settings left out) and the properties of a JSON
 * or form body, flattened (signer-filled ones left out). The generator then makes it a model like
 * any other, with the contract's checks, and the service takes it as the one argument of the
 * call. A query parameter whose value is a JSON object (Futures {@code json}) is flattened the same
 * way: it is a body that travels in the query.
 *
 * <p>Also records, per operation, its security requirement ({@code x-gen-security}: the scheme
 * names, then {@code x-gen-scopes}) so that the templates can put it on the Retrofit method.
 */
final class OperationRequests {
  static final String REQUEST_FOR = "x-gen-request-for";
  static final String IN_SERVICE = "x-kraken-service-method";
  static final String CLIENT_SETTING = "x-kraken-client-setting";
  static final String SIGNER_FILLED = "x-kraken-signer-filled";
  static final String ONE_OF = "x-kraken-one-of";

  /**
   * Where a request member goes on the wire; {@code requiredByDecision} when the contract requires
   * it by its own decision ({@code x-kraken-contract-only: [required]} on the parameter or the body);
   * {@code javaName} the contract's Java name of it ({@code x-kraken-java-name}), or null.
   */
  record Member(String in, String wireName, String description, boolean requiredByDecision, String javaName,
      ValueTypes.ValueType javaType) {}

  /** What the service needs to turn a request into a Retrofit call. */
  record Shape(String requestSchema, String bodySchema, String jsonQuerySchema) {}

  /**
   * The operation's {@code x-kraken-one-of} groups (member names of which a call gives at least
   * one); {@code contractOnly} when the operation marks them as the contract's own decision, so
   * that {@code build()} leaves them to the service.
   */
  record OneOfGroups(List<List<String>> groups, boolean contractOnly) {}

  private final Map<String, Map<String, Member>> membersBySchema = new LinkedHashMap<>();
  private final Map<String, Shape> shapeByOperation = new LinkedHashMap<>();
  private final Map<String, OneOfGroups> oneOfBySchema = new LinkedHashMap<>();

  /** Synthesizes the request schemas into {@code openAPI}; fails on a name clash. */
  void addTo(OpenAPI openAPI) {
    addTo(openAPI, JavaNames.none());
  }

  /** As {@link #addTo(OpenAPI)}, the members named in Java by {@code javaNames} where the contract says. */
  void addTo(OpenAPI openAPI, JavaNames javaNames) {
    Map<String, Schema> schemas = openAPI.getComponents().getSchemas();
    for (PathItem path : openAPI.getPaths().values()) {
      for (Operation operation : path.readOperations()) {
        recordSecurity(openAPI, operation);
        if (!inService(operation)) {
          continue;
        }
        ObjectSchema request = new ObjectSchema();
        List<String> required = new ArrayList<>();
        Map<String, Member> members = new LinkedHashMap<>();
        String jsonQuerySchema = null;
        List<Parameter> parameters = new ArrayList<>();
        if (path.getParameters() != null) {
          parameters.addAll(path.getParameters());
        }
        if (operation.getParameters() != null) {
          parameters.addAll(operation.getParameters());
        }
        for (Parameter declared : parameters) {
          Parameter parameter = resolve(openAPI, declared);
          if (Boolean.TRUE.equals(extension(parameter.getExtensions(), CLIENT_SETTING))) {
            continue;
          }
          if (parameter.getContent() != null) {
            String ref = mediaRef(parameter.getContent());
            jsonQuerySchema = simpleName(ref);
            flatten(operation, jsonQuerySchema, schemas.get(jsonQuerySchema), "json-query", request, members, required,
                javaNames);
            continue;
          }
          String name = parameter.getName();
          add(operation, request, members, name, parameter.getSchema(),
              new Member(parameter.getIn(), name, parameter.getDescription(),
                  ContractOnly.marked(parameter.getExtensions()).contains("required"),
                  (String) extension(parameter.getExtensions(), JavaNames.EXTENSION),
                  parameterType(operation, name, parameter)),
              Boolean.TRUE.equals(parameter.getRequired()) || "path".equals(parameter.getIn()), required);
        }
        String bodySchema = null;
        RequestBody body = operation.getRequestBody();
        if (body != null && body.getContent() != null) {
          bodySchema = simpleName(mediaRef(body.getContent()));
          flatten(operation, bodySchema, schemas.get(bodySchema), "body", request, members, required, javaNames);
        }
        // Named after the service method, which the contract may name (x-kraken-java-name).
        Object javaName = extension(operation.getExtensions(), JavaNames.EXTENSION);
        String requestName = capitalize(javaName != null ? String.valueOf(javaName) : operation.getOperationId())
            + "Request";
        if (!members.isEmpty()) {
          if (schemas.containsKey(requestName)) {
            throw new IllegalArgumentException("schema " + requestName + " clashes with the request of operation "
                + operation.getOperationId() + "; rename the schema");
          }
          request.setDescription("The request of `" + operation.getOperationId() + "`: " + operation.getSummary()
              + ". Build it with `builder()`; `build()` checks it against the contract.");
          request.addExtension(REQUEST_FOR, operation.getOperationId());
          if (!required.isEmpty()) {
            request.setRequired(required);
          }
          schemas.put(requestName, request);
          membersBySchema.put(requestName, members);
        }
        OneOfGroups groups = oneOfGroups(operation, members.keySet());
        if (groups != null) {
          oneOfBySchema.put(requestName, groups);
        }
        shapeByOperation.put(operation.getOperationId(),
            new Shape(members.isEmpty() ? null : requestName, bodySchema, jsonQuerySchema));
      }
    }
  }

  /** The members of a synthesized request schema by property name, or null for other schemas. */
  Map<String, Member> members(String schemaName) {
    return membersBySchema.get(schemaName);
  }

  /** The one-of groups of a synthesized request schema, or null when its operation has none. */
  OneOfGroups oneOf(String schemaName) {
    return oneOfBySchema.get(schemaName);
  }

  Shape shape(String operationId) {
    return shapeByOperation.get(operationId);
  }

  static boolean inService(Operation operation) {
    return !Boolean.FALSE.equals(extension(operation.getExtensions(), IN_SERVICE));
  }

  private static OneOfGroups oneOfGroups(Operation operation, Set<String> members) {
    Object declared = extension(operation.getExtensions(), ONE_OF);
    if (declared == null) {
      return null;
    }
    List<List<String>> groups = new ArrayList<>();
    if (declared instanceof List<?> list && !list.isEmpty()) {
      for (Object group : list) {
        if (!(group instanceof List<?> names) || names.size() < 2) {
          throw new IllegalArgumentException(operation.getOperationId() + ": each " + ONE_OF
              + " group lists two or more members");
        }
        List<String> memberNames = new ArrayList<>();
        for (Object name : names) {
          if (!members.contains(String.valueOf(name))) {
            throw new IllegalArgumentException(operation.getOperationId() + ": " + ONE_OF + " names " + name
                + ", which is not a member of its request " + members);
          }
          memberNames.add(String.valueOf(name));
        }
        groups.add(List.copyOf(memberNames));
      }
    } else {
      throw new IllegalArgumentException(operation.getOperationId() + ": " + ONE_OF + " is a list of groups");
    }
    boolean contractOnly = ContractOnly.marked(operation.getExtensions()).contains(ONE_OF);
    return new OneOfGroups(List.copyOf(groups), contractOnly);
  }

  private static void flatten(Operation operation, String schemaName, Schema<?> object, String in,
      ObjectSchema request, Map<String, Member> members, List<String> requiredMembers, JavaNames javaNames) {
    if (object == null || object.getProperties() == null) {
      throw new IllegalArgumentException(operation.getOperationId() + ": a body must be a $ref to an object schema");
    }
    List<String> required = object.getRequired() == null ? List.of() : object.getRequired();
    boolean requiredByDecision = ContractOnly.marked(object.getExtensions()).contains("required");
    object.getProperties().forEach((name, property) -> {
      if (!Boolean.TRUE.equals(extension(property.getExtensions(), SIGNER_FILLED))) {
        add(operation, request, members, name, property, new Member(in, name, null, requiredByDecision,
            javaNames.of(schemaName, name), javaNames.type(schemaName, name)),
            required.contains(name), requiredMembers);
      }
    });
  }

  private static ValueTypes.ValueType parameterType(Operation operation, String name, Parameter parameter) {
    Object type = extension(parameter.getExtensions(), ValueTypes.EXTENSION);
    return type == null ? null : ValueTypes.of(operation.getOperationId() + "." + name, String.valueOf(type));
  }

  private static void add(Operation operation, ObjectSchema request, Map<String, Member> members, String name,
      Schema<?> schema, Member member, boolean required, List<String> requiredMembers) {
    if (members.containsKey(name)) {
      throw new IllegalArgumentException(operation.getOperationId() + ": two request members are named " + name);
    }
    members.put(name, member);
    request.addProperty(name, schema);
    if (required) {
      requiredMembers.add(name);
    }
  }

  private static void recordSecurity(OpenAPI openAPI, Operation operation) {
    List<SecurityRequirement> security = operation.getSecurity() != null ? operation.getSecurity() : openAPI.getSecurity();
    List<String> schemes = new ArrayList<>();
    List<String> scopes = new ArrayList<>();
    if (security != null && !security.isEmpty()) {
      if (security.size() > 1) {
        throw new IllegalArgumentException(operation.getOperationId() + ": one security requirement per operation");
      }
      security.get(0).forEach((scheme, schemeScopes) -> {
        schemes.add(scheme);
        scopes.addAll(schemeScopes);
      });
    }
    operation.addExtension("x-gen-security", schemes);
    operation.addExtension("x-gen-scopes", scopes);
  }

  private static Parameter resolve(OpenAPI openAPI, Parameter parameter) {
    if (parameter.get$ref() == null) {
      return parameter;
    }
    return openAPI.getComponents().getParameters().get(simpleName(parameter.get$ref()));
  }

  private static String mediaRef(Content content) {
    MediaType media = content.values().iterator().next();
    String ref = media.getSchema() == null ? null : media.getSchema().get$ref();
    if (ref == null) {
      throw new IllegalArgumentException("a body or JSON parameter must be a $ref to a named schema (CONVENTIONS.md)");
    }
    return ref;
  }

  private static Object extension(Map<String, Object> extensions, String name) {
    return extensions == null ? null : extensions.get(name);
  }

  private static String simpleName(String ref) {
    return ref.substring(ref.lastIndexOf('/') + 1);
  }

  private static String capitalize(String text) {
    return Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }
}
