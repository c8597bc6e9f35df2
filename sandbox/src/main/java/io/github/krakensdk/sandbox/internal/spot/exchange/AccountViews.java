package io.github.krakensdk.sandbox.internal.spot.exchange;

import io.github.krakensdk.sandbox.internal.params.Parameters;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The private read operations, rendered in the service's shapes: orders (OpenOrders, ClosedOrders,
 * QueryOrders, OrderAmends), trades (TradesHistory, QueryTrades), the ledger (Ledgers,
 * QueryLedgers) and balances (Balance, BalanceEx, TradeBalance, CreditLines, TradeVolume).
 */
final class AccountViews {
  static final int PAGE = 50;
  /** Decimals of USD amounts (those of {@code ZUSD}). */
  private static final int USD_DECIMALS = 4;

  private final Engine engine;

  AccountViews(Engine engine) {
    this.engine = engine;
  }

  // ---- orders ----

  /** {@code buy 1.25000000 XBTUSD @ limit 30010.0}: how the service describes an order. */
  static String description(Order order, BigDecimal volume) {
    Catalog.Pair pair = order.pair;
    String amount = order.viqc() ? Wire.fixed(volume, pair.quote().decimals()) : Wire.fixed(volume, pair.lotDecimals());
    return order.side() + " " + amount + " " + pair.altname() + " @ "
        + terms(order.type, order.priceText, order.price2Text);
  }

  /** {@code close position @ stop loss 22000.0 -> limit 21000.0}, or empty without a conditional close. */
  static String closeDescription(Order order) {
    if (order.close == null) {
      return "";
    }
    return "close position @ " + terms(order.close.ordertype(), closePrice(order.close.price(), order.pair),
        closePrice(order.close.price2(), order.pair));
  }

  private static String closePrice(String text, Catalog.Pair pair) {
    if (text == null) {
      return "0";
    }
    try {
      return Wire.fixed(new BigDecimal(text), pair.pairDecimals());
    } catch (NumberFormatException relative) {
      return text;
    }
  }

  private static String terms(String type, String price, String price2) {
    return switch (type) {
      case "market" -> "market";
      case "limit" -> "limit " + price;
      case "iceberg" -> "iceberg " + price;
      case "stop-loss" -> "stop loss " + price;
      case "take-profit" -> "take profit " + price;
      case "stop-loss-limit" -> "stop loss " + price + " -> limit " + price2;
      case "take-profit-limit" -> "take profit " + price + " -> limit " + price2;
      case "trailing-stop" -> "trailing stop " + price;
      case "trailing-stop-limit" -> "trailing stop " + price + " -> limit " + price2;
      default -> type;
    };
  }

  /** The {@code descr} of an AddOrder answer. */
  static Map<String, Object> orderDescr(Order order) {
    Map<String, Object> descr = Wire.object();
    descr.put("order", description(order, order.volume));
    if (order.close != null) {
      descr.put("close", closeDescription(order));
    }
    return descr;
  }

