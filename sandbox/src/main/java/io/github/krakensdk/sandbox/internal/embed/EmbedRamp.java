package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Reply;

import io.github.krakensdk.embed.model.RampAmount;
import io.github.krakensdk.embed.model.RampCheckout;
import io.github.krakensdk.embed.model.RampCheckoutRequestData;
import io.github.krakensdk.embed.internal.model.RampCheckoutResponse;
import io.github.krakensdk.embed.model.RampCombinedLimits;
import io.github.krakensdk.embed.model.RampCountries;
import io.github.krakensdk.embed.internal.model.RampCountriesResponse;
import io.github.krakensdk.embed.model.RampCountry;
import io.github.krakensdk.embed.model.RampCryptoAsset;
import io.github.krakensdk.embed.model.RampCryptoAssets;
import io.github.krakensdk.embed.internal.model.RampCryptoAssetsResponse;
import io.github.krakensdk.embed.model.RampFiatCurrencies;
import io.github.krakensdk.embed.internal.model.RampFiatCurrenciesResponse;
import io.github.krakensdk.embed.model.RampFiatCurrency;
import io.github.krakensdk.embed.model.RampLimitRange;
import io.github.krakensdk.embed.model.RampLimits;
import io.github.krakensdk.embed.internal.model.RampLimitsResponse;
import io.github.krakensdk.embed.model.RampPaymentMethod;
import io.github.krakensdk.embed.model.RampPaymentMethods;
import io.github.krakensdk.embed.internal.model.RampPaymentMethodsResponse;
import io.github.krakensdk.embed.model.RampProspectiveQuote;
import io.github.krakensdk.embed.internal.model.RampProspectiveQuoteResponse;
import io.github.krakensdk.embed.model.RampQuoteSide;
import io.github.krakensdk.embed.model.RampSideLimits;
import io.github.krakensdk.embed.model.RampUnitPrice;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import okhttp3.HttpUrl;

/**
 * Ramp ({@code /b2b/ramp/...}): buying cryptocurrency with fiat through a hosted checkout. What
 * it sells and at what price comes from the sandbox's own state: every priced asset that is not a
 * fiat currency is for sale, priced by {@link EmbedState#price}. Currencies, payment methods,
 * countries and fees come from the small tables below (the sandbox's decision; the service
 * publishes none):
 *
 * <ul>
 *   <li>fiat: USD and EUR (the United States and Canada pay in USD only); payment methods {@code credit_card} and {@code apple_pay} (both, 0.5 %
 *       deposit fee), {@code ach} (USD, United States only) and {@code sepa} (EUR, euro countries
 *       only), both free;
 *   <li>the service's fee 1 % of the amount, the partner's {@code affiliate_fee_bps} on top;
 *   <li>deposit limits 20 to 5000 of the fiat; withdrawal limits worth 10 to 50 000 USD of the
 *       cryptocurrency; a fixed network fee per cryptocurrency.
 * </ul>
 *
 * The checkout URL is {@code <sandbox>/sandbox/ramp/checkout?<the parameters given>}: the same
 * parameters give the same URL.
 */
final class EmbedRamp {
  private static final String ASSET_CLASS = "currency";
  private static final Map<String, String> FIAT = Map.of("USD", "US Dollar", "EUR", "Euro");
  private static final Set<String> EURO_COUNTRIES = Set.of("DE", "FR", "NL", "ES", "IT");
  private static final Set<String> USD_ONLY_COUNTRIES = Set.of("US", "CA");
  /** Country to subdivisions (empty: served everywhere in the country). */
  private static final Map<String, List<String>> COUNTRIES = countries();
  private static final Map<String, String> NAMES = Map.of("BTC", "Bitcoin", "ETH", "Ethereum", "SOL", "Solana",
      "USDC", "USD Coin");
  private static final Map<String, List<String>> NETWORKS = Map.of("BTC", List.of("Bitcoin"),
      "ETH", List.of("Ethereum", "Arbitrum One"), "SOL", List.of("Solana"), "USDC", List.of("Ethereum", "Solana"));
  private static final Map<String, BigDecimal> NETWORK_FEES = Map.of("BTC", new BigDecimal("0.00001000"),
      "ETH", new BigDecimal("0.00050000"), "SOL", new BigDecimal("0.00100000"), "USDC", new BigDecimal("1.00000000"));
  private static final BigDecimal SERVICE_FEE = new BigDecimal("0.01");
  private static final BigDecimal DEPOSIT_MIN = new BigDecimal("20.00");
  private static final BigDecimal DEPOSIT_MAX = new BigDecimal("5000.00");
  private static final BigDecimal WITHDRAWAL_MIN_USD = new BigDecimal("10");
  private static final BigDecimal WITHDRAWAL_MAX_USD = new BigDecimal("50000");
  private static final int FIAT_SCALE = 2;
  private static final int CRYPTO_SCALE = 8;

