package io.github.krakensdk.tour;

import io.github.krakensdk.Family;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.RawRequest;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.auth.oauth.AuthorizationRequest;
import io.github.krakensdk.auth.oauth.InMemoryTokenStore;
import io.github.krakensdk.auth.oauth.OAuthTokens;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.futures.model.AssignmentPreferenceResponse;
import io.github.krakensdk.futures.model.FuturesErrorCode;
import io.github.krakensdk.futures.model.NotificationsResponse;
import io.github.krakensdk.futures.model.PnlPreferencesResponse;
import io.github.krakensdk.futures.model.PortfolioSimulationResponse;
import io.github.krakensdk.futures.model.SelfTradeStrategy;
import io.github.krakensdk.futures.model.SelfTradeStrategyResponse;
import io.github.krakensdk.futures.model.SimulatedPosition;
import io.github.krakensdk.futures.model.TradeHistoryEntry;
import io.github.krakensdk.futures.model.TradeHistoryResponse;
import io.github.krakensdk.oauth.model.CreatedFastApiKey;
import io.github.krakensdk.oauth.model.FastApiKey;
import io.github.krakensdk.oauth.model.FastApiKeyPermissions;
import io.github.krakensdk.oauth.model.UserInfo;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxCredentials;
import io.github.krakensdk.spot.model.AssetInfo;
import io.github.krakensdk.spot.model.AssetVersion;
import io.github.krakensdk.spot.model.DeallocationStatus;
import io.github.krakensdk.spot.model.FeeTierInfo;
import io.github.krakensdk.spot.model.GetDeallocateStatusRequest;
import io.github.krakensdk.spot.model.SpotErrorCode;
import io.github.krakensdk.spot.model.TradeVolume;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * The tour: starts a sandbox and goes through every operation of the five contracts with the SDK,
 * as a user would (one request object, or a {@code Consumer} of its builder, per call), printing one
 * line per operation ({@code PASS operationId ...} or {@code FAIL operationId reason}) and {@code N
 * passed, M failed} at the end. Then it streams ({@code StreamingTour}, lines named {@code ws:} and
 * the channel): a book subscribed over the sandbox's WebSocket follows a trade made over REST.
 *
 * <pre>
 * java -jar sandbox/target/kraken-sandbox.jar --tour
 * </pre>
 *
 * The OAuth code flow goes through the sandbox's authorize page the way a browser would (one GET,
 * then the redirect back to the app with the code); the Embed webhook deliveries, the test event
 * among them, go to a receiver that {@code EmbedWebhooksTour} registers first and that verifies
 * each with the SDK's {@code WebhookSignatureVerifier}. Earn and
 * Auto-Earn complete after a short real delay, and the tour polls for them as an application does.
 * OAuth's {@code getToken} has no service method: the SDK reaches the token endpoint only through
 * {@code kraken.oauthTokens()}, which stores every token it gets, so that is where the tour takes it.
 */
public final class Tour {
  /** The Earn and Auto-Earn delays of the tour's sandbox: long enough to see the pending state. */
  public static final Duration DELAY = Duration.ofMillis(300);
  static final Duration POLL_LIMIT = Duration.ofSeconds(20);

  private final PrintStream out;
  final Sandbox sandbox;
  final KrakenClient kraken;
  private final InMemoryTokenStore tokens = new InMemoryTokenStore();
  private final OkHttpClient browser;
  private final SandboxCredentials demo;
  private int passed;
  private int failed;
  /**
   * The IIBAN of the Embed user the tour follows from creation on, set by the users part; the
   * later Embed parts act for this user.
   */
  String embedUser;

  private Tour(PrintStream out, Sandbox sandbox) {
    this.out = out;
    this.sandbox = sandbox;
    this.demo = sandbox.credentials();
    this.kraken = sandbox.newClientBuilder().oauth(demo.oauthConfidentialClient(), tokens).build();
    this.browser = new OkHttpClient.Builder().followRedirects(false).build();
  }

