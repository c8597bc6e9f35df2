package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.internal.http.Contracts;
import io.github.krakensdk.sandbox.internal.http.ContractValidator;
import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Receiver;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.WebhookDelivery;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.http.Endpoint;
import io.github.krakensdk.sandbox.internal.http.Family;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.report.ValidationReport;
import com.sun.net.httpserver.HttpServer;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.webhook.WebhookSignatureVerifier;
import io.github.krakensdk.errors.WebhookVerificationException;
import io.github.krakensdk.embed.model.EmbedErrorCode;
import io.github.krakensdk.embed.model.Webhook;
import io.github.krakensdk.embed.model.WebhookEvent;
import io.github.krakensdk.embed.model.WebhookEventActionType;
import io.github.krakensdk.embed.model.WebhookEventTriggerCondition;
import io.github.krakensdk.embed.model.WebhookEventType;
import io.github.krakensdk.embed.model.WebhookRegistrationResult;
import io.github.krakensdk.errors.KrakenServiceException;
import io.swagger.v3.core.util.Yaml;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Webhooks: registering (the secret once), listing, deleting, and the deliveries of published
 * events: only to enabled webhooks of the event's partner subscribed to its type, signed so that
 * the SDK's verifier accepts them, shaped as the contract's callback says, and retried on the
 * sandbox clock until acknowledged.
 */
class EmbedWebhooksTest {
  static final Instant START = Instant.parse("2025-03-14T09:00:00Z");
  final MutableClock clock = MutableClock.at(START);
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  /** A partner endpoint that records every delivery and answers the status it is set to. */
  static final class Endpoint implements AutoCloseable {
    final List<Receiver.Delivery> deliveries = new CopyOnWriteArrayList<>();
    final AtomicInteger status;
    private final HttpServer server;

    Endpoint(int status) {
      this.status = new AtomicInteger(status);
      try {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      server.createContext("/hooks", exchange -> {
        try (exchange; InputStream in = exchange.getRequestBody()) {
          deliveries.add(new Receiver.Delivery(Map.copyOf(exchange.getRequestHeaders()), in.readAllBytes()));
          exchange.sendResponseHeaders(this.status.get(), -1);
        }
      });
      server.start();
    }

    String url() {
      return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks/kraken";
    }

    @Override
    public void close() {
      server.stop(0);
    }
  }

  static WebhookRegistrationResult register(KrakenClient kraken, String url, boolean enabled, List<String> events) {
    return kraken.embed().registerWebhook(r -> r.url(url).enabled(enabled).events(events));
  }

