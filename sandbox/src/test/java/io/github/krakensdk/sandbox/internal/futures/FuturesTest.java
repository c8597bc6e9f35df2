package io.github.krakensdk.sandbox.internal.futures;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Raw;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.AuthenticationException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.futures.model.AssignmentParticipant;
import io.github.krakensdk.futures.model.AssignmentPreferenceResponse;
import io.github.krakensdk.futures.model.FuturesErrorCode;
import io.github.krakensdk.futures.model.GetTradeHistoryRequest;
import io.github.krakensdk.futures.model.NotificationType;
import io.github.krakensdk.futures.model.NotificationsResponse;
import io.github.krakensdk.futures.model.OptionGreeks;
import io.github.krakensdk.futures.model.PnlPreferencesResponse;
import io.github.krakensdk.futures.model.PortfolioSimulationResponse;
import io.github.krakensdk.futures.model.SelfTradeStrategy;
import io.github.krakensdk.futures.model.SimulatePortfolioRequest;
import io.github.krakensdk.futures.model.SimulatedPosition;
import io.github.krakensdk.futures.model.TradeHistoryEntry;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Futures through the SDK: history limits and paging, account settings, the demo-only simulation. */
class FuturesTest {
  static final Instant START = Instant.parse("2025-03-14T09:00:00Z");
  final MutableClock clock = MutableClock.at(START);
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  // ---- history ----

  @Test
  void historyIsAtMostOneHundredTradesNewestFirst(KrakenClient kraken) {
    List<TradeHistoryEntry> history = kraken.futures().getTradeHistory(r -> r.symbol("PF_XBTUSD")).history();
    assertEquals(FuturesFamily.HISTORY_LIMIT, history.size());
    for (int i = 1; i < history.size(); i++) {
      assertTrue(time(history.get(i)).isBefore(time(history.get(i - 1))), "descending at " + i);
    }
    // The newest trade carries the regulatory fields; the others do not.
    assertEquals("ISIN", history.get(0).instrumentIdentificationType());
    assertNull(history.get(1).isin());
  }

  @Test
  void pagingWithLastTimeReachesBackSevenDaysAndNoFurther(KrakenClient kraken) {
    Instant sevenDaysAgo = START.minus(FuturesFamily.HISTORY_WINDOW);
    List<TradeHistoryEntry> all = new ArrayList<>();
    OffsetDateTime lastTime = null;
    int pages = 0;
    while (true) {
      List<TradeHistoryEntry> page = history(kraken, "PF_ETHUSD", lastTime);
      if (page.isEmpty()) {
        break;
      }
      pages++;
      assertTrue(page.size() <= FuturesFamily.HISTORY_LIMIT);
      for (TradeHistoryEntry entry : page) {
        assertTrue(lastTime == null || time(entry).isBefore(lastTime.toInstant()), "only trades before lastTime");
        assertFalse(time(entry).isBefore(sevenDaysAgo), "older than 7 days: " + entry.time());
      }
      all.addAll(page);
      lastTime = OffsetDateTime.parse(page.get(page.size() - 1).time());
    }
    // One trade about every 40 minutes: 7 days hold 252 of the 300 seeded, so the last 48 stay hidden.
    long expected = 7 * 24 * 60 / 40;
    assertEquals(expected, all.size());
    assertEquals(3, pages);
    Set<Long> ids = new HashSet<>();
    all.forEach(entry -> assertTrue(ids.add(entry.tradeId()), "a trade on two pages"));
  }

  @Test
  void theSevenDayWindowMovesWithTheClock(KrakenClient kraken) {
    int before = countAll(kraken, "PF_SOLUSD");
    clock.advance(Duration.ofDays(1));
    int after = countAll(kraken, "PF_SOLUSD");
    assertEquals(before - 24 * 60 / 40, after);
  }

  @Test
  void unknownSymbolIsAnInvalidArgument(KrakenClient kraken) {
    KrakenServiceException e = assertThrows(KrakenServiceException.class,
        () -> kraken.futures().getTradeHistory(r -> r.symbol("PF_NOPEUSD")));
    assertEquals(FuturesErrorCode.INVALID_ARGUMENT, e.code(FuturesErrorCode.class));
  }

  private static int countAll(KrakenClient kraken, String symbol) {
    int count = 0;
    OffsetDateTime lastTime = null;
    List<TradeHistoryEntry> page;
    while (!(page = history(kraken, symbol, lastTime)).isEmpty()) {
      count += page.size();
      lastTime = OffsetDateTime.parse(page.get(page.size() - 1).time());
    }
    return count;
  }