  public static void main(String[] args) {
    System.exit(run(System.out) == 0 ? 0 : 1);
  }

  /** Runs the tour on a new sandbox, printing to {@code out}; returns how many operations failed. */
  public static int run(PrintStream out) {
    try (Sandbox sandbox = Sandbox.builder().earnCompletionDelay(DELAY).autoEarnSwitchDelay(DELAY).start()) {
      return run(out, sandbox);
    }
  }

  /**
   * Runs the tour on {@code sandbox}, a fresh one (the tour expects the seeded state) whose clock
   * moves by itself; returns how many operations failed.
   */
  public static int run(PrintStream out, Sandbox sandbox) {
    out.println("Kraken SDK tour against the sandbox on " + sandbox.baseUrl());
    Tour tour = new Tour(out, sandbox);
    try {
      tour.all();
    } finally {
      tour.kraken.close();
      tour.browser.dispatcher().executorService().shutdown();
      tour.browser.connectionPool().evictAll();
    }
    out.println(tour.passed + " passed, " + tour.failed + " failed");
    out.flush();
    return tour.failed;
  }

  /** One operation of the tour: returns what it showed, throws when something is not as it should be. */
  interface Step {
    String run() throws Exception;
  }

  /**
   * Runs and reports one operation ({@code PASS operationId what it showed} or {@code FAIL
   * operationId reason}); the parts of the tour in other classes of this package call it too.
   */
  void step(String operationId, Step step) {
    try {
      out.println("PASS " + operationId + " " + step.run());
      passed++;
    } catch (Exception | AssertionError e) {
      String reason = e.getMessage() == null ? e.toString() : e.getClass().getSimpleName() + ": " + e.getMessage();
      out.println("FAIL " + operationId + " " + reason.replace('\n', ' '));
      failed++;
    }
    out.flush();
  }

  static void check(boolean condition, String what) {
    if (!condition) {
      throw new AssertionError(what);
    }
  }

  private void all() {
    oauth();
    spot();
    SpotMarketTour.run(this);
    SpotTradingTour.run(this);
    SpotAccountTour.run(this);
    SpotFundingTour.run(this);
    FundingTour.run(this);
    futures();
    // Embed follows one new user: each group's steps run below its own line, in this order.
    // ---- embed tour: webhooks (a receiver registered before anything is announced) ----
    EmbedWebhooksTour webhooks = EmbedWebhooksTour.start(this);

    // ---- embed tour: users, subaccounts and verifications ----
    EmbedUsersTour.run(this);

    // ---- embed tour: funds (a deposit arrives) ----
    EmbedFundsTour.deposit(this);

    // ---- embed tour: assets ----
    EmbedAssetsTour.run(this);

    // ---- embed tour: quotes ----
    EmbedQuotesTour.run(this);

    // ---- embed tour: custom orders ----
    EmbedCustomOrdersTour.run(this);

    // ---- embed tour: portfolio ----
    EmbedPortfolioTour.run(this);

    // ---- embed tour: earn ----
    EmbedEarnTour.run(this);

    // ---- embed tour: funds (a withdrawal) ----
    EmbedFundsTour.withdraw(this);

    // ---- embed tour: reports ----
    EmbedReportsTour.run(this);

    // ---- embed tour: ramp ----
    EmbedRampTour.run(this);

    // ---- embed tour: webhooks (every delivery verified) ----
    webhooks.finish(this);

    // ---- streaming: Spot WebSocket v2 (last, so that its order and trade leave the REST parts' state alone) ----
    StreamingTour.run(this);

  }

  // ---- OAuth ----

