package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.oauth.OAuthFamily;
import io.github.krakensdk.sandbox.internal.oauth.OAuthTest;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Raw;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxCredentials;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.SpotKeyPermission;

import okhttp3.HttpUrl;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.oauth.InMemoryTokenStore;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.oauth.model.CreatedFastApiKey;
import io.github.krakensdk.oauth.model.FastApiKey;
import io.github.krakensdk.oauth.model.FastApiKeyPermissions;
import io.github.krakensdk.spot.model.ApiKeyInfo;
import io.github.krakensdk.spot.model.ApiKeyPermission;
import java.io.IOException;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Fast API keys through OAuth: a created key is a Spot key of the user with the permissions it was
 * given (OAuth names mapped to the Spot ones), an update renames it and changes what Spot lets it
 * do, a delete revokes it; the write and read scopes, and the scope of each permission, are
 * enforced from the access token.
 */
public class OAuthFastApiKeyTest {
  static final String WRITE = "account.fast-api-key:write";
  public static final String READ = "account.fast-api-key:read";
  final MutableClock clock = MutableClock.at(Instant.parse("2026-11-23T09:00:00Z"));
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  /** A client whose access token was granted {@code scopes}. */
  static KrakenClient authorized(Sandbox sandbox, String... scopes) throws IOException {
    SandboxCredentials demo = sandbox.credentials();
    KrakenClient kraken = sandbox.newClientBuilder().oauth(demo.oauthConfidentialClient(), new InMemoryTokenStore())
        .build();
    kraken.oauthTokens().completeAuthorization(
        OAuthTest.code(sandbox, demo.oauthConfidentialClientId(), demo.redirectUri(), scopes), demo.redirectUri());
    return kraken;
  }

  static KrakenClient spotClient(Sandbox sandbox, CreatedFastApiKey created) {
    return sandbox.newClientBuilder().spotCredentials(ApiCredentials.of(created)).build();
  }

  static Optional<FastApiKey> listed(KrakenClient kraken, String name) {
    return kraken.oauth().listFastApiKeys().stream().filter(k -> name.equals(k.apiKeyName())).findFirst();
  }

  @Test
  void aCreatedKeySignsSpotCallsWithExactlyThePermissionsAsked(Sandbox sandbox) throws IOException {
    try (KrakenClient app = authorized(sandbox, WRITE, READ, "account.fast-api-key:funds-query",
        "account.fast-api-key:funds-add")) {
      CreatedFastApiKey created = app.oauth().createFastApiKey(r -> r.apiKeyName("tracker")
          .ipAllowlist(List.of("203.0.113.0/24")).nonceWindow(5L)
          .permissions(FastApiKeyPermissions.builder().fundsQuery(true).fundsAdd(true).tradesModify(false).build()));
      assertNotNull(created.secret());
      assertFalse(created.toString().contains(created.secret()), "the secret never shows in toString()");
      assertEquals("tracker", created.apiKeyName());
      assertEquals(OAuthFamily.id("tracker"), created.id());
      assertEquals(sandbox.credentials().oauthConfidentialClientId(), created.oauthClient());
      assertEquals(Boolean.TRUE, created.permissions().fundsQuery());
      assertEquals(Boolean.FALSE, created.permissions().tradesModify());

      try (KrakenClient user = spotClient(sandbox, created)) {
        Map<String, ?> balance = user.spot().getBalance();
        assertFalse(balance.isEmpty(), "the test user's balances");
        ApiKeyInfo info = user.spot().getApiKeyInfo();
        assertEquals("tracker", info.apiKeyName());
        assertEquals(created.apiKey(), info.apiKey());
        // funds_add is the Spot permission funds-deposit, which GetApiKeyInfo names add-funds.
        assertEquals(List.of(ApiKeyPermission.QUERY_FUNDS, ApiKeyPermission.of("add-funds")), info.permissions());
        KrakenServiceException denied = assertThrows(KrakenServiceException.class, () -> user.spot().getOpenOrders());
        assertTrue(denied.errors().contains("EGeneral:Permission denied"), denied.errors().toString());
      }

      FastApiKey shown = listed(app, "tracker").orElseThrow();
      assertEquals(created.apiKey(), shown.apiKey());
      assertEquals(List.of("203.0.113.0/24"), shown.ipAllowlist());
      assertEquals(5L, shown.nonceWindow());
      assertTrue(shown.nonce() > 0, "the nonce the Spot calls used: " + shown.nonce());
    }
  }

