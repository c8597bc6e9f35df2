package io.github.krakensdk.sandbox.internal.params;

import io.github.krakensdk.sandbox.internal.http.Contracts;
import io.github.krakensdk.sandbox.internal.http.ContractValidator;
import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Raw;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.internal.http.Family;

import okhttp3.HttpUrl;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.auth.SpotSigner;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every private Spot operation of the contract takes its body as JSON or form-encoded, alike: each
 * JSON request example is sent once as JSON and once form-encoded (bracket notation for nested
 * members and arrays, as other clients write it), each with a fresh nonce and signed over exactly
 * the bytes sent, to two fresh sandboxes in the same state; both must get the same outcome (the
 * same HTTP status, both successful or both refused with the same error codes), and the form must
 * never be refused for its media type. The operations and examples are read from the YAML, so an
 * operation added to the contract is covered when it lands; the ones skipped, and why, are
 * asserted.
 */
class FormBodiesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant START = Instant.parse("2026-11-23T09:00:00Z");
  /** Operations skipped, with why. Today none: every private operation has an example the sandbox serves. */
  private static final Map<String, String> EXPECTED_SKIPS = Map.of();

  /** One JSON request example of a private operation. */
  record Case(String operationId, String path, String example, ObjectNode body) {}

  @TestFactory
  Stream<DynamicTest> jsonAndFormBodiesAreAcceptedAlike() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Case c : cases(new LinkedHashMap<>())) {
      tests.add(dynamicTest(c.operationId() + " " + c.example(), () -> sendBothWays(c)));
    }
    assertFalse(tests.isEmpty());
    return tests.stream();
  }

  /** What was skipped, and why, is what the contract and the sandbox make expected: nothing unserved. */
  @Test
  void theSkipListIsAsExpected() {
    Map<String, String> skipped = new LinkedHashMap<>();
    List<Case> cases = cases(skipped);
    try (Sandbox sandbox = fresh()) {
      for (Case c : cases) {
        if (send(sandbox, c, false).status() == 404) {
          skipped.putIfAbsent(c.operationId(), "not served by the sandbox (EGeneral:Unknown method)");
        }
      }
    }
    assertEquals(EXPECTED_SKIPS, skipped);
  }

  private static void sendBothWays(Case c) throws IOException {
    Raw.Answer json;
    Raw.Answer form;
    try (Sandbox sandbox = fresh()) {
      json = send(sandbox, c, false);
      assertEquals(List.of(), sandbox.responseProblems());
    }
    if (json.status() == 404) {
      return; // not served: theSkipListIsAsExpected reports it
    }
    try (Sandbox sandbox = fresh()) {
      form = send(sandbox, c, true);
      assertEquals(List.of(), sandbox.responseProblems());
    }
    assertFalse(form.body().contains("Content-Type") || form.body().contains("Must be one of"),
        "the form was refused for its media type: " + form.body());
    assertEquals(json.status(), form.status(), "JSON: " + json.body() + "\nform: " + form.body());
    assertEquals(errorCodes(json), errorCodes(form), "JSON: " + json.body() + "\nform: " + form.body());
    Case nested = nested(c);
    if (nested != null) {
      // Bracketed members (addOrder's close[ordertype]) sent as a nested JSON object, as
      // addOrderBatch nests its close: the same outcome.
      Raw.Answer asObject;
      try (Sandbox sandbox = fresh()) {
        asObject = send(sandbox, nested, false);
        assertEquals(List.of(), sandbox.responseProblems());
      }
      assertEquals(json.status(), asObject.status(), "flat: " + json.body() + "\nnested: " + asObject.body());
      assertEquals(errorCodes(json), errorCodes(asObject), "flat: " + json.body() + "\nnested: " + asObject.body());
      assertEquals(JSON.readTree(json.body()).at("/result/descr"), JSON.readTree(asObject.body()).at("/result/descr"),
          "the order described differently");
    }
  }

  /**
   * AddOrder's conditional close arrives in each form a client may send it, and each places the
   * same close: the form keys (what the service's own clients send), the bracketed names as JSON
   * members (the service's reference schema), and a nested JSON object (as AddOrderBatch has it).
   */
  @Test
  void aConditionalCloseIsReadInEveryFormAClientSends() throws IOException {
    ObjectNode flat = JSON.createObjectNode().put("ordertype", "limit").put("type", "buy").put("volume", "0.01")
        .put("pair", "XBTUSD").put("price", "50000.0").put("validate", true)
        .put("close[ordertype]", "stop-loss-limit").put("close[price]", "45000.0").put("close[price2]", "44900.0");
    Case asFlatJson = new Case("addOrder", "/0/private/AddOrder", "close", flat);
    List<String> closes = new ArrayList<>();
    for (int way = 0; way < 3; way++) {
      try (Sandbox sandbox = fresh()) {
        Raw.Answer answer = way == 2 ? send(sandbox, nested(asFlatJson), false) : send(sandbox, asFlatJson, way == 1);
        assertEquals(200, answer.status(), answer.body());
        assertEquals(List.of(), sandbox.responseProblems());
        closes.add(JSON.readTree(answer.body()).at("/result/descr/close").asText());
      }
    }
    assertFalse(closes.get(0).isEmpty(), "no close described: " + closes);
    assertEquals(List.of(closes.get(0), closes.get(0), closes.get(0)), closes, "form, flat JSON, nested JSON");
  }

  /** {@code c} with its bracketed members ({@code close[price]}) nested ({@code close: {price}}), or null. */
  static Case nested(Case c) {
    ObjectNode body = JSON.createObjectNode();
    boolean bracketed = false;
    Iterator<Map.Entry<String, JsonNode>> members = c.body().fields();
    while (members.hasNext()) {
      Map.Entry<String, JsonNode> member = members.next();
      String name = member.getKey();
      int open = name.indexOf('[');
      if (open > 0 && name.endsWith("]") && name.indexOf('[', open + 1) < 0) {
        ObjectNode object = body.has(name.substring(0, open)) ? (ObjectNode) body.get(name.substring(0, open))
            : body.putObject(name.substring(0, open));
        object.set(name.substring(open + 1, name.length() - 1), member.getValue());
        bracketed = true;
      } else {
        body.set(name, member.getValue());
      }
    }
    return bracketed ? new Case(c.operationId(), c.path(), c.example() + " (nested)", body) : null;
  }

  /** A sandbox in the seeded state, on a clock standing at {@link #START}. */
  private static Sandbox fresh() {
    return Sandbox.builder().clock(MutableClock.at(START)).checkResponses(true).start();
  }

  /** The example with a fresh nonce, as JSON or as a form, signed over the bytes sent with the demo key. */
  private static Raw.Answer send(Sandbox sandbox, Case c, boolean asForm) {
    SandboxKey key = sandbox.credentials().spot();
    long nonce = Raw.nonce();
    ObjectNode body = c.body().deepCopy();
    body.remove("nonce");
    ObjectNode withNonce = JSON.createObjectNode().put("nonce", nonce);
    withNonce.setAll(body);
    String text = asForm ? form(withNonce) : withNonce.toString();
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    String sign = new SpotSigner(key.secret()).sign(c.path(), Long.toString(nonce), bytes);
    return new Raw(sandbox).send(new Request.Builder().url(HttpUrl.get(sandbox.baseUrl().resolve(c.path().substring(1))))
        .header("API-Key", key.key()).header("API-Sign", sign)
        .post(RequestBody.create(bytes, asForm ? Raw.FORM : Raw.JSON)).build());
  }

  /** {@code {"a":1,"close":{"x":"y"},"orders":[{"v":"1"}]}} as {@code a=1&close[x]=y&orders[0][v]=1}. */
  static String form(JsonNode body) {
    List<String> fields = new ArrayList<>();
    Iterator<Map.Entry<String, JsonNode>> members = body.fields();
    while (members.hasNext()) {
      Map.Entry<String, JsonNode> member = members.next();
      encode(member.getKey(), member.getValue(), fields);
    }
    return String.join("&", fields);
  }

  private static void encode(String name, JsonNode value, List<String> fields) {
    if (value.isObject()) {
      value.fields().forEachRemaining(member -> encode(name + "[" + member.getKey() + "]", member.getValue(), fields));
    } else if (value.isArray()) {
      for (int i = 0; i < value.size(); i++) {
        encode(name + "[" + i + "]", value.get(i), fields);
      }
    } else if (!value.isNull()) {
      fields.add(URLEncoder.encode(name, StandardCharsets.UTF_8) + "="
          + URLEncoder.encode(value.asText(), StandardCharsets.UTF_8));
    }
  }

  /** The codes ({@code <severity><category>:<message>}) of the answer's {@code error} array. */
  private static List<String> errorCodes(Raw.Answer answer) {
    try {
      JsonNode errors = JSON.readTree(answer.body()).path("error");
      List<String> codes = new ArrayList<>();
      errors.forEach(error -> codes.add(io.github.krakensdk.errors.KrakenError.parse(error.asText()).code()));
      return codes;
    } catch (IOException e) {
      throw new UncheckedIOException(answer.body(), e);
    }
  }

  /** Every JSON request example of every private operation of spot.yaml; skipped operations go to {@code skipped}. */
  static List<Case> cases(Map<String, String> skipped) {
    ParseOptions options = new ParseOptions();
    options.setResolve(true);
    OpenAPI api = new OpenAPIV3Parser().readContents(Contracts.yaml(Family.SPOT), null, options).getOpenAPI();
    List<Case> cases = new ArrayList<>();
    for (Map.Entry<String, PathItem> path : api.getPaths().entrySet()) {
      for (Map.Entry<PathItem.HttpMethod, Operation> entry : path.getValue().readOperationsMap().entrySet()) {
        Operation operation = entry.getValue();
        boolean signed = operation.getSecurity() != null && operation.getSecurity().stream().anyMatch(r -> !r.isEmpty());
        if (!signed) {
          continue;
        }
        String id = operation.getOperationId();
        assertEquals(PathItem.HttpMethod.POST, entry.getKey(), id + ": private Spot calls are POSTs");
        assertTrue(operation.getRequestBody() != null && operation.getRequestBody().getContent() != null,
            id + " has no request body");
        assertTrue(operation.getRequestBody().getContent().containsKey(io.github.krakensdk.sandbox.internal.contract.Operation.FORM),
            id + " must declare its body form-encoded too");
        // The examples sit on the first media type, the one clients send (the form, for addOrder).
        MediaType first = operation.getRequestBody().getContent().values().iterator().next();
        if (first.getExamples() == null || first.getExamples().isEmpty()) {
          skipped.put(id, "no request example");
          continue;
        }
        for (Map.Entry<String, Example> example : first.getExamples().entrySet()) {
          JsonNode value = JSON.valueToTree(example.getValue().getValue());
          assertTrue(value.isObject(), id + " " + example.getKey() + " is not an object");
          cases.add(new Case(id, path.getKey(), example.getKey(), (ObjectNode) value));
        }
      }
    }
    return cases;
  }

  /** The test's own form encoder, checked against the notation the sandbox reads. */
  @Test
  void theEncoderWritesBracketNotation() throws IOException {
    JsonNode body = JSON.readTree("{\"nonce\":1,\"pair\":\"XBTUSD,ETHUSD\",\"validate\":true,"
        + "\"close\":{\"ordertype\":\"limit\"},\"orders\":[{\"volume\":\"1.25\"},{\"volume\":\"2\"}],\"txid\":[\"A\",\"B\"]}");
    assertEquals("nonce=1&pair=XBTUSD%2CETHUSD&validate=true&close%5Bordertype%5D=limit&orders%5B0%5D%5Bvolume%5D=1.25"
        + "&orders%5B1%5D%5Bvolume%5D=2&txid%5B0%5D=A&txid%5B1%5D=B", form(body));
  }
}