  private void oauth() {
    step("getToken", () -> {
      // The client fills in its OAuth client ID and its environment's authorize page (the sandbox's).
      AuthorizationRequest authorization = kraken.authorizationRequest(demo.redirectUri())
              .scopes("account.info:basic", "account.fast-api-key:read", "account.fast-api-key:write",
                  "account.fast-api-key:funds-query", "account.fast-api-key:trades-query-open")
              .build();
      // The browser: open the authorize page; the user consents and is sent back with a code.
      String callback;
      try (Response page = browser.newCall(new Request.Builder().url(HttpUrl.get(authorization.url())).build()).execute()) {
        check(page.code() == 302, "the authorize page answered " + page.code() + ", not a redirect");
        callback = page.header("Location");
      }
      String code = authorization.authorizationCode(callback); // checks state
      // The token endpoint, grant authorization_code: the tokens land in the client's token store.
      OAuthTokens first = kraken.oauthTokens().completeAuthorization(code, demo.redirectUri());
      check(first.equals(tokens.load()), "the exchanged tokens were not stored");
      long lifetime = hours(first.expiresAt());
      check(lifetime >= 23 && lifetime <= 24, "the confidential client's token lives " + lifetime + " h, not 24 h");

      // A day later (the stored token has expired): the SDK refreshes it before using it, grant
      // refresh_token, and stores the new pair; the service revokes the old one at once.
      tokens.save(first.toBuilder().expiresAt(Instant.now()).build());
      String accessToken = kraken.oauthTokens().accessToken();
      OAuthTokens refreshed = tokens.load();
      check(accessToken.equals(refreshed.accessToken()), "the refreshed access token was not stored");
      check(!refreshed.accessToken().equals(first.accessToken()), "the refresh returned the same access token");
      check(!refreshed.refreshToken().equals(first.refreshToken()), "the refresh returned the same refresh token");
      int oldTokenStatus = bearerStatus(first.accessToken());
      check(oldTokenStatus == 401, "the replaced access token still answers " + oldTokenStatus);
      return "via kraken.oauthTokens() (the token endpoint has no service method): code flow,"
          + " completeAuthorization → access token for " + lifetime + " h + refresh token, stored; expired →"
          + " refreshed by the SDK: new pair for " + hours(refreshed.expiresAt()) + " h, the old access token"
          + " refused (401)";
    });
    step("getUserInfo", () -> {
      UserInfo me = kraken.oauth().getUserInfo();
      check(demo.userEmail().equals(me.email()), "email " + me.email());
      check(demo.userIiban().equals(me.iban()), "iban " + me.iban());
      return me.email() + ", IIBAN " + me.iban();
    });
    // A fast API key minted through OAuth is a Spot key of the user: the app hands it to Spot
    // credentials and signs Spot calls with it (a second client, as the app would for the user).
    CreatedFastApiKey[] minted = new CreatedFastApiKey[1];
    step("createFastApiKey", () -> {
      CreatedFastApiKey created = kraken.oauth().createFastApiKey(r -> r.apiKeyName("sdk-tour")
          .permissions(FastApiKeyPermissions.builder().fundsQuery(true).build()));
      check(created.secret() != null, "no secret in the creation's answer");
      check(!created.toString().contains(created.secret()), "the secret shows in toString()");
      minted[0] = created;
      try (KrakenClient user = sandbox.newClientBuilder().spotCredentials(ApiCredentials.of(created)).build()) {
        Map<String, BigDecimal> balance = user.spot().getBalance();
        check(!balance.isEmpty(), "no balances");
        KrakenServiceException denied = expectError(() -> user.spot().getOpenOrders());
        check(denied.errors().contains("EGeneral:Permission denied"), "getOpenOrders gave " + denied.errors());
        return "key " + created.apiKeyName() + " (funds_query; its secret returned once, hidden from toString());"
            + " as Spot credentials: getBalance accepted (" + balance.size() + " assets), getOpenOrders refused"
            + " (Permission denied)";
      }
    });
    step("updateFastApiKey", () -> {
      Boolean changed = kraken.oauth().updateFastApiKey(r -> r.apiKeyName("sdk-tour").newApiKeyName("sdk-tour-orders")
          .permissions(FastApiKeyPermissions.builder().tradesQueryOpen(true).build()));
      check(Boolean.TRUE.equals(changed), "result " + changed);
      try (KrakenClient user = sandbox.newClientBuilder().spotCredentials(ApiCredentials.of(minted[0])).build()) {
        String name = user.spot().getApiKeyInfo().apiKeyName();
        check("sdk-tour-orders".equals(name), "Spot still names the key " + name);
        int open = user.spot().getOpenOrders().open().size();
        return "renamed sdk-tour → " + name + " and trades_query_open added: Spot sees the name, getOpenOrders"
            + " accepted (" + open + " open)";
      }
    });
    step("listFastApiKeys", () -> {
      List<FastApiKey> keys = kraken.oauth().listFastApiKeys();
      FastApiKey mine = keys.stream().filter(k -> "sdk-tour-orders".equals(k.apiKeyName())).findFirst()
          .orElseThrow(() -> new AssertionError("the minted key is not listed"));
      check(Boolean.TRUE.equals(mine.permissions().fundsQuery()) && Boolean.TRUE.equals(mine.permissions().tradesQueryOpen()),
          "permissions " + mine.permissions());
      List<String> names = keys.stream().map(FastApiKey::apiKeyName).toList();
      return keys.size() + " keys " + names + "; sdk-tour-orders may query funds and open orders";
    });
    step("deleteFastApiKey", () -> {
      Boolean deleted = kraken.oauth().deleteFastApiKey(r -> r.apiKeyName("sdk-tour-orders"));
      check(Boolean.TRUE.equals(deleted), "result " + deleted);
      try (KrakenClient user = sandbox.newClientBuilder().spotCredentials(ApiCredentials.of(minted[0])).build()) {
        KrakenServiceException revoked = expectError(() -> user.spot().getBalance());
        check(revoked.errors().contains("EAPI:Invalid key"), "getBalance gave " + revoked.errors());
      }
      check(kraken.oauth().listFastApiKeys().stream().noneMatch(k -> "sdk-tour-orders".equals(k.apiKeyName())),
          "still listed");
      return "sdk-tour-orders deleted: the Spot call it signs is refused (EAPI:Invalid key), gone from the listing";
    });
  }

