package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.internal.state.StatePart;
import io.github.krakensdk.sandbox.internal.RootAccess;
import io.github.krakensdk.sandbox.internal.http.ContractValidator;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxCredentials;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.internal.Secrets;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.Settings;
import io.github.krakensdk.sandbox.internal.http.Endpoint;
import io.github.krakensdk.sandbox.internal.http.Family;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Json;
import io.github.krakensdk.sandbox.internal.http.Nonces;
import io.github.krakensdk.sandbox.internal.http.Reply;

import io.github.krakensdk.sandbox.internal.http.Signatures;
import io.github.krakensdk.embed.internal.model.ErrorResponse;
import io.github.krakensdk.embed.internal.model.UserProfileUpdate;
import io.github.krakensdk.embed.model.Webhook;
import io.github.krakensdk.sandbox.internal.contract.Problem;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import okhttp3.OkHttpClient;

/**
 * Embed ({@code /b2b/...}): the demo partner acts for its users (the test user and a second one)
 * and manages its webhooks. Requests are signed with {@code API-Key}, {@code API-Sign} and
 * {@code API-Nonce}; refusals are HTTP 401 with {@code EAPI:Invalid key}, {@code EAPI:Invalid
 * signature} or {@code EAPI:Invalid nonce}. A user or webhook of another partner is treated as
 * unknown: {@code ENexus:User not found}, {@code ENexus:Webhook not found} (404).
 *
 * <p>This class authenticates partners and writes the family's envelopes; each group of
 * operations ({@code EmbedUsers}, {@code EmbedPortfolio}, {@code EmbedEarn}, {@code EmbedFunds},
 * {@code EmbedWebhooks}, ...) registers its routes and keeps its own state beside the shared
 * {@link EmbedState}.
 */
public final class EmbedFamily extends Endpoint<EmbedFamily.Partner> {
  public static final String USER_NOT_FOUND = "ENexus:User not found";

  /** A partner (a domain): its users and webhooks are its own. */
  public record Partner(String name) {}

  /** The partner of the demo key ({@code SandboxCredentials#embed()}). */
  public static final Partner DEMO_PARTNER = new Partner("demo partner");

  private record PartnerKey(SandboxKey key, Partner partner) {}

  private final Nonces nonces;
  private final Map<String, PartnerKey> keys = new ConcurrentHashMap<>();
  private final AtomicInteger issued = new AtomicInteger();
  public final EmbedState state;
  public final EmbedUsers users;
  final EmbedAssets assets;
  public final EmbedQuotes quotes;
  public final EmbedCustomOrders customOrders;
  final EmbedPortfolio portfolio;
  final EmbedEarn earn;
  public final EmbedFunds funds;
  public final EmbedReports reports;
  public final EmbedWebhooks webhooks;
  final EmbedRamp ramp;

  public EmbedFamily(ContractValidator contract, Settings settings, Nonces nonces, OkHttpClient webhookHttp,
      Supplier<String> baseUrl) {
    super(Family.EMBED, contract);
    this.nonces = nonces;
    this.state = new EmbedState(settings);
    Partner demo = DEMO_PARTNER;
    Partner other = new Partner("other partner");
    keys.put(Seed.EMBED_KEY.key(), new PartnerKey(Seed.EMBED_KEY, demo));
    keys.put(Seed.EMBED_OTHER_PARTNER_KEY.key(), new PartnerKey(Seed.EMBED_OTHER_PARTNER_KEY, other));
    seedUser(Seed.USER_IIBAN, demo, UserProfileUpdate.builder().tosVersionAccepted(4).language("en").build());
    seedUser(Seed.SECOND_USER_IIBAN, demo, UserProfileUpdate.builder().build());
    seedUser(Seed.OTHER_PARTNER_USER_IIBAN, other, UserProfileUpdate.builder().build());

    // One group of operations per class; each registers its routes below its own line.
    // ---- embed: users, subaccounts and verifications ----
    this.users = new EmbedUsers(state);
    users.routes(this);

    // ---- embed: assets ----
    this.assets = new EmbedAssets(state);
    assets.routes(this);

    // ---- embed: quotes ----
    this.quotes = new EmbedQuotes(state);
    quotes.routes(this);

    // ---- embed: custom orders ----
    this.customOrders = new EmbedCustomOrders(state, quotes);
    customOrders.routes(this);

    // ---- embed: portfolio ----
    this.portfolio = new EmbedPortfolio(state);
    portfolio.routes(this);

    // ---- embed: earn ----
    this.earn = new EmbedEarn(state);
    earn.routes(this);

    // ---- embed: funds ----
    this.funds = new EmbedFunds(state);
    funds.routes(this);

    // ---- embed: reports ----
    this.reports = new EmbedReports(state, baseUrl);
    reports.routes(this);

    // ---- embed: webhooks ----
    this.webhooks = new EmbedWebhooks(state, webhookHttp, baseUrl, demo, other);
    webhooks.routes(this);

    // ---- embed: ramp ----
    this.ramp = new EmbedRamp(state, baseUrl);
    ramp.routes(this);

  }

