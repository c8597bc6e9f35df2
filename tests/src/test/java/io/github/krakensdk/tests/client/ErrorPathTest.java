package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.auth.oauth.InMemoryTokenStore;
import io.github.krakensdk.auth.oauth.OAuthTokens;
import io.github.krakensdk.errors.AuthenticationException;
import io.github.krakensdk.errors.KrakenError;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.NonceRejectedException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.futures.model.FuturesErrorCode;
import io.github.krakensdk.oauth.model.OAuthErrorCode;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Examples;
import io.github.krakensdk.tests.contract.Family;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The error paths of the issue that the contract's own error examples ({@link ErrorExampleTest})
 * do not reach: every Spot string kept and parsed next to warnings, warnings that never fail a
 * call, the Earn errors as codes, every Futures code of the contract plus an unknown one, the
 * webhook errors, OAuth codes, HTTP 429 in every family, and an expired OAuth grant.
 */
class ErrorPathTest {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /**
   * Every string of a Spot {@code error} array is kept and parsed; one error fails the call even
   * beside warnings and a result.
   */
  @Test
  void spotErrorArrayFailsWithEveryStringParsed() throws Throwable {
    ServiceCall call = call(Family.SPOT, "getAssets");
    List<String> strings = List.of("WGeneral:Deprecated:use assetVersion=1", "EQuery:Unknown asset",
        "EGeneral:Invalid arguments:Invalid strategy ID");
    ObjectNode body = successBody(call);
    body.set("error", array(strings));
    for (boolean async : new boolean[] {false, true}) {
      try (WireFixture wire = WireFixture.create()) {
        WireFixture.enqueue(wire.server, 200, Contracts.writeJson(body));
        KrakenServiceException e = assertInstanceOf(KrakenServiceException.class, failure(call, wire, async));
        assertEquals(KrakenServiceException.class, e.getClass());
        assertEquals(200, e.httpStatus());
        assertEquals(strings, e.errors());
        ServiceErrors.assertParsed(strings, e.krakenErrors());
        assertEquals(KrakenError.Code.INVALID_STRATEGY_ID, e.krakenErrors().get(2).code());
        assertTrue(wire.warnings.isEmpty(), "a failed call reports its warnings in the exception only");
      }
    }
  }

