package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.WebhookDelivery;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Json;
import io.github.krakensdk.sandbox.internal.http.Reply;
import io.github.krakensdk.sandbox.internal.http.Signatures;

import io.github.krakensdk.embed.model.Webhook;
import io.github.krakensdk.embed.model.WebhookDeletion;
import io.github.krakensdk.embed.internal.model.WebhookDeletionResponse;
import io.github.krakensdk.embed.model.WebhookEvent;
import io.github.krakensdk.embed.model.WebhookEventType;
import io.github.krakensdk.embed.model.WebhookList;
import io.github.krakensdk.embed.internal.model.WebhookListResponse;
import io.github.krakensdk.embed.internal.model.WebhookRegistration;
import io.github.krakensdk.embed.internal.model.WebhookRegistrationResponse;
import io.github.krakensdk.embed.model.WebhookRegistrationResult;
import io.github.krakensdk.embed.model.WebhookResult;
import io.github.krakensdk.embed.internal.model.WebhookTestResponse;
import io.github.krakensdk.embed.model.WebhookTestResult;
import io.github.krakensdk.embed.internal.model.WebhookUpdate;
import io.github.krakensdk.embed.internal.model.WebhookUpdateResponse;
import java.io.Closeable;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * A partner's webhooks ({@code /b2b/webhooks}) and the deliveries of its events.
 *
 * <p>Registering answers a new ID and a new secret, shown that once. The URL must be HTTPS, as in
 * the service, except that {@code http} is accepted for a loopback host (a receiver a test or the
 * tour starts on this machine). A PATCH replaces the whole subscription set and/or the enabled
 * flag. The test operation POSTs the test event to the webhook's URL, signed like every delivery,
 * and reports the receiver's answer ({@code result} {@code success}), or why there was none
 * ({@code result} {@code failed} with {@code error_message}). A webhook's URL cannot be changed
 * through the API (as in the service); {@link Sandbox#setWebhookUrl} stands in for the partner's
 * dashboard, and by default a seeded webhook's URL is the sandbox's own receiver,
 * {@code /sandbox/webhooks/{id}}.
 *
 * <p>Deliveries: every event {@link EmbedState#publish published} goes to each enabled webhook of
 * its partner subscribed to its type, signed with that webhook's secret, from a small executor of
 * this class (never on the publishing thread). A delivery that gets no 2xx is retried {@link
 * #RETRY_AFTER} the event on the sandbox clock (10 s, 30 s, 60 s, 120 s, 300 s: the contract's
 * schedule), each attempt signed again with its own time; a deleted or disabled webhook gets no
 * further attempt. Every attempt is kept for {@link io.github.krakensdk.sandbox.EmbedControls#webhookDeliveries(String)}.
 */
public final class EmbedWebhooks implements Closeable {
  static final String TEST_MESSAGE = "Test event sent to check the webhook endpoint configuration.";
  static final String WEBHOOK_NOT_FOUND = "ENexus:Webhook not found";
  static final String WEBHOOK_DISABLED = "ENexus:Webhook is disabled";
  static final List<String> AVAILABLE_EVENTS = List.of("custom_order.executed", "custom_order.execution_failed",
      "custom_order.cancelled", "quote.executed", "quote.execution_failed", "quote.cancelled", "reward.paid",
      "user.verified", "user.closed", "user.disabled", "deposit.status_updated", "withdrawal.status_updated");
  /** When each retry is due, counted from the event (the contract's decision): 5 retries within 5 minutes. */
  static final List<Duration> RETRY_AFTER = List.of(Duration.ofSeconds(10), Duration.ofSeconds(30),
      Duration.ofSeconds(60), Duration.ofSeconds(120), Duration.ofSeconds(300));
  private static final int MAX_RESPONSE_BODY_CHARS = 4096;
  /** How often pending retries are compared with the sandbox clock, which may jump at any time. */
  private static final long POLL_MILLIS = 20;
  private static final Set<String> BASE_MEMBERS = Set.of("event_type", "id", "iiban", "timestamp");
  private static final Set<String> PROTOCOL_HOSTS = Set.of("http", "https", "ftp", "file", "mailto", "ssh", "git",
      "svn");
  private static final DateTimeFormatter NANOS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);
  private static final char[] ID_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789".toCharArray();

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

  /** One event on its way to one webhook. Guarded by {@code state}. */
  private static final class Delivery {
    final String hookId;
    final EmbedState.Event event;
    final String body;
    final List<WebhookDelivery.Attempt> attempts = new ArrayList<>();
    WebhookDelivery.Status status = WebhookDelivery.Status.PENDING;
    Instant dueAt;

    Delivery(String hookId, EmbedState.Event event, String body) {
      this.hookId = hookId;
      this.event = event;
      this.body = body;
      this.dueAt = event.time();
    }

    WebhookDelivery view() {
      return new WebhookDelivery(hookId, event.id(), event.type(), body, status, attempts);
    }
  }

  private final EmbedState state;
  private final OkHttpClient webhookHttp;
  private final Supplier<String> baseUrl;
  private final EmbedFamily.Partner demo;
  private final SecureRandom random = new SecureRandom();
  /** Guarded by {@code state}. */
  private final Map<String, Hook> hooks = new LinkedHashMap<>();
  /** Every delivery, oldest first. Guarded by {@code state}. */
  private final List<Delivery> deliveries = new ArrayList<>();
  /** Deliveries waiting for their next attempt. Guarded by {@code state}. */
  private final List<Delivery> pending = new ArrayList<>();
  private final ScheduledExecutorService sender;
  private final AtomicBoolean pumpScheduled = new AtomicBoolean();

  EmbedWebhooks(EmbedState state, OkHttpClient webhookHttp, Supplier<String> baseUrl, EmbedFamily.Partner demo,
      EmbedFamily.Partner other) {
    this.state = state;
    this.webhookHttp = webhookHttp;
    this.baseUrl = baseUrl;
    this.demo = demo;
    OffsetDateTime created = OffsetDateTime.of(2025, 2, 11, 8, 30, 0, 0, ZoneOffset.UTC);
    hooks.put(Seed.WEBHOOK_ENABLED, new Hook(Seed.WEBHOOK_ENABLED, demo, Seed.WEBHOOK_SECRET, true,
        List.of("custom_order.executed", "custom_order.execution_failed", "quote.executed"), created));
    hooks.put(Seed.WEBHOOK_DISABLED, new Hook(Seed.WEBHOOK_DISABLED, demo, Seed.WEBHOOK_SECRET, false,
        List.of("user.verified"), created));
    hooks.put(Seed.WEBHOOK_FOREIGN, new Hook(Seed.WEBHOOK_FOREIGN, other, Seed.OTHER_PARTNER_WEBHOOK_SECRET, true,
        List.of("reward.paid"), created));
    AtomicInteger threads = new AtomicInteger();
    this.sender = Executors.newScheduledThreadPool(2, runnable -> {
      Thread thread = new Thread(runnable, "kraken-sandbox-webhooks-" + threads.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
    state.onEvent(this::announce);
  }

  void routes(EmbedFamily family) {
    family.route("POST", "/b2b/webhooks", "registerWebhook", true, this::registerWebhook);
    family.route("GET", "/b2b/webhooks", "listWebhooks", true, this::listWebhooks);
    family.route("PATCH", "/b2b/webhooks/{webhook_id}", "updateWebhook", true, this::updateWebhook);
    family.route("DELETE", "/b2b/webhooks/{webhook_id}", "deleteWebhook", true, this::deleteWebhook);
    family.route("POST", "/b2b/webhooks/{webhook_id}/test", "testWebhook", true, this::testWebhook);
  }

  // ---- the operations ----

  private Reply registerWebhook(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner)
      throws IOException {
    WebhookRegistration registration = call.parameters().read(WebhookRegistration.class);
    String refused = refusedUrl(registration.url());
    if (refused != null) {
      return EmbedFamily.error(400, "EGeneral:Invalid arguments:url " + refused);
    }
    Reply badEvents = unavailableEvent(registration.events());
    if (badEvents != null) {
      return badEvents;
    }
    byte[] key = new byte[32];
    random.nextBytes(key);
    String secret = Base64.getEncoder().encodeToString(key);
    Webhook registered;
    synchronized (state) {
      String id;
      do {
        id = newId();
      } while (hooks.containsKey(id));
      Hook hook = new Hook(id, partner, secret, Boolean.TRUE.equals(registration.enabled()),
          registration.events() == null ? List.of() : List.copyOf(registration.events()), state.now());
      hook.url = registration.url();
      hooks.put(id, hook);
      registered = view(hook);
    }
    return EmbedFamily.ok(WebhookRegistrationResponse.builder()
        .result(WebhookRegistrationResult.builder().webhook(registered).secret(secret).build())
        .build());
  }

  /** {@code WH3QZP-7LM2K-XR4DNB}: the shape of the service's webhook IDs. */
  private String newId() {
    StringBuilder id = new StringBuilder("WH");
    for (int i = 0; i < 15; i++) {
      if (i == 4 || i == 9) {
        id.append('-');
      }
      id.append(ID_CHARS[random.nextInt(ID_CHARS.length)]);
    }
    return id.toString();
  }

  /**
   * Why the service would refuse {@code url}, or null. As the service: HTTPS, a host that is not a
   * protocol name, no credentials, no path starting with {@code //}, never this sandbox's API. As
   * the sandbox's decision: {@code http} too for a loopback host, where the tests' receivers run.
   */
  private String refusedUrl(String url) {
    HttpUrl parsed = HttpUrl.parse(url);
    if (parsed == null) {
      return "is not a valid URL";
    }
    if (!parsed.username().isEmpty() || !parsed.password().isEmpty()) {
      return "must not contain credentials";
    }
    if (PROTOCOL_HOSTS.contains(parsed.host())) {
      return "has a protocol name as its host";
    }
    if (parsed.encodedPath().startsWith("//")) {
      return "has a path starting with //";
    }
    if (!parsed.isHttps() && !loopback(parsed.host())) {
      return "must use HTTPS";
    }
    if (pointsAtThisService(url)) {
      return "points at this service";
    }
    return null;
  }

  private static boolean loopback(String host) {
    return host.equals("localhost") || host.equals("127.0.0.1") || host.equals("::1");
  }

  private Reply unavailableEvent(List<String> events) {
    if (events != null) {
      for (String event : events) {
        if (!AVAILABLE_EVENTS.contains(event)) {
          return EmbedFamily.error(400, "EGeneral:Invalid arguments:event type " + event + " is not available");
        }
      }
    }
    return null;
  }

  private Reply listWebhooks(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    List<Webhook> own = new ArrayList<>();
    synchronized (state) {
      for (Hook hook : hooks.values()) {
        if (hook.owner.equals(partner)) {
          own.add(view(hook));
        }
      }
    }
    return EmbedFamily.ok(WebhookListResponse.builder().result(WebhookList.builder().webhooks(own).build()).build());
  }

  private Reply updateWebhook(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) throws IOException {
    WebhookUpdate update = call.parameters().read(WebhookUpdate.class);
    Reply badEvents = unavailableEvent(update.events());
    if (badEvents != null) {
      return badEvents;
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
    return EmbedFamily.ok(WebhookUpdateResponse.builder()
        .result(WebhookResult.builder().webhook(updated).build())
        .build());
  }

  private Reply deleteWebhook(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    WebhookDeletion deleted;
    synchronized (state) {
      Hook hook = hooks.get(path.get("webhook_id"));
      if (hook == null || !hook.owner.equals(partner)) {
        return EmbedFamily.error(404, WEBHOOK_NOT_FOUND);
      }
      hooks.remove(hook.id);
      for (Iterator<Delivery> it = pending.iterator(); it.hasNext(); ) {
        Delivery delivery = it.next();
        if (delivery.hookId.equals(hook.id)) {
          delivery.status = WebhookDelivery.Status.CANCELLED;
          it.remove();
        }
      }
      deleted = WebhookDeletion.builder().webhookId(hook.id).deletedAt(state.now()).build();
    }
    return EmbedFamily.ok(WebhookDeletionResponse.builder().result(deleted).build());
  }

  /** Caller holds the state's monitor. */
  private Webhook view(Hook hook) {
    return Webhook.builder()
        .id(hook.id)
        .url(url(hook))
        .enabled(hook.enabled)
        .subscribedEvents(hook.subscribed)
        .availableEvents(AVAILABLE_EVENTS)
        .createdAt(hook.createdAt)
        .updatedAt(hook.updatedAt)
        .build();
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
    String payload = Json.write(WebhookEvent.builder().eventType(WebhookEventType.WEBHOOK_TEST)
        .message(TEST_MESSAGE).build());
    String signature = signatureHeader(secret, state.instant().getEpochSecond(), payload);
    Post post = post(url, id, WebhookEventType.WEBHOOK_TEST.value(), signature, payload);
    WebhookTestResult result = WebhookTestResult.builder()
        .result(post.failure == null ? "success" : "failed")
        .testId(UUID.randomUUID())
        .payloadSent(payload)
        .signatureHeader(signature)
        .httpStatus(post.status)
        .responseBody(post.responseBody)
        .errorMessage(post.failure)
        .build();
    return EmbedFamily.ok(WebhookTestResponse.builder().result(result).build());
  }

  /** What a receiver answered: its status and body, or why it did not. */
  private record Post(Integer status, String responseBody, String failure) {}

  /** POSTs a signed event to {@code url} with the delivery headers, on the calling thread. */
  private Post post(String url, String webhookId, String eventType, String signature, String payload) {
    try {
      Request request = new Request.Builder().url(url)
          .header("X-Signature", signature)
          .header("X-Webhook-Event", eventType)
          .header("X-Webhook-ID", webhookId)
          .post(RequestBody.create(payload.getBytes(StandardCharsets.UTF_8), MediaType.get("application/json")))
          .build();
      try (Response response = webhookHttp.newCall(request).execute()) {
        ResponseBody body = response.body();
        String text = body.string();
        return new Post(response.code(),
            text.length() <= MAX_RESPONSE_BODY_CHARS ? text : text.substring(0, MAX_RESPONSE_BODY_CHARS), null);
      }
    } catch (IOException | IllegalArgumentException e) {
      return new Post(null, null, "delivery to " + url + " failed: " + e);
    }
  }

  // ---- deliveries ----

  /**
   * Queues {@code event} for every enabled webhook of its partner subscribed to its type. Called by
   * {@link EmbedState#publish}, possibly under the state's monitor: it only queues, never sends.
   */
  private void announce(EmbedState.Event event) {
    String body = Json.MOSHI.adapter(Object.class).toJson(body(event));
    boolean queued = false;
    synchronized (state) {
      for (Hook hook : hooks.values()) {
        if (hook.owner.equals(event.partner()) && hook.enabled && hook.subscribed.contains(event.type())) {
          Delivery delivery = new Delivery(hook.id, event, body);
          deliveries.add(delivery);
          pending.add(delivery);
          queued = true;
        }
      }
    }
    if (queued) {
      wake(0);
    }
  }

  /**
   * The delivered body: {@code event_type}, {@code id}, {@code iiban}, {@code timestamp} (RFC 3339
   * with nanoseconds, as the service writes it), then the event's own members.
   */
  private static Map<String, Object> body(EmbedState.Event event) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("event_type", event.type());
    body.put("id", event.id());
    if (event.iiban() != null) {
      body.put("iiban", event.iiban());
    }
    body.put("timestamp", NANOS.format(event.time()));
    for (Map.Entry<String, Object> member : event.data().entrySet()) {
      if (!BASE_MEMBERS.contains(member.getKey()) && member.getValue() != null) {
        body.put(member.getKey(), plain(member.getValue()));
      }
    }
    return body;
  }

  /** Decimals as the contract's decimal strings; maps and lists member by member; the rest as Moshi writes it. */
  private static Object plain(Object value) {
    if (value instanceof BigDecimal decimal) {
      return decimal.toPlainString();
    }
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach((k, v) -> {
        if (v != null) {
          copy.put(String.valueOf(k), plain(v));
        }
      });
      return copy;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(EmbedWebhooks::plain).toList();
    }
    if (value instanceof Enum<?> || value instanceof Instant || value instanceof OffsetDateTime) {
      return value.toString();
    }
    return value;
  }

  /** Makes sure a pump runs within {@code millis}, and only one is scheduled at a time. */
  private void wake(long millis) {
    if (pumpScheduled.compareAndSet(false, true)) {
      try {
        sender.schedule(this::pump, millis, TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException closed) {
        pumpScheduled.set(false);
      }
    }
  }

  /** Starts every attempt that is due on the sandbox clock; looks again soon while any is waiting. */
  private void pump() {
    pumpScheduled.set(false);
    List<Delivery> due = new ArrayList<>();
    boolean waiting;
    synchronized (state) {
      Instant now = state.instant();
      for (Iterator<Delivery> it = pending.iterator(); it.hasNext(); ) {
        Delivery delivery = it.next();
        if (!delivery.dueAt.isAfter(now)) {
          it.remove();
          due.add(delivery);
        }
      }
      waiting = !pending.isEmpty();
    }
    for (Delivery delivery : due) {
      try {
        sender.execute(() -> attempt(delivery));
      } catch (RejectedExecutionException closed) {
        return;
      }
    }
    if (waiting) {
      wake(POLL_MILLIS);
    }
  }

  /** One attempt of {@code delivery}, signed now; on failure, queues the next retry or gives up. */
  private void attempt(Delivery delivery) {
    String url;
    String secret;
    synchronized (state) {
      Hook hook = hooks.get(delivery.hookId);
      if (hook == null || !hook.enabled) {
        delivery.status = WebhookDelivery.Status.CANCELLED;
        return;
      }
      url = url(hook);
      secret = hook.secret;
    }
    Instant at = state.instant();
    Post post = pointsAtThisService(url)
        ? new Post(null, null, "refused: the webhook URL points at this service")
        : post(url, delivery.hookId, delivery.event.type(), signatureHeader(secret, at.getEpochSecond(), delivery.body),
            delivery.body);
    synchronized (state) {
      int number = delivery.attempts.size() + 1;
      WebhookDelivery.Attempt attempt = new WebhookDelivery.Attempt(number, at, post.status,
          post.failure != null ? post.failure
              : post.status >= 200 && post.status < 300 ? null : "the receiver answered " + post.status);
      delivery.attempts.add(attempt);
      if (attempt.acknowledged()) {
        delivery.status = WebhookDelivery.Status.DELIVERED;
        return;
      }
      if (number > RETRY_AFTER.size() || delivery.status != WebhookDelivery.Status.PENDING) {
        if (delivery.status == WebhookDelivery.Status.PENDING) {
          delivery.status = WebhookDelivery.Status.FAILED;
        }
        return;
      }
      delivery.dueAt = delivery.event.time().plus(RETRY_AFTER.get(number - 1));
      pending.add(delivery);
    }
    wake(0);
  }

  /** Stops the delivery threads; pending deliveries stay pending. */
  @Override
  public void close() {
    sender.shutdownNow();
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
    String t = Long.toString(unixSeconds);
    return "t=" + t + ",v1=" + Signatures.webhookV1(base64Secret, t, body.getBytes(StandardCharsets.UTF_8));
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

  /** Every delivery to the webhook, oldest first (also after it was deleted). */
  public List<WebhookDelivery> deliveries(String webhookId) {
    synchronized (state) {
      return deliveries.stream().filter(d -> d.hookId.equals(webhookId)).map(Delivery::view).toList();
    }
  }

  /** The types of the events published for the demo partner (the tour's), oldest first. */
  public List<String> demoEventTypes() {
    return state.events().stream().filter(e -> e.partner().equals(demo)).map(EmbedState.Event::type).toList();
  }

  /** Publishes an event for the partner of {@code iiban}'s user, as a state change of another group would. */
  public EmbedState.Event publish(String type, String iiban, Map<String, Object> data) {
    EmbedFamily.Partner partner;
    synchronized (state) {
      partner = state.anyUser(iiban).partner;
    }
    return state.publish(partner, type, iiban, data);
  }
}
