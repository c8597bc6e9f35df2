package io.github.krakensdk.sandbox.internal.oauth;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Raw;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxCredentials;
import io.github.krakensdk.sandbox.SandboxExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.oauth.AuthorizationRequest;
import io.github.krakensdk.auth.oauth.ClientCredentials;
import io.github.krakensdk.auth.oauth.InMemoryTokenStore;
import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.auth.oauth.internal.OAuthTokenClient;
import io.github.krakensdk.auth.oauth.OAuthTokens;
import io.github.krakensdk.errors.ReauthorizationRequiredException;
import io.github.krakensdk.errors.AuthenticationException;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.oauth.model.UserInfo;
import java.io.IOException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import okhttp3.HttpUrl;
import okhttp3.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** OAuth: the authorize page, codes, client authentication, token lifetimes, refresh and scopes. */
public class OAuthTest {
  static final Instant START = Instant.parse("2025-03-14T09:00:00Z");
  final MutableClock clock = MutableClock.at(START);
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  // ---- helpers: the browser step and the token endpoint ----

  static HttpUrl authorizeCallback(Sandbox sandbox, String clientId, String redirectUri, String... scopes) {
    AuthorizationRequest request = AuthorizationRequest.builder(clientId, redirectUri)
        .authorizeUrl(sandbox.environment().oauthAuthorize()).scopes(scopes).state("state-123").build();
    Raw.Answer page = new Raw(sandbox).send(new Request.Builder().url(HttpUrl.get(request.url())).build());
    assertEquals(302, page.status(), page.body());
    return HttpUrl.get(page.headers().get("Location"));
  }

  public static String code(Sandbox sandbox, String clientId, String redirectUri, String... scopes) throws IOException {
    return AuthorizationRequest.authorizationCode(authorizeCallback(sandbox, clientId, redirectUri, scopes).toString(), "state-123");
  }

  OAuthTokenClient tokenClient(Sandbox sandbox, ClientCredentials client) {
    return OAuthTokenClient.builder(client).tokenUrl(HttpUrl.get(sandbox.baseUrl().resolve("oauth/token"))).clock(clock).build();
  }

  static int userInfoStatus(Sandbox sandbox, String accessToken) {
    return new Raw(sandbox).send(new Request.Builder().url(HttpUrl.get(sandbox.baseUrl().resolve("oauth/userinfo")))
        .header("Authorization", "Bearer " + accessToken).build()).status();
  }

  // ---- the code flow ----

