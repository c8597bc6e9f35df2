package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.errors.ServiceError;
import io.github.krakensdk.runtime.call.RetryPolicy;
import io.github.krakensdk.spot.model.SpotErrorCode;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Examples;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Retries: by default ({@code RetryPolicy.exponential().build()}) and with any {@link RetryPolicy},
 * only operations that are safe to repeat (GETs and those the contract marks {@code x-kraken-idempotent}) are sent again, after a
 * network failure, rate limiting or a 5xx, each attempt signed again with a new nonce, and a
 * {@code Retry-After} is honoured. Which operations are safe is read from the YAML. Delays are
 * zero (or a {@code Retry-After: 0}), so nothing here waits, and nothing is timed.
 *
 * <p>OAuth {@code getToken} (not safe to repeat: a code is used once) is reached through {@code
 * kraken.oauthTokens()} ({@link TokenCall}), blocking; the token path never re-sends either.
 */
class RetryTest {
  /** Retries at once: no delay to wait for. */
  private static final RetryPolicy IMMEDIATE = RetryPolicy.exponential()
      .maxAttempts(3).initialDelay(Duration.ZERO).maxDelay(Duration.ofMillis(500)).build();

  @TestFactory
  Stream<DynamicNode> retriesFollowTheContract() {
    List<DynamicNode> operations = new ArrayList<>();
    int safe = 0;
    int unsafe = 0;
    for (ServiceCall call : ServiceCall.all()) {
      List<DynamicNode> tests = new ArrayList<>();
      if (TokenCall.isTokenCall(call)) {
        assertTrue(!call.safeToRepeat(), "getToken is not safe to repeat");
        tests.add(dynamicTest("not safe: a 503 is sent once, blocking through kraken.oauthTokens()",
            () -> tokenSentOnce(call)));
        tests.add(dynamicTest("not safe: a dropped connection is sent once, outcome unknown, blocking through"
            + " kraken.oauthTokens()", () -> tokenDroppedOnce(call)));
        unsafe++;
        operations.add(dynamicContainer(call.label() + ", not safe", tests));
        continue;
      }
      for (boolean async : new boolean[] {false, true}) {
        String mode = async ? ", async" : ", blocking";
        if (call.safeToRepeat()) {
          tests.add(dynamicTest("503 then success: retried, re-signed" + mode, () -> retried(call, async,
              response(503, unavailable(call)))));
          tests.add(dynamicTest("429 with Retry-After: 0 then success: retried" + mode, () -> retried(call, async,
              response(429, unavailable(call)).setHeader("Retry-After", "0"))));
          tests.add(dynamicTest("dropped connection then success: retried" + mode, () -> retried(call, async,
              call.successResponse().onResponseStart(SocketEffect.ShutdownConnection.INSTANCE))));
          tests.add(dynamicTest("proxy page 502 then success: retried" + mode, () -> retried(call, async,
              new MockResponse.Builder().code(502).body(MalformedBodyTest.PROXY_PAGE))));
          tests.add(dynamicTest("429 with Retry-After: 1 above the 500 ms cap: not retried" + mode,
              () -> retryAfterAboveCap(call, async, 429)));
          tests.add(dynamicTest("503 with Retry-After: 1 above the 500 ms cap: not retried" + mode,
              () -> retryAfterAboveCap(call, async, 503)));
          tests.add(dynamicTest("three 503s: gives up after maxAttempts" + mode, () -> givesUp(call, async)));
          tests.add(dynamicTest("no policy: a 503 is not retried" + mode, () -> notRetriedByDefault(call, async)));
          safe++;
        } else {
          tests.add(dynamicTest("not safe: a 503 is sent once" + mode, () -> sentOnce(call, async)));
          tests.add(dynamicTest("not safe: a dropped connection is sent once, outcome unknown" + mode,
              () -> droppedOnce(call, async)));
          unsafe++;
        }
      }
      operations.add(dynamicContainer(call.label() + (call.safeToRepeat() ? ", safe to repeat" : ", not safe"),
          tests));
    }
    // Both kinds must exist, or one half of the rule goes untested.
    assertTrue(safe > 0 && unsafe > 0, "safe " + safe + ", not safe " + unsafe);
    return operations.stream();
  }

