package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.GetRampCheckoutUrlRequest;
import io.github.krakensdk.embed.model.RampCheckout;
import io.github.krakensdk.embed.model.RampCountry;
import io.github.krakensdk.embed.model.RampCryptoAsset;
import io.github.krakensdk.embed.model.RampFiatCurrency;
import io.github.krakensdk.embed.model.RampLimits;
import io.github.krakensdk.embed.model.RampPaymentMethod;
import io.github.krakensdk.embed.model.RampProspectiveQuote;
import io.github.krakensdk.errors.KrakenServiceException;
import java.math.BigDecimal;
import java.util.List;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Ramp answers from the sandbox's own state: what is for sale, at its prices, within its limits. */
class EmbedRampTest {
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(Sandbox::builder);

  @Test
  void whatIsForSaleFollowsTheSandboxsPrices(KrakenClient kraken, Sandbox sandbox) {
    List<String> before = kraken.embed().listRampCryptoAssets().assets().stream().map(RampCryptoAsset::asset).toList();
    assertEquals(List.of("USDC", "BTC", "ETH", "SOL"), before, "every priced asset but fiat");
    sandbox.embed().setPrice("DOGE", new BigDecimal("0.21"));
    RampCryptoAsset doge = kraken.embed().listRampCryptoAssets(r -> r.country("DE")).assets().stream()
        .filter(a -> a.asset().equals("DOGE")).findFirst().orElseThrow();
    assertEquals(List.of("DOGE"), doge.networks(), "an asset without a known network is delivered over its own");
    assertEquals(List.of("Ethereum", "Arbitrum One"), kraken.embed().listRampCryptoAssets().assets().stream()
        .filter(a -> a.asset().equals("ETH")).findFirst().orElseThrow().networks());
  }

