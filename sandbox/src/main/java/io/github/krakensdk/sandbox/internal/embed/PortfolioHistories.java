package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.internal.spot.exchange.Balances;

import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.http.Json;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.Types;
import io.github.krakensdk.embed.model.PortfolioHistory;
import io.github.krakensdk.embed.model.PortfolioHistoryAsset;
import io.github.krakensdk.embed.model.PortfolioHistoryPoint;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deterministic portfolio histories of the Embed users, and their paging.
 *
 * <p>Balances change on the first of each month, prices follow a yearly wave; a user held none of
 * an asset before the date it was first acquired, which shows as null balance and value. A window
 * runs from {@code start_date} (included) to {@code end_date} (excluded, as in the contract's
 * example), one point every {@code resolution} days from the start. A page holds at most {@link
 * #PAGE_SIZE} points; the cursor of the next page carries the whole query, so that with {@code
 * cursor} every other parameter is ignored.
 *
 * <p>From the day the sandbox recorded a user's first movement on, the points are the user's real
 * holdings ({@link Live}): the balances at the end of the day (now, for today) at that day's
 * closing prices (now, for today), so that today's point is the portfolio summary's value. Before
 * that day they are the synthetic series.
 */
final class PortfolioHistories {
  static final int PAGE_SIZE = 365;
  static final List<String> QUOTES = List.of("USD", "EUR");

  /** One asset a user holds: from when, how much at first, how much more each month. */
  private record Holding(String asset, LocalDate since, BigDecimal initial, BigDecimal monthly) {}

  private static final Map<String, Double> BASE_PRICES = Map.of("BTC", 60000.0, "ETH", 3000.0, "USDC", 1.0,
      "SOL", 140.0);

  private static final Map<String, List<Holding>> HOLDINGS = Map.of(
      Seed.USER_IIBAN, List.of(
          new Holding("BTC", LocalDate.of(2022, 6, 1), new BigDecimal("0.41230000"), new BigDecimal("0.00500000")),
          new Holding("USDC", LocalDate.of(2023, 3, 10), new BigDecimal("1500.00000000"), new BigDecimal("25.00000000")),
          new Holding("ETH", LocalDate.of(2024, 1, 15), new BigDecimal("0.00000001"), new BigDecimal("0.25000000"))),
      Seed.SECOND_USER_IIBAN, List.of(
          new Holding("SOL", LocalDate.of(2024, 5, 2), new BigDecimal("12.00000000"), new BigDecimal("1.00000000"))));

  /** A query, as the first request gives it and as the cursor carries it on. */
  record Query(String user, LocalDate start, LocalDate end, long resolution, String quote, List<String> assets,
      boolean totalBalance, boolean totalPnl, LocalDate next) {}

  private PortfolioHistories() {}

  /** A user's real holdings, as the sandbox recorded them. */
  interface Live {
    /** What the user held at the end of {@code date} (now, for today); null before the record starts. */
    Map<String, BigDecimal> balances(LocalDate date);

    /** Units of {@code quote} per unit of {@code asset} at the end of {@code date} (now, for today). */
    BigDecimal price(String asset, String quote, LocalDate date);
  }

  /** No real holdings: the synthetic series throughout. */
  static final Live NONE = new Live() {
    @Override
    public Map<String, BigDecimal> balances(LocalDate date) {
      return null;
    }

    @Override
    public BigDecimal price(String asset, String quote, LocalDate date) {
      return null;
    }
  };

  static PortfolioHistory page(Query query) {
    return page(query, NONE);
  }

  static PortfolioHistory page(Query query, Live live) {
    List<LocalDate> dates = new ArrayList<>();
    LocalDate last = null;
    for (LocalDate date = query.start(); date.isBefore(query.end()); date = date.plusDays(query.resolution())) {
      last = date;
      if (!date.isBefore(query.next()) && dates.size() <= PAGE_SIZE) {
        dates.add(date);
      }
    }
    String nextCursor = null;
    if (dates.size() > PAGE_SIZE) {
      LocalDate next = dates.remove(PAGE_SIZE);
      nextCursor = cursor(new Query(query.user(), query.start(), query.end(), query.resolution(), query.quote(),
          query.assets(), query.totalBalance(), query.totalPnl(), next));
    }
    BigDecimal opening = total(live, query.user(), query.start(), query.quote());
    List<PortfolioHistoryPoint> points = new ArrayList<>();
    for (LocalDate date : dates) {
      BigDecimal total = total(live, query.user(), date, query.quote());
      Map<String, PortfolioHistoryAsset> assets = null;
      if (!query.assets().isEmpty()) {
        assets = new LinkedHashMap<>();
        for (String asset : query.assets()) {
          assets.put(asset, asset(live, query.user(), asset, date, query.quote()));
        }
      }
      points.add(PortfolioHistoryPoint.builder()
          .date(date)
          .totalBalance(query.totalBalance() ? total : null)
          .totalPnl(query.totalPnl() ? total.subtract(opening) : null)
          .totalPnlPct(query.totalPnl() ? percent(total.subtract(opening), opening) : null)
          .assets(assets)
          .build());
    }
    BigDecimal windowPnl = null;
    BigDecimal windowPnlPct = null;
    if (query.totalPnl() && last != null) {
      windowPnl = total(live, query.user(), last, query.quote()).subtract(opening);
      windowPnlPct = percent(windowPnl, opening);
    }
    return PortfolioHistory.builder()
        .startDate(query.start())
        .endDate(query.end())
        .history(points)
        .nextCursor(nextCursor)
        .currency(query.quote())
        .totalPnl(windowPnl)
        .totalPnlPct(windowPnlPct)
        .build();
  }

