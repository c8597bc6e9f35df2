package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.tests.contract.ApiMethods;
import io.github.krakensdk.tests.contract.ApiMethods.ApiMethod;
import io.github.krakensdk.tests.contract.ApiMethods.Param;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Examples;
import io.github.krakensdk.tests.contract.Family;
import io.github.krakensdk.tests.contract.SchemaValues;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * One operation of a contract as a caller reaches it: the blocking and asynchronous methods of
 * {@code KrakenClient.<family>().<operationId>}, whose parameters are those of the generated
 * Retrofit method minus the ones marked {@code x-kraken-client-setting}, and the JSON values the
 * contract gives for them.
 *
 * <pre>{@code
 * ServiceCall call = ServiceCall.of(contract, op);
 * Map<Param, JsonNode> json = call.exampleArguments();
 * Object result = call.invoke(client, call.decode(json));
 * }</pre>
 */
public final class ServiceCall {
  public static final String CLIENT_SETTING = "x-kraken-client-setting";
  public static final String SIGNER_FILLED = "x-kraken-signer-filled";
  public static final String IDEMPOTENT = "x-kraken-idempotent";

  public final Contract contract;
  public final Contract.Op op;
  public final ApiMethod api;
  /** The service method's parameters, as the Retrofit parameters they are passed to. */
  public final List<Param> params;
  public final Method blocking;
  public final Method async;

  private ServiceCall(Contract contract, Contract.Op op, ApiMethod api, List<Param> params, Method blocking,
      Method async) {
    this.contract = contract;
    this.op = op;
    this.api = api;
    this.params = params;
    this.blocking = blocking;
    this.async = async;
  }

  /** The service methods of {@code op}; fails if they are missing or their parameters differ from Retrofit's. */
  public static ServiceCall of(Contract contract, Contract.Op op) {
    ApiMethod api = ApiMethods.find(contract.family, op.id());
    assertNotNull(api, contract.family.apiClass().getSimpleName() + " has no method " + op.id());
    List<Param> params = api.params().stream().filter(p -> !clientSetting(contract, op, p)).toList();
    Class<?>[] types = params.stream().map(p -> p.parameter().getType()).toArray(Class<?>[]::new);
    Class<?> service = serviceClass(contract);
    Method blocking;
    Method async;
    try {
      blocking = service.getMethod(op.id(), types);
      async = service.getMethod(op.id() + "Async", types);
    } catch (NoSuchMethodException e) {
      throw new AssertionError(service.getSimpleName() + " has no " + op.id() + "/" + op.id() + "Async"
          + Arrays.toString(types) + " (the Retrofit parameters minus client settings)", e);
    }
    List<Type> retrofitTypes = params.stream().map(p -> p.parameter().getParameterizedType()).toList();
    assertEquals(retrofitTypes, List.of(blocking.getGenericParameterTypes()),
        op.id() + ": service parameter types differ from the Retrofit method's");
    assertEquals(CompletableFuture.class, async.getReturnType(), op.id() + "Async return type");
    return new ServiceCall(contract, op, api, params, blocking, async);
  }

  /** Every operation of every contract. */
  public static List<ServiceCall> all() {
    List<ServiceCall> calls = new ArrayList<>();
    for (Family family : Family.values()) {
      Contract contract = Contracts.get(family);
      contract.operations().forEach(op -> calls.add(of(contract, op)));
    }
    return calls;
  }

  public String label() {
    return contract.family.displayName() + " " + op.label();
  }

  /** The family's envelope style ({@code spot}, {@code futures}, {@code result}, {@code oauth}). */
  public String style() {
    return contract.tree.at("/x-kraken-envelope/style").asText();
  }

  /** A GET, or marked {@code x-kraken-idempotent}: the only operations a retry policy may repeat. */
  public boolean safeToRepeat() {
    Map<String, Object> extensions = op.operation().getExtensions();
    return op.httpMethod().equals("GET")
        || (extensions != null && Boolean.TRUE.equals(extensions.get(IDEMPOTENT)));
  }

  // ---- arguments ----

  /** Argument JSON from the contract's examples: parameter examples, the first request-body example, else generated. */
  public Map<Param, JsonNode> exampleArguments() {
    JsonNode body = null;
    MediaType media = contract.requestMedia(op);
    if (media != null) {
      body = Examples.first(contract, Examples.requestMediaPointer(contract, op));
      if (body == null) {
        body = SchemaValues.full(contract, media.getSchema());
      }
    }
    Map<Param, JsonNode> json = new LinkedHashMap<>();
    for (Param param : params) {
      json.put(param, switch (param.location()) {
        case "body" -> body;
        case "form" -> body == null ? null : body.get(param.name());
        default -> {
          Examples.Located located = Examples.parameter(contract, op, param.name(), param.location());
          JsonNode example = Examples.first(contract, located.pointer());
          if (example == null && located.parameter().getContent() != null) {
            example = Examples.first(contract, located.pointer() + "/content/"
                + Contract.escape(Contract.parameterContentType(located.parameter())));
          }
          yield example != null ? example : SchemaValues.full(contract, Contract.parameterSchema(located.parameter()));
        }
      });
    }
    return json;
  }

  /** Argument JSON generated from the schemas with every parameter and every body member filled in. */
  public Map<Param, JsonNode> generatedArguments() {
    JsonNode body = bodySchema() == null ? null : SchemaValues.full(contract, bodySchema());
    Map<Param, JsonNode> json = new LinkedHashMap<>();
    for (Param param : params) {
      json.put(param, switch (param.location()) {
        case "body" -> body;
        case "form" -> body.get(param.name());
        default -> SchemaValues.full(contract, Contract.parameterSchema(contractParameter(param)));
      });
    }
    return json;
  }

