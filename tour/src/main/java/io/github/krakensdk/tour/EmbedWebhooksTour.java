package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;
import static io.github.krakensdk.tour.Tour.expectError;

import com.sun.net.httpserver.HttpServer;
import io.github.krakensdk.auth.webhook.WebhookSignatureVerifier;
import io.github.krakensdk.errors.WebhookVerificationException;
import io.github.krakensdk.embed.model.EmbedErrorCode;
import io.github.krakensdk.embed.model.Webhook;
import io.github.krakensdk.embed.model.WebhookDeletion;
import io.github.krakensdk.embed.model.WebhookEvent;
import io.github.krakensdk.embed.model.WebhookRegistrationResult;
import io.github.krakensdk.embed.model.WebhookResult;
import io.github.krakensdk.embed.model.WebhookTestResult;
import io.github.krakensdk.errors.KrakenServiceException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import io.github.krakensdk.embed.model.WebhookEventType;

/**
 * The Embed webhooks of the tour, in two parts around the rest of Embed. {@link #start}: a
 * partner's endpoint (a local receiver that verifies every delivery with the SDK's {@link
 * WebhookSignatureVerifier} and answers 401 when one fails) is registered for every event type
 * before anything happens, and listed. {@link #finish}: every event the sandbox announced since
 * then has reached the receiver, verified; then the webhook is resubscribed, tested and deleted.
 */
final class EmbedWebhooksTour {
  /** Every event type a webhook may subscribe to (the registration answer lists them too). */
  private static final List<String> EVENTS = List.of("custom_order.executed", "custom_order.execution_failed",
      "custom_order.cancelled", "quote.executed", "quote.execution_failed", "quote.cancelled", "reward.paid",
      "user.verified", "user.closed", "user.disabled", "deposit.status_updated", "withdrawal.status_updated");
  /** How long (sandbox time) the finish waits for deliveries: past the last retry, 300 s after an event. */
  private static final Duration DELIVERY_LIMIT = Duration.ofSeconds(330);

  private final HttpServer receiver;
  /** Verified deliveries, event ID to type, in arrival order (a repeated delivery counts once). */
  private final Map<String, String> received = new LinkedHashMap<>();
  private volatile WebhookSignatureVerifier verifier;
  private String webhookId;
  /** How many events the sandbox had announced when the webhook was registered. */
  private int announcedBefore;

  private EmbedWebhooksTour(HttpServer receiver) {
    this.receiver = receiver;
  }