  /** The page of {@code symbol} before {@code lastTime} (null: the newest). */
  private static List<TradeHistoryEntry> history(KrakenClient kraken, String symbol, OffsetDateTime lastTime) {
    return kraken.futures().getTradeHistory(GetTradeHistoryRequest.builder().symbol(symbol).lastTime(lastTime).build())
        .history();
  }

  private static Instant time(TradeHistoryEntry entry) {
    return OffsetDateTime.parse(entry.time()).toInstant();
  }

  // ---- account settings ----

  @Test
  void selfTradeStrategyDefaultsToRejectTakerAndPersists(KrakenClient kraken, Sandbox sandbox) {
    assertEquals(SelfTradeStrategy.REJECT_TAKER, sandbox.futures().selfTradeStrategy());
    assertEquals(SelfTradeStrategy.CANCEL_MAKER_ANY,
        kraken.futures().updateSelfTradeStrategy(r -> r.strategy(SelfTradeStrategy.CANCEL_MAKER_ANY)).strategy());
    assertEquals(SelfTradeStrategy.CANCEL_MAKER_ANY, sandbox.futures().selfTradeStrategy());
    // Setting it again is harmless.
    assertEquals(SelfTradeStrategy.CANCEL_MAKER_ANY,
        kraken.futures().updateSelfTradeStrategy(r -> r.strategy(SelfTradeStrategy.CANCEL_MAKER_ANY)).strategy());
  }

  @Test
  void aReadOnlyKeyCannotChangeTheSelfTradeStrategy(Sandbox sandbox) {
    try (KrakenClient readOnly = sandbox.newClientBuilder()
        .futuresCredentials(sandbox.credentials().futuresReadOnly().credentials()).build()) {
      AuthenticationException e = assertThrows(AuthenticationException.class,
          () -> readOnly.futures().updateSelfTradeStrategy(r -> r.strategy(SelfTradeStrategy.CANCEL_MAKER_SELF)));
      assertEquals(FuturesErrorCode.AUTHENTICATION_ERROR, e.code(FuturesErrorCode.class));
      assertEquals(401, e.httpStatus());
      assertEquals(SelfTradeStrategy.REJECT_TAKER, sandbox.futures().selfTradeStrategy());
      // Read-only is enough for the others.
      assertFalse(readOnly.futures().getNotifications().notifications().isEmpty());
    }
  }

  @Test
  void assignmentPreferenceIsDeletedByIdOnce(KrakenClient kraken, Sandbox sandbox) {
    AssignmentParticipant seeded = sandbox.futures().assignmentPreferences().get(48215L);
    AssignmentPreferenceResponse deleted = kraken.futures().deleteAssignmentPreference(r -> r.id(48215L));
    assertEquals(48215L, deleted.id());
    assertEquals(seeded, deleted.participant());
    assertFalse(sandbox.futures().assignmentPreferences().containsKey(48215L));
    for (long id : new long[] {48215L, 99999L}) {
      KrakenServiceException e = assertThrows(KrakenServiceException.class,
          () -> kraken.futures().deleteAssignmentPreference(r -> r.id(id)));
      assertEquals(FuturesErrorCode.NOT_FOUND, e.code(FuturesErrorCode.class), "id " + id);
    }
    assertEquals(Set.of(48213L, 48214L), sandbox.futures().assignmentPreferences().keySet());
  }

  @Test
  void notificationsAndPnlPreferences(KrakenClient kraken) {
    NotificationsResponse notifications = kraken.futures().getNotifications();
    assertEquals(NotificationType.MAINTENANCE, notifications.notifications().get(0).type());
    assertEquals(45, notifications.notifications().get(0).expectedDowntimeMinutes());
    assertTrue(notifications.notifications().get(0).effectiveTime().toInstant().isAfter(START));
    PnlPreferencesResponse preferences = kraken.futures().getPnlPreferences();
    assertEquals(List.of("PF_ETHUSD", "PF_SOLUSD"),
        preferences.preferences().stream().map(p -> p.symbol()).toList());
  }

  // ---- simulate ----

