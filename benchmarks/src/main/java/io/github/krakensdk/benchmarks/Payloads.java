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
 * answer with the service's field names ({@code minfee}, {@code tiervolume}, ...), the tickers of
 * every pair, one pair's order book 500 levels deep, a page of trades history, the answers of
 * AddOrder and CancelOrder, and one page of an Embed portfolio history. The request bodies of the
 * signed calls are here too: the raw floor sends them, and the loopback server accepts no other.
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

  /** Pairs in the Ticker answer for all pairs: about as many as the live list has. */
  static final int TICKER_PAIRS = 1000;
  /** Price levels on each side of the Depth answer: the most the service gives. */
  static final int DEPTH_LEVELS = 500;
  /** Trades in the TradesHistory page: the service's page size. */
  static final int TRADES = 50;
  /** {@code count} of the TradesHistory page: every trade matching the filters, not just this page's. */
  static final int TRADES_MATCHING = 2317;
  /** The pair whose order book the Depth answer holds, under the service's canonical name. */
  static final String DEPTH_PAIR = "XXBTZUSD";
  /** The order the AddOrder answer places and the CancelOrder request cancels. */
  static final String ORDER_TXID = "OU22CG-KLAF2-FWUDD7";
  static final String ORDER_DESCRIPTION = "buy 1.25000000 XBTUSD @ limit 27500.0";

  /**
   * The JSON request bodies of the signed calls without their nonce, exactly as the SDK sends them
   * (the nonce goes first: {@code {"nonce":N,...}}). The raw floor sends these bytes; the loopback
   * server refuses any other JSON body on these paths, so that the SDK and the floor are measured
   * on the same request.
   */
  static final String TRADE_VOLUME_REQUEST = "{\"pair\":\"XBTUSD\"}";
  /** Form-encoded, as the SDK sends AddOrder (its contract lists the form first). */
  static final String ADD_ORDER_REQUEST = "ordertype=limit&type=buy&volume=1.25&pair=XBTUSD&price=27500.0";
  static final String CANCEL_ORDER_REQUEST = "{\"txid\":\"" + ORDER_TXID + "\"}";

  private static final List<String> HISTORY_ASSET_CODES = List.of("BTC", "ETH", "SOL", "ADA",
      "DOT", "XRP", "LINK", "USDT", "USDC", "EUR");

  private Payloads() {}

  static final byte[] ASSETS = utf8(assets());
  static final byte[] TRADE_VOLUME = utf8(tradeVolume());
  static final byte[] ASSET_PAIRS = utf8(assetPairs());
  static final byte[] PORTFOLIO_HISTORY = utf8(portfolioHistory());
  static final byte[] TICKER = utf8(ticker());
  static final byte[] DEPTH = utf8(depth());
  static final byte[] TRADES_HISTORY = utf8(tradesHistory());
  static final byte[] ADD_ORDER = utf8("{\"error\":[],\"result\":{\"descr\":{\"order\":\"" + ORDER_DESCRIPTION
      + "\"},\"txid\":[\"" + ORDER_TXID + "\"]}}");
  static final byte[] CANCEL_ORDER = utf8("{\"error\":[],\"result\":{\"count\":1}}");

  /** {@code body} ({@code {...}}) with {@code "nonce":nonce} as its first member, as the SDK writes it. */
  static byte[] withNonce(String nonce, String body) {
    return utf8(isJson(body) ? "{\"nonce\":" + nonce + "," + body.substring(1) : "nonce=" + nonce + "&" + body);
  }

  /** Whether a request body of this class is JSON (else it is form-encoded). */
  static boolean isJson(String body) {
    return body.startsWith("{");
  }

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
   * {@code GET /0/public/Ticker} without {@code pair}: {@link #TICKER_PAIRS} pairs, a few real
   * ones first, every field the service sends ({@code a}, {@code b} with whole-lot and lot
   * volumes, {@code c}, {@code v}, {@code p}, {@code t}, {@code l}, {@code h} for today and the
   * last 24 hours, {@code o}), decimals as strings and trade counts as numbers, as the service does.
   */
  private static String ticker() {
    Set<String> pairs = new LinkedHashSet<>(PAIRS);
    String[] quotes = {"USD", "EUR", "USDT", "USDC", "GBP"};
    for (int n = 0; pairs.size() < TICKER_PAIRS; n++) {
      pairs.add(code(n, 3 + n % 2) + quotes[n % quotes.length]);
    }
    StringBuilder json = new StringBuilder(TICKER_PAIRS * 340).append("{\"error\":[],\"result\":{");
    int i = 0;
    for (String pair : pairs) {
      long price = 3_030_010_000L / (1 + i % 97) + 7L * i; // five decimals
      json.append(i == 0 ? "" : ",").append('"').append(pair).append("\":{")
          .append("\"a\":[\"").append(decimal(price + 10, 5)).append("\",\"").append(1 + i % 9)
          .append("\",\"").append(1 + i % 9).append(".000\"],")
          .append("\"b\":[\"").append(decimal(price, 5)).append("\",\"").append(2 + i % 5)
          .append("\",\"").append(2 + i % 5).append(".000\"],")
          .append("\"c\":[\"").append(decimal(price + 320, 5)).append("\",\"")
          .append(decimal(67_643L + 131L * i, 8)).append("\"],")
          .append("\"v\":[\"").append(decimal(408_367_001_100L / (1 + i % 13), 8)).append("\",\"")
          .append(decimal(441_273_601_799L / (1 + i % 13), 8)).append("\"],")
          .append("\"p\":[\"").append(decimal(price + 40_677, 5)).append("\",\"")
          .append(decimal(price + 38_913, 5)).append("\"],")
          .append("\"t\":[").append(34_619 / (1 + i % 7)).append(',').append(38_907 / (1 + i % 7)).append("],")
          .append("\"l\":[\"").append(decimal(price * 98 / 100, 5)).append("\",\"")
          .append(decimal(price * 97 / 100, 5)).append("\"],")
          .append("\"h\":[\"").append(decimal(price * 104 / 100, 5)).append("\",\"")
          .append(decimal(price * 105 / 100, 5)).append("\"],")
          .append("\"o\":\"").append(decimal(price + 20_270, 5)).append("\"}");
      i++;
    }
    return json.append("}}").toString();
  }

  /**
   * {@code GET /0/public/Depth?pair=XBTUSD&count=500}: {@link #DEPTH_LEVELS} asks ascending and as
   * many bids descending, each {@code [price, volume, timestamp]} with decimal strings and a Unix
   * time, keyed by {@link #DEPTH_PAIR}.
   */
  private static String depth() {
    StringBuilder json = new StringBuilder(DEPTH_LEVELS * 2 * 40)
        .append("{\"error\":[],\"result\":{\"").append(DEPTH_PAIR).append("\":{");
    for (String side : new String[] {"asks", "bids"}) {
      boolean asks = side.equals("asks");
      json.append(asks ? "" : ",").append('"').append(side).append("\":[");
      for (int level = 0; level < DEPTH_LEVELS; level++) {
        long price = asks ? 3_038_410_000L + 380_000L * level + 10_000L * (level % 7)
            : 3_029_700_000L - 370_000L * level - 10_000L * (level % 5);
        json.append(level == 0 ? "" : ",")
            .append("[\"").append(decimal(price, 5)).append("\",\"")
            .append(decimal(1_115L + 9_871L * (level % 11) + 3L * level, 3)).append("\",")
            .append(1_688_671_674L - 37L * level - (asks ? 0 : 11)).append(']');
      }
      json.append(']');
    }
    return json.append("}}}").toString();
  }

  /**
   * {@code POST /0/private/TradesHistory}: one page of {@link #TRADES} trades, most recent first,
   * keyed by trade id, with the fields the service sends for a spot trade (fractional Unix time as
   * a number, decimals as strings at the pair's precision, {@code trade_id}, {@code maker}) and
   * {@code count}.
   */
  private static String tradesHistory() {
    String[] pairs = {"XXBTZUSD", "XETHZUSD", "SOLUSD", "XXBTZEUR"};
    StringBuilder json = new StringBuilder(TRADES * 400)
        .append("{\"error\":[],\"result\":{\"count\":").append(TRADES_MATCHING).append(",\"trades\":{");
    for (int t = 0; t < TRADES; t++) {
      long price = 3_001_000_000L + 1_730_000L * t; // five decimals
      long volume = 2_000_000L + 137_000L * t; // eight decimals
      BigDecimal cost = BigDecimal.valueOf(price, 5).multiply(BigDecimal.valueOf(volume, 8))
          .setScale(5, RoundingMode.HALF_EVEN);
      boolean maker = t % 3 != 0;
      json.append(t == 0 ? "" : ",").append('"').append(id('T', 7_919 * t + 13)).append("\":{")
          .append("\"ordertxid\":\"").append(id('O', 104_729 * (t / 2) + 7)).append("\",")
          .append("\"postxid\":\"TKH2SE-M7IF5-CFI7LT\",")
          .append("\"pair\":\"").append(pairs[t % pairs.length]).append("\",")
          .append("\"aclass\":\"forex\",")
          .append("\"time\":").append(decimal(16_886_677_968_802L - 2_717_131L * t, 4)).append(',')
          .append("\"type\":\"").append(t % 4 == 3 ? "sell" : "buy").append("\",")
          .append("\"ordertype\":\"").append(maker ? "limit" : "market").append("\",")
          .append("\"price\":\"").append(decimal(price, 5)).append("\",")
          .append("\"cost\":\"").append(cost.toPlainString()).append("\",")
          .append("\"fee\":\"").append(maker ? "0.00000" : cost.multiply(new BigDecimal("0.004"))
              .setScale(5, RoundingMode.HALF_EVEN).toPlainString()).append("\",")
          .append("\"vol\":\"").append(decimal(volume, 8)).append("\",")
          .append("\"margin\":\"0.00000\",")
          .append("\"leverage\":\"0\",")
          .append("\"misc\":\"\",")
          .append("\"trade_id\":").append(40_274_859L - 1_013L * t).append(',')
          .append("\"maker\":").append(maker).append('}');
    }
    return json.append("}}}").toString();
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

  /** A Kraken-style id: the prefix, then 5, 5 and 6 letters and digits ({@code OU22CG-KLAF2-FWUDD7}). */
  private static String id(char prefix, int n) {
    String symbols = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    StringBuilder id = new StringBuilder(19).append(prefix);
    long v = (n & 0xffffffffL) * 2_654_435_761L;
    for (int i = 1; i < 19; i++) {
      if (i == 6 || i == 12) {
        id.append('-');
      } else {
        id.append(symbols.charAt((int) (v % symbols.length())));
        v = v / symbols.length() + 40_503L * i;
      }
    }
    return id.toString();
  }

  /** Upper-case letters for {@code n}, {@code length} long: distinct for distinct {@code n} below 26^length. */
  private static String code(int n, int length) {
    char[] letters = new char[length];
    for (int i = length - 1, v = n; i >= 0; i--, v /= 26) {
      letters[i] = (char) ('A' + v % 26);
    }
    return new String(letters);
  }

  private static String decimal(long unscaled, int scale) {
    return BigDecimal.valueOf(unscaled, scale).toPlainString();
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
