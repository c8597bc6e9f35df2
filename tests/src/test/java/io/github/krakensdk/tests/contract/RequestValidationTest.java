package io.github.krakensdk.tests.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.runtime.internal.retrofit.QueryConverterFactory;
import io.github.krakensdk.tests.contract.ApiMethods.ApiMethod;
import io.github.krakensdk.tests.contract.ApiMethods.Param;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.ConnectionPool;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okio.Buffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import retrofit2.Call;
import retrofit2.Invocation;
import retrofit2.Response;
import retrofit2.Retrofit;
import retrofit2.converter.moshi.MoshiConverterFactory;

/**
 * Point 3: a call through each generated method to a MockWebServer produces a request that
 * validates against the contract (method, path, query, headers, body) with
 * swagger-request-validator's {@link OpenApiInteractionValidator}.
 *
 * <p>Each operation is called three times: with the contract's examples (parameter examples and
 * the first request-body example, schema-generated values where the contract has no example),
 * with every parameter and body member generated from the schemas, and with only what is required
 * (with the first member of each {@code x-kraken-one-of} group).
 * The server's base address carries the path of the operation's server (Futures:
 * {@code /derivatives/api/v3}), and the validator matches the full path against the contract's
 * servers.
 *
 * <p>Security: signing is the interceptors' job, not the generated interfaces'. The test sends
 * <b>placeholder values</b> for exactly the headers the operation's security schemes name
 * ({@code API-Key}/{@code API-Sign}, {@code APIKey}/{@code Authent}/{@code Nonce},
 * {@code API-Key}/{@code API-Sign}/{@code API-Nonce}, {@code Authorization: Basic/Bearer}) so that
 * the validator's security check stays on and is satisfied; security is not ignored. Likewise a
 * body member the signer fills in ({@code x-kraken-signer-filled}, the Spot nonce), which no model
 * holds, gets a placeholder, and is left out when the body is compared with the value passed.
 */
class RequestValidationTest {

  enum Variant {
    EXAMPLES("contract examples"),
    GENERATED("values generated from the schemas"),
    REQUIRED_ONLY("required parameters only, minimal body");

    final String label;

    Variant(String label) {
      this.label = label;
    }
  }

  private static final Map<Family, OpenApiInteractionValidator> VALIDATORS = new EnumMap<>(Family.class);
  @StartStop
  private static final MockWebServer server = new MockWebServer();
  private static final OkHttpClient client =
      new OkHttpClient.Builder().addInterceptor(new SecurityPlaceholders()).build();

  @AfterAll
  static void releaseClient() {
    // Every response was closed, so every connection is back in the pool: one still held means a
    // body was left open (found here at once, where OkHttp only finds it after a garbage collection).
    ConnectionPool pool = client.connectionPool();
    assertEquals(pool.connectionCount(), pool.idleConnectionCount(), "connections still held by an open response");
    client.dispatcher().executorService().shutdown();
    client.connectionPool().evictAll();
  }

  @TestFactory
  Stream<DynamicNode> everyGeneratedMethodSendsAValidRequest() {
    return Arrays.stream(Family.values()).map(family -> {
      Contract contract = Contracts.get(family);
      List<DynamicNode> operations = new ArrayList<>();
      for (Contract.Op op : contract.operations()) {
        List<DynamicNode> variants = new ArrayList<>();
        for (Variant variant : Variant.values()) {
          variants.add(dynamicTest(op.id() + " with " + variant.label, () -> callAndValidate(contract, op, variant)));
        }
        operations.add(dynamicContainer(op.label(), variants));
      }
      return dynamicContainer(family.displayName() + " (" + family.fileName() + ")", operations);
    });
  }

