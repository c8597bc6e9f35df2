package io.github.krakensdk.sandbox.internal.futures;

import io.github.krakensdk.futures.model.OptionGreeks;
import io.github.krakensdk.futures.model.PortfolioMarginBreakdown;
import io.github.krakensdk.futures.model.SimulatedPosition;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A small, deterministic stand-in for the demo environment's portfolio-margin engine: fixed mark
 * prices and volatilities, Black-Scholes prices and greeks for options, seven price scenarios
 * (-15 % to +15 %) for the market risk. Not Kraken's model; it only has to be plausible and
 * repeatable.
 */
final class PortfolioMath {
  /** Mark prices (USD) of the underlyings. */
  static final Map<String, Double> MARKS = Map.of("XBT", 84210.5, "ETH", 1910.25, "SOL", 126.4);
  private static final Map<String, Double> VOLATILITIES = Map.of("XBT", 0.55, "ETH", 0.68, "SOL", 0.85);
  private static final double[] SHOCKS = {-0.15, -0.10, -0.05, 0.0, 0.05, 0.10, 0.15};
  private static final double FUTURES_MARGIN_RATE = 0.01;
  private static final Pattern PERPETUAL = Pattern.compile("PF_(XBT|ETH|SOL)USD");
  private static final Pattern OPTION = Pattern.compile("OF_(XBT|ETH|SOL)USD_(\\d{6})_(\\d+(?:\\.\\d+)?)_([CP])");

  private PortfolioMath() {}

  /** A position's instrument, understood. */
  record Instrument(String symbol, String underlying, boolean option, boolean call, double strike, Instant expiry) {}

  /** The instrument named {@code symbol}, or null when the sandbox does not list it. */
  static Instrument instrument(String symbol) {
    Matcher perpetual = PERPETUAL.matcher(symbol);
    if (perpetual.matches()) {
      return new Instrument(symbol, perpetual.group(1), false, false, 0, null);
    }
    Matcher option = OPTION.matcher(symbol);
    if (option.matches()) {
      try {
        LocalDate date = LocalDate.parse(option.group(2), DateTimeFormatter.ofPattern("yyMMdd"));
        double strike = Double.parseDouble(option.group(3));
        if (strike <= 0) {
          return null;
        }
        // Options expire at 08:00 UTC on their date.
        return new Instrument(symbol, option.group(1), true, option.group(4).equals("C"), strike,
            date.atTime(8, 0).toInstant(ZoneOffset.UTC));
      } catch (DateTimeParseException | NumberFormatException e) {
        return null;
      }
    }
    return null;
  }

  record Result(double maintenanceMargin, double initialMargin, double pnl, PortfolioMarginBreakdown breakdown,
      Map<String, OptionGreeks> greeks) {}

