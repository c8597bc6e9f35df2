package io.github.krakensdk.codegen;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What each {@code pattern} of the contract means in words ({@value #EXTENSION}, set beside the
 * pattern by the contract's author), by the pattern's text: a request that breaks a pattern is
 * refused with "cl_ord_id must be a UUID or at most 18 printable ASCII characters", not with the
 * regular expression. One pattern has one meaning: two texts for the same pattern fail the build.
 */
final class RuleTexts {
  static final String EXTENSION = "x-kraken-rule-text";

  private final Map<String, String> byPattern = new LinkedHashMap<>();
  private final Set<Schema<?>> visited = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

  private RuleTexts() {}

  /** The words of every pattern of {@code openAPI}'s schemas and parameters, by pattern. */
  static Map<String, String> read(OpenAPI openAPI) {
    RuleTexts texts = new RuleTexts();
    if (openAPI.getComponents() != null) {
      if (openAPI.getComponents().getSchemas() != null) {
        openAPI.getComponents().getSchemas().values().forEach(texts::visit);
      }
      if (openAPI.getComponents().getParameters() != null) {
        openAPI.getComponents().getParameters().values().forEach(texts::visit);
      }
    }
    if (openAPI.getPaths() != null) {
      openAPI.getPaths().values().forEach(path -> {
        if (path.getParameters() != null) {
          path.getParameters().forEach(texts::visit);
        }
        path.readOperations().forEach(texts::visit);
      });
    }
    return Map.copyOf(texts.byPattern);
  }

  private void visit(Operation operation) {
    if (operation.getParameters() != null) {
      operation.getParameters().forEach(this::visit);
    }
    if (operation.getRequestBody() != null && operation.getRequestBody().getContent() != null) {
      operation.getRequestBody().getContent().values().stream().map(MediaType::getSchema).forEach(this::visit);
    }
  }

  private void visit(Parameter parameter) {
    visit(parameter.getSchema());
  }

  @SuppressWarnings("rawtypes")
  private void visit(Schema<?> schema) {
    if (schema == null || !visited.add(schema)) {
      return;
    }
    Object text = schema.getExtensions() == null ? null : schema.getExtensions().get(EXTENSION);
    if (schema.getPattern() != null && text != null) {
      String earlier = byPattern.putIfAbsent(schema.getPattern(), text.toString().trim());
      if (earlier != null && !earlier.equals(text.toString().trim())) {
        throw new IllegalStateException("pattern " + schema.getPattern() + " has two " + EXTENSION + ": \""
            + earlier + "\" and \"" + text + "\"");
      }
    }
    if (schema.getProperties() != null) {
      ((Map<String, Schema>) (Map) schema.getProperties()).values().forEach(this::visit);
    }
    visit(schema.getItems());
    if (schema.getAdditionalProperties() instanceof Schema<?> values) {
      visit(values);
    }
    for (List<Schema> members : List.of(nullToEmpty(schema.getAllOf()), nullToEmpty(schema.getOneOf()),
        nullToEmpty(schema.getAnyOf()))) {
      members.forEach(this::visit);
    }
  }

  @SuppressWarnings("rawtypes")
  private static List<Schema> nullToEmpty(Collection<Schema> schemas) {
    return schemas == null ? List.of() : List.copyOf(schemas);
  }
}
