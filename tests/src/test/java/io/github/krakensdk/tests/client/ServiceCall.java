package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.runtime.call.BinaryDownload;
import io.github.krakensdk.errors.ConstraintViolationException;
import io.github.krakensdk.tests.contract.ApiMethods;
import io.github.krakensdk.tests.contract.ApiMethods.ApiMethod;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Examples;
import io.github.krakensdk.tests.contract.Family;
import io.github.krakensdk.tests.contract.JavaTypes;
import io.github.krakensdk.tests.contract.SchemaValues;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import mockwebserver3.MockResponse;
import okio.Buffer;

/**
 * One operation of a contract as a caller reaches it: {@code KrakenClient.<family>().<operationId>}
 * and its {@code Async} twin, which take the generated {@code <OperationId>Request} (or nothing,
 * when the operation has no members), and the members of that request as the YAML declares them:
 * the path, query and header parameters (client settings left out), the properties of the body,
 * flattened, and those of a JSON query parameter's object (signer-filled ones left out).
 *
 * <p>Arguments are one JSON object keyed by the members' contract names, decoded into the request
 * by the SDK's JSON set-up (the request's own adapter, which builds and so checks it):
 *
 * <pre>{@code
 * ServiceCall call = ServiceCall.of(contract, op);
 * ObjectNode json = call.exampleArguments();
 * Object result = call.invoke(client, call.decode(json));
 * }</pre>
 *
 * <p>An operation marked {@code x-kraken-service-method: false} (OAuth {@code getToken}) has no
 * service method: {@link #inService()} is false, {@link #invoke} refuses it, and the suites reach
 * it through the client's token path ({@link TokenCall}).
 */
public final class ServiceCall {
  public static final String CLIENT_SETTING = "x-kraken-client-setting";
  public static final String SIGNER_FILLED = "x-kraken-signer-filled";
  public static final String IDEMPOTENT = "x-kraken-idempotent";
  public static final String SERVICE_METHOD = "x-kraken-service-method";

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /**
   * One member of an operation's request, as the contract declares it.
   *
   * @param location {@code path}, {@code query} or {@code header} for a parameter, {@code
   *     json-query} for a property of a JSON query parameter's object, {@code body} or {@code form}
   *     for a property of the request body
   * @param parameter the contract parameter that carries the member (the JSON query parameter for
   *     its properties); null for a body property
   * @param requiredByDecision the member is required by the contract's own decision ({@code
   *     x-kraken-contract-only: [required]} on its parameter or its body): the sandbox requires
   *     it, the client does not
   * @param javaType the typed value the contract gives it ({@code x-kraken-java-type}), or null
   */
  public record Member(String name, String location, Schema<?> schema, boolean required, Parameter parameter,
      boolean requiredByDecision, String javaName, String javaType) {
    public boolean inBody() {
      return location.equals("body") || location.equals("form");
    }
  }

  public final Contract contract;
  public final Contract.Op op;
  /** The Retrofit method the service sends the request with. */
  public final ApiMethod api;
  /** The request's members, parameters first, in the contract's order. */
  public final List<Member> members;
  /** {@code <OperationId>Request}, or null when the operation has no members or no service method. */
  public final Class<?> requestType;
  /** Null when the operation is not a service method. */
  public final Method blocking;
  public final Method async;
  private final Method blockingBuilding;
  private final Method asyncBuilding;

  private ServiceCall(Contract contract, Contract.Op op, ApiMethod api, List<Member> members, Class<?> requestType,
      Method[] methods) {
    this.contract = contract;
    this.op = op;
    this.api = api;
    this.members = members;
    this.requestType = requestType;
    this.blocking = methods[0];
    this.async = methods[1];
    this.blockingBuilding = methods[2];
    this.asyncBuilding = methods[3];
  }