  /** One order as OpenOrders, ClosedOrders and QueryOrders show it. */
  Map<String, Object> order(Order order, boolean withTrades) {
    Catalog.Pair pair = order.pair;
    boolean closed = !order.isOpen();
    Map<String, Object> view = Wire.object();
    view.put("refid", order.refid);
    view.put("userref", order.userref == null ? 0L : (long) order.userref);
    if (order.clOrdId != null) {
      view.put("cl_ord_id", order.clOrdId);
    }
    view.put("status", order.status);
    if (closed) {
      view.put("reason", order.reason);
    }
    view.put("opentm", Wire.time(order.opened));
    if (closed) {
      view.put("closetm", Wire.time(order.closed));
    }
    view.put("starttm", order.start == null ? 0L : order.start.getEpochSecond());
    view.put("expiretm", order.expire == null ? 0L : order.expire.getEpochSecond());
    Map<String, Object> descr = Wire.object();
    descr.put("pair", pair.altname());
    descr.put("type", order.side());
    descr.put("ordertype", order.type);
    descr.put("price", order.priceText);
    descr.put("price2", order.price2Text);
    descr.put("leverage", "none");
    descr.put("order", description(order, order.volume));
    descr.put("close", closeDescription(order));
    view.put("descr", descr);
    int volumeDecimals = order.viqc() ? pair.quote().decimals() : pair.lotDecimals();
    view.put("vol", Wire.fixed(order.volume, volumeDecimals));
    view.put("vol_exec", Wire.fixed(order.viqc() ? order.cost : order.executed, volumeDecimals));
    view.put("cost", Wire.fixed(order.cost, pair.costDecimals()));
    view.put("fee", Wire.fixed(order.fee, pair.costDecimals()));
    BigDecimal average = order.executed.signum() == 0 ? BigDecimal.ZERO
        : order.cost.divide(order.executed, pair.pairDecimals() + 4, RoundingMode.HALF_EVEN);
    view.put("price", Wire.fixed(average, pair.pairDecimals()));
    view.put("stopprice", Wire.fixed(order.stopPrice == null ? BigDecimal.ZERO : order.stopPrice, pair.pairDecimals()));
    view.put("limitprice", Wire.fixed(order.limitPrice == null ? BigDecimal.ZERO : order.limitPrice,
        pair.pairDecimals()));
    view.put("misc", String.join(",", order.misc));
    view.put("oflags", order.oflags());
    view.put("time_in_force", order.timeInForce);
    if (order.isTriggerType() && order.trigger.equals("index")) {
      view.put("trigger", "index");
    }
    if (withTrades && !order.trades.isEmpty()) {
      view.put("trades", List.copyOf(order.trades));
    }
    return view;
  }

  Map<String, Object> openOrders(Account account, Parameters p) {
    boolean trades = p.bool("trades", false);
    Long userref = p.integer("userref");
    String clOrdId = p.string("cl_ord_id");
    List<Order> open = new ArrayList<>();
    for (Order order : account.orders) {
      if (order.isOpen() && matches(order, userref, clOrdId)) {
        open.add(order);
      }
    }
    open.sort(Comparator.comparingLong((Order o) -> o.sequence).reversed());
    Map<String, Object> views = Wire.object();
    for (Order order : open) {
      views.put(order.txid, order(order, trades));
    }
    Map<String, Object> result = Wire.object();
    result.put("open", views);
    return result;
  }

  Map<String, Object> closedOrders(Account account, Parameters p) {
    boolean trades = p.bool("trades", false);
    Long userref = p.integer("userref");
    String clOrdId = p.string("cl_ord_id");
    String closetime = p.string("closetime") == null ? "both" : p.string("closetime");
    if (!Set.of("open", "close", "both").contains(closetime)) {
      throw ExchangeError.invalid("closetime");
    }
    Instant start = bound(p.string("start"), "start", id -> orderOpened(account, id));
    Instant end = bound(p.string("end"), "end", id -> orderOpened(account, id));
    long ofs = p.integer("ofs", 0);
    if (ofs < 0) {
      throw ExchangeError.invalid("ofs");
    }
    List<Order> closed = new ArrayList<>();
    for (Order order : account.orders) {
      if (order.isOpen() || !matches(order, userref, clOrdId)) {
        continue;
      }
      boolean inOpen = within(order.opened, start, end);
      boolean inClose = within(order.closed, start, end);
      boolean selected = switch (closetime) {
        case "open" -> inOpen;
        case "close" -> inClose;
        default -> inOpen || inClose;
      };
      if (selected) {
        closed.add(order);
      }
    }
    closed.sort(Comparator.comparing((Order o) -> o.closed).thenComparingLong(o -> o.sequence).reversed());
    Map<String, Object> views = Wire.object();
    for (Order order : page(closed, ofs)) {
      views.put(order.txid, order(order, trades));
    }
    Map<String, Object> result = Wire.object();
    result.put("closed", views);
    if (!p.bool("without_count", false)) {
      result.put("count", (long) closed.size());
    }
    return result;
  }

