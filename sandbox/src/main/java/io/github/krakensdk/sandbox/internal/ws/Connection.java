package io.github.krakensdk.sandbox.internal.ws;

import io.github.krakensdk.sandbox.internal.spot.exchange.Catalog;
import io.github.krakensdk.sandbox.internal.spot.exchange.Exchange;
import io.github.krakensdk.sandbox.internal.spot.exchange.StreamViews;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One client's connection: its endpoint, its subscriptions and the token it was accepted with.
 * Requests are answered in the order they come; the server's pump polls the subscriptions between
 * them. Every method holds this connection's lock, so that an acknowledgement always precedes its
 * snapshot and the snapshot its updates.
 */
final class Connection {
  /** The trading methods of the authenticated endpoint ({@link Trading} serves some of them). */
  static final Set<String> TRADING = Set.of("add_order", "amend_order", "edit_order", "cancel_order", "cancel_all",
      "cancel_all_orders_after", "batch_add", "batch_cancel");
  private static final List<Integer> BOOK_DEPTHS = List.of(10, 25, 100, 500, 1000);
  private static final List<Integer> LEVEL3_DEPTHS = List.of(10, 100, 1000);
  private static final List<Integer> OHLC_INTERVALS = List.of(1, 5, 15, 30, 60, 240, 1440, 10080, 21600);
  /** The members each channel's subscribe request takes besides {@code channel} (the contract's params schemas). */
  private static final Map<String, Set<String>> SUBSCRIBE_MEMBERS = Map.of(
      "book", Set.of("symbol", "depth", "snapshot", "asset_class"),
      "ticker", Set.of("symbol", "event_trigger", "snapshot", "asset_class"),
      "trade", Set.of("symbol", "snapshot", "asset_class"),
      "ohlc", Set.of("symbol", "interval", "snapshot"),
      "instrument", Set.of("snapshot", "include_tokenized_assets", "asset_class"),
      "level3", Set.of("symbol", "depth", "snapshot", "token"),
      "executions", Set.of("token", "snap_trades", "snap_orders", "order_status", "ratecounter", "rebased", "users",
          "snapshot", "snapshot_trades"),
      "balances", Set.of("token", "snapshot", "rebased", "users"));
  private static final Map<String, Set<String>> UNSUBSCRIBE_MEMBERS = Map.of(
      "book", Set.of("symbol", "depth", "asset_class"),
      "ticker", Set.of("symbol", "event_trigger", "asset_class"),
      "trade", Set.of("symbol", "asset_class"),
      "ohlc", Set.of("symbol", "interval"),
      "instrument", Set.of("asset_class"),
      "level3", Set.of("symbol", "depth", "token"),
      "executions", Set.of("token"),
      "balances", Set.of("token"));

  /** A request refused as a whole: one error reply. */
  private static final class Refusal extends Exception {
    Refusal(String message) {
      super(message, null, false, false);
    }
  }

  private record Subscription(Feeds.Feed feed, Integer depth) {}

  final long id;
  final Endpoint endpoint;
  private final Consumer<String> out;
  private final Clock clock;
  private final StreamViews views;
  private final Catalog catalog;
  private final SpotWebSocketServer.Tokens tokens;
  private final Runnable settleFunding;
  private final Trading trading;
  private final Map<String, Subscription> subscriptions = new LinkedHashMap<>();
  /** The token this connection was accepted with: it stays good here while the connection lasts. */
  private String token;
  private String account;
  private volatile long lastReceived = System.nanoTime();
  private final FeedFailures failures;