  /**
   * The service methods of {@code op}; fails if they are missing, take something else than the
   * request, or exist although the contract says the operation is not a service method.
   */
  public static ServiceCall of(Contract contract, Contract.Op op) {
    ApiMethod api = ApiMethods.find(contract.family, op.id());
    assertNotNull(api, contract.family.apiClass().getSimpleName() + " has no method " + op.id());
    List<Member> members = members(contract, op);
    Class<?> service = serviceClass(contract);
    Method[] methods = new Method[4];
    String name = methodName(op);
    if (!inService(op)) {
      List<String> found = Arrays.stream(service.getMethods())
          .map(Method::getName)
          .filter(method -> method.equals(name) || method.equals(name + "Async"))
          .toList();
      assertEquals(List.of(), found, op.id() + " is marked " + SERVICE_METHOD + ": false but "
          + service.getSimpleName() + " has it");
      return new ServiceCall(contract, op, api, members, null, methods);
    }
    Class<?> requestType = null;
    try {
      if (members.isEmpty()) {
        methods[0] = service.getMethod(name);
        methods[1] = service.getMethod(name + "Async");
      } else {
        requestType = requestClass(contract, op);
        methods[0] = service.getMethod(name, requestType);
        methods[1] = service.getMethod(name + "Async", requestType);
        methods[2] = service.getMethod(name, Consumer.class);
        methods[3] = service.getMethod(name + "Async", Consumer.class);
      }
    } catch (NoSuchMethodException e) {
      throw new AssertionError(service.getSimpleName() + " has no " + name + "/" + name + "Async taking "
          + (requestType == null ? "nothing" : requestType.getSimpleName() + " or a Consumer of its builder"), e);
    }
    assertEquals(CompletableFuture.class, methods[1].getReturnType(), op.id() + "Async return type");
    return new ServiceCall(contract, op, api, members, requestType, methods);
  }

  /**
   * The service method's name: the operation's {@code x-kraken-java-name} (Spot's {@code
   * getWithdrawalMethods} is {@code listWithdrawalMethods}), else its operationId.
   */
  public static String methodName(Contract.Op op) {
    Map<String, Object> extensions = op.operation().getExtensions();
    Object javaName = extensions == null ? null : extensions.get("x-kraken-java-name");
    return javaName == null ? op.id() : String.valueOf(javaName);
  }

  /** Every operation of every contract, those without a service method included. */
  public static List<ServiceCall> all() {
    List<ServiceCall> calls = new ArrayList<>();
    for (Family family : Family.values()) {
      Contract contract = Contracts.get(family);
      contract.operations().forEach(op -> calls.add(of(contract, op)));
    }
    return calls;
  }

  /** True unless the contract marks the operation {@code x-kraken-service-method: false}. */
  public static boolean inService(Contract.Op op) {
    Map<String, Object> extensions = op.operation().getExtensions();
    return extensions == null || !Boolean.FALSE.equals(extensions.get(SERVICE_METHOD));
  }

  public boolean inService() {
    return inService(op);
  }

  public String label() {
    return contract.family.displayName() + " " + op.label();
  }

  /** The family's envelope style ({@code spot}, {@code futures}, {@code result}, {@code oauth}, {@code problem}). */
  public String style() {
    return contract.tree.at("/x-kraken-envelope/style").asText();
  }

  /** A GET, or marked {@code x-kraken-idempotent}: the only operations a retry policy may repeat. */
  public boolean safeToRepeat() {
    Map<String, Object> extensions = op.operation().getExtensions();
    return op.httpMethod().equals("GET")
        || (extensions != null && Boolean.TRUE.equals(extensions.get(IDEMPOTENT)));
  }

  public Member member(String name) {
    return members.stream().filter(m -> m.name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError(op.id() + " has no request member " + name));
  }

  // ---- members, from the YAML ----

