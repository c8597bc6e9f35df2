package io.github.krakensdk.codegen;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BinaryOperator;

/**
 * The contract's {@code x-kraken-public-service} records (CONVENTIONS.md) as the rows of the
 * family's {@code <Family>PublicServiceForms} table ({@code publicServiceForms.mustache}): each a
 * map of Java literals for the template. Read before anything else changes the contract.
 *
 * <p>The client rewrites paths and headers only; members are read under both names by the
 * decoders ({@code x-aliases}). A renamed member of a schema a request carries, or other names of
 * a parameter that is not a header, would silently go out in the contract's form, so they fail
 * the generation.
 */
final class PublicServiceForms {
  static final String EXTENSION = "x-kraken-public-service";
  private static final String SCHEMAS = "#/components/schemas/";

  final List<Map<String, String>> paths = new ArrayList<>();
  final List<Map<String, String>> headers = new ArrayList<>();
  final List<Map<String, String>> members = new ArrayList<>();

  /** Reads the records of {@code openAPI}; {@code javaName} names a property's record component. */
  static PublicServiceForms read(OpenAPI openAPI, BinaryOperator<String> javaName) {
    PublicServiceForms forms = new PublicServiceForms();
    Set<String> parameterKeys = new HashSet<>();
    for (Map.Entry<String, PathItem> path : openAPI.getPaths().entrySet()) {
      for (Map.Entry<PathItem.HttpMethod, Operation> entry : path.getValue().readOperationsMap().entrySet()) {
        Operation operation = entry.getValue();
        Map<String, Object> record = record(operation.getExtensions(), operation.getOperationId());
        if (record != null) {
          forms.paths.add(row("operationId", operation.getOperationId(), "method", entry.getKey().name(),
              "contractPath", path.getKey(), "servicePath", text(record, "path", operation.getOperationId()),
              "evidence", text(record, "evidence", operation.getOperationId())));
        }
        List<Parameter> parameters = new ArrayList<>();
        if (path.getValue().getParameters() != null) parameters.addAll(path.getValue().getParameters());
        if (operation.getParameters() != null) parameters.addAll(operation.getParameters());
        for (Parameter declared : parameters) {
          Parameter parameter = resolve(openAPI, declared);
          Map<String, Object> header = record(parameter.getExtensions(), parameter.getName());
          if (header != null && parameterKeys.add(parameter.getIn() + ":" + parameter.getName())) {
            forms.addHeader(parameter, header);
          }
        }
      }
    }
    if (openAPI.getComponents() != null && openAPI.getComponents().getSchemas() != null) {
      Set<String> sent = schemasInRequests(openAPI);
      for (Map.Entry<String, Schema> schema : openAPI.getComponents().getSchemas().entrySet()) {
        Map<String, Schema> properties = schema.getValue().getProperties();
        if (properties == null) continue;
        for (Map.Entry<String, Schema> property : properties.entrySet()) {
          String where = schema.getKey() + "." + property.getKey();
          Map<String, Object> member = record(property.getValue().getExtensions(), where);
          if (member == null) continue;
          if (sent.contains(schema.getKey())) {
            throw new IllegalStateException(where + ": " + EXTENSION + " renames a member that requests carry; the"
                + " client rewrites only paths and headers, so it would go out in the contract's form");
          }
          forms.members.add(row("schema", schema.getKey(), "contractName", property.getKey(),
              "javaName", javaName.apply(schema.getKey(), property.getKey()), "serviceName", text(member, "name", where),
              "evidence", text(member, "evidence", where)));
        }
      }
    }
    return forms;
  }