  private record Method(String id, String name, BigDecimal depositFee, List<String> fiat, Set<String> countries) {
    boolean offeredIn(String country) {
      return countries == null || countries.contains(country);
    }
  }

  private static final List<Method> METHODS = List.of(
      new Method("credit_card", "Credit or debit card", new BigDecimal("0.005"), List.of("USD", "EUR"), null),
      new Method("apple_pay", "Apple Pay", new BigDecimal("0.005"), List.of("USD", "EUR"), null),
      new Method("ach", "ACH bank transfer", BigDecimal.ZERO, List.of("USD"), Set.of("US")),
      new Method("sepa", "SEPA bank transfer", BigDecimal.ZERO, List.of("EUR"), EURO_COUNTRIES));

  private final EmbedState state;
  private final Supplier<String> baseUrl;

  EmbedRamp(EmbedState state, Supplier<String> baseUrl) {
    this.state = state;
    this.baseUrl = baseUrl;
  }

  private static Map<String, List<String>> countries() {
    Map<String, List<String>> countries = new LinkedHashMap<>();
    for (String euro : List.of("DE", "ES", "FR", "IT", "NL")) {
      countries.put(euro, List.of());
    }
    countries.put("GB", List.of());
    countries.put("CA", List.of("BC", "ON", "QC"));
    countries.put("US", List.of("CA", "FL", "NY", "TX", "WA"));
    return countries;
  }

  void routes(EmbedFamily family) {
    family.route("GET", "/b2b/ramp/buy/crypto", "listRampCryptoAssets", true, (call, path, partner) -> cryptoAssets(call));
    family.route("GET", "/b2b/ramp/fiat-currencies", "listRampFiatCurrencies", true,
        (call, path, partner) -> fiatCurrencies(call));
    family.route("GET", "/b2b/ramp/payment-methods", "listRampPaymentMethods", true,
        (call, path, partner) -> paymentMethods(call));
    family.route("GET", "/b2b/ramp/countries", "listRampCountries", true, (call, path, partner) -> countriesReply());
    family.route("GET", "/b2b/ramp/limits", "getRampLimits", true, (call, path, partner) -> limits(call));
    family.route("GET", "/b2b/ramp/quotes/prospective", "getRampProspectiveQuote", true,
        (call, path, partner) -> prospectiveQuote(call));
    family.route("GET", "/b2b/ramp/checkout", "getRampCheckoutUrl", true, (call, path, partner) -> checkout(call));
  }

  /** A refusal of the request's arguments, carried to the handler as an exception. */
  private static final class Refused extends Exception {
    Refused(String detail) {
      super(detail, null, false, false);
    }

    Reply reply() {
      return EmbedFamily.error(400, "EGeneral:Invalid arguments:" + getMessage());
    }
  }

  // ---- discovery ----

  /** The cryptocurrencies for sale: every priced asset that is not fiat, in the sandbox's order. */
  private List<String> crypto() {
    return state.pricedAssets().stream().filter(asset -> !FIAT.containsKey(asset)).toList();
  }

  private Reply cryptoAssets(HttpCall call) {
    try {
      servedCountry(call.query("country"));
    } catch (Refused refused) {
      return refused.reply();
    }
    List<RampCryptoAsset> assets = new ArrayList<>();
    for (String asset : crypto()) {
      assets.add(RampCryptoAsset.builder()
          .asset(asset)
          .name(NAMES.getOrDefault(asset, asset))
          .assetClass(ASSET_CLASS)
          .networks(networks(asset))
          .build());
    }
    return EmbedFamily.ok(RampCryptoAssetsResponse.builder()
        .result(RampCryptoAssets.builder().assets(assets).build())
        .build());
  }