  static Result simulate(List<SimulatedPosition> positions, List<Instrument> instruments, Instant now) {
    double pnl = 0;
    double futuresMargin = 0;
    double premium = 0;
    double deltaNotional = 0;
    double netDelta = 0;
    boolean buyOnly = true;
    boolean anyOption = false;
    double[] scenarios = new double[SHOCKS.length];
    Map<String, Double> riskByUnderlying = new LinkedHashMap<>();
    Map<String, OptionGreeks> greeks = new LinkedHashMap<>();
    Map<String, double[]> scenariosByUnderlying = new LinkedHashMap<>();

    for (int i = 0; i < positions.size(); i++) {
      SimulatedPosition position = positions.get(i);
      Instrument instrument = instruments.get(i);
      double size = position.size();
      double entry = position.entryPrice();
      double mark = MARKS.get(instrument.underlying());
      buyOnly &= size > 0;
      double[] own = scenariosByUnderlying.computeIfAbsent(instrument.underlying(), u -> new double[SHOCKS.length]);
      if (!instrument.option()) {
        pnl += size * (mark - entry);
        futuresMargin += Math.abs(size * mark) * FUTURES_MARGIN_RATE;
        netDelta += size;
        for (int s = 0; s < SHOCKS.length; s++) {
          own[s] += size * mark * SHOCKS[s];
        }
        continue;
      }
      anyOption = true;
      premium += size * entry;
      double years = (instrument.expiry().toEpochMilli() - now.toEpochMilli()) / (365.25 * 24 * 3600 * 1000.0);
      double volatility = VOLATILITIES.get(instrument.underlying());
      if (years <= 0) {
        // Expired: no implied volatility (-1, as the service reports it) and no greeks but delta.
        double intrinsic = instrument.call() ? Math.max(mark - instrument.strike(), 0)
            : Math.max(instrument.strike() - mark, 0);
        double delta = instrument.call() ? (mark > instrument.strike() ? 1 : 0) : (mark < instrument.strike() ? -1 : 0);
        pnl += size * (intrinsic - entry);
        netDelta += size * delta;
        deltaNotional += Math.abs(size * delta * mark);
        greeks.put(instrument.symbol(), OptionGreeks.builder().iv(-1.0).delta(round(delta)).build());
        continue;
      }
      double price = price(instrument, mark, volatility, years);
      double d1 = d1(mark, instrument.strike(), volatility, years);
      double d2 = d1 - volatility * Math.sqrt(years);
      double delta = instrument.call() ? cdf(d1) : cdf(d1) - 1;
      double gamma = pdf(d1) / (mark * volatility * Math.sqrt(years));
      double vega = mark * pdf(d1) * Math.sqrt(years) / 100;
      double theta = -(mark * pdf(d1) * volatility) / (2 * Math.sqrt(years)) / 365;
      double rho = instrument.call() ? instrument.strike() * years * cdf(d2) / 100
          : -instrument.strike() * years * cdf(-d2) / 100;
      pnl += size * (price - entry);
      netDelta += size * delta;
      deltaNotional += Math.abs(size * delta * mark);
      greeks.put(instrument.symbol(), OptionGreeks.builder()
          .iv(volatility)
          .delta(round(delta))
          .gamma(round(gamma))
          .vega(round(vega))
          .theta(round(theta))
          .rho(round(rho))
          .build());
      for (int s = 0; s < SHOCKS.length; s++) {
        own[s] += size * (price(instrument, mark * (1 + SHOCKS[s]), volatility, years) - price);
      }
    }

    double marketRisk = 0;
    for (Map.Entry<String, double[]> entry : scenariosByUnderlying.entrySet()) {
      double worst = 0;
      for (int s = 0; s < SHOCKS.length; s++) {
        scenarios[s] += entry.getValue()[s];
        worst = Math.min(worst, entry.getValue()[s]);
      }
      riskByUnderlying.put(entry.getKey(), -worst);
      marketRisk += -worst;
    }
    double worstTotal = 0;
    for (double scenario : scenarios) {
      worstTotal = Math.min(worstTotal, scenario);
    }
    // Netting across underlyings: the whole portfolio's worst scenario, never above the sum.
    double netted = Math.min(marketRisk, -worstTotal);
    double maintenance = futuresMargin + (anyOption ? netted : 0);
    List<Double> scenarioPnls = null;
    if (anyOption) {
      scenarioPnls = new ArrayList<>();
      for (double scenario : scenarios) {
        scenarioPnls.add(round(scenario));
      }
    }
    PortfolioMarginBreakdown breakdown = PortfolioMarginBreakdown.builder()
        .totalCrossAssetNettedMarketRisk(round(anyOption ? netted : 0))
        .totalMarketRisk(round(anyOption ? marketRisk : 0))
        .totalScenarioPnls(scenarioPnls)
        .totalAbsoluteOptionPositionDeltaNotional(round(deltaNotional))
        .netPortfolioDelta(round(netDelta))
        .totalPremium(round(premium))
        .isBuyOnly(buyOnly)
        .futuresMaintenanceMargin(round(futuresMargin))
        .build();
    return new Result(round(maintenance), round(2 * maintenance), round(pnl), breakdown, greeks);
  }

  private static double price(Instrument option, double spot, double volatility, double years) {
    double d1 = d1(spot, option.strike(), volatility, years);
    double d2 = d1 - volatility * Math.sqrt(years);
    return option.call() ? spot * cdf(d1) - option.strike() * cdf(d2)
        : option.strike() * cdf(-d2) - spot * cdf(-d1);
  }

  private static double d1(double spot, double strike, double volatility, double years) {
    return (Math.log(spot / strike) + 0.5 * volatility * volatility * years) / (volatility * Math.sqrt(years));
  }

  private static double pdf(double x) {
    return Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
  }

  /** The standard normal distribution function (Zelen and Severo, error below 1e-7). */
  private static double cdf(double x) {
    double t = 1 / (1 + 0.2316419 * Math.abs(x));
    double poly = t * (0.319381530 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
    double tail = pdf(x) * poly;
    return x >= 0 ? 1 - tail : tail;
  }

  private static double round(double value) {
    return Math.round(value * 1e8) / 1e8;
  }
}
