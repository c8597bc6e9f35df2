package io.github.krakensdk.sandbox.internal.embed;

import io.github.krakensdk.sandbox.internal.state.StatePart;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Json;
import io.github.krakensdk.sandbox.internal.http.Reply;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.Types;
import io.github.krakensdk.embed.model.CurrentDayPnl;
import io.github.krakensdk.embed.model.PortfolioAmount;
import io.github.krakensdk.embed.model.PortfolioAsset;
import io.github.krakensdk.embed.model.PortfolioAssetClass;
import io.github.krakensdk.embed.model.PortfolioDetails;
import io.github.krakensdk.embed.internal.model.PortfolioDetailsResponse;
import io.github.krakensdk.embed.internal.model.PortfolioHistoryResponse;
import io.github.krakensdk.embed.model.PortfolioSummary;
import io.github.krakensdk.embed.internal.model.PortfolioSummaryResponse;
import io.github.krakensdk.embed.model.PortfolioTradeType;
import io.github.krakensdk.embed.model.PortfolioTransaction;
import io.github.krakensdk.embed.model.PortfolioTransactionDetails;
import io.github.krakensdk.embed.model.PortfolioTransactionLeg;
import io.github.krakensdk.embed.model.PortfolioTransactionStats;
import io.github.krakensdk.embed.model.PortfolioTransactionStatus;
import io.github.krakensdk.embed.model.PortfolioTransactionType;
import io.github.krakensdk.embed.model.PortfolioTransactions;
import io.github.krakensdk.embed.internal.model.PortfolioTransactionsResponse;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An Embed user's portfolio ({@code /b2b/portfolio/{user}/...}). The summary, the details and the
 * transactions are read from the user's balances and {@link EmbedUser#movements}, valued with the
 * sandbox's prices (history: see {@link PortfolioHistories}, which is synthetic). Nothing is held
 * for open orders in the sandbox, so {@code withheld_value} and {@code open_orders} are zero;
 * cost bases are average costs in USD, converted to the quote at its current price.
 */
final class EmbedPortfolio {
  static final int DEFAULT_PAGE_SIZE = 25;
  private static final JsonAdapter<Map<String, Object>> MAP =
      Json.MOSHI.adapter(Types.newParameterizedType(Map.class, String.class, Object.class));

  private final EmbedState state;
  private final EmbedLedger ledger;

  EmbedPortfolio(EmbedState state) {
    this.state = state;
    this.ledger = new EmbedLedger(state);
  }

  void routes(EmbedFamily family) {
    family.route("GET", "/b2b/portfolio/{user}/summary", "getPortfolioSummary", true, this::summary);
    family.route("GET", "/b2b/portfolio/{user}/details", "listPortfolioDetails", true, this::details);
    family.route("GET", "/b2b/portfolio/{user}/history", "getPortfolioHistory", true, this::portfolioHistory);
    family.route("GET", "/b2b/portfolio/{user}/transactions", "listPortfolioTransactions", true,
        this::transactions);
  }

  // ---- summary and details ----

