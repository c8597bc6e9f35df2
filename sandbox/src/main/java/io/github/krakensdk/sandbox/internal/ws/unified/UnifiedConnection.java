package io.github.krakensdk.sandbox.internal.ws.unified;

import io.github.krakensdk.sandbox.internal.ws.Messages;
import io.github.krakensdk.sandbox.internal.spot.exchange.Catalog;
import io.github.krakensdk.sandbox.internal.spot.exchange.Exchange;
import io.github.krakensdk.sandbox.internal.spot.exchange.LedgerEntry;
import io.github.krakensdk.sandbox.internal.spot.exchange.StreamViews;
import io.github.krakensdk.sandbox.internal.ws.FeedFailures;
import io.github.krakensdk.sandbox.internal.ws.SpotWebSocketServer;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.zip.CRC32;

/**
 * One connection to the Unified WebSocket, public or private: {@code status} on connect, {@code
 * ping}, subscriptions with their acknowledgements and refusals, the derivatives market's streams
 * and (private) the trading methods. The rules the Unified pages state are kept here:
 * {@code asset_class} is required on the market channels, {@code executions}, {@code margin},
 * {@code positions} and the trading methods (only {@code derivatives} is served, as on the
 * service until Spot joins), and refused on {@code balances} and {@code ledgers} with the
 * service's words; {@code margin} takes no {@code snapshot}; one {@code margin} and one {@code
 * positions} subscription per connection; the {@code ledgers} sequence counts this connection's
 * messages from 1; every private request carries a Spot {@code GetWebSocketsToken} token.
 */
final class UnifiedConnection {
  static final Set<String> PUBLIC_CHANNELS = Set.of("book", "ticker", "trade", "instrument");
  static final Set<String> PRIVATE_CHANNELS = Set.of("executions", "balances", "margin", "positions", "ledgers");
  static final Set<String> METHODS = Set.of("add_order", "amend_order", "cancel_order", "cancel_all");
  private static final List<Integer> BOOK_DEPTHS = List.of(10, 25, 100, 500, 1000);

  private static final Map<String, Set<String>> SUBSCRIBE_MEMBERS = Map.of(
      "book", Set.of("symbol", "depth", "snapshot", "asset_class"),
      "ticker", Set.of("symbol", "event_trigger", "snapshot", "asset_class"),
      "trade", Set.of("symbol", "snapshot", "asset_class"),
      "instrument", Set.of("snapshot", "include_tokenized_assets", "asset_class"),
      "executions", Set.of("token", "asset_class", "snap_orders", "snap_trades", "order_status", "ratecounter",
          "rebased", "users", "snapshot", "snapshot_trades"),
      "balances", Set.of("token", "snapshot", "rebased", "users"),
      "margin", Set.of("token", "asset_class"),
      "positions", Set.of("token", "asset_class", "snapshot", "with_margin"),
      "ledgers", Set.of("token"));
  /** The channels that take {@code asset_class}; the others refuse it. */
  private static final Set<String> MARKET_SCOPED = Set.of("book", "ticker", "trade", "instrument", "executions",
      "margin", "positions");

  private static final class Refusal extends Exception {
    Refusal(String message) {
      super(message);
    }
  }

  /** One live subscription: what it sends first, then what it sends on each poll. */
  private interface Stream {
    List<Map<String, Object>> start(Instant now);

    List<Map<String, Object>> poll(Instant now);
  }

  private final long id;
  private final boolean privateEndpoint;
  private final Consumer<String> out;
  private final Clock clock;
  private final DerivativesMarket market;
  private final Exchange spot;
  private final StreamViews views;
  private final SpotWebSocketServer.Tokens tokens;
  private final Runnable settleFunding;
  private final Map<String, Stream> subscriptions = new LinkedHashMap<>();
  private String token;
  private String account;
  private volatile long lastReceived = System.nanoTime();
  private final FeedFailures failures;

  UnifiedConnection(long id, boolean privateEndpoint, Consumer<String> out, Clock clock, DerivativesMarket market,
      Exchange spot, StreamViews views, SpotWebSocketServer.Tokens tokens, Runnable settleFunding) {
    this.id = id;
    this.privateEndpoint = privateEndpoint;
    this.out = out;
    this.clock = clock;
    this.market = market;
    this.spot = spot;
    this.views = views;
    this.tokens = tokens;
    this.settleFunding = settleFunding;
    this.failures = new FeedFailures(id, path());
  }

  long id() {
    return id;
  }

  /** The endpoint's path, {@link UnifiedWebSocket#PUBLIC_PATH} or {@link UnifiedWebSocket#PRIVATE_PATH}. */
  String path() {
    return privateEndpoint ? UnifiedWebSocket.PRIVATE_PATH : UnifiedWebSocket.PUBLIC_PATH;
  }

  synchronized void opened() {
    send(Messages.status(id));
  }

  synchronized boolean subscribed() {
    return !subscriptions.isEmpty();
  }

  long lastReceived() {
    return lastReceived;
  }

