package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.runtime.call.CallListener;
import io.github.krakensdk.runtime.call.ConnectionEvent;
import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.WebSocketEvent;
import io.github.krakensdk.spot.model.AssetPair;
import io.github.krakensdk.spot.model.OrderBook;
import io.github.krakensdk.spot.model.OrderInfo;
import io.github.krakensdk.spot.model.TradeInfo;
import io.github.krakensdk.websocket.model.AddOrderResult;
import io.github.krakensdk.websocket.model.AssetBalance;
import io.github.krakensdk.websocket.model.BookDepth;
import io.github.krakensdk.websocket.model.CancelOrderResult;
import io.github.krakensdk.websocket.model.ExecutionReport;
import io.github.krakensdk.websocket.model.LedgerTransaction;
import io.github.krakensdk.websocket.model.OrderType;
import io.github.krakensdk.websocket.model.Side;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The soak of issue 25: ten minutes of sandbox time against the embedded sandbox's real WebSocket
 * server, with a fault every few seconds (closes with 1001 and 1006, late and missing pongs,
 * corrupted book checksums, invalidated tokens, upgrades refused for a while, a reply without its
 * result, and once a 1008 that ends the clients for good), 20 books and both private channels
 * subscribed, orders placed and cancelled over the WebSocket throughout and filled by another
 * participant. Then, with the faults over, it checks the issue's clauses against the exchange's
 * own records, never the client's: no subscription lost, no checksum mismatch left unhealed, no
 * order sent twice, every fill seen once, connection attempts within the budget.
 *
 * <p><b>Why this package.</b> Ten minutes of faults must take seconds, and they must be the
 * minutes the client's timers count: pings, pong timeouts, reply timeouts, backoff and the
 * connection budget's 10-minute window. The client reads time only through its internal {@code
 * Scheduler}, set by the package-private {@code KrakenWebSocketClient.Builder.scheduler}; so the
 * soak lives in {@code io.github.krakensdk.websocket} (a split package on the tests module's class
 * path, nothing published) and hands the client a {@link SandboxClockScheduler}, whose timers fire
 * when the sandbox's {@link MutableClock} passes them. The sandbox's faults (late pongs, refusals)
 * run on that clock too. The driver moves the clock one step at a time and, between steps, waits
 * for the I/O to settle on conditions (every connection either waiting for a timer or open with
 * every subscription's snapshot received since it opened; every order answered), never on a fixed
 * sleep.
 *
 * <p><b>20 books.</b> REST AssetPairs lists six pairs on the sandbox, and one connection holds one
 * book per pair (a book message does not say its depth); so four clients, as four processes behind
 * one IP address would, hold them at depths 10, 25, 100 and 500 (6 + 6 + 6 + 2), and divide
 * Kraken's connection budget (150 attempts per 10 minutes per IP address) between them, as {@link
 * ReconnectPolicy} asks. The first client also holds {@code executions} and {@code balances} and
 * trades.
 */
class WebSocketSoakTest {
  private static final Duration SOAK = Duration.ofMinutes(10);
  private static final Duration STEP = Duration.ofMillis(250);
  private static final Duration FAULT_EVERY = Duration.ofSeconds(4);
  private static final Duration ORDER_EVERY = Duration.ofSeconds(1);
  /**
   * A ceiling in real time for one step's I/O to settle (a wait on conditions, usually
   * milliseconds): generous, since a loaded 2-core machine can stall a step for seconds.
   */
  private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(60);
  private static final int BOOKS = 20;
  private static final List<BookDepth> DEPTHS = List.of(BookDepth.NUMBER_10, BookDepth.NUMBER_25, BookDepth.NUMBER_100,
      BookDepth.NUMBER_500);
  /**
   * The budget of each client (the first trades, on two connections), and of the one that takes
   * over after 1008: together Kraken's 150 per 10 minutes.
   */
  private static final int[] BUDGETS = {40, 35, 35, 30};
  private static final int REPLACEMENT_BUDGET = 10;
  private static final Map<WebSocketEndpoint, String> PATHS = Map.of(
      WebSocketEndpoint.SPOT_PUBLIC, "/v2", WebSocketEndpoint.SPOT_PRIVATE, "/auth/v2");

  private final Object progress = new Object();
  private final Random random = new Random(25);
  private final Map<String, Integer> faults = new TreeMap<>();
  private final List<String> problems = new CopyOnWriteArrayList<>();
  private Sandbox sandbox;
  private KrakenClient kraken;
  private SandboxClockScheduler scheduler;
  private final List<Session> sessions = new ArrayList<>();
  private final List<Session> ended = new ArrayList<>();
  private final Map<String, Market> markets = new LinkedHashMap<>();
  private final List<Order> orders = new ArrayList<>();
  private final List<String> tokens = new CopyOnWriteArrayList<>();
  /** Every fill the trader's executions delivered, by exec_id: how often it came in an update and in a snapshot. */
  private final Map<String, Fill> fills = new ConcurrentHashMap<>();
  private final AtomicInteger orderSeq = new AtomicInteger();

  @AfterEach
  void stop() {
    for (Session session : sessions) session.ws.close();
    for (Session session : ended) session.ws.close();
    if (scheduler != null) scheduler.shutdown();
    if (kraken != null) kraken.close();
    if (sandbox != null) sandbox.close();
  }

