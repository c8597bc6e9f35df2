package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.internal.Seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.PortfolioAsset;
import io.github.krakensdk.embed.model.PortfolioDetails;
import io.github.krakensdk.embed.model.PortfolioSorting;
import io.github.krakensdk.embed.model.PortfolioSummary;
import io.github.krakensdk.embed.model.PortfolioTradeType;
import io.github.krakensdk.embed.model.PortfolioTransaction;
import io.github.krakensdk.embed.model.PortfolioTransactionType;
import io.github.krakensdk.embed.model.PortfolioTransactions;
import io.github.krakensdk.errors.KrakenServiceException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import io.github.krakensdk.sandbox.EmbedMovementKind;

/** Embed portfolio summary, details and transactions, read from the user's balances and movements. */
class EmbedPortfolioTest {
  static final Instant START = Instant.parse("2025-03-14T09:00:00Z");
  static final String USER = Seed.USER_IIBAN;
  final MutableClock clock = MutableClock.at(START);
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  /** The seed (25 000 USD, 0.5 BTC at 97 250, 4 ETH at 3 480): 87 545 USD. */
  @Test
  void theSummaryIsTheSeedValuedAtTheSandboxPrices(KrakenClient kraken) {
    PortfolioSummary summary = kraken.embed().getPortfolioSummary(r -> r.user(USER));
    assertEquals("USD", summary.currency());
    assertEquals(new BigDecimal("87545.00"), summary.portfolioValue());
    assertEquals(summary.portfolioValue(), summary.availableBalance());
    assertEquals(new BigDecimal("0.00"), summary.withheldValue());
    assertEquals(new BigDecimal("0.00"), summary.lotsUpnl(), "bought at today's prices");
    assertNull(summary.currentDayPnl(), "only when asked for");
  }

  @Test
  void aTradeMovesDetailsSummaryAndTransactionsTogether(KrakenClient kraken, Sandbox sandbox) {
    clock.advance(Duration.ofHours(1));
    trade(sandbox, "Q-1", "USD", "-1000.00", "BTC", "0.01028278", "5.00");
    sandbox.embed().setPrice("BTC", new BigDecimal("100000.00"));

    PortfolioDetails details = kraken.embed().listPortfolioDetails(r -> r.user(USER));
    Map<String, PortfolioAsset> byAsset = details.assets().stream()
        .collect(Collectors.toMap(PortfolioAsset::asset, a -> a));
    assertEquals(new BigDecimal("23995.00"), byAsset.get("USD").cashBalance());
    assertEquals(new BigDecimal("0.51028278"), byAsset.get("BTC").cashBalance());
    assertEquals(new BigDecimal("51028.28"), byAsset.get("BTC").cashValue());
    // Cost: 0.5 BTC seeded at 97 250 plus the 1 005 USD the trade gave up (amount and fee).
    assertEquals(new BigDecimal("49630.00"), byAsset.get("BTC").costBasis());
    assertEquals(new BigDecimal("1398.28"), byAsset.get("BTC").lotsUpnl());

    PortfolioSummary summary = kraken.embed().getPortfolioSummary(r -> r.user(USER).includeCurrentDayPnl(true));
    BigDecimal sum = details.assets().stream().map(PortfolioAsset::cashValue).reduce(BigDecimal.ZERO, BigDecimal::add);
    assertEquals(sum, summary.portfolioValue());
    assertEquals(summary.portfolioValue().subtract(summary.costBasis()), summary.lotsUpnl());
    // Since midnight: the seed arrived at 09:00 (a deposit, no gain); what is held now is worth 1 398.28 more than
    // what was deposited, the same as the unrealised PnL.
    assertEquals(START.truncatedTo(java.time.temporal.ChronoUnit.DAYS).atOffset(ZoneOffset.UTC),
        summary.currentDayPnl().since());
    assertEquals(new BigDecimal("1398.28"), summary.currentDayPnl().pnl());

    PortfolioTransaction trade = kraken.embed().listPortfolioTransactions(r -> r.user(USER)
        .types(List.of(PortfolioTransactionType.SIMPLE_ORDER))).transactions().get(0);
    assertEquals("Q-1", trade.refId());
    assertEquals(PortfolioTradeType.BUY, trade.details().tradeType());
    assertEquals(new BigDecimal("-1000.00"), trade.spend().amount().amount());
    assertEquals(new BigDecimal("-5.00"), trade.spend().fee().amount());
    assertEquals(new BigDecimal("-1005.00"), trade.spend().total().amount());
    assertEquals(new BigDecimal("23995.00"), trade.spend().balance().amount());
    assertEquals("BTC", trade.receive().amount().asset());
    assertEquals(new BigDecimal("0.51028278"), trade.receive().balance().amount());
  }

