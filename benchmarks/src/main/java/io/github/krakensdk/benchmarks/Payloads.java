package io.github.krakensdk.benchmarks;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The response bodies every benchmark reads, generated once and deterministically so that every
 * run (and every peer within a run) decodes the same bytes. Shapes follow the public service and
 * the contract: asset reference data as {@code GET /0/public/Assets} returns it, a TradeVolume
 * answer with the service's field names ({@code minfee}, {@code tiervolume}, ...), and one page of
 * an Embed portfolio history.
 */
final class Payloads {
  /** Assets in the Assets answer: about the size of the live list. */
  static final int ASSET_COUNT = 400;
  /** Pairs in the TradeVolume answer, in both {@code fees} and {@code fees_maker}. */
  static final int FEE_PAIRS = 10;
  /** Points of the portfolio history page: one year, daily. */
  static final int HISTORY_POINTS = 365;
  /** Assets of each history point. */
  static final int HISTORY_ASSETS = 10;

  static final List<String> PAIRS = List.of("XXBTZUSD", "XETHZUSD", "XXBTZEUR", "XETHZEUR",
      "SOLUSD", "ADAUSD", "DOTUSD", "XXRPZUSD", "LINKUSD", "USDTZUSD");

  private static final List<String> HISTORY_ASSET_CODES = List.of("BTC", "ETH", "SOL", "ADA",
      "DOT", "XRP", "LINK", "USDT", "USDC", "EUR");

  private Payloads() {}

  static final byte[] ASSETS = utf8(assets());
  static final byte[] TRADE_VOLUME = utf8(tradeVolume());
  static final byte[] ASSET_PAIRS = utf8(assetPairs());
  static final byte[] PORTFOLIO_HISTORY = utf8(portfolioHistory());

  /**
   * {@code {"error":[],"result":{...}}} with {@link #ASSET_COUNT} assets: six real ones first (so
   * XChange's pair map finds XBT and USD), then generated three- and four-letter codes. Every
   * field of the contract's {@code AssetInfo} is present and varies from entry to entry.
   */
  private static String assets() {
    Set<String> codes = new LinkedHashSet<>(List.of("XXBT", "XETH", "ZUSD", "ZEUR", "USDT", "SOL"));
    for (int n = 0; codes.size() < ASSET_COUNT; n++) {
      StringBuilder code = new StringBuilder();
      for (int v = n + 26 * 26; v > 0; v /= 26) {
        code.append((char) ('A' + v % 26));
      }
      codes.add(code.toString());
    }
    String[] altnames = {"XBT", "ETH", "USD", "EUR", "USDT", "SOL"};
    int[] decimals = {10, 10, 4, 4, 8, 10};
    int[] display = {5, 5, 2, 2, 4, 5};
    String[] statuses = {"enabled", "enabled", "enabled", "deposit_only", "withdrawal_only",
        "enabled", "funding_temporarily_disabled"};
    String[] collateral = {"1.0", "0.95", "0.9", "0.75", "0.5", "0.0"};
    StringBuilder json = new StringBuilder(ASSET_COUNT * 150).append("{\"error\":[],\"result\":{");
    int i = 0;
    for (String code : codes) {
      boolean real = i < altnames.length;
      json.append(i == 0 ? "" : ",").append('"').append(code).append("\":{")
          .append("\"aclass\":\"").append(i % 20 == 19 ? "tokenized_asset" : "currency").append("\",")
          .append("\"altname\":\"").append(real ? altnames[i] : code).append("\",")
          .append("\"decimals\":").append(real ? decimals[i] : 6 + i % 5).append(',')
          .append("\"display_decimals\":").append(real ? display[i] : 2 + i % 4).append(',')
          .append("\"collateral_value\":").append(collateral[i % collateral.length]).append(',')
          .append("\"status\":\"").append(statuses[i % statuses.length]).append("\"}");
      i++;
    }
    return json.append("}}").toString();
  }

