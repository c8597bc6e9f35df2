package io.github.krakensdk.auth.oauth;

import io.github.krakensdk.auth.oauth.internal.BearerTokenAuth;
import io.github.krakensdk.auth.oauth.internal.OAuthTokenClient;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.MutableClock;
import io.github.krakensdk.auth.TestServers;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.errors.ReauthorizationRequiredException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import java.time.Duration;
import java.time.Instant;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/** BearerTokenAuth's single-call paths, builder and messages (issue 12, mutation testing); BearerTokenAuthTest covers concurrency. */
final class BearerTokenAuthEdgesTest {
  private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
  @StartStop final MockWebServer server = TestServers.noDelay();
  private final MutableClock clock = new MutableClock(NOW);

  private OAuthTokenClient tokenClient() {
    return OAuthTokenClient.builder(ClientCredentials.publicClient("c"))
        .httpClient(KrakenHttpClients.newBuilder().build()).tokenUrl(server.url("/oauth/token")).clock(clock).build();
  }

  private BearerTokenAuth auth(TokenStore store, Duration margin) {
    return BearerTokenAuth.builder(tokenClient(), store).clock(clock).refreshMargin(margin).build();
  }

  private static OAuthTokens tokens(String access, Instant expiresAt) {
    return OAuthTokens.builder().accessToken(access).refreshToken("refresh").expiresAt(expiresAt).tokenType("bearer")
        .build();
  }

  @Test void aValidTokenIsUsedWithoutARefresh() throws Exception {
    BearerTokenAuth auth = auth(new InMemoryTokenStore(tokens("a1", NOW.plusSeconds(121))), Duration.ofMinutes(2));
    assertEquals("a1", auth.accessToken());
    server.enqueue(new MockResponse.Builder().body("ok").build());
    OkHttpClient client = auth.install(KrakenHttpClients.newBuilder()).build();
    try (Response response = client.newCall(new Request.Builder().url(server.url("/api")).build()).execute()) {
      assertEquals(200, response.code());
    }
    RecordedRequest sent = server.takeRequest();
    assertEquals("/api", sent.getTarget());
    assertEquals("Bearer a1", sent.getHeaders().get("Authorization"));
    assertEquals(1, server.getRequestCount(), "no refresh");
  }