  private static void retried(ServiceCall call, boolean async, MockResponse.Builder first) throws Throwable {
    try (WireFixture wire = WireFixture.builder().retryPolicy(IMMEDIATE).build()) {
      MockWebServer target = wire.serverFor(call.op);
      target.enqueue(first.build());
      target.enqueue(call.successResponse().build());
      ObjectNode json = call.exampleArguments();

      Object result = run(call, wire, json, async);

      call.assertSuccessResult(wire.client, result);
      assertEquals(2, target.getRequestCount(), "the first attempt and one retry");
      RecordedRequest attempt1 = WireFixture.take(target);
      RecordedRequest attempt2 = WireFixture.take(target);
      for (RecordedRequest attempt : List.of(attempt1, attempt2)) {
        List<String> problems = RequestChecks.problems(call, json, attempt, wire);
        assertTrue(problems.isEmpty(), () -> "attempt " + RequestChecks.describe(attempt) + "\n  " + problems);
      }
      if (signed(call)) {
        Signatures.Signed one = Signatures.signed(call.contract.family, attempt1);
        Signatures.Signed two = Signatures.signed(call.contract.family, attempt2);
        assertNotEquals(one.nonce(), two.nonce(), "the retry carries a new nonce");
        assertNotEquals(one.signature(), two.signature(), "the retry is signed again");
      }
    }
  }

  /** A {@code Retry-After} longer than the policy's cap: the call fails at once instead of retrying early. */
  private static void retryAfterAboveCap(ServiceCall call, boolean async, int status) throws Throwable {
    try (WireFixture wire = WireFixture.builder().retryPolicy(IMMEDIATE).build()) {
      MockWebServer target = wire.serverFor(call.op);
      target.enqueue(response(status, unavailable(call)).setHeader("Retry-After", "1").build());
      target.enqueue(call.successResponse().build());
      Throwable thrown = failure(call, wire, async);
      KrakenServiceException e = assertInstanceOf(KrakenServiceException.class, thrown, () -> "was " + thrown);
      assertEquals(status, e.httpStatus());
      if (e instanceof RateLimitedException limited) {
        assertEquals(Duration.ofSeconds(1), limited.retryAfter().orElseThrow(), "the delay the service asked for");
      }
      assertEquals(1, target.getRequestCount(), "not sent again before the service's Retry-After");
    }
  }

  private static void givesUp(ServiceCall call, boolean async) throws Throwable {
    try (WireFixture wire = WireFixture.builder().retryPolicy(IMMEDIATE).build()) {
      MockWebServer target = wire.serverFor(call.op);
      for (int i = 0; i < 3; i++) {
        target.enqueue(response(503, unavailable(call)).build());
      }
      target.enqueue(call.successResponse().build());
      KrakenServiceException e = assertInstanceOf(KrakenServiceException.class, failure(call, wire, async));
      assertEquals(503, e.httpStatus());
      assertEquals(IMMEDIATE.maxAttempts(), target.getRequestCount(), "attempts in all");
    }
  }

