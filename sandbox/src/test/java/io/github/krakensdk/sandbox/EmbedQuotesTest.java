package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.embed.EmbedAssets;
import io.github.krakensdk.sandbox.internal.embed.EmbedFamily;
import io.github.krakensdk.sandbox.internal.embed.EmbedState;
import io.github.krakensdk.sandbox.internal.embed.EmbedUser;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.internal.Seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.AssetRate;
import io.github.krakensdk.embed.model.AssetRateInterval;
import io.github.krakensdk.embed.model.AssetRates;
import io.github.krakensdk.embed.model.EmbedErrorCode;
import io.github.krakensdk.embed.model.Quote;
import io.github.krakensdk.embed.model.QuoteAmount;
import io.github.krakensdk.embed.model.QuoteCounterAsset;
import io.github.krakensdk.embed.model.QuoteLimits;
import io.github.krakensdk.embed.model.QuoteStatus;
import io.github.krakensdk.embed.model.QuoteType;
import io.github.krakensdk.errors.KrakenServiceException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Embed assets and quotes: pricing, expiry on the sandbox clock, executing once, balances and events. */
class EmbedQuotesTest {
  static final Instant START = Instant.parse("2025-03-14T09:00:00Z");
  static final String USER = Seed.USER_IIBAN;
  final MutableClock clock = MutableClock.at(START);
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  static Quote spendUsdOnBtc(KrakenClient kraken, String user, String usd) {
    return kraken.embed().requestQuote(r -> r.user(user).type(QuoteType.SPEND)
        .amount(QuoteAmount.builder().asset("USD").amount(new BigDecimal(usd)).build())
        .quote(QuoteCounterAsset.builder().asset("BTC").build()));
  }

  @Test
  void aSpendQuoteIsPricedFromTheSandboxPriceWithSpreadAndFee(KrakenClient kraken, Sandbox sandbox) {
    sandbox.embed().setPrice("BTC", new BigDecimal("100000"));
    Quote quote = spendUsdOnBtc(kraken, USER, "1000.00");
    assertEquals(QuoteStatus.NEW, quote.status());
    assertEquals(OffsetDateTime.ofInstant(START.plusSeconds(30), ZoneOffset.UTC), quote.expires());
    // 25 bps spread: 100 250 USD per BTC; 50 bps fee on the 1000 USD spent.
    assertEquals(new BigDecimal("100250.00"), quote.unitPrice().unitPrice());
    assertEquals(new BigDecimal("1000.00"), quote.spend().total());
    assertEquals(new BigDecimal("5.00"), quote.spend().fee());
    assertEquals(new BigDecimal("995.00"), quote.spend().subtotal());
    assertEquals(new BigDecimal("0.00992518"), quote.receive().total(), "995 / 100250, rounded down");
  }

  @Test
  void aReceiveQuoteFixesTheReceivedAmount(KrakenClient kraken, Sandbox sandbox) {
    sandbox.embed().setPrice("BTC", new BigDecimal("100000"));
    Quote quote = kraken.embed().requestQuote(r -> r.user(USER).type(QuoteType.RECEIVE)
        .amount(QuoteAmount.builder().asset("BTC").amount(new BigDecimal("0.01")).build())
        .quote(QuoteCounterAsset.builder().asset("USD").build()).feeBps("100"));
    assertEquals(new BigDecimal("0.01000000"), quote.receive().total());
    assertEquals(new BigDecimal("1002.50"), quote.spend().subtotal());
    assertEquals(new BigDecimal("15.04"), quote.spend().fee(), "150 bps of 1002.50, rounded up");
    assertEquals(new BigDecimal("1017.54"), quote.spend().total());
  }

  @Test
  void executingMovesTheBalancesOnceAndPublishesTheEvent(KrakenClient kraken, Sandbox sandbox) {
    Quote quote = spendUsdOnBtc(kraken, USER, "100.00");
    Quote executed = kraken.embed().executeQuote(r -> r.quoteId(quote.quoteId()).user(USER));
    assertEquals(QuoteStatus.ACCEPTED, executed.status());
    Map<String, BigDecimal> balances = sandbox.embed().balances(USER);
    assertEquals(new BigDecimal("24900.00"), balances.get("USD"));
    assertEquals(new BigDecimal("0.50000000").add(quote.receive().total()), balances.get("BTC"));

    KrakenServiceException again = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().executeQuote(r -> r.quoteId(quote.quoteId()).user(USER)));
    assertEquals(409, again.httpStatus());
    assertTrue(again.hasError(EmbedErrorCode.PTL_QUOTE_ALREADY_ACCEPTED), again.errors().toString());
    assertEquals(new BigDecimal("24900.00"), sandbox.embed().balances(USER).get("USD"), "nothing moved twice");
    assertEquals(QuoteStatus.ACCEPTED, kraken.embed().getQuote(r -> r.quoteId(quote.quoteId()).user(USER)).status());