  @Test void aTokenAtTheMarginIsRefreshedFirst() throws Exception {
    InMemoryTokenStore store = new InMemoryTokenStore(tokens("a1", NOW.plusSeconds(120)));
    server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "application/json")
        .body("{\"access_token\":\"a2\",\"token_type\":\"bearer\",\"expires_in\":3600,\"refresh_token\":\"r2\"}").build());
    assertEquals("a2", auth(store, Duration.ofMinutes(2)).accessToken());
    assertEquals("r2", store.load().refreshToken(), "the rotated refresh token is saved");
  }

  @Test void aRequestWithItsOwnAuthorizationIsLeftAlone() throws Exception {
    BearerTokenAuth auth = auth(new InMemoryTokenStore(), Duration.ZERO); // no tokens: would fail if asked
    server.enqueue(new MockResponse.Builder().body("ok").build());
    OkHttpClient client = new OkHttpClient.Builder().addInterceptor(auth.interceptor()).build();
    try (Response response = client.newCall(new Request.Builder().url(server.url("/own"))
        .header("Authorization", "Basic xyz").build()).execute()) {
      assertEquals(200, response.code());
    }
    assertEquals("Basic xyz", server.takeRequest().getHeaders().get("Authorization"));
  }

  @Test void theAuthenticatorAnswersOnlyABearer401Once() throws IOException {
    BearerTokenAuth auth = auth(new InMemoryTokenStore(tokens("a1", NOW.plusSeconds(3600))), Duration.ZERO);
    Request bearer = new Request.Builder().url(server.url("/x")).header("Authorization", "Bearer a1").build();
    assertNull(auth.authenticator().authenticate(null, response(bearer, 403, null)), "403");
    assertNull(auth.authenticator().authenticate(null, response(bearer, 401, response(bearer, 401, null))), "a second 401");
    Request basic = bearer.newBuilder().header("Authorization", "Basic a1").build();
    assertNull(auth.authenticator().authenticate(null, response(basic, 401, null)), "not a bearer token");
    Request none = bearer.newBuilder().removeHeader("Authorization").build();
    assertNull(auth.authenticator().authenticate(null, response(none, 401, null)), "no Authorization");
    Request shortHeader = bearer.newBuilder().header("Authorization", "Bear").build();
    assertNull(auth.authenticator().authenticate(null, response(shortHeader, 401, null)));
  }

  @Test void aFirst401WithAnotherCallsRefreshUsesTheNewToken() throws IOException {
    // The store already holds a newer token than the one the 401 answered: no refresh, a retry with it.
    BearerTokenAuth auth = auth(new InMemoryTokenStore(tokens("a2", NOW.plusSeconds(3600))), Duration.ZERO);
    Request stale = new Request.Builder().url(server.url("/x")).header("Authorization", "bearer a1").build();
    Request retry = auth.authenticator().authenticate(null, response(stale, 401, response(stale, 500, null)));
    assertEquals("Bearer a2", retry.header("Authorization"));
    assertEquals(0, server.getRequestCount());
  }

  @Test void aMissingRefreshTokenMeansReauthorization() {
    BearerTokenAuth auth = auth(new InMemoryTokenStore(OAuthTokens.builder().accessToken("a1").expiresAt(NOW)
        .tokenType("bearer").build()), Duration.ZERO);
    ReauthorizationRequiredException e = assertThrows(ReauthorizationRequiredException.class, auth::accessToken);
    assertTrue(e.getMessage().contains("no refresh token is stored"), e.getMessage());
    BearerTokenAuth none = auth(new InMemoryTokenStore(), Duration.ZERO);
    assertTrue(assertThrows(ReauthorizationRequiredException.class, none::accessToken).getMessage().contains("no tokens are stored"));
  }

  @Test void aStoreThatFailsToLoadNamesOnlyTheExceptionClass() {
    TokenStore failing = new TokenStore() {
      @Override public OAuthTokens load() throws IOException { throw new IOException("/home/user/secret-path"); }
      @Override public void save(OAuthTokens tokens) { }
    };
    KrakenClientException e = assertThrows(KrakenClientException.class, () -> auth(failing, Duration.ZERO).accessToken());
    assertTrue(e.getMessage().contains("the token store failed to load (IOException)"), e.getMessage());
    assertTrue(!e.getMessage().contains("secret-path"), e.getMessage());
  }

  @Test void builderChecksAndToString() {
    OAuthTokenClient client = tokenClient();
    InMemoryTokenStore store = new InMemoryTokenStore();
    assertEquals("tokenClient == null", assertThrows(NullPointerException.class, () -> BearerTokenAuth.builder(null, store)).getMessage());
    assertEquals("store == null", assertThrows(NullPointerException.class, () -> BearerTokenAuth.builder(client, null)).getMessage());
    BearerTokenAuth.Builder builder = BearerTokenAuth.builder(client, store);
    assertEquals("clock == null", assertThrows(NullPointerException.class, () -> builder.clock(null)).getMessage());
    assertEquals("refreshMargin == null", assertThrows(NullPointerException.class, () -> builder.refreshMargin(null)).getMessage());
    assertEquals("refreshMargin < 0", assertThrows(IllegalArgumentException.class, () -> builder.refreshMargin(Duration.ofSeconds(-1))).getMessage());
    BearerTokenAuth auth = builder.refreshMargin(Duration.ZERO).build();
    assertEquals("BearerTokenAuth{" + client + "}", auth.toString());
    assertEquals("builder == null", assertThrows(NullPointerException.class, () -> auth.install(null)).getMessage());
    OkHttpClient installed = auth.install(new OkHttpClient.Builder()).build();
    assertSame(auth.authenticator(), installed.authenticator());
    assertTrue(installed.interceptors().contains(auth.interceptor()));
  }

  /** Two calls need a refresh at once; the token endpoint answers {@code code} slowly. Each call's failure. */
  private List<Exception> twoCallsRefreshing(int code) throws Exception {
    server.setDispatcher(new Dispatcher() {
      @Override public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
        Thread.sleep(400); // long enough for the second call to wait on the first one's refresh
        return new MockResponse.Builder().code(code).addHeader("Content-Type", "application/json")
            .body("{\"error\":\"server_error\"}").build();
      }
    });
    BearerTokenAuth auth = auth(new InMemoryTokenStore(tokens("a1", NOW)), Duration.ZERO);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<String>> calls = List.of(pool.submit(auth::accessToken), pool.submit(auth::accessToken));
      List<Exception> failures = new ArrayList<>();
      for (Future<String> call : calls) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> call.get(20, TimeUnit.SECONDS));
        failures.add((Exception) e.getCause());
      }
      return failures;
    } finally {
      pool.shutdownNow();
    }
  }

  @Test void aWaitingCallGetsItsOwnFailureOfTheSharedRefresh() throws Exception {
    List<Exception> failures = twoCallsRefreshing(500);
    for (Exception e : failures) assertInstanceOf(OAuthException.class, e);
    assertEquals(1, failures.stream().filter(e -> e.getMessage().contains("the token refresh failed: ")).count(),
        failures::toString);
    assertEquals(1, server.getRequestCount(), "one refresh");
  }

  @Test void aWaitingCallOfARejectedRefreshMustReauthorizeToo() throws Exception {
    List<Exception> failures = twoCallsRefreshing(400);
    for (Exception e : failures) assertInstanceOf(ReauthorizationRequiredException.class, e);
    // The refresher's failure names the endpoint's answer; the waiter's is its own, made for it.
    assertEquals(1, failures.stream().filter(e -> e.getMessage().contains("the refresh token was rejected")
        && !e.getMessage().contains("answered HTTP")).count(), failures::toString);
  }

  @Test void completingTheAuthorizationReturnsTheGrantItStores() throws Exception {
    InMemoryTokenStore store = new InMemoryTokenStore();
    server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "application/json")
        .body("{\"access_token\":\"a9\",\"token_type\":\"bearer\",\"expires_in\":3600,\"refresh_token\":\"r9\"}").build());
    OAuthTokens tokens = auth(store, Duration.ZERO).completeAuthorization("code", "app://cb");
    assertEquals("a9", tokens.accessToken());
    assertEquals("r9", tokens.refreshToken());
    assertEquals(tokens, store.load());
  }

  @Test void aWaitingCallOfARefreshTheNetworkCutOffGetsItsOwnTransportFailure() throws Exception {
    server.setDispatcher(new Dispatcher() {
      @Override public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
        Thread.sleep(1500); // past the client's read timeout
        return new MockResponse.Builder().code(500).build();
      }
    });
    OAuthTokenClient impatient = OAuthTokenClient.builder(ClientCredentials.publicClient("c"))
        .httpClient(KrakenHttpClients.newBuilder().readTimeout(Duration.ofMillis(400)).build())
        .tokenUrl(server.url("/oauth/token")).clock(clock).build();
    BearerTokenAuth auth = BearerTokenAuth.builder(impatient, new InMemoryTokenStore(tokens("a1", NOW)))
        .clock(clock).refreshMargin(Duration.ZERO).build();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<String>> calls = List.of(pool.submit(auth::accessToken), pool.submit(auth::accessToken));
      List<KrakenTransportException> failures = new ArrayList<>();
      for (Future<String> call : calls) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> call.get(20, TimeUnit.SECONDS));
        failures.add(assertInstanceOf(KrakenTransportException.class, e.getCause()));
      }
      // The waiter's failure is its own, made for it, and says whether the refresh may have happened.
      assertEquals(1, failures.stream().filter(e -> e.getMessage().contains("the token refresh failed")).count(),
          failures::toString);
      assertEquals(failures.get(0).outcomeUnknown(), failures.get(1).outcomeUnknown(), failures::toString);
      assertEquals(1, server.getRequestCount(), "one refresh");
    } finally {
      pool.shutdownNow();
    }
  }

  private static Response response(Request request, int code, Response prior) {
    return new Response.Builder().request(request).protocol(Protocol.HTTP_1_1).code(code).message("m")
        .priorResponse(prior).build();
  }
}