  /** A verified user holding 25 000 USD, 0.5 BTC and 4 ETH, deposited at the sandbox's start. */
  private void seedUser(String iiban, Partner partner, UserProfileUpdate profile) {
    synchronized (state) {
      EmbedUser user = state.addUser(iiban, partner, profile);
      user.verified = true;
      int n = 0;
      for (String[] holding : new String[][] {{"USD", "25000.00"}, {"BTC", "0.50000000"}, {"ETH", "4.00000000"}}) {
        user.move("seed-" + iiban + "-" + n++, state.instant(), "deposit", holding[0], new BigDecimal(holding[1]),
            "seed");
      }
    }
  }

  // ---- authentication ----

  @Override
  public Authenticated<Partner> authenticate(HttpCall call, Route<Partner> route) {
    PartnerKey partnerKey = keys.get(String.valueOf(call.header("API-Key")));
    if (partnerKey == null) {
      return Authenticated.refused(error(401, "EAPI:Invalid key"));
    }
    String nonceText = call.header("API-Nonce");
    Long nonce = Nonces.parse(nonceText);
    if (nonce == null) {
      return Authenticated.refused(error(401, "EAPI:Invalid nonce"));
    }
    String expected = Signatures.apiSign(partnerKey.key().secret(), call.pathAndQuery(), nonceText, call.body);
    if (!Secrets.equal(expected, call.header("API-Sign"))) {
      return Authenticated.refused(error(401, "EAPI:Invalid signature"));
    }
    if (nonces.offer(partnerKey.key().key(), nonce) != Nonces.Verdict.ACCEPTED) {
      return Authenticated.refused(error(401, "EAPI:Invalid nonce"));
    }
    return Authenticated.as(partnerKey.partner());
  }

  // ---- envelopes ----

  static Reply error(int status, String error) {
    return Reply.answer(status, ErrorResponse.builder().error(List.of(error)).build());
  }

  static Reply ok(Object body) {
    return Reply.answer(200, body);
  }

  @Override
  public Reply rejected(Route<Partner> route, List<Problem> problems) {
    return error(400, "EGeneral:Invalid arguments:" + detail(problems));
  }

  @Override
  public Reply unknownOperation(HttpCall call) {
    return error(404, "EGeneral:Unknown method");
  }

  @Override
  public Reply wrongMethod(HttpCall call, Set<String> allowed) {
    return error(405, "EGeneral:Unknown method:" + call.method + " " + call.rawPath + " takes "
        + String.join(", ", allowed));
  }

  @Override
  public Reply internalError(Exception e) {
    return error(500, "EGeneral:Internal error:" + e);
  }

  // ---- for Sandbox ----

  /** Another key of the demo partner, e.g. to send from several clients at once. */
  public SandboxKey issueKey() {
    String label = "embed extra " + issued.incrementAndGet();
    SandboxKey key = RootAccess.get().newKey(Secrets.derivedKey("SBXEMBED", label), Secrets.derivedBase64(label, 64));
    keys.put(key.key(), new PartnerKey(key, keys.get(Seed.EMBED_KEY.key()).partner()));
    return key;
  }

  public void setWebhookUrl(String webhookId, String url) {
    webhooks.setWebhookUrl(webhookId, url);
  }

  public String webhookSecret(String webhookId) {
    return webhooks.webhookSecret(webhookId);
  }

  public Webhook webhook(String webhookId) {
    return webhooks.webhook(webhookId);
  }

  public UserProfileUpdate profile(String iiban) {
    return users.profile(iiban);
  }

  public boolean autoEarnEnabled(String iiban) {
    return earn.autoEarnEnabled(iiban);
  }

  /** Stops what runs in the background (webhook deliveries). */
  public void close() {
    webhooks.close();
  }

  // ---- state document (export, import, reset) ----

  /**
   * This family's state for the state document: partner keys, users (profile, verification,
   * balances, movements, Auto-Earn), prices, events, accounts, quotes, custom orders, funds
   * (addresses, transfers), ledgers, reports and webhooks with their deliveries.
   */
  public StatePart state() {
    return StatePart.of(this, "keys", "issued")
        .with("state", StatePart.of(state, "users", "usdPrices", "events"))
        .with("users", StatePart.of(users, "accounts"))
        .with("quotes", StatePart.of(quotes, "issued", "quotes"))
        .with("customOrders", StatePart.of(customOrders, "issued", "orders"))
        .with("funds", StatePart.of(funds, "addresses", "savedAddresses", "feeTokens", "remembered", "transfers",
            "byRef"))
        .with("ledger", portfolio.ledgerState())
        .with("reports", StatePart.of(reports, "linked"))
        .with("webhooks", StatePart.of(webhooks, "hooks", "deliveries", "pending"))
        .refers("assets", assets)
        .refers("portfolio", portfolio)
        .refers("earn", earn)
        .refers("ramp", ramp);
  }
}
