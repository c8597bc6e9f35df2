package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Receiver;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.spot.funding.Earn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.WebhookEvent;
import io.github.krakensdk.embed.model.WebhookEventType;
import io.github.krakensdk.auth.webhook.WebhookSignatureVerifier;
import io.github.krakensdk.embed.model.AutoEarnStatus;
import io.github.krakensdk.embed.model.CountryCode;
import io.github.krakensdk.embed.model.DepositMethods;
import io.github.krakensdk.embed.model.EmbedErrorCode;
import io.github.krakensdk.embed.model.GetPortfolioHistoryRequest;
import io.github.krakensdk.embed.model.PortfolioHistory;
import io.github.krakensdk.embed.model.PortfolioHistoryPoint;
import io.github.krakensdk.embed.model.Residence;
import io.github.krakensdk.embed.model.SuccessResult;
import io.github.krakensdk.embed.internal.model.UserProfileUpdate;
import io.github.krakensdk.embed.model.Webhook;
import io.github.krakensdk.embed.model.WebhookTestResult;
import io.github.krakensdk.errors.KrakenServiceException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import java.net.URI;

/** Embed through the SDK: profile updates, portfolio history, deposit methods, Auto-Earn and webhooks. */
public class EmbedTest {
  static final Instant START = Instant.parse("2025-03-14T09:00:00Z");
  static final Duration SWITCH_DELAY = Duration.ofMinutes(1);
  static final String USER = Seed.USER_IIBAN;
  final MutableClock clock = MutableClock.at(START);
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock)
      .autoEarnSwitchDelay(SWITCH_DELAY));

  // ---- updateUser ----

  @Test
  void aPatchReplacesTheFieldsSentAndKeepsTheOthers(KrakenClient kraken, Sandbox sandbox) {
    assertEquals(SuccessResult.SUCCESS, kraken.embed().updateUser(r -> r.user(USER)
        .residence(residence("Calle de Alcalá 48", "3º izquierda"))
        .phone("+34915550123")
        .nationalities(List.of(CountryCode.ES, CountryCode.AR))));
    kraken.embed().updateUser(r -> r.user(USER)
        .residence(residence("Kurfürstendamm 21", null))
        .nationalities(List.of(CountryCode.DE)));
    UserProfileUpdate stored = sandbox.userProfile(USER);
    assertEquals("Kurfürstendamm 21", stored.residence().line1());
    assertNull(stored.residence().line2(), "the residence is replaced as a whole, not merged");
    assertEquals(List.of(CountryCode.DE), stored.nationalities());
    assertEquals("+34915550123", stored.phone(), "a field not sent keeps its value");
    assertEquals(4, stored.tosVersionAccepted(), "seeded fields stay");
  }

  @Test
  void usersOfOtherPartnersAndUnknownUsersAreNotFound(KrakenClient kraken) {
    for (String user : List.of(Seed.OTHER_PARTNER_USER_IIBAN, "AA00UNKNOWN0USER")) {
      KrakenServiceException e = assertThrows(KrakenServiceException.class,
          () -> kraken.embed().updateUser(r -> r.user(user).phone("+4930901820")));
      assertEquals(404, e.httpStatus());
      assertEquals(List.of(EmbedFamily.USER_NOT_FOUND), e.errors());
    }
  }

  public static Residence residence(String line1, String line2) {
    return Residence.builder().line1(line1).line2(line2).city("Madrid").postalCode("28014").country(CountryCode.ES)
        .build();
  }

  // ---- portfolio history ----

  @Test
  void defaultsAreTheYearBeforeTodayInUsd(KrakenClient kraken) {
    PortfolioHistory history = kraken.embed().getPortfolioHistory(r -> r.user(USER).includeTotalBalance(true));
    assertEquals(LocalDate.parse("2025-03-14"), history.endDate());
    assertEquals(LocalDate.parse("2024-03-14"), history.startDate());
    assertEquals("USD", history.currency());
    assertEquals(365, history.history().size());
    assertNull(history.nextCursor());
    assertEquals(LocalDate.parse("2024-03-14"), history.history().get(0).date());
    assertEquals(LocalDate.parse("2025-03-13"), history.history().get(364).date());
    assertNotNull(history.history().get(0).totalBalance());
    assertNull(history.history().get(0).totalPnl(), "not asked for");
    assertNull(history.history().get(0).assets(), "not asked for");
  }

  @Test
  void onePointPerResolutionDays(KrakenClient kraken) {
    PortfolioHistory history = kraken.embed().getPortfolioHistory(r -> r.user(USER)
        .includeAssets(List.of("BTC")).includeTotalBalance(true).includeTotalPnl(true)
        .startDate(LocalDate.parse("2025-03-10")).endDate(LocalDate.parse("2025-03-31")).resolution(7L).quote("USD"));
    assertEquals(List.of(LocalDate.parse("2025-03-10"), LocalDate.parse("2025-03-17"), LocalDate.parse("2025-03-24")),
        history.history().stream().map(PortfolioHistoryPoint::date).toList());
    assertEquals(0, history.history().get(0).totalPnl().signum(), "PnL counts from the start of the window");
    assertEquals(history.history().get(2).totalPnl(), history.totalPnl());
  }

  @Test
  void moreThan365PointsPageThroughNextCursor(KrakenClient kraken) {
    PortfolioHistory page = kraken.embed().getPortfolioHistory(r -> r.user(USER).includeTotalBalance(true)
        .startDate(LocalDate.parse("2023-01-01")).endDate(LocalDate.parse("2025-01-01")).resolution(1L));
    List<LocalDate> dates = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    while (true) {
      sizes.add(page.history().size());
      page.history().forEach(point -> dates.add(point.date()));
      String cursor = page.nextCursor();
      if (cursor == null) {
        break;
      }
      page = kraken.embed().getPortfolioHistory(r -> r.user(USER).cursor(cursor));
    }
    assertEquals(List.of(365, 365, 1), sizes);
    assertEquals(731, new HashSet<>(dates).size());
    assertEquals(LocalDate.parse("2023-01-01"), dates.get(0));
    assertEquals(LocalDate.parse("2024-12-31"), dates.get(730));
  }

  @Test
  void aCursorMakesEveryOtherParameterIgnored(KrakenClient kraken) {
    PortfolioHistory first = kraken.embed().getPortfolioHistory(r -> r.user(USER)
        .includeAssets(List.of("ETH")).includeTotalBalance(true).includeTotalPnl(true)
        .startDate(LocalDate.parse("2023-01-01")).endDate(LocalDate.parse("2025-01-01")).resolution(1L).quote("EUR"));
    String cursor = first.nextCursor();
    PortfolioHistory plain = kraken.embed().getPortfolioHistory(r -> r.user(USER).cursor(cursor));
    PortfolioHistory withOthers = kraken.embed().getPortfolioHistory(r -> r.user(USER)
        .includeAssets(List.of("BTC")).includeTotalBalance(false).includeTotalPnl(false)
        .startDate(LocalDate.parse("2020-01-01")).endDate(LocalDate.parse("2020-02-01")).resolution(30L).quote("USD")
        .cursor(cursor));
    assertEquals(plain, withOthers);
    assertEquals("EUR", withOthers.currency());
    assertEquals(Set.of("ETH"), withOthers.history().get(0).assets().keySet());
    assertEquals(LocalDate.parse("2024-01-01"), withOthers.history().get(0).date());
  }

  @Test
  void anAssetNotYetHeldIsNull(KrakenClient kraken) {
    PortfolioHistory history = kraken.embed().getPortfolioHistory(r -> r.user(USER)
        .includeAssets(List.of("ETH", "BTC"))
        .startDate(LocalDate.parse("2024-01-14")).endDate(LocalDate.parse("2024-01-16")).resolution(1L));
    assertNull(history.history().get(0).assets().get("ETH").balance(), "ETH first held on 2024-01-15");
    assertNull(history.history().get(0).assets().get("ETH").value());
    assertNotNull(history.history().get(1).assets().get("ETH").balance());
    assertNotNull(history.history().get(0).assets().get("BTC").value());
  }

  @Test
  void valuesFollowTheQuote(KrakenClient kraken) {
    LocalDate day = LocalDate.parse("2025-01-01");
    GetPortfolioHistoryRequest oneDay = GetPortfolioHistoryRequest.builder().user(USER).includeTotalBalance(true)
        .startDate(day).endDate(day.plusDays(1)).resolution(1L).build();
    PortfolioHistory usd = kraken.embed().getPortfolioHistory(oneDay.toBuilder().quote("USD").build());
    PortfolioHistory eur = kraken.embed().getPortfolioHistory(oneDay.toBuilder().quote("EUR").build());
    assertEquals("EUR", eur.currency());
    assertTrue(eur.history().get(0).totalBalance().compareTo(usd.history().get(0).totalBalance()) < 0);
  }

  @Test
  void argumentsTheContractAllowsButTheServiceRefuses(KrakenClient kraken) {
    LocalDate day = LocalDate.parse("2025-01-01");
    List<Runnable> refused = List.of(
        () -> kraken.embed().getPortfolioHistory(r -> r.user(USER).resolution(0L)),
        () -> kraken.embed().getPortfolioHistory(r -> r.user(USER).startDate(day).endDate(day.minusDays(1))),
        () -> kraken.embed().getPortfolioHistory(r -> r.user(USER).quote("XYZ")),
        () -> kraken.embed().getPortfolioHistory(r -> r.user(USER).cursor("not-a-cursor")));
    for (Runnable call : refused) {
      KrakenServiceException e = assertThrows(KrakenServiceException.class, call::run);
      assertEquals(400, e.httpStatus());
      assertTrue(e.hasError(EmbedErrorCode.GENERAL_INVALID_ARGUMENTS), e.errors().toString());
    }
  }

  @Test
  void aCursorIsBoundToItsUser(KrakenClient kraken) {
    String cursor = kraken.embed().getPortfolioHistory(r -> r.user(USER)
        .startDate(LocalDate.parse("2023-01-01")).endDate(LocalDate.parse("2025-01-01"))).nextCursor();
    KrakenServiceException e = assertThrows(KrakenServiceException.class, () -> kraken.embed()
        .getPortfolioHistory(r -> r.user(Seed.SECOND_USER_IIBAN).cursor(cursor)));
    assertEquals(400, e.httpStatus());
  }

  // ---- deposit methods ----

  @Test
  void depositMethodsPerAssetForAUserOfThePartner(KrakenClient kraken) {
    DepositMethods btc = kraken.embed().listDepositMethods(r -> r.asset("BTC").user(USER));
    assertEquals(List.of("Bitcoin", "Lightning"), btc.methods().stream().map(m -> m.network()).toList());
    assertEquals("BTC", btc.methods().get(0).minimum().asset());
    KrakenServiceException unknownAsset = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().listDepositMethods(r -> r.asset("DOGE").user(USER)));
    assertEquals(400, unknownAsset.httpStatus());
    KrakenServiceException foreignUser = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().listDepositMethods(r -> r.asset("BTC").user(Seed.OTHER_PARTNER_USER_IIBAN)));
    assertEquals(List.of(EmbedFamily.USER_NOT_FOUND), foreignUser.errors());
  }

  // ---- Auto-Earn ----

  @Test
  void autoEarnSwitchesAfterTheDelayAndGetReadsIt(KrakenClient kraken, Sandbox sandbox) {
    AutoEarnStatus before = kraken.embed().getAutoEarnStatus(r -> r.user(USER));
    assertFalse(before.autoEarnEnabled());
    assertNull(before.autoEarnLastChanged());

    kraken.embed().setAutoEarn(r -> r.user(USER).wantEnabled(true));
    assertFalse(kraken.embed().getAutoEarnStatus(r -> r.user(USER)).autoEarnEnabled(), "asynchronous: not yet");
    clock.advance(SWITCH_DELAY.minusSeconds(1));
    assertFalse(kraken.embed().getAutoEarnStatus(r -> r.user(USER)).autoEarnEnabled());
    clock.advance(Duration.ofSeconds(1));
    AutoEarnStatus after = kraken.embed().getAutoEarnStatus(r -> r.user(USER).currency("EUR"));
    assertTrue(after.autoEarnEnabled());
    assertEquals(START.plus(SWITCH_DELAY), after.autoEarnLastChanged().toInstant());
    assertTrue(sandbox.embed().autoEarnEnabled(USER));

    kraken.embed().setAutoEarn(r -> r.user(USER).wantEnabled(true)); // the same value again is harmless
    clock.advance(SWITCH_DELAY);
    assertEquals(START.plus(SWITCH_DELAY), kraken.embed().getAutoEarnStatus(r -> r.user(USER)).autoEarnLastChanged()
        .toInstant(), "no change, no new timestamp");

    kraken.embed().setAutoEarn(r -> r.user(USER).wantEnabled(false));
    clock.advance(SWITCH_DELAY);
    assertFalse(kraken.embed().getAutoEarnStatus(r -> r.user(USER)).autoEarnEnabled());
    assertFalse(kraken.embed().getAutoEarnStatus(r -> r.user(Seed.SECOND_USER_IIBAN)).autoEarnEnabled(),
        "other users are untouched");
  }

  // ---- webhooks ----

  @Test
  void aPatchReplacesTheWholeSubscriptionSetAndTheFlag(KrakenClient kraken, Sandbox sandbox) {
    String id = sandbox.credentials().webhookId();
    Webhook updated = kraken.embed().updateWebhook(r -> r.webhookId(id).events(List.of("reward.paid")))
        .webhook();
    assertEquals(List.of("reward.paid"), updated.subscribedEvents());
    assertTrue(updated.enabled(), "an absent flag keeps its value");
    Webhook disabled = kraken.embed().updateWebhook(r -> r.webhookId(id).enabled(false)).webhook();
    assertFalse(disabled.enabled());
    assertEquals(List.of("reward.paid"), disabled.subscribedEvents(), "absent events keep their value");
    Webhook none = kraken.embed().updateWebhook(r -> r.webhookId(id).events(List.of())).webhook();
    assertEquals(List.of(), none.subscribedEvents());
    assertEquals(START, none.updatedAt().toInstant());
    assertEquals(none, sandbox.embed().webhook(id));
  }

  @Test
  void aDisabledWebhookCannotBeTested(KrakenClient kraken, Sandbox sandbox) {
    String id = sandbox.credentials().webhookId();
    kraken.embed().updateWebhook(r -> r.webhookId(id).enabled(false));
    for (String webhook : List.of(id, sandbox.credentials().disabledWebhookId())) {
      KrakenServiceException e = assertThrows(KrakenServiceException.class,
          () -> kraken.embed().testWebhook(r -> r.webhookId(webhook)));
      assertEquals(403, e.httpStatus());
      assertTrue(e.hasError(EmbedErrorCode.NEXUS_WEBHOOK_IS_DISABLED), e.errors().toString());
    }
  }

  @Test
  void anUnknownOrForeignWebhookIsNotFound(KrakenClient kraken, Sandbox sandbox) {
    for (String webhook : List.of(sandbox.credentials().foreignWebhookId(), "WH0000-00000-000000")) {
      KrakenServiceException test = assertThrows(KrakenServiceException.class,
          () -> kraken.embed().testWebhook(r -> r.webhookId(webhook)));
      assertEquals(404, test.httpStatus());
      assertTrue(test.hasError(EmbedErrorCode.NEXUS_WEBHOOK_NOT_FOUND), test.errors().toString());
      KrakenServiceException patch = assertThrows(KrakenServiceException.class,
          () -> kraken.embed().updateWebhook(r -> r.webhookId(webhook).enabled(true)));
      assertTrue(patch.hasError(EmbedErrorCode.NEXUS_WEBHOOK_NOT_FOUND), patch.errors().toString());
    }
    assertTrue(sandbox.embed().webhook(sandbox.credentials().foreignWebhookId()).enabled(), "the other partner's is untouched");
  }

  @Test
  void anEventTypeTheWebhookDoesNotOfferIsRefused(KrakenClient kraken, Sandbox sandbox) {
    KrakenServiceException e = assertThrows(KrakenServiceException.class, () -> kraken.embed().updateWebhook(
        r -> r.webhookId(sandbox.credentials().webhookId()).events(List.of("moon.landed"))));
    assertEquals(400, e.httpStatus());
  }

  @Test
  void theTestSendsASignedDeliveryAndReportsTheReceiversAnswer(KrakenClient kraken, Sandbox sandbox) throws Exception {
    String id = sandbox.credentials().webhookId();
    try (Receiver receiver = new Receiver(202, "thanks")) {
      sandbox.embed().setWebhookUrl(id, URI.create(receiver.url()));
      WebhookTestResult result = kraken.embed().testWebhook(r -> r.webhookId(id));
      assertEquals(1, receiver.deliveries.size());
      Receiver.Delivery delivery = receiver.deliveries.get(0);
      String body = new String(delivery.body(), StandardCharsets.UTF_8);
      assertEquals("{\"event_type\":\"webhook.test\",\"message\":\"" + EmbedWebhooks.TEST_MESSAGE + "\"}", body);
      assertEquals(body, result.payloadSent());
      assertEquals("webhook.test", delivery.header("X-Webhook-Event"));
      assertEquals(id, delivery.header("X-Webhook-ID"));
      assertEquals(delivery.header("X-Signature"), result.signatureHeader());
      assertTrue(result.signatureHeader().startsWith("t=" + START.getEpochSecond() + ",v1="));
      WebhookEvent event = new WebhookSignatureVerifier(sandbox.credentials().webhookSecret(), clock)
          .verifyAndParse(delivery.header("X-Signature"), delivery.body());
      assertEquals(WebhookEventType.WEBHOOK_TEST, event.eventType());
      assertEquals("webhook.test", event.eventType().value());
      assertEquals(EmbedWebhooks.TEST_MESSAGE, event.message());
      assertEquals("success", result.result());
      assertEquals(202, result.httpStatus());
      assertEquals("thanks", result.responseBody());
      assertNull(result.errorMessage());
      assertNotNull(result.testId());

      kraken.embed().testWebhook(r -> r.webhookId(id));
      assertEquals(2, receiver.deliveries.size(), "each test is a new delivery");
    }
  }

  @Test
  void aReceiverThatRefusesIsReportedNotHidden(KrakenClient kraken, Sandbox sandbox) {
    String id = sandbox.credentials().webhookId();
    try (Receiver receiver = new Receiver(500, "boom")) {
      sandbox.embed().setWebhookUrl(id, URI.create(receiver.url()));
      WebhookTestResult result = kraken.embed().testWebhook(r -> r.webhookId(id));
      assertEquals(500, result.httpStatus());
      assertEquals("boom", result.responseBody());
    }
  }

  @Test
  void anUnreachableReceiverIsADeliveryError(KrakenClient kraken, Sandbox sandbox) {
    String id = sandbox.credentials().webhookId();
    String url;
    try (Receiver gone = new Receiver(200, "")) {
      url = gone.url();
    }
    sandbox.embed().setWebhookUrl(id, URI.create(url));
    WebhookTestResult result = kraken.embed().testWebhook(r -> r.webhookId(id));
    assertEquals("failed", result.result());
    assertNull(result.httpStatus());
    assertNotNull(result.errorMessage());
  }

  @Test
  void byDefaultTheSandboxsOwnReceiverVerifiesTheDelivery(KrakenClient kraken, Sandbox sandbox) {
    WebhookTestResult result = kraken.embed().testWebhook(r -> r.webhookId(sandbox.credentials().webhookId()));
    assertEquals(200, result.httpStatus(), result.responseBody());
    assertEquals("{\"received\":true}", result.responseBody());
  }
}