  @Test
  void codeFlowGivesATwentyFourHourTokenToTheConfidentialClient(Sandbox sandbox) throws IOException {
    SandboxCredentials demo = sandbox.credentials();
    HttpUrl callback = authorizeCallback(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri(),
        "account.info:basic");
    assertTrue(callback.toString().startsWith(demo.redirectUri() + "?code="), callback.toString());
    assertEquals("state-123", callback.queryParameter("state"));
    try (KrakenClient kraken = sandbox.newClient()) {
      OAuthTokens tokens = kraken.oauthTokens().completeAuthorization(
          AuthorizationRequest.authorizationCode(callback.toString(), "state-123"), demo.redirectUri());
      assertTrue(tokens.refreshToken() != null);
      UserInfo me = kraken.oauth().getUserInfo();
      assertEquals(demo.userEmail(), me.email());
      assertEquals(demo.userIiban(), me.iban());
    }
    OAuthTokens direct = tokenClient(sandbox, demo.oauthConfidentialClient())
        .exchangeCode(code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri()), demo.redirectUri());
    assertEquals(START.plus(Duration.ofHours(24)), direct.expiresAt());
  }

  @Test
  void publicClientTokensLiveFourHours(Sandbox sandbox) throws IOException {
    SandboxCredentials demo = sandbox.credentials();
    OAuthTokens tokens = tokenClient(sandbox, demo.oauthPublicClient())
        .exchangeCode(code(sandbox, demo.oauthPublicClientId(), demo.redirectUri()), demo.redirectUri());
    assertEquals(START.plus(Duration.ofHours(4)), tokens.expiresAt());
    clock.advance(Duration.ofHours(4).minusSeconds(1));
    assertEquals(200, userInfoStatus(sandbox, tokens.accessToken()));
    clock.advance(Duration.ofSeconds(1));
    assertEquals(401, userInfoStatus(sandbox, tokens.accessToken()));
  }

  @Test
  void confidentialAccessTokenExpiresAfterTwentyFourHours(Sandbox sandbox) throws IOException {
    SandboxCredentials demo = sandbox.credentials();
    OAuthTokens tokens = tokenClient(sandbox, demo.oauthConfidentialClient())
        .exchangeCode(code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri()), demo.redirectUri());
    clock.advance(Duration.ofHours(24).minusSeconds(1));
    assertEquals(200, userInfoStatus(sandbox, tokens.accessToken()));
    clock.advance(Duration.ofSeconds(1));
    Raw.Answer expired = new Raw(sandbox).send(new Request.Builder()
        .url(HttpUrl.get(sandbox.baseUrl().resolve("oauth/userinfo"))).header("Authorization", "Bearer " + tokens.accessToken())
        .build());
    assertEquals(401, expired.status());
    assertTrue(expired.body().contains("\"error\":\"invalid_token\""), expired.body());
    assertEquals("Bearer error=\"invalid_token\"", expired.headers().get("WWW-Authenticate"));
  }

  @Test
  void theSdkRefreshesAnExpiredTokenByItselfAndTheOldOneStopsWorking(Sandbox sandbox) throws IOException {
    SandboxCredentials demo = sandbox.credentials();
    InMemoryTokenStore store = new InMemoryTokenStore();
    try (KrakenClient kraken = sandbox.newClientBuilder().oauth(demo.oauthConfidentialClient(), store).build()) {
      OAuthTokens first = kraken.oauthTokens().completeAuthorization(
          code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri()), demo.redirectUri());
      clock.advance(Duration.ofHours(25));
      // The SDK's clock still sees a fresh token; the sandbox answers 401 and the SDK refreshes once.
      assertEquals(demo.userIiban(), kraken.oauth().getUserInfo().iban());
      OAuthTokens second = store.load();
      assertNotEquals(first.accessToken(), second.accessToken());
      assertNotEquals(first.refreshToken(), second.refreshToken());
      assertEquals(401, userInfoStatus(sandbox, first.accessToken()));
      assertEquals(200, userInfoStatus(sandbox, second.accessToken()));
    }
  }

  @Test
  void refreshRotatesThePairAndRevokesTheOldOne(Sandbox sandbox) throws IOException {
    SandboxCredentials demo = sandbox.credentials();
    OAuthTokenClient client = tokenClient(sandbox, demo.oauthConfidentialClient());
    OAuthTokens first = client.exchangeCode(code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri()),
        demo.redirectUri());
    clock.advance(Duration.ofHours(1));
    OAuthTokens second = client.refresh(first.refreshToken());
    assertNotEquals(first.accessToken(), second.accessToken());
    assertNotEquals(first.refreshToken(), second.refreshToken());
    assertEquals(START.plus(Duration.ofHours(25)), second.expiresAt(), "a full lifetime from the refresh");
    assertEquals(401, userInfoStatus(sandbox, first.accessToken()), "the old access token stops working");
    assertEquals(200, userInfoStatus(sandbox, second.accessToken()));
    ReauthorizationRequiredException reused =
        assertThrows(ReauthorizationRequiredException.class, () -> client.refresh(first.refreshToken()));
    assertEquals("invalid_grant", reused.error());
  }

  @Test
  void refreshTokensLiveThirtyDays(Sandbox sandbox) throws IOException {
    SandboxCredentials demo = sandbox.credentials();
    OAuthTokenClient client = tokenClient(sandbox, demo.oauthConfidentialClient());
    OAuthTokens first = client.exchangeCode(code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri()),
        demo.redirectUri());
    clock.advance(Duration.ofDays(30).minusSeconds(1));
    OAuthTokens second = client.refresh(first.refreshToken());
    clock.advance(Duration.ofDays(30));
    ReauthorizationRequiredException expired =
        assertThrows(ReauthorizationRequiredException.class, () -> client.refresh(second.refreshToken()));
    assertEquals("invalid_grant", expired.error());
  }

  @Test
  void aRefreshTokenBelongsToItsClient(Sandbox sandbox) throws IOException {
    SandboxCredentials demo = sandbox.credentials();
    OAuthTokens tokens = tokenClient(sandbox, demo.oauthConfidentialClient())
        .exchangeCode(code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri()), demo.redirectUri());
    // Rejected as a refresh token: for this client the grant is gone.
    ReauthorizationRequiredException e = assertThrows(ReauthorizationRequiredException.class,
        () -> tokenClient(sandbox, demo.oauthPublicClient()).refresh(tokens.refreshToken()));
    assertEquals("invalid_grant", e.error());
  }

  // ---- codes ----

  @Test
  void aCodeIsSingleUse(Sandbox sandbox) throws IOException {
    SandboxCredentials demo = sandbox.credentials();
    OAuthTokenClient client = tokenClient(sandbox, demo.oauthConfidentialClient());
    String code = code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri());
    client.exchangeCode(code, demo.redirectUri());
    OAuthException again = assertThrows(OAuthException.class, () -> client.exchangeCode(code, demo.redirectUri()));
    assertEquals("invalid_grant", again.error());
    assertEquals(400, again.httpStatus());
  }

  @Test
  void aCodeIsBoundToItsRedirectUriAndClientAndUsedUpByAFailedAttempt(Sandbox sandbox) throws IOException {
    SandboxCredentials demo = sandbox.credentials();
    OAuthTokenClient confidential = tokenClient(sandbox, demo.oauthConfidentialClient());
    String otherRegistered = "http://localhost/oauth/callback";
    String code = code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri());
    assertEquals("invalid_grant", assertThrows(OAuthException.class,
        () -> confidential.exchangeCode(code, otherRegistered)).error());
    // Single-use even when the attempt failed.
    assertEquals("invalid_grant", assertThrows(OAuthException.class,
        () -> confidential.exchangeCode(code, demo.redirectUri())).error());

    String forConfidential = code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri());
    assertEquals("invalid_grant", assertThrows(OAuthException.class,
        () -> tokenClient(sandbox, demo.oauthPublicClient()).exchangeCode(forConfidential, demo.redirectUri()))
        .error());
  }

  @Test
  void aCodeExpiresAfterTenMinutes(Sandbox sandbox) throws IOException {
    SandboxCredentials demo = sandbox.credentials();
    String code = code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri());
    clock.advance(OAuthFamily.CODE_LIFETIME);
    assertEquals("invalid_grant", assertThrows(OAuthException.class,
        () -> tokenClient(sandbox, demo.oauthConfidentialClient()).exchangeCode(code, demo.redirectUri())).error());
  }

  // ---- client authentication and grant types ----

  @Test
  void clientAuthenticationIsBasicWithTheRightSecret(Sandbox sandbox) {
    SandboxCredentials demo = sandbox.credentials();
    Raw raw = new Raw(sandbox);
    String form = "grant_type=refresh_token&refresh_token=x";
    for (String authorization : new String[] {
        null,
        basic(demo.oauthConfidentialClientId(), "wrong"),
        basic(demo.oauthConfidentialClientId(), ""),
        basic(demo.oauthPublicClientId(), "a-secret-it-does-not-have"),
        basic("unknown-client", ""),
        "Bearer " + demo.oauthConfidentialClientSecret()}) {
      Raw.Answer answer = raw.token(authorization, form);
      assertEquals(401, answer.status(), String.valueOf(authorization));
      assertTrue(answer.body().contains("\"error\":\"invalid_client\""), answer.body());
      assertTrue(answer.headers().get("WWW-Authenticate").startsWith("Basic"));
    }
    // The right credentials get past authentication to the grant check.
    Raw.Answer authenticated = raw.token(basic(demo.oauthConfidentialClientId(), demo.oauthConfidentialClientSecret()),
        form);
    assertEquals(400, authenticated.status());
    assertTrue(authenticated.body().contains("\"error\":\"invalid_grant\""), authenticated.body());
    assertEquals(400, raw.token(basic(demo.oauthPublicClientId(), ""), form).status());
  }

  @Test
  void unknownGrantTypesAndMissingParametersAreRefused(Sandbox sandbox) {
    SandboxCredentials demo = sandbox.credentials();
    Raw raw = new Raw(sandbox);
    String basic = basic(demo.oauthConfidentialClientId(), demo.oauthConfidentialClientSecret());
    Raw.Answer unsupported = raw.token(basic, "grant_type=client_credentials");
    assertEquals(400, unsupported.status());
    assertTrue(unsupported.body().contains("\"error\":\"unsupported_grant_type\""), unsupported.body());
    Raw.Answer noGrant = raw.token(basic, "code=abc");
    assertEquals(400, noGrant.status());
    assertTrue(noGrant.body().contains("\"error\":\"invalid_request\""), noGrant.body());
    Raw.Answer noRedirect = raw.token(basic, "grant_type=authorization_code&code=abc");
    assertEquals(400, noRedirect.status());
    assertTrue(noRedirect.body().contains("redirect_uri"), noRedirect.body());
  }

  @Test
  void theEncryptedSecretDecryptsToAWorkingConfidentialClient(Sandbox sandbox) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    KeyPair keys = generator.generateKeyPair();
    SandboxCredentials demo = sandbox.credentials();
    ClientCredentials decrypted = ClientCredentials.confidentialFromEncryptedSecret(
        demo.oauthConfidentialClientId(), sandbox.oauth().encryptedClientSecret(keys.getPublic()), keys.getPrivate());
    OAuthTokens tokens = tokenClient(sandbox, decrypted)
        .exchangeCode(code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri()), demo.redirectUri());
    assertEquals(START.plus(Duration.ofHours(24)), tokens.expiresAt());
  }

  public static String basic(String id, String secret) {
    return "Basic " + Base64.getEncoder().encodeToString((id + ":" + secret).getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  // ---- scopes and the authorize page ----

  @Test
  void aTokenWithoutTheScopeIsForbidden(Sandbox sandbox) throws IOException {
    SandboxCredentials demo = sandbox.credentials();
    try (KrakenClient kraken = sandbox.newClient()) {
      kraken.oauthTokens().completeAuthorization(
          code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri(), "account.info:basic"), demo.redirectUri());
      assertEquals(demo.userEmail(), kraken.oauth().getUserInfo().email());
      KrakenServiceException forbidden =
          assertThrows(KrakenServiceException.class, () -> kraken.oauth().listFastApiKeys());
      assertEquals(403, forbidden.httpStatus());
      assertEquals("insufficient_scope", forbidden.code().value());
    }
  }

  @Test
  void anEmptyScopeGrantsEveryScopeOfTheClient(Sandbox sandbox) throws IOException {
    SandboxCredentials demo = sandbox.credentials();
    try (KrakenClient kraken = sandbox.newClient()) {
      kraken.oauthTokens().completeAuthorization(
          code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri()), demo.redirectUri());
      assertEquals(2, kraken.oauth().listFastApiKeys().size());
      assertEquals(demo.userIiban(), kraken.oauth().getUserInfo().iban());
    }
  }

  @Test
  void theAuthorizePageRefusesUnknownClientsAndRedirectUrisWithoutRedirecting(Sandbox sandbox) {
    SandboxCredentials demo = sandbox.credentials();
    Raw raw = new Raw(sandbox);
    Raw.Answer unknownClient = raw.get("/oauth/authorize?response_type=code&client_id=nobody&redirect_uri="
        + demo.redirectUri() + "&state=s");
    assertEquals(400, unknownClient.status());
    assertNull(unknownClient.headers().get("Location"));
    Raw.Answer foreignRedirect = raw.get("/oauth/authorize?response_type=code&client_id="
        + demo.oauthConfidentialClientId() + "&redirect_uri=https://evil.example.com/cb&state=s");
    assertEquals(400, foreignRedirect.status());
    assertNull(foreignRedirect.headers().get("Location"));
  }

  @Test
  void theAuthorizePageRedirectsErrorsWithTheState(Sandbox sandbox) {
    SandboxCredentials demo = sandbox.credentials();
    Raw raw = new Raw(sandbox);
    String base = "/oauth/authorize?client_id=" + demo.oauthConfidentialClientId() + "&redirect_uri="
        + demo.redirectUri() + "&state=s1";
    HttpUrl badScope = HttpUrl.get(raw.get(base + "&response_type=code&scope=account.everything").headers()
        .get("Location"));
    assertEquals("invalid_scope", badScope.queryParameter("error"));
    assertEquals("s1", badScope.queryParameter("state"));
    HttpUrl implicit = HttpUrl.get(raw.get(base + "&response_type=token").headers().get("Location"));
    assertEquals("unsupported_response_type", implicit.queryParameter("error"));
    OAuthException denied = assertThrows(OAuthException.class,
        () -> AuthorizationRequest.authorizationCode(implicit.toString(), "s1"));
    assertEquals("unsupported_response_type", denied.error());
  }

  @Test
  void userInfoWithoutATokenIsUnauthorized(Sandbox sandbox) {
    try (KrakenClient kraken = sandbox.newClient()) {
      // No tokens stored: the SDK asks for a new authorization instead of calling.
      ReauthorizationRequiredException e =
          assertThrows(ReauthorizationRequiredException.class, () -> kraken.oauth().getUserInfo());
      assertEquals("getUserInfo", e.operationId(), "named after the operation called");
      assertInstanceOf(AuthenticationException.class, e);
      assertInstanceOf(KrakenException.class, e);
      assertFalse(sandbox.checkedResponses().stream().anyMatch(c -> c.startsWith("getUserInfo")), "nothing was sent");
    }
    Raw.Answer answer = new Raw(sandbox).get("/oauth/userinfo");
    assertEquals(401, answer.status());
    assertTrue(answer.body().contains("invalid_token"));
    assertTrue(sandbox.checkedResponses().contains("getUserInfo 401"));
  }
}