  @Test
  void everyOAuthPermissionMapsToItsSpotPermission(Sandbox sandbox) throws IOException {
    // OAuth's fast API key permissions (oauth.yaml) name neither the WebSocket permission nor
    // Funding (Beta)'s "add withdrawal addresses".
    EnumSet<SpotKeyPermission> grantable = EnumSet.complementOf(EnumSet.of(SpotKeyPermission.WEBSOCKET,
        SpotKeyPermission.FUNDS_ADD_WITHDRAWAL_ADDRESSES));
    assertEquals(grantable, EnumSet.copyOf(OAuthFamily.PERMISSIONS.values()), "every Spot permission OAuth names");
    String[] scopes = OAuthFamily.SCOPES.toArray(String[]::new);
    try (KrakenClient app = authorized(sandbox, scopes)) {
      CreatedFastApiKey all = app.oauth().createFastApiKey(r -> r.apiKeyName("everything")
          .permissions(FastApiKeyPermissions.builder()
              .exportData(true)
              .fundsAdd(true)
              .fundsEarn(true)
              .fundsQuery(true)
              .fundsWithdraw(true)
              .ledgerQuery(true)
              .tradesClose(true)
              .tradesModify(true)
              .tradesQueryClosed(true)
              .tradesQueryOpen(true)
              .build()));
      SandboxKey spotKey = new SandboxKey(all.apiKey(), all.secret());
      assertEquals(grantable, sandbox.spot().key(spotKey.key()).permissions());
      CreatedFastApiKey none = app.oauth().createFastApiKey(r -> r.apiKeyName("nothing"));
      assertEquals(Set.of(), sandbox.spot().key(new SandboxKey(none.apiKey(), none.secret()).key()).permissions());
    }
  }

  @Test
  void anUpdateRenamesTheKeyAndChangesWhatSpotLetsItDo(Sandbox sandbox) throws IOException {
    try (KrakenClient app = authorized(sandbox, WRITE, READ, "account.fast-api-key:funds-query",
        "account.fast-api-key:trades-query-open")) {
      CreatedFastApiKey created = app.oauth().createFastApiKey(r -> r.apiKeyName("tracker")
          .permissions(FastApiKeyPermissions.builder().fundsQuery(true).build()));
      try (KrakenClient user = spotClient(sandbox, created)) {
        user.spot().getBalance();
        assertEquals(Boolean.TRUE, app.oauth().updateFastApiKey(r -> r.apiKeyName("tracker")
            .newApiKeyName("trader").nonceWindow(3L)
            .permissions(FastApiKeyPermissions.builder().fundsQuery(false).tradesQueryOpen(true).build())));
        assertEquals("trader", user.spot().getApiKeyInfo().apiKeyName(), "Spot sees the new name");
        user.spot().getOpenOrders();
        KrakenServiceException denied = assertThrows(KrakenServiceException.class, () -> user.spot().getBalance());
        assertTrue(denied.errors().contains("EGeneral:Permission denied"), denied.errors().toString());
      }
      assertTrue(listed(app, "tracker").isEmpty());
      FastApiKey trader = listed(app, "trader").orElseThrow();
      assertEquals(created.apiKey(), trader.apiKey(), "the same key");
      assertEquals(3L, trader.nonceWindow());
      assertEquals(Boolean.TRUE, trader.permissions().tradesQueryOpen());
      assertEquals(Boolean.FALSE, trader.permissions().fundsQuery());
      // A member left out keeps its value: only the permission named changes.
      app.oauth().updateFastApiKey(r -> r.apiKeyName("trader")
          .permissions(FastApiKeyPermissions.builder().fundsQuery(true).build()));
      FastApiKey again = listed(app, "trader").orElseThrow();
      assertEquals(Boolean.TRUE, again.permissions().tradesQueryOpen());
      assertEquals(Boolean.TRUE, again.permissions().fundsQuery());
      assertEquals(3L, again.nonceWindow());

      KrakenServiceException unknown = assertThrows(KrakenServiceException.class,
          () -> app.oauth().updateFastApiKey(r -> r.apiKeyName("tracker").newApiKeyName("x")));
      assertEquals("invalid_request", unknown.code().value());
      assertEquals(400, unknown.httpStatus());
      app.oauth().createFastApiKey(r -> r.apiKeyName("other"));
      KrakenServiceException taken = assertThrows(KrakenServiceException.class,
          () -> app.oauth().updateFastApiKey(r -> r.apiKeyName("other").newApiKeyName("trader")));
      assertEquals("invalid_request", taken.code().value());
    }
  }

  @Test
  void aDeletedKeyIsRefusedBySpotAndGoneFromTheListing(Sandbox sandbox) throws IOException {
    try (KrakenClient app = authorized(sandbox, WRITE, READ, "account.fast-api-key:funds-query")) {
      int before = app.oauth().listFastApiKeys().size();
      CreatedFastApiKey created = app.oauth().createFastApiKey(r -> r.apiKeyName("short-lived")
          .permissions(FastApiKeyPermissions.builder().fundsQuery(true).build()));
      assertEquals(before + 1, app.oauth().listFastApiKeys().size());
      try (KrakenClient user = spotClient(sandbox, created)) {
        user.spot().getBalance();
        assertEquals(Boolean.TRUE, app.oauth().deleteFastApiKey(r -> r.apiKeyName("short-lived")));
        KrakenServiceException invalid = assertThrows(KrakenServiceException.class, () -> user.spot().getBalance());
        assertTrue(invalid.errors().contains("EAPI:Invalid key"), invalid.errors().toString());
      }
      assertTrue(listed(app, "short-lived").isEmpty());
      assertEquals(before, app.oauth().listFastApiKeys().size());
      KrakenServiceException again = assertThrows(KrakenServiceException.class,
          () -> app.oauth().deleteFastApiKey(r -> r.apiKeyName("short-lived")));
      assertEquals("invalid_request", again.code().value());
      assertEquals(400, again.httpStatus());
    }
  }

