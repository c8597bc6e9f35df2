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
import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.auth.oauth.OAuthTokens;
import io.github.krakensdk.embed.model.EmbedErrorCode;
import io.github.krakensdk.errors.AuthenticationException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.NonceRejectedException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.futures.model.FuturesErrorCode;
import io.github.krakensdk.oauth.model.OAuthErrorCode;
import io.github.krakensdk.spot.model.SpotErrorCode;
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
 * webhook errors, OAuth codes (on a bearer operation and on the token path), HTTP 429 in every
 * family, and an expired OAuth grant. Error codes are the generated open enums ({@code
 * SpotErrorCode}, {@code EmbedErrorCode}, {@code FuturesErrorCode}, {@code OAuthErrorCode}).
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
        assertEquals(SpotErrorCode.GENERAL_INVALID_ARGUMENTS.value(), e.krakenErrors().get(2).code());
        assertTrue(e.hasError(SpotErrorCode.GENERAL_INVALID_ARGUMENTS));
        assertTrue(!e.hasError(SpotErrorCode.GENERAL_PERMISSION_DENIED));
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
    Map<String, SpotErrorCode> expected = Map.of(
        "belowMinimum", SpotErrorCode.EARNINGS_BELOW_MIN,
        "busy", SpotErrorCode.EARNINGS_BUSY,
        "invalidStrategy", SpotErrorCode.GENERAL_INVALID_ARGUMENTS);
    Map<String, JsonNode> examples = Examples.response(call.contract, call.op, "200");
    assertEquals(expected.keySet(), examples.keySet(), "the Earn error examples of deallocateEarnFunds");
    for (Map.Entry<String, SpotErrorCode> entry : expected.entrySet()) {
      try (WireFixture wire = WireFixture.create()) {
        WireFixture.enqueue(wire.server, 200, Contracts.writeJson(examples.get(entry.getKey())));
        KrakenServiceException e = assertInstanceOf(KrakenServiceException.class, failure(call, wire, false));
        assertEquals(entry.getValue().value(), e.krakenErrors().get(0).code(), entry.getKey());
        assertEquals(entry.getValue(), e.code(SpotErrorCode.class), entry.getKey());
        assertTrue(entry.getValue().isKnown(), entry.getKey());
        assertTrue(e.hasError(entry.getValue()), entry.getKey());
        for (SpotErrorCode other : expected.values()) {
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
      // A rejected nonce is re-signed and re-sent three times before it fails the call.
      boolean resent = ServiceErrors.type(call.contract, 200, List.of(value)) == NonceRejectedException.class;
      for (boolean async : new boolean[] {false, true}) {
        try (WireFixture wire = WireFixture.create()) {
          for (int i = 0; i < (resent ? 1 + ErrorExampleTest.NONCE_RESENDS : 1); i++) {
            WireFixture.enqueue(wire.server, 200, Contracts.writeJson(body));
          }
          Throwable thrown = failure(call, wire, async);
          ServiceErrors.assertMatches(call.contract, "futures", call.op.id(), 200, body, thrown);
          FuturesErrorCode code = ((KrakenServiceException) thrown).code(FuturesErrorCode.class);
          assertEquals(FuturesErrorCode.of(value), code);
          boolean listed = FuturesErrorCode.values().contains(code);
          assertEquals(listed, code.asEnum() != FuturesErrorCode.Value.UNRECOGNIZED);
          assertEquals(List.of(value, "further detail"), ((KrakenServiceException) thrown).errors());
          assertEquals(resent ? 1 + ErrorExampleTest.NONCE_RESENDS : 1, wire.requestCount(), "requests sent");
        }
      }
    }));
  }

  /** The webhook errors of the source are codes, not strings to match. */
  @Test
  void webhookErrorsHaveCodes() throws Throwable {
    ServiceCall call = call(Family.EMBED, "testWebhook");
    Map<String, EmbedErrorCode> expected = Map.of("404", EmbedErrorCode.NEXUS_WEBHOOK_NOT_FOUND,
        "403", EmbedErrorCode.NEXUS_WEBHOOK_IS_DISABLED);
    for (Map.Entry<String, EmbedErrorCode> entry : expected.entrySet()) {
      JsonNode body = Examples.response(call.contract, call.op, entry.getKey()).values().iterator().next();
      try (WireFixture wire = WireFixture.create()) {
        WireFixture.enqueue(wire.server, Integer.parseInt(entry.getKey()), Contracts.writeJson(body));
        KrakenServiceException e = assertInstanceOf(KrakenServiceException.class, failure(call, wire, false));
        assertEquals(KrakenServiceException.class, e.getClass(), "not an authentication failure");
        assertEquals(entry.getValue().value(), e.krakenErrors().get(0).code());
        assertEquals(entry.getValue(), e.code(EmbedErrorCode.class));
        assertTrue(e.hasError(entry.getValue()));
        for (EmbedErrorCode other : expected.values()) {
          assertEquals(other == entry.getValue(), e.hasError(other), entry.getKey() + " vs " + other);
        }
      }
    }
  }

  /**
   * OAuth error bodies on a bearer operation: the code as its enum (an unlisted one kept) and the
   * description, blocking and through the future.
   */
  @Test
  void oauthErrorBodies() throws Throwable {
    ServiceCall call = call(Family.OAUTH, "listFastApiKeys");
    ObjectNode grant = NODES.objectNode().put("error", "invalid_grant").put("error_description", "Code already used.");
    ObjectNode unlisted = NODES.objectNode().put("error", "slow_down");
    for (boolean async : new boolean[] {false, true}) {
      try (WireFixture wire = WireFixture.create()) {
        WireFixture.enqueue(wire.server, 400, Contracts.writeJson(grant));
        KrakenServiceException e = assertInstanceOf(KrakenServiceException.class, failure(call, wire, async));
        assertEquals(OAuthErrorCode.INVALID_GRANT, e.code(OAuthErrorCode.class));
        assertEquals("Code already used.", e.errorDescription());
        assertEquals(List.of("invalid_grant"), e.errors());
        assertEquals(OAuthErrorCode.INVALID_GRANT, e.code(), "the first error's code");
      }
      try (WireFixture wire = WireFixture.create()) {
        WireFixture.enqueue(wire.server, 400, Contracts.writeJson(unlisted));
        KrakenServiceException e = assertInstanceOf(KrakenServiceException.class, failure(call, wire, async));
        assertEquals("slow_down", e.code(OAuthErrorCode.class).value());
        assertEquals(false, e.code(OAuthErrorCode.class).isKnown());
        assertEquals(null, e.errorDescription());
      }
    }
  }

  /**
   * OAuth error bodies of the token endpoint ({@code getToken}, reached through {@code
   * kraken.oauthTokens()}): an {@link OAuthException} of {@code getToken} with the error, which
   * reads as the contract's {@code OAuthErrorCode} (an unlisted one kept), and the description.
   */
  @Test
  void tokenEndpointErrorBodies() throws Throwable {
    ServiceCall call = TokenCall.call();
    ObjectNode grant = NODES.objectNode().put("error", "invalid_grant").put("error_description", "Code already used.");
    ObjectNode unlisted = NODES.objectNode().put("error", "slow_down");
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 400, Contracts.writeJson(grant));
      OAuthException e = assertThrows(OAuthException.class,
          () -> TokenCall.obtain(wire.client, wire.tokens, call.exampleArguments()));
      assertEquals(call.op.id(), e.operationId());
      assertEquals(400, e.httpStatus());
      assertEquals(OAuthErrorCode.INVALID_GRANT, OAuthErrorCode.of(e.error()));
      assertEquals(List.of("invalid_grant"), e.errors());
      assertEquals("Code already used.", e.errorDescription());
      assertEquals(List.of(), e.krakenErrors());
    }
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 400, Contracts.writeJson(unlisted));
      OAuthException e = assertThrows(OAuthException.class,
          () -> TokenCall.obtain(wire.client, wire.tokens, call.exampleArguments()));
      assertEquals("slow_down", OAuthErrorCode.of(e.error()).value());
      assertEquals(false, OAuthErrorCode.of(e.error()).isKnown());
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
    InMemoryTokenStore store = new InMemoryTokenStore(OAuthTokens.builder().accessToken(WireFixture.ACCESS_TOKEN)
        .expiresAt(Instant.now().plus(Duration.ofHours(1))).tokenType("bearer").build());
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
      if (TokenCall.isTokenCall(call)) {
        tests.add(dynamicTest(call.label() + " through kraken.oauthTokens(), HTML body, Retry-After: 7",
            () -> tokenRateLimited(call)));
        continue;
      }
      tests.add(dynamicTest(call.label() + ", HTML body, Retry-After: 7", () -> rateLimited(call,
          "<html><body>Too Many Requests</body></html>", "7", Duration.ofSeconds(7))));
      tests.add(dynamicTest(call.label() + ", empty body, Retry-After in the past as a date", () -> rateLimited(call,
          "", DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now().minusHours(1)), Duration.ZERO)));
    }
    assertTrue(tests.size() >= 2 * 20 + 1);
    return tests.stream();
  }

  /**
   * The token path is not the service pipeline: a 429 of the token endpoint fails with the token
   * client's {@link OAuthException} of {@code getToken}, with the status, sent once.
   */
  private static void tokenRateLimited(ServiceCall call) throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 429, "<html><body>Too Many Requests</body></html>", "Retry-After", "7");
      OAuthException e = assertThrows(OAuthException.class,
          () -> TokenCall.obtain(wire.client, wire.tokens, call.exampleArguments()));
      assertEquals(call.op.id(), e.operationId());
      assertEquals(429, e.httpStatus());
      assertEquals(1, wire.server.getRequestCount());
    }
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
                .add(ServiceErrors.type(call.contract, code, ServiceErrors.strings(call.style(), body))));
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
      assertEquals(true, copy.hasError(FuturesErrorCode.API_LIMIT_EXCEEDED));
      assertEquals(false, copy.hasError(SpotErrorCode.API_RATE_LIMIT_EXCEEDED));
      assertEquals(FuturesErrorCode.API_LIMIT_EXCEEDED, copy.code());
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
    Object arguments = call.decode(call.exampleArguments());
    Object result = async
        ? call.invokeAsync(wire.client, arguments).get(10, TimeUnit.SECONDS)
        : call.invoke(wire.client, arguments);
    assertNotNull(result);
    return result;
  }

  private static Throwable failure(ServiceCall call, WireFixture wire, boolean async) throws Throwable {
    Object arguments = call.decode(call.exampleArguments());
    if (async) {
      return assertThrows(ExecutionException.class,
          () -> call.invokeAsync(wire.client, arguments).get(10, TimeUnit.SECONDS)).getCause();
    }
    return assertThrows(Throwable.class, () -> call.invoke(wire.client, arguments));
  }
}