  private static void callAndValidate(Contract contract, Contract.Op op, Variant variant) throws Exception {
    Family family = contract.family;
    ApiMethod method = ApiMethods.find(family, op.id());
    assertNotNull(method, family.apiClass().getSimpleName() + " has no method " + op.id());
    Moshi moshi = Contracts.moshi();

    // Arguments from the contract.
    JsonNode bodyJson = requestBodyJson(contract, op, variant);
    Object[] arguments = new Object[method.params().size()];
    Map<Param, JsonNode> sent = new LinkedHashMap<>();
    for (Param param : method.params()) {
      JsonNode json = argumentJson(contract, op, param, variant, bodyJson);
      if (json != null && !json.isNull()) {
        sent.put(param, json);
        arguments[param.index()] = decode(moshi, param.parameter().getParameterizedType(), json, op, param);
      }
    }

    // The server answers with the contract's first success example.
    String status = contract.successStatus(op);
    server.enqueue(new MockResponse.Builder()
        .code(Integer.parseInt(status))
        .addHeader("Content-Type", "application/json")
        .body(Contracts.writeJson(responseJson(contract, op, status)))
        .build());

    String serverPath = contract.serverPath(op);
    Retrofit retrofit = new Retrofit.Builder()
        .baseUrl(server.url(serverPath + "/"))
        .client(client)
        .addConverterFactory(QueryConverterFactory.create(moshi))
        .addConverterFactory(MoshiConverterFactory.create(moshi))
        .build();
    Object api = retrofit.create(family.apiClass());
    Call<?> call;
    try {
      call = (Call<?>) method.method().invoke(api, arguments);
    } catch (InvocationTargetException e) {
      throw new AssertionError(op.id() + " refused its arguments: " + e.getCause(), e.getCause());
    }
    Response<?> response = call.execute();
    // A download's method hands its body over unread (@Streaming): close it, or its connection leaks
    // and, reused, serves the unread bytes to a later call.
    if (response.body() instanceof okhttp3.ResponseBody download) {
      download.close();
    }
    RecordedRequest recorded = server.takeRequest();

    List<String> problems = new ArrayList<>();
    checkRequestLine(contract, op, recorded, serverPath, problems);
    checkArgumentsArrived(contract, op, recorded, sent, problems);
    SimpleRequest request = toValidatorRequest(contract, op, recorded);
    ValidationReport report = validator(family).validateRequest(request);
    report.getMessages().stream()
        .filter(m -> m.getLevel() == ValidationReport.Level.ERROR || m.getLevel() == ValidationReport.Level.WARN)
        .forEach(m -> problems.add("validator: " + m));
    assertTrue(problems.isEmpty(), () -> op.id() + " (" + variant.label + ") sent " + recorded.getRequestLine()
        + "\n  headers: " + recorded.getHeaders().toMultimap()
        + "\n  body: " + (recorded.getBody() == null ? "" : recorded.getBody().utf8())
        + "\n  problems:\n  " + String.join("\n  ", problems));

    // The generated method also reads the contract's success example back.
    assertEquals(Integer.parseInt(status), response.code(), op.id() + " response status");
    assertNotNull(response.body(), op.id() + ": the contract's " + status + " example did not decode");
  }

  // ---- arguments from the contract ----

  /** The JSON of one argument, or {@code null} to pass {@code null}. */
  private static JsonNode argumentJson(Contract contract, Contract.Op op, Param param, Variant variant,
      JsonNode bodyJson) {
    switch (param.location()) {
      case "body":
        return bodyJson;
      case "form":
        return bodyJson == null ? null : bodyJson.get(param.name());
      case "query":
      case "path":
      case "header":
        Examples.Located located = Examples.parameter(contract, op, param.name(), param.location());
        Parameter parameter = located.parameter();
        boolean required = Boolean.TRUE.equals(parameter.getRequired()) || "path".equals(parameter.getIn());
        if (variant == Variant.REQUIRED_ONLY && !required) {
          return null;
        }
        Schema<?> schema = Contract.parameterSchema(parameter);
        if (variant == Variant.GENERATED) {
          return SchemaValues.full(contract, schema);
        }
        JsonNode example = Examples.first(contract, located.pointer());
        if (example == null && parameter.getContent() != null) {
          String mediaType = Contract.parameterContentType(parameter);
          example = Examples.first(contract, located.pointer() + "/content/" + Contract.escape(mediaType));
        }
        return example != null ? example : SchemaValues.full(contract, schema);
      default:
        throw new AssertionError(op.id() + ": cannot pass a parameter located in " + param.location());
    }
  }

  private static JsonNode requestBodyJson(Contract contract, Contract.Op op, Variant variant) {
    MediaType media = contract.requestMedia(op);
    if (media == null) {
      return null;
    }
    switch (variant) {
      case EXAMPLES:
        JsonNode example = Examples.first(contract, Examples.requestBodyPointer(contract, op) + "/content/"
            + Contract.escape(contract.requestMediaType(op)));
        return example != null ? example : SchemaValues.full(contract, media.getSchema());
      case GENERATED:
        return SchemaValues.full(contract, media.getSchema());
      case REQUIRED_ONLY:
      default:
        return withOneOfGroups(op, SchemaValues.minimal(contract, media.getSchema()),
            SchemaValues.full(contract, media.getSchema()));
    }
  }