  private static PortfolioHistoryAsset asset(Live live, String user, String asset, LocalDate date, String quote) {
    Map<String, BigDecimal> held = live.balances(date);
    if (held != null) {
      BigDecimal balance = held.get(asset);
      BigDecimal price = live.price(asset, quote, date);
      if (balance == null || price == null) {
        return PortfolioHistoryAsset.builder().build();
      }
      return PortfolioHistoryAsset.builder()
          .balance(balance)
          .value(balance.multiply(price).setScale(2, RoundingMode.HALF_EVEN))
          .build();
    }
    return asset(user, asset, date, quote);
  }

  private static PortfolioHistoryAsset asset(String user, String asset, LocalDate date, String quote) {
    BigDecimal balance = balance(user, asset, date);
    if (balance == null) {
      return PortfolioHistoryAsset.builder().build();
    }
    return PortfolioHistoryAsset.builder().balance(balance).value(value(asset, balance, date, quote)).build();
  }

  /** The sum of the values of every asset held on {@code date}, each rounded to cents as the summary does. */
  private static BigDecimal total(Live live, String user, LocalDate date, String quote) {
    Map<String, BigDecimal> held = live.balances(date);
    if (held == null) {
      return total(user, date, quote);
    }
    BigDecimal total = BigDecimal.ZERO.setScale(2, RoundingMode.UNNECESSARY);
    for (Map.Entry<String, BigDecimal> holding : held.entrySet()) {
      BigDecimal price = live.price(holding.getKey(), quote, date);
      if (price != null && holding.getValue().signum() != 0) {
        total = total.add(holding.getValue().multiply(price).setScale(2, RoundingMode.HALF_EVEN));
      }
    }
    return total;
  }

  /** The sum of the values of every asset held on {@code date}. */
  private static BigDecimal total(String user, LocalDate date, String quote) {
    BigDecimal total = BigDecimal.ZERO.setScale(2, RoundingMode.UNNECESSARY);
    for (Holding holding : HOLDINGS.getOrDefault(user, List.of())) {
      BigDecimal balance = balance(user, holding.asset(), date);
      if (balance != null) {
        total = total.add(value(holding.asset(), balance, date, quote));
      }
    }
    return total;
  }

  /** Null before the asset was first held. */
  private static BigDecimal balance(String user, String asset, LocalDate date) {
    for (Holding holding : HOLDINGS.getOrDefault(user, List.of())) {
      if (holding.asset().equals(asset)) {
        if (date.isBefore(holding.since())) {
          return null;
        }
        long months = (date.getYear() - holding.since().getYear()) * 12L
            + date.getMonthValue() - holding.since().getMonthValue();
        return holding.initial().add(holding.monthly().multiply(BigDecimal.valueOf(months)));
      }
    }
    return null;
  }

  private static BigDecimal value(String asset, BigDecimal balance, LocalDate date, String quote) {
    double base = BASE_PRICES.getOrDefault(asset, 1.0);
    double wave = asset.equals("USDC") ? 1.0 : 1 + 0.25 * Math.sin(2 * Math.PI * date.toEpochDay() / 365.0);
    double price = base * wave * (quote.equals("EUR") ? 0.92 : 1.0);
    return balance.multiply(BigDecimal.valueOf(price)).setScale(2, RoundingMode.HALF_EVEN);
  }

  private static BigDecimal percent(BigDecimal change, BigDecimal opening) {
    if (opening.signum() == 0) {
      return BigDecimal.ZERO.setScale(2, RoundingMode.UNNECESSARY);
    }
    return change.multiply(BigDecimal.valueOf(100)).divide(opening, 10, RoundingMode.HALF_EVEN);
  }

  // ---- cursors: the query as Base64url JSON ----

  private static final JsonAdapter<Map<String, Object>> MAP =
      Json.MOSHI.adapter(Types.newParameterizedType(Map.class, String.class, Object.class));

  static String cursor(Query query) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("user", query.user());
    fields.put("next", query.next().toString());
    fields.put("start", query.start().toString());
    fields.put("end", query.end().toString());
    fields.put("resolution", query.resolution());
    fields.put("quote", query.quote());
    fields.put("assets", query.assets());
    fields.put("total_balance", query.totalBalance());
    fields.put("total_pnl", query.totalPnl());
    return Base64.getUrlEncoder().withoutPadding()
        .encodeToString(MAP.toJson(fields).getBytes(StandardCharsets.UTF_8));
  }

  /** The query a cursor carries, or null when it is not one of this sandbox's cursors. */
  static Query fromCursor(String cursor) {
    try {
      Map<String, Object> fields =
          MAP.fromJson(new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8));
      @SuppressWarnings("unchecked")
      List<String> assets = (List<String>) fields.get("assets");
      return new Query((String) fields.get("user"), LocalDate.parse((String) fields.get("start")),
          LocalDate.parse((String) fields.get("end")), ((Number) fields.get("resolution")).longValue(),
          (String) fields.get("quote"), List.copyOf(assets), (Boolean) fields.get("total_balance"),
          (Boolean) fields.get("total_pnl"), LocalDate.parse((String) fields.get("next")));
    } catch (IOException | RuntimeException notACursor) {
      return null;
    }
  }

  static boolean isDate(String text) {
    try {
      LocalDate.parse(text);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }
}
