package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.http.ContractValidator;
import io.github.krakensdk.sandbox.internal.http.ResponseCheck;
import io.github.krakensdk.sandbox.internal.SandboxTime;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.Settings;
import io.github.krakensdk.sandbox.internal.embed.EmbedEarn;
import io.github.krakensdk.sandbox.internal.embed.EmbedFamily;
import io.github.krakensdk.sandbox.internal.embed.EmbedReports;
import io.github.krakensdk.sandbox.internal.embed.EmbedState;
import io.github.krakensdk.sandbox.internal.embed.EmbedUser;
import io.github.krakensdk.sandbox.internal.futures.FuturesFamily;
import io.github.krakensdk.sandbox.internal.http.Family;
import io.github.krakensdk.sandbox.internal.http.LoopbackHttp;
import io.github.krakensdk.sandbox.internal.http.Nonces;
import io.github.krakensdk.sandbox.internal.http.Router;
import io.github.krakensdk.sandbox.internal.oauth.OAuthFamily;
import io.github.krakensdk.sandbox.internal.spot.SpotFamily;
import io.github.krakensdk.sandbox.internal.spot.funding.Earn;
import io.github.krakensdk.sandbox.internal.ws.SpotWebSocketServer;
import io.github.krakensdk.sandbox.internal.ws.unified.DerivativesMarket;

import com.sun.net.httpserver.HttpServer;
import io.github.krakensdk.Environment;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.oauth.InMemoryTokenStore;
import io.github.krakensdk.embed.internal.model.UserProfileUpdate;
import io.github.krakensdk.embed.model.Webhook;
import io.github.krakensdk.futures.model.AssignmentParticipant;
import io.github.krakensdk.futures.model.SelfTradeStrategy;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.runtime.call.TimeSource;
import io.github.krakensdk.sandbox.internal.control.ControlPlane;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingException;
import java.net.URI;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Cipher;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;

/**
 * An embedded, stateful stand-in for Kraken's Spot, Futures, OAuth and Embed APIs, on the loopback
 * interface, driven by the SDK's contract: every request is checked against the YAML, signatures
 * and nonces are verified for the keys the sandbox issued, and each family keeps the states and
 * rules of the source (Earn deallocations, withdrawals, webhooks, Auto-Earn, OAuth grants,
 * portfolio history, futures history, ...).
 *
 * <pre>{@code
 * try (Sandbox sandbox = Sandbox.builder().start();
 *      KrakenClient kraken = sandbox.newClient()) {
 *   Map<String, AssetInfo> assets = kraken.spot().listAssets(r -> r.asset("XBT,ETH"));
 * }
 * }</pre>
 *
 * <p>One server and one port serve every family: Spot at {@code /0/...}, OAuth at {@code
 * /oauth/...}, Embed at {@code /b2b/...}, Futures at {@code /derivatives/api/v3/...} and the demo
 * futures base at {@code /demo-futures/derivatives/api/v3/...}; {@link #environment()} points an
 * SDK client at them. {@link #credentials()} holds the demo keys and clients, the same on every run.
 *
 * <p>Time runs on the {@link Builder#clock clock} given (a {@link MutableClock} in tests): token
 * lifetimes, the completion of Earn deallocations and the Auto-Earn switch are read from it, never
 * from timers, so a test moves the clock instead of waiting. Instances are thread-safe.
 *
 * <p>Rate limits: each Spot key has a verification tier and permissions ({@link #newSpotKey()});
 * the sandbox keeps each key's REST call counter on its clock and answers {@code EAPI:Rate limit
 * exceeded} and {@code EGeneral:Permission denied} as the service does. A client paces itself by
 * that counter; on {@link #timeSource()} (what {@link #newClientBuilder()} sets) its waits move
 * the sandbox's clock instead of sleeping, so that a paced burst takes no real time.
 */
public final class Sandbox implements Closeable {
  private static final Map<Family, ContractValidator> CONTRACTS = new EnumMap<>(Family.class);

  private final Settings settings;
  private final SandboxTime time;
  private final HttpServer server;
  private final ExecutorService executor;
  private final OkHttpClient webhookHttp;
  private final SpotFamily spot;
  private final FuturesFamily futures;
  private final OAuthFamily oauth;
  private final EmbedFamily embed;
  private final ResponseCheck responseCheck;
  private final Nonces nonces;
  private final HttpUrl baseUrl;
  /** The derivatives market the Unified WebSocket serves; its collateral is the Spot exchange's USD. */
  private final DerivativesMarket derivatives;
  /** Spot WebSocket v2 on its own port; started last, stopped first. */
  private final SpotWebSocketServer webSocket;

