package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;
import static io.github.krakensdk.tour.Tour.expectError;

import io.github.krakensdk.embed.model.EmbedErrorCode;
import io.github.krakensdk.embed.model.ProspectiveQuote;
import io.github.krakensdk.embed.model.Quote;
import io.github.krakensdk.embed.model.QuoteAction;
import io.github.krakensdk.embed.model.QuoteAmount;
import io.github.krakensdk.embed.model.QuoteCounterAsset;
import io.github.krakensdk.embed.model.QuoteLimits;
import io.github.krakensdk.embed.model.QuoteStatus;
import io.github.krakensdk.embed.model.QuoteType;
import io.github.krakensdk.embed.model.TradableAsset;
import io.github.krakensdk.embed.model.TradableAssets;
import io.github.krakensdk.errors.KrakenServiceException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * The Embed quotes part of the tour: tradable assets, limits, an indicative price for spending
 * USD on BTC; then the followed user sells some of the BTC it deposited for USD: a quote
 * requested, read, executed (balances moved), executed again (refused), and a second quote left
 * to expire on the sandbox clock (refused).
 */
final class EmbedQuotesTour {
  private static final BigDecimal SPEND = new BigDecimal("100.00");
  private static final BigDecimal SELL = new BigDecimal("0.00200000");

  private EmbedQuotesTour() {}

  static void run(Tour tour) {
    // The users part sets the followed user; until it runs, the seeded test user.
    String user = tour.embedUser != null ? tour.embedUser : tour.sandbox.credentials().userIiban();
    tour.step("listTradableAssets", () -> {
      TradableAssets assets = tour.kraken.embed().listTradableAssets(r -> r.user(user));
      check(assets.assets().stream().anyMatch(a -> "BTC".equals(a.name())), "BTC not tradable");
      return assets.assets().size() + " assets; not against each other: "
          + assets.assets().stream().filter(a -> !a.disabledAgainst().isEmpty())
              .map(a -> a.name() + "↮" + a.disabledAgainst()).toList();
    });
    tour.step("getQuoteLimits", () -> {
      QuoteLimits limits = tour.kraken.embed().getQuoteLimits(r -> r.user(user).baseAsset("USD").quoteAsset("BTC")
          .quoteType(QuoteType.SPEND));
      check(limits.minimum().compareTo(SPEND) < 0 && SPEND.compareTo(limits.maximum()) < 0,
          "100 USD outside " + limits.minimum() + ".." + limits.maximum());
      return "spending USD on BTC: " + limits.minimum() + " to " + limits.maximum() + " USD ("
          + limits.maximumInDisplay().amount() + " BTC at most), " + limits.precision() + " decimals";
    });
    tour.step("requestProspectiveQuote", () -> {
      ProspectiveQuote indicative = tour.kraken.embed().requestProspectiveQuote(r -> r.action(QuoteAction.builder()
          .type(QuoteType.SPEND).amount(QuoteAmount.builder().asset("USD").amount(SPEND).build())
          .quote(QuoteCounterAsset.builder().asset("BTC").build()).build()));
      check(indicative.spend().total().compareTo(SPEND) == 0, "spends " + indicative.spend().total());
      return "100 USD → about " + indicative.receive().total() + " BTC at " + indicative.unitPrice().unitPrice()
          + " USD, fee " + indicative.spend().fee() + " USD; nothing reserved";
    });
    String[] quoteId = new String[1];
    tour.step("requestQuote", () -> {
      // The user holds the BTC deposited before: it sells some for USD.
      Quote quote = tour.kraken.embed().requestQuote(r -> r.user(user).type(QuoteType.SPEND)
          .amount(QuoteAmount.builder().asset("BTC").amount(SELL).build())
          .quote(QuoteCounterAsset.builder().asset("USD").build()));
      check(QuoteStatus.NEW.equals(quote.status()), "status " + quote.status());
      check(quote.expires().toInstant().isAfter(tour.sandbox.clock().instant()), "already expired: " + quote.expires());
      quoteId[0] = quote.quoteId();
      return quote.quoteId() + ": " + quote.spend().total() + " BTC (fee " + quote.spend().fee() + ") → "
          + quote.receive().total() + " USD, " + quote.status() + " until " + quote.expires();
    });
    tour.step("getQuote", () -> {
      Quote quote = tour.kraken.embed().getQuote(r -> r.quoteId(quoteId[0]).user(user));
      check(QuoteStatus.NEW.equals(quote.status()), "status " + quote.status());
      return quote.quoteId() + " is " + quote.status() + ", executable until " + quote.expires();
    });
    tour.step("executeQuote", () -> {
      Map<String, BigDecimal> before = tour.sandbox.embed().balances(user);
      Quote executed = tour.kraken.embed().executeQuote(r -> r.quoteId(quoteId[0]).user(user));
      Map<String, BigDecimal> after = tour.sandbox.embed().balances(user);
      check(QuoteStatus.ACCEPTED.equals(executed.status()), "status " + executed.status());
      BigDecimal usdBefore = before.getOrDefault("USD", BigDecimal.ZERO);
      check(before.get("BTC").subtract(after.get("BTC")).compareTo(executed.spend().total()) == 0,
          "BTC " + before.get("BTC") + " → " + after.get("BTC"));
      check(after.get("USD").subtract(usdBefore).compareTo(executed.receive().total()) == 0,
          "USD " + usdBefore + " → " + after.get("USD"));
      KrakenServiceException again = expectError(() ->
          tour.kraken.embed().executeQuote(r -> r.quoteId(quoteId[0]).user(user)));
      check(again.hasError(EmbedErrorCode.PTL_QUOTE_ALREADY_ACCEPTED), "again: " + again.errors());
      // A second quote left alone past its 30 seconds (the sandbox clock moves on, no real wait).
      Quote late = tour.kraken.embed().requestQuote(r -> r.user(user).type(QuoteType.SPEND)
          .amount(QuoteAmount.builder().asset("BTC").amount(SELL).build())
          .quote(QuoteCounterAsset.builder().asset("USD").build()));
      tour.sandbox.timeSource().sleep(Duration.between(tour.sandbox.clock().instant(),
          late.expires().toInstant()).plusSeconds(1));
      KrakenServiceException expired = expectError(() ->
          tour.kraken.embed().executeQuote(r -> r.quoteId(late.quoteId()).user(user)));
      check(expired.hasError(EmbedErrorCode.PTL_PRICE_QUOTE_EXPIRED), "late: " + expired.errors());
      return executed.status() + ": USD " + usdBefore + " → " + after.get("USD") + ", BTC "
          + before.get("BTC") + " → " + after.get("BTC") + "; again → " + again.code() + "; a quote past "
          + late.expires().toLocalTime() + " → " + expired.code();
    });
  }
}
