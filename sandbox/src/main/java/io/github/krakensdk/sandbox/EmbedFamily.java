package io.github.krakensdk.sandbox;

import io.github.krakensdk.auth.SpotSigner;
import io.github.krakensdk.embed.model.AssetAmount;
import io.github.krakensdk.embed.model.AutoEarnStatus;
import io.github.krakensdk.embed.model.AutoEarnStatusResponse;
import io.github.krakensdk.embed.model.DepositLimitMeta;
import io.github.krakensdk.embed.model.DepositMethod;
import io.github.krakensdk.embed.model.DepositMethods;
import io.github.krakensdk.embed.model.DepositMethodsResponse;
import io.github.krakensdk.embed.model.EmptyResult;
import io.github.krakensdk.embed.model.ErrorResponse;
import io.github.krakensdk.embed.model.NativeConvertedAmount;
import io.github.krakensdk.embed.model.NetworkInfo;
import io.github.krakensdk.embed.model.PortfolioHistoryResponse;
import io.github.krakensdk.embed.model.SetAutoEarnResponse;
import io.github.krakensdk.embed.model.SuccessResult;
import io.github.krakensdk.embed.model.SuccessResultResponse;
import io.github.krakensdk.embed.model.UpcomingReward;
import io.github.krakensdk.embed.model.UserProfileUpdate;
import io.github.krakensdk.embed.model.Webhook;
import io.github.krakensdk.embed.model.WebhookEvent;
import io.github.krakensdk.embed.model.WebhookEventType;
import io.github.krakensdk.embed.model.WebhookResult;
import io.github.krakensdk.embed.model.WebhookTestResponse;
import io.github.krakensdk.embed.model.WebhookTestResult;
import io.github.krakensdk.embed.model.WebhookUpdate;
import io.github.krakensdk.embed.model.WebhookUpdateResponse;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * Embed ({@code /b2b/...}): the demo partner acts for its users (the test user and a second one)
 * and manages its webhooks. Requests are signed with {@code API-Key}, {@code API-Sign} and
 * {@code API-Nonce}; refusals are HTTP 401 with {@code EAPI:Invalid key}, {@code EAPI:Invalid
 * signature} or {@code EAPI:Invalid nonce}. A user or webhook of another partner is treated as
 * unknown: {@code ENexus:User not found}, {@code ENexus:Webhook not found} (404).
 *
 * <p>Auto-Earn: the PUT records the wanted status, which takes effect {@link
 * Settings#autoEarnSwitchDelay()} later on the sandbox clock; the GET reads the status in effect.
 *
 * <p>Webhooks: a PATCH replaces the whole subscription set and/or the enabled flag. The test
 * operation POSTs the test event to the webhook's URL, signed like every delivery, and reports the
 * receiver's answer ({@code result} {@code success}), or why there was none ({@code result}
 * {@code failed} with {@code error_message}). A webhook's URL cannot be changed through the API
 * (as in the service); {@link Sandbox#setWebhookUrl} stands in for the partner's dashboard, and by
 * default the URL is the sandbox's own receiver, {@code /sandbox/webhooks/{id}}.
 */
final class EmbedFamily extends Endpoint<EmbedFamily.Partner> {
  static final String TEST_MESSAGE = "Test event sent to check the webhook endpoint configuration.";
  static final String USER_NOT_FOUND = "ENexus:User not found";
  static final String WEBHOOK_NOT_FOUND = "ENexus:Webhook not found";
  static final String WEBHOOK_DISABLED = "ENexus:Webhook is disabled";
  static final List<String> AVAILABLE_EVENTS = List.of("custom_order.executed", "custom_order.execution_failed",
      "custom_order.cancelled", "quote.executed", "quote.execution_failed", "quote.cancelled", "reward.paid",
      "user.verified", "user.closed", "user.disabled", "deposit.status_updated", "withdrawal.status_updated");
  private static final int MAX_RESPONSE_BODY_CHARS = 4096;

  /** A partner (a domain): its users and webhooks are its own. */
  record Partner(String name) {}

  private record PartnerKey(SandboxKey key, Partner partner) {}

  private static final class User {
    final String iiban;
    final Partner partner;
    UserProfileUpdate profile;
    boolean autoEarnEnabled;
    OffsetDateTime autoEarnLastChanged;
    /** The status a PUT asked for, and when it takes effect; null when none is on its way. */
    Boolean wanted;
    Instant wantedAt;

    User(String iiban, Partner partner, UserProfileUpdate profile) {
      this.iiban = iiban;
      this.partner = partner;
      this.profile = profile;
    }
  }

  private static final class Hook {
    final String id;
    final Partner owner;
    final String secret;
    final OffsetDateTime createdAt;
    /** Null: the sandbox's own receiver. */
    String url;
    boolean enabled;
    List<String> subscribed;
    OffsetDateTime updatedAt;

    Hook(String id, Partner owner, String secret, boolean enabled, List<String> subscribed, OffsetDateTime createdAt) {
      this.id = id;
      this.owner = owner;
      this.secret = secret;
      this.enabled = enabled;
      this.subscribed = subscribed;
      this.createdAt = createdAt;
      this.updatedAt = createdAt;
    }
  }

  private record Method(String asset, String id, String network, String minimum, String fee, String explorer,
      String confirmations, String minutes, String contract) {}

  private static final List<Method> METHODS = List.of(
      new Method("BTC", "6f1c2a9e-3b7d-4e52-9a01-5c8d7e2f4b13", "Bitcoin", "0.00010000", "0.00000000",
          "https://mempool.space", "3", "30", ""),
      new Method("BTC", "2a7e9c41-5d3b-4f86-8e2a-1b9c0d4e7f65", "Lightning", "0.00000100", "0.00000000",
          "https://amboss.space", "0", "1", ""),
      new Method("ETH", "c4d8e2f1-6a9b-4c3d-8e7f-0a1b2c3d4e5f", "Ethereum", "0.00100000", "0.00000000",
          "https://etherscan.io", "35", "7", ""),
      new Method("ETH", "7b3e1d9f-2c4a-4e8b-9d6f-5a0c1e2b3d4f", "Arbitrum One", "0.00100000", "0.00000000",
          "https://arbiscan.io", "20", "5", ""),
      new Method("USDC", "0b9e4d21-7c3a-4f8e-b6d5-2a1c9e8f7d60", "Ethereum", "5.00", "0.00",
          "https://etherscan.io", "35", "7", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"),
      new Method("USDC", "9d3f6b82-1e4c-4a7b-8c0d-f2e5a6b7c8d9", "Solana", "1.00", "0.00",
          "https://solscan.io", "1", "1", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"),
      new Method("SOL", "e5a1c7d3-9b2f-4d6e-8a0c-3f1b5d7e9a2c", "Solana", "0.01000000", "0.00000000",
          "https://solscan.io", "1", "1", ""));

  private final Settings settings;
  private final Nonces nonces;
  private final OkHttpClient webhookHttp;
  private final Supplier<String> baseUrl;
  private final Map<String, PartnerKey> keys = new ConcurrentHashMap<>();
  private final AtomicInteger issued = new AtomicInteger();
  /** Guarded by {@code this}. */
  private final Map<String, User> users = new LinkedHashMap<>();
  /** Guarded by {@code this}. */
  private final Map<String, Hook> hooks = new LinkedHashMap<>();

  EmbedFamily(ContractValidator contract, Settings settings, Nonces nonces, OkHttpClient webhookHttp,
      Supplier<String> baseUrl) {
    super(Family.EMBED, contract);
    this.settings = settings;
    this.nonces = nonces;
    this.webhookHttp = webhookHttp;
    this.baseUrl = baseUrl;
    Partner demo = new Partner("demo partner");
    Partner other = new Partner("other partner");
    keys.put(Seed.EMBED_KEY.key(), new PartnerKey(Seed.EMBED_KEY, demo));
    keys.put(Seed.EMBED_OTHER_PARTNER_KEY.key(), new PartnerKey(Seed.EMBED_OTHER_PARTNER_KEY, other));
    users.put(Seed.USER_IIBAN, new User(Seed.USER_IIBAN, demo, UserProfileUpdate.builder()
        .tosVersionAccepted(4).language("en").build()));
    users.put(Seed.SECOND_USER_IIBAN, new User(Seed.SECOND_USER_IIBAN, demo, UserProfileUpdate.builder().build()));
    users.put(Seed.OTHER_PARTNER_USER_IIBAN,
        new User(Seed.OTHER_PARTNER_USER_IIBAN, other, UserProfileUpdate.builder().build()));
    OffsetDateTime created = OffsetDateTime.of(2025, 2, 11, 8, 30, 0, 0, ZoneOffset.UTC);
    hooks.put(Seed.WEBHOOK_ENABLED, new Hook(Seed.WEBHOOK_ENABLED, demo, Seed.WEBHOOK_SECRET, true,
        List.of("custom_order.executed", "custom_order.execution_failed", "quote.executed"), created));
    hooks.put(Seed.WEBHOOK_DISABLED, new Hook(Seed.WEBHOOK_DISABLED, demo, Seed.WEBHOOK_SECRET, false,
        List.of("user.verified"), created));
    hooks.put(Seed.WEBHOOK_FOREIGN, new Hook(Seed.WEBHOOK_FOREIGN, other, Seed.OTHER_PARTNER_WEBHOOK_SECRET, true,
        List.of("reward.paid"), created));

    route("PATCH", "/b2b/users/{user}", "updateUser", true, this::updateUser);
    route("GET", "/b2b/portfolio/{user}/history", "getPortfolioHistory", true, this::portfolioHistory);
    route("GET", "/b2b/funds/deposits/methods/{asset}", "getDepositMethods", true, this::depositMethods);
    route("GET", "/b2b/earn/{user}", "getAutoEarnStatus", true, this::autoEarnStatus);
    route("PUT", "/b2b/earn/{user}/auto", "setAutoEarn", true, this::setAutoEarn);
    route("PATCH", "/b2b/webhooks/{webhook_id}", "updateWebhook", true, this::updateWebhook);
    route("POST", "/b2b/webhooks/{webhook_id}/test", "testWebhook", true, this::testWebhook);
  }

  // ---- authentication ----

  @Override
  Authenticated<Partner> authenticate(HttpCall call, Route<Partner> route) {
    PartnerKey partnerKey = keys.get(String.valueOf(call.header("API-Key")));
    if (partnerKey == null) {
      return Authenticated.refused(error(401, "EAPI:Invalid key"));
    }
    String nonceText = call.header("API-Nonce");
    Long nonce = Nonces.parse(nonceText);
    if (nonce == null) {
      return Authenticated.refused(error(401, "EAPI:Invalid nonce"));
    }
    String expected = new SpotSigner(partnerKey.key().secret()).sign(call.pathAndQuery(), nonceText, call.body);
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
    return Reply.json(status, Json.write(new ErrorResponse(List.of(error))));
  }

  @Override
  Reply rejected(Route<Partner> route, List<ContractValidator.Problem> problems) {
    return error(400, "EGeneral:Invalid arguments:" + detail(problems));
  }

  @Override
  Reply unknownOperation(HttpCall call, boolean pathKnown) {
    return error(404, "EGeneral:Unknown method");
  }

  @Override
  Reply internalError(Exception e) {
    return error(500, "EGeneral:Internal error:" + e);
  }

  private static Reply ok(Object body) {
    return Reply.json(200, Json.write(body));
  }

  private OffsetDateTime now() {
    return settings.clock().instant().truncatedTo(ChronoUnit.MILLIS).atOffset(ZoneOffset.UTC);
  }

  /** The partner's user, or null (unknown, or another partner's). Guarded by {@code this}. */
  private User user(Partner partner, String iiban) {
    User user = users.get(iiban);
    return user != null && user.partner.equals(partner) ? user : null;
  }

  // ---- operations ----

  private Reply updateUser(HttpCall call, Map<String, String> path, Partner partner) throws IOException {
    UserProfileUpdate update = Json.read(call.body, UserProfileUpdate.class);
    synchronized (this) {
      User user = user(partner, path.get("user"));
      if (user == null) {
        return error(404, USER_NOT_FOUND);
      }
      user.profile = merge(user.profile, update);
    }
    return ok(new SuccessResultResponse(SuccessResult.SUCCESS));
  }

  /** PATCH semantics: a field that is sent replaces the stored one as a whole. */
  private static UserProfileUpdate merge(UserProfileUpdate stored, UserProfileUpdate update) {
    UserProfileUpdate.Builder merged = stored.toBuilder();
    if (update.tosVersionAccepted() != null) merged.tosVersionAccepted(update.tosVersionAccepted());
    if (update.fullName() != null) merged.fullName(update.fullName());
    if (update.dateOfBirth() != null) merged.dateOfBirth(update.dateOfBirth());
    if (update.cityOfBirth() != null) merged.cityOfBirth(update.cityOfBirth());
    if (update.countryOfBirth() != null) merged.countryOfBirth(update.countryOfBirth());
    if (update.residence() != null) merged.residence(update.residence());
    if (update.phone() != null) merged.phone(update.phone());
    if (update.nationalities() != null) merged.nationalities(update.nationalities());
    if (update.taxIds() != null) merged.taxIds(update.taxIds());
    if (update.occupation() != null) merged.occupation(update.occupation());
    if (update.employerName() != null) merged.employerName(update.employerName());
    if (update.clientIdentifier() != null) merged.clientIdentifier(update.clientIdentifier());
    if (update.language() != null) merged.language(update.language());
    return merged.build();
  }

  private Reply portfolioHistory(HttpCall call, Map<String, String> path, Partner partner) {
    String iiban = path.get("user");
    synchronized (this) {
      if (user(partner, iiban) == null) {
        return error(404, USER_NOT_FOUND);
      }
    }
    PortfolioHistories.Query query;
    String cursor = call.query("cursor");
    if (cursor != null) {
      // Every other parameter is ignored: the cursor carries the query it continues.
      query = PortfolioHistories.fromCursor(cursor);
      if (query == null || !query.user().equals(iiban)) {
        return error(400, "EGeneral:Invalid arguments:cursor");
      }
    } else {
      LocalDate end = call.query("end_date") != null ? LocalDate.parse(call.query("end_date"))
          : LocalDate.ofInstant(settings.clock().instant(), ZoneOffset.UTC);
      LocalDate start = call.query("start_date") != null ? LocalDate.parse(call.query("start_date"))
          : end.minusDays(365);
      long resolution = call.query("resolution") != null ? Long.parseLong(call.query("resolution")) : 1;
      String quote = call.query("quote") != null ? call.query("quote") : "USD";
      if (resolution < 1) {
        return error(400, "EGeneral:Invalid arguments:resolution must be at least 1");
      }
      if (start.isAfter(end)) {
        return error(400, "EGeneral:Invalid arguments:start_date is after end_date");
      }
      if (!PortfolioHistories.QUOTES.contains(quote)) {
        return error(400, "EGeneral:Invalid arguments:quote " + quote + " is not supported");
      }
      query = new PortfolioHistories.Query(iiban, start, end, resolution, quote,
          List.copyOf(call.queryAll("include[assets][]")), "true".equals(call.query("include[total_balance]")),
          "true".equals(call.query("include[total_pnl]")), start);
    }
    return ok(new PortfolioHistoryResponse(PortfolioHistories.page(query)));
  }

  private Reply depositMethods(HttpCall call, Map<String, String> path, Partner partner) {
    synchronized (this) {
      if (user(partner, call.query("user")) == null) {
        return error(404, USER_NOT_FOUND);
      }
    }
    String asset = path.get("asset");
    List<DepositMethod> methods = new ArrayList<>();
    for (Method method : METHODS) {
      if (method.asset().equals(asset)) {
        methods.add(new DepositMethod(UUID.fromString(method.id()),
            new AssetAmount(asset, new BigDecimal(method.fee())),
            new AssetAmount(asset, new BigDecimal(method.minimum())),
            null,
            new AssetAmount(asset, new BigDecimal(method.fee())),
            new BigDecimal("0.00"), method.network(),
            new NetworkInfo(method.explorer(), method.confirmations(), method.minutes(), method.contract()),
            List.of(new DepositLimitMeta("daily", Map.of("remaining", "2.50000000", "total", "5.00000000")))));
      }
    }
    if (methods.isEmpty()) {
      return error(400, "EQuery:Unknown asset");
    }
    return ok(new DepositMethodsResponse(new DepositMethods(methods)));
  }

  private Reply autoEarnStatus(HttpCall call, Map<String, String> path, Partner partner) {
    String currency = call.query("currency") != null ? call.query("currency") : "USD";
    if (!PortfolioHistories.QUOTES.contains(currency)) {
      return error(400, "EGeneral:Invalid arguments:currency " + currency + " is not supported");
    }
    boolean enabled;
    OffsetDateTime lastChanged;
    synchronized (this) {
      User user = user(partner, path.get("user"));
      if (user == null) {
        return error(404, USER_NOT_FOUND);
      }
      settle(user);
      enabled = user.autoEarnEnabled;
      lastChanged = user.autoEarnLastChanged;
    }
    BigDecimal rate = currency.equals("EUR") ? new BigDecimal("0.92") : BigDecimal.ONE;
    List<UpcomingReward> rewards = enabled ? List.of(new UpcomingReward(
        now().truncatedTo(ChronoUnit.DAYS).plusDays(7), "ETH",
        new NativeConvertedAmount(new BigDecimal("0.00041250"), new BigDecimal("0.74").multiply(rate).setScale(2,
            java.math.RoundingMode.HALF_EVEN)),
        new NativeConvertedAmount(new BigDecimal("0.00000001"), new BigDecimal("0.00")))) : List.of();
    AutoEarnStatus status = new AutoEarnStatus(true, enabled, "P7D",
        (enabled ? new BigDecimal("18250.42") : new BigDecimal("0.00")).multiply(rate).setScale(2,
            java.math.RoundingMode.HALF_EVEN),
        new BigDecimal("0.00"), new BigDecimal("0.00"), enabled ? 2 : 0, rewards, lastChanged);
    return ok(new AutoEarnStatusResponse(status));
  }

  private Reply setAutoEarn(HttpCall call, Map<String, String> path, Partner partner) {
    boolean wanted = Boolean.parseBoolean(call.query("want_enabled"));
    synchronized (this) {
      User user = user(partner, path.get("user"));
      if (user == null) {
        return error(404, USER_NOT_FOUND);
      }
      settle(user);
      user.wanted = wanted;
      user.wantedAt = settings.clock().instant().plus(settings.autoEarnSwitchDelay());
      settle(user); // a zero delay switches at once
    }
    return ok(new SetAutoEarnResponse(new EmptyResult()));
  }

  /** Applies a wanted Auto-Earn status whose time has come. Guarded by {@code this}. */
  private void settle(User user) {
    if (user.wanted != null && !settings.clock().instant().isBefore(user.wantedAt)) {
      if (user.autoEarnEnabled != user.wanted) {
        user.autoEarnEnabled = user.wanted;
        user.autoEarnLastChanged = user.wantedAt.truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC);
      }
      user.wanted = null;
      user.wantedAt = null;
    }
  }

  private Reply updateWebhook(HttpCall call, Map<String, String> path, Partner partner) throws IOException {
    WebhookUpdate update = Json.read(call.body, WebhookUpdate.class);
    if (update.events() != null) {
      for (String event : update.events()) {
        if (!AVAILABLE_EVENTS.contains(event)) {
          return error(400, "EGeneral:Invalid arguments:event type " + event + " is not available");
        }
      }
    }
    Webhook updated;
    synchronized (this) {
      Hook hook = hooks.get(path.get("webhook_id"));
      if (hook == null || !hook.owner.equals(partner)) {
        return error(404, WEBHOOK_NOT_FOUND);
      }
      if (update.enabled() != null) {
        hook.enabled = update.enabled();
      }
      if (update.events() != null) {
        hook.subscribed = List.copyOf(update.events());
      }
      hook.updatedAt = now();
      updated = view(hook);
    }
    return ok(new WebhookUpdateResponse(new WebhookResult(updated)));
  }

  /** Guarded by {@code this}. */
  private Webhook view(Hook hook) {
    return new Webhook(hook.id, url(hook), hook.enabled, hook.subscribed, AVAILABLE_EVENTS, hook.createdAt,
        hook.updatedAt);
  }

  private String url(Hook hook) {
    return hook.url != null ? hook.url : baseUrl.get() + "sandbox/webhooks/" + hook.id;
  }

  private Reply testWebhook(HttpCall call, Map<String, String> path, Partner partner) {
    String url;
    String secret;
    String id;
    synchronized (this) {
      Hook hook = hooks.get(path.get("webhook_id"));
      if (hook == null || !hook.owner.equals(partner)) {
        return error(404, WEBHOOK_NOT_FOUND);
      }
      if (!hook.enabled) {
        return error(403, WEBHOOK_DISABLED);
      }
      url = url(hook);
      secret = hook.secret;
      id = hook.id;
    }
    if (pointsAtThisService(url)) {
      // As the service refuses to call its own API: a webhook there could make it sign requests to itself.
      return error(400, "EGeneral:Invalid arguments:webhook URL points at this service");
    }
    // The delivery runs outside the lock: a slow receiver must not hold up other calls.
    String payload = Json.write(new WebhookEvent(WebhookEventType.WEBHOOK_TEST, null, null, null, TEST_MESSAGE));
    String signature = signatureHeader(secret, settings.clock().instant().getEpochSecond(), payload);
    Integer status = null;
    String responseBody = null;
    String failure = null;
    try {
      Request request = new Request.Builder().url(url)
          .header("X-Signature", signature)
          .header("X-Webhook-Event", WebhookEventType.WEBHOOK_TEST.value())
          .header("X-Webhook-ID", id)
          .post(RequestBody.create(payload.getBytes(StandardCharsets.UTF_8), MediaType.get("application/json")))
          .build();
      try (Response response = webhookHttp.newCall(request).execute()) {
        status = response.code();
        ResponseBody body = response.body();
        String text = body.string();
        responseBody = text.length() <= MAX_RESPONSE_BODY_CHARS ? text : text.substring(0, MAX_RESPONSE_BODY_CHARS);
      }
    } catch (IOException | IllegalArgumentException e) {
      failure = "delivery to " + url + " failed: " + e;
    }
    WebhookTestResult result = new WebhookTestResult(failure == null ? "success" : "failed", UUID.randomUUID(),
        payload, signature, status, responseBody, failure);
    return ok(new WebhookTestResponse(result));
  }

  /**
   * True if {@code url} reaches this sandbox (its port on a loopback or wildcard address, under any
   * name) anywhere but its own webhook receiver, {@code /sandbox/webhooks/}, the default target.
   */
  private boolean pointsAtThisService(String url) {
    HttpUrl target = HttpUrl.parse(url);
    HttpUrl self = HttpUrl.parse(baseUrl.get());
    if (target == null || self == null || target.port() != self.port()
        || target.encodedPath().startsWith("/sandbox/webhooks/")) {
      return false;
    }
    try {
      InetAddress address = InetAddress.getByName(target.host());
      return address.isLoopbackAddress() || address.isAnyLocalAddress();
    } catch (UnknownHostException unknown) {
      return false; // not resolvable here: the delivery fails and says so
    }
  }

  /** {@code t=<unix seconds>,v1=<hex HMAC-SHA256(Base64Decode(secret), t + "." + body)>}. */
  static String signatureHeader(String base64Secret, long unixSeconds, String body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(java.util.Base64.getDecoder().decode(base64Secret), "HmacSHA256"));
      byte[] digest = mac.doFinal((unixSeconds + "." + body).getBytes(StandardCharsets.UTF_8));
      return "t=" + unixSeconds + ",v1=" + HexFormat.of().formatHex(digest);
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  // ---- for Sandbox ----

  /** Another key of the demo partner, e.g. to send from several clients at once. */
  SandboxKey issueKey() {
    String label = "embed extra " + issued.incrementAndGet();
    SandboxKey key = new SandboxKey(Secrets.derivedKey("SBXEMBED", label), Secrets.derivedBase64(label, 64));
    keys.put(key.key(), new PartnerKey(key, keys.get(Seed.EMBED_KEY.key()).partner()));
    return key;
  }

  synchronized void setWebhookUrl(String webhookId, String url) {
    Hook hook = hooks.get(webhookId);
    if (hook == null) {
      throw new IllegalArgumentException("no webhook " + webhookId);
    }
    hook.url = url;
  }

  /** The secret of any partner's webhook, for the sandbox's own receiver; null if unknown. */
  synchronized String webhookSecret(String webhookId) {
    Hook hook = hooks.get(webhookId);
    return hook == null ? null : hook.secret;
  }

  synchronized Webhook webhook(String webhookId) {
    Hook hook = hooks.get(webhookId);
    if (hook == null) {
      throw new IllegalArgumentException("no webhook " + webhookId);
    }
    return view(hook);
  }

  synchronized UserProfileUpdate profile(String iiban) {
    User user = users.get(iiban);
    if (user == null) {
      throw new IllegalArgumentException("no user " + iiban);
    }
    return user.profile;
  }

  synchronized boolean autoEarnEnabled(String iiban) {
    User user = Objects.requireNonNull(users.get(iiban), "no user " + iiban);
    settle(user);
    return user.autoEarnEnabled;
  }
}