  Map<String, Object> queryOrders(Account account, Parameters p) {
    List<String> txids = p.names("txid");
    if (txids.isEmpty() || txids.size() > 50) {
      throw ExchangeError.invalid("txid");
    }
    boolean trades = p.bool("trades", false);
    Long userref = p.integer("userref");
    Map<String, Object> result = Wire.object();
    for (String txid : txids) {
      Order order = find(account, txid);
      if (order == null) {
        throw new ExchangeError(Errors.INVALID_ORDER);
      }
      if (userref == null || order.userref != null && order.userref == userref.longValue()) {
        result.put(order.txid, order(order, trades));
      }
    }
    return result;
  }

  Map<String, Object> orderAmends(Account account, Parameters p) {
    String txid = p.string("order_id") != null ? p.string("order_id") : p.string("txid");
    if (txid == null) {
      throw ExchangeError.invalid("order_id");
    }
    Order order = find(account, txid);
    if (order == null) {
      throw new ExchangeError(Errors.UNKNOWN_ORDER);
    }
    Catalog.Pair pair = order.pair;
    List<Object> amends = new ArrayList<>();
    for (Order.Amend amend : order.amends) {
      Map<String, Object> view = Wire.object();
      view.put("amend_id", amend.id());
      view.put("amend_type", amend.type());
      view.put("order_qty", Wire.fixed(amend.orderQty(), pair.lotDecimals()));
      if (amend.displayQty() != null) {
        view.put("display_qty", Wire.fixed(amend.displayQty(), pair.lotDecimals()));
      }
      view.put("remaining_qty", Wire.fixed(amend.remainingQty().max(BigDecimal.ZERO), pair.lotDecimals()));
      if (amend.limitPrice() != null) {
        view.put("limit_price", Wire.fixed(amend.limitPrice(), pair.pairDecimals()));
      }
      if (amend.triggerPrice() != null) {
        view.put("trigger_price", Wire.fixed(amend.triggerPrice(), pair.pairDecimals()));
      }
      if (amend.reason() != null) {
        view.put("reason", amend.reason());
      }
      if (amend.postOnly() != null) {
        view.put("post_only", amend.postOnly());
      }
      view.put("timestamp", amend.nanos());
      amends.add(view);
    }
    Map<String, Object> result = Wire.object();
    result.put("amends", amends);
    result.put("count", (long) amends.size());
    return result;
  }

  private static boolean matches(Order order, Long userref, String clOrdId) {
    if (userref != null && (order.userref == null || order.userref != userref.longValue())) {
      return false;
    }
    return clOrdId == null || clOrdId.equals(order.clOrdId);
  }

  private static Order find(Account account, String txid) {
    for (Order order : account.orders) {
      if (order.txid.equals(txid)) {
        return order;
      }
    }
    return null;
  }

  private static Instant orderOpened(Account account, String txid) {
    Order order = find(account, txid);
    return order == null ? null : order.opened;
  }

  // ---- trades ----

  Map<String, Object> trade(AccountTrade trade, boolean withLedgers) {
    Catalog.Pair pair = engine.catalog.pair(trade.pair()).orElseThrow();
    Map<String, Object> view = Wire.object();
    view.put("ordertxid", trade.ordertxid());
    view.put("postxid", Engine.NO_POSITION);
    view.put("pair", pair.name());
    view.put("time", Wire.time(trade.time()));
    view.put("type", trade.type());
    view.put("ordertype", trade.ordertype());
    view.put("tradeordertype", executedAs(trade.ordertype()));
    view.put("price", Wire.fixed(trade.price(), pair.costDecimals()));
    view.put("cost", Wire.fixed(trade.cost(), pair.costDecimals()));
    view.put("fee", Wire.fixed(trade.fee(), pair.costDecimals()));
    view.put("vol", Wire.fixed(trade.vol(), pair.lotDecimals()));
    view.put("margin", Wire.fixed(BigDecimal.ZERO, pair.costDecimals()));
    view.put("leverage", "0");
    view.put("misc", "");
    if (withLedgers) {
      view.put("ledgers", trade.ledgers());
    }
    view.put("trade_id", trade.tradeId());
    view.put("maker", trade.maker());
    return view;
  }

