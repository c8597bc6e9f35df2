package io.github.krakensdk.sandbox;

import io.github.krakensdk.oauth.model.FastApiKey;
import io.github.krakensdk.oauth.model.FastApiKeyListResponse;
import io.github.krakensdk.oauth.model.FastApiKeyPermissions;
import io.github.krakensdk.oauth.model.FastApiKeyPurpose;
import io.github.krakensdk.oauth.model.OAuthError;
import io.github.krakensdk.oauth.model.OAuthErrorCode;
import io.github.krakensdk.oauth.model.TokenResponse;
import io.github.krakensdk.oauth.model.TokenType;
import io.github.krakensdk.oauth.model.UserInfo;
import io.github.krakensdk.oauth.model.UserInfoResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * OAuth (Kraken Connect): the browser's authorize page (served here at {@code /oauth/authorize},
 * where the service has {@code https://id.kraken.com/oauth/authorize}), the token endpoint and
 * the two bearer operations.
 *
 * <p>The authorize page stands in for the user's consent: a GET with a registered client and
 * redirect URI answers 302 to {@code redirect_uri?code=...&state=...} for the test user at once.
 * Authorization codes live {@link #CODE_LIFETIME}, are single-use and bound to the client and the
 * {@code redirect_uri} they were issued for. Access tokens live 24 h for the confidential client
 * and 4 h for the public one, refresh tokens 30 days; a refresh issues a new pair and revokes the
 * old pair, so the old access token stops working at once. Lifetimes run on the sandbox clock.
 */
final class OAuthFamily extends Endpoint<Object> {
  static final Duration CODE_LIFETIME = Duration.ofMinutes(10);
  static final Duration CONFIDENTIAL_ACCESS_LIFETIME = Duration.ofHours(24);
  static final Duration PUBLIC_ACCESS_LIFETIME = Duration.ofHours(4);
  static final Duration REFRESH_LIFETIME = Duration.ofDays(30);
  static final List<String> SCOPES = List.of("account.info:basic", "account.fast-api-key:read",
      "account.fast-api-key:write", "account.fast-api-key:funds-query", "account.fast-api-key:funds-add",
      "account.fast-api-key:funds-withdraw", "account.fast-api-key:funds-earn",
      "account.fast-api-key:trades-query-open", "account.fast-api-key:trades-query-closed",
      "account.fast-api-key:trades-modify", "account.fast-api-key:trades-close",
      "account.fast-api-key:ledger-query", "account.fast-api-key:export-data");

  record Client(String id, String secret, List<String> redirectUris) {
    boolean confidential() {
      return secret != null;
    }
  }

  private record Code(String clientId, String redirectUri, Set<String> scopes, Instant expiresAt) {}

  /** An access token, or (with {@code access} set) a refresh token and the access token issued with it. */
  private record Grant(String clientId, Set<String> scopes, Instant expiresAt, String access) {}

  private final Settings settings;
  private final Map<String, Client> clients = new HashMap<>();
  /** Guarded by {@code this}; a code leaves the map when it is used. */
  private final Map<String, Code> codes = new HashMap<>();
  /** Guarded by {@code this}; a token leaves the map when it is revoked. */
  private final Map<String, Grant> accessTokens = new HashMap<>();
  /** Guarded by {@code this}. */
  private final Map<String, Grant> refreshTokens = new HashMap<>();

  OAuthFamily(ContractValidator contract, Settings settings, List<String> extraRedirectUris) {
    super(Family.OAUTH, contract);
    this.settings = settings;
    List<String> redirects = new ArrayList<>(Seed.REDIRECT_URIS);
    redirects.addAll(extraRedirectUris);
    clients.put(Seed.CONFIDENTIAL_CLIENT_ID,
        new Client(Seed.CONFIDENTIAL_CLIENT_ID, Seed.CONFIDENTIAL_CLIENT_SECRET, List.copyOf(redirects)));
    clients.put(Seed.PUBLIC_CLIENT_ID, new Client(Seed.PUBLIC_CLIENT_ID, null, List.copyOf(redirects)));

    route("POST", "/oauth/token", "getToken", true, (call, path, client) -> token(call, (Client) client));
    route("GET", "/oauth/userinfo", "getUserInfo", true, (call, path, grant) ->
        withScope((Grant) grant, "account.info:basic", () -> Reply.json(200,
            Json.write(new UserInfoResponse(new UserInfo(Seed.USER_EMAIL, Seed.USER_IIBAN))))));
    route("GET", "/oauth/fast-api-keys", "listFastApiKeys", true, (call, path, grant) ->
        withScope((Grant) grant, "account.fast-api-key:read", () -> Reply.json(200,
            Json.write(new FastApiKeyListResponse(fastApiKeys())))));
  }

  // ---- the authorize page (not an operation of the contract) ----

  /** {@code GET /oauth/authorize}: the user consents at once; the browser goes back with a code. */
  Reply authorize(HttpCall call) {
    Client client = clients.get(String.valueOf(call.query("client_id")));
    String redirectUri = call.query("redirect_uri");
    // Without a known client and one of its redirect URIs there is nowhere safe to send an error.
    if (client == null) {
      return oauthError(400, OAuthErrorCode.INVALID_REQUEST, "Unknown client_id.");
    }
    if (redirectUri == null || !client.redirectUris().contains(redirectUri)) {
      return oauthError(400, OAuthErrorCode.INVALID_REQUEST, "redirect_uri is not registered for this client.");
    }
    String state = call.query("state");
    if (!"code".equals(call.query("response_type"))) {
      return Reply.redirect(callback(redirectUri, "error", "unsupported_response_type", state));
    }
    Set<String> scopes = new LinkedHashSet<>();
    String scope = call.query("scope");
    if (scope == null || scope.isBlank()) {
      scopes.addAll(SCOPES); // empty: every scope registered for the client
    } else {
      for (String one : scope.trim().split(" +")) {
        if (!SCOPES.contains(one)) {
          return Reply.redirect(callback(redirectUri, "error", "invalid_scope", state));
        }
        scopes.add(one);
      }
    }
    String code = Secrets.randomToken(32);
    synchronized (this) {
      codes.put(code, new Code(client.id(), redirectUri, scopes, settings.clock().instant().plus(CODE_LIFETIME)));
    }
    return Reply.redirect(callback(redirectUri, "code", code, state));
  }

  private static String callback(String redirectUri, String name, String value, String state) {
    StringBuilder url = new StringBuilder(redirectUri).append(redirectUri.contains("?") ? '&' : '?')
        .append(name).append('=').append(URLEncoder.encode(value, StandardCharsets.UTF_8));
    if (state != null) {
      url.append("&state=").append(URLEncoder.encode(state, StandardCharsets.UTF_8));
    }
    return url.toString();
  }

  // ---- authentication ----

  @Override
  Authenticated<Object> authenticate(HttpCall call, Route<Object> route) {
    String authorization = call.header("Authorization");
    if (route.operationId().equals("getToken")) {
      Client client = basicClient(authorization);
      if (client == null) {
        return Authenticated.refused(oauthError(401, OAuthErrorCode.INVALID_CLIENT, "Client authentication failed.")
            .withHeader("WWW-Authenticate", "Basic realm=\"kraken-sandbox\""));
      }
      return Authenticated.as(client);
    }
    String token = authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
        ? authorization.substring(7).trim() : null;
    Grant grant;
    synchronized (this) {
      grant = token == null ? null : accessTokens.get(token);
    }
    if (grant == null || !settings.clock().instant().isBefore(grant.expiresAt())) {
      String why = grant == null ? "The access token is missing, invalid or revoked." : "The access token has expired.";
      return Authenticated.refused(oauthError(401, OAuthErrorCode.INVALID_TOKEN, why)
          .withHeader("WWW-Authenticate", "Bearer error=\"invalid_token\""));
    }
    return Authenticated.as(grant);
  }

  /** The client of {@code Basic base64(id:secret)}, or null; a public client's secret must be empty. */
  private Client basicClient(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
      return null;
    }
    String pair;
    try {
      pair = new String(Base64.getDecoder().decode(authorization.substring(6).trim()), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException notBase64) {
      return null;
    }
    int colon = pair.indexOf(':');
    if (colon < 0) {
      return null;
    }
    Client client = clients.get(pair.substring(0, colon));
    String secret = pair.substring(colon + 1);
    if (client == null) {
      return null;
    }
    boolean secretMatches = client.confidential() ? Secrets.equal(client.secret(), secret) : secret.isEmpty();
    return secretMatches ? client : null;
  }

  @Override
  Reply beforeValidation(HttpCall call, Route<Object> route) {
    if (route.operationId().equals("getToken")) {
      String grantType = form(call).get("grant_type");
      if (grantType != null && !grantType.equals("authorization_code") && !grantType.equals("refresh_token")) {
        return oauthError(400, OAuthErrorCode.UNSUPPORTED_GRANT_TYPE, "Unsupported grant_type: " + grantType + ".");
      }
    }
    return null;
  }

  // ---- envelopes ----

  static Reply oauthError(int status, OAuthErrorCode code, String description) {
    return Reply.json(status, Json.write(new OAuthError(code, description)));
  }

  @Override
  Reply rejected(Route<Object> route, List<ContractValidator.Problem> problems) {
    return oauthError(400, OAuthErrorCode.INVALID_REQUEST, detail(problems));
  }

  @Override
  Reply unknownOperation(HttpCall call, boolean pathKnown) {
    return oauthError(404, OAuthErrorCode.INVALID_REQUEST, "No operation " + call.method + " " + call.rawPath + ".");
  }

  @Override
  Reply internalError(Exception e) {
    return oauthError(500, OAuthErrorCode.SERVER_ERROR, String.valueOf(e));
  }

  // ---- operations ----

  private static Map<String, String> form(HttpCall call) {
    Map<String, String> first = new HashMap<>();
    HttpCall.parseForm(call.bodyText()).forEach((name, values) -> first.put(name, values.get(0)));
    return first;
  }

  private Reply token(HttpCall call, Client client) {
    Map<String, String> form = form(call);
    Instant now = settings.clock().instant();
    if (form.get("grant_type").equals("authorization_code")) {
      String code = form.get("code");
      String redirectUri = form.get("redirect_uri");
      if (code == null || code.isEmpty()) {
        return oauthError(400, OAuthErrorCode.INVALID_REQUEST, "Missing required parameter code.");
      }
      if (redirectUri == null || redirectUri.isEmpty()) {
        return oauthError(400, OAuthErrorCode.INVALID_REQUEST, "Missing required parameter redirect_uri.");
      }
      synchronized (this) {
        Code issued = codes.remove(code); // single-use: gone whatever happens next
        if (issued == null || !now.isBefore(issued.expiresAt()) || !issued.clientId().equals(client.id())
            || !issued.redirectUri().equals(redirectUri)) {
          return oauthError(400, OAuthErrorCode.INVALID_GRANT,
              "The authorization code is invalid, expired, already used or issued for another client or redirect URI.");
        }
        return issue(client, issued.scopes(), now);
      }
    }
    String refreshToken = form.get("refresh_token");
    if (refreshToken == null || refreshToken.isEmpty()) {
      return oauthError(400, OAuthErrorCode.INVALID_REQUEST, "Missing required parameter refresh_token.");
    }
    synchronized (this) {
      Grant refresh = refreshTokens.get(refreshToken);
      if (refresh == null || !now.isBefore(refresh.expiresAt()) || !refresh.clientId().equals(client.id())) {
        return oauthError(400, OAuthErrorCode.INVALID_GRANT, "The refresh token is invalid, expired or revoked.");
      }
      // Rotation: the old pair stops working once the new one is issued.
      refreshTokens.remove(refreshToken);
      accessTokens.remove(refresh.access());
      return issue(client, refresh.scopes(), now);
    }
  }

  /** Guarded by {@code this}. */
  private Reply issue(Client client, Set<String> scopes, Instant now) {
    Duration lifetime = client.confidential() ? CONFIDENTIAL_ACCESS_LIFETIME : PUBLIC_ACCESS_LIFETIME;
    String access = Secrets.randomToken(32);
    String refresh = Secrets.randomToken(32);
    accessTokens.put(access, new Grant(client.id(), scopes, now.plus(lifetime), null));
    refreshTokens.put(refresh, new Grant(client.id(), scopes, now.plus(REFRESH_LIFETIME), access));
    return Reply.json(200, Json.write(new TokenResponse(access, TokenType.BEARER, (int) lifetime.toSeconds(), refresh)));
  }

  private static Reply withScope(Grant grant, String scope, java.util.function.Supplier<Reply> answer) {
    if (!grant.scopes().contains(scope)) {
      return oauthError(403, OAuthErrorCode.INSUFFICIENT_SCOPE, "The access token requires the scope " + scope + ".")
          .withHeader("WWW-Authenticate", "Bearer error=\"insufficient_scope\", scope=\"" + scope + "\"");
    }
    return answer.get();
  }

  private static List<FastApiKey> fastApiKeys() {
    FastApiKeyPermissions readOnly = new FastApiKeyPermissions(false, false, false, true, false, true, false, false,
        true, true);
    FastApiKeyPermissions trading = new FastApiKeyPermissions(false, false, true, true, false, true, true, true,
        true, true);
    return List.of(
        new FastApiKey(Secrets.derivedKey("SBXFAST", "portfolio-tracker"), "portfolio-tracker",
            "2025-02-11T08:14:37Z", id("portfolio-tracker"), List.of("203.0.113.0/24", "2001:db8:4a1::/48"),
            1742212345.618, "2025-03-02T17:40:09Z", 1742212345618002L, 10L, Seed.CONFIDENTIAL_CLIENT_ID, readOnly,
            FastApiKeyPurpose.STANDARD, 1704067200.0, 0.0, 1767225600.0),
        new FastApiKey(Secrets.derivedKey("SBXFAST", "rebalancer"), "rebalancer", "2025-03-05T12:00:00Z",
            id("rebalancer"), List.of(), 0.0, "2025-03-05T12:00:00Z", 0L, 0L, Seed.CONFIDENTIAL_CLIENT_ID, trading,
            FastApiKeyPurpose.STANDARD, 0.0, 0.0, 0.0));
  }

  /** The key name in the service's modified Base64 alphabet ({@code _ ,} for {@code + /}, {@code -} padding). */
  static String id(String name) {
    return Base64.getEncoder().encodeToString(name.getBytes(StandardCharsets.UTF_8))
        .replace('+', '_').replace('/', ',').replace('=', '-');
  }
}
