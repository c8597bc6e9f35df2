package io.github.krakensdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.Reference;
import io.github.krakensdk.auth.TestServers;
import io.github.krakensdk.errors.AuthenticationException;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.funding.model.FundingErrorCode;
import io.github.krakensdk.funding.model.FundingNetworks;
import io.github.krakensdk.runtime.call.CallListener;
import io.github.krakensdk.runtime.call.CallOutcome;
import io.github.krakensdk.runtime.call.RetryPolicy;
import io.github.krakensdk.runtime.call.TimeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

/**
 * {@code kraken.funding()}: Funding (Beta) signed with the Spot key, its nonces drawn from the Spot
 * key's source in the Spot key's line, its calls counted on the Spot key's call counter, and its
 * problem+json errors raised as the SDK's exceptions.
 */
final class FundingClientTest {
  private static final String SECRET = Reference.randomSecret(new Random(24), 64);
  private static final ApiCredentials SPOT_KEY = new ApiCredentials("spot-key", SECRET);
  private static final String NETWORKS = "{\"network_groups\":[{\"network_group_id\":\"f95acdb7-8f5c-4a4c-9b3a-6c0a7d3c2e61\","
      + "\"name\":\"EVM\",\"network_ids\":[\"d9d375da-44b7-4be1-8a00-8b281acfe366\"]}],"
      + "\"networks\":[{\"network_id\":\"d9d375da-44b7-4be1-8a00-8b281acfe366\",\"name\":\"Ethereum\"}]}";
  private static final Pattern SPOT_NONCE = Pattern.compile("\"nonce\":(\\d+)");

  @StartStop final MockWebServer server = TestServers.noDelay();

  private KrakenClient.Builder client() {
    return KrakenClient.builder()
        .environment(Environment.PRODUCTION.toBuilder().spot(server.url("/").toString()).build())
        .spotCredentials(SPOT_KEY)
        .retryPolicy(RetryPolicy.none());
  }

  @Test
  void fundingIsSignedWithTheSpotKeyOverThePathAndQuery() throws Exception {
    server.enqueue(json(200, NETWORKS));
    server.enqueue(json(200, NETWORKS));
    try (KrakenClient kraken = client().build()) {
      FundingNetworks networks = kraken.funding().listNetworks();
      assertEquals("Ethereum", networks.networks().get(0).name());
      kraken.funding().listNetworks(r -> r.accountId("AA23NJPM2QH5DOJU"));
    }
    RecordedRequest plain = server.takeRequest();
    assertEquals("GET /funding/v1/networks HTTP/1.1", plain.getRequestLine());
    assertSignedWithTheSpotKey(plain);
    RecordedRequest withQuery = server.takeRequest();
    assertEquals("/funding/v1/networks?account_id=AA23NJPM2QH5DOJU", withQuery.getTarget());
    assertSignedWithTheSpotKey(withQuery);
  }

  @Test
  void aRawCallNamesTheFundingFamily() throws Exception {
    server.enqueue(json(200, NETWORKS));
    try (KrakenClient kraken = client().build()) {
      Object networks = kraken.rawCall(Family.FUNDING, RawRequest.get("funding/v1/networks")
          .query("account_id", "AA23NJPM2QH5DOJU").authenticated(true).build());
      assertInstanceOf(Map.class, networks);
      assertTrue(((Map<?, ?>) networks).containsKey("network_groups"), "no envelope to unwrap");
    }
    assertSignedWithTheSpotKey(server.takeRequest());
  }

  @Test
  void withoutTheSpotKeyNothingIsSent() {
    try (KrakenClient kraken = KrakenClient.builder()
        .environment(Environment.PRODUCTION.toBuilder().spot(server.url("/").toString()).build())
        .embedCredentials(SPOT_KEY).build()) {
      KrakenClientException refused = assertThrows(KrakenClientException.class, () -> kraken.funding().listNetworks());
      assertTrue(refused.getMessage().contains("spotCredentials(...)"), refused.getMessage());
    }
    assertEquals(0, server.getRequestCount());
  }