  /** Warnings ({@code W...}) never fail a call; the listener gets them, parsed, with the operation. */
  @Test
  void spotWarningsReachTheListenerAndNeverFail() throws Throwable {
    ServiceCall call = call(Family.SPOT, "getAssets");
    List<String> strings = List.of("WGeneral:Deprecated:use assetVersion=1", "WAPI:Soon rate limited");
    ObjectNode body = successBody(call);
    body.set("error", array(strings));
    for (boolean async : new boolean[] {false, true}) {
      try (WireFixture wire = WireFixture.create()) {
        WireFixture.enqueue(wire.server, 200, Contracts.writeJson(body));
        Object result = run(call, wire, async);
        assertEquals(call.expectedResult(wire.client, "200", body), result);
        assertEquals(1, wire.warnings.size(), "one notification per call");
        assertEquals(call.op.id(), wire.warnings.get(0).operationId());
        ServiceErrors.assertParsed(strings, wire.warnings.get(0).warnings());
      }
    }
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200, Contracts.writeJson(successBody(call)));
      run(call, wire, false);
      assertEquals(List.of(), wire.warnings, "no warnings, no notification");
    }
  }

  /** The Earn errors of the source, as the contract writes them, are told apart by code. */
  @Test
  void earnErrorsHaveCodes() throws Throwable {
    ServiceCall call = call(Family.SPOT, "deallocateEarnFunds");
    Map<String, KrakenError.Code> expected = Map.of(
        "belowMinimum", KrakenError.Code.EARN_BELOW_MINIMUM,
        "busy", KrakenError.Code.EARN_BUSY,
        "invalidStrategy", KrakenError.Code.INVALID_STRATEGY_ID);
    Map<String, JsonNode> examples = Examples.response(call.contract, call.op, "200");
    assertEquals(expected.keySet(), examples.keySet(), "the Earn error examples of deallocateEarnFunds");
    for (Map.Entry<String, KrakenError.Code> entry : expected.entrySet()) {
      try (WireFixture wire = WireFixture.create()) {
        WireFixture.enqueue(wire.server, 200, Contracts.writeJson(examples.get(entry.getKey())));
        KrakenServiceException e = assertInstanceOf(KrakenServiceException.class, failure(call, wire, false));
        assertEquals(entry.getValue(), e.krakenErrors().get(0).code(), entry.getKey());
        assertTrue(e.hasError(entry.getValue()), entry.getKey());
        for (KrakenError.Code other : expected.values()) {
          assertEquals(other == entry.getValue(), e.hasError(other), entry.getKey() + " vs " + other);
        }
      }
    }
  }

  /**
   * Each Futures error value of the contract, and one it does not list, comes back as the code
   * enum, with {@code errors}.
   */
  @TestFactory
  Stream<DynamicNode> everyFuturesErrorCode() {
    ServiceCall call = call(Family.FUTURES, "getNotifications");
    List<String> values = new ArrayList<>(ServiceErrors.listed(call.contract, "FuturesErrorCode"));
    assertEquals(17, values.size(), "the source's 17 Futures error values");
    values.add("someErrorTheContractDoesNotList");
    return values.stream().map(value -> dynamicTest(value, () -> {
      ObjectNode body = NODES.objectNode()
          .put("result", "error")
          .put("serverTime", "2025-03-14T11:16:31.045Z")
          .put("error", value);
      body.set("errors", array(List.of(value, "further detail")));
      for (boolean async : new boolean[] {false, true}) {
        try (WireFixture wire = WireFixture.create()) {
          WireFixture.enqueue(wire.server, 200, Contracts.writeJson(body));
          Throwable thrown = failure(call, wire, async);
          ServiceErrors.assertMatches(call.contract, "futures", call.op.id(), 200, body, thrown);
          FuturesErrorCode code = ((KrakenServiceException) thrown).code(FuturesErrorCode.class);
          assertEquals(FuturesErrorCode.of(value), code);
          boolean listed = FuturesErrorCode.values().contains(code);
          assertEquals(listed, code.asEnum() != FuturesErrorCode.Value.UNRECOGNIZED);
          assertEquals(List.of(value, "further detail"), ((KrakenServiceException) thrown).errors());
        }
      }
    }));
  }

  /** The webhook errors of the source are codes, not strings to match. */
  @Test
  void webhookErrorsHaveCodes() throws Throwable {
    ServiceCall call = call(Family.EMBED, "testWebhook");
    Map<String, KrakenError.Code> expected = Map.of("404", KrakenError.Code.WEBHOOK_NOT_FOUND,
        "403", KrakenError.Code.WEBHOOK_DISABLED);
    for (Map.Entry<String, KrakenError.Code> entry : expected.entrySet()) {
      JsonNode body = Examples.response(call.contract, call.op, entry.getKey()).values().iterator().next();
      try (WireFixture wire = WireFixture.create()) {
        WireFixture.enqueue(wire.server, Integer.parseInt(entry.getKey()), Contracts.writeJson(body));
        KrakenServiceException e = assertInstanceOf(KrakenServiceException.class, failure(call, wire, false));
        assertEquals(KrakenServiceException.class, e.getClass(), "not an authentication failure");
        assertEquals(entry.getValue(), e.krakenErrors().get(0).code());
        assertTrue(e.hasError(entry.getValue()));
      }
    }
  }

  /** OAuth error bodies: the code as its enum (an unlisted one kept) and the description. */
  @Test
  void oauthErrorBodies() throws Throwable {
    ServiceCall call = call(Family.OAUTH, "getToken");
    ObjectNode grant = NODES.objectNode().put("error", "invalid_grant").put("error_description", "Code already used.");
    ObjectNode unlisted = NODES.objectNode().put("error", "slow_down");
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 400, Contracts.writeJson(grant));
      KrakenServiceException e = assertInstanceOf(KrakenServiceException.class, failure(call, wire, false));
      assertEquals(OAuthErrorCode.INVALID_GRANT, e.code(OAuthErrorCode.class));
      assertEquals("Code already used.", e.errorDescription());
      assertEquals(List.of(), e.krakenErrors());
    }
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 400, Contracts.writeJson(unlisted));
      KrakenServiceException e = assertInstanceOf(KrakenServiceException.class, failure(call, wire, true));
      assertEquals("slow_down", e.code(OAuthErrorCode.class).value());
      assertEquals(false, e.code(OAuthErrorCode.class).isKnown());
      assertEquals(null, e.errorDescription());
    }
  }

  /**
   * A bearer call answered 401 when no refresh token is stored (the grant cannot be renewed) is an
   * authentication failure like every other 401, not a network failure.
   */
  @Test
  void expiredGrantIsAnAuthenticationFailure() throws Throwable {
    ServiceCall call = call(Family.OAUTH, "getUserInfo");
    InMemoryTokenStore store = new InMemoryTokenStore(new OAuthTokens(WireFixture.ACCESS_TOKEN, null,
        Instant.now().plus(Duration.ofHours(1)), "bearer", null));
    JsonNode body = NODES.objectNode().put("error", "invalid_token").put("error_description", "expired");
    try (WireFixture wire = WireFixture.builder().tokens(store).build()) {
      WireFixture.enqueue(wire.server, 401, Contracts.writeJson(body));
      Throwable thrown = failure(call, wire, false);
      assertInstanceOf(AuthenticationException.class, thrown, () -> "was " + thrown);
      assertEquals(1, wire.server.getRequestCount());
    }
  }

  /** HTTP 429 is rate limiting in every family, whatever the body, with its Retry-After (seconds or a date). */
  @TestFactory
  Stream<DynamicNode> http429IsRateLimitingEverywhere() {
    List<DynamicNode> tests = new ArrayList<>();
    for (ServiceCall call : ServiceCall.all()) {
      tests.add(dynamicTest(call.label() + ", HTML body, Retry-After: 7", () -> rateLimited(call,
          "<html><body>Too Many Requests</body></html>", "7", Duration.ofSeconds(7))));
      tests.add(dynamicTest(call.label() + ", empty body, Retry-After in the past as a date", () -> rateLimited(call,
          "", DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now().minusHours(1)), Duration.ZERO)));
    }
    assertTrue(tests.size() >= 2 * 21);
    return tests.stream();
  }

  private static void rateLimited(ServiceCall call, String body, String retryAfter, Duration expected)
      throws Throwable {
    for (boolean async : new boolean[] {false, true}) {
      try (WireFixture wire = WireFixture.create()) {
        MockWebServer target = wire.serverFor(call.op);
        WireFixture.enqueue(target, 429, body, "Retry-After", retryAfter);
        RateLimitedException e = assertInstanceOf(RateLimitedException.class, failure(call, wire, async));
        assertEquals(429, e.httpStatus());
        assertEquals(expected, e.retryAfter().orElseThrow());
        assertEquals(1, target.getRequestCount());
      }
    }
  }

  /**
   * The contracts' error examples, which {@link ErrorExampleTest} runs, hold a rate-limit, a
   * nonce and an authentication error for every signed family (OAuth: authentication), so each
   * type is checked in each family; HTTP 429 covers OAuth's rate limiting above.
   */
  @Test
  void errorExamplesCoverEveryTypeInEveryFamily() {
    Map<Family, Set<Class<?>>> seen = new EnumMap<>(Family.class);
    for (ServiceCall call : ServiceCall.all()) {
      for (String status : call.op.operation().getResponses().keySet()) {
        int code = status.equals("default") ? (call.style().equals("futures") ? 200 : 500) : Integer.parseInt(status);
        Examples.response(call.contract, call.op, status).values().stream()
            .filter(body -> ServiceErrors.isError(call.style(), code, body))
            .forEach(body -> seen.computeIfAbsent(call.contract.family, f -> new HashSet<>())
                .add(ServiceErrors.type(code, ServiceErrors.strings(call.style(), body))));
      }
    }
    Set<Class<?>> all = Set.of(RateLimitedException.class, NonceRejectedException.class,
        AuthenticationException.class, KrakenServiceException.class);
    for (Family family : List.of(Family.SPOT, Family.FUTURES, Family.EMBED)) {
      assertEquals(all, seen.get(family), family + " error examples by type");
    }
    assertTrue(seen.get(Family.OAUTH).contains(AuthenticationException.class), "OAuth: " + seen.get(Family.OAUTH));
  }

  /**
   * Exceptions are Serializable; one that crossed a serialization boundary (a remote job, a
   * cache) still answers {@code errors()}, {@code hasError} and {@code code} instead of a
   * {@code NullPointerException}.
   */
  @Test
  void serviceExceptionSurvivesSerialization() throws Throwable {
    ServiceCall call = call(Family.FUTURES, "getNotifications");
    ObjectNode body = NODES.objectNode().put("result", "error").put("serverTime", "2025-03-14T11:16:31.045Z")
        .put("error", "apiLimitExceeded");
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200, Contracts.writeJson(body));
      KrakenServiceException original = assertInstanceOf(KrakenServiceException.class, failure(call, wire, false));
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(original);
      }
      KrakenServiceException copy;
      try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
        copy = (KrakenServiceException) in.readObject();
      }
      assertEquals(original.getClass(), copy.getClass());
      assertEquals(original.getMessage(), copy.getMessage());
      assertEquals(List.of("apiLimitExceeded"), copy.errors());
      assertEquals(FuturesErrorCode.API_LIMIT_EXCEEDED, copy.code(FuturesErrorCode.class));
      assertEquals(false, copy.hasError(KrakenError.Code.RATE_LIMIT_EXCEEDED));
    }
  }

  // ---- helpers ----

  static ServiceCall call(Family family, String operationId) {
    Contract contract = Contracts.get(family);
    return ServiceCall.of(contract, contract.operation(operationId));
  }

  /** A copy of the operation's first success example. */
  private static ObjectNode successBody(ServiceCall call) {
    String status = call.successStatuses().get(0);
    JsonNode body = Examples.response(call.contract, call.op, status).values().stream()
        .filter(call::isSuccessBody).findFirst().orElseThrow();
    return (ObjectNode) body.deepCopy();
  }

  private static ArrayNode array(List<String> strings) {
    ArrayNode array = NODES.arrayNode();
    strings.forEach(array::add);
    return array;
  }

  private static Object run(ServiceCall call, WireFixture wire, boolean async) throws Throwable {
    Object[] arguments = call.decode(call.exampleArguments());
    Object result = async
        ? call.invokeAsync(wire.client, arguments).get(10, TimeUnit.SECONDS)
        : call.invoke(wire.client, arguments);
    assertNotNull(result);
    return result;
  }

  private static Throwable failure(ServiceCall call, WireFixture wire, boolean async) throws Throwable {
    Object[] arguments = call.decode(call.exampleArguments());
    if (async) {
      return assertThrows(ExecutionException.class,
          () -> call.invokeAsync(wire.client, arguments).get(10, TimeUnit.SECONDS)).getCause();
    }
    return assertThrows(Throwable.class, () -> call.invoke(wire.client, arguments));
  }
}