  @Test
  void theDayPnlIsThePriceMoveOnWhatWasHeldAtMidnight(KrakenClient kraken, Sandbox sandbox) {
    clock.advance(Duration.ofDays(1)); // the seed is from yesterday now
    sandbox.embed().setPrice("ETH", new BigDecimal("3500.00"));
    sandbox.embed().moveBalance(USER, EmbedMovementKind.DEPOSIT, "USD", new BigDecimal("100.00"), "D-1");
    PortfolioSummary summary = kraken.embed().getPortfolioSummary(r -> r.user(USER).includeCurrentDayPnl(true));
    assertEquals(new BigDecimal("80.00"), summary.currentDayPnl().pnl(), "4 ETH up 20 each; a deposit is no gain");
    assertEquals(new BigDecimal("87725.00"), summary.portfolioValue());
  }

  @Test
  void theHistorysLatestPointIsTheSummarysValue(KrakenClient kraken, Sandbox sandbox) {
    clock.advance(Duration.ofDays(1));
    trade(sandbox, "Q-1", "USD", "-1000.00", "BTC", "0.01028278", "5.00");
    sandbox.embed().setPrice("BTC", new BigDecimal("100000.00"));
    java.time.LocalDate today = java.time.LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    var history = kraken.embed().getPortfolioHistory(r -> r.user(USER).includeTotalBalance(true)
        .includeAssets(List.of("BTC")).startDate(today.minusDays(3)).endDate(today.plusDays(1)));
    var points = history.history();
    var last = points.get(points.size() - 1);
    assertEquals(today, last.date());
    assertEquals(kraken.embed().getPortfolioSummary(r -> r.user(USER)).portfolioValue(), last.totalBalance());
    assertEquals(new BigDecimal("0.51028278"), last.assets().get("BTC").balance());
    var yesterday = points.get(points.size() - 2);
    assertEquals(new BigDecimal("87545.00"), yesterday.totalBalance(), "the seed at the seed's prices");
  }