  synchronized void heartbeat() {
    if (!subscriptions.isEmpty()) {
      send(Messages.heartbeat());
    }
  }

  synchronized void poll() {
    Instant now = clock.instant();
    for (Map.Entry<String, Stream> entry : subscriptions.entrySet()) {
      failures.guard(entry.getKey(), () -> entry.getValue().poll(now).forEach(this::send));
    }
  }

  synchronized void receive(String text) {
    lastReceived = System.nanoTime();
    Instant in = clock.instant();
    Map<String, Object> request;
    try {
      request = Messages.request(text);
    } catch (IOException | RuntimeException e) {
      send(Messages.error(null, "EGeneral:Invalid arguments:the message must be a JSON object", null, null, in,
          clock.instant()));
      return;
    }
    String method = request.get("method") instanceof String name ? name : null;
    Long reqId = request.get("req_id") instanceof BigDecimal number ? integer(number) : null;
    try {
      if (request.get("req_id") != null && reqId == null) {
        throw new Refusal("EGeneral:Invalid arguments:req_id: must be an integer, was " + request.get("req_id"));
      }
      if (method == null) {
        throw new Refusal("EGeneral:Invalid arguments:method: required, a string");
      }
      switch (method) {
        case "ping" -> send(Messages.pong(reqId, in, clock.instant()));
        case "subscribe" -> subscribe(params(request, "channel"), reqId, in);
        case "unsubscribe" -> unsubscribe(params(request, "channel"), reqId, in);
        default -> {
          if (!METHODS.contains(method)) {
            throw new Refusal("EGeneral:Invalid arguments:method: must be one of ping, subscribe, unsubscribe, "
                + String.join(", ", METHODS.stream().sorted().toList()) + " on the Unified WebSocket, was " + method);
          }
          trade(method, params(request, "token"), reqId, in);
        }
      }
    } catch (Refusal refusal) {
      send(Messages.error(method, refusal.getMessage(), null, reqId, in, clock.instant()));
    }
  }

