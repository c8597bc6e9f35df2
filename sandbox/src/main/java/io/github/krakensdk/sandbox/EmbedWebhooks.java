package io.github.krakensdk.sandbox;

import io.github.krakensdk.embed.model.Webhook;
import io.github.krakensdk.embed.model.WebhookEvent;
import io.github.krakensdk.embed.model.WebhookEventType;
import io.github.krakensdk.embed.model.WebhookResult;
import io.github.krakensdk.embed.model.WebhookTestResponse;
import io.github.krakensdk.embed.model.WebhookTestResult;
import io.github.krakensdk.embed.model.WebhookUpdate;
import io.github.krakensdk.embed.model.WebhookUpdateResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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
 * A partner's webhooks ({@code /b2b/webhooks}). A PATCH replaces the whole subscription set and/or
 * the enabled flag. The test operation POSTs the test event to the webhook's URL, signed like
 * every delivery, and reports the receiver's answer ({@code result} {@code success}), or why there
 * was none ({@code result} {@code failed} with {@code error_message}). A webhook's URL cannot be
 * changed through the API (as in the service); {@link Sandbox#setWebhookUrl} stands in for the
 * partner's dashboard, and by default the URL is the sandbox's own receiver,
 * {@code /sandbox/webhooks/{id}}.
 */
final class EmbedWebhooks {
  static final String TEST_MESSAGE = "Test event sent to check the webhook endpoint configuration.";
  static final String WEBHOOK_NOT_FOUND = "ENexus:Webhook not found";
  static final String WEBHOOK_DISABLED = "ENexus:Webhook is disabled";
  static final List<String> AVAILABLE_EVENTS = List.of("custom_order.executed", "custom_order.execution_failed",
      "custom_order.cancelled", "quote.executed", "quote.execution_failed", "quote.cancelled", "reward.paid",
      "user.verified", "user.closed", "user.disabled", "deposit.status_updated", "withdrawal.status_updated");
  private static final int MAX_RESPONSE_BODY_CHARS = 4096;

  private static final class Hook {
    final String id;
    final EmbedFamily.Partner owner;
    final String secret;
    final OffsetDateTime createdAt;
    /** Null: the sandbox's own receiver. */
    String url;
    boolean enabled;
    List<String> subscribed;
    OffsetDateTime updatedAt;

    Hook(String id, EmbedFamily.Partner owner, String secret, boolean enabled, List<String> subscribed,
        OffsetDateTime createdAt) {
      this.id = id;
      this.owner = owner;
      this.secret = secret;
      this.enabled = enabled;
      this.subscribed = subscribed;
      this.createdAt = createdAt;
      this.updatedAt = createdAt;
    }
  }

  private final EmbedState state;
  private final OkHttpClient webhookHttp;
  private final Supplier<String> baseUrl;
  /** Guarded by {@code state}. */
  private final Map<String, Hook> hooks = new LinkedHashMap<>();

  EmbedWebhooks(EmbedState state, OkHttpClient webhookHttp, Supplier<String> baseUrl, EmbedFamily.Partner demo,
      EmbedFamily.Partner other) {
    this.state = state;
    this.webhookHttp = webhookHttp;
    this.baseUrl = baseUrl;
    OffsetDateTime created = OffsetDateTime.of(2025, 2, 11, 8, 30, 0, 0, ZoneOffset.UTC);
    hooks.put(Seed.WEBHOOK_ENABLED, new Hook(Seed.WEBHOOK_ENABLED, demo, Seed.WEBHOOK_SECRET, true,
        List.of("custom_order.executed", "custom_order.execution_failed", "quote.executed"), created));
    hooks.put(Seed.WEBHOOK_DISABLED, new Hook(Seed.WEBHOOK_DISABLED, demo, Seed.WEBHOOK_SECRET, false,
        List.of("user.verified"), created));
    hooks.put(Seed.WEBHOOK_FOREIGN, new Hook(Seed.WEBHOOK_FOREIGN, other, Seed.OTHER_PARTNER_WEBHOOK_SECRET, true,
        List.of("reward.paid"), created));
  }

  void routes(EmbedFamily family) {
    family.route("PATCH", "/b2b/webhooks/{webhook_id}", "updateWebhook", true, this::updateWebhook);
    family.route("POST", "/b2b/webhooks/{webhook_id}/test", "testWebhook", true, this::testWebhook);
  }

  private Reply updateWebhook(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) throws IOException {
    WebhookUpdate update = Json.read(call.body, WebhookUpdate.class);
    if (update.events() != null) {
      for (String event : update.events()) {
        if (!AVAILABLE_EVENTS.contains(event)) {
          return EmbedFamily.error(400, "EGeneral:Invalid arguments:event type " + event + " is not available");
        }
      }
    }
    Webhook updated;
    synchronized (state) {
      Hook hook = hooks.get(path.get("webhook_id"));
      if (hook == null || !hook.owner.equals(partner)) {
        return EmbedFamily.error(404, WEBHOOK_NOT_FOUND);
      }
      if (update.enabled() != null) {
        hook.enabled = update.enabled();
      }
      if (update.events() != null) {
        hook.subscribed = List.copyOf(update.events());
      }
      hook.updatedAt = state.now();
      updated = view(hook);
    }
    return EmbedFamily.ok(new WebhookUpdateResponse(new WebhookResult(updated)));
  }

  /** Caller holds the state's monitor. */
  private Webhook view(Hook hook) {
    return new Webhook(hook.id, url(hook), hook.enabled, hook.subscribed, AVAILABLE_EVENTS, hook.createdAt,
        hook.updatedAt);
  }

  private String url(Hook hook) {
    return hook.url != null ? hook.url : baseUrl.get() + "sandbox/webhooks/" + hook.id;
  }

  private Reply testWebhook(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    String url;
    String secret;
    String id;
    synchronized (state) {
      Hook hook = hooks.get(path.get("webhook_id"));
      if (hook == null || !hook.owner.equals(partner)) {
        return EmbedFamily.error(404, WEBHOOK_NOT_FOUND);
      }
      if (!hook.enabled) {
        return EmbedFamily.error(403, WEBHOOK_DISABLED);
      }
      url = url(hook);
      secret = hook.secret;
      id = hook.id;
    }
    if (pointsAtThisService(url)) {
      // As the service refuses to call its own API: a webhook there could make it sign requests to itself.
      return EmbedFamily.error(400, "EGeneral:Invalid arguments:webhook URL points at this service");
    }
    // The delivery runs outside the lock: a slow receiver must not hold up other calls.
    String payload = Json.write(new WebhookEvent(WebhookEventType.WEBHOOK_TEST, null, null, null, TEST_MESSAGE));
    String signature = signatureHeader(secret, state.instant().getEpochSecond(), payload);
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
    return EmbedFamily.ok(new WebhookTestResponse(result));
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

  void setWebhookUrl(String webhookId, String url) {
    synchronized (state) {
      Hook hook = hooks.get(webhookId);
      if (hook == null) {
        throw new IllegalArgumentException("no webhook " + webhookId);
      }
      hook.url = url;
    }
  }

  /** The secret of any partner's webhook, for the sandbox's own receiver; null if unknown. */
  String webhookSecret(String webhookId) {
    synchronized (state) {
      Hook hook = hooks.get(webhookId);
      return hook == null ? null : hook.secret;
    }
  }

  Webhook webhook(String webhookId) {
    synchronized (state) {
      Hook hook = hooks.get(webhookId);
      if (hook == null) {
        throw new IllegalArgumentException("no webhook " + webhookId);
      }
      return view(hook);
    }
  }
}
