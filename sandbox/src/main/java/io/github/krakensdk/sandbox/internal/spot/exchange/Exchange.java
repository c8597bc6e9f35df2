package io.github.krakensdk.sandbox.internal.spot.exchange;

import io.github.krakensdk.sandbox.internal.state.StatePart;
import io.github.krakensdk.sandbox.internal.params.Parameters;
import io.github.krakensdk.sandbox.internal.spot.funding.Earn;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A small Spot exchange that trades, settles and rate-limits like the public service, behind the
 * sandbox's Spot routes. Each operation takes the caller's account and the request's parameters
 * (read leniently, as from a JSON or a form body) and returns the envelope's {@code result} as a
 * JSON-like tree in the service's wire format, or throws {@link ExchangeError} with the service's
 * error strings.
 *
 * <pre>{@code
 * Exchange exchange = new Exchange(clock);           // seeded markets, the demo account funded
 * Object placed = exchange.handle("addOrder", Exchange.DEMO, Map.of(
 *     "pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "90000.0", "volume", "0.01"));
 * // {descr={order=buy 0.01000000 XBTUSD @ limit 90000.0}, txid=[O...]}
 * exchange.takeFromOrder(txid, new BigDecimal("0.4")); // another participant takes 40 % of it
 * exchange.handle("getClosedOrders", Exchange.DEMO, Map.of());
 * }</pre>
 *
 * <h2>The tree</h2>
 * Objects are {@link LinkedHashMap}s with the service's member names in its order, arrays are
 * {@link List}s; decimal strings are {@link String}s at the pair's or asset's decimals; Unix times
 * with fractions ({@code opentm}, {@code time}) are {@link BigDecimal}s to be written as JSON numbers;
 * whole numbers (counts, {@code trade_id}, whole-second and nanosecond times) are {@link Long}s;
 * flags are {@link Boolean}s; {@code null} is written as JSON null. Ids are strings.
 *
 * <h2>Operations</h2>
 * By operationId (see {@link #operations()}): market data ({@code getAssets}, {@code getAssetPairs},
 * {@code getTicker}, {@code getOhlc}, {@code getOrderBook}, {@code getGroupedOrderBook},
 * {@code getRecentTrades}, {@code getRecentSpreads}, {@code getLevel3OrderBook},
 * {@code getPreTradeData}, {@code getPostTradeData}); account ({@code getBalance},
 * {@code getExtendedBalance}, {@code getTradeBalance}, {@code getCreditLines}, {@code getLedgers},
 * {@code queryLedgers}, {@code getTradeVolume}); orders and trading ({@code getOpenOrders}, {@code getClosedOrders},
 * {@code queryOrders}, {@code getOrderAmends}, {@code getTradesHistory}, {@code queryTrades},
 * {@code getOpenPositions}, {@code addOrder}, {@code addOrderBatch}, {@code amendOrder},
 * {@code editOrder}, {@code cancelOrder}, {@code cancelAllOrders}, {@code cancelAllOrdersAfter},
 * {@code cancelOrderBatch}). GetWebSocketsToken, which needs the caller's API key, is {@link
 * #webSocketsToken}.
 *
 * <h2>Time</h2>
 * The exchange runs on the given clock and never uses timers: scheduled starts ({@code starttm}),
 * GTD expiry, the dead man's switch of CancelAllOrdersAfter and stop triggers are settled when
 * state is next read or changed, at the time they became due.
 *
 * <h2>Limits</h2>
 * Per account and pair, the trading engine's rate counter as the service's "Spot Trading Limits"
 * page publishes it. A fixed count, charged on receipt even when the transaction is then refused:
 * +1 per AddOrder, +n/2 per AddOrderBatch of n orders, +1 per AmendOrder and EditOrder. A decaying
 * count, charged when the transaction goes through, by how long the order has rested since it was
 * placed or last amended: amend &lt;5 s +3, &lt;10 s +2, &lt;15 s +1; edit &lt;5 s +6, &lt;10 s +5,
 * &lt;15 s +4, &lt;45 s +2, &lt;90 s +1; cancel &lt;5 s +8, &lt;10 s +6, &lt;15 s +5, &lt;45 s +4,
 * &lt;90 s +2, &lt;300 s +1 (per order cancelled, also by CancelOrderBatch). The counter falls by
 * the tier's decay per second ({@link Tier}: Starter 60 and 1/s, Intermediate 125 and 2.34/s, Pro
 * 180 and 3.75/s), exactly, on the clock. A transaction that would take it above the tier's
 * threshold is refused with {@code EOrder:Rate limit exceeded}, except a batch cancel, which the
 * service accepts whatever the counter. Validation-only requests ({@code validate}) count nothing.
 * The open orders per pair are capped by tier ({@code EOrder:Orders limit exceeded}).
 *
 * <p>Where the published figures leave a gap, the sandbox charges nothing: CancelAllOrders and
 * the dead man's switch of CancelAllOrdersAfter (the page's table does not list them), and the
 * limit behind {@code EOrder:Domain rate limit exceeded} (wider than a pair, by its name: the
 * account's), which the service lists among AddOrder's and AddOrderBatch's errors without
 * publishing its scope, threshold, costs or decay: the sandbox never answers it.
 *
 * <h2>Simplifications against the service</h2>
 * <ul>
 *   <li>No margin: {@code leverage} answers {@code EOrder:Cannot open position}; {@code reduce_only}
 *       and {@code settle-position} answer {@code EOrder:Unknown position}; OpenPositions is
 *       {@code []}; TradeBalance's margin members are zero and {@code ml} is left out.
 *   <li>Post-only orders that would take are accepted and then cancelled with reason
 *       {@code Post only order} (the service's behaviour); FOK orders that cannot fill entirely are
 *       cancelled with reason {@code Fill or kill}; IOC and market remainders are cancelled
 *       ({@code Immediate or cancel}, {@code Insufficient liquidity}, {@code Market price protection}).
 *   <li>Market price protection: without {@code nompp} a market order trades at most 1 % away from
 *       the first price it meets.
 *   <li>Icebergs match their whole remaining volume at their price level; books show the display
 *       quantity only.
 *   <li>Stops trigger on the last trade price, or on the index price, which follows the last trade
 *       unless set with {@link #setIndexPrice}. Trailing stops track the best reference price seen
 *       when triggers are checked (after every action), not every trade in between.
 *   <li>A {@code viqc} market buy spends its quote volume; its {@code vol} and {@code vol_exec} are
 *       shown in the quote currency.
 *   <li>Conditional close orders are placed per fill of the primary, for the filled volume, with
 *       {@code refid} the primary's txid; terms that cannot be placed are dropped silently.
 *   <li>EditOrder places the new order for the new volume less what the original executed.
 *   <li>{@code deadline} is checked only for having passed ({@code EService:Deadline elapsed}), not
 *       for its 2 to 60 s window, since callers compute it from their own clock.
 *   <li>QueryTrades and QueryLedgers leave out unknown ids; QueryOrders answers
 *       {@code EOrder:Invalid order} for one.
 *   <li>The scheduled-order limit, {@code asset_class} requirements on xStocks and
 *       {@code consolidate_taker} are not enforced; {@code rebase_multiplier} is ignored.
 * </ul>
 *
 * Thread-safe: every call holds the exchange's lock.
 */
public final class Exchange {
  /** The demo account, seeded with balances, a deposit history and a 30-day volume. */
  public static final String DEMO = "demo";

  private static final Set<String> OPERATIONS = Collections.unmodifiableSet(new LinkedHashSet<>(List.of(
      "getAssets", "getAssetPairs", "getTicker", "getOhlc", "getOrderBook", "getGroupedOrderBook",
      "getRecentTrades", "getRecentSpreads", "getLevel3OrderBook", "getPreTradeData", "getPostTradeData",
      "getBalance", "getExtendedBalance", "getTradeBalance", "getCreditLines", "getLedgers", "queryLedgers",
      "getTradeVolume",
      "getOpenOrders", "getClosedOrders", "queryOrders", "getOrderAmends", "getTradesHistory", "queryTrades",
      "getOpenPositions", "addOrder", "addOrderBatch", "amendOrder", "editOrder", "cancelOrder",
      "cancelAllOrders", "cancelAllOrdersAfter", "cancelOrderBatch")));
  /** How long a WebSocket token may wait for its connection, as the service documents it: 15 minutes. */
  static final Duration WEB_SOCKETS_TOKEN_LIFETIME = Duration.ofMinutes(15);

  private final Clock clock;
  private final Engine engine;
  private final AccountViews accountViews;
  private final MarketViews marketViews;
  private final SecureRandom random = new SecureRandom();
  /** The WebSocket tokens handed out, by token. Guarded by {@code this}. */
  private final Map<String, WebSocketsGrant> webSocketsTokens = new HashMap<>();

  /** A WebSocket token's holder: the account and the API key that asked for it, and when. */
  private record WebSocketsGrant(String account, String apiKey, Instant issued) {}

  /** An exchange with the standard seed: the same markets, ids and demo account each time. */
  public Exchange(Clock clock) {
    this(clock, 13L);
  }

  public Exchange(Clock clock, long seed) {
    this.clock = requireNonNull(clock, "clock == null");
    this.engine = new Engine(Catalog.standard(), new Ids(seed));
    this.accountViews = new AccountViews(engine);
    this.marketViews = new MarketViews(engine);
    Seeds.seed(engine, seed, clock.instant(), DEMO);
  }

  /** The operationIds {@link #handle} serves. */
  public static Set<String> operations() {
    return OPERATIONS;
  }

  /** {@link #handle(String, String, Tier, Map)} with the account's own tier. */
  public Object handle(String operationId, String account, Map<String, ?> params) {
    return handle(operationId, account, null, params);
  }

  /**
   * Runs one operation for {@code account} (null for public operations) and returns the
   * {@code result}.
   *
   * @param tier the caller's verification tier for the trading limits, or null for the account's
   *     ({@link Tier#STARTER} unless {@link #setTier set})
   * @throws ExchangeError the service's refusal
   * @throws IllegalArgumentException for an operationId not in {@link #operations()}
   */
  public synchronized Object handle(String operationId, String account, Tier tier, Map<String, ?> params) {
    requireNonNull(operationId, "operationId == null");
    if (!OPERATIONS.contains(operationId)) {
      throw new IllegalArgumentException("not an exchange operation: " + operationId);
    }
    Instant now = clock.instant();
    engine.triggers.settle(now);
    Parameters p = Parameters.of(params, ExchangeError::invalid);
    switch (operationId) {
      case "getAssets":
        return marketViews.assets(p);
      case "getAssetPairs":
        return marketViews.assetPairs(p);
      case "getTicker":
        return marketViews.ticker(p, now);
      case "getOhlc":
        return marketViews.ohlc(p, now);
      case "getOrderBook":
        return marketViews.depth(p);
      case "getGroupedOrderBook":
        return marketViews.groupedBook(p);
      case "getRecentTrades":
        return marketViews.trades(p);
      case "getRecentSpreads":
        return marketViews.spread(p);
      case "getLevel3OrderBook":
        return marketViews.level3(p);
      case "getPreTradeData":
        return marketViews.preTrade(p, now);
      case "getPostTradeData":
        return marketViews.postTrade(p);
      default:
        break;
    }
    requireNonNull(account, "account == null");
    Account a = engine.account(account);
    Tier t = tier != null ? tier : a.tier;
    switch (operationId) {
      case "getBalance":
        return accountViews.balance(a);
      case "getExtendedBalance":
        return accountViews.balanceEx(a);
      case "getTradeBalance":
        return accountViews.tradeBalance(a, p);
      case "getCreditLines":
        return accountViews.creditLines(a);
      case "getLedgers":
        return accountViews.ledgers(a, p);
      case "queryLedgers":
        return accountViews.queryLedgers(a, p);
      case "getTradeVolume":
        return accountViews.tradeVolume(a, p, now);
      case "getOpenOrders":
        return accountViews.openOrders(a, p);
      case "getClosedOrders":
        return accountViews.closedOrders(a, p);
      case "queryOrders":
        return accountViews.queryOrders(a, p);
      case "getOrderAmends":
        return accountViews.orderAmends(a, p);
      case "getTradesHistory":
        return accountViews.tradesHistory(a, p);
      case "queryTrades":
        return accountViews.queryTrades(a, p);
      case "getOpenPositions":
        return new ArrayList<>();
      case "addOrder":
        return addOrder(a, t, p, now);
      case "addOrderBatch":
        return addOrderBatch(a, t, p, now);
      case "amendOrder":
        return engine.amendments.amend(a, t, p, now);
      case "editOrder":
        return engine.amendments.edit(a, t, p, now);
      case "cancelOrder":
        return cancelOrder(a, t, p, now);
      case "cancelAllOrders":
        return cancelAll(a, now);
      case "cancelAllOrdersAfter":
        return cancelAllOrdersAfter(a, p, now);
      case "cancelOrderBatch":
        return cancelOrderBatch(a, t, p, now);
      default:
        throw new AssertionError(operationId);
    }
  }

  // ---- trading ----

  private Map<String, Object> addOrder(Account account, Tier tier, Parameters p, Instant now) {
    Catalog.Pair pair = engine.catalog.requirePair(p.string("pair"));
    boolean validate = p.bool("validate", false);
    if (!validate) {
      engine.rateCounters.charge(account, tier, pair, 1, 0, now);
    }
    Order draft = engine.validation.prepare(account.id, p, pair, now, null, false);
    Map<String, Object> result = Wire.object();
    result.put("descr", AccountViews.orderDescr(draft));
    if (validate) {
      return result;
    }
    engine.matching.preMatch(draft, tier, null);
    Order order = engine.matching.submit(engine.matching.withId(draft, engine.ids.order(), now), now);
    result.put("txid", List.of(order.txid));
    return result;
  }

  private Map<String, Object> addOrderBatch(Account account, Tier tier, Parameters p, Instant now) {
    Catalog.Pair pair = engine.catalog.requirePair(p.string("pair"));
    List<Parameters> requests = p.objects("orders");
    if (requests.size() < 2 || requests.size() > 15) {
      throw ExchangeError.invalid("orders");
    }
    boolean validate = p.bool("validate", false);
    if (!validate) {
      engine.rateCounters.charge(account, tier, pair, requests.size() / 2.0, 0, now);
    }
    // The whole batch is validated before any order reaches the engine: one invalid order refuses all.
    List<Order> drafts = new ArrayList<>();
    for (Parameters request : requests) {
      Map<String, Object> merged = new LinkedHashMap<>();
      merged.put("deadline", p.raw("deadline"));
      merged.put("asset_class", p.raw("asset_class"));
      for (String key : List.of("type", "ordertype", "volume", "displayvol", "price", "price2", "trigger",
          "leverage", "reduce_only", "stptype", "oflags", "timeinforce", "starttm", "expiretm", "userref",
          "cl_ord_id")) {
        merged.put(key, request.raw(key));
      }
      Parameters close = request.child("close");
      for (String key : List.of("ordertype", "price", "price2")) {
        merged.put("close[" + key + "]", close.raw(key));
      }
      drafts.add(engine.validation.prepare(account.id, Parameters.of(merged, ExchangeError::invalid), pair, now, null, false));
    }
    Set<String> clOrdIds = new LinkedHashSet<>();
    for (Order draft : drafts) {
      if (draft.clOrdId != null && !clOrdIds.add(draft.clOrdId)) {
        throw ExchangeError.invalid("cl_ord_id");
      }
    }
    List<Object> orders = new ArrayList<>();
    for (Order draft : drafts) {
      Map<String, Object> entry = Wire.object();
      if (validate) {
        entry.put("descr", Map.of("order", AccountViews.description(draft, draft.volume)));
        orders.add(entry);
        continue;
      }
      try {
        engine.matching.preMatch(draft, tier, null);
      } catch (ExchangeError refused) {
        // A pre-match refusal (funds, open orders) rejects this order only.
        entry.put("error", refused.errors().get(0));
        orders.add(entry);
        continue;
      }
      Order order = engine.matching.submit(engine.matching.withId(draft, engine.ids.order(), now), now);
      entry.put("txid", order.txid);
      entry.put("descr", Map.of("order", AccountViews.description(order, order.volume)));
      if (order.close != null) {
        entry.put("close", AccountViews.closeDescription(order));
      }
      orders.add(entry);
    }
    Map<String, Object> result = Wire.object();
    result.put("orders", orders);
    return result;
  }

  private Map<String, Object> cancelOrder(Account account, Tier tier, Parameters p, Instant now) {
    String txid = p.string("txid");
    String clOrdId = p.string("cl_ord_id");
    if (txid == null && clOrdId == null) {
      throw ExchangeError.invalid("txid");
    }
    List<Order> found = engine.openOrders(account, txid, clOrdId);
    if (found.isEmpty()) {
      throw new ExchangeError(Errors.UNKNOWN_ORDER);
    }
    for (Order order : found) {
      engine.cancel(account, tier, order, false, now);
    }
    engine.triggers.drain(now);
    return count(found.size());
  }

  private Map<String, Object> cancelAll(Account account, Instant now) {
    int cancelled = 0;
    for (Order order : List.copyOf(account.orders)) {
      if (order.isOpen()) {
        engine.matching.close(order, "canceled", "User requested", now);
        cancelled++;
      }
    }
    engine.triggers.drain(now);
    return count(cancelled);
  }

  private Map<String, Object> cancelAllOrdersAfter(Account account, Parameters p, Instant now) {
    Long timeout = p.integer("timeout");
    if (timeout == null || timeout < 0 || timeout >= 86_400) {
      throw ExchangeError.invalid("timeout");
    }
    Map<String, Object> result = Wire.object();
    result.put("currentTime", Wire.rfc3339(now));
    if (timeout == 0) {
      account.deadline = null;
      result.put("triggerTime", "0");
    } else {
      account.deadline = now.plusSeconds(timeout);
      result.put("triggerTime", Wire.rfc3339(account.deadline));
    }
    return result;
  }

  private Map<String, Object> cancelOrderBatch(Account account, Tier tier, Parameters p, Instant now) {
    Set<String> references = new LinkedHashSet<>();
    for (Object item : p.list("orders")) {
      references.add(reference(item, "txid", "orders"));
    }
    Set<String> clOrdIds = new LinkedHashSet<>();
    for (Object item : p.list("cl_ord_ids")) {
      clOrdIds.add(reference(item, "cl_ord_id", "cl_ord_ids"));
    }
    if (references.isEmpty() && clOrdIds.isEmpty()) {
      throw ExchangeError.invalid("orders");
    }
    if (references.size() + clOrdIds.size() > 50) {
      throw ExchangeError.invalid("orders");
    }
    Set<Order> found = new LinkedHashSet<>();
    for (String reference : references) {
      found.addAll(engine.openOrders(account, reference, null));
    }
    for (String clOrdId : clOrdIds) {
      found.addAll(engine.openOrders(account, null, clOrdId));
    }
    for (Order order : found) {
      engine.cancel(account, tier, order, true, now);
    }
    engine.triggers.drain(now);
    return count(found.size());
  }

  /** An element of a batch cancel: a bare id or userref, or an object holding it. */
  private static String reference(Object item, String member, String list) {
    Object value = item instanceof Map<?, ?> map ? map.get(member) : item;
    if (value == null) {
      throw ExchangeError.invalid(list);
    }
    String text = value instanceof Number number ? new BigDecimal(number.toString()).stripTrailingZeros()
        .toPlainString() : value.toString().trim();
    if (text.isEmpty()) {
      throw ExchangeError.invalid(list);
    }
    return text;
  }

  private static Map<String, Object> count(int count) {
    Map<String, Object> result = Wire.object();
    result.put("count", (long) count);
    return result;
  }

  // ---- for the rest of the sandbox ----

  /** The exchange's assets and pairs, with lookup by any name a client uses. */
  public Catalog catalog() {
    return engine.catalog;
  }

  /** An asset by its internal, display or alternative name. */
  public Optional<Catalog.Asset> asset(String name) {
    return engine.catalog.asset(name);
  }

  /** A pair by its internal, alternative, WebSocket or display name. */
  public Optional<Catalog.Pair> pair(String name) {
    return engine.catalog.pair(name);
  }

  /** Sets an account's verification tier (Starter until set). */
  public synchronized void setTier(String account, Tier tier) {
    engine.account(requireNonNull(account, "account == null")).tier = requireNonNull(tier, "tier == null");
  }

  public synchronized Tier tier(String account) {
    return engine.account(requireNonNull(account, "account == null")).tier;
  }

  /** The account's balances by internal asset name. */
  public synchronized Map<String, BigDecimal> balances(String account) {
    engine.triggers.settle(clock.instant());
    return Map.copyOf(engine.account(requireNonNull(account, "account == null")).balances);
  }

  /** What the account can spend or withdraw of an asset: its balance less what its open orders hold. */
  public synchronized BigDecimal available(String account, String asset) {
    engine.triggers.settle(clock.instant());
    Catalog.Asset found = engine.catalog.requireAsset(asset);
    return engine.balances.available(engine.account(requireNonNull(account, "account == null")), found.name(), null);
  }

  /**
   * Posts a ledger entry for funding, Earn or transfers done elsewhere in the sandbox: the balance
   * moves by {@code amount - fee}, and Ledgers shows the entry.
   *
   * <pre>{@code
   * exchange.post(Exchange.DEMO, "XBT", new BigDecimal("-0.5"), new BigDecimal("0.0001"),
   *     "withdrawal", "", "FTQcN7x-K3bWp9RmZsq2Lx84YhVd5e");
   * }</pre>
   *
   * @throws ExchangeError {@code EFunding:Insufficient funds} when a debit would take more than
   *     the available balance (open orders' holds count), or {@code EQuery:Unknown asset}
   */
  public synchronized LedgerEntry post(String account, String asset, BigDecimal amount, BigDecimal fee,
      String type, String subtype, String refid) {
    requireNonNull(account, "account == null");
    requireNonNull(amount, "amount == null");
    requireNonNull(fee, "fee == null");
    requireNonNull(type, "type == null");
    requireNonNull(subtype, "subtype == null");
    requireNonNull(refid, "refid == null");
    Instant now = clock.instant();
    engine.triggers.settle(now);
    Catalog.Asset found = engine.catalog.requireAsset(asset);
    Account a = engine.account(account);
    BigDecimal change = amount.subtract(fee);
    if (change.signum() < 0 && engine.balances.available(a, found.name(), null).add(change).signum() < 0) {
      throw new ExchangeError("EFunding:Insufficient funds");
    }
    return engine.balances.post(a, found, amount.setScale(found.decimals(), RoundingMode.HALF_EVEN),
        fee.setScale(found.decimals(), RoundingMode.HALF_EVEN), type, subtype, refid, now);
  }

  /** The account's ledger, oldest first (for exports). */
  public synchronized List<LedgerEntry> ledger(String account) {
    engine.triggers.settle(clock.instant());
    return List.copyOf(engine.account(requireNonNull(account, "account == null")).ledger);
  }

  /** The account's trades, oldest first (for exports). */
  public synchronized List<AccountTrade> trades(String account) {
    engine.triggers.settle(clock.instant());
    return List.copyOf(engine.account(requireNonNull(account, "account == null")).trades);
  }

  /**
   * GetWebSocketsToken for {@code apiKey}, a key of {@code account}: a token to open a private
   * WebSocket connection with, within {@link #WEB_SOCKETS_TOKEN_LIFETIME} (the {@code expires} of
   * the answer, in seconds). Unlike {@link #handle} it needs the caller's key, since the service
   * ties the token to the key that asked for it.
   *
   * <pre>{@code
   * Map<String, Object> result = exchange.webSocketsToken(Exchange.DEMO, apiKey);
   * // {token=<43 characters>, expires=900}
   * exchange.webSocketsTokenKey((String) result.get("token")); // Optional[apiKey] for 15 minutes
   * }</pre>
   */
  public synchronized Map<String, Object> webSocketsToken(String account, String apiKey) {
    requireNonNull(account, "account == null");
    requireNonNull(apiKey, "apiKey == null");
    Instant now = clock.instant();
    engine.triggers.settle(now);
    engine.account(account);
    // Forget the tokens nobody can use any more, so the map stays as small as the live ones.
    webSocketsTokens.values().removeIf(grant -> !now.isBefore(grant.issued().plus(WEB_SOCKETS_TOKEN_LIFETIME)));
    byte[] secret = new byte[32];
    String token;
    do {
      random.nextBytes(secret);
      token = Base64.getEncoder().withoutPadding().encodeToString(secret);
    } while (webSocketsTokens.containsKey(token));
    webSocketsTokens.put(token, new WebSocketsGrant(account, apiKey, now));
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("token", token);
    result.put("expires", WEB_SOCKETS_TOKEN_LIFETIME.toSeconds());
    return result;
  }

  /**
   * The API key a WebSocket token was handed to, while it can still be used to subscribe on a new
   * connection; empty for a token it never handed out or one older than {@link
   * #WEB_SOCKETS_TOKEN_LIFETIME}. (A connection that accepted the token keeps it: see internal.ws.)
   */
  public synchronized Optional<String> webSocketsTokenKey(String token) {
    WebSocketsGrant grant = webSocketsTokens.get(requireNonNull(token, "token == null"));
    if (grant == null || !clock.instant().isBefore(grant.issued().plus(WEB_SOCKETS_TOKEN_LIFETIME))) {
      return Optional.empty();
    }
    return Optional.of(grant.apiKey());
  }

  /** The account a WebSocket token was handed to, while it can still be used ({@link #webSocketsTokenKey}'s rule). */
  public synchronized Optional<String> webSocketsTokenAccount(String token) {
    WebSocketsGrant grant = webSocketsTokens.get(requireNonNull(token, "token == null"));
    if (grant == null || !clock.instant().isBefore(grant.issued().plus(WEB_SOCKETS_TOKEN_LIFETIME))) {
      return Optional.empty();
    }
    return Optional.of(grant.account());
  }

  /** The engine, for {@link StreamViews}, which reads it under this exchange's lock. */
  Engine engine() {
    return engine;
  }

  /**
   * Another participant takes part of a resting order: {@code fraction} (0 to 1) of its remaining
   * volume trades at the order's price, the account being maker. Shows a partial fill on demand.
   *
   * @return the account's new trade ids
   * @throws IllegalArgumentException for an unknown order or a fraction outside (0, 1]
   * @throws IllegalStateException when the order does not rest in the book
   */
  public synchronized List<String> takeFromOrder(String txid, BigDecimal fraction) {
    requireNonNull(txid, "txid == null");
    requireNonNull(fraction, "fraction == null");
    if (fraction.signum() <= 0 || fraction.compareTo(BigDecimal.ONE) > 0) {
      throw new IllegalArgumentException("fraction must be in (0, 1]: " + fraction);
    }
    Instant now = clock.instant();
    engine.triggers.settle(now);
    Order order = engine.orders.get(txid);
    if (order == null) {
      throw new IllegalArgumentException("no order " + txid);
    }
    return engine.matching.takeFrom(order, order.remaining().multiply(fraction), now);
  }

  /**
   * Another participant sends a market order ({@code limit} null) or a marketable limit order:
   * it trades against the book, accounts' orders included, and moves the last price, which may
   * fire stop orders.
   *
   * @param side {@code buy} or {@code sell}
   * @return the volume it traded
   */
  public synchronized BigDecimal trade(String pair, String side, BigDecimal volume, BigDecimal limit) {
    requireNonNull(volume, "volume == null");
    if (!"buy".equals(side) && !"sell".equals(side)) {
      throw new IllegalArgumentException("side must be buy or sell: " + side);
    }
    Catalog.Pair found = engine.catalog.pair(requireNonNull(pair, "pair == null"))
        .orElseThrow(() -> new IllegalArgumentException("no pair " + pair));
    Instant now = clock.instant();
    engine.triggers.settle(now);
    return engine.matching.sweep(found, side.equals("buy"), volume, limit, now);
  }

  /** Sets a pair's index price (the reference of {@code trigger=index} orders); null follows the last trade again. */
  public synchronized void setIndexPrice(String pair, BigDecimal price) {
    Catalog.Pair found = engine.catalog.pair(requireNonNull(pair, "pair == null"))
        .orElseThrow(() -> new IllegalArgumentException("no pair " + pair));
    engine.market(found).index = price;
    engine.triggers.drain(clock.instant());
  }

  /** The account's trading rate counter on a pair now, decayed by the account's tier (for tests). */
  synchronized double tradingCounter(String account, String pair) {
    Account a = engine.account(account);
    return a.counter(engine.catalog.requirePair(pair).name()).current(clock.instant(), a.tier).doubleValue();
  }

  /** The last trade price of a pair. */
  public synchronized BigDecimal lastPrice(String pair) {
    Catalog.Pair found = engine.catalog.pair(requireNonNull(pair, "pair == null"))
        .orElseThrow(() -> new IllegalArgumentException("no pair " + pair));
    return engine.market(found).last();
  }

  // ---- state document (export, import, reset) ----

  /**
   * The exchange's state for the state document: markets (books, the tape, spreads, index
   * prices), accounts (balances, ledgers, trades, counters), orders by id, the order sequence, the
   * ids issued so far and the WebSocket tokens.
   */
  public StatePart state() {
    return StatePart.of(this, "webSocketsTokens")
        .with("engine", StatePart.of(engine, "markets", "accounts", "orders", "sequence")
            .with("ids", StatePart.of(engine.ids, "issued")))
        .refers("accountViews", accountViews)
        .refers("marketViews", marketViews);
  }
}
