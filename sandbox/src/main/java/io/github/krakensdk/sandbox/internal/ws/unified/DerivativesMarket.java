package io.github.krakensdk.sandbox.internal.ws.unified;

import io.github.krakensdk.sandbox.internal.ws.Messages;
import static java.util.Objects.requireNonNull;

import io.github.krakensdk.sandbox.internal.spot.exchange.Exchange;
import io.github.krakensdk.sandbox.internal.spot.exchange.ExchangeError;
import io.github.krakensdk.sandbox.internal.spot.exchange.LedgerEntry;
import io.github.krakensdk.sandbox.internal.state.StatePart;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The sandbox's derivatives market, what the Unified WebSocket streams and trades on: three
 * perpetual contracts ({@code PF_XBTUSD}, {@code PF_ETHUSD}, {@code PF_SOLUSD}, the Futures family's
 * symbols), each with a book seeded by a market maker, a tape of trades, and per account the open
 * orders, the positions and the events a connection streams (executions, position changes, ledger
 * entries).
 *
 * <p>Collateral is the account's Spot USD balance, one account-wide ledger: a fill's realised
 * profit or loss and its fee are posted to the Spot exchange's ledger ({@code type=trade},
 * {@code subtype=derivatives}, the trade id as {@code refid}), so REST {@code Ledgers} shows every
 * entry the {@code ledgers} channel streamed, as the Unified pages say (recover a sequence gap
 * with REST {@code Ledgers}). The mark price of a contract is its last trade price; the initial
 * margin is {@link #INITIAL_MARGIN} of a position's or order's notional at the mark, the
 * maintenance margin {@link #MAINTENANCE_MARGIN}. Fees: {@link #TAKER_FEE} and {@link #MAKER_FEE} of
 * the notional, in USD. None of these numbers is Kraken's: they only have to be plausible and
 * repeatable.
 *
 * <pre>{@code
 * DerivativesMarket market = new DerivativesMarket(exchange, clock);
 * DerivativesMarket.Placed placed =
 *     market.add("demo", "PF_XBTUSD", true, "market", new BigDecimal("0.01"), null, null, false, false);
 * market.position("demo", "PF_XBTUSD"); // size 0.0100 at the best ask
 * }</pre>
 *
 * <p>Its books, tape, open orders, positions and every account's streamed events are part of the
 * sandbox's state ({@link #state()}): exported, imported and reset with the Spot exchange whose
 * ledger holds its collateral.
 */
public final class DerivativesMarket {
  /** The account whose resting orders seed every book. */
  static final String MAKER = "sandbox-derivatives-maker";
  static final BigDecimal TAKER_FEE = new BigDecimal("0.0005");
  static final BigDecimal MAKER_FEE = new BigDecimal("0.0002");
  static final BigDecimal INITIAL_MARGIN = new BigDecimal("0.02");
  static final BigDecimal MAINTENANCE_MARGIN = new BigDecimal("0.01");
  /** The Spot asset that is the collateral of every position. */
  static final String COLLATERAL = "ZUSD";

  /** A perpetual contract: quantities in the base asset (contract size 1), prices in USD. */
  record Contract(String symbol, String base, BigDecimal seedMark, int priceDecimals, int qtyDecimals, BigDecimal step) {
    BigDecimal price(BigDecimal value) {
      return value.setScale(priceDecimals, RoundingMode.HALF_EVEN);
    }

    BigDecimal qty(BigDecimal value) {
      return value.setScale(qtyDecimals, RoundingMode.HALF_EVEN);
    }
  }

  static final List<Contract> CONTRACTS = List.of(
      new Contract("PF_XBTUSD", "XBT", new BigDecimal("84210.5"), 1, 4, new BigDecimal("5.0")),
      new Contract("PF_ETHUSD", "ETH", new BigDecimal("1910.25"), 2, 3, new BigDecimal("0.50")),
      new Contract("PF_SOLUSD", "SOL", new BigDecimal("126.400"), 3, 2, new BigDecimal("0.050")));

  /** A refusal, its message the service's error string. */
  static final class Refused extends Exception {
    Refused(String message) {
      super(message);
    }
  }

  /** One order, resting or done. Guarded by the market. */
  static final class Order {
    final String id;
    final String account;
    final Contract contract;
    final boolean buy;
    final String type;
    final String clOrdId;
    final Instant time;
    BigDecimal limit;
    BigDecimal qty;
    BigDecimal filled;
    BigDecimal cost;
    String status;

    Order(String id, String account, Contract contract, boolean buy, String type, BigDecimal limit, BigDecimal qty,
        String clOrdId, Instant time) {
      this.id = id;
      this.account = account;
      this.contract = contract;
      this.buy = buy;
      this.type = type;
      this.limit = limit;
      this.qty = qty;
      this.clOrdId = clOrdId;
      this.time = time;
      this.filled = contract.qty(BigDecimal.ZERO);
      this.cost = BigDecimal.ZERO;
      this.status = "new";
    }

    BigDecimal remaining() {
      return qty.subtract(filled);
    }
  }

  record Trade(long id, BigDecimal price, BigDecimal qty, boolean buy, String ordType, Instant time) {}

  record Level(BigDecimal price, BigDecimal qty) {}

  /** A position: signed size (negative short) and average entry price. */
  record Position(BigDecimal size, BigDecimal entry) {}

  /** The order {@link #add} placed: its id and the client's order id, if given. */
  record Placed(String orderId, String clOrdId) {}

  private static final class Book {
    final Contract contract;
    final TreeMap<BigDecimal, Deque<Order>> bids = new TreeMap<>(Comparator.reverseOrder());
    final TreeMap<BigDecimal, Deque<Order>> asks = new TreeMap<>();
    final List<Trade> trades = new ArrayList<>();
    long nextTradeId = 1;

    Book(Contract contract) {
      this.contract = contract;
    }

    /** For the state codec: it keeps the comparators of the sides and sets the contract it read. */
    private Book() {
      this(CONTRACTS.get(0));
    }

    TreeMap<BigDecimal, Deque<Order>> side(boolean buy) {
      return buy ? bids : asks;
    }

    BigDecimal mark() {
      return trades.isEmpty() ? contract.seedMark() : trades.get(trades.size() - 1).price();
    }
  }

  private final Exchange spot;
  private final Clock clock;
  private final Map<String, Book> books = new LinkedHashMap<>();
  private final Map<String, Order> open = new LinkedHashMap<>();
  private final Map<String, Map<String, Position>> positions = new LinkedHashMap<>();
  private final Map<String, List<Map<String, Object>>> executions = new LinkedHashMap<>();
  private final Map<String, List<Map<String, Object>>> ledgers = new LinkedHashMap<>();
  private final Map<String, List<Map<String, Object>>> positionChanges = new LinkedHashMap<>();
  /** Counts every change of any book, position or balance (a margin subscription re-sends on a change). */
  private long version;

  public DerivativesMarket(Exchange spot, Clock clock) {
    this.spot = requireNonNull(spot, "spot == null");
    this.clock = requireNonNull(clock, "clock == null");
    Instant now = clock.instant();
    for (Contract contract : CONTRACTS) {
      Book book = new Book(contract);
      books.put(contract.symbol(), book);
      for (int i = 1; i <= 12; i++) {
        BigDecimal offset = contract.step().multiply(BigDecimal.valueOf(i));
        BigDecimal qty = contract.qty(BigDecimal.valueOf(i).multiply(new BigDecimal("0.25")).add(new BigDecimal("0.5")));
        rest(new Order(UUID.randomUUID().toString(), MAKER, contract, true, "limit",
            contract.price(contract.seedMark().subtract(offset)), qty, null, now));
        rest(new Order(UUID.randomUUID().toString(), MAKER, contract, false, "limit",
            contract.price(contract.seedMark().add(offset)), qty, null, now));
      }
      for (int i = 3; i >= 1; i--) {
        book.trades.add(new Trade(book.nextTradeId++, contract.price(contract.seedMark()),
            contract.qty(new BigDecimal("0.1").multiply(BigDecimal.valueOf(i))), i % 2 == 0, "limit",
            now.minusSeconds(60L * i)));
      }
    }
  }

  /**
   * What the sandbox's state keeps of this market: the books (their resting orders and tapes), the
   * open orders, the positions and each account's executions, ledger entries and position changes
   * (a connection streams them from where it subscribed), and the change counter. The orders are
   * shared between the books and {@code open}, and stay one object each after an import.
   */
  public StatePart state() {
    return StatePart.of(this, "books", "open", "positions", "executions", "ledgers", "positionChanges", "version");
  }

  static Optional<Contract> contract(String symbol) {
    return CONTRACTS.stream().filter(c -> c.symbol().equals(symbol)).findFirst();
  }

  synchronized long version() {
    return version;
  }

  // ---- market data ----

  /** The best {@code depth} levels of one side, best first. */
  synchronized List<Level> levels(String symbol, boolean buy, int depth) {
    List<Level> levels = new ArrayList<>();
    for (Map.Entry<BigDecimal, Deque<Order>> level : books.get(symbol).side(buy).entrySet()) {
      if (levels.size() == depth) {
        break;
      }
      BigDecimal qty = BigDecimal.ZERO;
      for (Order order : level.getValue()) {
        qty = qty.add(order.remaining());
      }
      levels.add(new Level(level.getKey(), books.get(symbol).contract.qty(qty)));
    }
    return levels;
  }

  /** The contract's trades with an id above {@code afterId}, oldest first. */
  synchronized List<Trade> trades(String symbol, long afterId) {
    List<Trade> out = new ArrayList<>();
    for (Trade trade : books.get(symbol).trades) {
      if (trade.id() > afterId) {
        out.add(trade);
      }
    }
    return out;
  }

  synchronized BigDecimal mark(String symbol) {
    return books.get(symbol).mark();
  }

  // ---- trading ----

  /**
   * Places an order for {@code account}: a {@code limit} order rests what it does not fill, a
   * {@code market} order fills against the book and cancels what it cannot. The events land in
   * the account's executions, its position changes and (for its fills) its ledger.
   */
  synchronized Placed add(String account, String symbol, boolean buy, String type, BigDecimal qty, BigDecimal limit,
      String clOrdId, boolean postOnly, boolean reduceOnly) throws Refused {
    Book book = books.get(symbol);
    Contract contract = book.contract;
    if (clOrdId != null && open.values().stream().anyMatch(o -> o.account.equals(account) && clOrdId.equals(o.clOrdId))) {
      throw new Refused("EOrder:Duplicate cl_ord_id");
    }
    BigDecimal size = contract.qty(qty);
    if (size.signum() <= 0) {
      throw new Refused("EGeneral:Invalid arguments:order_qty: must be at least " + BigDecimal.ONE.movePointLeft(contract.qtyDecimals()).toPlainString());
    }
    BigDecimal price = limit == null ? null : contract.price(limit);
    if (reduceOnly) {
      BigDecimal held = position(account, symbol).size();
      if (held.signum() == 0 || (held.signum() > 0) == buy || size.compareTo(held.abs()) > 0) {
        throw new Refused("EOrder:Reduce only:Non-PC");
      }
    }
    BigDecimal reference = price != null ? price : book.mark();
    BigDecimal needed = initialMargin(account).add(size.multiply(reference).multiply(INITIAL_MARGIN));
    if (!reduceOnly && needed.compareTo(spot.available(account, COLLATERAL)) > 0) {
      throw new Refused("EOrder:Insufficient initial margin");
    }
    TreeMap<BigDecimal, Deque<Order>> opposite = book.side(!buy);
    if (postOnly && price != null && !opposite.isEmpty() && crosses(buy, price, opposite.firstKey())) {
      throw new Refused("EOrder:Post only order");
    }
    Instant now = clock.instant();
    Order order = new Order(UUID.randomUUID().toString(), account, contract, buy, type, price, size, clOrdId, now);
    event(order, "new", null, null, null, null, now);
    match(book, order, now);
    if (order.remaining().signum() > 0) {
      if (type.equals("limit")) {
        rest(order);
      } else {
        order.status = "canceled";
        event(order, "canceled", null, null, null, "Market order without liquidity", now);
      }
    }
    version++;
    return new Placed(order.id, order.clOrdId);
  }

  private static boolean crosses(boolean buy, BigDecimal price, BigDecimal best) {
    return buy ? price.compareTo(best) >= 0 : price.compareTo(best) <= 0;
  }

  private void match(Book book, Order taker, Instant now) {
    TreeMap<BigDecimal, Deque<Order>> opposite = book.side(!taker.buy);
    while (taker.remaining().signum() > 0 && !opposite.isEmpty()) {
      BigDecimal best = opposite.firstKey();
      if (taker.limit != null && !crosses(taker.buy, taker.limit, best)) {
        break;
      }
      Deque<Order> queue = opposite.get(best);
      Order maker = queue.peekFirst();
      BigDecimal qty = taker.remaining().min(maker.remaining());
      Trade trade = new Trade(book.nextTradeId++, best, qty, taker.buy, taker.type.equals("market") ? "market" : "limit", now);
      book.trades.add(trade);
      fill(maker, trade, false, now);
      fill(taker, trade, true, now);
      if (maker.remaining().signum() == 0) {
        queue.pollFirst();
        open.remove(maker.id);
        if (queue.isEmpty()) {
          opposite.remove(best);
        }
      }
    }
  }

  private void fill(Order order, Trade trade, boolean taker, Instant now) {
    order.filled = order.filled.add(trade.qty());
    order.cost = order.cost.add(trade.qty().multiply(trade.price()));
    order.status = order.remaining().signum() == 0 ? "filled" : "partially_filled";
    if (order.account.equals(MAKER)) {
      if (order.remaining().signum() == 0) {
        replenish(order);
      }
      return;
    }
    BigDecimal realised = apply(order.account, order.contract, order.buy, trade.qty(), trade.price());
    BigDecimal fee = trade.qty().multiply(trade.price()).multiply(taker ? TAKER_FEE : MAKER_FEE)
        .setScale(4, RoundingMode.HALF_EVEN);
    String refid = order.contract.symbol() + "-" + trade.id();
    LedgerEntry entry;
    try {
      entry = spot.post(order.account, COLLATERAL, realised.setScale(4, RoundingMode.HALF_EVEN), fee, "trade",
          "derivatives", refid);
    } catch (ExchangeError e) {
      // A loss beyond the collateral: the account's USD goes to what it has; the rest is the house's.
      BigDecimal have = spot.available(order.account, COLLATERAL);
      entry = spot.post(order.account, COLLATERAL, have.negate(), BigDecimal.ZERO, "trade", "derivatives", refid);
    }
    event(order, "trade", trade, taker, fee, null, now);
    if (order.remaining().signum() == 0) {
      event(order, "filled", null, null, null, null, now);
    }
    Map<String, Object> ledger = new LinkedHashMap<>();
    ledger.put("ledger_id", entry.id());
    ledger.put("ref_id", entry.refid());
    ledger.put("timestamp", Messages.micros(entry.time()));
    ledger.put("type", entry.type());
    ledger.put("subtype", entry.subtype());
    ledger.put("category", "derivatives");
    ledger.put("asset", "USD");
    ledger.put("asset_class", entry.aclass());
    ledger.put("wallet_type", "spot");
    ledger.put("wallet_id", "main");
    ledger.put("amount", entry.amount());
    ledger.put("fee", entry.fee());
    ledger.put("balance", entry.balance());
    ledgers.computeIfAbsent(order.account, a -> new ArrayList<>()).add(ledger);
  }

  /** The market maker puts a filled order back, so the book never runs dry. */
  private void replenish(Order filled) {
    Book book = books.get(filled.contract.symbol());
    BigDecimal furthest = book.side(filled.buy).isEmpty() ? filled.limit : book.side(filled.buy).lastKey();
    BigDecimal price = filled.buy ? furthest.subtract(filled.contract.step()) : furthest.add(filled.contract.step());
    if (price.signum() > 0) {
      rest(new Order(UUID.randomUUID().toString(), MAKER, filled.contract, filled.buy, "limit",
          filled.contract.price(price), filled.qty, null, clock.instant()));
    }
  }

  /** Moves the account's position by a fill; the profit or loss it realises. */
  private BigDecimal apply(String account, Contract contract, boolean buy, BigDecimal qty, BigDecimal price) {
    Map<String, Position> held = positions.computeIfAbsent(account, a -> new LinkedHashMap<>());
    Position before = held.getOrDefault(contract.symbol(), new Position(contract.qty(BigDecimal.ZERO), BigDecimal.ZERO));
    BigDecimal signed = buy ? qty : qty.negate();
    BigDecimal size = before.size().add(signed);
    BigDecimal realised = BigDecimal.ZERO;
    BigDecimal entry;
    if (before.size().signum() == 0 || before.size().signum() == signed.signum()) {
      BigDecimal notional = before.size().abs().multiply(before.entry()).add(qty.multiply(price));
      entry = contract.price(notional.divide(size.abs(), 12, RoundingMode.HALF_EVEN));
    } else {
      BigDecimal closed = qty.min(before.size().abs());
      realised = price.subtract(before.entry()).multiply(closed).multiply(BigDecimal.valueOf(before.size().signum()));
      entry = size.signum() == 0 ? BigDecimal.ZERO
          : size.signum() == before.size().signum() ? before.entry() : contract.price(price);
    }
    Position after = new Position(contract.qty(size), size.signum() == 0 ? contract.price(BigDecimal.ZERO) : entry);
    if (size.signum() == 0) {
      held.remove(contract.symbol());
    } else {
      held.put(contract.symbol(), after);
    }
    positionChanges.computeIfAbsent(account, a -> new ArrayList<>()).add(positionView(contract.symbol(), after));
    return realised;
  }

  private void rest(Order order) {
    books.get(order.contract.symbol()).side(order.buy).computeIfAbsent(order.limit, p -> new ArrayDeque<>()).addLast(order);
    open.put(order.id, order);
  }

  /** Cancels the account's orders named by id or client order id; the orders cancelled. */
  synchronized List<Order> cancel(String account, List<String> orderIds, List<String> clOrdIds) throws Refused {
    List<Order> found = new ArrayList<>();
    for (String id : orderIds) {
      Order order = open.get(id);
      if (order == null || !order.account.equals(account)) {
        throw new Refused("EOrder:Unknown order");
      }
      found.add(order);
    }
    for (String clOrdId : clOrdIds) {
      Order order = open.values().stream().filter(o -> o.account.equals(account) && clOrdId.equals(o.clOrdId))
          .findFirst().orElseThrow(() -> new Refused("EOrder:Unknown order"));
      found.add(order);
    }
    Instant now = clock.instant();
    for (Order order : found) {
      remove(order);
      order.status = "canceled";
      event(order, "canceled", null, null, null, "User requested", now);
    }
    version++;
    return found;
  }

  /** Cancels every open order of the account; how many. */
  synchronized int cancelAll(String account) throws Refused {
    List<String> ids = open.values().stream().filter(o -> o.account.equals(account)).map(o -> o.id).toList();
    return cancel(account, ids, List.of()).size();
  }

  /** Changes an open order's quantity and limit price in place; its amend id. */
  synchronized String amend(String account, String orderId, String clOrdId, BigDecimal qty, BigDecimal limit,
      boolean postOnly) throws Refused {
    Optional<Order> found = open.values().stream()
        .filter(o -> o.account.equals(account) && (orderId != null ? o.id.equals(orderId) : clOrdId.equals(o.clOrdId)))
        .findFirst();
    if (found.isEmpty()) {
      throw new Refused("EOrder:Unknown order");
    }
    Order order = found.get();
    BigDecimal newQty = order.contract.qty(qty);
    BigDecimal newLimit = limit == null ? order.limit : order.contract.price(limit);
    Book book = books.get(order.contract.symbol());
    TreeMap<BigDecimal, Deque<Order>> opposite = book.side(!order.buy);
    if (!opposite.isEmpty() && crosses(order.buy, newLimit, opposite.firstKey())) {
      if (postOnly) {
        throw new Refused("EOrder:Post only order");
      }
    }
    Instant now = clock.instant();
    if (newQty.compareTo(order.filled) <= 0) {
      remove(order);
      order.status = "canceled";
      event(order, "canceled", null, null, null, "Amended below the filled quantity", now);
    } else {
      boolean keepsPriority = newLimit.compareTo(order.limit) == 0 && newQty.compareTo(order.qty) <= 0;
      if (!keepsPriority) {
        remove(order);
      }
      order.qty = newQty;
      order.limit = newLimit;
      event(order, "amended", null, null, null, null, now);
      if (!keepsPriority) {
        open.put(order.id, order);
        match(book, order, now);
        if (order.remaining().signum() > 0) {
          rest(order);
        } else {
          open.remove(order.id);
        }
      }
    }
    version++;
    return UUID.randomUUID().toString();
  }

  private void remove(Order order) {
    TreeMap<BigDecimal, Deque<Order>> side = books.get(order.contract.symbol()).side(order.buy);
    Deque<Order> queue = side.get(order.limit);
    if (queue != null) {
      queue.remove(order);
      if (queue.isEmpty()) {
        side.remove(order.limit);
      }
    }
    open.remove(order.id);
  }

  // ---- account views ----

  synchronized Position position(String account, String symbol) {
    Contract contract = contract(symbol).orElseThrow();
    return positions.getOrDefault(account, Map.of()).getOrDefault(symbol,
        new Position(contract.qty(BigDecimal.ZERO), contract.price(BigDecimal.ZERO)));
  }

  /** The account's open positions, as the {@code positions} channel writes them. */
  synchronized List<Map<String, Object>> positions(String account) {
    List<Map<String, Object>> out = new ArrayList<>();
    positions.getOrDefault(account, Map.of()).forEach((symbol, position) -> out.add(positionView(symbol, position)));
    return out;
  }

  private static Map<String, Object> positionView(String symbol, Position position) {
    Map<String, Object> view = new LinkedHashMap<>();
    view.put("symbol", symbol);
    view.put("size", position.size());
    view.put("entry_price", position.entry());
    return view;
  }

  /** The position changes of the account from the {@code from}-th on. */
  synchronized List<Map<String, Object>> positionChanges(String account, int from) {
    return tail(positionChanges.get(account), from);
  }

  /** The execution events of the account from the {@code from}-th on. */
  synchronized List<Map<String, Object>> executions(String account, int from) {
    return tail(executions.get(account), from);
  }

  /** The ledger entries the account's fills wrote, from the {@code from}-th on. */
  synchronized List<Map<String, Object>> ledgers(String account, int from) {
    return tail(ledgers.get(account), from);
  }

  synchronized int executionCount(String account) {
    return executions.getOrDefault(account, List.of()).size();
  }

  synchronized int ledgerCount(String account) {
    return ledgers.getOrDefault(account, List.of()).size();
  }

  synchronized int positionChangeCount(String account) {
    return positionChanges.getOrDefault(account, List.of()).size();
  }

  private static List<Map<String, Object>> tail(List<Map<String, Object>> list, int from) {
    return list == null ? List.of() : List.copyOf(list.subList(Math.min(from, list.size()), list.size()));
  }

  /** The account's open orders as {@code executions} snapshot entries. */
  synchronized List<Map<String, Object>> openOrders(String account) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Order order : open.values()) {
      if (order.account.equals(account)) {
        out.add(report(order, "pending_new".equals(order.status) ? "new" : order.status, clock.instant()));
      }
    }
    return out;
  }

  private BigDecimal initialMargin(String account) {
    BigDecimal total = BigDecimal.ZERO;
    for (Map.Entry<String, Position> held : positions.getOrDefault(account, Map.of()).entrySet()) {
      total = total.add(held.getValue().size().abs().multiply(books.get(held.getKey()).mark()).multiply(INITIAL_MARGIN));
    }
    for (Order order : open.values()) {
      if (order.account.equals(account)) {
        total = total.add(order.remaining().multiply(order.limit).multiply(INITIAL_MARGIN));
      }
    }
    return total;
  }

  /**
   * The {@code multi_collateral} section of the account's margin state, in the members of the
   * Derivatives WebSocket's {@code flex_futures} structure: the collateral (the Spot USD balance, no
   * haircut), the unrealised profit at the marks, margin equity, initial margin with and without
   * the open orders, maintenance margin and what is left; every position is cross-margined and no
   * funding accrues. Numbers in USD at 4 decimals.
   */
  synchronized Map<String, Object> multiCollateral(String account) {
    BigDecimal balance = spot.balances(account).getOrDefault(COLLATERAL, BigDecimal.ZERO);
    BigDecimal pnl = BigDecimal.ZERO;
    BigDecimal maintenance = BigDecimal.ZERO;
    BigDecimal withoutOrders = BigDecimal.ZERO;
    BigDecimal exposure = BigDecimal.ZERO;
    for (Map.Entry<String, Position> held : positions.getOrDefault(account, Map.of()).entrySet()) {
      BigDecimal mark = books.get(held.getKey()).mark();
      BigDecimal notional = held.getValue().size().abs().multiply(mark);
      pnl = pnl.add(mark.subtract(held.getValue().entry()).multiply(held.getValue().size()));
      maintenance = maintenance.add(notional.multiply(MAINTENANCE_MARGIN));
      withoutOrders = withoutOrders.add(notional.multiply(INITIAL_MARGIN));
      exposure = exposure.add(notional);
    }
    BigDecimal initial = initialMargin(account);
    BigDecimal equity = balance.add(pnl);
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("balance_value", usd(balance));
    summary.put("portfolio_value", usd(equity));
    summary.put("collateral_value", usd(balance));
    summary.put("initial_margin", usd(initial));
    summary.put("initial_margin_without_orders", usd(withoutOrders));
    summary.put("maintenance_margin", usd(maintenance));
    summary.put("pnl", usd(pnl));
    summary.put("unrealized_funding", usd(BigDecimal.ZERO));
    summary.put("total_unrealized", usd(pnl));
    summary.put("total_unrealized_as_margin", usd(pnl));
    summary.put("margin_equity", usd(equity));
    summary.put("available_margin", usd(equity.subtract(initial)));
    Map<String, Object> usdCollateral = new LinkedHashMap<>();
    usdCollateral.put("quantity", usd(balance));
    usdCollateral.put("value", usd(balance));
    usdCollateral.put("collateral_value", usd(balance));
    usdCollateral.put("available", usd(spot.available(account, COLLATERAL)));
    usdCollateral.put("haircut", usd(BigDecimal.ZERO));
    usdCollateral.put("conversion_spread", usd(BigDecimal.ZERO));
    Map<String, Object> cross = new LinkedHashMap<>(summary);
    cross.put("effective_leverage", equity.signum() > 0
        ? exposure.divide(equity, 4, RoundingMode.HALF_EVEN) : usd(BigDecimal.ZERO));
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("currencies", Map.of("USD", usdCollateral));
    data.putAll(summary);
    data.put("isolated", Map.of());
    data.put("cross", cross);
    return data;
  }

  private static BigDecimal usd(BigDecimal value) {
    return value.setScale(4, RoundingMode.HALF_EVEN);
  }

  // ---- executions ----

  private void event(Order order, String execType, Trade trade, Boolean taker, BigDecimal fee, String reason,
      Instant now) {
    if (order.account.equals(MAKER)) {
      return;
    }
    Map<String, Object> report = report(order, execType, now);
    if (trade != null) {
      report.put("exec_id", order.contract.symbol() + "-" + trade.id());
      report.put("trade_id", trade.id());
      report.put("last_qty", trade.qty());
      report.put("last_price", trade.price());
      report.put("liquidity_ind", taker ? "t" : "m");
      report.put("cost", usd(trade.qty().multiply(trade.price())));
      Map<String, Object> feeView = new LinkedHashMap<>();
      feeView.put("asset", "USD");
      feeView.put("qty", fee);
      report.put("fees", List.of(feeView));
    }
    if (reason != null) {
      report.put("reason", reason);
    }
    executions.computeIfAbsent(order.account, a -> new ArrayList<>()).add(report);
  }

  private static Map<String, Object> report(Order order, String execType, Instant now) {
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("exec_type", execType);
    report.put("order_id", order.id);
    if (order.clOrdId != null) {
      report.put("cl_ord_id", order.clOrdId);
    }
    report.put("symbol", order.contract.symbol());
    report.put("side", order.buy ? "buy" : "sell");
    report.put("order_type", order.type);
    report.put("order_qty", order.qty);
    if (order.limit != null) {
      report.put("limit_price", order.limit);
    }
    report.put("order_status", order.status);
    report.put("cum_qty", order.filled);
    report.put("cum_cost", usd(order.cost));
    if (order.filled.signum() > 0) {
      report.put("avg_price", order.contract.price(order.cost.divide(order.filled, 12, RoundingMode.HALF_EVEN)));
    }
    report.put("time_in_force", "GTC");
    report.put("timestamp", Messages.micros(now));
    return report;
  }
}