  /** Registers a receiver for every event type and lists the webhooks. */
  static EmbedWebhooksTour start(Tour tour) {
    EmbedWebhooksTour webhooks;
    try {
      webhooks = new EmbedWebhooksTour(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8));
    } catch (IOException e) {
      throw new IllegalStateException("cannot start the tour's webhook receiver", e);
    }
    webhooks.serve();
    tour.step("registerWebhook", () -> webhooks.register(tour));
    tour.step("listWebhooks", () -> {
      List<Webhook> listed = tour.kraken.embed().listWebhooks().webhooks();
      List<String> ids = listed.stream().map(Webhook::id).toList();
      check(ids.contains(webhooks.webhookId), "the registered webhook is not listed: " + ids);
      check(!ids.contains(tour.sandbox.credentials().foreignWebhookId()), "another partner's webhook is listed");
      return listed.size() + " webhooks of the partner " + ids + " (no secrets listed)";
    });
    return webhooks;
  }

  private String register(Tour tour) {
    String url = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hooks/kraken";
    WebhookRegistrationResult registered =
        tour.kraken.embed().registerWebhook(r -> r.url(url).enabled(true).events(EVENTS));
    check(registered.secret() != null && !registered.secret().isBlank(), "no secret in the registration");
    check(Boolean.TRUE.equals(registered.webhook().enabled()), "registered disabled");
    check(registered.webhook().subscribedEvents().equals(EVENTS),
        "subscriptions " + registered.webhook().subscribedEvents());
    // The secret is in this answer only: the receiver keeps it to verify deliveries.
    verifier = new WebhookSignatureVerifier(registered.secret(), tour.sandbox.clock());
    webhookId = registered.webhook().id();
    announcedBefore = tour.sandbox.embed().eventTypes().size();
    return webhookId + " → " + url + " (a local receiver; http is accepted for loopback only), enabled, "
        + EVENTS.size() + " event types; secret shown once, kept by the receiver";
  }

  /** The partner's endpoint: verifies each delivery with the SDK, answers 200, or 401 when it fails. */
  private void serve() {
    receiver.createContext("/hooks/kraken", exchange -> {
      try (exchange; InputStream in = exchange.getRequestBody()) {
        byte[] body = in.readAllBytes();
        int status;
        String answer;
        WebhookSignatureVerifier current = verifier;
        try {
          if (current == null) {
            throw new WebhookVerificationException(WebhookVerificationException.Reason.MISSING_SIGNATURE,
                "no secret yet");
          }
          WebhookEvent event = current.verifyAndParse(exchange.getRequestHeaders().getFirst("X-Signature"), body);
          String type = event.eventType().value();
          check(type.equals(exchange.getRequestHeaders().getFirst("X-Webhook-Event")), "X-Webhook-Event differs");
          synchronized (received) {
            received.putIfAbsent(event.id() != null ? event.id() : "test-" + received.size(), type);
          }
          status = 200;
          answer = "{\"received\":true}";
        } catch (WebhookVerificationException | AssertionError e) {
          status = 401;
          answer = "invalid delivery: " + e.getMessage();
        }
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream responseBody = exchange.getResponseBody()) {
          responseBody.write(bytes);
        }
      }
    });
    receiver.start();
  }

  private List<String> receivedTypes() {
    synchronized (received) {
      return new ArrayList<>(received.values());
    }
  }

  /**
   * Waits, bounded on the sandbox clock, until every event type announced since the registration
   * has been received and verified; a failed attempt is retried on that clock, which the wait
   * moves on once the first attempts had their real-time chance.
   */
  private Set<String> awaitDeliveries(Tour tour) throws InterruptedException {
    List<String> announced = tour.sandbox.embed().eventTypes().stream().map(WebhookEventType::value).toList();
    Set<String> expected = new TreeSet<>(announced.subList(announcedBefore, announced.size()));
    Instant deadline = tour.sandbox.clock().instant().plus(DELIVERY_LIMIT);
    for (int round = 0; !new TreeSet<>(receivedTypes()).containsAll(expected); round++) {
      check(tour.sandbox.clock().instant().isBefore(deadline), "not delivered within " + DELIVERY_LIMIT.toSeconds()
          + " s of sandbox time: " + expected + ", received " + receivedTypes());
      Thread.sleep(20);
      if (round >= 50) {
        tour.sandbox.timeSource().sleep(Duration.ofSeconds(1));
      }
    }
    return expected;
  }

  /** Every announced event verified, then resubscribing, the test event, and deleting the webhook. */
  void finish(Tour tour) {
    try {
      tour.step("updateWebhook", () -> {
        Set<String> expected = awaitDeliveries(tour);
        List<String> events = List.of("quote.executed", "user.verified", "withdrawal.status_updated");
        WebhookResult updated = tour.kraken.embed().updateWebhook(r -> r.webhookId(webhookId).enabled(true)
            .events(events));
        check(updated.webhook().subscribedEvents().equals(events),
            "subscriptions " + updated.webhook().subscribedEvents());
        return "first every announced event type verified by the receiver: " + expected + " ("
            + receivedTypes().size() + " deliveries); then " + webhookId + " resubscribed to " + events;
      });
      tour.step("testWebhook", () -> {
        int before = receivedTypes().size();
        WebhookTestResult result = tour.kraken.embed().testWebhook(r -> r.webhookId(webhookId));
        check(Integer.valueOf(200).equals(result.httpStatus()),
            "the receiver answered " + result.httpStatus() + ": " + result.responseBody() + " " + result.errorMessage());
        List<String> types = receivedTypes();
        check(types.size() == before + 1 && types.get(types.size() - 1).equals("webhook.test"),
            "the receiver verified " + types.subList(before, types.size()));
        check(!types.isEmpty(), "no delivery was verified");
        return "webhook.test delivered to the local receiver, signature verified with WebhookSignatureVerifier, "
            + "http_status " + result.httpStatus() + "; " + types.size() + " deliveries verified in all";
      });
      tour.step("deleteWebhook", () -> {
        WebhookDeletion deleted = tour.kraken.embed().deleteWebhook(r -> r.webhookId(webhookId));
        check(webhookId.equals(deleted.webhookId()), "deleted " + deleted.webhookId());
        check(tour.kraken.embed().listWebhooks().webhooks().stream().noneMatch(w -> webhookId.equals(w.id())),
            "still listed after deletion");
        KrakenServiceException again = expectError(() -> tour.kraken.embed().deleteWebhook(r -> r.webhookId(webhookId)));
        check(again.hasError(EmbedErrorCode.NEXUS_WEBHOOK_NOT_FOUND), "a second delete gave " + again.errors());
        return webhookId + " deleted at " + deleted.deletedAt() + ", no longer listed; again → " + again.errors().get(0);
      });
    } finally {
      receiver.stop(0);
    }
  }
}