  /**
   * {@code minimal} with the first member of each {@code x-kraken-one-of} group the minimal body
   * gives none of, from {@code full}: what the contract requires of a call includes one of each.
   */
  private static JsonNode withOneOfGroups(Contract.Op op, JsonNode minimal, JsonNode full) {
    Object groups = op.operation().getExtensions() == null ? null
        : op.operation().getExtensions().get("x-kraken-one-of");
    if (!(groups instanceof List<?> list) || !(minimal instanceof ObjectNode body)) {
      return minimal;
    }
    for (Object group : list) {
      List<String> names = ((List<?>) group).stream().map(String::valueOf).toList();
      if (names.stream().noneMatch(body::has) && full.has(names.get(0))) {
        body.set(names.get(0), full.get(names.get(0)).deepCopy());
      }
    }
    return body;
  }

  private static JsonNode responseJson(Contract contract, Contract.Op op, String status) {
    String pointer = op.pointer() + "/responses/" + Contract.escape(status);
    JsonNode node = contract.node(pointer);
    if (node.has("$ref")) {
      pointer = node.get("$ref").textValue().substring(1);
    }
    JsonNode example = Examples.first(contract, pointer + "/content/" + Contract.escape(Contract.JSON_MEDIA_TYPE));
    return example != null ? example : SchemaValues.full(contract, contract.responseSchema(op, status));
  }

  private static Object decode(Moshi moshi, Type type, JsonNode json, Contract.Op op, Param param) {
    try {
      return moshi.adapter(type).fromJson(Contracts.writeJson(json));
    } catch (IOException | RuntimeException e) {
      throw new AssertionError(op.id() + ": the contract value " + json + " for " + param.location() + " "
          + param.name() + " does not decode into " + type.getTypeName() + ": " + e, e);
    }
  }

  // ---- checks on the recorded request ----

  private static void checkRequestLine(Contract contract, Contract.Op op, RecordedRequest recorded, String serverPath,
      List<String> problems) {
    if (!op.httpMethod().equals(recorded.getMethod())) {
      problems.add("method " + recorded.getMethod() + ", contract " + op.httpMethod());
    }
    String template = Pattern.quote(serverPath + op.path()).replaceAll("\\{[^}/]+}", "\\\\E[^/]+\\\\Q");
    String path = recorded.getUrl().encodedPath();
    if (!Pattern.matches(template, path)) {
      problems.add("path " + path + " is not the server path " + serverPath + " followed by " + op.path());
    }
  }

  /** Every argument that was passed reaches the wire where the contract puts it, and nothing else does. */
  private static void checkArgumentsArrived(Contract contract, Contract.Op op, RecordedRequest recorded,
      Map<Param, JsonNode> sent, List<String> problems) {
    HttpUrl url = recorded.getUrl();
    Set<String> declaredQuery = new LinkedHashSet<>();
    for (Parameter p : contract.parameters(op)) {
      if ("query".equals(p.getIn())) {
        declaredQuery.add(p.getName());
      }
    }
    for (String name : url.queryParameterNames()) {
      if (!declaredQuery.contains(name)) {
        problems.add("query parameter " + name + " is not declared by the contract");
      }
    }
    String body = recorded.getBody() == null ? "" : recorded.getBody().utf8();
    Map<String, List<String>> form = Contract.FORM_MEDIA_TYPE.equals(contract.requestMediaType(op))
        ? parseForm(body) : Map.of();
    for (Map.Entry<Param, JsonNode> entry : sent.entrySet()) {
      Param param = entry.getKey();
      switch (param.location()) {
        case "query":
          List<String> values = url.queryParameterValues(param.name());
          if (values.isEmpty()) {
            problems.add("query parameter " + param.name() + " was passed but not sent");
          } else if (param.jsonQuery()) {
            checkJsonQuery(contract, op, param, values.get(0), entry.getValue(), problems);
          }
          break;
        case "header":
          if (recorded.getHeaders().get(param.name()) == null) {
            problems.add("header " + param.name() + " was passed but not sent");
          }
          break;
        case "body":
          checkJsonBody(contract, op, body, entry.getValue(), recorded, problems);
          break;
        case "form":
          if (!form.containsKey(param.name())) {
            problems.add("form field " + param.name() + " was passed but not sent");
          }
          break;
        default:
          break; // path parameters: checked by the path match
      }
    }
    if (!form.isEmpty()) {
      Set<String> declared = contract.properties(contract.requestMedia(op).getSchema()).keySet();
      for (String name : form.keySet()) {
        if (!declared.contains(name)) {
          problems.add("form field " + name + " is not declared by the contract");
        }
      }
    }
  }

