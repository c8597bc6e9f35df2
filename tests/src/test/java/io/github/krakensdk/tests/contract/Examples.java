package io.github.krakensdk.tests.contract;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the examples a contract writes for an operation (parameters, request body, responses) in
 * the raw YAML, where every digit survives, following the {@code $ref}s that swagger-parser has
 * already resolved in its model.
 *
 * <pre>{@code
 * Examples.Located user = Examples.parameter(contract, op, "user", "path");
 * JsonNode value = Examples.first(contract, user.pointer());
 * }</pre>
 */
public final class Examples {
  private Examples() {}

  /** A contract parameter and the JSON pointer of the YAML object that declares it. */
  public record Located(Parameter parameter, String pointer) {}

  /** The parameter {@code name} in {@code location} of {@code op} with the pointer where it is written. */
  public static Located parameter(Contract contract, Contract.Op op, String name, String location) {
    List<Parameter> declared = op.operation().getParameters() == null ? List.of() : op.operation().getParameters();
    for (int i = 0; i < declared.size(); i++) {
      Parameter resolved = contract.resolve(declared.get(i));
      if (resolved.getName().equals(name) && resolved.getIn().equals(location)) {
        // The YAML may hold a $ref here (swagger-parser resolves it in the model, the raw tree keeps it).
        String pointer = op.pointer() + "/parameters/" + i;
        return new Located(resolved, followRef(contract, pointer));
      }
    }
    throw new AssertionError(op.label() + " declares no " + location + " parameter " + name);
  }

  /** The {@code example}, or the first of the {@code examples}, of the YAML object at {@code pointer}; null if none. */
  public static JsonNode first(Contract contract, String pointer) {
    JsonNode node = contract.node(pointer);
    if (node.has("example")) {
      return node.get("example");
    }
    Map<String, JsonNode> named = named(contract, pointer);
    return named.isEmpty() ? null : named.values().iterator().next();
  }

  /** The named {@code examples} of the YAML object at {@code pointer}, in the order written. */
  public static Map<String, JsonNode> named(Contract contract, String pointer) {
    Map<String, JsonNode> values = new LinkedHashMap<>();
    JsonNode examples = contract.node(pointer).get("examples");
    if (examples == null) {
      return values;
    }
    for (Map.Entry<String, JsonNode> entry : examples.properties()) {
      JsonNode example = entry.getValue();
      if (example.has("$ref")) {
        example = contract.node(example.get("$ref").textValue().substring(1));
      }
      values.put(entry.getKey(), example.get("value"));
    }
    return values;
  }

  /** Where the request body of {@code op} is written (its component when it is a {@code $ref}). */
  public static String requestBodyPointer(Contract contract, Contract.Op op) {
    return followRef(contract, op.pointer() + "/requestBody");
  }

  /** The pointer of the request body's single media type object. */
  public static String requestMediaPointer(Contract contract, Contract.Op op) {
    return requestBodyPointer(contract, op) + "/content/" + Contract.escape(contract.requestMediaType(op));
  }

  /** Where the response {@code status} of {@code op} is written (its component when it is a {@code $ref}). */
  public static String responsePointer(Contract contract, Contract.Op op, String status) {
    return followRef(contract, op.pointer() + "/responses/" + Contract.escape(status));
  }

  /**
   * The named examples of the JSON body of response {@code status}, in the order written: {@code
   * application/json}, or {@code application/problem+json} for a response that has only that
   * (Funding's errors).
   */
  public static Map<String, JsonNode> response(Contract contract, Contract.Op op, String status) {
    String pointer = responsePointer(contract, op, status) + "/content/";
    String json = pointer + Contract.escape(Contract.JSON_MEDIA_TYPE);
    return contract.node(json).isMissingNode()
        ? named(contract, pointer + Contract.escape(PROBLEM_MEDIA_TYPE))
        : named(contract, json);
  }

  /** The media type of Funding's error bodies (RFC 9457). */
  public static final String PROBLEM_MEDIA_TYPE = "application/problem+json";

  private static String followRef(Contract contract, String pointer) {
    JsonNode node = contract.node(pointer);
    return node.has("$ref") ? node.get("$ref").textValue().substring(1) : pointer;
  }
}