  @Test
  void theTokenMustHoldTheWriteScopeAndTheScopeOfEachPermission(Sandbox sandbox) throws IOException {
    try (KrakenClient reader = authorized(sandbox, READ, "account.fast-api-key:funds-query")) {
      KrakenServiceException noWrite = assertThrows(KrakenServiceException.class,
          () -> reader.oauth().createFastApiKey(r -> r.apiKeyName("k")));
      assertEquals("insufficient_scope", noWrite.code().value());
      assertEquals(403, noWrite.httpStatus());
      assertTrue(noWrite.errorDescription().contains(WRITE), noWrite.errorDescription());
      assertEquals("insufficient_scope", assertThrows(KrakenServiceException.class,
          () -> reader.oauth().deleteFastApiKey(r -> r.apiKeyName("rebalancer"))).code().value());
      assertEquals("insufficient_scope", assertThrows(KrakenServiceException.class,
          () -> reader.oauth().updateFastApiKey(r -> r.apiKeyName("rebalancer").newApiKeyName("mine"))).code().value());
      assertEquals(2, reader.oauth().listFastApiKeys().size(), "read is enough to list; nothing changed");
    }
    try (KrakenClient writer = authorized(sandbox, WRITE, "account.fast-api-key:funds-query")) {
      KrakenServiceException tradeScope = assertThrows(KrakenServiceException.class, () -> writer.oauth().createFastApiKey(r ->
          r.apiKeyName("k").permissions(FastApiKeyPermissions.builder().fundsQuery(true).tradesModify(true).build())));
      assertEquals("insufficient_scope", tradeScope.code().value());
      assertTrue(tradeScope.errorDescription().contains("account.fast-api-key:trades-modify"),
          tradeScope.errorDescription());
      // Setting a permission to false needs no scope.
      writer.oauth().createFastApiKey(r -> r.apiKeyName("k")
          .permissions(FastApiKeyPermissions.builder().fundsQuery(true).tradesModify(false).build()));
      KrakenServiceException taken = assertThrows(KrakenServiceException.class,
          () -> writer.oauth().createFastApiKey(r -> r.apiKeyName("k")));
      assertEquals("invalid_request", taken.code().value());
      KrakenServiceException noRead = assertThrows(KrakenServiceException.class, () -> writer.oauth().listFastApiKeys());
      assertEquals("insufficient_scope", noRead.code().value());
    }
  }

  @Test
  void theWireAnswersAreTheContractsErrors(Sandbox sandbox) throws IOException {
    String token;
    try (KrakenClient reader = authorized(sandbox, READ)) {
      token = reader.oauthTokens().accessToken();
    }
    Raw.Answer refused = new Raw(sandbox).send(new Request.Builder().url(HttpUrl.get(sandbox.baseUrl().resolve("oauth/fast-api-key")))
        .header("Authorization", "Bearer " + token)
        .delete(RequestBody.create("{\"api_key_name\":\"rebalancer\"}", MediaType.get("application/json"))).build());
    assertEquals(403, refused.status(), refused.body());
    assertEquals("Bearer error=\"insufficient_scope\", scope=\"" + WRITE + "\"", refused.headers().get("WWW-Authenticate"));
    Raw.Answer noToken = new Raw(sandbox).send(new Request.Builder().url(HttpUrl.get(sandbox.baseUrl().resolve("oauth/fast-api-key")))
        .post(RequestBody.create("{\"api_key_name\":\"k\"}", MediaType.get("application/json"))).build());
    assertEquals(401, noToken.status(), noToken.body());
    assertTrue(noToken.body().contains("invalid_token"), noToken.body());
  }

  @Test
  void theAuthorizePageAnswersInEveryLanguagePath(Sandbox sandbox) {
    SandboxCredentials demo = sandbox.credentials();
    Raw.Answer page = new Raw(sandbox).send(new Request.Builder().url(HttpUrl.get(sandbox.baseUrl().resolve(
        "de/oauth/authorize?response_type=code&client_id=" + demo.oauthConfidentialClientId() + "&redirect_uri="
            + demo.redirectUri() + "&state=s"))).build());
    assertEquals(302, page.status(), page.body());
    assertTrue(page.headers().get("Location").startsWith(demo.redirectUri() + "?code="), page.headers().toString());
  }
}