  Connection(long id, Endpoint endpoint, Consumer<String> out, Clock clock, Exchange exchange, StreamViews views,
      SpotWebSocketServer.Tokens tokens, Runnable settleFunding) {
    this.id = id;
    this.endpoint = endpoint;
    this.out = out;
    this.clock = clock;
    this.views = views;
    this.catalog = exchange.catalog();
    this.tokens = tokens;
    this.settleFunding = settleFunding;
    this.trading = new Trading(exchange, views);
    this.failures = new FeedFailures(id, endpoint.path);
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

  /** Streams what changed for every subscription. */
  synchronized void poll() {
    Instant now = clock.instant();
    for (Map.Entry<String, Subscription> entry : subscriptions.entrySet()) {
      failures.guard(entry.getKey(), () -> entry.getValue().feed().poll(now).forEach(this::send));
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
    Object method = request.get("method");
    String name = method instanceof String text1 ? text1 : null;
    Long reqId;
    try {
      reqId = reqId(request.get("req_id"));
      if (name == null) {
        throw new Refusal("EGeneral:Invalid arguments:method: required, a string");
      }
      switch (name) {
        case "ping" -> send(Messages.pong(reqId, in, clock.instant()));
        case "subscribe" -> subscribe(params(request), reqId, in);
        case "unsubscribe" -> unsubscribe(params(request), reqId, in);
        default -> {
          if (TRADING.contains(name)) {
            trade(name, request, reqId, in);
            return;
          }
          throw new Refusal("EGeneral:Invalid arguments:method: must be one of ping, subscribe, unsubscribe, "
              + String.join(", ", TRADING.stream().sorted().toList()) + ", was " + name);
        }
      }
    } catch (Refusal refusal) {
      Long echoed = request.get("req_id") instanceof BigDecimal d ? integer(d) : null;
      send(Messages.error(name, refusal.getMessage(), null, echoed, in, clock.instant()));
    }
  }

  private static Long reqId(Object value) throws Refusal {
    if (value == null) {
      return null;
    }
    if (value instanceof BigDecimal number && integer(number) != null) {
      return integer(number);
    }
    throw new Refusal("EGeneral:Invalid arguments:req_id: must be an integer, was " + value);
  }

  /** A whole number's value, or null. */
  private static Long integer(BigDecimal number) {
    try {
      return number.stripTrailingZeros().scale() <= 0 ? number.longValueExact() : null;
    } catch (ArithmeticException e) {
      return null;
    }
  }

  private static Map<String, Object> params(Map<String, Object> request) throws Refusal {
    Object params = request.get("params");
    if (!(params instanceof Map<?, ?>)) {
      throw new Refusal("EGeneral:Invalid arguments:params: required, an object with channel");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> map = (Map<String, Object>) params;
    return map;
  }

  // ---- trading ----

  private void trade(String method, Map<String, Object> request, Long reqId, Instant in) throws Refusal {
    if (endpoint != Endpoint.PRIVATE) {
      throw new Refusal("EGeneral:Invalid arguments:method: " + method + " is served on " + Endpoint.PRIVATE.path
          + ", not on " + endpoint.path);
    }
    Object params = request.get("params");
    if (params == null && method.equals("cancel_all")) {
      params = Map.of();
    }
    if (!(params instanceof Map<?, ?>)) {
      throw new Refusal("EGeneral:Invalid arguments:params: required, an object with token");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> map = (Map<String, Object>) params;
    authenticate(map.get("token"), method);
    List<?> results;
    try {
      results = trading.call(method, account, map);
    } catch (Trading.Refused refused) {
      throw new Refusal(refused.getMessage());
    }
    for (Object result : results) {
      send(result instanceof Trading.Refused refused
          ? Messages.error(method, refused.getMessage(), null, reqId, in, clock.instant())
          : Messages.success(method, result, reqId, in, clock.instant()));
    }
  }

  // ---- subscribe, unsubscribe ----

  private String channel(Map<String, Object> params, Map<String, Set<String>> members) throws Refusal {
    Object value = params.get("channel");
    if (!(value instanceof String channel)) {
      throw new Refusal("EGeneral:Invalid arguments:channel: required, a string");
    }
    if (!members.containsKey(channel)) {
      throw new Refusal("EGeneral:Invalid arguments:channel: must be one of " + String.join(", ", endpoint.channels)
          + " on " + endpoint.path + ", was " + channel);
    }
    if (!endpoint.channels.contains(channel)) {
      Endpoint home = Endpoint.PUBLIC.channels.contains(channel) ? Endpoint.PUBLIC
          : Endpoint.PRIVATE.channels.contains(channel) ? Endpoint.PRIVATE : Endpoint.LEVEL3;
      throw new Refusal("EGeneral:Invalid arguments:channel: " + channel + " is served on " + home.path
          + ", not on " + endpoint.path);
    }
    for (String member : params.keySet()) {
      if (!member.equals("channel") && !members.get(channel).contains(member)) {
        throw new Refusal("EGeneral:Invalid arguments:" + member + ": not a member of this request (the "
            + channel + " channel takes: " + String.join(", ", members.get(channel).stream().sorted().toList()) + ")");
      }
    }
    Object assetClass = params.get("asset_class");
    if (assetClass != null && !"spot".equals(assetClass)) {
      throw new Refusal("EGeneral:Invalid arguments:asset_class: must be spot on Spot WebSocket v2, was " + assetClass);
    }
    if (endpoint != Endpoint.PUBLIC) {
      authenticate(params.get("token"), channel);
    }
    return channel;
  }

  private void authenticate(Object value, String channel) throws Refusal {
    if (value == null) {
      throw new Refusal("EGeneral:Invalid arguments:token: required " + (Trading.METHODS.contains(channel)
          ? "by " + channel : "on the " + channel + " channel"));
    }
    if (!(value instanceof String given) || given.isEmpty()) {
      throw new Refusal("EGeneral:Invalid arguments:token: must be a string, was " + value);
    }
    if (given.equals(token) && !tokens.revoked(given)) {
      return;
    }
    Optional<String> owner = tokens.account(given);
    if (owner.isEmpty()) {
      throw new Refusal("ESession:Invalid session");
    }
    token = given;
    account = owner.get();
  }

  private static List<String> symbols(Map<String, Object> params) throws Refusal {
    Object value = params.get("symbol");
    if (!(value instanceof List<?> list) || list.isEmpty()) {
      throw new Refusal("EGeneral:Invalid arguments:symbol: required, a list of at least one pair such as BTC/USD");
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

  private static Integer depth(Map<String, Object> params, String channel) throws Refusal {
    List<Integer> allowed = channel.equals("book") ? BOOK_DEPTHS : LEVEL3_DEPTHS;
    Object value = params.get("depth");
    if (value == null) {
      return 10;
    }
    Long depth = value instanceof BigDecimal number ? integer(number) : null;
    if (depth != null && allowed.contains(depth.intValue()) && depth == depth.intValue()) {
      return depth.intValue();
    }
    throw new Refusal("EGeneral:Invalid arguments:depth: must be one of " + allowed.toString().replaceAll("[\\[\\]]", "")
        + ", was " + (value instanceof BigDecimal number ? number.toPlainString() : value));
  }

  /** The candle interval in minutes: 1 when left out, as at the service. */
  private static int interval(Map<String, Object> params) throws Refusal {
    Object value = params.get("interval");
    if (value == null) {
      return 1;
    }
    Long interval = value instanceof BigDecimal number ? integer(number) : null;
    if (interval != null && interval == interval.intValue() && OHLC_INTERVALS.contains(interval.intValue())) {
      return interval.intValue();
    }
    throw new Refusal("EGeneral:Invalid arguments:interval: must be one of "
        + OHLC_INTERVALS.toString().replaceAll("[\\[\\]]", "") + ", was "
        + (value instanceof BigDecimal number ? number.toPlainString() : value));
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

  /** The pair a symbol names, in the v2 form ({@code BTC/USD}), or empty. */
  private Optional<Catalog.Pair> pair(String symbol) {
    return catalog.pair(symbol).filter(pair -> pair.display().equals(symbol));
  }

  private void subscribe(Map<String, Object> params, Long reqId, Instant in) throws Refusal {
    String channel = channel(params, SUBSCRIBE_MEMBERS);
    switch (channel) {
      case "book", "level3" -> {
        Integer depth = depth(params, channel);
        boolean snapshot = bool(params, "snapshot", true);
        for (String symbol : symbols(params)) {
          Optional<Catalog.Pair> pair = pair(symbol);
          if (pair.isEmpty()) {
            refuse("subscribe", "Currency pair not supported", symbol, reqId, in);
            continue;
          }
          Feeds.Feed feed = channel.equals("book") ? new Feeds.BookFeed(views, pair.get(), depth, snapshot)
              : new Feeds.Level3Feed(views, pair.get(), depth, snapshot);
          Map<String, Object> result = result(channel, symbol);
          result.put("depth", (long) depth);
          result.put("snapshot", snapshot);
          start(channel, symbol, new Subscription(feed, depth), result, reqId, in);
        }
      }
      case "trade", "ticker" -> {
        boolean snapshot = bool(params, "snapshot", channel.equals("ticker"));
        Object trigger = params.getOrDefault("event_trigger", "trades");
        if (!"trades".equals(trigger) && !"bbo".equals(trigger)) {
          throw new Refusal("EGeneral:Invalid arguments:event_trigger: must be one of bbo, trades, was " + trigger);
        }
        for (String symbol : symbols(params)) {
          Optional<Catalog.Pair> pair = pair(symbol);
          if (pair.isEmpty()) {
            refuse("subscribe", "Currency pair not supported", symbol, reqId, in);
            continue;
          }
          Feeds.Feed feed = channel.equals("trade") ? new Feeds.TradeFeed(views, pair.get(), snapshot)
              : new Feeds.TickerFeed(views, pair.get(), trigger.equals("bbo"), snapshot);
          Map<String, Object> result = result(channel, symbol);
          if (channel.equals("ticker")) {
            result.put("event_trigger", trigger);
          }
          result.put("snapshot", snapshot);
          start(channel, symbol, new Subscription(feed, null), result, reqId, in);
        }
      }
      case "ohlc" -> {
        int interval = interval(params);
        boolean snapshot = bool(params, "snapshot", true);
        for (String symbol : symbols(params)) {
          Optional<Catalog.Pair> pair = pair(symbol);
          if (pair.isEmpty()) {
            refuse("subscribe", "Currency pair not supported", symbol, reqId, in);
            continue;
          }
          // The acknowledgement names the interval in force (SubscriptionResult's interval), 1 when left out.
          Map<String, Object> result = result(channel, symbol);
          result.put("interval", (long) interval);
          result.put("snapshot", snapshot);
          startAt(channel + " " + symbol + " " + interval, symbol,
              new Subscription(new Feeds.OhlcFeed(views, pair.get(), interval, snapshot), null), result, reqId, in);
        }
      }
      case "instrument" -> {
        boolean snapshot = bool(params, "snapshot", true);
        Feeds.Feed feed = new Feeds.InstrumentFeed(catalog, snapshot, bool(params, "include_tokenized_assets", false));
        Map<String, Object> result = result(channel, null);
        result.put("snapshot", snapshot);
        start(channel, null, new Subscription(feed, null), result, reqId, in);
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
        start(channel, null, new Subscription(new Feeds.ExecutionsFeed(views, account, snapOrders, snapTrades), null),
            result, reqId, in);
      }
      case "balances" -> {
        boolean snapshot = bool(params, "snapshot", true);
        bool(params, "rebased", true);
        Map<String, Object> result = result(channel, null);
        result.put("snapshot", snapshot);
        start(channel, null, new Subscription(new Feeds.BalancesFeed(views, catalog, account, settleFunding, snapshot),
            null), result, reqId, in);
      }
      default -> throw new AssertionError(channel);
    }
  }

  private void unsubscribe(Map<String, Object> params, Long reqId, Instant in) throws Refusal {
    String channel = channel(params, UNSUBSCRIBE_MEMBERS);
    List<String> symbols = new ArrayList<>();
    Integer depth = null;
    if (SUBSCRIBE_MEMBERS.get(channel).contains("symbol")) {
      symbols.addAll(symbols(params));
    } else {
      symbols.add(null);
    }
    if (channel.equals("book") || channel.equals("level3")) {
      depth = depth(params, channel);
    }
    Integer interval = channel.equals("ohlc") ? interval(params) : null;
    for (String symbol : symbols) {
      String key = channel + " " + symbol + (interval == null ? "" : " " + interval);
      Subscription subscription = subscriptions.get(key);
      if (subscription == null || depth != null && !depth.equals(subscription.depth())) {
        refuse("unsubscribe", "Subscription Not Found", symbol, reqId, in);
        continue;
      }
      subscriptions.remove(key);
      Map<String, Object> result = result(channel, symbol);
      if (depth != null) {
        result.put("depth", (long) depth);
      }
      send(Messages.success("unsubscribe", result, reqId, in, clock.instant()));
    }
  }

  private static Map<String, Object> result(String channel, String symbol) {
    Map<String, Object> result = Messages.object();
    result.put("channel", channel);
    if (symbol != null) {
      result.put("symbol", symbol);
    }
    return result;
  }

  /** Acknowledges one subscription, then sends what starts it (its snapshot). */
  private void start(String channel, String symbol, Subscription subscription, Map<String, Object> result, Long reqId,
      Instant in) {
    startAt(channel + " " + symbol, symbol, subscription, result, reqId, in);
  }

  /** As above, under {@code key} ({@code ohlc} keeps one subscription per pair and interval). */
  private void startAt(String key, String symbol, Subscription subscription, Map<String, Object> result, Long reqId,
      Instant in) {
    if (subscriptions.containsKey(key)) {
      refuse("subscribe", "Already subscribed", symbol, reqId, in);
      return;
    }
    // The feed starts before the acknowledgement leaves: a change the client causes once it reads
    // the acknowledgement (an order on another connection) must come after the feed's baseline.
    List<Map<String, Object>> first = subscription.feed().start(clock.instant());
    subscriptions.put(key, subscription);
    send(Messages.success("subscribe", result, reqId, in, clock.instant()));
    first.forEach(this::send);
  }

  private void refuse(String method, String error, String symbol, Long reqId, Instant in) {
    send(Messages.error(method, error, symbol, reqId, in, clock.instant()));
  }

  private void send(Map<String, Object> frame) {
    out.accept(Messages.write(frame));
  }
}