  private Reply summary(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    String quote = call.query("quote") != null ? call.query("quote") : "USD";
    if (state.usdPrice(quote) == null) {
      return EmbedFamily.error(400, "EGeneral:Invalid arguments:quote " + quote + " is not supported");
    }
    synchronized (state) {
      EmbedUser user = state.user(partner, path.get("user"));
      if (user == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      EmbedEarn.payRewards(state, user);
      List<PortfolioAsset> assets = assets(user, quote);
      BigDecimal value = BigDecimal.ZERO;
      BigDecimal cost = BigDecimal.ZERO;
      for (PortfolioAsset asset : assets) {
        value = value.add(asset.cashValue());
        cost = cost.add(asset.costBasis());
      }
      CurrentDayPnl dayPnl = call.queryFlag("include[current_day_pnl]") ? dayPnl(user, quote) : null;
      BigDecimal zero = EmbedLedger.inQuote(BigDecimal.ZERO, quote);
      return EmbedFamily.ok(PortfolioSummaryResponse.builder()
          .result(PortfolioSummary.builder()
              .timestamp(state.now())
              .currency(quote)
              .portfolioValue(EmbedLedger.inQuote(value, quote))
              .withheldValue(zero)
              .openOrders(zero)
              .availableBalance(EmbedLedger.inQuote(value, quote))
              .lotsUpnl(EmbedLedger.inQuote(value.subtract(cost), quote))
              .costBasis(EmbedLedger.inQuote(cost, quote))
              .currentDayPnl(dayPnl)
              .build())
          .build());
    }
  }

  private Reply details(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    String quote = call.query("quote") != null ? call.query("quote") : "USD";
    if (state.usdPrice(quote) == null) {
      return EmbedFamily.error(400, "EGeneral:Invalid arguments:quote " + quote + " is not supported");
    }
    synchronized (state) {
      EmbedUser user = state.user(partner, path.get("user"));
      if (user == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      EmbedEarn.payRewards(state, user);
      return EmbedFamily.ok(PortfolioDetailsResponse.builder()
          .result(PortfolioDetails.builder().timestamp(state.now()).currency(quote).assets(assets(user, quote)).build())
          .build());
    }
  }

  /** Every asset the user holds, valued in {@code quote}. Caller holds the state's monitor. */
  private List<PortfolioAsset> assets(EmbedUser user, String quote) {
    Map<String, BigDecimal> usdCosts = ledger.usdCostBases(user);
    BigDecimal quoteUsd = state.usdPrice(quote);
    List<PortfolioAsset> assets = new ArrayList<>();
    for (Map.Entry<String, BigDecimal> holding : user.balances.entrySet()) {
      if (holding.getValue().signum() == 0) {
        continue;
      }
      String asset = holding.getKey();
      BigDecimal balance = holding.getValue();
      BigDecimal price = state.price(asset, quote);
      if (price == null) {
        continue; // an asset the sandbox cannot value is not part of the portfolio's value
      }
      BigDecimal value = EmbedLedger.inQuote(balance.multiply(price), quote);
      BigDecimal cost = EmbedLedger.inQuote(
          usdCosts.getOrDefault(asset, BigDecimal.ZERO).divide(quoteUsd, EmbedLedger.MATH), quote);
      assets.add(PortfolioAsset.builder()
          .asset(asset)
          .propertyClass(PortfolioAssetClass.CURRENCY)
          .cashBalance(balance)
          .indexPrice(price.stripTrailingZeros())
          .cashValue(value)
          .heldOrdersSpot(BigDecimal.ZERO.setScale(balance.scale()))
          .availTrade(balance)
          .availTradeValue(value)
          .lotsUpnl(value.subtract(cost))
          .avgEntryPrice(cost.divide(balance, EmbedLedger.MATH)
              .setScale(value.scale() + 2, java.math.RoundingMode.HALF_EVEN).stripTrailingZeros())
          .costBasis(cost)
          .build());
    }
    return assets;
  }

  /**
   * The change of value since the start of the UTC day: what is held now at today's prices, less
   * what was held then at that day's opening prices and less what was deposited or withdrawn since.
   */
  private CurrentDayPnl dayPnl(EmbedUser user, String quote) {
    Instant since = state.instant().truncatedTo(ChronoUnit.DAYS);
    Map<String, BigDecimal> then = new LinkedHashMap<>(user.balances);
    BigDecimal flows = BigDecimal.ZERO;
    for (EmbedUser.Movement m : user.movements) {
      if (!m.time().isBefore(since)) {
        then.merge(m.asset(), m.amount().negate(), BigDecimal::add);
        if (m.kind().equals("deposit") || m.kind().equals("withdrawal")) {
          BigDecimal price = ledger.priceAt(m.asset(), quote, m.time());
          flows = flows.add(price == null ? BigDecimal.ZERO : m.amount().multiply(price));
        }
      }
    }
    BigDecimal now = BigDecimal.ZERO;
    BigDecimal opening = BigDecimal.ZERO;
    for (Map.Entry<String, BigDecimal> holding : user.balances.entrySet()) {
      BigDecimal price = state.price(holding.getKey(), quote);
      now = now.add(price == null ? BigDecimal.ZERO : holding.getValue().multiply(price));
    }
    for (Map.Entry<String, BigDecimal> holding : then.entrySet()) {
      BigDecimal price = ledger.priceAt(holding.getKey(), quote, since);
      opening = opening.add(price == null ? BigDecimal.ZERO : holding.getValue().multiply(price));
    }
    return CurrentDayPnl.builder()
        .since(since.atOffset(ZoneOffset.UTC))
        .pnl(EmbedLedger.inQuote(now.subtract(opening).subtract(flows), quote))
        .build();
  }

  // ---- transactions ----

  /** The filters of a transactions query, as the first request gives them and the cursor carries them on. */
  private record TxQuery(String user, List<String> types, List<String> statuses, List<String> assets,
      List<String> ids, Instant from, Instant until, boolean ascending, int pageSize, String quote, Integer after) {}

  private Reply transactions(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    String iiban = path.get("user");
    TxQuery query;
    if (call.query("cursor") != null) {
      query = fromCursor(call.query("cursor"));
      if (query == null || !query.user().equals(iiban)) {
        return EmbedFamily.error(400, "EGeneral:Invalid arguments:cursor");
      }
    } else {
      String quote = call.query("quote");
      if (quote != null && state.usdPrice(quote) == null) {
        return EmbedFamily.error(400, "EGeneral:Invalid arguments:quote " + quote + " is not supported");
      }
      query = new TxQuery(iiban, List.copyOf(call.queryAll("types")), List.copyOf(call.queryAll("statuses")),
          List.copyOf(call.queryAll("assets")), List.copyOf(call.queryAll("ids")), time(call.query("from_time")),
          time(call.query("until_time")), "ascending".equals(call.query("sorting")),
          call.query("page_size") != null ? Integer.parseInt(call.query("page_size")) : DEFAULT_PAGE_SIZE, quote,
          null);
    }
    synchronized (state) {
      EmbedUser user = state.user(partner, iiban);
      if (user == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
      EmbedEarn.payRewards(state, user);
      List<PortfolioTransaction> matching = new ArrayList<>();
      List<Integer> seqs = new ArrayList<>();
      List<EmbedLedger.Transaction> all = new ArrayList<>(EmbedLedger.transactions(user));
      if (!query.ascending()) {
        java.util.Collections.reverse(all);
      }
      for (EmbedLedger.Transaction tx : all) {
        PortfolioTransaction entry = entry(tx, query.quote());
        if (matches(entry, tx, query)) {
          matching.add(entry);
          seqs.add(tx.seq());
        }
      }
      // The page starts after the last entry given (by position, which new entries do not shift).
      int start = 0;
      if (query.after() != null) {
        while (start < seqs.size()
            && (query.ascending() ? seqs.get(start) <= query.after() : seqs.get(start) >= query.after())) {
          start++;
        }
      }
      int end = Math.min(seqs.size(), start + query.pageSize());
      String next = end < seqs.size() ? cursor(query, seqs.get(end - 1)) : null;
      return EmbedFamily.ok(PortfolioTransactionsResponse.builder()
          .result(PortfolioTransactions.builder()
              .transactions(List.copyOf(matching.subList(start, end)))
              .stats(PortfolioTransactionStats.builder().transactionsSeen((long) matching.size()).build())
              .nextCursor(next)
              .build())
          .build());
    }
  }

  private static Instant time(String text) {
    return text == null ? null : OffsetDateTime.parse(text).toInstant();
  }

  private static boolean matches(PortfolioTransaction entry, EmbedLedger.Transaction tx, TxQuery query) {
    if (!query.types().isEmpty() && !query.types().contains(entry.type().value())) {
      return false;
    }
    if (!query.statuses().isEmpty() && !query.statuses().contains(entry.status().value())) {
      return false;
    }
    if (!query.ids().isEmpty() && !query.ids().contains(entry.id())) {
      return false;
    }
    if (!query.assets().isEmpty() && tx.legs().stream().noneMatch(l -> query.assets().contains(l.movement().asset()))) {
      return false;
    }
    if (query.from() != null && tx.time().isBefore(query.from())) {
      return false;
    }
    return query.until() == null || tx.time().isBefore(query.until());
  }

  /** A transaction as the service lists it. */
  private PortfolioTransaction entry(EmbedLedger.Transaction tx, String quote) {
    PortfolioTransactionType type = switch (tx.kind()) {
      case "trade", "fee" -> PortfolioTransactionType.SIMPLE_ORDER;
      case "reward" -> PortfolioTransactionType.EARN_REWARD;
      case "withdrawal" -> PortfolioTransactionType.WITHDRAWAL;
      default -> PortfolioTransactionType.DEPOSIT;
    };
    EmbedLedger.Leg spent = null;
    EmbedLedger.Leg received = null;
    List<EmbedLedger.Leg> fees = new ArrayList<>();
    for (EmbedLedger.Leg leg : tx.legs()) {
      if (leg.movement().kind().equals("fee")) {
        fees.add(leg);
      } else if (leg.movement().amount().signum() < 0) {
        spent = spent == null ? leg : spent;
      } else {
        received = received == null ? leg : received;
      }
    }
    // A fee belongs to the side of its asset; a fee in a third asset goes with what was spent.
    EmbedLedger.Leg spendFee = null;
    EmbedLedger.Leg receiveFee = null;
    for (EmbedLedger.Leg fee : fees) {
      if (received != null && fee.movement().asset().equals(received.movement().asset())) {
        receiveFee = fee;
      } else {
        spendFee = fee;
        if (spent == null) {
          spent = fee;
        }
      }
    }
    PortfolioTransactionLeg spend = spent == null ? null : leg(spent == spendFee ? null : spent, spendFee, quote);
    PortfolioTransactionLeg receive = received == null ? null : leg(received, receiveFee, quote);
    PortfolioTransactionDetails details = null;
    if (type.equals(PortfolioTransactionType.SIMPLE_ORDER) && spent != null && received != null) {
      boolean fromMoney = EmbedLedger.FIAT.contains(spent.movement().asset());
      boolean toMoney = EmbedLedger.FIAT.contains(received.movement().asset());
      PortfolioTradeType tradeType = fromMoney && !toMoney ? PortfolioTradeType.BUY
          : toMoney && !fromMoney ? PortfolioTradeType.SELL : PortfolioTradeType.CONVERT;
      details = PortfolioTransactionDetails.builder().type(type).quoteId(tx.reference()).tradeType(tradeType).build();
    }
    return PortfolioTransaction.builder()
        .id(tx.id())
        .time(tx.time().atOffset(ZoneOffset.UTC))
        .type(type)
        .status(PortfolioTransactionStatus.SUCCESSFUL)
        .refId(tx.reference() == null ? tx.id() : tx.reference())
        .spend(spend)
        .receive(receive)
        .details(details)
        .build();
  }

  /** One side: the movement (null when the side is only a fee), its fee, their sum and the balance after. */
  private PortfolioTransactionLeg leg(EmbedLedger.Leg main, EmbedLedger.Leg fee, String quote) {
    EmbedLedger.Leg last = fee != null && (main == null || main.movement().asset().equals(fee.movement().asset()))
        ? fee : main;
    EmbedLedger.Leg first = main != null ? main : fee;
    String asset = first.movement().asset();
    BigDecimal amount = main == null ? BigDecimal.ZERO.setScale(fee.movement().amount().scale())
        : main.movement().amount();
    BigDecimal feeAmount = fee == null ? null : fee.movement().amount();
    BigDecimal total = fee != null && fee.movement().asset().equals(asset) ? amount.add(feeAmount) : amount;
    Instant time = first.movement().time();
    BigDecimal price = quote == null ? null : ledger.priceAt(asset, quote, time);
    BigDecimal feePrice = quote == null || fee == null ? null : ledger.priceAt(fee.movement().asset(), quote, time);
    return PortfolioTransactionLeg.builder()
        .amount(amount(asset, amount))
        .fee(fee == null ? null : amount(fee.movement().asset(), feeAmount))
        .total(amount(asset, total))
        .balance(amount(last.movement().asset(), last.balanceAfter()))
        .quotedAmount(price == null ? null : amount(quote, EmbedLedger.inQuote(amount.multiply(price), quote)))
        .quotedFee(feePrice == null ? null : amount(quote, EmbedLedger.inQuote(feeAmount.multiply(feePrice), quote)))
        .quotedTotal(price == null ? null : amount(quote, EmbedLedger.inQuote(total.multiply(price), quote)))
        .ledgerId(EmbedLedger.id("L", first.movement().id()))
        .time(time.atOffset(ZoneOffset.UTC))
        .build();
  }

  private static PortfolioAmount amount(String asset, BigDecimal amount) {
    return PortfolioAmount.builder().asset(asset).amount(amount).assetClass(PortfolioAssetClass.CURRENCY).build();
  }

  // ---- cursors: the query and the position as Base64url JSON ----

  private static String cursor(TxQuery query, int after) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("user", query.user());
    fields.put("types", query.types());
    fields.put("statuses", query.statuses());
    fields.put("assets", query.assets());
    fields.put("ids", query.ids());
    fields.put("from", query.from() == null ? null : query.from().toString());
    fields.put("until", query.until() == null ? null : query.until().toString());
    fields.put("ascending", query.ascending());
    fields.put("page_size", query.pageSize());
    fields.put("quote", query.quote());
    fields.put("after", after);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(MAP.toJson(fields).getBytes(StandardCharsets.UTF_8));
  }

  @SuppressWarnings("unchecked")
  private static TxQuery fromCursor(String cursor) {
    try {
      Map<String, Object> f = MAP.fromJson(new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8));
      return new TxQuery((String) f.get("user"), List.copyOf((List<String>) f.get("types")),
          List.copyOf((List<String>) f.get("statuses")), List.copyOf((List<String>) f.get("assets")),
          List.copyOf((List<String>) f.get("ids")), f.get("from") == null ? null : Instant.parse((String) f.get("from")),
          f.get("until") == null ? null : Instant.parse((String) f.get("until")), (Boolean) f.get("ascending"),
          ((Number) f.get("page_size")).intValue(), (String) f.get("quote"), ((Number) f.get("after")).intValue());
    } catch (IOException | RuntimeException notACursor) {
      return null;
    }
  }

  // ---- history ----

  /**
   * The user's recorded holdings for the history: from the UTC day of the first movement on, the
   * balances after the movements up to the end of the day (all of them, for today) at the prices
   * then (now, for today). Call it and read it while holding the state's monitor.
   */
  private PortfolioHistories.Live live(EmbedFamily.Partner partner, String iiban) {
    return new PortfolioHistories.Live() {
      @Override
      public Map<String, BigDecimal> balances(LocalDate date) {
        EmbedUser user = state.user(partner, iiban);
        if (user == null || user.movements.isEmpty()) {
          return null;
        }
        LocalDate first = LocalDate.ofInstant(user.movements.get(0).time(), ZoneOffset.UTC);
        if (date.isBefore(first)) {
          return null;
        }
        Instant end = endOf(date);
        Map<String, BigDecimal> held = new LinkedHashMap<>();
        for (EmbedUser.Movement m : user.movements) {
          if (m.time().isBefore(end)) {
            held.merge(m.asset(), m.amount(), BigDecimal::add);
          }
        }
        return held;
      }

      @Override
      public BigDecimal price(String asset, String quote, LocalDate date) {
        return ledger.priceAt(asset, quote, endOf(date).minusNanos(1));
      }
    };
  }

  /** The end of {@code date} (UTC), or now for today. */
  private Instant endOf(LocalDate date) {
    Instant end = date.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    Instant now = state.instant();
    return end.isAfter(now) ? now.plusNanos(1) : end;
  }

  private Reply portfolioHistory(HttpCall call, Map<String, String> path, EmbedFamily.Partner partner) {
    String iiban = path.get("user");
    synchronized (state) {
      if (state.user(partner, iiban) == null) {
        return EmbedFamily.error(404, EmbedFamily.USER_NOT_FOUND);
      }
    }
    PortfolioHistories.Query query;
    String cursor = call.query("cursor");
    if (cursor != null) {
      // Every other parameter is ignored: the cursor carries the query it continues.
      query = PortfolioHistories.fromCursor(cursor);
      if (query == null || !query.user().equals(iiban)) {
        return EmbedFamily.error(400, "EGeneral:Invalid arguments:cursor");
      }
    } else {
      LocalDate end = call.query("end_date") != null ? LocalDate.parse(call.query("end_date"))
          : LocalDate.ofInstant(state.instant(), ZoneOffset.UTC);
      LocalDate start = call.query("start_date") != null ? LocalDate.parse(call.query("start_date"))
          : end.minusDays(365);
      long resolution = call.query("resolution") != null ? Long.parseLong(call.query("resolution")) : 1;
      String quote = call.query("quote") != null ? call.query("quote") : "USD";
      if (resolution < 1) {
        return EmbedFamily.error(400, "EGeneral:Invalid arguments:resolution must be at least 1");
      }
      if (start.isAfter(end)) {
        return EmbedFamily.error(400, "EGeneral:Invalid arguments:start_date is after end_date");
      }
      if (!PortfolioHistories.QUOTES.contains(quote)) {
        return EmbedFamily.error(400, "EGeneral:Invalid arguments:quote " + quote + " is not supported");
      }
      query = new PortfolioHistories.Query(iiban, start, end, resolution, quote,
          List.copyOf(call.queryAll("include[assets][]")), call.queryFlag("include[total_balance]"),
          call.queryFlag("include[total_pnl]"), start);
    }
    PortfolioHistories.Live live = live(partner, iiban);
    synchronized (state) {
      return EmbedFamily.ok(PortfolioHistoryResponse.builder().result(PortfolioHistories.page(query, live)).build());
    }
  }

  // ---- state document (export, import, reset) ----

  /** The ledger's state (balance histories) for the state document. */
  StatePart ledgerState() {
    return StatePart.of(ledger, "history");
  }
}