  /**
   * The order type a fill of an {@code ordertype} order executes as: a triggered order fills as
   * the order its trigger places (market for {@code stop-loss}, {@code take-profit} and {@code
   * trailing-stop}, limit for their {@code -limit} forms); any other as itself.
   */
  static String executedAs(String ordertype) {
    return switch (ordertype) {
      case "stop-loss", "take-profit", "trailing-stop" -> "market";
      case "stop-loss-limit", "take-profit-limit", "trailing-stop-limit" -> "limit";
      default -> ordertype;
    };
  }

  Map<String, Object> tradesHistory(Account account, Parameters p) {
    String type = p.string("type") == null ? "all" : p.string("type");
    if (!Set.of("all", "any position", "closed position", "closing position", "no position").contains(type)) {
      throw ExchangeError.invalid("type");
    }
    boolean ledgers = p.bool("ledgers", false);
    Instant start = bound(p.string("start"), "start", id -> tradeTime(account, id));
    Instant end = bound(p.string("end"), "end", id -> tradeTime(account, id));
    long ofs = p.integer("ofs", 0);
    if (ofs < 0) {
      throw ExchangeError.invalid("ofs");
    }
    List<AccountTrade> selected = new ArrayList<>();
    // No margin in the sandbox: every trade is a "no position" trade.
    if (type.equals("all") || type.equals("no position")) {
      for (AccountTrade trade : account.trades) {
        if (within(trade.time(), start, end)) {
          selected.add(trade);
        }
      }
    }
    List<AccountTrade> newestFirst = reversed(selected);
    Map<String, Object> trades = Wire.object();
    for (AccountTrade trade : page(newestFirst, ofs)) {
      trades.put(trade.id(), trade(trade, ledgers));
    }
    Map<String, Object> result = Wire.object();
    if (!p.bool("without_count", false)) {
      result.put("count", (long) selected.size());
    }
    result.put("trades", trades);
    return result;
  }

  Map<String, Object> queryTrades(Account account, Parameters p) {
    List<String> txids = p.names("txid");
    if (txids.isEmpty() || txids.size() > 20) {
      throw ExchangeError.invalid("txid");
    }
    Map<String, Object> result = Wire.object();
    for (String txid : txids) {
      for (AccountTrade trade : account.trades) {
        if (trade.id().equals(txid)) {
          result.put(trade.id(), trade(trade, false));
        }
      }
    }
    return result;
  }

  private static Instant tradeTime(Account account, String id) {
    for (AccountTrade trade : account.trades) {
      if (trade.id().equals(id)) {
        return trade.time();
      }
    }
    return null;
  }

  // ---- ledger ----

  Map<String, Object> ledgerEntry(LedgerEntry entry) {
    Catalog.Asset asset = engine.catalog.asset(entry.asset()).orElseThrow();
    Map<String, Object> view = Wire.object();
    view.put("refid", entry.refid());
    view.put("time", Wire.time(entry.time()));
    view.put("type", entry.type());
    view.put("subtype", entry.subtype());
    view.put("aclass", entry.aclass());
    view.put("asset", entry.asset());
    view.put("amount", Wire.fixed(entry.amount(), asset.decimals()));
    view.put("fee", Wire.fixed(entry.fee(), asset.decimals()));
    view.put("balance", Wire.fixed(entry.balance(), asset.decimals()));
    return view;
  }