  private static List<Member> members(Contract contract, Contract.Op op) {
    List<Member> members = new ArrayList<>();
    for (Parameter parameter : contract.parameters(op)) {
      if (flag(parameter.getExtensions(), CLIENT_SETTING)) {
        continue; // set once on the client (KrakenClient.Builder), never per call
      }
      if (parameter.getContent() != null) {
        Schema<?> object = Contract.parameterSchema(parameter);
        flatten(contract, object, "json-query", parameter, members);
        continue;
      }
      boolean required = Boolean.TRUE.equals(parameter.getRequired()) || "path".equals(parameter.getIn());
      members.add(new Member(parameter.getName(), parameter.getIn(), parameter.getSchema(), required, parameter,
          required && contract.contractOnly(parameter).contains("required"),
          parameter.getExtensions() != null && parameter.getExtensions().get("x-kraken-java-name") != null
              ? String.valueOf(parameter.getExtensions().get("x-kraken-java-name")) : JavaTypes.camel(parameter.getName()),
          null));
    }
    String mediaType = contract.requestMediaType(op);
    if (mediaType != null) {
      flatten(contract, contract.requestMedia(op).getSchema(),
          Contract.FORM_MEDIA_TYPE.equals(mediaType) ? "form" : "body", null, members);
    }
    return Collections.unmodifiableList(members);
  }

  private static void flatten(Contract contract, Schema<?> object, String location, Parameter parameter,
      List<Member> into) {
    Set<String> required = contract.required(object);
    boolean byDecision = contract.contractOnly(object).contains("required");
    contract.properties(object).forEach((name, property) -> {
      if (!flag(property.getExtensions(), SIGNER_FILLED)) {
        into.add(new Member(name, location, property, required.contains(name), parameter,
            byDecision && required.contains(name), JavaTypes.javaName(Contract.schemaName(object), name),
            JavaTypes.javaType(Contract.schemaName(object), name)));
      }
    });
  }

  private static boolean flag(Map<String, Object> extensions, String name) {
    return extensions != null && Boolean.TRUE.equals(extensions.get(name));
  }

  // ---- arguments ----

  /**
   * Arguments from the contract's examples: each parameter's example, the first request-body
   * example's and the JSON query parameter's example's properties; generated from the schema
   * where the contract has no example.
   */
  public ObjectNode exampleArguments() {
    ObjectNode arguments = NODES.objectNode();
    JsonNode body = null;
    if (contract.requestMedia(op) != null) {
      body = Examples.first(contract, Examples.requestMediaPointer(contract, op));
      if (body == null) {
        body = SchemaValues.full(contract, bodySchema());
      }
    }
    JsonNode jsonQuery = null;
    for (Member member : members) {
      JsonNode value = switch (member.location()) {
        case "body", "form" -> body.get(member.name());
        case "json-query" -> {
          if (jsonQuery == null) {
            jsonQuery = parameterExample(member.parameter());
          }
          yield jsonQuery.get(member.name());
        }
        default -> parameterExample(member.parameter());
      };
      put(arguments, member, value);
    }
    return arguments;
  }

  /** Arguments generated from the schemas with every member, and every member of theirs, filled in. */
  public ObjectNode generatedArguments() {
    return generated(false);
  }

  /** Arguments with only what the contract requires: required members, each with its required members only. */
  public ObjectNode requiredArguments() {
    return generated(true);
  }

  /**
   * The operation's {@code x-kraken-one-of} groups: names of members of which a call gives at
   * least one (CONVENTIONS.md); empty without any.
   */
  public List<List<String>> oneOfGroups() {
    Object declared = op.operation().getExtensions() == null ? null
        : op.operation().getExtensions().get("x-kraken-one-of");
    List<List<String>> groups = new ArrayList<>();
    if (declared instanceof List<?> list) {
      for (Object group : list) {
        groups.add(((List<?>) group).stream().map(String::valueOf).toList());
      }
    }
    return groups;
  }

  /** Whether the operation marks its one-of groups as the contract's own ({@code build()} leaves them to the service). */
  public boolean oneOfByDecision() {
    Object marker = op.operation().getExtensions() == null ? null
        : op.operation().getExtensions().get("x-kraken-contract-only");
    return marker instanceof List<?> list && list.contains("x-kraken-one-of");
  }