  /** Whole hours from now until {@code expiresAt}. */
  private static long hours(Instant expiresAt) {
    return Math.round(Duration.between(Instant.now(), expiresAt).toMinutes() / 60.0);
  }

  private int bearerStatus(String accessToken) throws IOException {
    Request request = new Request.Builder().url(HttpUrl.get(sandbox.baseUrl().resolve("oauth/userinfo")))
        .header("Authorization", "Bearer " + accessToken).build();
    try (Response response = browser.newCall(request).execute()) {
      return response.code();
    }
  }

  // ---- Spot ----

  private void spot() {
    step("getAssets", () -> {
      Map<String, AssetInfo> internal = kraken.spot().listAssets(r -> r.asset("XBT,ETH"));
      check(internal.keySet().equals(Set.of("XXBT", "XETH")), "internal keys " + internal.keySet());
      Map<String, AssetInfo> display =
          kraken.spot().listAssets(r -> r.asset("XBT,ETH").assetVersion(AssetVersion.NUMBER_1));
      check(display.keySet().equals(Set.of("BTC", "ETH")), "keys " + display.keySet());
      // The escape hatch for an operation the contract does not have yet: same pipeline, untyped JSON.
      Object raw = kraken.rawCall(Family.SPOT, RawRequest.get("0/public/Assets").query("asset", "XBT,ETH").build());
      check(raw instanceof Map<?, ?> map && map.keySet().equals(internal.keySet()), "rawCall gave " + raw);
      return "XBT,ETH → " + internal.keySet() + ", with assetVersion=1 → " + display.keySet()
          + "; the same through rawCall (untyped JSON) → " + ((Map<?, ?>) raw).keySet();
    });
    step("getTradeVolume", () -> {
      TradeVolume volume = kraken.spot().getTradeVolume(r -> r.pair("XBTUSD,AAPLxUSD"));
      // The maps are keyed by canonical pair names: XBTUSD comes back as XXBTZUSD.
      check(volume.fees().keySet().equals(Set.of("XXBTZUSD", "AAPLxUSD")), "fees for " + volume.fees().keySet());
      check(volume.feesMaker().keySet().equals(Set.of("XXBTZUSD")), "maker fees for " + volume.feesMaker().keySet());
      // The tier is the one the account's 30-day volume reaches.
      FeeTierInfo taker = volume.fees().get("XXBTZUSD");
      check(taker.tierVolume().compareTo(volume.volume()) <= 0 && (taker.nextVolume() == null
          || volume.volume().compareTo(taker.nextVolume()) < 0), "volume " + volume.volume() + " in tier from "
          + taker.tierVolume() + " to " + taker.nextVolume());
      return "30-day volume " + volume.volume() + " " + volume.currency() + "; XBTUSD (as XXBTZUSD) taker "
          + volume.fees().get("XXBTZUSD").fee() + " %, maker " + volume.feesMaker().get("XXBTZUSD").fee()
          + " %; AAPLxUSD in fees only";
    });
    String strategy = "ESDQCOL-WTZEU-NU55QF";
    step("deallocateEarnFunds", () -> {
      KrakenServiceException belowMinimum = expectError(() ->
          kraken.spot().deallocateEarnFunds(r -> r.strategyId(strategy).amount(new BigDecimal("0.001"))));
      check(belowMinimum.hasError(SpotErrorCode.EARNINGS_BELOW_MIN), "below minimum gave " + belowMinimum.errors());
      Boolean accepted =
          kraken.spot().deallocateEarnFunds(r -> r.strategyId(strategy).amount(new BigDecimal("1.5")));
      check(Boolean.TRUE.equals(accepted), "not accepted");
      check(sandbox.spot().earnAllocation(strategy).pending().compareTo(new BigDecimal("-1.5")) == 0,
          "pending " + sandbox.spot().earnAllocation(strategy).pending());
      KrakenServiceException busy = expectError(() ->
          kraken.spot().deallocateEarnFunds(r -> r.strategyId(strategy).amount(BigDecimal.ONE)));
      check(busy.hasError(SpotErrorCode.EARNINGS_BUSY), "second deallocation gave " + busy.errors());
      return "0.001 → " + belowMinimum.code() + "; 1.5 → accepted (pending -1.5); another meanwhile → "
          + busy.code();
    });
    step("getDeallocateStatus", () -> {
      // One immutable request, sent as often as the application polls.
      GetDeallocateStatusRequest request = GetDeallocateStatusRequest.builder().strategyId(strategy).build();
      DeallocationStatus first = kraken.spot().getDeallocateStatus(request);
      int polls = 1;
      DeallocationStatus status = first;
      Instant deadline = Instant.now().plus(POLL_LIMIT);
      while (Boolean.TRUE.equals(status.pending()) && Instant.now().isBefore(deadline)) {
        Thread.sleep(50);
        status = kraken.spot().getDeallocateStatus(request);
        polls++;
      }
      check(Boolean.TRUE.equals(first.pending()), "the first status was not pending");
      check(Boolean.FALSE.equals(status.pending()), "still pending after " + polls + " polls");
      return "pending → completed after " + polls + " polls; allocated now " + sandbox.spot().earnAllocation(strategy).allocated();
    });
    step("cancelWithdrawal", () -> {
      Boolean cancelled =
          kraken.spot().cancelWithdrawal(r -> r.asset("ETH").refid("FTQcN7x-K3bWp9RmZsq2Lx84YhVd5e"));
      check(Boolean.TRUE.equals(cancelled), "the pending withdrawal was not cancelled");
      KrakenServiceException processed = expectError(() ->
          kraken.spot().cancelWithdrawal(r -> r.asset("ETH").refid("FTQbU2s-Pz7NcX5qWm1DhLa8Vf4Je9")));
      return "pending withdrawal → cancelled; settled one → " + processed.errors().get(0);
    });
  }