  private void addHeader(Parameter parameter, Map<String, Object> record) {
    if (!"header".equals(parameter.getIn())) {
      throw new IllegalStateException(parameter.getName() + ": " + EXTENSION + " names other names of a "
          + parameter.getIn() + " parameter; only a header's names can differ");
    }
    if (!(record.get("names") instanceof List<?> names) || names.isEmpty()) {
      throw new IllegalStateException(parameter.getName() + ": " + EXTENSION + ".names must list header names");
    }
    List<String> literals = new ArrayList<>();
    for (Object name : names) literals.add(ConstraintChecks.literal(String.valueOf(name)));
    Map<String, String> row = row("contractName", parameter.getName(), "evidence",
        text(record, "evidence", parameter.getName()));
    row.put("serviceNames", "java.util.List.of(" + String.join(", ", literals) + ")");
    headers.add(row);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> record(Map<String, Object> extensions, String where) {
    Object record = extensions == null ? null : extensions.get(EXTENSION);
    if (record == null) return null;
    if (!(record instanceof Map<?, ?>)) {
      throw new IllegalStateException(where + ": " + EXTENSION + " must be an object");
    }
    return (Map<String, Object>) record;
  }

  private static String text(Map<String, Object> record, String key, String where) {
    Object value = record.get(key);
    if (!(value instanceof String text) || text.isBlank()) {
      throw new IllegalStateException(where + ": " + EXTENSION + "." + key + " must be a non-blank string");
    }
    return text;
  }

  /** A row of Java string literals, {@code key, value, key, value, ...}. */
  private static Map<String, String> row(String... keysAndValues) {
    Map<String, String> row = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      row.put(keysAndValues[i], ConstraintChecks.literal(keysAndValues[i + 1].replaceAll("\\s+", " ").trim()));
    }
    return row;
  }

  private static Parameter resolve(OpenAPI openAPI, Parameter parameter) {
    if (parameter.get$ref() == null) return parameter;
    String name = parameter.get$ref().substring(parameter.get$ref().lastIndexOf('/') + 1);
    return openAPI.getComponents().getParameters().get(name);
  }

  /** The named schemas a request carries: reachable from a request body or a parameter's schema. */
  private static Set<String> schemasInRequests(OpenAPI openAPI) {
    Deque<Schema<?>> todo = new ArrayDeque<>();
    for (PathItem path : openAPI.getPaths().values()) {
      for (Operation operation : path.readOperations()) {
        if (operation.getRequestBody() != null) addContent(todo, operation.getRequestBody().getContent());
        List<Parameter> parameters = new ArrayList<>();
        if (path.getParameters() != null) parameters.addAll(path.getParameters());
        if (operation.getParameters() != null) parameters.addAll(operation.getParameters());
        for (Parameter declared : parameters) {
          Parameter parameter = resolve(openAPI, declared);
          if (parameter.getSchema() != null) todo.add(parameter.getSchema());
          addContent(todo, parameter.getContent());
        }
      }
    }
    Set<String> names = new HashSet<>();
    Set<Schema<?>> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    Map<String, Schema> components = openAPI.getComponents().getSchemas();
    while (!todo.isEmpty()) {
      Schema<?> schema = todo.pop();
      if (schema == null || !seen.add(schema)) continue;
      if (schema.get$ref() != null && schema.get$ref().startsWith(SCHEMAS)) {
        String name = schema.get$ref().substring(SCHEMAS.length());
        if (names.add(name)) todo.add(components.get(name));
        continue;
      }
      if (schema.getProperties() != null) schema.getProperties().values().forEach(todo::add);
      if (schema.getItems() != null) todo.add(schema.getItems());
      if (schema.getAdditionalProperties() instanceof Schema<?> values) todo.add(values);
      for (List<Schema> composed : java.util.Arrays.asList(schema.getAllOf(), schema.getOneOf(), schema.getAnyOf())) {
        if (composed != null) composed.forEach(todo::add);
      }
    }
    return names;
  }

  private static void addContent(Deque<Schema<?>> todo, Content content) {
    if (content == null) return;
    for (MediaType media : content.values()) {
      if (media.getSchema() != null) todo.add(media.getSchema());
    }
  }
}