  /** TradeVolume for {@link #PAIRS}: both fee maps, with the service's (aliased) field names. */
  private static String tradeVolume() {
    StringBuilder json = new StringBuilder(3000)
        .append("{\"error\":[],\"result\":{\"currency\":\"ZUSD\",\"volume\":\"1843722.5512\"");
    for (String map : new String[] {"fees", "fees_maker"}) {
      boolean maker = map.equals("fees_maker");
      json.append(",\"").append(map).append("\":{");
      for (int p = 0; p < PAIRS.size(); p++) {
        json.append(p == 0 ? "" : ",").append('"').append(PAIRS.get(p)).append("\":{")
            .append("\"fee\":\"").append(maker ? "0.1000" : "0.2000").append("\",")
            .append("\"minfee\":\"").append(maker ? "0.0000" : "0.1000").append("\",")
            .append("\"maxfee\":\"").append(maker ? "0.2500" : "0.4000").append("\",")
            .append("\"nextfee\":\"").append(maker ? "0.0800" : "0.1800").append("\",")
            .append("\"nextvolume\":\"2500000.0000\",")
            .append("\"tiervolume\":\"1000000.0000\"}");
      }
      json.append('}');
    }
    return json.append("}}").toString();
  }

  /** One pair, so that XChange's start-up (it loads pairs and assets) succeeds. */
  private static String assetPairs() {
    return "{\"error\":[],\"result\":{\"XXBTZUSD\":{\"altname\":\"XBTUSD\",\"wsname\":\"XBT/USD\","
        + "\"aclass_base\":\"currency\",\"base\":\"XXBT\",\"aclass_quote\":\"currency\","
        + "\"quote\":\"ZUSD\",\"lot\":\"unit\",\"cost_decimals\":5,\"pair_decimals\":1,"
        + "\"lot_decimals\":8,\"lot_multiplier\":1,\"leverage_buy\":[2,3,4,5],"
        + "\"leverage_sell\":[2,3,4,5],\"fees\":[[0,0.4],[10000,0.35],[50000,0.24]],"
        + "\"fees_maker\":[[0,0.25],[10000,0.2],[50000,0.14]],\"fee_volume_currency\":\"ZUSD\","
        + "\"margin_call\":80,\"margin_stop\":40,\"ordermin\":\"0.00005\",\"costmin\":\"0.5\","
        + "\"tick_size\":\"0.1\",\"status\":\"online\"}}}";
  }

  /**
   * {@code {"result":{...}}} of {@code GET /b2b/portfolio/{user}/history}: {@link
   * #HISTORY_POINTS} daily points, each with {@link #HISTORY_ASSETS} assets, every amount a
   * decimal string as the contract describes.
   */
  private static String portfolioHistory() {
    LocalDate start = LocalDate.of(2025, 1, 1);
    StringBuilder json = new StringBuilder(HISTORY_POINTS * 800)
        .append("{\"result\":{\"start_date\":\"").append(start)
        .append("\",\"end_date\":\"").append(start.plusDays(HISTORY_POINTS - 1))
        .append("\",\"history\":[");
    for (int day = 0; day < HISTORY_POINTS; day++) {
      BigDecimal total = BigDecimal.ZERO;
      StringBuilder assets = new StringBuilder(700);
      for (int a = 0; a < HISTORY_ASSETS; a++) {
        BigDecimal balance = BigDecimal.valueOf(1_000_000L + 7_919L * day + 104_729L * a, 8);
        BigDecimal value = balance.multiply(BigDecimal.valueOf(100 + 37 * a + day % 13))
            .setScale(2, RoundingMode.HALF_EVEN);
        total = total.add(value);
        assets.append(a == 0 ? "" : ",").append('"').append(HISTORY_ASSET_CODES.get(a))
            .append("\":{\"balance\":\"").append(balance.toPlainString())
            .append("\",\"value\":\"").append(value.toPlainString()).append("\"}");
      }
      BigDecimal pnl = BigDecimal.valueOf(day * 313L - 20_000L, 2);
      json.append(day == 0 ? "" : ",")
          .append("{\"date\":\"").append(start.plusDays(day))
          .append("\",\"total_balance\":\"").append(total.toPlainString())
          .append("\",\"total_pnl\":\"").append(pnl.toPlainString())
          .append("\",\"total_pnl_pct\":\"")
          .append(pnl.multiply(BigDecimal.valueOf(100)).divide(total, 4, RoundingMode.HALF_EVEN)
              .toPlainString())
          .append("\",\"assets\":{").append(assets).append("}}");
    }
    return json.append("],\"next_cursor\":\"c2025-12-31\",\"currency\":\"USD\",")
        .append("\"total_pnl\":\"1234.56\",\"total_pnl_pct\":\"1.2345\"}}").toString();
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