  interface Call {
    Object run() throws Exception;
  }

  static KrakenServiceException expectError(Call call) throws Exception {
    try {
      Object result = call.run();
      throw new AssertionError("expected an error, got " + result);
    } catch (KrakenServiceException expected) {
      return expected;
    }
  }

  // ---- Futures ----

  private void futures() {
    step("getNotifications", () -> {
      NotificationsResponse notifications = kraken.futures().getNotifications();
      check(!notifications.notifications().isEmpty(), "no notifications");
      return notifications.notifications().size() + " notifications, first: "
          + notifications.notifications().get(0).type() + "/" + notifications.notifications().get(0).priority();
    });
    step("getPnlPreferences", () -> {
      PnlPreferencesResponse preferences = kraken.futures().getPnlPreferences();
      return preferences.preferences().size() + " markets: " + preferences.preferences().stream()
          .map(p -> p.symbol() + "→" + p.pnlCurrency()).toList();
    });
    step("updateSelfTradeStrategy", () -> {
      SelfTradeStrategyResponse changed = kraken.futures()
          .updateSelfTradeStrategy(r -> r.strategy(SelfTradeStrategy.CANCEL_MAKER_SELF));
      check(SelfTradeStrategy.CANCEL_MAKER_SELF.equals(changed.strategy()), "strategy " + changed.strategy());
      check(SelfTradeStrategy.CANCEL_MAKER_SELF.equals(sandbox.futures().selfTradeStrategy()), "not kept");
      return "REJECT_TAKER → " + changed.strategy();
    });
    step("deleteAssignmentPreference", () -> {
      AssignmentPreferenceResponse deleted = kraken.futures().deleteAssignmentPreference(r -> r.id(48213L));
      check(deleted.id() == 48213L, "deleted " + deleted.id());
      KrakenServiceException again = expectError(() -> kraken.futures().deleteAssignmentPreference(r -> r.id(48213L)));
      check(FuturesErrorCode.NOT_FOUND.equals(again.code(FuturesErrorCode.class)), "again: " + again.errors());
      return "48213 (" + deleted.participant().contract() + ") deleted; again → notFound";
    });
    step("getTradeHistory", () -> {
      TradeHistoryResponse page = kraken.futures().getTradeHistory(r -> r.symbol("PF_XBTUSD"));
      int pages = 0;
      int trades = 0;
      OffsetDateTime oldest = null;
      while (!page.history().isEmpty()) {
        pages++;
        trades += page.history().size();
        check(page.history().size() <= 100, "a page of " + page.history().size());
        TradeHistoryEntry last = page.history().get(page.history().size() - 1);
        OffsetDateTime before = OffsetDateTime.parse(last.time());
        oldest = before;
        page = kraken.futures().getTradeHistory(r -> r.symbol("PF_XBTUSD").lastTime(before));
      }
      check(trades > 100, "only " + trades + " trades");
      check(oldest != null && oldest.toInstant().isAfter(Instant.now().minus(Duration.ofDays(7)).minusSeconds(60)),
          "a trade older than 7 days: " + oldest);
      return trades + " trades of the last 7 days in " + pages + " pages of at most 100, newest first";
    });
    step("simulatePortfolio", () -> {
      PortfolioSimulationResponse simulated = kraken.futures().simulatePortfolio(r -> r.positions(List.of(
          position("PF_XBTUSD", 0.25, 84210.5),
          position("OF_XBTUSD_" + expiry() + "_90000_C", 1.5, 3120.0),
          position("OF_XBTUSD_" + expiry() + "_60000_P", -2.0, 845.0))));
      check(simulated.greeks().size() == 2, "greeks for " + simulated.greeks().keySet());
      return "demo base: maintenance margin " + simulated.maintenanceMargin() + ", initial "
          + simulated.initialMargin() + ", greeks for 2 options";
    });
  }

  private static String expiry() {
    return LocalDate.now(Clock.systemUTC()).plusDays(90).format(java.time.format.DateTimeFormatter.ofPattern("yyMMdd"));
  }

  private static SimulatedPosition position(String instrument, double size, double entryPrice) {
    return SimulatedPosition.builder().instrument(instrument).size(size).entryPrice(entryPrice).build();
  }

}