  /** Whether users of {@code country} may pay in {@code fiat}. */
  private static boolean paidIn(String fiat, String country) {
    return !USD_ONLY_COUNTRIES.contains(country) || fiat.equals("USD");
  }

  private static List<String> networks(String asset) {
    return NETWORKS.getOrDefault(asset, List.of(NAMES.getOrDefault(asset, asset)));
  }

  private Reply fiatCurrencies(HttpCall call) {
    String country;
    try {
      country = servedCountry(call.query("country"));
    } catch (Refused refused) {
      return refused.reply();
    }
    List<RampFiatCurrency> currencies = new ArrayList<>();
    for (String fiat : List.of("USD", "EUR")) {
      if (country == null || paidIn(fiat, country)) {
        currencies.add(RampFiatCurrency.builder().asset(fiat).name(FIAT.get(fiat)).build());
      }
    }
    return EmbedFamily.ok(RampFiatCurrenciesResponse.builder()
        .result(RampFiatCurrencies.builder().currencies(currencies).build())
        .build());
  }

  private Reply paymentMethods(HttpCall call) {
    String country;
    String fiat = call.query("in_asset");
    try {
      country = servedCountry(call.query("country"));
      if (fiat != null) {
        fiat(fiat);
      }
    } catch (Refused refused) {
      return refused.reply();
    }
    List<RampPaymentMethod> methods = new ArrayList<>();
    for (Method method : METHODS) {
      if ((country == null || method.offeredIn(country)) && (fiat == null || method.fiat().contains(fiat))) {
        List<String> currencies = country == null ? method.fiat()
            : method.fiat().stream().filter(f -> paidIn(f, country)).toList();
        methods.add(RampPaymentMethod.builder()
            .method(method.id())
            .name(method.name())
            .fiatCurrencies(currencies)
            .build());
      }
    }
    return EmbedFamily.ok(RampPaymentMethodsResponse.builder()
        .result(RampPaymentMethods.builder().paymentMethods(methods).build())
        .build());
  }

  private Reply countriesReply() {
    List<RampCountry> countries = new ArrayList<>();
    COUNTRIES.forEach((country, subdivisions) ->
        countries.add(RampCountry.builder()
            .country(country)
            .subdivisions(subdivisions.isEmpty() ? null : subdivisions)
            .build()));
    return EmbedFamily.ok(RampCountriesResponse.builder()
        .result(RampCountries.builder().countries(countries).build())
        .build());
  }

  // ---- a purchase ----

  /** The purchase the query names, checked against the tables: every refusal names the parameter. */
  private record Purchase(String fiat, Method method, String crypto, String network, String country,
      String subdivision, BigDecimal unitPrice) {}

  private Purchase purchase(HttpCall call) throws Refused {
    String fiat = fiat(call.query("in_asset"));
    String country = servedCountry(call.query("country"));
    if (!paidIn(fiat, country)) {
      throw new Refused("in_asset " + fiat + " is not offered in " + country);
    }
    String subdivision = call.query("subdivision");
    if (subdivision != null && !COUNTRIES.get(country).contains(subdivision)) {
      throw new Refused("subdivision " + subdivision + " is not served in " + country);
    }
    Method method = METHODS.stream().filter(m -> m.id().equals(call.query("in_method"))).findFirst()
        .orElseThrow(() -> new Refused("in_method " + call.query("in_method") + " is not a Ramp payment method"));
    if (!method.fiat().contains(fiat) || !method.offeredIn(country)) {
      throw new Refused("in_method " + method.id() + " does not take " + fiat + " in " + country);
    }
    String crypto = call.query("out_asset");
    if (!crypto().contains(crypto)) {
      throw new Refused("out_asset " + crypto + " is not for sale through Ramp");
    }
    String network = call.query("out_method");
    if (!networks(crypto).contains(network)) {
      throw new Refused("out_method " + network + " does not deliver " + crypto);
    }
    BigDecimal unitPrice = state.price(crypto, fiat).setScale(FIAT_SCALE, RoundingMode.HALF_UP);
    return new Purchase(fiat, method, crypto, network, country, subdivision, unitPrice);
  }

