package io.github.krakensdk.auth.oauth;

import io.github.krakensdk.auth.oauth.internal.BearerTokenAuth;
import io.github.krakensdk.auth.oauth.internal.OAuthTokenClient;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.MutableClock;
import io.github.krakensdk.auth.TestServers;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.runtime.internal.KrakenFailureIOException;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import io.github.krakensdk.errors.ReauthorizationRequiredException;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

final class BearerTokenAuthTest {
  private static final Instant NOW = Instant.parse("2026-01-15T08:00:00Z");
  private static final int CALLERS = 50;
  private static final String FRESH =
      "{\"access_token\":\"new-access\",\"token_type\":\"bearer\",\"expires_in\":14400,\"refresh_token\":\"new-refresh\"}";

  @StartStop final MockWebServer server = TestServers.noDelay();

  private final MutableClock clock = new MutableClock(NOW);
  private final AtomicInteger tokenRequests = new AtomicInteger();
  private final AtomicInteger apiRequests = new AtomicInteger();
  private final List<String> tokenRequestBodies = new CopyOnWriteArrayList<>();
  private volatile Function<RecordedRequest, MockResponse> tokenEndpoint = request -> json(200, FRESH);
  private volatile Function<RecordedRequest, MockResponse> api =
      request -> "Bearer new-access".equals(request.getHeaders().get("Authorization"))
          ? json(200, "{\"result\":{\"email\":\"user@example.com\"}}")
          : json(401, "{\"error\":\"invalid_token\"}");

  private InMemoryTokenStore store;
  private BearerTokenAuth auth;
  private OkHttpClient client;

  @BeforeEach
  void setUp() {
    server.setDispatcher(new Dispatcher() {
      @Override
      public MockResponse dispatch(RecordedRequest request) {
        if (request.getTarget().equals("/oauth/token")) {
          tokenRequests.incrementAndGet();
          tokenRequestBodies.add(request.getBody().utf8());
          return tokenEndpoint.apply(request);
        }
        apiRequests.incrementAndGet();
        return api.apply(request);
      }
    });
    OAuthTokenClient tokenClient = OAuthTokenClient.builder(ClientCredentials.confidential("client", "client-secret"))
        .httpClient(KrakenHttpClients.newBuilder().build())
        .tokenUrl(server.url("/oauth/token"))
        .clock(clock)
        .build();
    store = new InMemoryTokenStore(tokens(NOW.minusSeconds(60)));
    auth = BearerTokenAuth.builder(tokenClient, store).clock(clock).build();
    client = auth.install(KrakenHttpClients.newBuilder()).build();
  }

  private static OAuthTokens tokens(Instant expiresAt) {
    return OAuthTokens.builder().accessToken("old-access").refreshToken("old-refresh").expiresAt(expiresAt)
        .tokenType("bearer").build();
  }

  private static MockResponse json(int code, String body) {
    return new MockResponse.Builder().code(code).addHeader("Content-Type", "application/json").body(body).build();
  }

  /** The token endpoint answers slowly, so that callers pile up behind one refresh. */
  private static Function<RecordedRequest, MockResponse> slowly(MockResponse response) {
    return request -> {
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return response;
    };
  }

  private int userInfo() throws Exception {
    Request request = new Request.Builder().url(server.url("/oauth/userinfo")).build();
    try (Response response = client.newCall(request).execute()) {
      return response.code();
    } catch (KrakenFailureIOException e) {
      throw e.failure(); // what the interceptor raised, as the SDK's calls report it
    }
  }