  @Test
  void spotAndFundingRequestsOfTheKeyDrawOneCounterInOneLine() throws Exception {
    List<Long> arrivals = Collections.synchronizedList(new ArrayList<>());
    List<String> families = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger maxInFlight = new AtomicInteger();
    server.setDispatcher(new Dispatcher() {
      @Override
      public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        try {
          if (request.getTarget().startsWith("/funding/")) {
            families.add("funding");
            arrivals.add(Long.parseLong(request.getHeaders().get("API-Nonce")));
            Thread.sleep(1);
            return json(200, NETWORKS);
          }
          Matcher nonce = SPOT_NONCE.matcher(request.getBody().utf8());
          assertTrue(nonce.find(), request.getBody().utf8());
          families.add("spot");
          arrivals.add(Long.parseLong(nonce.group(1)));
          Thread.sleep(1);
          return json(200, "{\"error\":[],\"result\":{\"ZUSD\":\"1.5\"}}");
        } finally {
          inFlight.decrementAndGet();
        }
      }
    });
    AtomicLong counter = new AtomicLong();
    int threads = 6;
    int perThread = 8;
    // Unpaced: the order is the point here, not the counter (the next test's).
    try (KrakenClient kraken = client().nonceSource(counter::incrementAndGet).spotRatePacing(false).build()) {
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      List<CompletableFuture<?>> async = new CopyOnWriteArrayList<>();
      try {
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          int thread = t;
          futures.add(pool.submit(() -> {
            start.await();
            for (int i = 0; i < perThread; i++) {
              switch ((i + thread) % 4) {
                case 0 -> kraken.spot().getBalance();
                case 1 -> kraken.funding().listNetworks();
                case 2 -> async.add(kraken.funding().listNetworksAsync());
                default -> async.add(kraken.spot().getBalanceAsync());
              }
            }
            return null;
          }));
        }
        for (Future<?> future : futures) future.get(60, TimeUnit.SECONDS);
        for (CompletableFuture<?> future : async) future.get(60, TimeUnit.SECONDS);
      } finally {
        pool.shutdownNow();
      }
    }
    int total = threads * perThread;
    List<Long> expected = new ArrayList<>();
    for (long n = 1; n <= total; n++) expected.add(n);
    assertEquals(expected, arrivals, "each request of the key carries the next nonce of one counter, in arrival order");
    assertEquals(total / 2, Collections.frequency(families, "funding"));
    assertEquals(1, maxInFlight.get(), "one request of the key in flight, whichever its family");
  }

  @Test
  void fundingCallsCountOnTheSpotKeysCallCounter() throws Exception {
    server.setDispatcher(new Dispatcher() {
      @Override
      public MockResponse dispatch(RecordedRequest request) {
        return request.getTarget().startsWith("/funding/") ? json(200, NETWORKS)
            : json(200, "{\"error\":[],\"result\":{}}");
      }
    });
    List<CallOutcome> outcomes = new CopyOnWriteArrayList<>();
    SimulatedTime time = new SimulatedTime();
    try (KrakenClient kraken = client().timeSource(time).callListener(new CallListener() {
      @Override
      public void callEnd(CallOutcome call) {
        outcomes.add(call);
      }
    }).build()) {
      // Starter: a counter of 15, which the client keeps one below. Fourteen Funding calls fill it;
      // the Spot call after them waits for it to decay (0.33 a second), and so does the next Funding call.
      for (int i = 0; i < 14; i++) kraken.funding().listNetworks();
      kraken.spot().getBalance();
      kraken.funding().listNetworks();
    }
    assertEquals(16, outcomes.size());
    for (CallOutcome outcome : outcomes.subList(0, 14)) {
      assertEquals("listFundingNetworksV1", outcome.operationId());
      assertEquals(Duration.ZERO, outcome.paced(), outcome.toString());
    }
    assertEquals("getBalance", outcomes.get(14).operationId());
    assertTrue(outcomes.get(14).paced().compareTo(Duration.ofSeconds(2)) > 0, outcomes.get(14).toString());
    assertEquals("listFundingNetworksV1", outcomes.get(15).operationId());
    assertTrue(outcomes.get(15).paced().compareTo(Duration.ofSeconds(2)) > 0, outcomes.get(15).toString());
  }

  @Test
  void aProblemAnswerIsRaisedAsTheSdksException() throws Exception {
    server.enqueue(problem(401, "InvalidKey", "API: Invalid key"));
    server.enqueue(problem(400, "InvalidArguments", "API: Invalid arguments"));
    try (KrakenClient kraken = client().build()) {
      AuthenticationException invalidKey =
          assertThrows(AuthenticationException.class, () -> kraken.funding().listNetworks());
      assertEquals(FundingErrorCode.of("InvalidKey"), invalidKey.code());
      KrakenServiceException invalid =
          assertThrows(KrakenServiceException.class, () -> kraken.funding().listNetworks());
      assertEquals(FundingErrorCode.of("InvalidArguments"), invalid.code());
    }
  }

  @Test
  void aFullCounterIsWaitedOutAndTheCallSentAgain() throws Exception {
    // Funding counts on the Spot key's counter, so its RateLimitExceeded is Spot's full counter.
    server.enqueue(problem(429, "RateLimitExceeded", "API: Rate limit exceeded"));
    server.enqueue(json(200, NETWORKS));
    List<CallOutcome> outcomes = new CopyOnWriteArrayList<>();
    try (KrakenClient kraken = client().timeSource(new SimulatedTime()).callListener(new CallListener() {
      @Override
      public void callEnd(CallOutcome call) {
        outcomes.add(call);
      }
    }).build()) {
      assertEquals("Ethereum", kraken.funding().listNetworks().networks().get(0).name());
      assertEquals(1, kraken.rateLimitResends());
    }
    assertEquals(2, server.getRequestCount());
    assertEquals(1, outcomes.size());
    assertTrue(outcomes.get(0).paced().compareTo(Duration.ofSeconds(2)) > 0,
        "the re-send waited for the counter to decay: " + outcomes.get(0));
  }

  @Test
  void aRefusedNonceIsSignedAgainWithTheNextNonce() throws Exception {
    server.enqueue(problem(401, "InvalidNonce", "API: Invalid nonce"));
    server.enqueue(json(200, NETWORKS));
    AtomicLong counter = new AtomicLong(100);
    try (KrakenClient kraken = client().nonceSource(counter::incrementAndGet).build()) {
      assertEquals("Ethereum", kraken.funding().listNetworks().networks().get(0).name());
      assertEquals(1, kraken.nonceResends());
    }
    RecordedRequest refused = server.takeRequest();
    RecordedRequest resent = server.takeRequest();
    assertEquals("101", refused.getHeaders().get("API-Nonce"));
    assertEquals("102", resent.getHeaders().get("API-Nonce"));
    assertSignedWithTheSpotKey(resent);
  }

  private static void assertSignedWithTheSpotKey(RecordedRequest request) throws Exception {
    assertEquals("spot-key", request.getHeaders().get("API-Key"));
    String nonce = request.getHeaders().get("API-Nonce");
    assertTrue(nonce != null && nonce.matches("\\d+"), nonce);
    byte[] body = request.getBody() == null ? new byte[0] : request.getBody().toByteArray();
    assertEquals(Reference.spotSign(SECRET, request.getTarget(), nonce, body), request.getHeaders().get("API-Sign"),
        request.getRequestLine());
    assertNull(request.getHeaders().get("API-OTP"));
  }

  private static MockResponse json(int code, String body) {
    return new MockResponse.Builder().code(code).setHeader("Content-Type", "application/json").body(body).build();
  }

  private static MockResponse problem(int status, String code, String title) {
    return new MockResponse.Builder().code(status).setHeader("Content-Type", "application/problem+json")
        .body("{\"type\":\"tag:kraken.com,2025:" + code + "\",\"status\":" + status + ",\"title\":\"" + title
            + "\",\"data\":null,\"source\":\"Gateway\"}")
        .build();
  }

  /** A time source that moves only when something sleeps on it. */
  private static final class SimulatedTime implements TimeSource {
    private final AtomicLong now = new AtomicLong(7_000_000_000L);

    @Override
    public long nanoTime() {
      return now.get();
    }

    @Override
    public void sleep(Duration duration) {
      now.addAndGet(duration.toNanos());
    }
  }
}