  @Test
  void tenMinutesOfFaults() throws Exception {
    long realStart = System.nanoTime();
    MutableClock clock = MutableClock.at(Instant.parse("2026-03-02T09:00:00Z"));
    sandbox = Sandbox.builder().clock(clock).start();
    kraken = sandbox.newClient();
    scheduler = new SandboxClockScheduler(() -> sandbox.time().now(), step -> sandbox.time().advance(step));

    // The 20 books: every pair REST's AssetPairs lists online, each at three depths, 20 in all.
    for (AssetPair pair : kraken.spot().getAssetPairs(r -> { }).values()) {
      if (pair.status() != null && !"online".equals(pair.status().value())) continue;
      markets.put(pair.altname(), new Market(pair));
    }
    assertTrue(markets.size() * DEPTHS.size() >= BOOKS, "AssetPairs lists " + markets.keySet() + ": too few for " + BOOKS
        + " books at " + DEPTHS.size() + " depths");
    Set<String> baselineTrades = trades().keySet();
    startSessions();

    Duration elapsed = Duration.ZERO;
    while (elapsed.compareTo(SOAK) < 0) {
      if (elapsed.toMillis() % FAULT_EVERY.toMillis() == 0 && elapsed.compareTo(Duration.ZERO) > 0) injectFault();
      if (elapsed.toMillis() % ORDER_EVERY.toMillis() == 0) trade();
      scheduler.advance(STEP);
      elapsed = elapsed.plus(STEP);
      settle("at " + elapsed);
      reconcile();
    }

    // The faults end; the clients come back within their budgets, on sandbox time.
    sandbox.webSocket().clearFaults();
    Duration calm = Duration.ZERO;
    while (!allHealthy()) {
      assertTrue(calm.compareTo(Duration.ofMinutes(15)) < 0, "the clients did not recover within 15 minutes of calm: "
          + describe());
      scheduler.advance(STEP);
      calm = calm.plus(STEP);
      settle("calm " + calm);
      reconcile();
    }
    // Books settle: the last pump's updates reach every book.
    for (int i = 0; i < 4; i++) {
      scheduler.advance(STEP);
      settle("final");
    }
    reconcile();

    assertNoSubscriptionLost();
    assertEveryMismatchHealed();
    assertNoOrderSentTwice();
    assertEveryFillSeenOnce(baselineTrades);
    // Last, 1008: the clients end for good; a new one takes over with what is left of the budget.
    terminalClose();
    assertNoSubscriptionLost();
    assertEveryFillSeenOnce(baselineTrades);
    assertConnectionAttemptsWithinBudget();
    long realMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - realStart);
    assertEquals(List.of(), problems, "unexpected failures");
    System.out.println("[soak] " + summary(realMillis, calm));
  }

  // ---- sessions: one client each ----

  private void startSessions() throws Exception {
    List<Market> all = new ArrayList<>(markets.values());
    int booksLeft = BOOKS;
    for (int i = 0; i < DEPTHS.size(); i++) {
      List<Market> mine = all.subList(0, Math.min(all.size(), booksLeft));
      booksLeft -= mine.size();
      sessions.add(new Session("depth" + DEPTHS.get(i).value(), DEPTHS.get(i), mine, i == 0, BUDGETS[i]));
    }
    for (Session session : sessions) session.subscribe();
    settle("subscribed");
  }

  /** One client: its books (one connection), and for the trader executions and balances (another). */
  private final class Session extends CallListener {
    final String name;
    final BookDepth depth;
    final List<Market> markets;
    final boolean trader;
    final KrakenWebSocketClient ws;
    final Map<WebSocketEndpoint, EndpointState> endpoints = new EnumMap<>(WebSocketEndpoint.class);
    final Map<String, Integer> bookGeneration = new ConcurrentHashMap<>();
    /** The symbols whose book mismatched, each with its mismatches in a row since its last matching book. */
    final Map<String, Integer> unhealed = new ConcurrentHashMap<>();
    /** When the client's brake sends the resubscribe of a symbol that mismatched twice or more in a row (sandbox nanos). */
    final Map<String, Long> resubscribeDue = new ConcurrentHashMap<>();
    final List<String> mismatches = new CopyOnWriteArrayList<>();
    final List<String> healed = new CopyOnWriteArrayList<>();
    final List<Throwable> failures = new CopyOnWriteArrayList<>();
    final List<ConnectionEvent> events = new CopyOnWriteArrayList<>();
    volatile int executionsGeneration = -1;
    volatile int balancesGeneration = -1;
    OrderBookSubscription books;

    Session(String name, BookDepth depth, List<Market> markets, boolean trader, int budget) {
      this.name = name;
      this.depth = depth;
      this.markets = List.copyOf(markets);
      this.trader = trader;
      endpoints.put(WebSocketEndpoint.SPOT_PUBLIC, new EndpointState());
      if (trader) endpoints.put(WebSocketEndpoint.SPOT_PRIVATE, new EndpointState());
      TokenSource fresh = TokenSource.spot(kraken);
      this.ws = KrakenWebSocketClient.builder()
          .environment(WebSocketEnvironment.of(sandbox.webSocketUrls()))
          .tokenSource(() -> fresh.token().thenApply(token -> {
            tokens.add(token);
            return token;
          }))
          .reconnectPolicy(ReconnectPolicy.builder()
              .initialBackoff(Duration.ofMillis(500))
              .maxBackoff(Duration.ofSeconds(8))
              .stableAfter(Duration.ofSeconds(20))
              .connectionBudget(budget, Duration.ofMinutes(10))
              .build())
          .callListener(this)
          .scheduler(scheduler)
          .random(new Random(name.hashCode()))
          .build();
    }

    void subscribe() {
      List<String> symbols = markets.stream().map(m -> m.symbol).toList();
      books = join(ws.spot().book(p -> p.symbol(symbols).depth(depth), new OrderBookListener() {
        @Override public void onBook(OrderBookSnapshot book) {
          bookGeneration.put(book.symbol(), endpoints.get(WebSocketEndpoint.SPOT_PUBLIC).generation);
          resubscribeDue.remove(book.symbol());
          if (unhealed.remove(book.symbol()) != null) healed.add(book.symbol());
          signal();
        }

        @Override public void onChecksumMismatch(ChecksumResult mismatch) {
          mismatches.add(mismatch.symbol());
          int inARow = unhealed.merge(mismatch.symbol(), 1, Integer::sum);
          // The clock stands still from the first mismatch to here (the book is unhealed): the brake's timer is this one.
          if (inARow >= 2) {
            resubscribeDue.put(mismatch.symbol(), scheduler.nanoTime() + Duration.ofSeconds(1L << (inARow - 2)).toNanos());
          }
          signal();
        }

        @Override public void onFailure(Throwable failure) {
          failures.add(failure);
          signal();
        }
      }), name + " book");
      if (!trader) return;
      join(ws.spot().executions(p -> p.snapTrades(true), new ChannelListener<List<ExecutionReport>>() {
        @Override public void onMessage(ChannelMessage<List<ExecutionReport>> message) {
          for (ExecutionReport report : message.data()) {
            if (report.execType() != null && "trade".equals(report.execType().value()) && report.execId() != null) {
              Fill fill = fills.computeIfAbsent(report.execId(), id -> new Fill(report));
              if (message.isSnapshot()) fill.inSnapshots.incrementAndGet();
              else fill.inUpdates.incrementAndGet();
            }
          }
          if (message.isSnapshot()) executionsGeneration = endpoints.get(WebSocketEndpoint.SPOT_PRIVATE).generation;
          signal();
        }

        @Override public void onFailure(Throwable failure) {
          failures.add(failure);
          signal();
        }
      }), name + " executions");
      join(ws.spot().balances(p -> { }, new BalancesListener() {
        @Override public void onSnapshot(ChannelMessage<List<AssetBalance>> message) {
          balancesGeneration = endpoints.get(WebSocketEndpoint.SPOT_PRIVATE).generation;
          signal();
        }

        @Override public void onUpdate(ChannelMessage<List<LedgerTransaction>> message) {
        }

        @Override public void onFailure(Throwable failure) {
          failures.add(failure);
          signal();
        }
      }), name + " balances");
    }

    @Override public void connectionEvent(ConnectionEvent event) {
      events.add(event);
      EndpointState state = endpoints.get(WebSocketEndpoint.valueOf(event.endpoint()));
      synchronized (progress) {
        state.last = event.kind();
        if (event.kind() == ConnectionEvent.Kind.CONNECTED) state.generation++;
        state.dueNanos = scheduler.nanoTime() + event.delay().toNanos();
        progress.notifyAll();
      }
    }

    /** Whether nothing is under way that the driver must wait for in real time. */
    boolean settled() {
      for (Map.Entry<WebSocketEndpoint, EndpointState> entry : endpoints.entrySet()) {
        EndpointState state = entry.getValue();
        if (state.last == null) return false;
        switch (state.last) {
          case CONNECTED -> {
            if (!healthy(entry.getKey()) && !booksWaitOnTheClock(entry.getKey())) return false;
          }
          case RECONNECT_SCHEDULED, BUDGET_WAIT -> {
            if (state.dueNanos <= scheduler.nanoTime()) return false; // the attempt is under way
          }
          case DISCONNECTED -> {
            return false; // a decision follows under the same lock
          }
          case TERMINATED -> {
          }
        }
      }
      return true;
    }

    /**
     * True when every book still out of sync mismatched twice or more in a row (two corruptions of
     * one pair can reach it back to back) and its resubscribe is not sent yet: the client's brake
     * sends it after 1 s, 2 s, 4 s of the client's clock, the sandbox's, which moves only between
     * settles. Once due, it is on the wire, and the settle waits for its snapshot as for any other.
     */
    boolean booksWaitOnTheClock(WebSocketEndpoint endpoint) {
      EndpointState state = endpoints.get(endpoint);
      if (endpoint != WebSocketEndpoint.SPOT_PUBLIC || state.last != ConnectionEvent.Kind.CONNECTED) return false;
      if (unhealed.isEmpty()) return false;
      for (String symbol : unhealed.keySet()) {
        Long due = resubscribeDue.get(symbol);
        if (due == null || due <= scheduler.nanoTime()) return false;
      }
      for (Market market : markets) {
        if (!unhealed.containsKey(market.symbol) && bookGeneration.getOrDefault(market.symbol, -1) != state.generation) {
          return false;
        }
      }
      return true;
    }

    boolean healthy(WebSocketEndpoint endpoint) {
      EndpointState state = endpoints.get(endpoint);
      if (state.last != ConnectionEvent.Kind.CONNECTED) return false;
      if (endpoint == WebSocketEndpoint.SPOT_PUBLIC) {
        if (!unhealed.isEmpty()) return false;
        for (Market market : markets) {
          if (bookGeneration.getOrDefault(market.symbol, -1) != state.generation) return false;
        }
        return true;
      }
      return executionsGeneration == state.generation && balancesGeneration == state.generation;
    }

    boolean terminated() {
      return endpoints.values().stream().allMatch(state -> state.last == ConnectionEvent.Kind.TERMINATED);
    }

    long count(ConnectionEvent.Kind kind, WebSocketEndpoint endpoint) {
      return events.stream().filter(e -> e.kind() == kind && e.endpoint().equals(endpoint.name())).count();
    }

    @Override public String toString() {
      StringBuilder result = new StringBuilder(name).append('{');
      endpoints.forEach((endpoint, state) -> result.append(endpoint).append('=').append(state.last).append('#')
          .append(state.generation).append(state.last == ConnectionEvent.Kind.CONNECTED && !healthy(endpoint)
              ? " (waiting for snapshots: books " + bookGeneration + ", unhealed " + unhealed.keySet()
                  + ", executions #" + executionsGeneration + ", balances #" + balancesGeneration + ")" : "")
          .append(' '));
      return result.append('}').toString();
    }
  }

  private static final class EndpointState {
    volatile ConnectionEvent.Kind last;
    volatile int generation;
    volatile long dueNanos;
  }

  private record Fill(String execId, String orderId, BigDecimal qty, BigDecimal price, AtomicInteger inUpdates,
      AtomicInteger inSnapshots) {
    Fill(ExecutionReport report) {
      this(report.execId(), report.orderId(), report.lastQty(), report.lastPrice(), new AtomicInteger(),
          new AtomicInteger());
    }
  }

  /** A pair as REST's AssetPairs gives it, with its WebSocket v2 symbol. */
  private static final class Market {
    final String altname;
    final String symbol;
    final int priceDecimals;
    final BigDecimal ordermin;
    final BigDecimal costmin;

    Market(AssetPair pair) {
      this.altname = pair.altname();
      // v2 names Bitcoin BTC where AssetPairs' wsname (v1) says XBT.
      this.symbol = pair.wsname().replace("XBT/", "BTC/");
      this.priceDecimals = pair.pairDecimals();
      this.ordermin = pair.ordermin();
      this.costmin = pair.costmin() == null ? BigDecimal.ZERO : pair.costmin();
    }
  }

  // ---- the driver ----

  private void signal() {
    synchronized (progress) {
      progress.notifyAll();
    }
  }

  /** Waits, in real time, until every session is settled and every order answered (or parked with its connection down). */
  private void settle(String when) throws InterruptedException {
    scheduler.awaitIdle();
    long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
    synchronized (progress) {
      while (!settled()) {
        long left = deadline - System.nanoTime();
        if (left <= 0) fail("the connections did not settle " + when + " within " + SETTLE_TIMEOUT + ": " + describe());
        progress.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
      }
    }
  }

  private boolean settled() {
    for (Session session : sessions) if (!session.settled()) return false;
    Session trader = trader();
    boolean privateUp = trader != null
        && trader.endpoints.get(WebSocketEndpoint.SPOT_PRIVATE).last == ConnectionEvent.Kind.CONNECTED;
    for (Order order : orders) {
      if (order.pending() && privateUp) return false;
    }
    return true;
  }

  private boolean allHealthy() {
    for (Session session : sessions) {
      for (WebSocketEndpoint endpoint : session.endpoints.keySet()) if (!session.healthy(endpoint)) return false;
    }
    for (Order order : orders) if (order.pending()) return false;
    return true;
  }

  private String describe() {
    return sessions + ", orders pending " + orders.stream().filter(Order::pending).map(o -> o.clOrdId).toList();
  }

  private Session trader() {
    return sessions.stream().filter(s -> s.trader).findFirst().orElse(null);
  }

  private void injectFault() {
    int kind = random.nextInt(12);
    switch (kind) {
      case 0, 1 -> {
        int code = kind == 0 ? 1001 : 1006;
        sandbox.webSocket().closeConnections(code);
        count("close " + code);
      }
      case 2 -> {
        sandbox.webSocket().closeConnections("/auth/v2", 1006);
        count("close 1006 /auth/v2");
      }
      case 3 -> {
        sandbox.webSocket().delayPongs(Duration.ofSeconds(3), 2);
        count("pongs 3 s late (within the timeout)");
      }
      case 4 -> {
        sandbox.webSocket().delayPongs(Duration.ofSeconds(15), 1);
        count("a pong 15 s late (past the timeout)");
      }
      case 5 -> {
        sandbox.webSocket().dropPongs(1);
        count("a pong dropped");
      }
      case 6, 7, 8 -> {
        List<Market> all = new ArrayList<>(markets.values());
        Market market = all.get(random.nextInt(all.size()));
        sandbox.webSocket().corruptNextChecksum("book", market.symbol);
        // Another participant's order moves the book, so that a message carries the corruption.
        BigDecimal last = sandbox.spot().lastPrice(market.altname);
        BigDecimal price = last.multiply(new BigDecimal("0.7")).setScale(market.priceDecimals, RoundingMode.DOWN);
        kraken.spot().addOrder(r -> r.pair(market.altname).side(io.github.krakensdk.spot.model.OrderSide.BUY)
            .orderType(io.github.krakensdk.spot.model.OrderType.LIMIT)
            .price(io.github.krakensdk.values.OrderPrice.of(price)).volume(volume(market, price)));
        count("corrupted checksum");
      }
      case 9 -> {
        if (tokens.isEmpty()) return;
        sandbox.webSocket().invalidateToken(tokens.get(tokens.size() - 1));
        count("token invalidated");
      }
      case 10 -> {
        int status = random.nextBoolean() ? 503 : 429;
        sandbox.webSocket().refuseConnections(Duration.ofSeconds(10 + random.nextInt(20)), status);
        sandbox.webSocket().closeConnections(1006);
        count("upgrades refused (" + status + ") after close 1006");
      }
      default -> {
        sandbox.webSocket().omitNextResult("add_order");
        count("add_order reply without result");
      }
    }
  }

  private void count(String fault) {
    faults.merge(fault, 1, Integer::sum);
  }

  /**
   * Closes every connection with 1008: terminal for the client by design. Every subscription fails,
   * a later request fails at once without a connection attempt; new clients take over.
   */
  private void terminalClose() throws Exception {
    // Every connection open first, so that the 1008 reaches each (the budget may keep one waiting).
    sandbox.webSocket().clearFaults();
    Duration waited = Duration.ZERO;
    while (!allHealthy()) {
      assertTrue(waited.compareTo(Duration.ofMinutes(10)) < 0, "not all connected before 1008: " + describe());
      scheduler.advance(STEP);
      waited = waited.plus(STEP);
      settle("before 1008");
      reconcile();
    }
    Map<String, Long> before = sandbox.webSocket().connectionAttempts();
    sandbox.webSocket().closeConnections(1008);
    count("close 1008 (terminal)");
    settle("after 1008");
    for (Session session : sessions) {
      long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
      synchronized (progress) {
        while (!session.terminated() || session.failures.size() < (session.trader ? 3 : 1)) {
          long left = deadline - System.nanoTime();
          if (left <= 0) fail(session.name + " did not end after 1008: " + session + ", failures " + session.failures);
          progress.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
      }
      assertEquals(session.trader ? 3 : 1, session.failures.size(), session.name + ": every subscription failed once");
    }
    Session trader = trader();
    CompletableFuture<AddOrderResult> late = trader.ws.spot().addOrder(o -> o.orderType(OrderType.LIMIT).side(Side.BUY)
        .symbol("BTC/USD").orderQty(new BigDecimal("0.001")).limitPrice(new BigDecimal("1000")));
    KrakenTransportException refused = assertFailsWith(late, KrakenTransportException.class, "an order after 1008");
    assertFalse(refused.outcomeUnknown(), "an order after the end was never sent: " + refused);
    for (int i = 0; i < 4; i++) {
      scheduler.advance(STEP);
      settle("after 1008");
    }
    assertEquals(before, sandbox.webSocket().connectionAttempts(), "no connection attempt after 1008");
    // A new client takes over the trading and the depth-10 books; its executions snapshot repeats the last fills.
    for (Session session : sessions) session.ws.close();
    ended.addAll(sessions);
    Session first = sessions.get(0);
    sessions.clear();
    Session replacement = new Session("after-1008", first.depth, first.markets, true, REPLACEMENT_BUDGET);
    sessions.add(replacement);
    replacement.subscribe();
    Duration calm = Duration.ZERO;
    while (!allHealthy()) {
      assertTrue(calm.compareTo(Duration.ofMinutes(5)) < 0, "the new client did not come up: " + describe());
      scheduler.advance(STEP);
      calm = calm.plus(STEP);
      settle("after 1008");
    }
  }

  // ---- orders ----

  private final class Order {
    final String clOrdId;
    final Market market;
    final Side side;
    final BigDecimal qty;
    final BigDecimal price;
    CompletableFuture<AddOrderResult> placing;
    CompletableFuture<List<CancelOrderResult>> cancelling;
    /** The exchange's id once known: from the reply, or from REST for an order whose outcome was unknown. */
    String txid;
    boolean unknown;
    String unknownBecause;
    boolean absent;
    boolean rejected;
    boolean cancelUnknown;
    boolean cancelled;
    boolean filled;

    Order(Market market, Side side, BigDecimal qty, BigDecimal price) {
      this.clOrdId = "soak-" + orderSeq.incrementAndGet();
      this.market = market;
      this.side = side;
      this.qty = qty;
      this.price = price;
    }

    boolean pending() {
      return placing != null && !placing.isDone() || cancelling != null && !cancelling.isDone();
    }

    boolean resting() {
      return txid != null && !cancelled && !filled && !pending() && !cancelUnknown;
    }
  }

  private void trade() {
    Session trader = trader();
    if (trader == null || trader.endpoints.get(WebSocketEndpoint.SPOT_PRIVATE).last != ConnectionEvent.Kind.CONNECTED) {
      return;
    }
    List<Order> resting = orders.stream().filter(Order::resting).toList();
    int action = resting.size() < 3 ? 0 : random.nextInt(3);
    if (action == 0 || resting.isEmpty()) {
      List<Market> usd = markets.values().stream().filter(m -> m.symbol.endsWith("/USD")).toList();
      Market market = usd.get(random.nextInt(usd.size()));
      BigDecimal last = sandbox.spot().lastPrice(market.altname);
      BigDecimal price = last.multiply(new BigDecimal("0.8")).setScale(market.priceDecimals, RoundingMode.DOWN);
      Order order = new Order(market, Side.BUY, volume(market, price), price);
      orders.add(order);
      order.placing = trader.ws.spot().addOrder(o -> o.orderType(OrderType.LIMIT).side(order.side)
          .symbol(market.symbol).orderQty(order.qty).limitPrice(order.price).clOrdId(order.clOrdId));
      order.placing.whenComplete((result, failure) -> {
        synchronized (progress) {
          // A reply without result never completes the call: it fails as outcome-unknown, like a drop.
          if (failure == null && result.orderId() != null) {
            order.txid = result.orderId();
          } else if (cause(failure) instanceof KrakenServiceException) {
            order.rejected = true; // refused by the service (a token it invalidated): not placed
          } else {
            order.unknown = true; // outcome unknown (a drop, a reply without result): reconciled over REST
            order.unknownBecause = failure == null ? "a result without order_id" : String.valueOf(cause(failure));
          }
          progress.notifyAll();
        }
      });
    } else if (action == 1) {
      Order order = resting.get(random.nextInt(resting.size()));
      BigDecimal fraction = random.nextBoolean() ? BigDecimal.ONE : new BigDecimal("0.5");
      try {
        sandbox.spot().fill(order.txid, fraction); // another participant takes it
      } catch (IllegalStateException e) {
        problems.add(order.clOrdId + " (" + order.txid + ") was to rest in the book: " + e.getMessage());
      }
      if (fraction.equals(BigDecimal.ONE)) order.filled = true;
    } else {
      Order order = resting.get(random.nextInt(resting.size()));
      order.cancelling = trader.ws.spot().cancelOrder(c -> c.orderId(List.of(order.txid)));
      order.cancelling.whenComplete((result, failure) -> {
        synchronized (progress) {
          if (failure == null) order.cancelled = true;
          else order.cancelUnknown = true; // read back from REST
          progress.notifyAll();
        }
      });
    }
  }

  /** Orders whose outcome is unknown are looked up over REST by their cl_ord_id: never sent again. */
  private void reconcile() {
    List<Order> unknown = orders.stream().filter(o -> !o.pending() && (o.unknown && o.txid == null && !o.absent
        || o.cancelUnknown)).toList();
    if (unknown.isEmpty()) return;
    Map<String, OrderInfo> all = exchangeOrders();
    for (Order order : unknown) {
      Map.Entry<String, OrderInfo> found = all.entrySet().stream()
          .filter(e -> order.clOrdId.equals(e.getValue().clientOrderId())).findFirst().orElse(null);
      if (order.unknown && order.txid == null) {
        if (found == null) order.absent = true;
        else order.txid = found.getKey();
      }
      if (order.cancelUnknown && found != null) {
        String status = found.getValue().status().value();
        order.cancelUnknown = false;
        if (status.equals("canceled")) order.cancelled = true;
        else if (status.equals("closed")) order.filled = true;
      }
    }
  }

  private static BigDecimal volume(Market market, BigDecimal price) {
    BigDecimal volume = market.ordermin.multiply(BigDecimal.valueOf(2));
    if (market.costmin.signum() > 0 && volume.multiply(price).compareTo(market.costmin) < 0) {
      volume = market.costmin.multiply(BigDecimal.valueOf(2)).divide(price, market.ordermin.scale() + 4,
          RoundingMode.UP);
    }
    return volume.stripTrailingZeros();
  }

  // ---- the exchange's own records ----

  /** Every order of the account, open and closed, by txid (REST OpenOrders and ClosedOrders, paged). */
  private Map<String, OrderInfo> exchangeOrders() {
    Map<String, OrderInfo> all = new HashMap<>(kraken.spot().getOpenOrders(r -> { }).open());
    for (int offset = 0; ; ) {
      int ofs = offset;
      var page = kraken.spot().getClosedOrders(r -> r.ofs(ofs));
      all.putAll(page.closed());
      offset += page.closed().size();
      if (page.closed().isEmpty() || page.count() == null || offset >= page.count()) break;
    }
    return all;
  }

  /** Every trade of the account by its id (REST TradesHistory, paged). */
  private Map<String, TradeInfo> trades() {
    Map<String, TradeInfo> all = new HashMap<>();
    for (int offset = 0; ; ) {
      int ofs = offset;
      var page = kraken.spot().getTradesHistory(r -> r.ofs(ofs));
      all.putAll(page.trades());
      offset += page.trades().size();
      if (page.trades().isEmpty() || page.count() == null || offset >= page.count()) break;
    }
    return all;
  }

  // ---- the issue's clauses ----

  private void assertNoSubscriptionLost() {
    List<String> lost = new ArrayList<>();
    for (Session session : sessions) {
      session.failures.forEach(f -> lost.add(session.name + " subscription failed: " + f));
      for (Market market : session.markets) {
        if (session.books.book(market.symbol).isEmpty()) lost.add(session.name + " holds no " + market.symbol + " book");
        else assertSameAsRestDepth(session, market);
      }
      if (!session.healthy(WebSocketEndpoint.SPOT_PUBLIC)) lost.add(session.name + " books not all resubscribed");
      if (session.trader && !session.healthy(WebSocketEndpoint.SPOT_PRIVATE)) {
        lost.add(session.name + " executions/balances not resubscribed");
      }
    }
    int books = sessions.stream().mapToInt(s -> s.markets.size()).sum();
    if (ended.isEmpty()) assertEquals(BOOKS, books, "books held at the end of the faults");
    assertEquals(List.of(), lost, "subscriptions lost");
  }

  /**
   * The book a client holds at the end is REST's Depth, price for price. The market is quiet by
   * now, but the last change may still be on its way from the server's pump: it is awaited.
   */
  private void assertSameAsRestDepth(Session session, Market market) {
    int depthLevels = Integer.parseInt(session.depth.value());
    OrderBook depth = kraken.spot().getOrderBook(r -> r.pair(market.altname).count(depthLevels))
        .values().iterator().next();
    List<BigDecimal> restBids = depth.bids().stream().map(level -> level.price().stripTrailingZeros()).toList();
    List<BigDecimal> restAsks = depth.asks().stream().map(level -> level.price().stripTrailingZeros()).toList();
    awaitCondition(() -> prices(session, market, true).equals(restBids) && prices(session, market, false).equals(restAsks));
    assertEquals(restBids, prices(session, market, true), session.name + " " + market.symbol + " bids: REST vs WebSocket");
    assertEquals(restAsks, prices(session, market, false), session.name + " " + market.symbol + " asks: REST vs WebSocket");
  }

  private static List<BigDecimal> prices(Session session, Market market, boolean bids) {
    return session.books.book(market.symbol).map(book -> (bids ? book.bids() : book.asks()).stream()
        .map(level -> level.price().stripTrailingZeros()).toList()).orElse(List.of());
  }

  /** Waits, in real time, up to the settle timeout for {@code condition}; the assertion after it says what is missing. */
  private void awaitCondition(java.util.function.BooleanSupplier condition) {
    long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
    synchronized (progress) {
      while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
        try {
          progress.wait(20);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  private void assertEveryMismatchHealed() {
    List<Session> all = new ArrayList<>(ended);
    all.addAll(sessions);
    for (Session session : sessions) {
      assertEquals(Map.of(), session.unhealed, session.name + ": checksum mismatches left unhealed");
    }
    long detected = all.stream().mapToLong(s -> s.mismatches.size()).sum();
    long delivered = sandbox.webSocket().events().stream()
        .filter(e -> e.kind() == WebSocketEvent.Kind.DELIVERED && e.detail().startsWith("checksum of a book")).count();
    assertTrue(detected <= delivered, "a mismatch no corruption explains: " + detected + " detected, " + delivered
        + " corrupted checksums delivered");
    assertTrue(detected > 0, "the soak corrupted checksums that no client detected (" + delivered + " delivered)");
  }

  private void assertNoOrderSentTwice() {
    Map<String, OrderInfo> all = exchangeOrders();
    Map<String, List<String>> byClOrdId = all.entrySet().stream().filter(e -> e.getValue().clientOrderId() != null
            && e.getValue().clientOrderId().startsWith("soak-"))
        .collect(Collectors.groupingBy(e -> e.getValue().clientOrderId(),
            Collectors.mapping(Map.Entry::getKey, Collectors.toList())));
    Map<String, List<String>> twice = byClOrdId.entrySet().stream().filter(e -> e.getValue().size() > 1)
        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    assertEquals(Map.of(), twice, "orders the exchange holds more than once (cl_ord_id -> txids)");
    for (Order order : orders) {
      List<String> held = byClOrdId.getOrDefault(order.clOrdId, List.of());
      if (order.txid != null) {
        assertEquals(List.of(order.txid), held, order.clOrdId + " as the exchange holds it");
      } else {
        assertEquals(List.of(), held, order.clOrdId + " (" + (order.rejected ? "refused" : "reconciled as absent")
            + ") is not on the exchange");
      }
    }
    assertEquals(orders.size(), byClOrdId.size() + orders.stream().filter(o -> o.txid == null).count(),
        "every order the exchange holds is one the soak placed");
  }

  private void assertEveryFillSeenOnce(Set<String> baseline) {
    Map<String, TradeInfo> history = new HashMap<>(trades());
    history.keySet().removeAll(baseline);
    assertFalse(history.isEmpty(), "the soak made fills");
    // The last fills may still be on their way from the server's pump.
    awaitCondition(() -> fills.keySet().containsAll(history.keySet()));
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, TradeInfo> trade : history.entrySet()) {
      Fill fill = fills.get(trade.getKey());
      if (fill == null) {
        problems.add("fill " + trade.getKey() + " of " + trade.getValue().ordertxid() + " never seen on executions");
        continue;
      }
      if (fill.inUpdates().get() > 1) problems.add("fill " + trade.getKey() + " delivered " + fill.inUpdates() + " times");
      if (!trade.getValue().ordertxid().equals(fill.orderId())
          || trade.getValue().volume().compareTo(fill.qty()) != 0
          || trade.getValue().price().compareTo(fill.price()) != 0) {
        problems.add("fill " + trade.getKey() + " seen as " + fill + ", the exchange says " + trade.getValue());
      }
    }
    for (String execId : fills.keySet()) {
      if (!history.containsKey(execId) && !baseline.contains(execId)) {
        problems.add("fill " + execId + " seen on executions but not in TradesHistory");
      }
    }
    assertEquals(List.of(), problems, "fills against the exchange's trade history");
  }

  private void assertConnectionAttemptsWithinBudget() {
    List<WebSocketEvent> attempts = sandbox.webSocket().events().stream()
        .filter(e -> e.kind() == WebSocketEvent.Kind.CONNECT || e.kind() == WebSocketEvent.Kind.REFUSED).toList();
    int most = 0;
    Instant worst = null;
    for (int i = 0, j = 0; i < attempts.size(); i++) {
      while (!attempts.get(j).at().isAfter(attempts.get(i).at().minus(Duration.ofMinutes(10)))) j++;
      if (i - j + 1 > most) {
        most = i - j + 1;
        worst = attempts.get(i).at();
      }
    }
    assertTrue(most <= ReconnectPolicy.KRAKEN_MAX_ATTEMPTS, most + " connection attempts in the 10 minutes up to "
        + worst + ", over Kraken's " + ReconnectPolicy.KRAKEN_MAX_ATTEMPTS);
    // The clients' own account of it agrees with the server's log, endpoint by endpoint.
    List<Session> all = new ArrayList<>(ended);
    all.addAll(sessions);
    for (Map.Entry<WebSocketEndpoint, String> path : PATHS.entrySet()) {
      long connected = all.stream().mapToLong(s -> s.count(ConnectionEvent.Kind.CONNECTED, path.getKey())).sum();
      long refusedByClient = all.stream().flatMap(s -> s.events.stream())
          .filter(e -> e.endpoint().equals(path.getKey().name()) && e.kind() == ConnectionEvent.Kind.DISCONNECTED
              && e.reason().startsWith("upgrade refused")).count();
      long accepted = attempts.stream().filter(e -> path.getValue().equals(e.endpoint()) && e.kind() == WebSocketEvent.Kind.CONNECT)
          .count();
      long refused = attempts.stream().filter(e -> path.getValue().equals(e.endpoint()) && e.kind() == WebSocketEvent.Kind.REFUSED)
          .count();
      assertEquals(accepted, connected, path.getValue() + ": upgrades the sandbox accepted vs CONNECTED events");
      assertEquals(refused, refusedByClient, path.getValue() + ": upgrades the sandbox refused vs the clients' refusals");
    }
  }

  private String summary(long realMillis, Duration calm) {
    List<Session> all = new ArrayList<>(ended);
    all.addAll(sessions);
    long reconnects = all.stream().flatMap(s -> s.events.stream())
        .filter(e -> e.kind() == ConnectionEvent.Kind.CONNECTED).count() - all.size() - 1;
    long budgetWaits = all.stream().flatMap(s -> s.events.stream())
        .filter(e -> e.kind() == ConnectionEvent.Kind.BUDGET_WAIT).count();
    long healed = all.stream().mapToLong(s -> s.healed.size()).sum();
    return "real " + realMillis + " ms for " + SOAK.toMinutes() + " min of faults + " + calm.toSeconds() + " s of calm; faults "
        + faults + "; reconnects " + reconnects + ", budget waits " + budgetWaits + "; upgrades "
        + sandbox.webSocket().connectionAttempts() + "; orders " + orders.size() + " (placed "
        + orders.stream().filter(o -> o.txid != null).count() + ", outcome unknown and reconciled "
        + orders.stream().filter(o -> o.unknown).count() + " (found placed "
        + orders.stream().filter(o -> o.unknown && o.txid != null).count() + ", absent "
        + orders.stream().filter(o -> o.absent).count() + "; why: " + orders.stream().filter(o -> o.unknown)
            .collect(Collectors.groupingBy(o -> o.unknownBecause.replaceAll("\\d+", "N"), TreeMap::new,
                Collectors.counting())) + "), refused " + orders.stream().filter(o -> o.rejected).count()
        + ", cancelled " + orders.stream().filter(o -> o.cancelled).count() + "); fills " + fills.size()
        + "; checksum mismatches healed " + healed;
  }

  // ---- helpers ----

  private static Throwable cause(Throwable failure) {
    return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
  }

  private static <T> T join(CompletableFuture<T> future, String what) {
    try {
      return future.get(SETTLE_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError(what + " failed", e);
    }
  }

  private static <E extends Throwable> E assertFailsWith(CompletableFuture<?> future, Class<E> type, String what) {
    try {
      future.get(SETTLE_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      if (type.isInstance(e.getCause())) return type.cast(e.getCause());
      throw new AssertionError(what + ": failed with " + e.getCause(), e);
    } catch (Exception e) {
      throw new AssertionError(what + ": " + e, e);
    }
    throw new AssertionError(what + " succeeded");
  }
}