  /** Argument JSON with only what the contract requires: optional parameters null, a minimal body. */
  public Map<Param, JsonNode> requiredArguments() {
    JsonNode body = bodySchema() == null ? null : SchemaValues.minimal(contract, bodySchema());
    Map<Param, JsonNode> json = new LinkedHashMap<>();
    for (Param param : params) {
      json.put(param, switch (param.location()) {
        case "body" -> body;
        case "form" -> body.get(param.name());
        default -> {
          Parameter parameter = contractParameter(param);
          boolean required = Boolean.TRUE.equals(parameter.getRequired()) || "path".equals(parameter.getIn());
          yield required ? SchemaValues.full(contract, Contract.parameterSchema(parameter)) : null;
        }
      });
    }
    return json;
  }

  /** The request body's schema, or null without a body. */
  public Schema<?> bodySchema() {
    MediaType media = contract.requestMedia(op);
    return media == null ? null : media.getSchema();
  }

  /** The contract's declaration of a query, path or header parameter. */
  public Parameter contractParameter(Param param) {
    return Examples.parameter(contract, op, param.name(), param.location()).parameter();
  }

  /** Decodes each argument's JSON into the parameter's Java type with the SDK's JSON set-up. */
  public Object[] decode(Map<Param, JsonNode> json) {
    Moshi moshi = Contracts.moshi();
    Object[] arguments = new Object[params.size()];
    for (int i = 0; i < params.size(); i++) {
      Param param = params.get(i);
      JsonNode value = json.get(param);
      if (value == null || value.isNull() || value.isMissingNode()) {
        continue;
      }
      Type type = param.parameter().getParameterizedType();
      try {
        arguments[i] = moshi.adapter(type).fromJson(Contracts.writeJson(value));
      } catch (IOException | RuntimeException e) {
        throw new AssertionError(op.id() + ": " + value + " for " + param.location() + " " + param.name()
            + " does not decode into " + type.getTypeName() + ": " + e, e);
      }
    }
    return arguments;
  }

  // ---- calling ----

  /** Calls the blocking method; throws what it throws. */
  public Object invoke(KrakenClient client, Object[] arguments) throws Throwable {
    try {
      return blocking.invoke(service(client), arguments);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** Calls the asynchronous method; throws only what it throws before returning its future. */
  public CompletableFuture<?> invokeAsync(KrakenClient client, Object[] arguments) throws Throwable {
    try {
      return (CompletableFuture<?>) async.invoke(service(client), arguments);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private Object service(KrakenClient client) throws ReflectiveOperationException {
    return KrakenClient.class.getMethod(contract.family.id()).invoke(client);
  }

  // ---- responses ----

  /** The 2xx statuses the operation declares with a JSON body, in the order written. */
  public List<String> successStatuses() {
    return op.operation().getResponses().keySet().stream()
        .filter(status -> status.startsWith("2"))
        .filter(status -> contract.response(op, status).getContent() != null
            && contract.response(op, status).getContent().containsKey(Contract.JSON_MEDIA_TYPE))
        .toList();
  }

  /** True if {@code body}, answered with a 2xx status, is a success by the family's envelope. */
  public boolean isSuccessBody(JsonNode body) {
    return switch (style()) {
      case "spot" -> body.path("error").isArray() && body.path("error").isEmpty();
      case "futures" -> "success".equals(body.path("result").asText());
      default -> true;
    };
  }

  /** True if the service returns the whole body (Futures, a body without {@code result}); else its {@code result}. */
  public boolean returnsWholeBody(String status) {
    return style().equals("futures")
        || !contract.properties(contract.responseSchema(op, status)).containsKey("result");
  }

  /** What the blocking method should return for {@code body}, decoded by the SDK's JSON set-up. */
  public Object expectedResult(KrakenClient client, String status, JsonNode body) throws IOException {
    JsonNode value = returnsWholeBody(status) ? body : body.get("result");
    return client.moshi().adapter(blocking.getGenericReturnType()).fromJson(Contracts.writeJson(value));
  }

  /** The properties of the request body the SDK's signer fills in ({@code x-kraken-signer-filled}). */
  public Set<String> signerFilled() {
    Schema<?> schema = bodySchema();
    if (schema == null) {
      return Set.of();
    }
    Set<String> names = new LinkedHashSet<>();
    contract.properties(schema).forEach((name, property) -> {
      Map<String, Object> extensions = property.getExtensions();
      if (extensions != null && Boolean.TRUE.equals(extensions.get(SIGNER_FILLED))) {
        names.add(name);
      }
    });
    return names;
  }

  private static boolean clientSetting(Contract contract, Contract.Op op, Param param) {
    if (!Set.of("query", "path", "header").contains(param.location())) {
      return false;
    }
    Map<String, Object> extensions =
        Examples.parameter(contract, op, param.name(), param.location()).parameter().getExtensions();
    return extensions != null && Boolean.TRUE.equals(extensions.get(CLIENT_SETTING));
  }

  private static Class<?> serviceClass(Contract contract) {
    String name = contract.family.apiPackage() + "." + contract.family.displayName() + "Service";
    try {
      return Class.forName(name);
    } catch (ClassNotFoundException e) {
      throw new AssertionError("no generated service " + name, e);
    }
  }
}