  private static String fiat(String asset) throws Refused {
    if (!FIAT.containsKey(asset)) {
      throw new Refused("in_asset " + asset + " is not a Ramp fiat currency");
    }
    return asset;
  }

  /** {@code country} if Ramp serves it; null when absent. */
  private static String servedCountry(String country) throws Refused {
    if (country != null && !COUNTRIES.containsKey(country)) {
      throw new Refused("country " + country + " is not served by Ramp");
    }
    return country;
  }

  private static RampAmount amount(String asset, BigDecimal amount) {
    return RampAmount.builder().asset(asset).amount(amount).assetClass(ASSET_CLASS).build();
  }

  /** Both sides' limits; the combined ones are the tighter of each side's, converted at the unit price. */
  private RampLimits limits(Purchase purchase) {
    BigDecimal usd = state.usdPrice(purchase.crypto());
    BigDecimal withdrawalMin = WITHDRAWAL_MIN_USD.divide(usd, CRYPTO_SCALE, RoundingMode.UP);
    BigDecimal withdrawalMax = WITHDRAWAL_MAX_USD.divide(usd, CRYPTO_SCALE, RoundingMode.DOWN);
    BigDecimal price = purchase.unitPrice();
    BigDecimal inMin = DEPOSIT_MIN.max(withdrawalMin.multiply(price).setScale(FIAT_SCALE, RoundingMode.UP));
    BigDecimal inMax = DEPOSIT_MAX.min(withdrawalMax.multiply(price).setScale(FIAT_SCALE, RoundingMode.DOWN));
    RampSideLimits sides = RampSideLimits.builder()
        .deposit(RampLimitRange.builder()
            .minimum(amount(purchase.fiat(), DEPOSIT_MIN))
            .maximum(amount(purchase.fiat(), DEPOSIT_MAX))
            .build())
        .withdrawal(RampLimitRange.builder()
            .minimum(amount(purchase.crypto(), withdrawalMin))
            .maximum(amount(purchase.crypto(), withdrawalMax))
            .build())
        .build();
    RampCombinedLimits combined = RampCombinedLimits.builder()
        .inAsset(RampLimitRange.builder()
            .minimum(amount(purchase.fiat(), inMin))
            .maximum(amount(purchase.fiat(), inMax))
            .build())
        .outAsset(RampLimitRange.builder()
            .minimum(amount(purchase.crypto(), inMin.divide(price, CRYPTO_SCALE, RoundingMode.UP)))
            .maximum(amount(purchase.crypto(), inMax.divide(price, CRYPTO_SCALE, RoundingMode.DOWN)))
            .build())
        .build();
    return RampLimits.builder().limits(sides).finalCombined(combined).build();
  }

  private Reply limits(HttpCall call) {
    try {
      return EmbedFamily.ok(RampLimitsResponse.builder().result(limits(purchase(call))).build());
    } catch (Refused refused) {
      return refused.reply();
    }
  }

  /** {@code in_amount}, refused outside the purchase's combined limits. */
  private BigDecimal inAmount(HttpCall call, Purchase purchase) throws Refused {
    BigDecimal amount = new BigDecimal(call.query("in_amount")).setScale(FIAT_SCALE, RoundingMode.HALF_UP);
    RampLimitRange range = limits(purchase).finalCombined().inAsset();
    if (amount.compareTo(range.minimum().amount()) < 0) {
      throw new Refused("in_amount " + amount + " is below the minimum " + range.minimum().amount() + " "
          + purchase.fiat());
    }
    if (amount.compareTo(range.maximum().amount()) > 0) {
      throw new Refused("in_amount " + amount + " is above the maximum " + range.maximum().amount() + " "
          + purchase.fiat());
    }
    return amount;
  }