  Map<String, Object> ledgers(Account account, Parameters p) {
    Set<String> assets = null;
    List<String> requested = p.names("asset");
    if (!requested.isEmpty() && !(requested.size() == 1 && requested.get(0).equals("all"))) {
      assets = new LinkedHashSet<>();
      for (String name : requested) {
        assets.add(engine.catalog.requireAsset(name).name());
      }
    }
    String aclass = p.string("aclass");
    String type = p.string("type") == null ? "all" : p.string("type");
    Instant start = bound(p.string("start"), "start", id -> ledgerTime(account, id));
    Instant end = bound(p.string("end"), "end", id -> ledgerTime(account, id));
    long ofs = p.integer("ofs", 0);
    if (ofs < 0) {
      throw ExchangeError.invalid("ofs");
    }
    List<LedgerEntry> selected = new ArrayList<>();
    for (LedgerEntry entry : account.ledger) {
      if ((assets == null || assets.contains(entry.asset()))
          && (aclass == null || aclass.equals(entry.aclass()))
          && (type.equals("all") || type.equals(entry.type()))
          && within(entry.time(), start, end)) {
        selected.add(entry);
      }
    }
    Map<String, Object> ledger = Wire.object();
    for (LedgerEntry entry : page(reversed(selected), ofs)) {
      ledger.put(entry.id(), ledgerEntry(entry));
    }
    Map<String, Object> result = Wire.object();
    if (!p.bool("without_count", false)) {
      result.put("count", (long) selected.size());
    }
    result.put("ledger", ledger);
    return result;
  }

  Map<String, Object> queryLedgers(Account account, Parameters p) {
    List<String> ids = p.names("id");
    if (ids.isEmpty() || ids.size() > 20) {
      throw ExchangeError.invalid("id");
    }
    Map<String, Object> result = Wire.object();
    for (String id : ids) {
      for (LedgerEntry entry : account.ledger) {
        if (entry.id().equals(id)) {
          result.put(entry.id(), ledgerEntry(entry));
        }
      }
    }
    return result;
  }

  private static Instant ledgerTime(Account account, String id) {
    for (LedgerEntry entry : account.ledger) {
      if (entry.id().equals(id)) {
        return entry.time();
      }
    }
    return null;
  }

  // ---- balances ----

  Map<String, Object> balance(Account account) {
    Map<String, Object> result = Wire.object();
    for (Map.Entry<String, BigDecimal> entry : sortedBalances(account).entrySet()) {
      Catalog.Asset asset = engine.catalog.asset(entry.getKey()).orElseThrow();
      result.put(entry.getKey(), Wire.fixed(entry.getValue(), asset.decimals()));
    }
    return result;
  }

  Map<String, Object> balanceEx(Account account) {
    Map<String, Object> result = Wire.object();
    for (Map.Entry<String, BigDecimal> entry : sortedBalances(account).entrySet()) {
      Catalog.Asset asset = engine.catalog.asset(entry.getKey()).orElseThrow();
      Map<String, Object> view = Wire.object();
      view.put("balance", Wire.fixed(entry.getValue(), asset.decimals()));
      view.put("hold_trade", Wire.fixed(engine.balances.held(account, asset.name()), asset.decimals()));
      result.put(entry.getKey(), view);
    }
    return result;
  }

  /** Balances in the catalog's asset order, as the service lists them. */
  private Map<String, BigDecimal> sortedBalances(Account account) {
    Map<String, BigDecimal> sorted = new LinkedHashMap<>();
    for (Catalog.Asset asset : engine.catalog.assets()) {
      BigDecimal balance = account.balances.get(asset.name());
      if (balance != null) {
        sorted.put(asset.name(), balance);
      }
    }
    return sorted;
  }

  /** An asset's value in USD: the last trade of its USD pair, or its reference rate. */
  BigDecimal usd(Catalog.Asset asset) {
    if (asset.name().equals("ZUSD")) {
      return BigDecimal.ONE;
    }
    Catalog.Asset usd = engine.catalog.asset("ZUSD").orElseThrow();
    return engine.catalog.pair(asset, usd)
        .map(pair -> engine.market(pair).last())
        .orElse(asset.usdValue());
  }

