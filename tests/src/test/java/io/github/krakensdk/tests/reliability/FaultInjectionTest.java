package io.github.krakensdk.tests.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import io.github.krakensdk.runtime.call.RetryPolicy;
import io.github.krakensdk.tests.client.ServiceCall;
import io.github.krakensdk.tests.client.Signatures;
import io.github.krakensdk.tests.client.WireFixture;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Examples;
import io.github.krakensdk.tests.contract.Family;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import okhttp3.OkHttpClient;
import okio.Buffer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The faults a network and a service really produce, each injected into the first answer to a safe
 * GET (Futures {@code getNotifications}, signed, so that a retry shows a new signature) and to a
 * signed POST that must never be sent twice (Spot {@code cancelWithdrawal}); the second answer is
 * the contract's success example. Each case has one expected outcome, checked blocking and
 * asynchronously: the result or the typed exception, how many requests reached the server (the
 * POST once, whatever happens), every attempt correctly signed with a nonce of its own, and nothing
 * left behind: no call still running, no connection held, and after {@code close()} no connection
 * and no thread of the client (dispatcher or completion pool).
 *
 * <p>The client retries what it may ({@link #RETRIES}: three attempts, no backoff delay, a
 * {@code Retry-After} above 500 ms gives up). The timeout cases set short timeouts (400 ms to 1 s)
 * so that each case takes at most about a second; the others keep timeouts that a healthy exchange
 * never reaches. Nothing is timed: a timeout is an outcome here, never a measurement.
 */
class FaultInjectionTest {
  static final RetryPolicy RETRIES = RetryPolicy.exponential()
      .maxAttempts(3).initialDelay(Duration.ZERO).maxDelay(Duration.ofMillis(500)).build();
  static final Duration READ_TIMEOUT = Duration.ofSeconds(2);
  static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);
  /** The size of the huge answers: above the largest body the SDK reads, {@code ResponseDecoding.MAX_BODY_BYTES}. */
  static final long HUGE_BODY_BYTES = 50L * 1024 * 1024;

  /** The two calls each fault is tried on. */
  enum Target {
    GET(Family.FUTURES, "getNotifications", true),
    POST(Family.SPOT, "cancelWithdrawal", false);

    final Family family;
    final String operationId;
    final boolean retried;

    Target(Family family, String operationId, boolean retried) {
      this.family = family;
      this.operationId = operationId;
      this.retried = retried;
    }

    ServiceCall call() {
      Contract contract = Contracts.get(family);
      return ServiceCall.of(contract, contract.operation(operationId));
    }

    /** The contract's first success example of the operation. */
    String success() {
      ServiceCall call = call();
      String status = call.successStatuses().get(0);
      return Contracts.writeJson(Examples.response(call.contract, call.op, status).values().stream()
          .filter(call::isSuccessBody).findFirst().orElseThrow());
    }

    /** The family's error body for {@code status}, as its contract writes errors. */
    String error(String futuresCode, String krakenError) {
      return family == Family.FUTURES
          ? "{\"result\":\"error\",\"serverTime\":\"2025-03-14T11:16:31.045Z\",\"error\":\"" + futuresCode + "\"}"
          : "{\"error\":[\"" + krakenError + "\"]}";
    }

    String label() {
      return name() + " " + operationId;
    }
  }

  static final String NGINX_502 = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
      + "<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";
  static final String WAF_403 = "<!DOCTYPE html><html><head><title>Attention Required!</title></head>"
      + "<body><h1>Sorry, you have been blocked</h1><p>Ray ID: 8a1b2c3d4e5f6a7b</p></body></html>";

  /**
   * One fault: the first answer, the client's timeouts, and the outcome expected for the GET (which
   * may be retried) and for the POST (which may not).
   */
  enum Fault {
    DISCONNECT_AT_START("disconnect at start",
        (t, ok) -> json(200, ok).onRequestStart(new SocketEffect.CloseSocket(true, false, false)),
        "result; 2 attempts, 1 reached the server",
        "KrakenTransportException (outcome unknown); 1 attempt, 0 reached the server"),
    DISCONNECT_AFTER_REQUEST("disconnect after the request",
        (t, ok) -> json(200, ok).onResponseStart(SocketEffect.ShutdownConnection.INSTANCE),
        RETRIED,
        once("KrakenTransportException (outcome unknown)")),
    DISCONNECT_DURING_BODY("disconnect during the response body",
        (t, ok) -> json(200, ok).onResponseBody(SocketEffect.ShutdownConnection.INSTANCE),
        RETRIED,
        once("KrakenTransportException (outcome unknown)")),
    STALL_READ_TIMEOUT("stalled server, read timeout (400 ms)",
        (t, ok) -> json(200, ok).onResponseStart(SocketEffect.Stall.INSTANCE),
        RETRIED,
        once("KrakenTransportException (outcome unknown)")) {
      @Override
      WireFixture.Builder configure(WireFixture.Builder fixture) {
        return fixture.readTimeout(Duration.ofMillis(400)).callTimeout(Duration.ofSeconds(5));
      }
    },
    STALL_CALL_TIMEOUT("stalled server, call timeout (500 ms, read timeout 5 s)",
        (t, ok) -> json(200, ok).onResponseStart(SocketEffect.Stall.INSTANCE),
        RETRIED,
        once("KrakenTransportException (outcome unknown)")) {
      @Override
      WireFixture.Builder configure(WireFixture.Builder fixture) {
        return fixture.readTimeout(Duration.ofSeconds(5)).callTimeout(Duration.ofMillis(500));
      }
    },
    TRICKLED_BODY("body trickled slower than the timeout (64 B every 100 ms; call timeout 1 s)",
        (t, ok) -> json(200, ok + " ".repeat(1500)).throttleBody(64, 100, TimeUnit.MILLISECONDS),
        RETRIED,
        once("KrakenTransportException (outcome unknown)")) {
      @Override
      WireFixture.Builder configure(WireFixture.Builder fixture) {
        // Each read gets bytes well within the read timeout: only the call timeout ends the trickle.
        return fixture.readTimeout(Duration.ofSeconds(2)).callTimeout(Duration.ofSeconds(1));
      }
    },
    RATE_LIMITED_429("429 with Retry-After: 0",
        (t, ok) -> json(429, t.error("apiLimitExceeded", "EAPI:Rate limit exceeded")).setHeader("Retry-After", "0"),
        RETRIED,
        RETRIED) {
      /** Spot's call counter refused it: nothing was executed, so the POST is waited out and re-sent. */
      @Override
      boolean executedNothing() {
        return true;
      }
    },
    UNAVAILABLE_503("503 with Retry-After: 2 (above the 500 ms cap)",
        (t, ok) -> json(503, t.error("Unavailable", "EService:Unavailable")).setHeader("Retry-After", "2"),
        once("KrakenServiceException, HTTP 503, Retry-After PT2S"),
        once("KrakenServiceException, HTTP 503, Retry-After PT2S")),
    SERVER_ERROR_500("500 with the family's error body",
        (t, ok) -> json(500, t.error("Server Error", "EGeneral:Internal error")),
        RETRIED,
        once("KrakenServiceException, HTTP 500")),
    BAD_GATEWAY_502("502 with a proxy's HTML page",
        (t, ok) -> html(502, NGINX_502),
        RETRIED,
        once("UnexpectedResponseException, HTTP 502")),
    GATEWAY_TIMEOUT_504("504 with an empty body",
        (t, ok) -> new MockResponse.Builder().code(504),
        RETRIED,
        once("UnexpectedResponseException, HTTP 504")),
    HTML_ERROR_PAGE("HTML error page (403 from a firewall)",
        (t, ok) -> html(403, WAF_403),
        once("UnexpectedResponseException, HTTP 403"),
        once("UnexpectedResponseException, HTTP 403")),
    EMPTY_BODY("200 with an empty body",
        (t, ok) -> json(200, ""),
        once("UnexpectedResponseException, HTTP 200"),
        once("UnexpectedResponseException, HTTP 200")),
    TRUNCATED_BODY("200 with the JSON cut in half (framing intact)",
        (t, ok) -> json(200, ok.substring(0, ok.length() / 2)),
        once("UnexpectedResponseException, HTTP 200"),
        once("UnexpectedResponseException, HTTP 200")),
    UTF8_BOM("200 with a UTF-8 byte order mark before the JSON",
        (t, ok) -> json(200, "\uFEFF" + ok),
        once("result"),
        once("result")),
    TRAILING_GARBAGE("200 with text after the JSON",
        (t, ok) -> json(200, ok + "\n<!-- cached by edge-7 -->"),
        once("UnexpectedResponseException, HTTP 200"),
        once("UnexpectedResponseException, HTTP 200")),
    HUGE_BODY("200 with a 50 MB body (valid JSON, Content-Length)",
        (t, ok) -> json(200, "").body(huge(ok)),
        once("UnexpectedResponseException, HTTP 200"),
        once("UnexpectedResponseException, HTTP 200")),
    HUGE_CHUNKED_BODY("200 with a 50 MB chunked body (valid JSON, no Content-Length)",
        (t, ok) -> json(200, "").chunkedBody(huge(ok), 64 * 1024),
        once("UnexpectedResponseException, HTTP 200"),
        once("UnexpectedResponseException, HTTP 200"));

    final String label;
    final FirstAnswer first;
    final String get;
    final String post;

    Fault(String label, FirstAnswer first, String get, String post) {
      this.label = label;
      this.first = first;
      this.get = get;
      this.post = post;
    }

    /**
     * The client's timeouts for this fault: generous ones ({@link #READ_TIMEOUT}, {@link
     * #CALL_TIMEOUT}) that a healthy exchange never comes near, unless the fault is about a timeout.
     */
    WireFixture.Builder configure(WireFixture.Builder fixture) {
      return fixture.readTimeout(READ_TIMEOUT).callTimeout(CALL_TIMEOUT);
    }

    String expected(Target target) {
      return target == Target.GET ? get : post;
    }

    /** Whether the first answer says the service executed nothing, so even a POST may be sent again. */
    boolean executedNothing() {
      return false;
    }
  }

  /** The GET failed once, was sent again with a new nonce and signature, and succeeded. */
  static final String RETRIED = "result; 2 attempts, 2 reached the server, each signed with a new nonce";

  /** {@code outcome} after one attempt that reached the server. */
  static String once(String outcome) {
    return outcome + "; 1 attempt, 1 reached the server";
  }

  @FunctionalInterface
  interface FirstAnswer {
    MockResponse.Builder answer(Target target, String success);
  }

  /** The id of a case in RELIABILITY.md. */
  static String id(Target target, Fault fault) {
    return "fault " + target.name() + ": " + fault.label;
  }

  /** Every case, for the table in RELIABILITY.md. */
  static List<ReliabilityCase> cases() {
    List<ReliabilityCase> cases = new ArrayList<>();
    for (Fault fault : Fault.values()) {
      for (Target target : Target.values()) {
        cases.add(new ReliabilityCase(id(target, fault), fault.expected(target)));
      }
    }
    return cases;
  }

  @TestFactory
  Stream<DynamicNode> everyFaultHasOneOutcome() {
    List<DynamicNode> nodes = new ArrayList<>();
    for (Fault fault : Fault.values()) {
      for (Target target : Target.values()) {
        nodes.add(dynamicContainer(id(target, fault), Stream.of(
            dynamicTest("blocking", () -> run(target, fault, false)),
            dynamicTest("async", () -> run(target, fault, true)))));
      }
    }
    return nodes.stream();
  }

  private static void run(Target target, Fault fault, boolean async) throws Throwable {
    ServiceCall call = target.call();
    String success = target.success();
    String name = target.name() + " " + fault.name() + (async ? " async" : "");
    AtomicInteger attempts = new AtomicInteger();
    Set<Thread> completionBefore = Leaks.completionThreads();
    // Shares the pool and dispatcher counted by Leaks; sees every attempt put on a connection.
    OkHttpClient http = Leaks.newClient(name).newBuilder().addNetworkInterceptor(chain -> {
      attempts.incrementAndGet();
      return chain.proceed(chain.request());
    }).build();
    String observed;
    try (WireFixture wire = fault.configure(WireFixture.builder().retryPolicy(RETRIES).httpClient(http)).build()) {
      MockWebServer server = wire.serverFor(call.op);
      server.enqueue(fault.first.answer(target, success).build());
      server.enqueue(json(Integer.parseInt(call.successStatuses().get(0)), success).build());

      Object arguments = call.decode(call.exampleArguments());
      Object result = null;
      Throwable thrown = null;
      try {
        result = async
            ? call.invokeAsync(wire.client, arguments).get(30, TimeUnit.SECONDS)
            : call.invoke(wire.client, arguments);
      } catch (ExecutionException e) {
        thrown = e.getCause();
      } catch (Throwable e) {
        thrown = e;
      }
      List<RecordedRequest> recorded = new ArrayList<>();
      for (int i = server.getRequestCount(); i > 0; i--) {
        RecordedRequest request = WireFixture.take(server);
        // A connection the server dropped before reading leaves a placeholder without headers.
        if (request.getHeaders().get("Host") != null) {
          recorded.add(request);
        }
      }
      boolean resigned = recorded.size() > 1 && resigned(target, recorded);
      Throwable failure = thrown;
      observed = describe(result, thrown) + "; " + attempts.get() + (attempts.get() == 1 ? " attempt, " : " attempts, ")
          + recorded.size() + " reached the server" + (resigned ? ", each signed with a new nonce" : "");
      if (!target.retried && !fault.executedNothing()) {
        assertEquals(1, attempts.get(), "a POST that is not safe to repeat is put on the wire once, whatever happens");
      }

      if (result != null) {
        assertEquals(call.expectedResult(wire.client, call.successStatuses().get(0), Contracts.readJson(success)),
            result, "the result is the success example's");
      }
      if (thrown != null && !(thrown instanceof KrakenException)) {
        throw new AssertionError(id(target, fault) + ": not a typed failure", thrown);
      }
      for (RecordedRequest request : recorded) {
        List<String> problems = Signatures.problems(target.family, request,
            target == Target.GET ? WireFixture.FUTURES_KEY.key() : WireFixture.SPOT_KEY.key());
        assertTrue(problems.isEmpty(), () -> "attempt not signed as sent: " + problems);
      }
      assertEquals(fault.expected(target), observed, () -> id(target, fault) + (async ? ", async" : ", blocking")
          + (failure == null ? "" : "\n  thrown: " + failure));
      Leaks.assertQuiet(http);
    }
    Leaks.assertReleased(http, name);
    Leaks.assertCompletionReleased(completionBefore);
    Observations.record(id(target, fault), observed);
    ReliabilityTable.assertObserved(id(target, fault), fault.expected(target), observed);
  }

  /** Every attempt carried a nonce and a signature of its own. */
  private static boolean resigned(Target target, List<RecordedRequest> attempts) {
    Set<String> nonces = new HashSet<>();
    Set<String> signatures = new HashSet<>();
    for (RecordedRequest attempt : attempts) {
      Signatures.Signed signed = Signatures.signed(target.family, attempt);
      nonces.add(signed.nonce());
      signatures.add(signed.signature());
    }
    assertNotEquals(1, nonces.size(), "a retry re-used the nonce");
    return nonces.size() == attempts.size() && signatures.size() == attempts.size();
  }

  /** The outcome in the words of the table: {@code result}, or the exception with what it carries. */
  static String describe(Object result, Throwable thrown) {
    if (thrown == null) {
      return result == null ? "null" : "result";
    }
    StringBuilder text = new StringBuilder(thrown.getClass().getSimpleName());
    if (thrown instanceof KrakenTransportException transport) {
      text.append(transport.outcomeUnknown() ? " (outcome unknown)" : " (not completed)");
    } else if (thrown instanceof KrakenServiceException || thrown instanceof UnexpectedResponseException) {
      KrakenException e = (KrakenException) thrown;
      text.append(", HTTP ").append(e.httpStatus());
      e.retryAfter().ifPresent(delay -> text.append(", Retry-After ").append(delay));
    }
    return text.toString();
  }

  static MockResponse.Builder json(int status, String body) {
    return new MockResponse.Builder().code(status).addHeader("Content-Type", "application/json").body(body);
  }

  static MockResponse.Builder html(int status, String body) {
    return new MockResponse.Builder().code(status).addHeader("Content-Type", "text/html").body(body);
  }

  /**
   * {@code success} with a member of {@link #HUGE_BODY_BYTES} bytes in front: still the contract's
   * JSON. Built once per body; each answer gets a clone, which shares the segments.
   */
  static Buffer huge(String success) {
    return HUGE.computeIfAbsent(success, ok -> {
      Buffer buffer = new Buffer().writeUtf8("{\"padding\":\"");
      byte[] chunk = "x".repeat(64 * 1024).getBytes(StandardCharsets.US_ASCII);
      while (buffer.size() < HUGE_BODY_BYTES) {
        buffer.write(chunk);
      }
      return buffer.writeUtf8("\",").writeUtf8(ok.substring(1));
    }).clone();
  }

  private static final Map<String, Buffer> HUGE = new ConcurrentHashMap<>();
}
