package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.internal.Seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.SettlementReport;
import io.github.krakensdk.embed.model.SettlementReportSummary;
import io.github.krakensdk.embed.model.SettlementReportType;
import io.github.krakensdk.embed.model.SettlementReports;
import io.github.krakensdk.errors.KrakenServiceException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import io.github.krakensdk.sandbox.EmbedMovementKind;

/** Embed settlement reports: a partner's movements by day and type, in numbered pages. */
class EmbedReportsTest {
  static final Instant START = Instant.parse("2025-03-14T09:00:00Z");
  static final String USER = Seed.USER_IIBAN;
  final MutableClock clock = MutableClock.at(START);
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  @Test
  void oneReportPerDayAndTypeNewestFirst(KrakenClient kraken, Sandbox sandbox) {
    // Day 1: the seed deposits (transfers). Day 2: a trade. Day 3: a trade and a withdrawal.
    clock.advance(Duration.ofDays(1));
    EmbedPortfolioTest.trade(sandbox, "Q-1", "USD", "-100.00", "ETH", "0.02873563", "0.50");
    clock.advance(Duration.ofDays(1));
    EmbedPortfolioTest.trade(sandbox, "Q-2", "USD", "-100.00", "BTC", "0.00102827", null);
    sandbox.embed().moveBalance(USER, EmbedMovementKind.WITHDRAWAL, "USD", new BigDecimal("-50.00"), "W-1");

    SettlementReports list = kraken.embed().listSettlementReports();
    assertEquals(List.of("2025-03-16 trades", "2025-03-16 transfers", "2025-03-15 trades", "2025-03-14 transfers"),
        list.reports().stream().map(r -> r.date() + " " + r.type().value()).toList());
    assertEquals(4, list.meta().totalItems());
    assertEquals(1, list.meta().totalPages());
    assertNull(list.links().next());

    SettlementReports trades = kraken.embed().listSettlementReports(r -> r
        .filterReportType(List.of(SettlementReportType.TRADES))
        .filterStartDate(LocalDate.parse("2025-03-15").atStartOfDay().atOffset(ZoneOffset.UTC))
        .filterEndDate(LocalDate.parse("2025-03-15").atTime(12, 0).atOffset(ZoneOffset.UTC)));
    assertEquals(List.of(LocalDate.parse("2025-03-15")), trades.reports().stream().map(SettlementReportSummary::date).toList());
  }

  @Test
  void pagesAreNumberedWithLinks(KrakenClient kraken, Sandbox sandbox) {
    for (int day = 1; day <= 4; day++) {
      clock.advance(Duration.ofDays(1));
      EmbedPortfolioTest.trade(sandbox, "Q-" + day, "USD", "-10.00", "ETH", "0.00287356", null);
    }
    SettlementReports first = kraken.embed().listSettlementReports(r -> r.pageSize(2));
    assertEquals(5, first.meta().totalItems());
    assertEquals(3, first.meta().totalPages());
    assertEquals("/b2b/reports/settlement?page[number]=2&page[size]=2", first.links().next());
    assertNull(first.links().prev());
    assertEquals("/b2b/reports/settlement?page[number]=3&page[size]=2", first.links().last());
    SettlementReports last = kraken.embed().listSettlementReports(r -> r.pageSize(2).pageNumber(3));
    assertEquals(1, last.reports().size());
    assertEquals(SettlementReportType.TRANSFERS, last.reports().get(0).type(), "the oldest: the seed");
    assertNull(last.links().next());
    assertEquals("/b2b/reports/settlement?page[number]=2&page[size]=2", last.links().prev());
    assertTrue(kraken.embed().listSettlementReports(r -> r.pageSize(2).pageNumber(9)).reports().isEmpty());
  }

  @Test
  void aReportDownloadsItsMovementsUntilTheLinkExpires(KrakenClient kraken, Sandbox sandbox) throws Exception {
    EmbedPortfolioTest.trade(sandbox, "Q-1", "USD", "-100.00", "ETH", "0.02873563", "0.50");
    String id = kraken.embed().listSettlementReports(r -> r.filterReportType(List.of(SettlementReportType.TRADES)))
        .reports().get(0).id();
    SettlementReport report = kraken.embed().getSettlementReport(r -> r.id(id));
    assertEquals(START.plus(EmbedReports.LINK_LIFETIME).atOffset(ZoneOffset.UTC), report.expiresAt());
    OkHttpClient http = new OkHttpClient();
    try (Response file = http.newCall(new Request.Builder().url(report.downloadUrl()).build()).execute()) {
      assertEquals(200, file.code());
      String csv = file.body().string();
      assertEquals(report.size().intValue(), csv.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
      assertEquals(4, csv.lines().count(), "a header, two legs and the fee: " + csv);
      assertTrue(csv.contains(",trade,ETH,0.02873563,Q-1,"), csv);
    }
    clock.advance(EmbedReports.LINK_LIFETIME.plusSeconds(1));
    try (Response expired = http.newCall(new Request.Builder().url(report.downloadUrl()).build()).execute()) {
      assertEquals(403, expired.code());
    }
    try (Response altered = http.newCall(new Request.Builder().url(report.downloadUrl().replace("signature=",
        "signature=0")).build()).execute()) {
      assertEquals(403, altered.code());
    }
  }

  @Test
  void anotherPartnersReportsAreNotFound(KrakenClient kraken, Sandbox sandbox) {
    EmbedPortfolioTest.trade(sandbox, "Q-1", "USD", "-100.00", "ETH", "0.02873563", null);
    List<String> ours = kraken.embed().listSettlementReports().reports().stream().map(SettlementReportSummary::id).toList();
    try (KrakenClient other = sandbox.newClientBuilder()
        .embedCredentials(Seed.EMBED_OTHER_PARTNER_KEY.credentials()).build()) {
      List<SettlementReportSummary> theirs = other.embed().listSettlementReports().reports();
      assertEquals(1, theirs.size(), "only their user's seed");
      assertTrue(theirs.stream().noneMatch(r -> ours.contains(r.id())));
      KrakenServiceException e = assertThrows(KrakenServiceException.class,
          () -> other.embed().getSettlementReport(r -> r.id(ours.get(0))));
      assertEquals(404, e.httpStatus());
      assertEquals(List.of("ENexus:Report not found"), e.errors());
    }
  }
}