  private static void notRetriedByDefault(ServiceCall call, boolean async) throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      MockWebServer target = wire.serverFor(call.op);
      target.enqueue(response(503, unavailable(call)).build());
      target.enqueue(call.successResponse().build());
      KrakenServiceException e = assertInstanceOf(KrakenServiceException.class, failure(call, wire, async));
      assertEquals(503, e.httpStatus());
      assertEquals(1, target.getRequestCount(), "retries are off by default");
    }
  }

  private static void sentOnce(ServiceCall call, boolean async) throws Throwable {
    try (WireFixture wire = WireFixture.builder().retryPolicy(IMMEDIATE).build()) {
      MockWebServer target = wire.serverFor(call.op);
      target.enqueue(response(503, unavailable(call)).build());
      target.enqueue(call.successResponse().build());
      KrakenServiceException e = assertInstanceOf(KrakenServiceException.class, failure(call, wire, async));
      assertEquals(503, e.httpStatus());
      assertEquals(1, target.getRequestCount(), "an operation that is not safe to repeat is sent once");
    }
  }

  private static void droppedOnce(ServiceCall call, boolean async) throws Throwable {
    try (WireFixture wire = WireFixture.builder().retryPolicy(IMMEDIATE).build()) {
      MockWebServer target = wire.serverFor(call.op);
      target.enqueue(call.successResponse().onResponseStart(SocketEffect.ShutdownConnection.INSTANCE).build());
      target.enqueue(call.successResponse().build());
      KrakenTransportException e = assertInstanceOf(KrakenTransportException.class, failure(call, wire, async));
      assertTrue(e.outcomeUnknown(), "the request reached the server: its outcome is unknown");
      assertEquals(1, target.getRequestCount(), "sent once, never re-sent by OkHttp or the SDK");
    }
  }

  private static void tokenSentOnce(ServiceCall call) throws Throwable {
    try (WireFixture wire = WireFixture.builder().retryPolicy(IMMEDIATE).build()) {
      wire.server.enqueue(response(503, unavailable(call)).build());
      WireFixture.enqueue(wire.server, successStatus(call), success(call));
      OAuthException e = assertThrows(OAuthException.class,
          () -> TokenCall.obtain(wire.client, wire.tokens, call.exampleArguments()));
      assertEquals(503, e.httpStatus());
      assertEquals(1, wire.server.getRequestCount(), "an operation that is not safe to repeat is sent once");
    }
  }

  private static void tokenDroppedOnce(ServiceCall call) throws Throwable {
    try (WireFixture wire = WireFixture.builder().retryPolicy(IMMEDIATE).build()) {
      wire.server.enqueue(response(200, success(call)).onResponseStart(SocketEffect.ShutdownConnection.INSTANCE)
          .build());
      WireFixture.enqueue(wire.server, successStatus(call), success(call));
      KrakenTransportException e = assertThrows(KrakenTransportException.class,
          () -> TokenCall.obtain(wire.client, wire.tokens, call.exampleArguments()));
      assertTrue(e.outcomeUnknown(), "the request reached the server: its outcome is unknown");
      assertEquals(1, wire.server.getRequestCount(), "sent once, never re-sent by OkHttp or the SDK");
    }
  }

  /**
   * The policy itself: Retry-After exactly, within the cap; backoff with jitter under its cap;
   * never an operation that is not safe, nor a rejected request.
   */
  /** Without a policy of the caller's, operations safe to repeat are retried; others never. */
  @Test
  void byDefaultSafeOperationsAreRetriedAndOthersAreNot() {
    try (WireFixture wire = WireFixture.builder().defaultRetryPolicy().build()) {
      WireFixture.enqueue(wire.server, 503, "{\"error\":[\"EService:Unavailable\"]}");
      WireFixture.enqueue(wire.server, 200, "{\"error\":[],\"result\":{}}");
      assertEquals(Map.of(), wire.client.spot().listAssets());
      assertEquals(2, wire.requestCount(), "a GET: failed, retried, answered");
      WireFixture.enqueue(wire.server, 503, "{\"error\":[\"EService:Unavailable\"]}");
      assertThrows(KrakenServiceException.class,
          () -> wire.client.spot().cancelWithdrawal(r -> r.asset("XBT").refid("FTQcuak-V6Za8qrWnhzTx67yYHz8Tg")));
      assertEquals(3, wire.requestCount(), "a withdrawal's cancel is sent once");
    }
  }

  @Test
  void policyDelays() {
    RetryPolicy policy = RetryPolicy.exponential()
        .maxAttempts(5).initialDelay(Duration.ofMillis(100)).maxDelay(Duration.ofMillis(250)).build();
    KrakenException unavailable = new KrakenServiceException(
        ServiceError.builder().operationId("getAssets").httpStatus(503).errors(List.of("EService:Unavailable"))
            .bodyExcerpt("").build());
    RateLimitedException limited = new RateLimitedException(ServiceError.builder().operationId("getAssets")
        .httpStatus(429).errors(List.of("EAPI:Rate limit exceeded")).retryAfter(Duration.ofMillis(200))
        .bodyExcerpt("").build());
    RateLimitedException limitedLong = new RateLimitedException(ServiceError.builder().operationId("getAssets")
        .httpStatus(429).errors(List.of("EAPI:Rate limit exceeded")).retryAfter(Duration.ofSeconds(1)).bodyExcerpt("")
        .build());
    KrakenException rejected = new KrakenServiceException(
        ServiceError.builder().operationId("getAssets").httpStatus(200).errors(List.of("EGeneral:Invalid arguments"))
            .bodyExcerpt("").build());

    assertEquals(Duration.ofMillis(200), policy.delayBefore(2, true, limited), "Retry-After, exactly");
    assertNull(policy.delayBefore(2, true, limitedLong), "a Retry-After above the cap gives up");
    assertNull(policy.delayBefore(2, false, unavailable), "never an operation that is not safe");
    assertNull(policy.delayBefore(2, true, rejected), "never a request the service rejected");
    assertNull(policy.delayBefore(6, true, unavailable), "never beyond maxAttempts");
    assertNull(RetryPolicy.none().delayBefore(2, true, unavailable), "off by default");
    for (int attempt = 2; attempt <= 5; attempt++) {
      long cap = Math.min(250, 100L << (attempt - 2));
      for (int i = 0; i < 200; i++) {
        Duration delay = policy.delayBefore(attempt, true, unavailable);
        assertTrue(!delay.isNegative() && delay.toMillis() <= cap, "attempt " + attempt + ": " + delay);
      }
    }
  }

  // ---- helpers ----

  private static Object run(ServiceCall call, WireFixture wire, ObjectNode json, boolean async)
      throws Throwable {
    Object arguments = call.decode(json);
    return async
        ? call.invokeAsync(wire.client, arguments).get(10, TimeUnit.SECONDS)
        : call.invoke(wire.client, arguments);
  }

  private static Throwable failure(ServiceCall call, WireFixture wire, boolean async) throws Throwable {
    Object arguments = call.decode(call.exampleArguments());
    if (async) {
      return assertThrows(ExecutionException.class,
          () -> call.invokeAsync(wire.client, arguments).get(10, TimeUnit.SECONDS)).getCause();
    }
    return assertThrows(Throwable.class, () -> call.invoke(wire.client, arguments));
  }

  private static boolean signed(ServiceCall call) {
    return call.contract.securitySchemes(call.op).stream()
        .anyMatch(s -> s.getType() == io.swagger.v3.oas.models.security.SecurityScheme.Type.APIKEY);
  }

  private static MockResponse.Builder response(int status, String body) {
    return new MockResponse.Builder().code(status).addHeader("Content-Type", "application/json").body(body);
  }

  private static int successStatus(ServiceCall call) {
    return Integer.parseInt(call.successStatuses().get(0));
  }

  private static String success(ServiceCall call) {
    String status = call.successStatuses().get(0);
    return Contracts.writeJson(Examples.response(call.contract, call.op, status).values().stream()
        .filter(call::isSuccessBody).findFirst().orElseThrow());
  }

  /** The family's "service unavailable" error body, as its contract writes such errors. */
  private static String unavailable(ServiceCall call) {
    return switch (call.style()) {
      case "futures" -> "{\"result\":\"error\",\"serverTime\":\"2025-03-14T09:28:12.650Z\",\"error\":\"Unavailable\"}";
      case "oauth" -> "{\"error\":\"temporarily_unavailable\",\"error_description\":\"Try again later.\"}";
      default -> "{\"error\":[\"EService:Unavailable\"]}";
    };
  }
}