  private Sandbox(Builder builder) throws IOException {
    this.time = new SandboxTime(builder.clock);
    this.settings = new Settings(time.clock(), builder.earnCompletionDelay, builder.autoEarnSwitchDelay,
        builder.webhookTimeout, builder.spotRateLimits, builder.withdrawalStep, builder.embedVerificationDelay);
    Map<Family, ContractValidator> contracts = contracts();
    this.nonces = new Nonces();
    this.webhookHttp = new OkHttpClient.Builder()
        .connectTimeout(builder.webhookTimeout).readTimeout(builder.webhookTimeout)
        .callTimeout(builder.webhookTimeout).followRedirects(false).build();
    this.server = LoopbackHttp.create(builder.port);
    this.baseUrl = HttpUrl.get("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    this.spot = new SpotFamily(contracts.get(Family.SPOT), settings, nonces);
    this.futures = new FuturesFamily(contracts.get(Family.FUTURES), settings, nonces, settings.clock().instant());
    this.oauth = new OAuthFamily(contracts.get(Family.OAUTH), settings, builder.redirectUris, spot);
    this.embed = new EmbedFamily(contracts.get(Family.EMBED), settings, nonces, webhookHttp, baseUrl::toString);
    this.responseCheck = builder.checkResponses ? new ResponseCheck(contracts) : null;
    this.derivatives = new DerivativesMarket(spot.exchange(), settings.clock());
    this.executor = Executors.newFixedThreadPool(builder.threads, new DaemonThreads());
    server.setExecutor(executor);
    server.createContext("/", new Router(spot, futures, oauth, embed, responseCheck, settings.clock(),
        this::describe));
    server.createContext(ControlPlane.PREFIX, new ControlPlane(this)); // the control plane, sandbox.yaml
    this.seedState = state().export(); // what reset restores
    server.start();
    boolean implied = builder.webSocketPort < 0;
    int webSocketPort = !implied ? builder.webSocketPort
        : builder.port != 0 && builder.port < 65535 ? builder.port + 1 : 0;
    try {
      this.webSocket = startWebSocket(webSocketPort, implied, builder.webSocketIdleTimeout);
    } catch (RuntimeException e) {
      server.stop(0);
      executor.shutdownNow();
      throw e;
    }
  }

  /** The WebSocket server; the HTTP port plus one, when only implied and taken, gives way to a free port. */
  private SpotWebSocketServer startWebSocket(int port, boolean implied, Duration idleTimeout) {
    SpotWebSocketServer.Tokens tokens = token -> spot.webSocketsTokenKey(token).isPresent()
        ? spot.exchange().webSocketsTokenAccount(token) : Optional.empty();
    try {
      return SpotWebSocketServer.start(port, spot.exchange(), tokens, spot::balances, settings.clock(), idleTimeout,
          derivatives);
    } catch (UncheckedIOException e) {
      if (!implied || port == 0) {
        throw e;
      }
      return SpotWebSocketServer.start(0, spot.exchange(), tokens, spot::balances, settings.clock(), idleTimeout,
          derivatives);
    }
  }

  /** Starts configuring a sandbox: a free port, the system clock, short delays. */
  public static Builder builder() {
    return new Builder();
  }

  /** The contracts, read and prepared once per process: they never change and are thread-safe to use. */
  private static Map<Family, ContractValidator> contracts() {
    synchronized (CONTRACTS) {
      for (Family family : Family.values()) {
        CONTRACTS.computeIfAbsent(family, ContractValidator::load);
      }
      return new EnumMap<>(CONTRACTS);
    }
  }

  /** {@code http://127.0.0.1:<port>/}. */
  public URI baseUrl() {
    return baseUrl.uri();
  }

  public int port() {
    return baseUrl.port();
  }

  /**
   * Spot WebSocket v2's public endpoint on this sandbox, {@code ws://127.0.0.1:<port>/v2} (the
   * service's {@code wss://ws.kraken.com/v2}): {@code book}, {@code ticker}, {@code ohlc},
   * {@code trade} and {@code instrument}, streamed from the sandbox's own exchange.
   *
   * <pre>{@code
   * okHttp.newWebSocket(new Request.Builder().url(sandbox.spotWebSocketUrl().toString()).build(), listener);
   * // {"method":"subscribe","params":{"channel":"book","symbol":["BTC/USD"]},"req_id":1}
   * }</pre>
   *
   * @since 1.1.0
   */
  public URI spotWebSocketUrl() {
    return webSocket.publicUrl();
  }

  /**
   * Spot WebSocket v2's authenticated endpoint, {@code ws://127.0.0.1:<port>/auth/v2} (the service's
   * {@code wss://ws-auth.kraken.com/v2}): {@code executions} and {@code balances} of the account
   * whose key asked GetWebSocketsToken for the {@code params.token} sent.
   *
   * @since 1.1.0
   */
  public URI spotWebSocketAuthUrl() {
    return webSocket.privateUrl();
  }

  /**
   * Spot WebSocket v2's level-3 endpoint, {@code ws://127.0.0.1:<port>/l3/v2} (the service's {@code
   * wss://ws-l3.kraken.com/v2}): {@code level3}, with a token.
   *
   * @since 1.1.0
   */
  public URI spotWebSocketLevel3Url() {
    return webSocket.level3Url();
  }

  /**
   * The Unified WebSocket's public endpoint on this sandbox, {@code
   * ws://127.0.0.1:<port>/unified/v2/public} (the service's {@code wss://uws.kraken.com/v2/public}):
   * {@code book}, {@code ticker}, {@code trade} and {@code instrument} of the sandbox's derivatives
   * contracts ({@code PF_XBTUSD}, {@code PF_ETHUSD}, {@code PF_SOLUSD}), each subscription with
   * {@code "asset_class":"derivatives"}.
   *
   * @since 1.1.0
   */
  public URI unifiedWebSocketPublicUrl() {
    return webSocket.unifiedPublicUrl();
  }

  /**
   * The Unified WebSocket's private endpoint on this sandbox, {@code
   * ws://127.0.0.1:<port>/unified/v2/private} (the service's {@code wss://uws.kraken.com/v2/private}):
   * {@code executions}, {@code balances}, {@code margin}, {@code positions}, {@code ledgers} and
   * {@code add_order}, {@code amend_order}, {@code cancel_order}, {@code cancel_all} on the
   * derivatives contracts, each request with a Spot GetWebSocketsToken token in {@code params.token}.
   *
   * <pre>{@code
   * String token = kraken.spot().getWebSocketsToken(GetWebSocketsTokenRequest.builder().build()).token();
   * okHttp.newWebSocket(new Request.Builder().url(sandbox.unifiedWebSocketPrivateUrl().toString()).build(), listener);
   * // {"method":"subscribe","params":{"channel":"positions","asset_class":"derivatives","token":"..."}}
   * }</pre>
   *
   * @since 1.1.0
   */
  public URI unifiedWebSocketPrivateUrl() {
    return webSocket.unifiedPrivateUrl();
  }

  /**
   * Every WebSocket endpoint of this sandbox, keyed by the name kraken-websocket's {@code
   * WebSocketEndpoint} gives it ({@code SPOT_PUBLIC}, {@code SPOT_PRIVATE}, {@code SPOT_LEVEL3},
   * {@code UNIFIED_PUBLIC}, {@code UNIFIED_PRIVATE}), in that order: what the typed WebSocket
   * client needs to point at the sandbox in one call.
   *
   * <pre>{@code
   * KrakenWebSocketClient ws = KrakenWebSocketClient.builder()
   *     .environment(WebSocketEnvironment.of(sandbox.webSocketUrls()))
   *     .tokenSource(TokenSource.spot(kraken))
   *     .build();
   * }</pre>
   *
   * @since 1.1.0
   */
  public Map<String, URI> webSocketUrls() {
    Map<String, URI> urls = new LinkedHashMap<>();
    urls.put("SPOT_PUBLIC", spotWebSocketUrl());
    urls.put("SPOT_PRIVATE", spotWebSocketAuthUrl());
    urls.put("SPOT_LEVEL3", spotWebSocketLevel3Url());
    urls.put("UNIFIED_PUBLIC", unifiedWebSocketPublicUrl());
    urls.put("UNIFIED_PRIVATE", unifiedWebSocketPrivateUrl());
    return Collections.unmodifiableMap(urls);
  }

  /**
   * The port of the WebSocket server: {@link Builder#webSocketPort} if set, else the HTTP port plus
   * one when that was chosen (a free one if that is taken), else a free one.
   *
   * @since 1.1.0
   */
  public int webSocketPort() {
    return webSocket.port();
  }

  /** Where the browser step of the OAuth flow goes; {@link #environment()} carries it. */
  private HttpUrl authorizeUrl() {
    return baseUrl.resolve("oauth/authorize");
  }

  /** Base URLs of the four families on this sandbox, for {@code KrakenClient.builder().environment(...)}. */
  public Environment environment() {
    return Environment.PRODUCTION.toBuilder()
        .spot(baseUrl.toString())
        .futures(baseUrl + "derivatives/api/v3/")
        .futuresDemo(baseUrl + "demo-futures/derivatives/api/v3/")
        .oauth(baseUrl.toString())
        .oauthAuthorize(authorizeUrl().toString()) // instead of https://id.kraken.com/oauth/authorize
        .embed(baseUrl.toString())
        .build();
  }

  /** The demo keys, OAuth clients, user and webhooks. */
  public SandboxCredentials credentials() {
    return SandboxCredentials.DEMO;
  }

  /**
   * The sandbox's clock: the {@link Builder#clock clock} given, a {@link MutableClock} as it is;
   * any other clock (the system clock by default) runs ahead of it by the time clients waited on
   * {@link #timeSource()}.
   */
  public Clock clock() {
    return settings.clock();
  }

  /**
   * A time source on the sandbox's clock, for {@code KrakenClient.Builder.timeSource}: a client's
   * waits (pacing by the REST call counter, retry delays) move the sandbox's clock on instead of
   * sleeping, and the sandbox's counters decay by exactly that much. {@link #newClientBuilder()}
   * uses it.
   */
  public TimeSource timeSource() {
    return time;
  }

  /**
   * A client builder for this sandbox: its environment, the demo Spot, Futures (full access) and
   * Embed keys, the confidential OAuth client with a fresh in-memory token store, and the
   * sandbox's {@link #timeSource()} (the demo Spot key is Starter, the client's default tier).
   */
  public KrakenClient.Builder newClientBuilder() {
    SandboxCredentials demo = credentials();
    return KrakenClient.builder()
        .environment(environment())
        .timeSource(timeSource())
        .spotCredentials(demo.spot().credentials())
        .futuresCredentials(demo.futures().credentials())
        .embedCredentials(demo.embed().credentials())
        .oauth(demo.oauthConfidentialClient(), new InMemoryTokenStore());
  }

  /** {@link #newClientBuilder()}, built. Close the client when done. */
  public KrakenClient newClient() {
    return newClientBuilder().build();
  }

  /**
   * Issues another Spot key of the test user's account: Starter, every permission, nonces and a
   * call counter of its own. {@link #newSpotKey()} chooses the tier and permissions.
   *
   * @deprecated Use {@code spot().newKey().issue()} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public SandboxKey issueSpotKey() {
    return newSpotKey().issue();
  }

  /**
   * Starts a Spot key of the test user's account with a chosen tier and permissions.
   *
   * @deprecated Use {@link #spot()}{@code .newKey()} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public SpotKeyBuilder newSpotKey() {
    return new SpotKeyBuilder(spot);
  }

  /**
   * The verification tier of a Spot key of this sandbox (the demo key's is Starter).
   *
   * @deprecated Use {@code spot().key(key.key()).tier()} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public SpotRateTier spotKeyTier(SandboxKey key) {
    return spot.issued(Objects.requireNonNull(key, "key == null")).counter().tier();
  }

  /**
   * The permissions of a Spot key of this sandbox (the demo key has every one).
   *
   * @deprecated Use {@code spot().key(key.key()).permissions()} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public Set<SpotKeyPermission> spotKeyPermissions(SandboxKey key) {
    return spot.issued(Objects.requireNonNull(key, "key == null")).permissions();
  }

  /**
   * A Spot key's REST call counter now, on the sandbox's clock, as the service would keep it.
   *
   * @deprecated Use {@code spot().key(key.key()).callCounter()} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public BigDecimal spotCallCounter(SandboxKey key) {
    return spot.issued(Objects.requireNonNull(key, "key == null")).counter().valueAt(settings.clock().instant());
  }

  /**
   * Issues another key of the demo Embed partner (same users and webhooks, nonces of its own).
   *
   * @deprecated Use {@code embed().newKey()} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public SandboxKey issueEmbedKey() {
    return embed.issueKey();
  }

  /**
   * Points a webhook at {@code url}, as a partner registers it on the service's dashboard (the API
   * cannot change it). By default each webhook points at the sandbox's own receiver, {@code
   * /sandbox/webhooks/{id}}, which verifies the signature and answers {@code {"received":true}}.
   *
   * @deprecated Use {@code embed().setWebhookUrl(webhookId, URI)} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public void setWebhookUrl(String webhookId, String url) {
    HttpUrl parsed = HttpUrl.parse(Objects.requireNonNull(url, "url == null"));
    if (parsed == null) {
      throw new IllegalArgumentException("url must be an http or https URL (was " + url + ")");
    }
    embed.setWebhookUrl(Objects.requireNonNull(webhookId, "webhookId == null"), url);
  }

  /**
   * The confidential client's secret as the service delivers it: RSA-encrypted with {@code
   * publicKey} (PKCS#1 v1.5 padding) and Base64-encoded, for {@code
   * ClientCredentials.confidentialFromEncryptedSecret}.
   *
   * @deprecated Use {@link #oauth()}{@code .}{@link OAuthControls#encryptedClientSecret(PublicKey) encryptedClientSecret(publicKey)}.
   */
  @Deprecated
  public String encryptedClientSecret(PublicKey publicKey) throws GeneralSecurityException {
    Objects.requireNonNull(publicKey, "publicKey == null");
    Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding");
    cipher.init(Cipher.ENCRYPT_MODE, publicKey);
    byte[] encrypted = cipher.doFinal(Seed.CONFIDENTIAL_CLIENT_SECRET.getBytes(StandardCharsets.UTF_8));
    return Base64.getEncoder().encodeToString(encrypted);
  }

  // ---- state, for tests to look at what the API does not show ----

  /**
   * How many signed requests were refused for their nonce (Spot, Futures and Embed together); the
   * control plane's {@code getNonceRejections}.
   */
  public long nonceRejections() {
    return nonces.rejected();
  }

  /**
   * The amount allocated to an Earn strategy of the test user.
   *
   * @deprecated Use {@link #spot()}{@code .}{@link SpotControls#earnAllocation(String) earnAllocation(strategyId)}{@code .allocated()}.
   */
  @Deprecated
  public BigDecimal earnAllocated(String strategyId) {
    return spot.earnAllocation(strategyId)[0];
  }

  /**
   * Another participant of the exchange trades against the demo account's resting Spot order
   * {@code txid}: {@code fraction} (above 0, at most 1) of its remaining volume fills at the
   * order's price, the account being maker. Shows a partial fill on demand, as the tour does:
   *
   * <pre>{@code
   * String txid = kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.BUY)...).txid();
   * List<String> trades = sandbox.fillSpotOrder(txid, new BigDecimal("0.4")); // 40 % filled
   * }</pre>
   *
   * @return the ids of the account's new trades
   *
   * @deprecated Use {@code spot().fill(txid, fraction)} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public List<String> fillSpotOrder(String txid, BigDecimal fraction) {
    return spot.exchange().takeFromOrder(Objects.requireNonNull(txid, "txid == null"),
        Objects.requireNonNull(fraction, "fraction == null"));
  }

  /**
   * The Spot key a WebSocket token (from {@code getWebSocketsToken}) was handed to, while it may
   * still be used to connect: 15 minutes on the sandbox's clock, as on the service. Empty for a
   * token the sandbox never handed out or one past that window.
   *
   * @deprecated Use {@link #spot()}{@code .}{@link SpotControls#webSocketsTokenKey(String) webSocketsTokenKey(token)}.
   */
  @Deprecated
  public Optional<SandboxKey> webSocketsTokenKey(String token) {
    return spot.webSocketsTokenKey(Objects.requireNonNull(token, "token == null"));
  }

  /**
   * The pending amount of an Earn strategy: negative while a deallocation is in progress, positive
   * while an allocation is, else zero.
   *
   * @deprecated Use {@link #spot()}{@code .}{@link SpotControls#earnAllocation(String) earnAllocation(strategyId)}{@code .pending()}.
   */
  @Deprecated
  public BigDecimal earnPending(String strategyId) {
    return spot.earnAllocation(strategyId)[1];
  }

  /**
   * A withdrawal's state: {@code INITIAL}, {@code PENDING}, {@code SETTLED}, {@code SUCCESS}, {@code
   * FAILURE} or {@code CANCELLED}. The seeded ones keep theirs until cancelled; new ones move on the clock.
   *
   * @deprecated Use {@code spot().withdrawalState(refid)}, a {@link SpotFundingState} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public String withdrawalState(String refid) {
    return spot.withdrawal(refid).name();
  }

  /**
   * A deposit arriving on the test user's account, as a blockchain or bank would send it: DepositStatus
   * shows it {@code Settled} (received, confirming) at once and {@code Success} ten minutes later on
   * the sandbox clock, when the balance is credited. A method with addresses pays to the newest
   * address DepositAddresses gave (one is generated if there is none).
   *
   * <pre>{@code
   * String refid = sandbox.arriveDeposit("XBT", "Bitcoin", new BigDecimal("0.5"));
   * }</pre>
   *
   * @param asset any of the asset's names ({@code XBT}, {@code XXBT}, {@code BTC}).
   * @param method a deposit method of the asset, as DepositMethods lists it.
   * @return the deposit's reference id, as DepositStatus shows it.
   * @throws IllegalArgumentException for an unknown asset or a non-positive amount.
   *
   * @deprecated Use {@code spot().arriveDeposit(asset, method, amount)}, a {@link SpotDeposit} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public String arriveDeposit(String asset, String method, BigDecimal amount) {
    Objects.requireNonNull(asset, "asset == null");
    Objects.requireNonNull(method, "method == null");
    try {
      return spot.arriveDeposit(asset, method, amount);
    } catch (FundingException e) {
      throw new IllegalArgumentException(method + " is not a deposit method of " + asset, e);
    }
  }

  /**
   * A deposit's status now: {@code Settled}, {@code Success} or {@code Failure}.
   *
   * @deprecated Use {@code spot().depositState(refid)}, a {@link SpotFundingState} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public String depositState(String refid) {
    return spot.depositState(Objects.requireNonNull(refid, "refid == null"));
  }

  /**
   * The IIBAN of a subaccount the test user created with CreateSubaccount (what Kraken's site shows
   * a master account), for AccountTransfer's {@code from} and {@code to}.
   *
   * @throws IllegalArgumentException if the test user has no subaccount of that username.
   *
   * @deprecated Use {@code spot().subaccount(username).iiban()} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public String subaccountIiban(String username) {
    return spot.subaccount(username).iiban();
  }

  /**
   * The balances of a subaccount of the test user, by internal asset name ({@code XXBT}).
   *
   * @deprecated Use {@code spot().subaccount(username).balances()} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public Map<String, BigDecimal> subaccountBalances(String username) {
    return spot.subaccountBalances(username);
  }

  /**
   * The test account's self-trade strategy now.
   *
   * @deprecated Use {@link #futures()}{@code .}{@link FuturesControls#selfTradeStrategy() selfTradeStrategy()}.
   */
  @Deprecated
  public SelfTradeStrategy selfTradeStrategy() {
    return futures.currentSelfTradeStrategy();
  }

  /**
   * The test account's assignment preferences, by their IDs.
   *
   * @deprecated Use {@link #futures()}{@code .}{@link FuturesControls#assignmentPreferences() assignmentPreferences()}.
   */
  @Deprecated
  public Map<Long, AssignmentParticipant> assignmentPreferences() {
    return futures.assignmentPreferences();
  }

  /**
   * An Embed user's stored profile (the control plane's {@code getEmbedUserProfile}). Not on {@link EmbedControls}: its type is the SDK's request
   * body, which 1.0.0 published here; a typed profile of the sandbox's own would replace it.
   */
  public UserProfileUpdate userProfile(String iiban) {
    return embed.profile(iiban);
  }

  /**
   * A webhook as its owner sees it.
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#webhook(String) webhook(webhookId)}.
   */
  @Deprecated
  public Webhook webhook(String webhookId) {
    return embed.webhook(webhookId);
  }

  /**
   * Whether Auto-Earn is on for an Embed user now.
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#autoEarnEnabled(String) autoEarnEnabled(iiban)}.
   */
  @Deprecated
  public boolean autoEarnEnabled(String iiban) {
    return embed.autoEarnEnabled(iiban);
  }

  /**
   * Moves the sandbox's Embed price of {@code asset} (USD per unit; seeded: BTC, ETH, SOL, USDC,
   * EUR, USD). Quotes are priced from it, and custom orders whose trigger the new price crosses
   * execute.
   *
   * @deprecated Use {@code embed().setPrice(asset, usdPerUnit)} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public void setEmbedPrice(String asset, BigDecimal usdPerUnit) {
    embed.state.setUsdPrice(Objects.requireNonNull(asset, "asset == null"),
        Objects.requireNonNull(usdPerUnit, "usdPerUnit == null"));
  }

  // ---- embed: users, subaccounts and verifications ----

  /**
   * Whether the Embed user {@code iiban} is verified now: a created user becomes verified once a
   * submitted verification has been pending for {@link Builder#embedVerificationDelay} on the
   * sandbox clock; seeded users and headless subaccounts are verified from the start.
   *
   * @deprecated Use {@code embed().verified(iiban)} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public boolean embedUserVerified(String iiban) {
    return embed.users.verified(Objects.requireNonNull(iiban, "iiban == null"));
  }

  /**
   * Disables the Embed user {@code iiban}, as the service does for compliance reasons: {@code
   * getUser} shows {@code disabled}, every write for the user gets 409 {@code ENexus:Conflict}, and
   * {@code user.disabled} is announced to the partner's webhooks.
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#disableUser(String) disableUser(iiban)}.
   */
  @Deprecated
  public void disableEmbedUser(String iiban) {
    embed.users.disable(Objects.requireNonNull(iiban, "iiban == null"));
  }

  /**
   * Closes the Embed user {@code iiban} for good: {@code getUser} shows {@code closed}, every write
   * for the user gets 409 {@code ENexus:Conflict}, and {@code user.closed} is announced.
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#closeUser(String) closeUser(iiban)}.
   */
  @Deprecated
  public void closeEmbedUser(String iiban) {
    embed.users.close(Objects.requireNonNull(iiban, "iiban == null"));
  }

  /** The types of the Embed events published so far about {@code iiban}, oldest first (for tests). */
  List<String> embedEventTypes(String iiban) {
    Objects.requireNonNull(iiban, "iiban == null");
    return embed.state.events().stream().filter(e -> iiban.equals(e.iiban())).map(EmbedState.Event::type).toList();
  }

  // ---- embed: assets ----

  // ---- embed: quotes ----

  /**
   * What the Embed user {@code iiban} (of any partner) holds now, by asset: what quotes executed,
   * deposits and withdrawals left. For example {@code sandbox.embedBalances(iiban).get("BTC")}.
   *
   * @deprecated Use {@code embed().balances(iiban)} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public Map<String, BigDecimal> embedBalances(String iiban) {
    Objects.requireNonNull(iiban, "iiban == null");
    synchronized (embed.state) {
      return Map.copyOf(embed.state.anyUser(iiban).balances);
    }
  }

  /**
   * The status of the Embed quote {@code quoteId} now, its expiry on the sandbox clock applied
   * ({@code new}, {@code accepted}, {@code expired}, {@code failed}); empty for an unknown ID.
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#quoteStatus(String) quoteStatus(quoteId)}, a {@code QuoteStatus}.
   */
  @Deprecated
  public Optional<String> embedQuoteStatus(String quoteId) {
    Objects.requireNonNull(quoteId, "quoteId == null");
    return Optional.ofNullable(embed.quotes.status(quoteId)).map(status -> status.value());
  }

  /** The shared Embed state, for the sandbox's own tests of the quotes group. */
  EmbedState embedQuotesState() {
    return embed.state;
  }

  // ---- embed: custom orders ----

  /**
   * The status of an Embed custom order now ({@code active}, {@code completed}, ...), or empty when there is none.
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#customOrderStatus(String) customOrderStatus(orderId)}, a {@code CustomOrderStatusValue}.
   */
  @Deprecated
  public Optional<String> embedCustomOrderStatus(String orderId) {
    Objects.requireNonNull(orderId, "orderId == null");
    return Optional.ofNullable(embed.customOrders.status(orderId)).map(status -> status.value());
  }

  // ---- embed: portfolio ----

  /**
   * Records a change of an Embed user's balance as the service's other operations would (a
   * {@code trade} leg, a {@code fee}, a {@code deposit}, a {@code withdrawal} or a {@code reward};
   * the legs of one trade share {@code reference}), at the sandbox clock's time. For tests and the
   * tour, e.g. to give the portfolio a trade without executing a quote:
   *
   * <pre>{@code
   * sandbox.moveEmbedBalance(iiban, "trade", "USD", new BigDecimal("-1000.00"), "Q1");
   * sandbox.moveEmbedBalance(iiban, "trade", "BTC", new BigDecimal("0.01028278"), "Q1");
   * }</pre>
   *
   * @return the movement's ID.
   * @throws IllegalStateException if the balance would go negative (nothing changes then).
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#moveBalance moveBalance(iiban, kind, asset, amount, reference)}, the kind an {@link EmbedMovementKind}.
   */
  @Deprecated
  public String moveEmbedBalance(String iiban, String kind, String asset, BigDecimal amount, String reference) {
    Objects.requireNonNull(iiban, "iiban == null");
    Objects.requireNonNull(kind, "kind == null");
    Objects.requireNonNull(asset, "asset == null");
    Objects.requireNonNull(amount, "amount == null");
    synchronized (embed.state) {
      EmbedUser user = embed.state.anyUser(iiban);
      return user.move("sandbox-" + kind + "-" + user.movements.size() + "-" + iiban, embed.state.instant(), kind,
          asset, amount, reference).id();
    }
  }

  /**
   * What an Embed user holds of {@code asset} now (zero when none).
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#balances(String) balances(iiban)}{@code .getOrDefault(asset, BigDecimal.ZERO)}.
   */
  @Deprecated
  public BigDecimal embedBalance(String iiban, String asset) {
    Objects.requireNonNull(iiban, "iiban == null");
    Objects.requireNonNull(asset, "asset == null");
    synchronized (embed.state) {
      EmbedUser user = embed.state.anyUser(iiban);
      EmbedEarn.payRewards(embed.state, user);
      return user.balance(asset);
    }
  }

  // ---- embed: earn ----

  /**
   * The Auto-Earn rewards announced ({@code reward.paid}) for an Embed user so far, oldest first,
   * each as {@code "<asset> <amount>"} ({@code "ETH 0.00230136"}). Rewards fall due on the sandbox
   * clock and are paid when the user's Earn, portfolio or reports are read.
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#rewardsPaid(String) rewardsPaid(iiban)}, each an {@code AssetAmount}.
   */
  @Deprecated
  public List<String> embedRewardsPaid(String iiban) {
    Objects.requireNonNull(iiban, "iiban == null");
    synchronized (embed.state) {
      EmbedEarn.payRewards(embed.state, embed.state.anyUser(iiban));
    }
    List<String> paid = new ArrayList<>();
    for (EmbedState.Event event : embed.state.events()) {
      if (event.type().equals("reward.paid") && iiban.equals(event.iiban())
          && event.data().get("amount") instanceof Map<?, ?> reward) {
        paid.add(reward.get("asset") + " " + reward.get("amount"));
      }
    }
    return paid;
  }

  // ---- embed: funds ----

  /**
   * A crypto deposit arriving for an Embed user at the user's newest deposit address of {@code
   * asset} (create one with {@code createDepositAddress} first): {@code pending} at once and
   * {@code success} one {@link Builder#withdrawalStep withdrawal step} later on the sandbox clock,
   * when the balance is credited. Each state is announced as {@code deposit.status_updated}.
   *
   * <pre>{@code
   * String refId = sandbox.embedDeposit(iiban, "BTC", new BigDecimal("0.25"));
   * }</pre>
   *
   * @return the deposit's {@code ref_id}, as {@code listPortfolioTransactions} shows it.
   * @throws IllegalArgumentException for an unknown user, a non-positive amount, or a user without
   *     a deposit address of the asset.
   * @throws IllegalStateException if the user is not verified, or is disabled or closed.
   *
   * @deprecated Use {@code embed().deposit(iiban, asset, amount)} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public String embedDeposit(String iiban, String asset, BigDecimal amount) {
    return embed.funds.deposit(Objects.requireNonNull(iiban, "iiban == null"),
        Objects.requireNonNull(asset, "asset == null"), Objects.requireNonNull(amount, "amount == null"));
  }

  /**
   * A crypto deposit arriving on the demo partner's own (master) account: {@code pending} at once
   * and {@code success} one {@link Builder#withdrawalStep withdrawal step} later on the sandbox
   * clock, each state announced as {@code deposit.status_updated} without a user. The partner's
   * own deposits and withdrawals are what {@code listFundingTransactions} lists.
   *
   * <pre>{@code
   * String refId = sandbox.embedPartnerDeposit("BTC", new BigDecimal("2"));
   * }</pre>
   *
   * @return the deposit's {@code ref_id}, as {@code listFundingTransactions} shows it.
   * @throws IllegalArgumentException for a non-positive amount.
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#partnerDeposit(String, BigDecimal) partnerDeposit(asset, amount)}.
   */
  @Deprecated
  public String embedPartnerDeposit(String asset, BigDecimal amount) {
    return embed.funds.partnerDeposit(EmbedFamily.DEMO_PARTNER, Objects.requireNonNull(asset, "asset == null"),
        Objects.requireNonNull(amount, "amount == null"));
  }

  /**
   * Saves a withdrawal destination for an Embed user under {@code key}, as the service's address
   * book does (the contract has no operation for it): {@code withdrawFunds} then takes {@code key}.
   *
   * @param methodId a withdrawal method of {@code asset}, as {@code listWithdrawalMethods} lists it.
   * @throws IllegalArgumentException for an unknown user, or a method that is not one of the asset's.
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#saveWithdrawalAddress saveWithdrawalAddress(iiban, asset, methodId, key, address)}.
   */
  @Deprecated
  public void saveEmbedWithdrawalAddress(String iiban, String asset, String methodId, String key, String address) {
    embed.funds.saveWithdrawalAddress(Objects.requireNonNull(iiban, "iiban == null"),
        Objects.requireNonNull(asset, "asset == null"), Objects.requireNonNull(methodId, "methodId == null"),
        Objects.requireNonNull(key, "key == null"), Objects.requireNonNull(address, "address == null"));
  }

  /**
   * An Embed user's balance of {@code asset} now, after the deposits and withdrawals due by the
   * sandbox clock.
   *
   * @throws IllegalArgumentException for an unknown user.
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#balances(String) balances(iiban)}{@code .getOrDefault(asset, BigDecimal.ZERO)}.
   */
  @Deprecated
  public BigDecimal embedFundsBalance(String iiban, String asset) {
    return embed.funds.balance(Objects.requireNonNull(iiban, "iiban == null"),
        Objects.requireNonNull(asset, "asset == null"));
  }

  /** The Embed state the funds group works on (tests). */
  EmbedState fundsState() {
    return embed.state;
  }

  /** The {@code deposit.*} and {@code withdrawal.*} events published so far, oldest first (tests). */
  List<EmbedState.Event> embedFundsEvents() {
    embed.funds.status("");
    return embed.state.events().stream()
        .filter(e -> e.type().startsWith("deposit.") || e.type().startsWith("withdrawal.")).toList();
  }

  /**
   * An Embed deposit's or withdrawal's status now ({@code initial}, {@code pending}, {@code
   * success}, ...), or null for an unknown {@code ref_id}.
   *
   * @deprecated Use {@code embed().transferStatus(refId)}, a typed status (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public String embedFundingStatus(String refId) {
    return embed.funds.status(Objects.requireNonNull(refId, "refId == null"));
  }

  // ---- embed: reports ----

  /**
   * The IDs of a partner's settlement reports as the demo partner sees them, newest first.
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#settlementReportIds() settlementReportIds()}.
   */
  @Deprecated
  public List<String> settlementReportIds() {
    return embed.reports.reports(new EmbedFamily.Partner("demo partner")).stream().map(EmbedReports.Report::id).toList();
  }

  // ---- embed: webhooks ----

  /**
   * Every delivery of an event to the webhook so far, oldest first, with each attempt (sandbox
   * clock) and the receiver's answer: what a test asserts retries with. A failed attempt is
   * retried 10 s, 30 s, 60 s, 120 s and 300 s after the event, on the sandbox's clock.
   *
   * @deprecated Use {@code embed().webhookDeliveries(webhookId)} (the same operation, typed, as the control plane runs it).
   */
  @Deprecated
  public List<WebhookDelivery> webhookDeliveries(String webhookId) {
    return embed.webhooks.deliveries(Objects.requireNonNull(webhookId, "webhookId == null"));
  }

  /**
   * The types of the events published for the demo partner (the tour's), oldest first: every state
   * change the service announces by webhook, whether or not a webhook was subscribed to it.
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#eventTypes() eventTypes()}, each a {@code WebhookEventType}.
   */
  @Deprecated
  public List<String> embedEventTypes() {
    return embed.webhooks.demoEventTypes();
  }

  /**
   * Announces a state change of the user {@code iiban} (of any partner) as the service would, for
   * a test of webhook receivers: it is delivered to every enabled webhook of the user's partner
   * subscribed to {@code eventType}. {@code data} holds the event's members besides
   * {@code event_type}, {@code id}, {@code iiban} and {@code timestamp}, written as JSON (decimals
   * as strings). Returns the event's {@code id}.
   *
   * @deprecated Use {@link #embed()}{@code .}{@link EmbedControls#publishEvent publishEvent(type, iiban, data)}, the type a {@code WebhookEventType}.
   */
  @Deprecated
  public String publishEmbedEvent(String eventType, String iiban, Map<String, Object> data) {
    return embed.webhooks.publish(Objects.requireNonNull(eventType, "eventType == null"),
        Objects.requireNonNull(iiban, "iiban == null"), Objects.requireNonNull(data, "data == null")).id();
  }

  // ---- embed: ramp ----

  /**
   * What the contract found wrong in the answers sent so far; empty unless the sandbox was built
   * with {@link Builder#checkResponses(boolean)} and answered something the YAML does not allow.
   */
  public List<String> responseProblems() {
    return responseCheck == null ? List.of() : responseCheck.problems();
  }

  /** The {@code "operationId status"} pairs whose answers were checked against the contract. */
  public Set<String> checkedResponses() {
    return responseCheck == null ? Set.of() : responseCheck.checked();
  }

  /** Base URLs and demo credentials, as the standalone server prints them. */
  public String describe() {
    SandboxCredentials demo = credentials();
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"Spot", baseUrl + "  (/0/public/..., /0/private/...)"});
    rows.add(new String[] {"Futures", baseUrl + "derivatives/api/v3/"});
    rows.add(new String[] {"Futures demo", baseUrl + "demo-futures/derivatives/api/v3/  (simulate)"});
    rows.add(new String[] {"OAuth", baseUrl + "  (/oauth/...; authorize page " + authorizeUrl() + ")"});
    rows.add(new String[] {"Embed", baseUrl + "  (/b2b/...)"});
    rows.add(new String[] {"Control plane", baseUrl + "sandbox/v1/  (reference " + baseUrl + "sandbox/v1/openapi.yaml)"});
    rows.add(new String[] {"Spot WebSocket", spotWebSocketUrl() + "  (book, ticker, ohlc, trade, instrument)"});
    rows.add(new String[] {"Spot WebSocket auth", spotWebSocketAuthUrl() + "  (executions, balances; GetWebSocketsToken)"});
    rows.add(new String[] {"Spot WebSocket L3", spotWebSocketLevel3Url() + "  (level3; GetWebSocketsToken)"});
    rows.add(new String[] {"Unified public", unifiedWebSocketPublicUrl() + "  (book, ticker, trade, instrument; derivatives)"});
    rows.add(new String[] {"Unified private", unifiedWebSocketPrivateUrl()
        + "  (executions, balances, margin, positions, ledgers, orders; GetWebSocketsToken)"});
    rows.add(null);
    rows.add(new String[] {"Spot key", demo.spot().key() + "  (Starter, every permission)"});
    rows.add(new String[] {"Spot secret", demo.spot().secret()});
    rows.add(new String[] {"Futures key", demo.futures().key() + "  (full access)"});
    rows.add(new String[] {"Futures secret", demo.futures().secret()});
    rows.add(new String[] {"Futures key (RO)", demo.futuresReadOnly().key() + "  (read-only)"});
    rows.add(new String[] {"Futures secret (RO)", demo.futuresReadOnly().secret()});
    rows.add(new String[] {"Embed key", demo.embed().key()});
    rows.add(new String[] {"Embed secret", demo.embed().secret()});
    rows.add(new String[] {"OAuth confidential", demo.oauthConfidentialClientId()});
    rows.add(new String[] {"  client secret", demo.oauthConfidentialClientSecret()});
    rows.add(new String[] {"OAuth public", demo.oauthPublicClientId() + "  (no secret)"});
    rows.add(new String[] {"  redirect URIs", String.join(", ", Seed.REDIRECT_URIS)});
    rows.add(new String[] {"Test user", demo.userEmail() + ", IIBAN " + demo.userIiban()});
    rows.add(new String[] {"Webhooks", demo.webhookId() + " (enabled), " + demo.disabledWebhookId()
        + " (disabled), " + demo.foreignWebhookId() + " (another partner's)"});
    rows.add(new String[] {"Webhook secret", demo.webhookSecret()});
    StringBuilder text = new StringBuilder("Kraken sandbox on ").append(baseUrl).append('\n');
    for (String[] row : rows) {
      if (row == null) {
        text.append("Demo credentials\n");
        continue;
      }
      text.append(String.format("  %-20s %s%n", row[0], row[1]));
    }
    return text.toString();
  }

  /** Stops serving and releases the threads. */
  @Override
  public void close() {
    webSocket.close();
    server.stop(0);
    embed.close();
    executor.shutdownNow();
    webhookHttp.dispatcher().executorService().shutdown();
    webhookHttp.connectionPool().evictAll();
    try {
      executor.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public String toString() {
    return "Sandbox{" + baseUrl + "}";
  }

  private static final class DaemonThreads implements ThreadFactory {
    private static final AtomicInteger POOL = new AtomicInteger();
    private final int pool = POOL.incrementAndGet();
    private final AtomicInteger count = new AtomicInteger();

    @Override
    public Thread newThread(Runnable runnable) {
      Thread thread = new Thread(runnable, "kraken-sandbox-" + pool + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    }
  }

  /** Configures a {@link Sandbox}; every setter returns this builder. */
  public static final class Builder {
    private int port;
    private Clock clock = Clock.systemUTC();
    private Duration earnCompletionDelay = Duration.ofSeconds(2);
    private Duration autoEarnSwitchDelay = Duration.ofSeconds(2);
    private Duration webhookTimeout = Duration.ofSeconds(30);
    private Duration withdrawalStep = Duration.ofMinutes(1);
    private Duration embedVerificationDelay = Duration.ofSeconds(1);
    private boolean checkResponses;
    private boolean spotRateLimits = true;
    private int threads = 16;
    private final List<String> redirectUris = new ArrayList<>();
    private int webSocketPort = -1;
    private Duration webSocketIdleTimeout = Duration.ofSeconds(60);

    private Builder() {}

    /** The port on 127.0.0.1; 0 (the default) takes a free one. */
    public Builder port(int port) {
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("port must be 0 to 65535 (was " + port + ")");
      }
      this.port = port;
      return this;
    }

    /**
     * The port of the Spot WebSocket server on 127.0.0.1; 0 takes a free one. By default the HTTP
     * {@link #port} plus one when a port was given (8080: WebSocket on 8081; a free one if that is
     * taken), else a free one.
     *
     * @since 1.1.0
     */
    public Builder webSocketPort(int port) {
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("webSocketPort must be 0 to 65535 (was " + port + ")");
      }
      this.webSocketPort = port;
      return this;
    }

    /**
     * How long a WebSocket connection without a subscription may stay silent before the sandbox
     * closes it (1000, {@code idle}); 60 s by default.
     *
     * @since 1.1.0
     */
    public Builder webSocketIdleTimeout(Duration timeout) {
      Objects.requireNonNull(timeout, "timeout == null");
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("webSocketIdleTimeout must be positive (was " + timeout + ")");
      }
      this.webSocketIdleTimeout = timeout;
      return this;
    }

    /** The clock of lifetimes, delays and timestamps; the system clock by default. */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock == null");
      return this;
    }

    /** How long after acceptance an Earn deallocation completes; 2 s by default. */
    public Builder earnCompletionDelay(Duration delay) {
      this.earnCompletionDelay = nonNegative(delay, "earnCompletionDelay");
      return this;
    }

    /** How long after the PUT the Auto-Earn status changes; 2 s by default. */
    public Builder autoEarnSwitchDelay(Duration delay) {
      this.autoEarnSwitchDelay = nonNegative(delay, "autoEarnSwitchDelay");
      return this;
    }

    /**
     * How long a new Spot withdrawal stays in each of {@code Initial}, {@code Pending} and {@code
     * Settled} before it is {@code Success}; one minute by default.
     */
    public Builder withdrawalStep(Duration step) {
      this.withdrawalStep = nonNegative(step, "withdrawalStep");
      return this;
    }

    /**
     * How long a submitted Embed verification stays pending before the user is verified (and
     * {@code user.verified} is announced); one second by default.
     */
    public Builder embedVerificationDelay(Duration delay) {
      this.embedVerificationDelay = nonNegative(delay, "embedVerificationDelay");
      return this;
    }

    /** How long a webhook test waits for the receiver; 30 s by default, as the service does. */
    public Builder webhookTimeout(Duration timeout) {
      this.webhookTimeout = nonNegative(timeout, "webhookTimeout");
      return this;
    }

    /**
     * Checks every answer against the contract and keeps what it finds ({@link
     * Sandbox#responseProblems()}); off by default, on in {@link SandboxExtension}.
     */
    public Builder checkResponses(boolean checkResponses) {
      this.checkResponses = checkResponses;
      return this;
    }

    /**
     * Whether Spot keys' REST call counters refuse calls over their tier's maximum with {@code
     * EAPI:Rate limit exceeded}, as the service does; on by default. Turn it off only to measure
     * throughput (benchmarks, load tests whose clients do not pace themselves); permissions are
     * checked either way.
     */
    public Builder spotRateLimits(boolean spotRateLimits) {
      this.spotRateLimits = spotRateLimits;
      return this;
    }

    /** Registers another redirect URI for both OAuth clients. */
    public Builder redirectUri(String redirectUri) {
      if (HttpUrl.parse(Objects.requireNonNull(redirectUri, "redirectUri == null")) == null) {
        throw new IllegalArgumentException("redirectUri must be an http or https URL (was " + redirectUri + ")");
      }
      redirectUris.add(redirectUri);
      return this;
    }

    /** Threads serving requests; 16 by default. */
    public Builder threads(int threads) {
      if (threads < 2) {
        throw new IllegalArgumentException("threads must be at least 2 (was " + threads + ")");
      }
      this.threads = threads;
      return this;
    }

    /** Starts the sandbox; {@link Sandbox#close()} stops it. */
    public Sandbox start() {
      try {
        return new Sandbox(this);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot start the sandbox on port " + port, e);
      }
    }

    private static Duration nonNegative(Duration duration, String name) {
      Objects.requireNonNull(duration, name + " == null");
      if (duration.isNegative()) {
        throw new IllegalArgumentException(name + " must not be negative (was " + duration + ")");
      }
      return duration;
    }
  }

  // ---- the typed controls: the control plane's operations (sandbox.yaml), as Java ----

  /**
   * The sandbox clock, moved forward from a test ({@code getClock}, {@code advanceClock}, {@code
   * setClock} of the control plane).
   */
  public TimeControls time() {
    return new TimeControls(time);
  }

  /** Spot: keys, deposits arriving, balances, subaccounts, prices and other participants' trades. */
  public SpotControls spot() {
    return new SpotControls(spot, time);
  }

  /** Futures: keys. */
  public FuturesControls futures() {
    return new FuturesControls(futures);
  }

  /** OAuth: clients. */
  public OAuthControls oauth() {
    return new OAuthControls(oauth);
  }

  /** Embed: keys, verifications, deposits arriving, balances, prices and webhooks. */
  public EmbedControls embed() {
    return new EmbedControls(embed);
  }

  // ---- the state: export, import, reset (the control plane's exportState, importState, resetState) ----

  /** The state right after seeding, taken at the end of construction: what {@link StateControls#reset()} restores. */
  private SandboxState seedState;

  /**
   * The whole state as a JSON document, to save a world and start a test from it: export, reset to
   * the seed state, import ({@code resetState}, {@code exportState} and {@code importState} of the
   * control plane).
   *
   * <pre>{@code
   * SandboxState saved = sandbox.state().export();
   * sandbox.state().reset();
   * sandbox.state().restore(saved);
   * }</pre>
   */
  public StateControls state() {
    Map<String, io.github.krakensdk.sandbox.internal.state.StatePart> sections = new java.util.LinkedHashMap<>();
    sections.put("nonces", io.github.krakensdk.sandbox.internal.state.StatePart.of(nonces, "last"));
    sections.put("spot", spot.state());
    sections.put("futures", futures.state());
    sections.put("oauth", oauth.state());
    sections.put("embed", embed.state());
    sections.put("derivatives", derivatives.state());
    return new StateControls(sections, time, seedState, () -> {
      if (webSocket != null) {
        webSocket.stateReplaced(); // null while the constructor takes the seed state
      }
    });
  }

  // ---- the WebSocket server's faults (the control plane's /sandbox/v1/websocket/... operations) ----

  /**
   * Faults injected into the WebSocket server (connections closed, pongs late or missing, a
   * corrupted checksum, a reply without result, a token invalidated, upgrades refused) and its log
   * of connection attempts.
   */
  public WebSocketControls webSocket() {
    return new WebSocketControls(webSocket, time);
  }
}