  /** Waits (real time, bounded) for the sandbox's delivery threads. */
  static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting until " + what);
      }
      Thread.sleep(5);
    }
  }

  /** Gives the delivery threads time to do what they should not. */
  static void settle() throws InterruptedException {
    Thread.sleep(150);
  }

  static int attempts(Sandbox sandbox, String webhookId) {
    List<WebhookDelivery> deliveries = sandbox.embed().webhookDeliveries(webhookId);
    return deliveries.isEmpty() ? 0 : deliveries.get(0).attempts().size();
  }

  // ---- register, list, delete ----

  @Test
  void registeringAnswersANewSecretOnceAndTheListShowsNoSecret(KrakenClient kraken, Sandbox sandbox) {
    WebhookRegistrationResult first = register(kraken, "https://partner.example.com/hooks/a", true,
        List.of("user.verified"));
    WebhookRegistrationResult second = register(kraken, "https://partner.example.com/hooks/b", false, List.of());
    assertNotEquals(first.webhook().id(), second.webhook().id());
    assertNotEquals(first.secret(), second.secret());
    assertEquals(32, java.util.Base64.getDecoder().decode(first.secret()).length);
    assertFalse(first.toString().contains(first.secret()), "the secret is masked in toString");
    assertEquals(List.of("user.verified"), first.webhook().subscribedEvents());
    assertEquals(EmbedWebhooks.AVAILABLE_EVENTS, first.webhook().availableEvents());
    assertFalse(second.webhook().enabled());

    List<String> ids = kraken.embed().listWebhooks().webhooks().stream().map(Webhook::id).toList();
    assertEquals(List.of(Seed.WEBHOOK_ENABLED, Seed.WEBHOOK_DISABLED, first.webhook().id(), second.webhook().id()), ids,
        "the partner's own webhooks, oldest first; not the other partner's");
  }

  @Test
  void onlyHttpsIsAcceptedExceptForALoopbackReceiver(KrakenClient kraken) {
    KrakenServiceException plain = assertThrows(KrakenServiceException.class,
        () -> register(kraken, "http://partner.example.com/hooks", true, List.of()));
    assertEquals(400, plain.httpStatus());
    assertTrue(plain.errors().get(0).contains("HTTPS"), plain.errors().toString());
    KrakenServiceException protocolHost = assertThrows(KrakenServiceException.class,
        () -> register(kraken, "https://https/example.com", true, List.of()));
    assertTrue(protocolHost.errors().get(0).contains("protocol name"), protocolHost.errors().toString());
    KrakenServiceException unknownEvent = assertThrows(KrakenServiceException.class,
        () -> register(kraken, "https://partner.example.com/hooks", true, List.of("order.filled")));
    assertTrue(unknownEvent.errors().get(0).contains("order.filled"), unknownEvent.errors().toString());
    assertEquals("http://127.0.0.1:9/hooks",
        register(kraken, "http://127.0.0.1:9/hooks", true, List.of()).webhook().url());
  }

  @Test
  void deletingStopsRetriesAndLaterDeliveries(KrakenClient kraken, Sandbox sandbox) throws Exception {
    try (Endpoint failing = new Endpoint(503)) {
      String id = register(kraken, failing.url(), true, List.of("user.verified", "user.closed")).webhook().id();
      sandbox.embed().publishEvent(WebhookEventType.USER_VERIFIED, Seed.USER_IIBAN, Map.of());
      await(() -> attempts(sandbox, id) == 1, "the first attempt failed");
      assertEquals(id, kraken.embed().deleteWebhook(r -> r.webhookId(id)).webhookId());

      clock.advance(Duration.ofSeconds(10));
      sandbox.embed().publishEvent(WebhookEventType.USER_CLOSED, Seed.USER_IIBAN, Map.of());
      settle();
      List<WebhookDelivery> deliveries = sandbox.embed().webhookDeliveries(id);
      assertEquals(1, deliveries.size(), "nothing is queued for a deleted webhook");
      assertEquals(WebhookDelivery.Status.CANCELLED, deliveries.get(0).status());
      assertEquals(1, deliveries.get(0).attempts().size(), "the retry due at +10 s was dropped");
      assertEquals(1, failing.deliveries.size());

      KrakenServiceException again = assertThrows(KrakenServiceException.class,
          () -> kraken.embed().deleteWebhook(r -> r.webhookId(id)));
      assertEquals(404, again.httpStatus());
      assertTrue(again.hasError(EmbedErrorCode.NEXUS_WEBHOOK_NOT_FOUND));
    }
  }

  // ---- deliveries ----

  @Test
  void onlyEnabledWebhooksSubscribedToTheTypeReceiveIt(KrakenClient kraken, Sandbox sandbox) throws Exception {
    try (Endpoint endpoint = new Endpoint(200)) {
      String subscribed = register(kraken, endpoint.url(), true, List.of("user.verified")).webhook().id();
      String otherType = register(kraken, endpoint.url(), true, List.of("quote.executed")).webhook().id();
      String disabled = register(kraken, endpoint.url(), false, List.of("user.verified")).webhook().id();
      String disabledLater = register(kraken, endpoint.url(), true, List.of("user.verified")).webhook().id();
      kraken.embed().updateWebhook(r -> r.webhookId(disabledLater).enabled(false));

      sandbox.embed().publishEvent(WebhookEventType.USER_VERIFIED, Seed.SECOND_USER_IIBAN, Map.of());
      await(() -> endpoint.deliveries.size() == 1, "the subscribed webhook received the event");
      settle();
      assertEquals(1, endpoint.deliveries.size());
      assertEquals(subscribed, endpoint.deliveries.get(0).header("X-Webhook-ID"));
      assertEquals(WebhookDelivery.Status.DELIVERED, sandbox.embed().webhookDeliveries(subscribed).get(0).status());
      for (String none : List.of(otherType, disabled, disabledLater)) {
        assertEquals(List.of(), sandbox.embed().webhookDeliveries(none), none);
      }
      // The seeded disabled webhook is subscribed to user.verified too, and gets nothing either.
      assertEquals(List.of(), sandbox.embed().webhookDeliveries(Seed.WEBHOOK_DISABLED));
    }
  }

  @Test
  void anotherPartnersEventsNeverReachThisPartnersWebhooks(KrakenClient kraken, Sandbox sandbox) throws Exception {
    try (Endpoint endpoint = new Endpoint(200)) {
      String own = register(kraken, endpoint.url(), true, List.of("reward.paid")).webhook().id();
      sandbox.embed().publishEvent(WebhookEventType.REWARD_PAID, Seed.OTHER_PARTNER_USER_IIBAN, Map.of("amount", Map.of("asset", "ETH", "amount", new BigDecimal("0.0012"), "asset_class", "currency")));
      // The other partner's seeded webhook (its own receiver in the sandbox, which verifies) gets it.
      await(() -> !sandbox.embed().webhookDeliveries(Seed.WEBHOOK_FOREIGN).isEmpty()
          && sandbox.embed().webhookDeliveries(Seed.WEBHOOK_FOREIGN).get(0).status() == WebhookDelivery.Status.DELIVERED,
          "the other partner's webhook acknowledged the event");
      settle();
      assertEquals(List.of(), sandbox.embed().webhookDeliveries(own));
      assertEquals(0, endpoint.deliveries.size());
      assertFalse(sandbox.embed().eventTypes().contains(WebhookEventType.REWARD_PAID), "the demo partner's events only");
      KrakenServiceException foreign = assertThrows(KrakenServiceException.class,
          () -> kraken.embed().deleteWebhook(r -> r.webhookId(Seed.WEBHOOK_FOREIGN)));
      assertEquals(404, foreign.httpStatus());
    }
  }

  @Test
  void aDeliveryIsSignedForTheSdkVerifierAndShapedAsTheCallbackSays(KrakenClient kraken, Sandbox sandbox)
      throws Exception {
    try (Endpoint endpoint = new Endpoint(204)) {
      WebhookRegistrationResult registered = register(kraken, endpoint.url(), true,
          List.of("custom_order.executed", "withdrawal.status_updated"));
      String eventId = sandbox.embed().publishEvent(WebhookEventType.CUSTOM_ORDER_EXECUTED, Seed.USER_IIBAN, Map.of(
          "custom_order_id", "CO7RK2-M4QXP-D9LZTA",
          "action", Map.of("type", "spend",
              "amount", Map.of("asset", "USD", "amount", new BigDecimal("100.00"), "asset_class", "currency"),
              "quote", Map.of("asset", "BTC")),
          "trigger", Map.of("type", "price", "base_asset", "BTC", "quote_asset", "USD",
              "target_price", new BigDecimal("90000.00"), "condition", "lte")));
      sandbox.embed().publishEvent(WebhookEventType.WITHDRAWAL_STATUS_UPDATED, Seed.USER_IIBAN, Map.of("transaction_id", "FT-1",
          "status", "settled", "amount", Map.of("asset", "BTC", "amount", new BigDecimal("0.01000000"))));
      await(() -> endpoint.deliveries.size() == 2, "both events were delivered");

      WebhookSignatureVerifier verifier = new WebhookSignatureVerifier(registered.secret(), clock);
      Receiver.Delivery delivery = endpoint.deliveries.stream()
          .filter(d -> "custom_order.executed".equals(d.header("X-Webhook-Event"))).findFirst().orElseThrow();
      WebhookEvent event = verifier.verifyAndParse(delivery.header("X-Signature"), delivery.body());
      assertEquals(WebhookEventType.CUSTOM_ORDER_EXECUTED, event.eventType());
      assertEquals(eventId, event.id());
      assertEquals(Seed.USER_IIBAN, event.iiban());
      assertEquals(START, event.timestamp().toInstant());
      assertTrue(new String(delivery.body(), StandardCharsets.UTF_8).contains("\"timestamp\":\"2025-03-14T09:00:00.000000000Z\""),
          "RFC 3339 with nanoseconds");
      assertEquals("CO7RK2-M4QXP-D9LZTA", event.customOrderId());
      assertEquals(WebhookEventActionType.SPEND, event.action().type());
      assertEquals(new BigDecimal("100.00"), event.action().amount().amount());
      assertEquals("BTC", event.action().quote().asset());
      assertEquals(WebhookEventTriggerCondition.LTE, event.trigger().condition());
      assertEquals(new BigDecimal("90000.00"), event.trigger().targetPrice());
      assertEquals(registered.webhook().id(), delivery.header("X-Webhook-ID"));

      // Another webhook's secret does not verify it.
      WebhookVerificationException forged = assertThrows(WebhookVerificationException.class,
          () -> new WebhookSignatureVerifier(Seed.WEBHOOK_SECRET, clock)
              .verifyAndParse(delivery.header("X-Signature"), delivery.body()));
      assertEquals(WebhookVerificationException.Reason.SIGNATURE_MISMATCH, forged.reason());

      for (Receiver.Delivery each : endpoint.deliveries) {
        assertEquals(List.of(), CallbackCheck.problems(each), new String(each.body(), StandardCharsets.UTF_8));
        WebhookEvent parsed = verifier.verifyAndParse(each.header("X-Signature"), each.body());
        assertEquals(parsed.eventType().value(), each.header("X-Webhook-Event"));
      }
    }
  }

  @Test
  void aFailedDeliveryIsRetriedOnTheSandboxClockUntilAcknowledged(KrakenClient kraken, Sandbox sandbox)
      throws Exception {
    try (Endpoint flaky = new Endpoint(500)) {
      WebhookRegistrationResult registered = register(kraken, flaky.url(), true, List.of("quote.executed"));
      String id = registered.webhook().id();
      sandbox.embed().publishEvent(WebhookEventType.QUOTE_EXECUTED, Seed.USER_IIBAN, Map.of("quote_id", "QT-1", "status", "executed"));
      await(() -> attempts(sandbox, id) == 1, "the first attempt, at once");

      clock.advance(Duration.ofSeconds(9));
      settle();
      assertEquals(1, attempts(sandbox, id), "no retry before +10 s");
      clock.advance(Duration.ofSeconds(1));
      await(() -> attempts(sandbox, id) == 2, "the retry at +10 s");
      clock.advance(Duration.ofSeconds(20));
      await(() -> attempts(sandbox, id) == 3, "the retry at +30 s");

      flaky.status.set(200);
      clock.advance(Duration.ofSeconds(30));
      await(() -> attempts(sandbox, id) == 4, "the retry at +60 s");
      clock.advance(Duration.ofSeconds(300));
      settle();

      WebhookDelivery delivery = sandbox.embed().webhookDeliveries(id).get(0);
      assertEquals(WebhookDelivery.Status.DELIVERED, delivery.status());
      List<Instant> times = delivery.attempts().stream().map(WebhookDelivery.Attempt::at).toList();
      assertEquals(List.of(START, START.plusSeconds(10), START.plusSeconds(30), START.plusSeconds(60)), times);
      List<Integer> statuses = delivery.attempts().stream().map(WebhookDelivery.Attempt::httpStatus).toList();
      assertEquals(List.of(500, 500, 500, 200), statuses);
      assertEquals(4, flaky.deliveries.size(), "nothing more once acknowledged");

      // Every attempt carries the same body, signed again at its own time, and verifies then.
      List<String> signatures = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        Receiver.Delivery attempt = flaky.deliveries.get(i);
        assertEquals(delivery.body(), new String(attempt.body(), StandardCharsets.UTF_8));
        signatures.add(attempt.header("X-Signature"));
        MutableClock then = MutableClock.at(times.get(i));
        new WebhookSignatureVerifier(registered.secret(), then)
            .verify(attempt.header("X-Signature"), attempt.body());
      }
      assertEquals(4, signatures.stream().distinct().count());
    }
  }

  @Test
  void afterTheLastRetryTheDeliveryFails(KrakenClient kraken, Sandbox sandbox) throws Exception {
    try (Endpoint down = new Endpoint(502)) {
      String id = register(kraken, down.url(), true, List.of("user.disabled")).webhook().id();
      sandbox.embed().publishEvent(WebhookEventType.USER_DISABLED, Seed.USER_IIBAN, Map.of("reason", "requested by the partner"));
      int attempt = 1;
      await(() -> attempts(sandbox, id) == 1, "the first attempt");
      for (Duration retry : EmbedWebhooks.RETRY_AFTER) {
        clock.set(START.plus(retry));
        int expected = ++attempt;
        await(() -> attempts(sandbox, id) == expected, "the retry at +" + retry.toSeconds() + " s");
      }
      clock.advance(Duration.ofHours(1));
      settle();
      WebhookDelivery delivery = sandbox.embed().webhookDeliveries(id).get(0);
      assertEquals(6, delivery.attempts().size(), "the first attempt and 5 retries");
      assertEquals(WebhookDelivery.Status.FAILED, delivery.status());
      assertEquals(START.plusSeconds(300), delivery.attempts().get(5).at(), "the last within 5 minutes");
    }
  }

  @Test
  void theTourPartnersPublishedEventTypesAreListed(Sandbox sandbox) {
    sandbox.embed().publishEvent(WebhookEventType.USER_VERIFIED, Seed.USER_IIBAN, Map.of());
    sandbox.embed().publishEvent(WebhookEventType.REWARD_PAID, Seed.OTHER_PARTNER_USER_IIBAN, Map.of());
    sandbox.embed().publishEvent(WebhookEventType.QUOTE_CANCELLED, Seed.SECOND_USER_IIBAN, Map.of("quote_id", "QT-2"));
    assertEquals(List.of(WebhookEventType.USER_VERIFIED, WebhookEventType.QUOTE_CANCELLED), sandbox.embed().eventTypes());
  }

  /**
   * The contract's {@code webhookEvent} callback of {@code registerWebhook}, as a request a partner
   * receives: the delivered headers and body must pass it, strictly (no undeclared member).
   */
  static final class CallbackCheck {
    private static final OpenApiInteractionValidator VALIDATOR = validator();

    private static OpenApiInteractionValidator validator() {
      OpenAPI contract = new OpenAPIV3Parser().readContents(Contracts.yaml(Family.EMBED)).getOpenAPI();
      PathItem delivery = contract.getPaths().get("/b2b/webhooks").getPost().getCallbacks().get("webhookEvent")
          .values().iterator().next();
      contract.setPaths(new Paths().addPathItem("/delivery", delivery));
      contract.setServers(null);
      try {
        return OpenApiInteractionValidator.createForInlineApiSpecification(Yaml.mapper().writeValueAsString(contract))
            .build();
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new IllegalStateException(e);
      }
    }

    static List<String> problems(Receiver.Delivery delivery) {
      SimpleRequest.Builder request = new SimpleRequest.Builder(Request.Method.POST, "/delivery")
          .withContentType("application/json")
          .withBody(new String(delivery.body(), StandardCharsets.UTF_8));
      for (String header : List.of("X-Signature", "X-Webhook-Event", "X-Webhook-ID")) {
        request.withHeader(header, delivery.header(header));
      }
      ValidationReport report = VALIDATOR.validateRequest(request.build());
      return report.getMessages().stream().filter(m -> m.getLevel() == ValidationReport.Level.ERROR)
          .map(ValidationReport.Message::toString).toList();
    }
  }
}
