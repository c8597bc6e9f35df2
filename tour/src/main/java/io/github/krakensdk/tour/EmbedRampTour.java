package io.github.krakensdk.tour;

import static io.github.krakensdk.tour.Tour.check;
import static io.github.krakensdk.tour.Tour.expectError;

import io.github.krakensdk.embed.model.EmbedErrorCode;
import io.github.krakensdk.embed.model.RampCheckout;
import io.github.krakensdk.embed.model.RampCountry;
import io.github.krakensdk.embed.model.RampCryptoAsset;
import io.github.krakensdk.embed.model.RampFiatCurrency;
import io.github.krakensdk.embed.model.RampLimitRange;
import io.github.krakensdk.embed.model.RampLimits;
import io.github.krakensdk.embed.model.RampPaymentMethod;
import io.github.krakensdk.embed.model.RampProspectiveQuote;
import io.github.krakensdk.errors.KrakenServiceException;
import java.math.BigDecimal;
import java.util.List;
import okhttp3.HttpUrl;

/**
 * Ramp, as a partner's app offers it: discover what a user in California may buy and how to pay,
 * check the amount limits, preview the price, and build the checkout URL to send the browser to.
 */
final class EmbedRampTour {
  private static final BigDecimal AMOUNT = new BigDecimal("250.00");

  private EmbedRampTour() {}

  static void run(Tour tour) {
    tour.step("listRampCountries", () -> {
      List<RampCountry> countries = tour.kraken.embed().listRampCountries().countries();
      RampCountry us = countries.stream().filter(c -> "US".equals(c.country())).findFirst()
          .orElseThrow(() -> new AssertionError("the US is not served: " + countries));
      check(us.subdivisions().contains("CA"), "California is not served: " + us.subdivisions());
      return countries.size() + " countries " + countries.stream().map(RampCountry::country).toList()
          + "; US by state " + us.subdivisions();
    });
    tour.step("listRampFiatCurrencies", () -> {
      List<RampFiatCurrency> currencies = tour.kraken.embed().listRampFiatCurrencies(r -> r.country("US")).currencies();
      check(currencies.stream().anyMatch(c -> "USD".equals(c.asset())), "no USD in the US: " + currencies);
      return "in the US: " + currencies.stream().map(RampFiatCurrency::asset).toList();
    });
    tour.step("listRampPaymentMethods", () -> {
      List<RampPaymentMethod> methods =
          tour.kraken.embed().listRampPaymentMethods(r -> r.country("US").inAsset("USD")).paymentMethods();
      check(methods.stream().anyMatch(m -> "credit_card".equals(m.method())), "no card payments: " + methods);
      check(methods.stream().noneMatch(m -> "sepa".equals(m.method())), "SEPA offered in the US");
      return "USD in the US: " + methods.stream().map(RampPaymentMethod::method).toList();
    });
    tour.step("listRampCryptoAssets", () -> {
      List<RampCryptoAsset> assets = tour.kraken.embed().listRampCryptoAssets(r -> r.country("US")).assets();
      RampCryptoAsset btc = assets.stream().filter(a -> "BTC".equals(a.asset())).findFirst()
          .orElseThrow(() -> new AssertionError("BTC is not for sale: " + assets));
      check(btc.networks().contains("Bitcoin"), "BTC networks " + btc.networks());
      return assets.size() + " for sale " + assets.stream().map(RampCryptoAsset::asset).toList() + ", BTC over "
          + btc.networks();
    });
    tour.step("getRampLimits", () -> {
      RampLimits limits = tour.kraken.embed().getRampLimits(r -> r.inAsset("USD").inMethod("credit_card")
          .outAsset("BTC").outMethod("Bitcoin").country("US").subdivision("CA"));
      RampLimitRange in = limits.finalCombined().inAsset();
      check(in.minimum().amount().compareTo(AMOUNT) <= 0 && AMOUNT.compareTo(in.maximum().amount()) <= 0,
          AMOUNT + " USD outside " + in);
      return "USD by card → BTC: " + in.minimum().amount() + " to " + in.maximum().amount() + " USD ("
          + limits.finalCombined().outAsset().minimum().amount() + " to "
          + limits.finalCombined().outAsset().maximum().amount() + " BTC)";
    });
    tour.step("getRampProspectiveQuote", () -> {
      RampProspectiveQuote quote = tour.kraken.embed().getRampProspectiveQuote(r -> r.inAsset("USD")
          .inMethod("credit_card").inAmount(AMOUNT).outAsset("BTC").outMethod("Bitcoin").country("US")
          .subdivision("CA").affiliateFeeBps(100));
      BigDecimal fees = quote.spend().fee().add(quote.spend().depositFee()).add(quote.spend().affiliateFee());
      check(quote.spend().total().compareTo(AMOUNT.add(fees)) == 0, "total " + quote.spend().total());
      check(quote.spend().affiliateFee().compareTo(new BigDecimal("2.50")) == 0,
          "1 % partner fee " + quote.spend().affiliateFee());
      // Nothing is reserved: an amount over the limits is refused before any checkout.
      KrakenServiceException tooMuch = expectError(() -> tour.kraken.embed().getRampProspectiveQuote(r -> r
          .inAsset("USD").inMethod("credit_card").inAmount(new BigDecimal("999999")).outAsset("BTC")
          .outMethod("Bitcoin").country("US")));
      check(tooMuch.hasError(EmbedErrorCode.GENERAL_INVALID_ARGUMENTS), "too much gave " + tooMuch.errors());
      return "spend " + quote.spend().total() + " USD (fees " + fees + ") → receive " + quote.receive().total()
          + " BTC at " + quote.unitPrice().unitPrice() + "; 999999 USD → " + tooMuch.errors().get(0);
    });
    tour.step("getRampCheckoutUrl", () -> {
      RampCheckout checkout = tour.kraken.embed().getRampCheckoutUrl(r -> r.inAsset("USD").inMethod("credit_card")
          .inAmount(AMOUNT).outAsset("BTC").outMethod("Bitcoin").country("US").subdivision("CA")
          .walletAddress("bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh")
          .redirectUrl("https://partner.example.com/ramp/done").externalTransactionId("TOUR-1"));
      HttpUrl url = HttpUrl.get(checkout.checkoutUrl());
      check("250.00".equals(url.queryParameter("in_amount")) && "BTC".equals(url.queryParameter("out_asset")),
          "the URL does not carry the purchase: " + url);
      check("TOUR-1".equals(checkout.requestData().externalTransactionId()), "request_data " + checkout.requestData());
      return url.encodedPath() + " with " + url.querySize() + " parameters, request_data echoed";
    });
  }
}