  /** Runs {@link #userInfo()} from {@link #CALLERS} threads at once; each result or failure. */
  private List<Object> concurrently() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(CALLERS);
    try {
      CyclicBarrier start = new CyclicBarrier(CALLERS);
      List<Future<Integer>> futures = new ArrayList<>();
      for (int i = 0; i < CALLERS; i++) {
        futures.add(pool.submit(() -> {
          start.await();
          return userInfo();
        }));
      }
      List<Object> results = new ArrayList<>();
      for (Future<Integer> future : futures) {
        try {
          results.add(future.get(30, TimeUnit.SECONDS));
        } catch (ExecutionException e) {
          results.add(e.getCause());
        }
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void fiftyCallsWithAnExpiredTokenCauseOneRefresh() throws Exception {
    tokenEndpoint = slowly(json(200, FRESH));
    List<Object> results = concurrently();
    for (Object result : results) assertEquals(200, result);
    assertEquals(1, tokenRequests.get());
    assertEquals(CALLERS, apiRequests.get(), "nobody sent the expired token");
    assertEquals(List.of("grant_type=refresh_token&refresh_token=old-refresh"), tokenRequestBodies);
    assertEquals("new-refresh", store.load().refreshToken(), "the rotated refresh token is stored");
    assertEquals(NOW.plusSeconds(14400), store.load().expiresAt());
  }

  @Test
  void fiftyCallsAnswered401CauseOneRefresh() throws Exception {
    store.save(tokens(NOW.plus(Duration.ofHours(1)))); // not expired by the clock; the server disagrees
    tokenEndpoint = slowly(json(200, FRESH));
    List<Object> results = concurrently();
    for (Object result : results) assertEquals(200, result);
    assertEquals(1, tokenRequests.get());
    assertTrue(apiRequests.get() <= 2 * CALLERS, "at most one retry per call");
  }

  @Test
  void aSecond401AfterTheRefreshDoesNotLoop() throws Exception {
    store.save(tokens(NOW.plus(Duration.ofHours(1))));
    api = request -> json(401, "{\"error\":\"invalid_token\"}");
    assertEquals(401, userInfo());
    assertEquals(2, apiRequests.get(), "the request and one retry");
    assertEquals(1, tokenRequests.get());
  }

  @Test
  void a403NeverRefreshes() throws Exception {
    store.save(tokens(NOW.plus(Duration.ofHours(1))));
    api = request -> json(403, "{\"error\":\"insufficient_scope\"}");
    assertEquals(403, userInfo());
    assertEquals(1, apiRequests.get());
    assertEquals(0, tokenRequests.get());
  }

  @Test
  void aRejectedRefreshTokenFailsAllFiftyAtOnce() throws Exception {
    tokenEndpoint = slowly(json(400, "{\"error\":\"invalid_grant\"}"));
    List<Object> results = concurrently();
    for (Object result : results) {
      ReauthorizationRequiredException e = assertInstanceOf(ReauthorizationRequiredException.class, result);
      assertTrue(e.getMessage().contains("authorize again"), e.getMessage());
    }
    assertEquals(1, tokenRequests.get(), "one refresh attempt for everyone");
    assertEquals(0, apiRequests.get());

    // Later calls fail at once, without asking the token endpoint again...
    assertThrows(ReauthorizationRequiredException.class, this::userInfo);
    assertEquals(1, tokenRequests.get());

    // ...until the user authorizes again.
    tokenEndpoint = request -> json(200, FRESH);
    auth.completeAuthorization("new-code", "https://partner.example/cb");
    assertEquals(200, userInfo());
    assertEquals("grant_type=authorization_code&code=new-code&redirect_uri=https%3A%2F%2Fpartner.example%2Fcb",
        tokenRequestBodies.get(1));
  }

  @Test
  void refreshesAheadOfExpiryWithinTheMargin() throws Exception {
    store.save(tokens(NOW.plusSeconds(60))); // inside the default 2-minute margin
    assertEquals(200, userInfo());
    assertEquals(1, tokenRequests.get());
    assertEquals(1, apiRequests.get(), "the first request already had the new token");

    store.save(OAuthTokens.builder().accessToken("new-access").refreshToken("r")
        .expiresAt(NOW.plus(Duration.ofMinutes(10))).tokenType("bearer").build());
    assertEquals(200, userInfo());
    assertEquals(1, tokenRequests.get(), "no refresh outside the margin");
  }

  @Test
  void withoutTokensTheUserMustAuthorize() throws Exception {
    InMemoryTokenStore empty = new InMemoryTokenStore();
    BearerTokenAuth none = BearerTokenAuth.builder(
        OAuthTokenClient.builder(ClientCredentials.publicClient("c")).tokenUrl(server.url("/oauth/token")).build(),
        empty).build();
    OkHttpClient unauthorized = none.install(KrakenHttpClients.newBuilder()).build();
    Request request = new Request.Builder().url(server.url("/oauth/userinfo")).build();
    KrakenFailureIOException e =
        assertThrows(KrakenFailureIOException.class, () -> unauthorized.newCall(request).execute());
    ReauthorizationRequiredException failure = assertInstanceOf(ReauthorizationRequiredException.class, e.failure());
    assertEquals(KrakenException.NO_STATUS, failure.httpStatus());
    assertNull(failure.error(), "nothing was asked of the token endpoint");
    assertThrows(ReauthorizationRequiredException.class, none::accessToken, "unchecked outside OkHttp too");
    assertEquals(0, apiRequests.get() + tokenRequests.get());
  }

  @Test
  void asynchronousCallsFailWithTheCarriedFailureAndTheDispatcherLivesOn() throws Exception {
    tokenEndpoint = request -> json(400, "{\"error\":\"invalid_grant\"}");
    Request request = new Request.Builder().url(server.url("/oauth/userinfo")).build();
    for (int i = 0; i < 2; i++) { // the second call runs on the same dispatcher
      CompletableFuture<IOException> failure = new CompletableFuture<>();
      client.newCall(request).enqueue(new Callback() {
        @Override
        public void onFailure(Call call, IOException e) {
          failure.complete(e);
        }

        @Override
        public void onResponse(Call call, Response response) {
          response.close();
          failure.completeExceptionally(new AssertionError("answered " + response.code()));
        }
      });
      KrakenFailureIOException e =
          assertInstanceOf(KrakenFailureIOException.class, failure.get(10, TimeUnit.SECONDS));
      assertInstanceOf(ReauthorizationRequiredException.class, e.failure());
    }
    assertEquals(1, tokenRequests.get(), "the rejected refresh token was sent once");
    assertEquals(0, apiRequests.get());
  }

  @Test
  void aFailingTokenStoreIsALocalFailure() {
    IOException disk = new IOException("disk full at /secret/path");
    TokenStore broken = new TokenStore() {
      @Override
      public OAuthTokens load() throws IOException {
        throw disk;
      }

      @Override
      public void save(OAuthTokens tokens) throws IOException {
        throw disk;
      }
    };
    BearerTokenAuth failing = BearerTokenAuth.builder(
        OAuthTokenClient.builder(ClientCredentials.publicClient("c")).tokenUrl(server.url("/oauth/token")).build(),
        broken).build();
    KrakenClientException e = assertThrows(KrakenClientException.class, failing::accessToken);
    assertSame(disk, e.getCause());
    assertFalse(e.getMessage().contains("/secret/path"), "a store's message stays out of the SDK's");
    assertEquals(0, tokenRequests.get());
  }
}