  /** The USD value of every balance, and of every balance times its asset's collateral value. */
  private record Valuation(BigDecimal equivalent, BigDecimal collateral) {}

  private Valuation valuation(Account account) {
    BigDecimal equivalent = BigDecimal.ZERO;
    BigDecimal collateral = BigDecimal.ZERO;
    for (Map.Entry<String, BigDecimal> entry : account.balances.entrySet()) {
      Catalog.Asset asset = engine.catalog.asset(entry.getKey()).orElseThrow();
      BigDecimal value = entry.getValue().multiply(usd(asset));
      equivalent = equivalent.add(value);
      if (asset.collateral() != null) {
        collateral = collateral.add(value.multiply(asset.collateral()));
      }
    }
    return new Valuation(equivalent, collateral);
  }

  Map<String, Object> tradeBalance(Account account, Parameters p) {
    Catalog.Asset in = engine.catalog.requireAsset(p.string("asset") == null ? "ZUSD" : p.string("asset"));
    BigDecimal rate = usd(in);
    Valuation valuation = valuation(account);
    BigDecimal equivalent = valuation.equivalent();
    BigDecimal collateral = valuation.collateral();
    BigDecimal unexecuted = BigDecimal.ZERO;
    for (Order order : account.orders) {
      if (order.isOpen()) {
        BigDecimal price = order.executionLimit() != null ? order.executionLimit() : order.price;
        if (price == null) {
          price = engine.market(order.pair).last();
        }
        BigDecimal quote = order.viqc() ? order.remaining() : order.remaining().multiply(price);
        unexecuted = unexecuted.add(quote.multiply(usd(order.pair.quote())));
      }
    }
    int decimals = in.decimals();
    String zero = Wire.fixed(BigDecimal.ZERO, decimals);
    String tradeBalance = Wire.fixed(Engine.divide(collateral, rate), decimals);
    Map<String, Object> result = Wire.object();
    result.put("eb", Wire.fixed(Engine.divide(equivalent, rate), decimals));
    result.put("tb", tradeBalance);
    result.put("m", zero);
    result.put("uv", Wire.fixed(Engine.divide(unexecuted, rate), decimals));
    result.put("n", zero);
    result.put("c", zero);
    result.put("v", zero);
    result.put("e", tradeBalance);
    result.put("mf", tradeBalance);
    return result;
  }

  /**
   * CreditLines of an account without credit lines (only VIP accounts have any): no asset
   * details, and a monitor with no credit against the account's collateral (as TradeBalance's
   * {@code tb}, in USD). The ratio with total credit as divisor cannot be computed and is null.
   */
  Map<String, Object> creditLines(Account account) {
    BigDecimal collateral = valuation(account).collateral();
    String none = Wire.fixed(BigDecimal.ZERO, USD_DECIMALS);
    Map<String, Object> monitor = Wire.object();
    monitor.put("total_credit_usd", none);
    monitor.put("total_credit_used_usd", none);
    monitor.put("total_collateral_value_usd", Wire.fixed(collateral, USD_DECIMALS));
    monitor.put("equity_usd", Wire.fixed(collateral, USD_DECIMALS));
    monitor.put("ongoing_balance", null);
    monitor.put("debt_to_equity", collateral.signum() == 0 ? null : none);
    Map<String, Object> result = Wire.object();
    result.put("asset_details", Wire.object());
    result.put("limits_monitor", monitor);
    return result;
  }