  @Test
  void simulationOnTheDemoBaseGivesGreeksPerOption(KrakenClient kraken) {
    PortfolioSimulationResponse response = kraken.futures().simulatePortfolio(portfolio(
        position("PF_XBTUSD", 0.25, 84000.0),
        position("OF_XBTUSD_250627_90000_C", 1.5, 3120.0),
        position("OF_XBTUSD_250314_60000_P", -2.0, 845.0)));
    Map<String, OptionGreeks> greeks = response.greeks();
    assertEquals(Set.of("OF_XBTUSD_250627_90000_C", "OF_XBTUSD_250314_60000_P"), greeks.keySet());
    OptionGreeks live = greeks.get("OF_XBTUSD_250627_90000_C");
    assertTrue(live.iv() > 0 && live.delta() > 0 && live.delta() < 1 && live.gamma() != null);
    // Expired at 08:00 on its date, an hour before the clock: no implied volatility, no greeks but delta.
    OptionGreeks expired = greeks.get("OF_XBTUSD_250314_60000_P");
    assertEquals(-1.0, expired.iv());
    assertNull(expired.gamma());
    assertTrue(response.initialMargin() > response.maintenanceMargin());
    assertFalse(response.portfolioMarginBreakdown().isBuyOnly());
    assertEquals(7, response.portfolioMarginBreakdown().totalScenarioPnls().size());
    // The expired put is worth its intrinsic value (none: the mark is far above 60000).
    double withoutCall = 0.25 * (PortfolioMath.MARKS.get("XBT") - 84000.0) + 2.0 * 845.0;
    double callValue = (response.pnl() - withoutCall) / 1.5 + 3120.0;
    assertTrue(callValue > 0 && callValue < PortfolioMath.MARKS.get("XBT"), "call worth " + callValue);
  }

  @Test
  void futuresOnlyPortfolioHasNoGreeksAndNoScenarios(KrakenClient kraken) {
    PortfolioSimulationResponse response = kraken.futures().simulatePortfolio(portfolio(
        position("PF_ETHUSD", 4.0, 1900.25)));
    assertEquals(Map.of(), response.greeks());
    assertNull(response.portfolioMarginBreakdown().totalScenarioPnls());
    assertTrue(response.portfolioMarginBreakdown().isBuyOnly());
    assertEquals(4.0 * (PortfolioMath.MARKS.get("ETH") - 1900.25), response.pnl(), 1e-6);
    assertEquals(4.0 * PortfolioMath.MARKS.get("ETH") * 0.01, response.maintenanceMargin(), 1e-6);
  }

  @Test
  void unknownInstrumentIsAnInvalidArgument(KrakenClient kraken) {
    KrakenServiceException e = assertThrows(KrakenServiceException.class,
        () -> kraken.futures().simulatePortfolio(portfolio(position("PF_DOGEUSD", 1.0, 0.1))));
    assertEquals(FuturesErrorCode.INVALID_ARGUMENT, e.code(FuturesErrorCode.class));
  }

  @Test
  void simulationOnTheProductionBaseIsUnavailable(Sandbox sandbox) {
    // A client whose demo base points at production, as a misconfigured one would.
    try (KrakenClient misrouted = sandbox.newClientBuilder().environment(sandbox.environment().toBuilder()
        .futuresDemo(sandbox.environment().futures().toString()).build()).build()) {
      KrakenServiceException e = assertThrows(KrakenServiceException.class,
          () -> misrouted.futures().simulatePortfolio(portfolio(position("PF_XBTUSD", 1.0, 80000.0))));
      assertEquals(404, e.httpStatus());
      assertEquals(FuturesErrorCode.UNAVAILABLE, e.code(FuturesErrorCode.class));
    }
  }

  @Test
  void otherOperationsAnswerOnTheDemoBaseToo(Sandbox sandbox) {
    try (KrakenClient demo = sandbox.newClientBuilder().environment(sandbox.environment().toBuilder()
        .futures(sandbox.environment().futuresDemo().toString()).build()).build()) {
      assertEquals(2, demo.futures().getPnlPreferences().preferences().size());
    }
  }

  @Test
  void invalidJsonIsAJsonParseError(Sandbox sandbox) {
    Raw.Answer answer = new Raw(sandbox).futures("POST", "/demo-futures/derivatives/api/v3",
        "/portfolio-margining/simulate?json=%7Bpositions", sandbox.credentials().futures(),
        Long.toString(Raw.nonce()));
    assertEquals(400, answer.status());
    assertTrue(answer.body().contains("\"error\":\"Json Parse Error\""), answer.body());
  }

  static SimulatePortfolioRequest portfolio(SimulatedPosition... positions) {
    return SimulatePortfolioRequest.builder().positions(List.of(positions)).build();
  }

  static SimulatedPosition position(String instrument, double size, double entryPrice) {
    return SimulatedPosition.builder().instrument(instrument).size(size).entryPrice(entryPrice).build();
  }

  @Test
  void authenticationErrorIsTypedForAnUnknownKey(Sandbox sandbox) {
    try (KrakenClient stranger = sandbox.newClientBuilder().futuresCredentials(
        new io.github.krakensdk.auth.ApiCredentials("nobody", sandbox.credentials().futures().secret())).build()) {
      KrakenServiceException e = assertThrows(KrakenServiceException.class,
          () -> stranger.futures().getPnlPreferences());
      assertInstanceOf(AuthenticationException.class, e);
    }
  }
}