  private static Long integer(BigDecimal number) {
    try {
      return number.stripTrailingZeros().scale() <= 0 ? number.longValueExact() : null;
    } catch (ArithmeticException e) {
      return null;
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> params(Map<String, Object> request, String needed) throws Refusal {
    if (!(request.get("params") instanceof Map<?, ?> params)) {
      throw new Refusal("EGeneral:Invalid arguments:params: required, an object with " + needed);
    }
    return (Map<String, Object>) params;
  }

  // ---- checks ----

  private void authenticate(Object value, String what) throws Refusal {
    if (value == null) {
      throw new Refusal("EGeneral:Invalid arguments:token: required " + what);
    }
    if (!(value instanceof String given) || given.isEmpty()) {
      throw new Refusal("EGeneral:Invalid arguments:token: must be a string, was " + value);
    }
    if (given.equals(token) && !tokens.revoked(given)) {
      return; // a token the server invalidated is refused even on the connection that accepted it
    }
    Optional<String> owner = tokens.account(given);
    if (owner.isEmpty()) {
      throw new Refusal("ESession:Invalid session");
    }
    token = given;
    account = owner.get();
  }

  /** {@code asset_class} as a request that needs it must give it: {@code derivatives}, the one class served. */
  private static void derivatives(Object value, String what) throws Refusal {
    if (value == null) {
      throw new Refusal("EGeneral:Invalid arguments:'params.asset_class' is required for " + what);
    }
    if ("spot".equals(value)) {
      throw new Refusal("EGeneral:Invalid arguments:asset_class: spot is not served on the Unified WebSocket yet"
          + " (derivatives only until Spot joins)");
    }
    if (!"derivatives".equals(value)) {
      throw new Refusal("EGeneral:Invalid arguments:asset_class: must be one of spot, derivatives, was " + value);
    }
  }

  private String channel(Map<String, Object> params) throws Refusal {
    if (!(params.get("channel") instanceof String channel)) {
      throw new Refusal("EGeneral:Invalid arguments:channel: required, a string");
    }
    Set<String> served = privateEndpoint ? PRIVATE_CHANNELS : PUBLIC_CHANNELS;
    if (!served.contains(channel)) {
      boolean elsewhere = (privateEndpoint ? PUBLIC_CHANNELS : PRIVATE_CHANNELS).contains(channel);
      throw new Refusal("EGeneral:Invalid arguments:channel: " + (elsewhere
          ? channel + " is served on /v2/" + (privateEndpoint ? "public" : "private") + ", not here"
          : "must be one of " + String.join(", ", served.stream().sorted().toList()) + ", was " + channel));
    }
    if (!MARKET_SCOPED.contains(channel) && params.containsKey("asset_class")) {
      throw new Refusal("'params.asset_class' is not valid for the " + channel + " channel");
    }
    if (channel.equals("margin") && params.containsKey("snapshot")) {
      throw new Refusal("'params.snapshot' is not valid for the margin channel");
    }
    for (String member : params.keySet()) {
      if (!member.equals("channel") && !SUBSCRIBE_MEMBERS.get(channel).contains(member)) {
        throw new Refusal("EGeneral:Invalid arguments:" + member + ": not a member of this request (the " + channel
            + " channel takes: " + String.join(", ", SUBSCRIBE_MEMBERS.get(channel).stream().sorted().toList()) + ")");
      }
    }
    if (MARKET_SCOPED.contains(channel)) {
      derivatives(params.get("asset_class"), "the " + channel + " channel");
    }
    if (privateEndpoint) {
      authenticate(params.get("token"), "on the " + channel + " channel");
    }
    return channel;
  }

  private static boolean bool(Map<String, Object> params, String member, boolean otherwise) throws Refusal {
    Object value = params.get(member);
    if (value == null) {
      return otherwise;
    }
    if (value instanceof Boolean flag) {
      return flag;
    }
    throw new Refusal("EGeneral:Invalid arguments:" + member + ": must be a boolean, was " + value);
  }

  private static List<String> symbols(Map<String, Object> params) throws Refusal {
    if (!(params.get("symbol") instanceof List<?> list) || list.isEmpty()) {
      throw new Refusal("EGeneral:Invalid arguments:symbol: required, a list of at least one contract such as PF_XBTUSD");
    }
    List<String> symbols = new ArrayList<>();
    for (Object item : list) {
      if (!(item instanceof String symbol)) {
        throw new Refusal("EGeneral:Invalid arguments:symbol: must hold strings, was " + item);
      }
      symbols.add(symbol);
    }
    return symbols;
  }

  // ---- subscribe, unsubscribe ----

  private void subscribe(Map<String, Object> params, Long reqId, Instant in) throws Refusal {
    String channel = channel(params);
    switch (channel) {
      case "book", "ticker", "trade" -> {
        int depth = 10;
        if (channel.equals("book") && params.get("depth") != null) {
          Long value = params.get("depth") instanceof BigDecimal number ? integer(number) : null;
          if (value == null || !BOOK_DEPTHS.contains(value.intValue()) || value != value.intValue()) {
            throw new Refusal("EGeneral:Invalid arguments:depth: must be one of 10, 25, 100, 500, 1000, was "
                + params.get("depth"));
          }
          depth = value.intValue();
        }
        Object trigger = params.getOrDefault("event_trigger", "trades");
        if (!"trades".equals(trigger) && !"bbo".equals(trigger)) {
          throw new Refusal("EGeneral:Invalid arguments:event_trigger: must be one of bbo, trades, was " + trigger);
        }
        boolean snapshot = bool(params, "snapshot", !channel.equals("trade"));
        for (String symbol : symbols(params)) {
          if (DerivativesMarket.contract(symbol).isEmpty()) {
            refuse("subscribe", "Currency pair not supported", symbol, reqId, in);
            continue;
          }
          Map<String, Object> result = result(channel, symbol);
          Stream stream;
          if (channel.equals("book")) {
            result.put("depth", (long) depth);
            stream = new BookStream(symbol, depth, snapshot);
          } else if (channel.equals("ticker")) {
            result.put("event_trigger", trigger);
            stream = new TickerStream(symbol, snapshot);
          } else {
            stream = new TradeStream(symbol, snapshot);
          }
          result.put("snapshot", snapshot);
          start(channel, symbol, stream, result, reqId, in, "Already subscribed");
        }
      }
      case "instrument" -> {
        boolean snapshot = bool(params, "snapshot", true);
        bool(params, "include_tokenized_assets", false);
        Map<String, Object> result = result(channel, null);
        result.put("snapshot", snapshot);
        start(channel, null, new InstrumentStream(snapshot), result, reqId, in, "Already subscribed");
      }
      case "executions" -> {
        boolean snapOrders = bool(params, "snap_orders", bool(params, "snapshot", true));
        boolean snapTrades = bool(params, "snap_trades", bool(params, "snapshot_trades", false));
        bool(params, "order_status", true);
        bool(params, "ratecounter", false);
        bool(params, "rebased", true);
        Map<String, Object> result = result(channel, null);
        result.put("maxratecount", (long) views.maxRateCount(account));
        result.put("snap_orders", snapOrders);
        result.put("snap_trades", snapTrades);
        start(channel, null, new ExecutionsStream(account, snapOrders), result, reqId, in, "Already subscribed");
      }
      case "balances" -> {
        boolean snapshot = bool(params, "snapshot", true);
        bool(params, "rebased", true);
        Map<String, Object> result = result(channel, null);
        result.put("snapshot", snapshot);
        start(channel, null, new BalancesStream(account, snapshot), result, reqId, in, "Already subscribed");
      }
      case "margin" -> start(channel, null, new MarginStream(account), result(channel, null), reqId, in,
          "Already subscribed to margin channel");
      case "positions" -> {
        if (params.containsKey("with_margin") && params.containsKey("snapshot")) {
          throw new Refusal("EGeneral:Invalid arguments:with_margin: cannot be combined with snapshot");
        }
        boolean snapshot = bool(params, "snapshot", true);
        bool(params, "with_margin", false);
        Map<String, Object> result = result(channel, null);
        result.put("snapshot", snapshot);
        start(channel, null, new PositionsStream(account, snapshot), result, reqId, in,
            "Already subscribed to positions channel");
      }
      case "ledgers" -> start(channel, null, new LedgersStream(account), result(channel, null), reqId, in,
          "Already subscribed");
      default -> throw new AssertionError(channel);
    }
  }

  private void unsubscribe(Map<String, Object> params, Long reqId, Instant in) throws Refusal {
    String channel = channel(params);
    List<String> symbols = SUBSCRIBE_MEMBERS.get(channel).contains("symbol") ? symbols(params) : java.util.Collections.singletonList(null);
    for (String symbol : symbols) {
      if (subscriptions.remove(channel + " " + symbol) == null) {
        refuse("unsubscribe", "Subscription Not Found", symbol, reqId, in);
        continue;
      }
      send(Messages.success("unsubscribe", result(channel, symbol), reqId, in, clock.instant()));
    }
  }

  private static Map<String, Object> result(String channel, String symbol) {
    Map<String, Object> result = Messages.object();
    result.put("channel", channel);
    if (symbol != null) {
      result.put("symbol", symbol);
    }
    if (MARKET_SCOPED.contains(channel)) {
      result.put("asset_class", "derivatives");
    }
    return result;
  }

  private void start(String channel, String symbol, Stream stream, Map<String, Object> result, Long reqId, Instant in,
      String already) {
    String key = channel + " " + symbol;
    if (subscriptions.containsKey(key)) {
      refuse("subscribe", already, symbol, reqId, in);
      return;
    }
    // The stream starts before the acknowledgement leaves: a change the client causes once it reads
    // the acknowledgement (an order on another connection) must come after the stream's baseline.
    List<Map<String, Object>> first = stream.start(clock.instant());
    subscriptions.put(key, stream);
    send(Messages.success("subscribe", result, reqId, in, clock.instant()));
    first.forEach(this::send);
  }

  private void refuse(String method, String error, String symbol, Long reqId, Instant in) {
    send(Messages.error(method, error, symbol, reqId, in, clock.instant()));
  }

  private void send(Map<String, Object> frame) {
    out.accept(Messages.write(frame));
  }

  // ---- trading ----

  private void trade(String method, Map<String, Object> params, Long reqId, Instant in) throws Refusal {
    if (!privateEndpoint) {
      throw new Refusal("EGeneral:Invalid arguments:method: " + method + " is served on /v2/private, not on /v2/public");
    }
    authenticate(params.get("token"), "by " + method);
    derivatives(params.get("asset_class"), method);
    try {
      switch (method) {
        case "add_order" -> {
          members(params, method, Set.of("order_type", "side", "order_qty", "symbol", "limit_price", "time_in_force",
              "post_only", "reduce_only", "cl_ord_id", "order_userref", "deadline", "validate"));
          if (params.containsKey("order_userref")) {
            throw new Refusal("EGeneral:Invalid arguments:order_userref: not available for derivatives (use cl_ord_id)");
          }
          String type = string(params, "order_type", true);
          if (!type.equals("limit") && !type.equals("market")) {
            throw new Refusal("EGeneral:Invalid arguments:order_type: the sandbox's derivatives market takes limit and"
                + " market orders, was " + type);
          }
          String side = string(params, "side", true);
          if (!side.equals("buy") && !side.equals("sell")) {
            throw new Refusal("EGeneral:Invalid arguments:side: must be one of buy, sell, was " + side);
          }
          String symbol = string(params, "symbol", true);
          if (DerivativesMarket.contract(symbol).isEmpty()) {
            throw new Refusal("EGeneral:Invalid arguments:symbol: not a derivatives contract of the sandbox"
                + " (PF_XBTUSD, PF_ETHUSD, PF_SOLUSD), was " + symbol);
          }
          BigDecimal qty = number(params, "order_qty", true);
          BigDecimal limit = number(params, "limit_price", type.equals("limit"));
          if (type.equals("market") && limit != null) {
            throw new Refusal("EGeneral:Invalid arguments:limit_price: not with a market order");
          }
          String tif = params.getOrDefault("time_in_force", "gtc").toString();
          if (!tif.equals("gtc")) {
            throw new Refusal("EGeneral:Invalid arguments:time_in_force: the sandbox's derivatives market keeps"
                + " orders until cancelled (gtc), was " + tif);
          }
          String clOrdId = string(params, "cl_ord_id", false);
          boolean validate = bool(params, "validate", false);
          if (validate) {
            Map<String, Object> result = Messages.object();
            result.put("order_id", "");
            reply(method, result, reqId, in);
            return;
          }
          DerivativesMarket.Placed placed = market.add(account, symbol, side.equals("buy"), type, qty, limit, clOrdId,
              bool(params, "post_only", false), bool(params, "reduce_only", false));
          Map<String, Object> result = Messages.object();
          result.put("order_id", placed.orderId());
          if (placed.clOrdId() != null) {
            result.put("cl_ord_id", placed.clOrdId());
          }
          reply(method, result, reqId, in);
        }
        case "cancel_order" -> {
          members(params, method, Set.of("order_id", "cl_ord_id", "order_userref"));
          if (params.containsKey("order_userref")) {
            throw new Refusal("EGeneral:Invalid arguments:order_userref: not available for derivatives (use cl_ord_id)");
          }
          // Kraken's Unified cancel_order page: order_id and cl_ord_id each "cannot be combined" with
          // the other in one request (as on Spot's), and one of them names the orders.
          if (params.get("order_id") != null && params.get("cl_ord_id") != null) {
            throw new Refusal("EGeneral:Invalid arguments:cl_ord_id: cannot be combined with order_id");
          }
          List<String> ids = strings(params, "order_id");
          List<String> clOrdIds = strings(params, "cl_ord_id");
          if (ids.isEmpty() && clOrdIds.isEmpty()) {
            throw new Refusal("EGeneral:Invalid arguments:order_id: one of order_id, cl_ord_id is required");
          }
          for (DerivativesMarket.Order order : market.cancel(account, ids, clOrdIds)) {
            Map<String, Object> result = Messages.object();
            result.put("order_id", order.id);
            if (order.clOrdId != null) {
              result.put("cl_ord_id", order.clOrdId);
            }
            reply(method, result, reqId, in);
          }
        }
        case "cancel_all" -> {
          members(params, method, Set.of());
          Map<String, Object> result = Messages.object();
          result.put("count", (long) market.cancelAll(account));
          reply(method, result, reqId, in);
        }
        case "amend_order" -> {
          members(params, method, Set.of("order_id", "cl_ord_id", "order_qty", "limit_price", "post_only", "deadline"));
          String orderId = string(params, "order_id", false);
          String clOrdId = string(params, "cl_ord_id", false);
          if ((orderId == null) == (clOrdId == null)) {
            throw new Refusal("EGeneral:Invalid arguments:order_id: one of order_id, cl_ord_id is required, not both");
          }
          String amendId = market.amend(account, orderId, clOrdId, number(params, "order_qty", true),
              number(params, "limit_price", false), bool(params, "post_only", false));
          Map<String, Object> result = Messages.object();
          result.put("amend_id", amendId);
          if (orderId != null) {
            result.put("order_id", orderId);
          } else {
            result.put("cl_ord_id", clOrdId);
          }
          reply(method, result, reqId, in);
        }
        default -> throw new AssertionError(method);
      }
    } catch (DerivativesMarket.Refused refused) {
      throw new Refusal(refused.getMessage());
    }
  }

  private void reply(String method, Map<String, Object> result, Long reqId, Instant in) {
    send(Messages.success(method, result, reqId, in, clock.instant()));
  }

  private static void members(Map<String, Object> params, String method, Set<String> allowed) throws Refusal {
    for (String member : params.keySet()) {
      if (!member.equals("token") && !member.equals("asset_class") && !allowed.contains(member)) {
        throw new Refusal("EGeneral:Invalid arguments:" + member + ": not a member of " + method
            + " on the sandbox's derivatives market");
      }
    }
  }

  private static String string(Map<String, Object> params, String member, boolean required) throws Refusal {
    Object value = params.get(member);
    if (value == null) {
      if (required) {
        throw new Refusal("EGeneral:Invalid arguments:" + member + ": required");
      }
      return null;
    }
    if (!(value instanceof String text)) {
      throw new Refusal("EGeneral:Invalid arguments:" + member + ": must be a string, was " + value);
    }
    return text;
  }

  private static BigDecimal number(Map<String, Object> params, String member, boolean required) throws Refusal {
    Object value = params.get(member);
    if (value == null) {
      if (required) {
        throw new Refusal("EGeneral:Invalid arguments:" + member + ": required");
      }
      return null;
    }
    if (!(value instanceof BigDecimal number) || number.signum() <= 0) {
      throw new Refusal("EGeneral:Invalid arguments:" + member + ": must be a positive number, was " + value);
    }
    return number;
  }

  private static List<String> strings(Map<String, Object> params, String member) throws Refusal {
    Object value = params.get(member);
    if (value == null) {
      return List.of();
    }
    if (!(value instanceof List<?> list)) {
      throw new Refusal("EGeneral:Invalid arguments:" + member + ": must be a list of strings");
    }
    List<String> out = new ArrayList<>();
    for (Object item : list) {
      if (!(item instanceof String text)) {
        throw new Refusal("EGeneral:Invalid arguments:" + member + ": must be a list of strings, had " + item);
      }
      out.add(text);
    }
    return out;
  }

  // ---- streams ----

  /** CRC-32 of the top 10 levels, asks low to high then bids high to low, as Spot WebSocket v2's book guide says. */
  static long checksum(List<DerivativesMarket.Level> asks, List<DerivativesMarket.Level> bids) {
    StringBuilder text = new StringBuilder();
    for (List<DerivativesMarket.Level> side : List.of(asks, bids)) {
      for (DerivativesMarket.Level level : side.subList(0, Math.min(10, side.size()))) {
        text.append(digits(level.price())).append(digits(level.qty()));
      }
    }
    CRC32 crc = new CRC32();
    crc.update(text.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    return crc.getValue();
  }

  private static String digits(BigDecimal value) {
    String plain = value.toPlainString().replace(".", "");
    int i = 0;
    while (i < plain.length() - 1 && plain.charAt(i) == '0') {
      i++;
    }
    return plain.substring(i);
  }

  private final class BookStream implements Stream {
    private final String symbol;
    private final int depth;
    private final boolean snapshot;
    private List<DerivativesMarket.Level> bids = List.of();
    private List<DerivativesMarket.Level> asks = List.of();

    BookStream(String symbol, int depth, boolean snapshot) {
      this.symbol = symbol;
      this.depth = depth;
      this.snapshot = snapshot;
    }

    @Override
    public List<Map<String, Object>> start(Instant now) {
      bids = market.levels(symbol, true, depth);
      asks = market.levels(symbol, false, depth);
      return snapshot ? List.of(frame("snapshot", bids, asks, now)) : List.of();
    }

    @Override
    public List<Map<String, Object>> poll(Instant now) {
      List<DerivativesMarket.Level> newBids = market.levels(symbol, true, depth);
      List<DerivativesMarket.Level> newAsks = market.levels(symbol, false, depth);
      List<DerivativesMarket.Level> bidChanges = changes(bids, newBids);
      List<DerivativesMarket.Level> askChanges = changes(asks, newAsks);
      bids = newBids;
      asks = newAsks;
      if (bidChanges.isEmpty() && askChanges.isEmpty()) {
        return List.of();
      }
      return List.of(frame("update", bidChanges, askChanges, now));
    }

    private Map<String, Object> frame(String type, List<DerivativesMarket.Level> bidLevels,
        List<DerivativesMarket.Level> askLevels, Instant now) {
      Map<String, Object> data = Messages.object();
      data.put("symbol", symbol);
      data.put("bids", levels(bidLevels));
      data.put("asks", levels(askLevels));
      data.put("checksum", checksum(asks, bids));
      data.put("timestamp", Messages.micros(now));
      return Messages.channel("book", type, List.of(data));
    }

    /** The levels that changed from {@code before} to {@code after}; a level gone is sent with qty 0. */
    private List<DerivativesMarket.Level> changes(List<DerivativesMarket.Level> before,
        List<DerivativesMarket.Level> after) {
      Map<BigDecimal, BigDecimal> old = new LinkedHashMap<>();
      before.forEach(level -> old.put(level.price(), level.qty()));
      List<DerivativesMarket.Level> changed = new ArrayList<>();
      for (DerivativesMarket.Level level : after) {
        BigDecimal was = old.remove(level.price());
        if (was == null || was.compareTo(level.qty()) != 0) {
          changed.add(level);
        }
      }
      int qtyDecimals = DerivativesMarket.contract(symbol).orElseThrow().qtyDecimals();
      old.forEach((price, qty) -> changed.add(0, new DerivativesMarket.Level(price,
          BigDecimal.ZERO.setScale(qtyDecimals, RoundingMode.UNNECESSARY))));
      return changed;
    }

    private List<Object> levels(List<DerivativesMarket.Level> levels) {
      List<Object> out = new ArrayList<>();
      for (DerivativesMarket.Level level : levels) {
        Map<String, Object> entry = Messages.object();
        entry.put("price", level.price());
        entry.put("qty", level.qty());
        out.add(entry);
      }
      return out;
    }
  }

  private final class TickerStream implements Stream {
    private final String symbol;
    private final boolean snapshot;
    private Map<String, Object> last;

    TickerStream(String symbol, boolean snapshot) {
      this.symbol = symbol;
      this.snapshot = snapshot;
    }

    private Map<String, Object> view() {
      Map<String, Object> data = Messages.object();
      data.put("symbol", symbol);
      List<DerivativesMarket.Level> bid = market.levels(symbol, true, 1);
      List<DerivativesMarket.Level> ask = market.levels(symbol, false, 1);
      if (!bid.isEmpty()) {
        data.put("bid", bid.get(0).price());
        data.put("bid_qty", bid.get(0).qty());
      }
      if (!ask.isEmpty()) {
        data.put("ask", ask.get(0).price());
        data.put("ask_qty", ask.get(0).qty());
      }
      data.put("last", market.mark(symbol));
      return data;
    }

    @Override
    public List<Map<String, Object>> start(Instant now) {
      last = view();
      return snapshot ? List.of(Messages.channel("ticker", "snapshot", List.of(last))) : List.of();
    }

    @Override
    public List<Map<String, Object>> poll(Instant now) {
      Map<String, Object> current = view();
      if (current.equals(last)) {
        return List.of();
      }
      last = current;
      return List.of(Messages.channel("ticker", "update", List.of(current)));
    }
  }

  private final class TradeStream implements Stream {
    private final String symbol;
    private final boolean snapshot;
    private long lastId;

    TradeStream(String symbol, boolean snapshot) {
      this.symbol = symbol;
      this.snapshot = snapshot;
    }

    @Override
    public List<Map<String, Object>> start(Instant now) {
      List<DerivativesMarket.Trade> trades = market.trades(symbol, 0);
      lastId = trades.isEmpty() ? 0 : trades.get(trades.size() - 1).id();
      if (!snapshot) {
        return List.of();
      }
      return List.of(Messages.channel("trade", "snapshot", views(trades.subList(Math.max(0, trades.size() - 50),
          trades.size()))));
    }

    @Override
    public List<Map<String, Object>> poll(Instant now) {
      List<DerivativesMarket.Trade> trades = market.trades(symbol, lastId);
      if (trades.isEmpty()) {
        return List.of();
      }
      lastId = trades.get(trades.size() - 1).id();
      return List.of(Messages.channel("trade", "update", views(trades)));
    }

    private List<Object> views(List<DerivativesMarket.Trade> trades) {
      List<Object> out = new ArrayList<>();
      for (DerivativesMarket.Trade trade : trades) {
        Map<String, Object> data = Messages.object();
        data.put("symbol", symbol);
        data.put("side", trade.buy() ? "buy" : "sell");
        data.put("price", trade.price());
        data.put("qty", trade.qty());
        data.put("ord_type", trade.ordType());
        data.put("trade_id", trade.id());
        data.put("timestamp", Messages.micros(trade.time()));
        out.add(data);
      }
      return out;
    }
  }

  private static final class InstrumentStream implements Stream {
    private final boolean snapshot;

    InstrumentStream(boolean snapshot) {
      this.snapshot = snapshot;
    }

    @Override
    public List<Map<String, Object>> start(Instant now) {
      if (!snapshot) {
        return List.of();
      }
      List<Object> assets = new ArrayList<>();
      Map<String, Object> usd = Messages.object();
      usd.put("id", "USD");
      usd.put("status", "enabled");
      usd.put("precision", 4L);
      usd.put("precision_display", 2L);
      assets.add(usd);
      List<Object> pairs = new ArrayList<>();
      for (DerivativesMarket.Contract contract : DerivativesMarket.CONTRACTS) {
        Map<String, Object> asset = Messages.object();
        asset.put("id", contract.base());
        asset.put("status", "enabled");
        asset.put("precision", (long) contract.qtyDecimals());
        asset.put("precision_display", (long) contract.qtyDecimals());
        assets.add(asset);
        Map<String, Object> pair = Messages.object();
        pair.put("symbol", contract.symbol());
        pair.put("base", contract.base());
        pair.put("quote", "USD");
        pair.put("status", "online");
        pair.put("qty_precision", (long) contract.qtyDecimals());
        pair.put("qty_increment", BigDecimal.ONE.movePointLeft(contract.qtyDecimals()));
        pair.put("qty_min", BigDecimal.ONE.movePointLeft(contract.qtyDecimals()));
        pair.put("price_precision", (long) contract.priceDecimals());
        pair.put("price_increment", BigDecimal.ONE.movePointLeft(contract.priceDecimals()));
        pair.put("marginable", true);
        pair.put("margin_initial", DerivativesMarket.INITIAL_MARGIN.movePointRight(2).stripTrailingZeros());
        pairs.add(pair);
      }
      Map<String, Object> data = Messages.object();
      data.put("assets", assets);
      data.put("pairs", pairs);
      return List.of(Messages.channel("instrument", "snapshot", data));
    }

    @Override
    public List<Map<String, Object>> poll(Instant now) {
      return List.of();
    }
  }

  private final class ExecutionsStream implements Stream {
    private final String owner;
    private final boolean snapOrders;
    private int seen;
    private long sequence;

    ExecutionsStream(String owner, boolean snapOrders) {
      this.owner = owner;
      this.snapOrders = snapOrders;
    }

    @Override
    public List<Map<String, Object>> start(Instant now) {
      seen = market.executionCount(owner);
      List<Object> data = new ArrayList<>(snapOrders ? market.openOrders(owner) : List.of());
      return List.of(Messages.sequenced("executions", "snapshot", data, ++sequence));
    }

    @Override
    public List<Map<String, Object>> poll(Instant now) {
      List<Map<String, Object>> events = market.executions(owner, seen);
      if (events.isEmpty()) {
        return List.of();
      }
      seen += events.size();
      return List.of(Messages.sequenced("executions", "update", new ArrayList<Object>(events), ++sequence));
    }
  }

  private final class BalancesStream implements Stream {
    private final String owner;
    private final boolean snapshot;
    private int entries;
    private long sequence;

    BalancesStream(String owner, boolean snapshot) {
      this.owner = owner;
      this.snapshot = snapshot;
    }

    @Override
    public List<Map<String, Object>> start(Instant now) {
      settleFunding.run();
      entries = views.ledger(owner, 0).size();
      if (!snapshot) {
        return List.of();
      }
      List<Object> data = new ArrayList<>();
      Catalog catalog = spot.catalog();
      for (Map.Entry<String, BigDecimal> balance : views.balances(owner).entrySet()) {
        Catalog.Asset asset = catalog.asset(balance.getKey()).orElse(null);
        if (asset == null) {
          continue;
        }
        BigDecimal amount = balance.getValue().setScale(asset.decimals(), RoundingMode.HALF_EVEN);
        Map<String, Object> wallet = Messages.object();
        wallet.put("type", "spot");
        wallet.put("id", "main");
        wallet.put("balance", amount);
        Map<String, Object> entry = Messages.object();
        entry.put("asset", asset.display());
        entry.put("asset_class", asset.aclass());
        entry.put("balance", amount);
        entry.put("wallets", List.of(wallet));
        data.add(entry);
      }
      return List.of(Messages.sequenced("balances", "snapshot", data, ++sequence));
    }

    @Override
    public List<Map<String, Object>> poll(Instant now) {
      settleFunding.run();
      List<LedgerEntry> added = views.ledger(owner, entries);
      if (added.isEmpty()) {
        return List.of();
      }
      entries += added.size();
      Catalog catalog = spot.catalog();
      List<Object> data = new ArrayList<>();
      for (LedgerEntry entry : added) {
        Catalog.Asset asset = catalog.asset(entry.asset()).orElse(null);
        Map<String, Object> view = Messages.object();
        view.put("ledger_id", entry.id());
        view.put("ref_id", entry.refid());
        view.put("timestamp", Messages.micros(entry.time()));
        view.put("type", entry.type());
        view.put("subtype", entry.subtype());
        view.put("category", entry.type());
        view.put("asset", asset == null ? entry.asset() : asset.display());
        view.put("asset_class", entry.aclass());
        view.put("wallet_type", "spot");
        view.put("wallet_id", "main");
        view.put("amount", entry.amount());
        view.put("fee", entry.fee());
        view.put("balance", entry.balance());
        data.add(view);
      }
      return List.of(Messages.sequenced("balances", "update", data, ++sequence));
    }
  }

  /** Each message a whole section: {@code multi_collateral} again whenever it changed; {@code single_collateral} once (the sandbox has no single-collateral wallet). */
  private final class MarginStream implements Stream {
    private final String owner;
    private Map<String, Object> last;

    MarginStream(String owner) {
      this.owner = owner;
    }

    @Override
    public List<Map<String, Object>> start(Instant now) {
      last = market.multiCollateral(owner);
      return List.of(Messages.channel("margin", "multi_collateral", last),
          Messages.channel("margin", "single_collateral", Messages.object()));
    }

    @Override
    public List<Map<String, Object>> poll(Instant now) {
      Map<String, Object> current = market.multiCollateral(owner);
      if (current.equals(last)) {
        return List.of();
      }
      last = current;
      return List.of(Messages.channel("margin", "multi_collateral", current));
    }
  }

  private final class PositionsStream implements Stream {
    private final String owner;
    private final boolean snapshot;
    private int seen;

    PositionsStream(String owner, boolean snapshot) {
      this.owner = owner;
      this.snapshot = snapshot;
    }

    @Override
    public List<Map<String, Object>> start(Instant now) {
      seen = market.positionChangeCount(owner);
      return snapshot ? List.of(Messages.channel("positions", "snapshot", data(market.positions(owner)))) : List.of();
    }

    @Override
    public List<Map<String, Object>> poll(Instant now) {
      List<Map<String, Object>> changes = market.positionChanges(owner, seen);
      if (changes.isEmpty()) {
        return List.of();
      }
      seen += changes.size();
      Map<String, Map<String, Object>> latest = new LinkedHashMap<>();
      changes.forEach(change -> latest.put((String) change.get("symbol"), change));
      return List.of(Messages.channel("positions", "update", data(new ArrayList<>(latest.values()))));
    }

    private Map<String, Object> data(List<Map<String, Object>> futures) {
      Map<String, Object> data = Messages.object();
      data.put("futures", futures);
      data.put("options", List.of());
      return data;
    }
  }

  /** No snapshot; each message numbered from 1 on this connection (a gap: recover with REST Ledgers). */
  private final class LedgersStream implements Stream {
    private final String owner;
    private int seen;
    private long sequence;

    LedgersStream(String owner) {
      this.owner = owner;
    }

    @Override
    public List<Map<String, Object>> start(Instant now) {
      seen = market.ledgerCount(owner);
      return List.of();
    }

    @Override
    public List<Map<String, Object>> poll(Instant now) {
      List<Map<String, Object>> entries = market.ledgers(owner, seen);
      if (entries.isEmpty()) {
        return List.of();
      }
      seen += entries.size();
      return List.of(Messages.sequenced("ledgers", "update", new ArrayList<Object>(entries), ++sequence));
    }
  }
}