  private ObjectNode generated(boolean requiredOnly) {
    ObjectNode arguments = NODES.objectNode();
    JsonNode body = bodySchema() == null ? null
        : requiredOnly ? SchemaValues.minimal(contract, bodySchema()) : SchemaValues.full(contract, bodySchema());
    JsonNode jsonQuery = null;
    for (Member member : members) {
      JsonNode value = switch (member.location()) {
        case "body", "form" -> body.get(member.name());
        case "json-query" -> {
          if (jsonQuery == null) {
            Schema<?> object = Contract.parameterSchema(member.parameter());
            jsonQuery = requiredOnly ? SchemaValues.minimal(contract, object) : SchemaValues.full(contract, object);
          }
          yield jsonQuery.get(member.name());
        }
        default -> requiredOnly && !member.required() ? null : SchemaValues.full(contract, member.schema());
      };
      put(arguments, member, value);
    }
    if (requiredOnly) {
      // What the contract requires includes one member of each one-of group: the first.
      ObjectNode full = generated(false);
      for (List<String> group : oneOfGroups()) {
        if (group.stream().noneMatch(arguments::has)) {
          arguments.set(group.get(0), full.get(group.get(0)).deepCopy());
        }
      }
    }
    return arguments;
  }

  private JsonNode parameterExample(Parameter parameter) {
    Examples.Located located = Examples.parameter(contract, op, parameter.getName(), parameter.getIn());
    JsonNode example = Examples.first(contract, located.pointer());
    if (example == null && parameter.getContent() != null) {
      example = Examples.first(contract, located.pointer() + "/content/"
          + Contract.escape(Contract.parameterContentType(parameter)));
    }
    return example != null ? example : SchemaValues.full(contract, Contract.parameterSchema(parameter));
  }

  private static void put(ObjectNode arguments, Member member, JsonNode value) {
    if (value != null && !value.isNull() && !value.isMissingNode()) {
      arguments.set(member.name(), value.deepCopy());
    }
  }

  /** The request body's schema, or null without a body. */
  public Schema<?> bodySchema() {
    MediaType media = contract.requestMedia(op);
    return media == null ? null : media.getSchema();
  }

  /** The members that travel in {@code location}, as the JSON object {@code arguments} gives them. */
  public ObjectNode part(ObjectNode arguments, String location) {
    ObjectNode part = NODES.objectNode();
    for (Member member : members) {
      if (member.location().equals(location) && arguments.hasNonNull(member.name())) {
        part.set(member.name(), arguments.get(member.name()));
      }
    }
    return part;
  }

  // ---- the request ----

  /**
   * Decodes {@code arguments} into the operation's request with the SDK's JSON set-up (its
   * adapter builds the request, so a value that breaks the contract throws the request's {@link
   * ConstraintViolationException}); null for an operation without members.
   */
  public Object decode(ObjectNode arguments) {
    checkInService();
    if (requestType == null) {
      assertTrue(arguments.isEmpty(), op.id() + " takes no arguments, got " + arguments);
      return null;
    }
    try {
      return Contracts.moshi().adapter(requestType).fromJson(Contracts.writeJson(arguments));
    } catch (ConstraintViolationException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new AssertionError(op.id() + ": " + arguments + " does not decode into " + requestType.getSimpleName()
          + ": " + e, e);
    }
  }