  private Reply prospectiveQuote(HttpCall call) {
    try {
      Purchase purchase = purchase(call);
      BigDecimal amount = inAmount(call, purchase);
      String bps = call.query("affiliate_fee_bps");
      BigDecimal affiliateRate = bps == null ? BigDecimal.ZERO : new BigDecimal(bps).movePointLeft(4);
      BigDecimal fee = fiat(amount.multiply(SERVICE_FEE));
      BigDecimal depositFee = fiat(amount.multiply(purchase.method().depositFee()));
      BigDecimal affiliateFee = fiat(amount.multiply(affiliateRate));
      BigDecimal zeroFiat = BigDecimal.ZERO.setScale(FIAT_SCALE);
      RampQuoteSide spend = RampQuoteSide.builder()
          .asset(purchase.fiat())
          .assetClass(ASSET_CLASS)
          .total(amount.add(fee).add(depositFee).add(affiliateFee))
          .subtotal(amount)
          .fee(fee)
          .depositFee(depositFee)
          .affiliateFee(affiliateFee)
          .withdrawalFee(zeroFiat)
          .build();
      BigDecimal bought = amount.divide(purchase.unitPrice(), CRYPTO_SCALE, RoundingMode.DOWN);
      BigDecimal networkFee = NETWORK_FEES.getOrDefault(purchase.crypto(), BigDecimal.ZERO.setScale(CRYPTO_SCALE));
      BigDecimal zeroCrypto = BigDecimal.ZERO.setScale(CRYPTO_SCALE);
      RampQuoteSide receive = RampQuoteSide.builder()
          .asset(purchase.crypto())
          .assetClass(ASSET_CLASS)
          .total(bought.subtract(networkFee).max(zeroCrypto))
          .subtotal(bought)
          .fee(zeroCrypto)
          .depositFee(zeroCrypto)
          .affiliateFee(zeroCrypto)
          .withdrawalFee(networkFee)
          .build();
      RampUnitPrice unitPrice = RampUnitPrice.builder()
          .asset(purchase.crypto())
          .assetClass(ASSET_CLASS)
          .unitPrice(purchase.unitPrice())
          .denominationAsset(purchase.fiat())
          .denominationAssetClass(ASSET_CLASS)
          .build();
      return EmbedFamily.ok(RampProspectiveQuoteResponse.builder()
          .result(RampProspectiveQuote.builder().spend(spend).receive(receive).unitPrice(unitPrice).build())
          .build());
    } catch (Refused refused) {
      return refused.reply();
    }
  }

  private static BigDecimal fiat(BigDecimal amount) {
    return amount.setScale(FIAT_SCALE, RoundingMode.HALF_UP);
  }

  /** The parameters of the checkout URL, in the contract's order. */
  private static final List<String> CHECKOUT_PARAMETERS = List.of("in_asset", "in_method", "in_amount", "out_asset",
      "out_method", "country", "network", "wallet_address", "memo", "affiliate_fee_bps", "subdivision",
      "redirect_url", "failure_url", "external_user_id", "external_partner_id", "external_transaction_id",
      "external_metadata");

  private Reply checkout(HttpCall call) {
    try {
      Purchase purchase = purchase(call);
      BigDecimal amount = inAmount(call, purchase);
      HttpUrl.Builder url = HttpUrl.get(baseUrl.get()).newBuilder().addPathSegments("sandbox/ramp/checkout");
      for (String name : CHECKOUT_PARAMETERS) {
        String value = name.equals("in_amount") ? amount.toPlainString() : call.query(name);
        if (value != null) {
          url.addQueryParameter(name, value);
        }
      }
      RampCheckoutRequestData echoed = RampCheckoutRequestData.builder()
          .inAsset(purchase.fiat())
          .inMethod(purchase.method().id())
          .inAmount(amount)
          .outAsset(purchase.crypto())
          .outMethod(purchase.network())
          .country(purchase.country())
          .network(call.query("network"))
          .walletAddress(call.query("wallet_address"))
          .memo(call.query("memo"))
          .affiliateFeeBps(call.query("affiliate_fee_bps"))
          .subdivision(purchase.subdivision())
          .redirectUrl(call.query("redirect_url"))
          .failureUrl(call.query("failure_url"))
          .externalUserId(call.query("external_user_id"))
          .externalPartnerId(call.query("external_partner_id"))
          .externalTransactionId(call.query("external_transaction_id"))
          .externalMetadata(call.query("external_metadata"))
          .build();
      return EmbedFamily.ok(RampCheckoutResponse.builder()
          .result(RampCheckout.builder().checkoutUrl(url.build().toString()).requestData(echoed).build())
          .build());
    } catch (Refused refused) {
      return refused.reply();
    }
  }
}