  /**
   * A {@code content: application/json} query parameter: the validator does not check such
   * parameters, so the JSON text is validated against the media type's schema here, and compared
   * with the value that was passed.
   */
  private static void checkJsonQuery(Contract contract, Contract.Op op, Param param, String text, JsonNode passed,
      List<String> problems) {
    Parameter parameter = Examples.parameter(contract, op, param.name(), "query").parameter();
    Schema<?> schema = Contract.parameterSchema(parameter);
    JsonNode value;
    try {
      value = Contracts.JSON.readTree(text);
    } catch (IOException e) {
      problems.add("query parameter " + param.name() + " is not JSON: " + text);
      return;
    }
    SchemaValidation.problems(contract.family, schema, value)
        .forEach(p -> problems.add("query parameter " + param.name() + " (JSON): " + p));
    JsonEquivalence.Result result =
        JsonEquivalence.compare(contract, schema, passed, value, JsonEquivalence.Mode.ROUND_TRIP);
    result.differences().forEach(d -> problems.add("query parameter " + param.name() + " differs from the value passed: " + d));
  }

  /** A JSON body: the media type, and equivalence with the value that was passed. */
  private static void checkJsonBody(Contract contract, Contract.Op op, String body, JsonNode passed,
      RecordedRequest recorded, List<String> problems) {
    String contentType = recorded.getHeaders().get("Content-Type");
    String declared = contract.requestMediaType(op);
    if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith(declared)) {
      problems.add("Content-Type " + contentType + ", contract " + declared);
    }
    if (!Contract.JSON_MEDIA_TYPE.equals(declared)) {
      return;
    }
    Schema<?> schema = contract.requestMedia(op).getSchema();
    JsonNode received = Contracts.readJson(body);
    for (String name : signerFilled(contract, schema)) {
      if (!received.path(name).isIntegralNumber()) {
        problems.add("signer-filled member " + name + " has no placeholder in " + body);
      }
    }
    JsonEquivalence.Result result = JsonEquivalence.compare(contract, schema,
        ExampleRoundTripTest.withoutSignerFilled(contract, schema, passed),
        ExampleRoundTripTest.withoutSignerFilled(contract, schema, received), JsonEquivalence.Mode.ROUND_TRIP);
    result.differences().forEach(d -> problems.add("body differs from the value passed: " + d));
  }

  /** The top-level members of an object schema marked {@code x-kraken-signer-filled}. */
  static List<String> signerFilled(Contract contract, Schema<?> schema) {
    List<String> names = new ArrayList<>();
    contract.properties(schema).forEach((name, property) -> {
      if (property.getExtensions() != null && Boolean.TRUE.equals(property.getExtensions().get("x-kraken-signer-filled"))) {
        names.add(name);
      }
    });
    return names;
  }

  private static Map<String, List<String>> parseForm(String body) {
    Map<String, List<String>> form = new LinkedHashMap<>();
    if (body.isEmpty()) {
      return form;
    }
    for (String pair : body.split("&")) {
      int eq = pair.indexOf('=');
      String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
      String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      form.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
    }
    return form;
  }

  /**
   * The recorded request as the validator reads it. A form body of an operation that also declares
   * JSON (addOrder, form first) is checked as the JSON object its fields stand for, against the
   * schema both share: the validator would read {@code price=27500} as a number where the contract
   * has a string, as no reader of a form does (form values are text).
   */
  private static SimpleRequest toValidatorRequest(Contract contract, Contract.Op op, RecordedRequest recorded) {
    HttpUrl url = recorded.getUrl();
    SimpleRequest.Builder builder = new SimpleRequest.Builder(recorded.getMethod(), url.encodedPath());
    for (String name : url.queryParameterNames()) {
      builder.withQueryParam(name, url.queryParameterValues(name));
    }
    MediaType json = contract.requestBody(op) == null || contract.requestBody(op).getContent() == null ? null
        : contract.requestBody(op).getContent().get(Contract.JSON_MEDIA_TYPE);
    boolean formAsJson = json != null && Contract.FORM_MEDIA_TYPE.equals(contract.requestMediaType(op));
    for (String name : recorded.getHeaders().names()) {
      if (formAsJson && name.equalsIgnoreCase("Content-Type")) {
        builder.withHeader(name, Contract.JSON_MEDIA_TYPE);
      } else {
        builder.withHeader(name, recorded.getHeaders().values(name));
      }
    }
    if (recorded.getBody() != null && recorded.getBody().size() > 0) {
      builder.withBody(formAsJson ? formAsJson(contract, json.getSchema(), recorded.getBody().utf8())
          : recorded.getBody().utf8());
    }
    return builder.build();
  }

  /** Flat form fields as a JSON object, each value typed by its property's schema. */
  private static String formAsJson(Contract contract, Schema<?> schema, String form) {
    ObjectNode json = Contracts.JSON.createObjectNode();
    Map<String, Schema<?>> properties = contract.properties(schema);
    parseForm(form).forEach((name, values) -> {
      String value = values.get(0);
      Schema<?> property = properties.get(name) == null ? null : contract.resolve(properties.get(name));
      String type = property == null ? "string" : contract.type(property);
      switch (type == null ? "string" : type) {
        case "integer" -> json.put(name, new java.math.BigInteger(value));
        case "number" -> json.put(name, new java.math.BigDecimal(value));
        case "boolean" -> json.put(name, Boolean.parseBoolean(value));
        default -> json.put(name, value);
      }
    });
    return Contracts.writeJson(json);
  }

  private static synchronized OpenApiInteractionValidator validator(Family family) {
    return VALIDATORS.computeIfAbsent(family, f ->
        OpenApiInteractionValidator.createForInlineApiSpecification(Contracts.text(f)).build());
  }

  /**
   * Adds placeholder credentials for the security schemes of the operation being called (found
   * through Retrofit's {@link Invocation} tag), so that the validator's security check passes.
   * Real signing is done by the SDK's interceptors and is tested elsewhere.
   */
  private static final class SecurityPlaceholders implements Interceptor {
    @Override
    public okhttp3.Response intercept(Chain chain) throws IOException {
      Request request = chain.request();
      Invocation invocation = request.tag(Invocation.class);
      if (invocation == null) {
        return chain.proceed(request);
      }
      Method method = invocation.method();
      Family family = Arrays.stream(Family.values())
          .filter(f -> f.apiClass() == method.getDeclaringClass())
          .findFirst()
          .orElseThrow();
      Contract contract = Contracts.get(family);
      Contract.Op op = contract.operation(method.getName());
      Request.Builder builder = request.newBuilder();
      HttpUrl.Builder url = request.url().newBuilder();
      MediaType media = contract.requestMedia(op);
      if (media != null && Contract.JSON_MEDIA_TYPE.equals(contract.requestMediaType(op)) && request.body() != null) {
        List<String> signerFilled = signerFilled(contract, media.getSchema());
        if (!signerFilled.isEmpty()) {
          Buffer buffer = new Buffer();
          request.body().writeTo(buffer);
          ObjectNode body = (ObjectNode) Contracts.readJson(buffer.readUtf8());
          signerFilled.forEach(name -> body.put(name, 1L)); // the signer's place: any integer
          builder.method(request.method(), okhttp3.RequestBody.create(Contracts.writeJson(body),
              request.body().contentType()));
        }
      } else if (media != null && request.body() != null && request.body().contentType() != null
          && Contract.FORM_MEDIA_TYPE.equals(contract.requestMediaType(op))) {
        List<String> signerFilled = signerFilled(contract, media.getSchema());
        if (!signerFilled.isEmpty()) {
          Buffer buffer = new Buffer();
          request.body().writeTo(buffer);
          StringBuilder form = new StringBuilder();
          signerFilled.forEach(name -> form.append(name).append("=1&")); // the signer's place: any integer
          form.append(buffer.readUtf8());
          builder.method(request.method(), okhttp3.RequestBody.create(form.toString(), request.body().contentType()));
        }
      }
      for (SecurityScheme scheme : contract.securitySchemes(op)) {
        switch (scheme.getType()) {
          case APIKEY:
            String value = "placeholder-" + scheme.getName();
            switch (scheme.getIn()) {
              case HEADER -> builder.header(scheme.getName(), value);
              case QUERY -> url.addQueryParameter(scheme.getName(), value);
              case COOKIE -> builder.addHeader("Cookie", scheme.getName() + "=" + value);
              default -> throw new AssertionError("api key in " + scheme.getIn());
            }
            break;
          case HTTP:
            if ("basic".equalsIgnoreCase(scheme.getScheme())) {
              builder.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                  "placeholder-client-id:placeholder-secret".getBytes(StandardCharsets.UTF_8)));
            } else {
              builder.header("Authorization", "Bearer placeholder-token");
            }
            break;
          case OAUTH2:
          case OPENIDCONNECT:
            builder.header("Authorization", "Bearer placeholder-access-token");
            break;
          default:
            throw new AssertionError("unknown security scheme type " + scheme.getType());
        }
      }
      return chain.proceed(builder.url(url.build()).build());
    }
  }
}