  /**
   * Fills a request builder from {@code arguments} through its setters, one member at a time (each
   * value decoded into the setter's type): what a caller's {@code Consumer} does.
   */
  public Consumer<Object> builderFilling(ObjectNode arguments) {
    checkInService();
    Objects.requireNonNull(requestType, () -> op.id() + " has no request to build");
    Moshi moshi = Contracts.moshi();
    Class<?> builderType = builderClass();
    List<Object[]> settings = new ArrayList<>();
    for (Member member : members) {
      Method setter = setter(builderType, member);
      JsonNode json = arguments.get(member.name());
      Object value = null;
      if (json != null && !json.isNull()) {
        Type type = setter.getGenericParameterTypes()[0];
        try {
          value = moshi.adapter(type).fromJson(Contracts.writeJson(json));
        } catch (IOException | RuntimeException e) {
          throw new AssertionError(op.id() + ": " + json + " does not decode into " + type.getTypeName()
              + " for " + member.name(), e);
        }
      }
      settings.add(new Object[] {setter, value});
    }
    return builder -> {
      for (Object[] setting : settings) {
        try {
          ((Method) setting[0]).invoke(builder, setting[1]);
        } catch (ReflectiveOperationException e) {
          throw new AssertionError(e);
        }
      }
    };
  }

  /** The builder's setter of {@code member}: its Java name (x-kraken-java-name, else camel case), one argument. */
  public Method setter(Class<?> builderType, Member member) {
    String name = member.javaName();
    return Arrays.stream(builderType.getMethods())
        .filter(m -> m.getName().equals(name) && m.getParameterCount() == 1)
        .findFirst()
        .orElseThrow(() -> new AssertionError(builderType.getName() + " has no setter " + name + " for member "
            + member.name()));
  }

  /** {@code <OperationId>Request.Builder}. */
  public Class<?> builderClass() {
    Objects.requireNonNull(requestType, () -> op.id() + " has no request");
    return Arrays.stream(requestType.getDeclaredClasses())
        .filter(c -> c.getSimpleName().equals("Builder"))
        .findFirst()
        .orElseThrow(() -> new AssertionError(requestType.getName() + " has no Builder"));
  }

  // ---- calling ----

  /** Calls the blocking method with {@code request} (null for an operation without members); throws what it throws. */
  public Object invoke(KrakenClient client, Object request) throws Throwable {
    checkInService();
    return call(blocking, client, request);
  }

  /** Calls the asynchronous method; throws only what it throws before returning its future. */
  public CompletableFuture<?> invokeAsync(KrakenClient client, Object request) throws Throwable {
    checkInService();
    return (CompletableFuture<?>) call(async, client, request);
  }

  /** Calls the blocking overload that takes a {@code Consumer} of the request's builder. */
  public Object invokeBuilding(KrakenClient client, Consumer<Object> builder) throws Throwable {
    checkInService();
    return call(Objects.requireNonNull(blockingBuilding, () -> op.id() + " has no Consumer overload"), client,
        builder);
  }

  /** Calls the asynchronous overload that takes a {@code Consumer} of the request's builder. */
  public CompletableFuture<?> invokeBuildingAsync(KrakenClient client, Consumer<Object> builder) throws Throwable {
    checkInService();
    return (CompletableFuture<?>) call(Objects.requireNonNull(asyncBuilding, () -> op.id() + " has no Consumer overload"),
        client, builder);
  }