  @Test
  void detailsAndSummaryValueInTheQuoteAsked(KrakenClient kraken) {
    PortfolioDetails details = kraken.embed().listPortfolioDetails(r -> r.user(USER).quote("BTC"));
    assertEquals("BTC", details.currency());
    PortfolioAsset usd = details.assets().stream().filter(a -> a.asset().equals("USD")).findFirst().orElseThrow();
    assertEquals(new BigDecimal("0.25706941"), usd.cashValue(), "25 000 / 97 250, 8 decimals in a crypto quote");
    assertEquals(new BigDecimal("0.90020566"),
        kraken.embed().getPortfolioSummary(r -> r.user(USER).quote("BTC")).portfolioValue());
    KrakenServiceException e = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().getPortfolioSummary(r -> r.user(USER).quote("XYZ")));
    assertEquals(400, e.httpStatus());
  }

  @Test
  void transactionsPageByCursorWithTheFiltersOfTheFirstRequest(KrakenClient kraken, Sandbox sandbox) {
    for (int i = 1; i <= 5; i++) {
      clock.advance(Duration.ofMinutes(1));
      trade(sandbox, "Q-" + i, "USD", "-100.00", "ETH", "0.02873563", null);
    }
    List<String> refs = new ArrayList<>();
    PortfolioTransactions page = kraken.embed().listPortfolioTransactions(r -> r.user(USER)
        .types(List.of(PortfolioTransactionType.SIMPLE_ORDER)).pageSize(2));
    int pages = 1;
    assertEquals(5L, page.stats().transactionsSeen());
    page.transactions().forEach(t -> refs.add(t.refId()));
    while (page.nextCursor() != null) {
      String cursor = page.nextCursor();
      // A trade arriving during the walk (newest first) shifts nothing.
      if (pages == 1) {
        trade(sandbox, "Q-late", "USD", "-100.00", "ETH", "0.02873563", null);
      }
      page = kraken.embed().listPortfolioTransactions(r -> r.user(USER).cursor(cursor));
      page.transactions().forEach(t -> refs.add(t.refId()));
      pages++;
    }
    assertEquals(List.of("Q-5", "Q-4", "Q-3", "Q-2", "Q-1"), refs);
    assertEquals(3, pages);
  }

  @Test
  void transactionsFilterByTypeAssetTimeAndSortAscending(KrakenClient kraken, Sandbox sandbox) {
    Instant before = clock.instant();
    clock.advance(Duration.ofHours(2));
    trade(sandbox, "Q-eth", "USD", "-100.00", "ETH", "0.02873563", null);
    clock.advance(Duration.ofHours(2));
    trade(sandbox, "Q-btc", "USD", "-100.00", "BTC", "0.00102827", null);

    PortfolioTransactions deposits = kraken.embed().listPortfolioTransactions(r -> r.user(USER)
        .types(List.of(PortfolioTransactionType.DEPOSIT)).sorting(PortfolioSorting.ASCENDING));
    assertEquals(List.of("USD", "BTC", "ETH"),
        deposits.transactions().stream().map(t -> t.receive().amount().asset()).toList(), "the seed, in order");
    assertNull(deposits.transactions().get(0).spend());

    PortfolioTransactions btc = kraken.embed().listPortfolioTransactions(r -> r.user(USER)
        .types(List.of(PortfolioTransactionType.SIMPLE_ORDER)).assets(List.of("BTC")));
    assertEquals(List.of("Q-btc"), btc.transactions().stream().map(PortfolioTransaction::refId).toList());

    PortfolioTransactions window = kraken.embed().listPortfolioTransactions(r -> r.user(USER)
        .fromTime(before.plus(Duration.ofHours(1)).atOffset(ZoneOffset.UTC))
        .untilTime(before.plus(Duration.ofHours(3)).atOffset(ZoneOffset.UTC)));
    assertEquals(List.of("Q-eth"), window.transactions().stream().map(PortfolioTransaction::refId).toList());

    String id = btc.transactions().get(0).id();
    assertEquals(List.of(id), kraken.embed().listPortfolioTransactions(r -> r.user(USER).ids(List.of(id)).quote("EUR"))
        .transactions().stream().map(PortfolioTransaction::id).toList());
    PortfolioTransaction quoted = kraken.embed().listPortfolioTransactions(r -> r.user(USER).ids(List.of(id))
        .quote("EUR")).transactions().get(0);
    assertEquals(new BigDecimal("-92.59"), quoted.spend().quotedAmount().amount(), "100 USD at 1.08 USD per EUR");
    assertNotNull(quoted.receive().quotedAmount());
  }

  @Test
  void anotherPartnersUserAndAForeignCursorAreRefused(KrakenClient kraken, Sandbox sandbox) {
    KrakenServiceException e = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().listPortfolioDetails(r -> r.user(Seed.OTHER_PARTNER_USER_IIBAN)));
    assertEquals(404, e.httpStatus());
    assertEquals(List.of(EmbedFamily.USER_NOT_FOUND), e.errors());
    for (int i = 0; i < 3; i++) {
      trade(sandbox, "Q-" + i, "USD", "-10.00", "ETH", "0.00287356", null);
    }
    String cursor = kraken.embed().listPortfolioTransactions(r -> r.user(USER).pageSize(1)).nextCursor();
    KrakenServiceException foreign = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().listPortfolioTransactions(r -> r.user(Seed.SECOND_USER_IIBAN).cursor(cursor)));
    assertEquals(400, foreign.httpStatus());
    assertTrue(sandbox.responseProblems().isEmpty(), sandbox.responseProblems().toString());
  }

  static void trade(Sandbox sandbox, String reference, String spendAsset, String spend, String receiveAsset,
      String receive, String fee) {
    sandbox.embed().moveBalance(USER, EmbedMovementKind.TRADE, spendAsset, new BigDecimal(spend), reference);
    if (fee != null) {
      sandbox.embed().moveBalance(USER, EmbedMovementKind.FEE, spendAsset, new BigDecimal(fee).negate(), reference);
    }
    sandbox.embed().moveBalance(USER, EmbedMovementKind.TRADE, receiveAsset, new BigDecimal(receive), reference);
  }
}