  @Test
  void currenciesAndPaymentMethodsDependOnTheCountry(KrakenClient kraken) {
    assertEquals(List.of("USD"), kraken.embed().listRampFiatCurrencies(r -> r.country("US")).currencies().stream()
        .map(RampFiatCurrency::asset).toList());
    assertEquals(List.of("USD", "EUR"), kraken.embed().listRampFiatCurrencies().currencies().stream()
        .map(RampFiatCurrency::asset).toList());
    assertEquals(List.of("credit_card", "apple_pay", "ach"), methods(kraken, "US", null));
    assertEquals(List.of("credit_card", "apple_pay", "sepa"), methods(kraken, "DE", "EUR"));
    assertEquals(List.of("credit_card", "apple_pay"), methods(kraken, "GB", null));
    RampCountry us = kraken.embed().listRampCountries().countries().stream().filter(c -> c.country().equals("US"))
        .findFirst().orElseThrow();
    assertTrue(us.subdivisions().contains("NY"));
    assertNull(kraken.embed().listRampCountries().countries().get(0).subdivisions(), "DE is served everywhere");

    KrakenServiceException unserved = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().listRampPaymentMethods(r -> r.country("KP")));
    assertEquals(400, unserved.httpStatus());
    assertTrue(unserved.errors().get(0).contains("country KP"), unserved.errors().toString());
  }

  private static List<String> methods(KrakenClient kraken, String country, String fiat) {
    return kraken.embed().listRampPaymentMethods(r -> r.country(country).inAsset(fiat)).paymentMethods().stream()
        .map(RampPaymentMethod::method).toList();
  }

  @Test
  void aProspectiveQuoteIsPricedAtTheSandboxPriceWithEveryFee(KrakenClient kraken, Sandbox sandbox) {
    sandbox.embed().setPrice("BTC", new BigDecimal("100000"));
    RampProspectiveQuote quote = kraken.embed().getRampProspectiveQuote(r -> r.inAsset("USD").inMethod("credit_card")
        .inAmount(new BigDecimal("1000")).outAsset("BTC").outMethod("Bitcoin").country("US").affiliateFeeBps(250));
    assertEquals(new BigDecimal("1000.00"), quote.spend().subtotal());
    assertEquals(new BigDecimal("10.00"), quote.spend().fee(), "1 %");
    assertEquals(new BigDecimal("5.00"), quote.spend().depositFee(), "0.5 % by card");
    assertEquals(new BigDecimal("25.00"), quote.spend().affiliateFee(), "250 bps");
    assertEquals(new BigDecimal("1040.00"), quote.spend().total());
    assertEquals(new BigDecimal("100000.00"), quote.unitPrice().unitPrice());
    assertEquals(new BigDecimal("0.01000000"), quote.receive().subtotal());
    assertEquals(new BigDecimal("0.00001000"), quote.receive().withdrawalFee());
    assertEquals(new BigDecimal("0.00999000"), quote.receive().total());

    RampProspectiveQuote euros = kraken.embed().getRampProspectiveQuote(r -> r.inAsset("EUR").inMethod("sepa")
        .inAmount(new BigDecimal("500")).outAsset("ETH").outMethod("Ethereum").country("FR"));
    assertEquals(new BigDecimal("3222.22"), euros.unitPrice().unitPrice(), "3480 USD at 1.08 USD per EUR");
    assertEquals(new BigDecimal("0.00"), euros.spend().depositFee(), "SEPA is free");
    assertEquals(new BigDecimal("505.00"), euros.spend().total());
  }

  @Test
  void limitsBoundTheQuoteAndTheCheckout(KrakenClient kraken) {
    RampLimits limits = kraken.embed().getRampLimits(r -> r.inAsset("USD").inMethod("ach").outAsset("SOL")
        .outMethod("Solana").country("US"));
    assertEquals(new BigDecimal("20.00"), limits.limits().deposit().minimum().amount());
    assertEquals(new BigDecimal("0.05482457"), limits.limits().withdrawal().minimum().amount(), "10 USD of SOL");
    assertEquals(new BigDecimal("20.00"), limits.finalCombined().inAsset().minimum().amount());
    assertEquals(new BigDecimal("5000.00"), limits.finalCombined().inAsset().maximum().amount());
    KrakenServiceException tooLittle = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().getRampCheckoutUrl(r -> r.inAsset("USD").inMethod("ach").inAmount(new BigDecimal("5"))
            .outAsset("SOL").outMethod("Solana").country("US")));
    assertTrue(tooLittle.errors().get(0).contains("below the minimum 20.00 USD"), tooLittle.errors().toString());
    KrakenServiceException wrongMethod = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().getRampLimits(r -> r.inAsset("USD").inMethod("sepa").outAsset("SOL")
            .outMethod("Solana").country("US")));
    assertTrue(wrongMethod.errors().get(0).contains("in_method sepa"), wrongMethod.errors().toString());
    KrakenServiceException wrongNetwork = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().getRampLimits(r -> r.inAsset("USD").inMethod("ach").outAsset("SOL")
            .outMethod("Bitcoin").country("US")));
    assertTrue(wrongNetwork.errors().get(0).contains("out_method Bitcoin"), wrongNetwork.errors().toString());
  }

  @Test
  void theCheckoutUrlIsOnTheSandboxAndCarriesTheParameters(KrakenClient kraken, Sandbox sandbox) {
    GetRampCheckoutUrlRequest request = GetRampCheckoutUrlRequest.builder().inAsset("USD").inMethod("credit_card")
        .inAmount(new BigDecimal("150")).outAsset("BTC").outMethod("Bitcoin").country("US").subdivision("NY")
        .walletAddress("bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh").affiliateFeeBps(50)
        .redirectUrl("https://partner.example.com/done").externalMetadata("{\"order\":7}").build();
    RampCheckout checkout = kraken.embed().getRampCheckoutUrl(request);
    assertEquals(checkout, kraken.embed().getRampCheckoutUrl(request), "the same parameters, the same URL");
    HttpUrl url = HttpUrl.get(checkout.checkoutUrl());
    assertEquals(HttpUrl.get(sandbox.baseUrl().resolve("sandbox/ramp/checkout")).toString(), url.newBuilder().query(null).build()
        .toString());
    assertEquals("150.00", url.queryParameter("in_amount"));
    assertEquals("NY", url.queryParameter("subdivision"));
    assertEquals("{\"order\":7}", url.queryParameter("external_metadata"));
    assertEquals("50", checkout.requestData().affiliateFeeBps());
    assertEquals(new BigDecimal("150.00"), checkout.requestData().inAmount());
    assertEquals("https://partner.example.com/done", checkout.requestData().redirectUrl());
    assertNull(checkout.requestData().memo());

    KrakenServiceException unserved = assertThrows(KrakenServiceException.class,
        () -> kraken.embed().getRampCheckoutUrl(request.toBuilder().subdivision("ZZ").build()));
    assertTrue(unserved.errors().get(0).contains("subdivision ZZ"), unserved.errors().toString());
  }
}