  private Object call(Method method, KrakenClient client, Object argument) throws Throwable {
    Object service = KrakenClient.class.getMethod(contract.family.id()).invoke(client);
    try {
      return method.getParameterCount() == 0 ? method.invoke(service) : method.invoke(service, argument);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private void checkInService() {
    if (!inService()) {
      throw new AssertionError(op.id() + " is not a service method (" + SERVICE_METHOD
          + ": false): reach it through TokenCall");
    }
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

  /**
   * The media type of the operation's binary success, such as {@code application/zip}, or null:
   * such an operation is a download, whose answer the SDK hands back unread (a {@link
   * BinaryDownload}); the JSON bodies of the same status are the family's error envelope.
   */
  public String binarySuccess() {
    return contract.binarySuccessMediaType(op);
  }

  /** The bytes the suites answer a download with: a ZIP archive's signature and then some. */
  public static final byte[] BINARY_BODY = {'P', 'K', 3, 4, 20, 0, 0, 0, 8, 0, (byte) 0xe5, 0x7a, 0, (byte) 0xff};

  /**
   * A valid answer, for the tests that need one: the first success example as JSON, or for a
   * download {@link #BINARY_BODY} with the contract's media type.
   */
  public MockResponse.Builder successResponse() {
    String status = successStatuses().get(0);
    if (binarySuccess() != null) {
      return new MockResponse.Builder().code(Integer.parseInt(status))
          .addHeader("Content-Type", binarySuccess()).body(new Buffer().write(BINARY_BODY));
    }
    return new MockResponse.Builder().code(Integer.parseInt(status))
        .addHeader("Content-Type", Contract.JSON_MEDIA_TYPE).body(Contracts.writeJson(successExample()));
  }

  /**
   * Checks that {@code result} is what the call returns for {@link #successResponse()}: the
   * example decoded, or for a download the bytes sent, read (which closes the download).
   */
  public void assertSuccessResult(KrakenClient client, Object result) throws IOException {
    if (binarySuccess() != null) {
      BinaryDownload download = assertInstanceOf(BinaryDownload.class, result, op.id() + " returned " + result);
      assertEquals(binarySuccess(), download.contentType(), op.id() + ": content type of the download");
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      download.transferTo(bytes);
      assertArrayEquals(BINARY_BODY, bytes.toByteArray(), op.id() + ": the bytes of the download");
      return;
    }
    assertEquals(expectedResult(client, successStatuses().get(0), successExample()), result,
        op.id() + ": returned value vs the example decoded");
  }

  /** Releases what a result holds: a download's connection; other results hold nothing. */
  public static void release(Object result) throws IOException {
    if (result instanceof BinaryDownload download) {
      download.close();
    }
  }

  /** The operation's first success example, for the tests that need any valid answer. */
  public JsonNode successExample() {
    String status = successStatuses().get(0);
    return Examples.response(contract, op, status).values().stream()
        .filter(this::isSuccessBody).findFirst().orElseThrow();
  }

  /** True if {@code body}, answered with a 2xx status, is a success by the family's envelope. */
  public boolean isSuccessBody(JsonNode body) {
    return switch (style()) {
      case "spot" -> body.path("error").isArray() && body.path("error").isEmpty();
      case "futures" -> "success".equals(body.path("result").asText());
      default -> true;
    };
  }

  /**
   * True if the service returns the whole body (Futures; Funding, which has no envelope, so that
   * deleteAddress's {@code {"result": true}} is its answer; a body without {@code result}); else
   * its {@code result}.
   */
  public boolean returnsWholeBody(String status) {
    return style().equals("futures") || style().equals("problem")
        || !contract.properties(contract.responseSchema(op, status)).containsKey("result");
  }

  /** What the blocking method should return for {@code body}, decoded by the SDK's JSON set-up. */
  public Object expectedResult(KrakenClient client, String status, JsonNode body) throws IOException {
    checkInService();
    JsonNode value = returnsWholeBody(status) ? body : body.get("result");
    return Contracts.moshi().adapter(blocking.getGenericReturnType()).fromJson(Contracts.writeJson(value));
  }

  /** The properties of the request body the SDK's signer fills in ({@code x-kraken-signer-filled}). */
  public Set<String> signerFilled() {
    Schema<?> schema = bodySchema();
    if (schema == null) {
      return Set.of();
    }
    Set<String> names = new LinkedHashSet<>();
    contract.properties(schema).forEach((name, property) -> {
      if (flag(property.getExtensions(), SIGNER_FILLED)) {
        names.add(name);
      }
    });
    return names;
  }

  /** {@code <OperationId>Request} in the family's model package. */
  public static Class<?> requestClass(Contract contract, Contract.Op op) {
    String method = methodName(op);
    String name = contract.family.modelPackage() + "." + Character.toUpperCase(method.charAt(0))
        + method.substring(1) + "Request";
    try {
      return Class.forName(name);
    } catch (ClassNotFoundException e) {
      throw new AssertionError("no generated request " + name + " for " + op.id(), e);
    }
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
