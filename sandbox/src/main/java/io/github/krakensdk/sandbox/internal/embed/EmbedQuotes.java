package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Json;
import io.github.krakensdk.sandbox.internal.http.Reply;

import io.github.krakensdk.embed.model.AssetAmount;
import io.github.krakensdk.embed.model.ProspectiveQuote;
import io.github.krakensdk.embed.internal.model.ProspectiveQuoteResponse;
import io.github.krakensdk.embed.internal.model.ProspectiveQuoteTerms;
import io.github.krakensdk.embed.model.Quote;
import io.github.krakensdk.embed.model.QuoteAction;
import io.github.krakensdk.embed.model.QuoteAssetClass;
import io.github.krakensdk.embed.model.QuoteLeg;
import io.github.krakensdk.embed.model.QuoteLimits;
import io.github.krakensdk.embed.internal.model.QuoteLimitsResponse;
import io.github.krakensdk.embed.internal.model.QuoteResponse;
import io.github.krakensdk.embed.model.QuoteStatus;
import io.github.krakensdk.embed.internal.model.QuoteTerms;
import io.github.krakensdk.embed.model.QuoteType;
import io.github.krakensdk.embed.model.QuoteUnitPrice;
import io.github.krakensdk.embed.model.TradableAsset;
import io.github.krakensdk.embed.model.TradableAssetStatus;
import io.github.krakensdk.embed.model.TradableAssets;
import io.github.krakensdk.embed.internal.model.TradableAssetsResponse;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Embed quotes ({@code /b2b/quotes}): a user's quotes priced from the sandbox's prices, which
 * expire after {@link #LIFETIME} on the sandbox clock and execute once.
 *
 * <p>Pricing: the received asset costs its mid price ({@link EmbedState#price}) plus a spread of
 * {@link #SPREAD_BPS} basis points and the partner's {@code spread_bps}; the fee, {@link #FEE_BPS}
 * basis points plus the partner's {@code fee_bps}, is taken from the spent asset. Amounts are
 * rounded to the asset's decimals (2 for USD, EUR and USDC, 8 otherwise), against the user.
 *
 * <p>Executing moves the user's balances through {@link EmbedUser#move} (kinds {@code trade} for
 * both legs and {@code fee}, reference the quote ID) and announces {@code quote.executed}; a
 * balance too small at execution fails the quote ({@code EPTL:Insufficient funds for transfer},
 * announced as {@code quote.execution_failed}). Only a verified user that is neither disabled nor
 * closed trades.
 */
public final class EmbedQuotes {
  /** How long a quote can be executed after it was made. */
  static final Duration LIFETIME = Duration.ofSeconds(30);
  /** The sandbox's own spread and fee, in basis points. */
  static final BigDecimal SPREAD_BPS = new BigDecimal("25");
  static final BigDecimal FEE_BPS = new BigDecimal("50");
  /** Quote limits, in USD worth of the fixed asset. */
  static final BigDecimal MINIMUM_USD = new BigDecimal("5");
  static final BigDecimal MAXIMUM_USD = new BigDecimal("100000");
  /** Pairs the sandbox does not trade: asset → the assets it cannot be traded against. */
  static final Map<String, Set<String>> DISABLED_AGAINST = Map.of("SOL", Set.of("EUR"), "EUR", Set.of("SOL"));

  static final String QUOTE_NOT_FOUND = "ENexus:Quote not found";
  static final String ALREADY_ACCEPTED = "EPTL:Quote already accepted";
  static final String EXPIRED = "EPTL:Price quote expired";
  static final String CANCELLED = "EPTL:Quote cancelled";
  static final String EXECUTION_FAILED = "EPTL:Quote execution failed";
  public static final String INSUFFICIENT_FUNDS = "EPTL:Insufficient funds for transfer";
  static final String KYC_DENY_TRADING = "EPTL:UserKycDenyTrading";
  static final String USER_LOCKED = "EAPI:User Locked";
  private static final BigDecimal TEN_THOUSAND = new BigDecimal("10000");
  private static final Set<String> TWO_DECIMALS = Set.of("USD", "EUR", "USDC");

  /** A quote as the sandbox keeps it. Guarded by the state's monitor. */
  private static final class Held {
    final String iiban;
    final Instant expires;
    Quote quote;

    Held(String iiban, Instant expires, Quote quote) {
      this.iiban = iiban;
      this.expires = expires;
      this.quote = quote;
    }
  }

  /** A priced trade, or the refusal of its terms. */
  /** A priced trade, or the answer that refuses it and its error code. */
  private record Priced(ProspectiveQuote quote, Reply refusal, String error) {}

  private final EmbedState state;
  private final AtomicLong issued = new AtomicLong();
  /** Guarded by {@code state}. */
  private final Map<String, Held> quotes = new LinkedHashMap<>();

  EmbedQuotes(EmbedState state) {
    this.state = state;
  }

  void routes(EmbedFamily family) {
    // The literal paths first: /b2b/quotes/{quote_id} would match them too.
    family.route("GET", "/b2b/quotes/limits", "getQuoteLimits", true, this::limits);
    family.route("GET", "/b2b/quotes/assets", "listTradableAssets", true, this::tradableAssets);
    family.route("POST", "/b2b/quotes/prospective", "requestProspectiveQuote", true, this::prospective);
    family.route("POST", "/b2b/quotes", "requestQuote", true, this::requestQuote);
    family.route("GET", "/b2b/quotes/{quote_id}", "getQuote", true, this::getQuote);
    family.route("PUT", "/b2b/quotes/{quote_id}", "executeQuote", true, this::executeQuote);
  }

  /** Decimals of amounts of {@code asset}. */
  static int decimals(String asset) {
    return TWO_DECIMALS.contains(asset) ? 2 : 8;
  }

  // ---- operations ----

  private Reply requestQuote(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) throws IOException {
    QuoteTerms terms = call.parameters().read(QuoteTerms.class);
    String iiban = call.query("user");
    Priced priced = price(terms.type(), terms.amount().asset(), terms.amount().amount(), terms.quote().asset(),
        terms.feeBps(), terms.spreadBps(), terms.quoteCurrency());
    synchronized (state) {
      Reply refusal = tradingRefusal(state.user(partner, iiban));
      if (refusal != null) {
        return refusal;
      }
      if (priced.refusal() != null) {
        return priced.refusal();
      }
      ProspectiveQuote p = priced.quote();
      Instant expires = state.instant().plus(LIFETIME);
      String id = "Q" + Long.toString(issued.incrementAndGet(), 36).toUpperCase(java.util.Locale.ROOT) + "-"
          + Long.toString(state.instant().getEpochSecond(), 36).toUpperCase(java.util.Locale.ROOT);
      Quote quote = Quote.builder().quoteId(id).type(p.type()).status(QuoteStatus.NEW)
          .expires(OffsetDateTime.ofInstant(expires, ZoneOffset.UTC))
          .spend(p.spend()).receive(p.receive()).unitPrice(p.unitPrice())
          .quotedSpend(p.quotedSpend()).quotedReceive(p.quotedReceive()).quotedUnitPrice(p.quotedUnitPrice())
          .build();
      quotes.put(id, new Held(iiban, expires, quote));
      return EmbedFamily.ok(QuoteResponse.builder().result(quote).build());
    }
  }

  private Reply prospective(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) throws IOException {
    ProspectiveQuoteTerms terms = call.parameters().read(ProspectiveQuoteTerms.class);
    QuoteAction action = terms.action();
    Priced priced = price(action.type(), action.amount().asset(), action.amount().amount(), action.quote().asset(),
        action.feeBps(), action.spreadBps(), terms.quoteCurrency());
    return priced.refusal() != null ? priced.refusal() : EmbedFamily.ok(ProspectiveQuoteResponse.builder()
        .result(priced.quote())
        .build());
  }

  private Reply getQuote(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    synchronized (state) {
      if (state.user(partner, call.query("user")) == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      Held held = held(path.get("quote_id"), call.query("user"));
      return held == null ? EmbedFamily.error(404, QUOTE_NOT_FOUND) : EmbedFamily.ok(QuoteResponse.builder()
          .result(held.quote)
          .build());
    }
  }

  private Reply executeQuote(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    synchronized (state) {
      EmbedUser user = state.user(partner, call.query("user"));
      Reply refusal = tradingRefusal(user);
      if (refusal != null) {
        return refusal;
      }
      Held held = held(path.get("quote_id"), user.iiban);
      if (held == null) {
        return EmbedFamily.error(404, QUOTE_NOT_FOUND);
      }
      QuoteStatus status = held.quote.status();
      if (QuoteStatus.ACCEPTED.equals(status)) {
        return EmbedFamily.error(409, ALREADY_ACCEPTED);
      }
      if (QuoteStatus.EXPIRED.equals(status)) {
        return EmbedFamily.error(409, EXPIRED);
      }
      if (QuoteStatus.CANCELLED.equals(status)) {
        return EmbedFamily.error(409, CANCELLED);
      }
      if (QuoteStatus.FAILED.equals(status)) {
        return EmbedFamily.error(409, EXECUTION_FAILED);
      }
      QuoteLeg spend = held.quote.spend();
      QuoteLeg receive = held.quote.receive();
      if (user.balance(spend.asset()).compareTo(spend.total()) < 0) {
        held.quote = held.quote.toBuilder().status(QuoteStatus.FAILED).build();
        state.publish(partner, "quote.execution_failed", user.iiban, eventData(held.quote));
        return EmbedFamily.error(409, INSUFFICIENT_FUNDS + ":" + spend.asset() + " balance "
            + user.balance(spend.asset()).toPlainString() + " is below " + spend.total().toPlainString());
      }
      String id = held.quote.quoteId();
      Instant now = state.instant();
      user.move(id + "-spend", now, "trade", spend.asset(), spend.subtotal().negate(), id);
      if (spend.fee().signum() > 0) {
        user.move(id + "-fee", now, "fee", spend.asset(), spend.fee().negate(), id);
      }
      user.move(id + "-receive", now, "trade", receive.asset(), receive.total(), id);
      held.quote = held.quote.toBuilder().status(QuoteStatus.ACCEPTED).build();
      state.publish(partner, "quote.executed", user.iiban, eventData(held.quote));
      return EmbedFamily.ok(QuoteResponse.builder().result(held.quote).build());
    }
  }

  private Reply limits(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    synchronized (state) {
      if (state.user(partner, call.query("user")) == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
    }
    String base = call.query("base_asset");
    String other = call.query("quote_asset");
    if (state.usdPrice(base) == null) {
      return EmbedFamily.error(400, "ENexus:Unknown amount asset");
    }
    if (state.usdPrice(other) == null) {
      return EmbedFamily.error(400, "ENexus:Unknown quote asset");
    }
    BigDecimal minimum = minimum(base);
    BigDecimal maximum = maximum(base);
    return EmbedFamily.ok(QuoteLimitsResponse.builder()
        .result(QuoteLimits.builder()
            .asset(base).minimum(minimum).maximum(maximum).precision(decimals(base))
            .minimumTradableAmount(minimum.toPlainString())
            .minimumInDisplay(inDisplay(minimum, base, other))
            .maximumInDisplay(inDisplay(maximum, base, other))
            .minimumTradableAmountInDisplay(inDisplay(minimum, base, other))
            .build())
        .build());
  }

  private Reply tradableAssets(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    synchronized (state) {
      if (state.user(partner, call.query("user")) == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
    }
    List<TradableAsset> assets = new ArrayList<>();
    for (String asset : state.pricedAssets()) {
      assets.add(TradableAsset.builder().name(asset).status(TradableAssetStatus.TRADABLE)
          .disabledAgainst(List.copyOf(new java.util.TreeSet<>(DISABLED_AGAINST.getOrDefault(asset, Set.of()))))
          .decimals(decimals(asset)).build());
    }
    return EmbedFamily.ok(TradableAssetsResponse.builder()
        .result(TradableAssets.builder().assets(assets).build())
        .build());
  }

  // ---- pricing ----

  /**
   * Prices {@code amount} of {@code fixedAsset} against {@code otherAsset}: for {@code spend} the
   * user spends the fixed amount and receives the other asset, for {@code receive} the reverse.
   */
  private Priced price(QuoteType type, String fixedAsset, BigDecimal amount, String otherAsset, String feeBps,
      String spreadBps, String quoteCurrency) {
    if (state.usdPrice(fixedAsset) == null) {
      return refused("ENexus:Unknown amount asset");
    }
    if (state.usdPrice(otherAsset) == null || fixedAsset.equals(otherAsset)) {
      return refused("ENexus:Unknown quote asset");
    }
    if (DISABLED_AGAINST.getOrDefault(fixedAsset, Set.of()).contains(otherAsset)) {
      return refused("ENexus:Asset disabled");
    }
    String currency = quoteCurrency;
    if (currency != null && state.usdPrice(currency) == null) {
      return refused("ENexus:Unknown quote asset");
    }
    if (amount.compareTo(minimum(fixedAsset)) < 0) {
      return refused("EAPI:Quantity is too small for asset");
    }
    if (amount.compareTo(maximum(fixedAsset)) > 0) {
      return refused("EAPI:Quantity is too large for asset");
    }
    boolean spendFixed = QuoteType.SPEND.equals(type);
    String spendAsset = spendFixed ? fixedAsset : otherAsset;
    String receiveAsset = spendFixed ? otherAsset : fixedAsset;
    BigDecimal spread = SPREAD_BPS.add(bps(spreadBps)).divide(TEN_THOUSAND);
    BigDecimal feeRate = FEE_BPS.add(bps(feeBps)).divide(TEN_THOUSAND);
    // Units of the spent asset per unit received, the spread against the user.
    BigDecimal rate = state.price(receiveAsset, spendAsset).multiply(BigDecimal.ONE.add(spread), MathContext.DECIMAL64);
    int spendScale = decimals(spendAsset);
    int receiveScale = decimals(receiveAsset);
    BigDecimal spendTotal;
    BigDecimal fee;
    BigDecimal received;
    if (spendFixed) {
      spendTotal = amount.setScale(spendScale, RoundingMode.DOWN);
      fee = spendTotal.multiply(feeRate).setScale(spendScale, RoundingMode.UP);
      received = spendTotal.subtract(fee).divide(rate, receiveScale, RoundingMode.DOWN);
    } else {
      received = amount.setScale(receiveScale, RoundingMode.DOWN);
      BigDecimal subtotal = received.multiply(rate).setScale(spendScale, RoundingMode.UP);
      fee = subtotal.multiply(feeRate).setScale(spendScale, RoundingMode.UP);
      spendTotal = subtotal.add(fee);
    }
    BigDecimal spendSubtotal = spendTotal.subtract(fee);
    QuoteLeg spend = leg(spendAsset, spendTotal, fee, spendSubtotal);
    QuoteLeg receive = leg(receiveAsset, received, BigDecimal.ZERO.setScale(receiveScale), received);
    QuoteUnitPrice unitPrice = unitPrice(spendAsset, receiveAsset, rate);
    // quoted_*: the legs valued in quote_currency (the spent asset when absent), at the quote's rate.
    String shown = currency == null ? spendAsset : currency;
    BigDecimal perSpendUnit = state.price(spendAsset, shown);
    int shownScale = decimals(shown);
    QuoteLeg quotedSpend = leg(shown, value(spendTotal, perSpendUnit, shownScale), value(fee, perSpendUnit, shownScale),
        value(spendSubtotal, perSpendUnit, shownScale));
    BigDecimal receivedValue = value(received.multiply(rate), perSpendUnit, shownScale);
    QuoteLeg quotedReceive = leg(shown, receivedValue, BigDecimal.ZERO.setScale(shownScale), receivedValue);
    QuoteUnitPrice quotedUnitPrice = unitPrice.toBuilder().denominationAsset(shown)
        .unitPrice(value(unitPrice.unitPrice(), state.price(unitPrice.denominationAsset(), shown), shownScale))
        .build();
    return new Priced(ProspectiveQuote.builder().type(type).spend(spend).receive(receive).unitPrice(unitPrice)
        .quotedSpend(quotedSpend).quotedReceive(quotedReceive).quotedUnitPrice(quotedUnitPrice).build(), null, null);
  }

  /**
   * The price of the crypto side in the other asset: the received asset in units of the spent one
   * when buying (or trading crypto for crypto), the spent asset in units of the received one when
   * selling crypto for a currency.
   */
  private static QuoteUnitPrice unitPrice(String spendAsset, String receiveAsset, BigDecimal rate) {
    boolean selling = TWO_DECIMALS.contains(receiveAsset) && !TWO_DECIMALS.contains(spendAsset);
    String asset = selling ? spendAsset : receiveAsset;
    String denomination = selling ? receiveAsset : spendAsset;
    BigDecimal price = selling ? BigDecimal.ONE.divide(rate, MathContext.DECIMAL64) : rate;
    return QuoteUnitPrice.builder().asset(asset).unitPrice(price.setScale(decimals(denomination), RoundingMode.HALF_EVEN))
        .denominationAsset(denomination).assetClass(QuoteAssetClass.CURRENCY)
        .denominationAssetClass(QuoteAssetClass.CURRENCY).build();
  }

  private static BigDecimal value(BigDecimal amount, BigDecimal price, int scale) {
    return amount.multiply(price).setScale(scale, RoundingMode.HALF_EVEN);
  }

  private static QuoteLeg leg(String asset, BigDecimal total, BigDecimal fee, BigDecimal subtotal) {
    return QuoteLeg.builder().asset(asset).total(total).fee(fee).subtotal(subtotal)
        .assetClass(QuoteAssetClass.CURRENCY).build();
  }

  private static BigDecimal bps(String text) {
    return text == null ? BigDecimal.ZERO : new BigDecimal(text);
  }

  private BigDecimal minimum(String asset) {
    return MINIMUM_USD.divide(state.usdPrice(asset), decimals(asset), RoundingMode.UP);
  }

  private BigDecimal maximum(String asset) {
    return MAXIMUM_USD.divide(state.usdPrice(asset), decimals(asset), RoundingMode.DOWN);
  }

  private AssetAmount inDisplay(BigDecimal amount, String asset, String display) {
    return AssetAmount.builder()
        .asset(display)
        .amount(amount.multiply(state.price(asset, display))
            .setScale(decimals(display), RoundingMode.HALF_EVEN))
        .build();
  }

  private static Priced refused(String error) {
    return new Priced(null, EmbedFamily.error(400, error), error);
  }

  // ---- state ----

  /** Why {@code user} may not trade, or null: unknown, not verified, or disabled or closed. */
  static Reply tradingRefusal(EmbedUser user) {
    if (user == null) {
      return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
    }
    if (user.disabled || user.closed) {
      return EmbedFamily.error(403, USER_LOCKED);
    }
    if (!user.verified) {
      return EmbedFamily.error(403, KYC_DENY_TRADING);
    }
    return null;
  }

  /** The user's quote, its expiry applied; null for none. Caller holds the state. */
  private Held held(String quoteId, String iiban) {
    Held held = quotes.get(quoteId);
    if (held == null || !held.iiban.equals(iiban)) {
      return null;
    }
    if (QuoteStatus.NEW.equals(held.quote.status()) && state.instant().isAfter(held.expires)) {
      held.quote = held.quote.toBuilder().status(QuoteStatus.EXPIRED).build();
    }
    return held;
  }

  /** The members of a {@code quote.*} event besides the envelope's. */
  private static Map<String, Object> eventData(Quote quote) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("quote_id", quote.quoteId());
    data.put("type", quote.type().value());
    data.put("status", quote.status().value());
    data.put("spend", legData(quote.spend()));
    data.put("receive", legData(quote.receive()));
    data.put("unit_price", Map.of("asset", quote.unitPrice().asset(),
        "unit_price", quote.unitPrice().unitPrice().toPlainString(),
        "denomination_asset", quote.unitPrice().denominationAsset()));
    return data;
  }

  private static Map<String, Object> legData(QuoteLeg leg) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("asset", leg.asset());
    data.put("total", leg.total().toPlainString());
    data.put("fee", leg.fee().toPlainString());
    data.put("subtotal", leg.subtotal().toPlainString());
    data.put("asset_class", "currency");
    return data;
  }

  // ---- for custom orders ----

  /** The error code that refuses {@code action} as a quote (limits, unknown assets), or null. */
  String refusal(QuoteAction action) {
    return price(action.type(), action.amount().asset(), action.amount().amount(), action.quote().asset(),
        action.feeBps(), action.spreadBps(), null).error();
  }

  /**
   * Executes {@code action} for {@code user} at the sandbox's price of now, as a quote requested
   * and executed in one step (a custom order that triggered): moves the balances with
   * {@code reference} and returns null, or returns the error code that refused it, nothing moved.
   * Caller holds the state.
   */
  String executeNow(EmbedUser user, QuoteAction action, String reference) {
    Priced priced = price(action.type(), action.amount().asset(), action.amount().amount(), action.quote().asset(),
        action.feeBps(), action.spreadBps(), null);
    if (priced.error() != null) {
      return priced.error();
    }
    QuoteLeg spend = priced.quote().spend();
    QuoteLeg receive = priced.quote().receive();
    if (user.balance(spend.asset()).compareTo(spend.total()) < 0) {
      return INSUFFICIENT_FUNDS;
    }
    Instant now = state.instant();
    user.move(reference + "-spend", now, "trade", spend.asset(), spend.subtotal().negate(), reference);
    if (spend.fee().signum() > 0) {
      user.move(reference + "-fee", now, "fee", spend.asset(), spend.fee().negate(), reference);
    }
    user.move(reference + "-receive", now, "trade", receive.asset(), receive.total(), reference);
    return null;
  }

  // ---- for Sandbox ----

  /** The status of a quote now (its expiry applied), or null when there is none. */
  public QuoteStatus status(String quoteId) {
    synchronized (state) {
      Held held = quotes.get(quoteId);
      return held == null ? null : held(quoteId, held.iiban).quote.status();
    }
  }
}
