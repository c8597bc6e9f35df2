package io.github.krakensdk.sandbox.internal.oauth;

import io.github.krakensdk.sandbox.internal.state.StatePart;
import io.github.krakensdk.sandbox.internal.http.ContractValidator;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.SpotKeyPermission;
import io.github.krakensdk.sandbox.internal.Secrets;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.Settings;
import io.github.krakensdk.sandbox.internal.http.Endpoint;
import io.github.krakensdk.sandbox.internal.http.Family;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.params.Parameters;
import io.github.krakensdk.sandbox.internal.http.Reply;
import io.github.krakensdk.sandbox.internal.spot.SpotFamily;

import io.github.krakensdk.oauth.internal.model.BooleanResultResponse;
import io.github.krakensdk.oauth.model.CreatedFastApiKey;
import io.github.krakensdk.oauth.internal.model.CreatedFastApiKeyResponse;
import io.github.krakensdk.oauth.model.FastApiKey;
import io.github.krakensdk.oauth.internal.model.FastApiKeyChange;
import io.github.krakensdk.oauth.internal.model.FastApiKeyDeletion;
import io.github.krakensdk.oauth.internal.model.FastApiKeyListResponse;
import io.github.krakensdk.oauth.model.FastApiKeyPermissions;
import io.github.krakensdk.oauth.model.FastApiKeyPurpose;
import io.github.krakensdk.oauth.internal.model.FastApiKeySettings;
import io.github.krakensdk.oauth.internal.model.OAuthError;
import io.github.krakensdk.oauth.model.OAuthErrorCode;
import io.github.krakensdk.oauth.internal.model.TokenResponse;
import io.github.krakensdk.oauth.internal.model.TokenType;
import io.github.krakensdk.oauth.model.UserInfo;
import io.github.krakensdk.oauth.internal.model.UserInfoResponse;
import io.github.krakensdk.sandbox.internal.contract.Problem;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

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
 *
 * <p>Fast API keys are Spot keys of the test user ({@link SpotFamily}): one created here signs Spot
 * calls at once, with the Spot permissions its OAuth permissions map to ({@link #PERMISSIONS}); an
 * update renames it and changes its permissions on the Spot side too (GetApiKeyInfo shows both), a
 * delete revokes it ({@code EAPI:Invalid key}). Creating, updating and deleting need the scope
 * {@code account.fast-api-key:write}, listing {@code account.fast-api-key:read}, and each permission
 * set to {@code true} the scope of the same name. The IP allowlist, nonce window, query window and
 * expiry are kept and shown, not enforced on Spot calls. Two keys are there from the start.
 */
public final class OAuthFamily extends Endpoint<Object> {
  static final Duration CODE_LIFETIME = Duration.ofMinutes(10);
  static final Duration CONFIDENTIAL_ACCESS_LIFETIME = Duration.ofHours(24);
  static final Duration PUBLIC_ACCESS_LIFETIME = Duration.ofHours(4);
  static final Duration REFRESH_LIFETIME = Duration.ofDays(30);
  public static final List<String> SCOPES = List.of("account.info:basic", "account.fast-api-key:read",
      "account.fast-api-key:write", "account.fast-api-key:funds-query", "account.fast-api-key:funds-add",
      "account.fast-api-key:funds-withdraw", "account.fast-api-key:funds-earn",
      "account.fast-api-key:trades-query-open", "account.fast-api-key:trades-query-closed",
      "account.fast-api-key:trades-modify", "account.fast-api-key:trades-close",
      "account.fast-api-key:ledger-query", "account.fast-api-key:export-data");

  public record Client(String id, String secret, List<String> redirectUris) {
    boolean confidential() {
      return secret != null;
    }
  }

  private record Code(String clientId, String redirectUri, Set<String> scopes, Instant expiresAt) {}

  /** An access token, or (with {@code access} set) a refresh token and the access token issued with it. */
  private record Grant(String clientId, Set<String> scopes, Instant expiresAt, String access) {}

  /**
   * The Spot key permission each permission of an OAuth fast API key maps to, by the contract's
   * name ({@code FastApiKeyPermissions}); its scope is {@code account.fast-api-key:} and the name
   * with hyphens ({@code funds_add}: {@code account.fast-api-key:funds-add}).
   */
  public static final Map<String, SpotKeyPermission> PERMISSIONS = permissions();

  private static Map<String, SpotKeyPermission> permissions() {
    Map<String, SpotKeyPermission> permissions = new LinkedHashMap<>();
    permissions.put("export_data", SpotKeyPermission.EXPORT_DATA);
    permissions.put("funds_add", SpotKeyPermission.FUNDS_DEPOSIT);
    permissions.put("funds_earn", SpotKeyPermission.FUNDS_EARN);
    permissions.put("funds_query", SpotKeyPermission.FUNDS_QUERY);
    permissions.put("funds_withdraw", SpotKeyPermission.FUNDS_WITHDRAW);
    permissions.put("ledger_query", SpotKeyPermission.LEDGER_QUERY);
    permissions.put("trades_close", SpotKeyPermission.TRADES_CLOSE);
    permissions.put("trades_modify", SpotKeyPermission.TRADES_MODIFY);
    permissions.put("trades_query_closed", SpotKeyPermission.TRADES_QUERY_CLOSED);
    permissions.put("trades_query_open", SpotKeyPermission.TRADES_QUERY_OPEN);
    return Map.copyOf(permissions);
  }

  /** A fast API key: its Spot key and what the listing shows of it. */
  private record FastKey(String name, SandboxKey spotKey, String clientId, List<String> ipAllowlist,
      long nonceWindow, Set<SpotKeyPermission> permissions, double queryFrom, double queryTo, double validUntil,
      Instant created, Instant modified) {
    FastKey {
      ipAllowlist = List.copyOf(ipAllowlist);
      permissions = Set.copyOf(permissions);
    }
  }

  private final Settings settings;
  private final SpotFamily spot;
  private final Map<String, Client> clients = new java.util.concurrent.ConcurrentHashMap<>();
  /** Guarded by {@code this}; a code leaves the map when it is used. */
  private final Map<String, Code> codes = new HashMap<>();
  /** Guarded by {@code this}; a token leaves the map when it is revoked. */
  private final Map<String, Grant> accessTokens = new HashMap<>();
  /** Guarded by {@code this}. */
  private final Map<String, Grant> refreshTokens = new HashMap<>();
  /** The test user's fast API keys by name, oldest first. Guarded by {@code this}. */
  private final Map<String, FastKey> fastKeys = new LinkedHashMap<>();

  public OAuthFamily(ContractValidator contract, Settings settings, List<String> extraRedirectUris, SpotFamily spot) {
    super(Family.OAUTH, contract);
    this.settings = settings;
    this.spot = spot;
    List<String> redirects = new ArrayList<>(Seed.REDIRECT_URIS);
    redirects.addAll(extraRedirectUris);
    clients.put(Seed.CONFIDENTIAL_CLIENT_ID,
        new Client(Seed.CONFIDENTIAL_CLIENT_ID, Seed.CONFIDENTIAL_CLIENT_SECRET, List.copyOf(redirects)));
    clients.put(Seed.PUBLIC_CLIENT_ID, new Client(Seed.PUBLIC_CLIENT_ID, null, List.copyOf(redirects)));

    route("POST", "/oauth/token", "getToken", true, (call, path, client) -> token(call, (Client) client));
    route("GET", "/oauth/userinfo", "getUserInfo", true, (call, path, grant) ->
        withScope((Grant) grant, "account.info:basic", () -> Reply.answer(200,
            UserInfoResponse.builder()
                .result(UserInfo.builder().email(Seed.USER_EMAIL).iban(Seed.USER_IIBAN).build())
                .build())));
    route("GET", "/oauth/fast-api-keys", "listFastApiKeys", true, (call, path, grant) ->
        withScope((Grant) grant, READ, () -> Reply.answer(200,
            FastApiKeyListResponse.builder().result(fastApiKeys()).build())));
    route("POST", "/oauth/fast-api-key", "createFastApiKey", true, (call, path, grant) ->
        createFastApiKey((Grant) grant, call.parameters().read(FastApiKeySettings.class)));
    route("PUT", "/oauth/fast-api-key", "updateFastApiKey", true, (call, path, grant) ->
        updateFastApiKey((Grant) grant, call.parameters().read(FastApiKeyChange.class)));
    route("DELETE", "/oauth/fast-api-key", "deleteFastApiKey", true, (call, path, grant) -> {
      FastApiKeyDeletion deletion = call.parameters().read(FastApiKeyDeletion.class);
      return withScope((Grant) grant, WRITE, () -> deleteFastApiKey(deletion));
    });
    seedFastKey("portfolio-tracker", List.of("203.0.113.0/24", "2001:db8:4a1::/48"), 10L,
        EnumSet.of(SpotKeyPermission.FUNDS_QUERY, SpotKeyPermission.LEDGER_QUERY,
            SpotKeyPermission.TRADES_QUERY_CLOSED, SpotKeyPermission.TRADES_QUERY_OPEN),
        1704067200.0, 0.0, 1767225600.0);
    seedFastKey("rebalancer", List.of(), 0L,
        EnumSet.of(SpotKeyPermission.FUNDS_EARN, SpotKeyPermission.FUNDS_QUERY, SpotKeyPermission.LEDGER_QUERY,
            SpotKeyPermission.TRADES_CLOSE, SpotKeyPermission.TRADES_MODIFY, SpotKeyPermission.TRADES_QUERY_CLOSED,
            SpotKeyPermission.TRADES_QUERY_OPEN),
        0.0, 0.0, 0.0);
  }

  static final String READ = "account.fast-api-key:read";
  static final String WRITE = "account.fast-api-key:write";

  // ---- the authorize page (not an operation of the contract) ----

  /** {@code GET /oauth/authorize}: the user consents at once; the browser goes back with a code. */
  public Reply authorize(HttpCall call) {
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
  public Authenticated<Object> authenticate(HttpCall call, Route<Object> route) {
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
  public Reply beforeValidation(HttpCall call, Route<Object> route) {
    if (route.operationId().equals("getToken")) {
      Object grantType = form(call).raw("grant_type"); // a repeated field is left to the contract
      if (grantType instanceof String && !grantType.equals("authorization_code") && !grantType.equals("refresh_token")) {
        return oauthError(400, OAuthErrorCode.UNSUPPORTED_GRANT_TYPE, "Unsupported grant_type: " + grantType + ".");
      }
    }
    return null;
  }

  // ---- envelopes ----

  static Reply oauthError(int status, OAuthErrorCode code, String description) {
    return Reply.answer(status, OAuthError.builder().error(code).errorDescription(description).build());
  }

  @Override
  public Reply rejected(Route<Object> route, List<Problem> problems) {
    return oauthError(400, OAuthErrorCode.INVALID_REQUEST, detail(problems));
  }

  @Override
  public Reply unknownOperation(HttpCall call) {
    return oauthError(404, OAuthErrorCode.INVALID_REQUEST, "No operation " + call.method + " " + call.rawPath + ".");
  }

  @Override
  public Reply wrongMethod(HttpCall call, Set<String> allowed) {
    return oauthError(405, OAuthErrorCode.INVALID_REQUEST,
        call.method + " " + call.rawPath + " takes " + String.join(", ", allowed) + ".");
  }

  @Override
  public Reply internalError(Exception e) {
    return oauthError(500, OAuthErrorCode.SERVER_ERROR, String.valueOf(e));
  }

  // ---- operations ----

  /**
   * The token request's form fields, read as every family reads its parameters ({@link
   * HttpCall#parameters()}); a body that is no form reads as no fields, for the contract to refuse.
   */
  private static Parameters form(HttpCall call) {
    Map<String, Object> fields;
    try {
      fields = call.parameters().form() ? call.parameters().tree() : Map.of();
    } catch (IllegalArgumentException notAnObject) {
      fields = Map.of();
    }
    return Parameters.of(fields, name -> new IllegalArgumentException("unreadable form field " + name));
  }

  private Reply token(HttpCall call, Client client) {
    Parameters form = form(call);
    Instant now = settings.clock().instant();
    if ("authorization_code".equals(form.string("grant_type"))) {
      String code = form.string("code");
      String redirectUri = form.string("redirect_uri");
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
    String refreshToken = form.string("refresh_token");
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
    return Reply.answer(200, TokenResponse.builder()
        .accessToken(access)
        .tokenType(TokenType.BEARER)
        .expiresIn((int) lifetime.toSeconds())
        .refreshToken(refresh)
        .build());
  }

  private static Reply withScope(Grant grant, String scope, Supplier<Reply> answer) {
    if (!grant.scopes().contains(scope)) {
      return insufficientScope(scope);
    }
    return answer.get();
  }

  private static Reply insufficientScope(String scope) {
    return oauthError(403, OAuthErrorCode.INSUFFICIENT_SCOPE, "The access token requires the scope " + scope + ".")
        .withHeader("WWW-Authenticate", "Bearer error=\"insufficient_scope\", scope=\"" + scope + "\"");
  }

  // ---- fast API keys ----

  /** The scope a permission needs: {@code trades_modify} needs {@code account.fast-api-key:trades-modify}. */
  static String scopeOf(String permission) {
    return "account.fast-api-key:" + permission.replace('_', '-');
  }

  /**
   * The write scope, then the scope of each permission {@code wanted} sets to {@code true}; the
   * first one the token lacks, or null when it has them all.
   */
  private static String missingScope(Grant grant, FastApiKeyPermissions wanted) {
    if (!grant.scopes().contains(WRITE)) {
      return WRITE;
    }
    for (Map.Entry<String, Boolean> permission : flags(wanted).entrySet()) {
      if (Boolean.TRUE.equals(permission.getValue()) && !grant.scopes().contains(scopeOf(permission.getKey()))) {
        return scopeOf(permission.getKey());
      }
    }
    return null;
  }

  /** The permissions of {@code permissions} by the contract's names; a permission not given is null. */
  private static Map<String, Boolean> flags(FastApiKeyPermissions permissions) {
    Map<String, Boolean> flags = new LinkedHashMap<>();
    if (permissions == null) {
      return flags;
    }
    flags.put("export_data", permissions.exportData());
    flags.put("funds_add", permissions.fundsAdd());
    flags.put("funds_earn", permissions.fundsEarn());
    flags.put("funds_query", permissions.fundsQuery());
    flags.put("funds_withdraw", permissions.fundsWithdraw());
    flags.put("ledger_query", permissions.ledgerQuery());
    flags.put("trades_close", permissions.tradesClose());
    flags.put("trades_modify", permissions.tradesModify());
    flags.put("trades_query_closed", permissions.tradesQueryClosed());
    flags.put("trades_query_open", permissions.tradesQueryOpen());
    return flags;
  }

  /** {@code held}, changed by each permission {@code change} sets; one it leaves null stays as it is. */
  private static Set<SpotKeyPermission> apply(Set<SpotKeyPermission> held, FastApiKeyPermissions change) {
    EnumSet<SpotKeyPermission> result = EnumSet.noneOf(SpotKeyPermission.class);
    result.addAll(held);
    flags(change).forEach((name, granted) -> {
      if (Boolean.TRUE.equals(granted)) {
        result.add(PERMISSIONS.get(name));
      } else if (Boolean.FALSE.equals(granted)) {
        result.remove(PERMISSIONS.get(name));
      }
    });
    return result;
  }

  /** Every permission of the contract, {@code true} where {@code held} has its Spot permission. */
  private static FastApiKeyPermissions permissionsOf(Set<SpotKeyPermission> held) {
    Map<String, Boolean> on = new HashMap<>();
    PERMISSIONS.forEach((name, permission) -> on.put(name, held.contains(permission)));
    return FastApiKeyPermissions.builder()
        .exportData(on.get("export_data"))
        .fundsAdd(on.get("funds_add"))
        .fundsEarn(on.get("funds_earn"))
        .fundsQuery(on.get("funds_query"))
        .fundsWithdraw(on.get("funds_withdraw"))
        .ledgerQuery(on.get("ledger_query"))
        .tradesClose(on.get("trades_close"))
        .tradesModify(on.get("trades_modify"))
        .tradesQueryClosed(on.get("trades_query_closed"))
        .tradesQueryOpen(on.get("trades_query_open"))
        .build();
  }

  private static Reply unknownKey(String name) {
    return oauthError(400, OAuthErrorCode.INVALID_REQUEST, "The user has no fast API key named " + name + ".");
  }

  private static Reply nameTaken(String name) {
    return oauthError(400, OAuthErrorCode.INVALID_REQUEST, "A fast API key named " + name + " already exists.");
  }

  private Reply createFastApiKey(Grant grant, FastApiKeySettings settings) {
    String missing = missingScope(grant, settings.permissions());
    if (missing != null) {
      return insufficientScope(missing);
    }
    Instant now = now();
    synchronized (this) {
      if (fastKeys.containsKey(settings.apiKeyName())) {
        return nameTaken(settings.apiKeyName());
      }
      Set<SpotKeyPermission> permissions = apply(Set.of(), settings.permissions());
      SandboxKey spotKey = spot.issueFastKey(settings.apiKeyName(), permissions);
      FastKey key = new FastKey(settings.apiKeyName(), spotKey, grant.clientId(),
          settings.ipAllowlist() == null ? List.of() : settings.ipAllowlist(),
          settings.nonceWindow() == null ? 0L : settings.nonceWindow(), permissions,
          orZero(settings.queryFrom()), orZero(settings.queryTo()), orZero(settings.validUntil()), now, now);
      fastKeys.put(key.name(), key);
      FastApiKey shown = shown(key);
      CreatedFastApiKey created = CreatedFastApiKey.builder()
          .apiKey(shown.apiKey())
          .apiKeyName(shown.apiKeyName())
          .createdTime(shown.createdTime())
          .id(shown.id())
          .ipAllowlist(shown.ipAllowlist())
          .lastUsed(shown.lastUsed())
          .modifiedTime(shown.modifiedTime())
          .nonce(shown.nonce())
          .nonceWindow(shown.nonceWindow())
          .oauthClient(shown.oauthClient())
          .permissions(shown.permissions())
          .purpose(shown.purpose())
          .queryFrom(shown.queryFrom())
          .queryTo(shown.queryTo())
          .validUntil(shown.validUntil())
          .secret(spotKey.secret())
          .build();
      return Reply.answer(200, CreatedFastApiKeyResponse.builder().result(created).build());
    }
  }

  private Reply updateFastApiKey(Grant grant, FastApiKeyChange change) {
    String missing = missingScope(grant, change.permissions());
    if (missing != null) {
      return insufficientScope(missing);
    }
    synchronized (this) {
      FastKey current = fastKeys.get(change.apiKeyName());
      if (current == null) {
        return unknownKey(change.apiKeyName());
      }
      String name = change.newApiKeyName() == null ? current.name() : change.newApiKeyName();
      if (!name.equals(current.name()) && fastKeys.containsKey(name)) {
        return nameTaken(name);
      }
      Set<SpotKeyPermission> permissions = apply(current.permissions(), change.permissions());
      FastKey changed = new FastKey(name, current.spotKey(), current.clientId(),
          change.ipAllowlist() == null ? current.ipAllowlist() : change.ipAllowlist(),
          change.nonceWindow() == null ? current.nonceWindow() : change.nonceWindow(), permissions,
          change.queryFrom() == null ? current.queryFrom() : change.queryFrom(),
          change.queryTo() == null ? current.queryTo() : change.queryTo(),
          change.validUntil() == null ? current.validUntil() : change.validUntil(), current.created(), now());
      fastKeys.remove(current.name());
      fastKeys.put(name, changed);
      spot.changeKey(current.spotKey(), name, permissions);
      return Reply.answer(200, BooleanResultResponse.builder().result(true).build());
    }
  }

  private Reply deleteFastApiKey(FastApiKeyDeletion deletion) {
    synchronized (this) {
      FastKey removed = fastKeys.remove(deletion.apiKeyName());
      if (removed == null) {
        return unknownKey(deletion.apiKeyName());
      }
      spot.revokeKey(removed.spotKey());
      return Reply.answer(200, BooleanResultResponse.builder().result(true).build());
    }
  }

  private void seedFastKey(String name, List<String> ipAllowlist, long nonceWindow, Set<SpotKeyPermission> permissions,
      double queryFrom, double queryTo, double validUntil) {
    Instant now = now();
    SandboxKey spotKey = spot.issueFastKey(name, permissions);
    synchronized (this) {
      fastKeys.put(name, new FastKey(name, spotKey, Seed.CONFIDENTIAL_CLIENT_ID, ipAllowlist, nonceWindow,
          permissions, queryFrom, queryTo, validUntil, now, now));
    }
  }

  private Instant now() {
    return settings.clock().instant().truncatedTo(ChronoUnit.SECONDS);
  }

  private static double orZero(Double value) {
    return value == null ? 0.0 : value;
  }

  /** The key as the listing shows it. Guarded by {@code this}. */
  private FastApiKey shown(FastKey key) {
    long nonce = spot.lastNonce(key.spotKey());
    return FastApiKey.builder()
        .apiKey(key.spotKey().key())
        .apiKeyName(key.name())
        .createdTime(key.created().toString())
        .id(id(key.name()))
        .ipAllowlist(key.ipAllowlist())
        .lastUsed(0.0)
        .modifiedTime(key.modified().toString())
        .nonce(nonce)
        .nonceWindow(key.nonceWindow())
        .oauthClient(key.clientId())
        .permissions(permissionsOf(key.permissions()))
        .purpose(FastApiKeyPurpose.STANDARD)
        .queryFrom(key.queryFrom())
        .queryTo(key.queryTo())
        .validUntil(key.validUntil())
        .build();
  }

  private synchronized List<FastApiKey> fastApiKeys() {
    return fastKeys.values().stream().map(this::shown).toList();
  }

  /** The key name in the service's modified Base64 alphabet ({@code _ ,} for {@code + /}, {@code -} padding). */
  public static String id(String name) {
    return Base64.getEncoder().encodeToString(name.getBytes(StandardCharsets.UTF_8))
        .replace('+', '_').replace('/', ',').replace('=', '-');
  }

  /** Registers another client (the control plane's createOAuthClient); a confidential one gets a secret. */
  public Client registerClient(boolean confidential, List<String> redirectUris) {
    String id = "sandbox-client-" + (clients.size() + 1) + "-" + Secrets.randomToken(6);
    Client client = new Client(id, confidential ? Secrets.randomToken(32) : null, List.copyOf(redirectUris));
    clients.put(id, client);
    return client;
  }

  // ---- state document (export, import, reset) ----

  /**
   * This family's state for the state document: registered clients, authorization codes, access
   * and refresh tokens (so that a client signed in before an export stays signed in after the
   * import) and the fast API keys minted through OAuth.
   */
  public StatePart state() {
    return StatePart.of(this, "clients", "codes", "accessTokens", "refreshTokens", "fastKeys");
  }
}