  /**
   * TradeVolume's pairs: the comma-delimited text, or the list of {@code {asset, aclass}} objects
   * the service also takes since June 2026 (spot.yaml's {@code x-kraken-service-alternatives}), each
   * object's {@code asset} a pair name.
   */
  @SuppressWarnings("unchecked") // the contract has checked that each element is an object
  private static List<String> pairNames(Parameters p) {
    if (!(p.raw("pair") instanceof List<?> objects)) {
      return p.names("pair");
    }
    List<String> names = new ArrayList<>();
    for (Object object : objects) {
      names.add(Parameters.of((Map<String, ?>) object, ExchangeError::invalid).required("asset"));
    }
    return names;
  }

  Map<String, Object> tradeVolume(Account account, Parameters p, Instant now) {
    BigDecimal volume = engine.fees.volume30d(account, now);
    Map<String, Object> fees = null;
    Map<String, Object> feesMaker = null;
    List<String> names = pairNames(p);
    if (!names.isEmpty()) {
      fees = Wire.object();
      feesMaker = Wire.object();
      for (String name : names) {
        Catalog.Pair pair = engine.catalog.requirePair(name);
        // Keyed by the service's canonical name, whichever name the caller used.
        fees.put(pair.name(), feeInfo(pair.fees(), volume));
        if (pair.makerTaker()) {
          feesMaker.put(pair.name(), feeInfo(pair.feesMaker(), volume));
        }
      }
    }
    Map<String, Object> result = Wire.object();
    result.put("currency", "ZUSD");
    result.put("volume", Wire.fixed(volume, 4));
    result.put("fees", fees);
    result.put("fees_maker", feesMaker);
    return result;
  }

  /**
   * One pair's tier under the contract's member names ({@code min_fee}, {@code tier_volume}, ...),
   * which the sandbox has always sent: the public service names them {@code minfee},
   * {@code tiervolume}, ..., and the SDK reads both (the contract lists them as aliases).
   */
  private static Map<String, Object> feeInfo(List<Catalog.FeeTier> schedule, BigDecimal volume) {
    Catalog.FeeTier current = Catalog.tier(schedule, volume);
    Catalog.FeeTier next = Catalog.next(schedule, volume);
    Map<String, Object> info = Wire.object();
    info.put("fee", Wire.fixed(current.percent(), 4));
    info.put("min_fee", Wire.fixed(schedule.get(schedule.size() - 1).percent(), 4));
    info.put("max_fee", Wire.fixed(schedule.get(0).percent(), 4));
    info.put("tier_volume", Wire.fixed(BigDecimal.valueOf(current.volume()), 4));
    info.put("next_fee", next == null ? null : Wire.fixed(next.percent(), 4));
    info.put("next_volume", next == null ? null : Wire.fixed(BigDecimal.valueOf(next.volume()), 4));
    return info;
  }

  // ---- paging and bounds ----

  /** A {@code start}/{@code end} bound: a Unix time, or an id whose time is used. */
  private static Instant bound(String text, String name, Function<String, Instant> byId) {
    if (text == null) {
      return null;
    }
    try {
      BigDecimal seconds = new BigDecimal(text.trim());
      long whole = seconds.longValue();
      long nanos = seconds.subtract(BigDecimal.valueOf(whole)).movePointRight(9).longValue();
      return Instant.ofEpochSecond(whole, nanos);
    } catch (NumberFormatException | ArithmeticException notATime) {
      Instant time = byId.apply(text.trim());
      if (time == null) {
        throw ExchangeError.invalid(name);
      }
      return time;
    }
  }

  /** {@code start} exclusive, {@code end} inclusive, as the service documents them. */
  private static boolean within(Instant time, Instant start, Instant end) {
    if (time == null) {
      return false;
    }
    return (start == null || time.isAfter(start)) && (end == null || !time.isAfter(end));
  }

  private static <T> List<T> page(List<T> items, long ofs) {
    if (ofs >= items.size()) {
      return List.of();
    }
    return items.subList((int) ofs, (int) Math.min(items.size(), ofs + PAGE));
  }

  private static <T> List<T> reversed(List<T> items) {
    List<T> copy = new ArrayList<>(items);
    java.util.Collections.reverse(copy);
    return copy;
  }
}