    EmbedState state = sandbox.embedQuotesState();
    synchronized (state) {
      List<EmbedUser.Movement> moves = state.anyUser(USER).movements.stream()
          .filter(m -> quote.quoteId().equals(m.reference())).toList();
      assertEquals(List.of("trade", "fee", "trade"), moves.stream().map(EmbedUser.Movement::kind).toList());
      assertEquals(new BigDecimal("-99.50"), moves.get(0).amount());
      assertEquals(new BigDecimal("-0.50"), moves.get(1).amount());
      assertEquals(quote.receive().total(), moves.get(2).amount());
    }
    List<EmbedState.Event> events = state.events().stream().filter(e -> e.type().startsWith("quote.")).toList();
    assertEquals(1, events.size());
    assertEquals("quote.executed", events.get(0).type());
    assertEquals(USER, events.get(0).iiban());
    assertEquals(quote.quoteId(), events.get(0).data().get("quote_id"));
    assertEquals("accepted", events.get(0).data().get("status"));
  }

  @Test
  void aQuoteExpiresAfterThirtySecondsOnTheSandboxClock(KrakenClient kraken, Sandbox sandbox) {
    Quote quote = spendUsdOnBtc(kraken, USER, "100.00");
    clock.advance(Duration.ofSeconds(30));
    assertEquals(QuoteStatus.NEW, sandbox.embed().quoteStatus(quote.quoteId()).orElseThrow(), "executable up to its expiry");
    clock.advance(Duration.ofMillis(1));
    assertEquals(QuoteStatus.EXPIRED, kraken.embed().getQuote(r -> r.quoteId(quote.quoteId()).user(USER)).status());
    KrakenServiceException late = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().executeQuote(r -> r.quoteId(quote.quoteId()).user(USER)));
    assertEquals(409, late.httpStatus());
    assertTrue(late.hasError(EmbedErrorCode.PTL_PRICE_QUOTE_EXPIRED), late.errors().toString());
    assertEquals(new BigDecimal("25000.00"), sandbox.embed().balances(USER).get("USD"));
  }

  @Test
  void aBalanceTooSmallAtExecutionFailsTheQuote(KrakenClient kraken, Sandbox sandbox) {
    Quote first = spendUsdOnBtc(kraken, USER, "20000.00");
    Quote second = spendUsdOnBtc(kraken, USER, "20000.00");
    kraken.embed().executeQuote(r -> r.quoteId(first.quoteId()).user(USER));
    KrakenServiceException e = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().executeQuote(r -> r.quoteId(second.quoteId()).user(USER)));
    assertEquals(409, e.httpStatus());
    assertTrue(e.hasError(EmbedErrorCode.PTL_INSUFFICIENT_FUNDS_FOR_TRANSFER), e.errors().toString());
    assertEquals(QuoteStatus.FAILED, sandbox.embed().quoteStatus(second.quoteId()).orElseThrow());
    assertEquals(List.of("quote.executed", "quote.execution_failed"), sandbox.embedQuotesState().events().stream()
        .map(EmbedState.Event::type).filter(t -> t.startsWith("quote.")).toList());
    KrakenServiceException again = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().executeQuote(r -> r.quoteId(second.quoteId()).user(USER)));
    assertTrue(again.hasError(EmbedErrorCode.PTL_QUOTE_EXECUTION_FAILED), again.errors().toString());
  }

  @Test
  void onlyAVerifiedEnabledUserTrades(KrakenClient kraken, Sandbox sandbox) {
    Quote quote = spendUsdOnBtc(kraken, USER, "100.00");
    EmbedState state = sandbox.embedQuotesState();
    synchronized (state) {
      state.anyUser(USER).verified = false;
    }
    KrakenServiceException unverified = assertThrows(KrakenServiceException.class,
        () -> spendUsdOnBtc(kraken, USER, "100.00"));
    assertEquals(403, unverified.httpStatus());
    assertTrue(unverified.hasError(EmbedErrorCode.PTL_USERKYCDENYTRADING), unverified.errors().toString());
    synchronized (state) {
      state.anyUser(USER).verified = true;
      state.anyUser(USER).disabled = true;
    }
    KrakenServiceException disabled = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().executeQuote(r -> r.quoteId(quote.quoteId()).user(USER)));
    assertEquals(403, disabled.httpStatus());
    assertTrue(disabled.hasError(EmbedErrorCode.API_USER_LOCKED), disabled.errors().toString());
    assertEquals(new BigDecimal("25000.00"), sandbox.embed().balances(USER).get("USD"));
  }

  @Test
  void anotherPartnersUserAndQuotesAreUnknown(KrakenClient kraken) {
    KrakenServiceException otherUser = assertThrows(KrakenServiceException.class,
        () -> spendUsdOnBtc(kraken, Seed.OTHER_PARTNER_USER_IIBAN, "100.00"));
    assertEquals(404, otherUser.httpStatus());
    assertEquals(List.of(EmbedFamily.USER_NOT_FOUND), otherUser.errors());
    Quote mine = spendUsdOnBtc(kraken, USER, "100.00");
    KrakenServiceException otherUsersQuote = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().getQuote(r -> r.quoteId(mine.quoteId()).user(Seed.SECOND_USER_IIBAN)));
    assertEquals(404, otherUsersQuote.httpStatus());
    assertTrue(otherUsersQuote.hasError(EmbedErrorCode.NEXUS_QUOTE_NOT_FOUND));
  }

  @Test
  void limitsAreRefusedAndReported(KrakenClient kraken) {
    QuoteLimits limits = kraken.embed().getQuoteLimits(r -> r.user(USER).baseAsset("USD").quoteAsset("BTC")
        .quoteType(QuoteType.SPEND));
    assertEquals(new BigDecimal("5.00"), limits.minimum());
    assertEquals(new BigDecimal("100000.00"), limits.maximum());
    KrakenServiceException small = assertThrows(KrakenServiceException.class,
        () -> spendUsdOnBtc(kraken, USER, "4.99"));
    assertEquals(400, small.httpStatus());
    assertEquals(List.of("EAPI:Quantity is too small for asset"), small.errors());
    KrakenServiceException disabled = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().requestQuote(r -> r.user(USER).type(QuoteType.SPEND)
            .amount(QuoteAmount.builder().asset("EUR").amount(new BigDecimal("100")).build())
            .quote(QuoteCounterAsset.builder().asset("SOL").build())));
    assertEquals(List.of("ENexus:Asset disabled"), disabled.errors());
  }

  @Test
  void ratesEndAtTheCurrentPriceAndFollowTheSandboxCurve(KrakenClient kraken, Sandbox sandbox) {
    sandbox.embed().setPrice("BTC", new BigDecimal("100000"));
    AssetRates rates = kraken.embed().listAssetRates(r -> r.asset("BTC").interval(AssetRateInterval.P1_D));
    assertEquals(EmbedAssets.DEFAULT_RATES, rates.rates().size());
    AssetRate newest = rates.rates().get(rates.rates().size() - 1);
    assertEquals(new BigDecimal("100000.00"), newest.price());
    assertEquals(OffsetDateTime.parse("2025-03-14T00:00:00Z"), newest.timestamp());
    assertEquals(EmbedAssets.historical(new BigDecimal("100000"), 3).setScale(2, java.math.RoundingMode.HALF_EVEN),
        rates.rates().get(rates.rates().size() - 4).price());
    assertEquals(rates.rates(), kraken.embed().listAssetRates(r -> r.asset("BTC")).rates(), "deterministic");
    KrakenServiceException tooMany = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().listAssetRates(r -> r.asset("BTC").interval(AssetRateInterval.PT1_M)
            .startTime(OffsetDateTime.parse("2025-03-01T00:00:00Z"))));
    assertTrue(tooMany.hasError(EmbedErrorCode.NEXUS_INTERVAL_IS_TOO_LARGE), tooMany.errors().toString());
  }
}
