package io.github.krakensdk.sandbox.internal.exchange;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The trading core: accounts, books, order placement and matching, fills with their trades and
 * ledger entries, triggers, and the time-based events (scheduled starts, GTD expiry, the dead man's
 * switch), settled lazily at the sandbox clock's current time. Not thread-safe: {@link Exchange}
 * holds the lock.
 */
final class Engine {
  static final String NO_POSITION = "TKH2SE-M7IF5-CFI7LT";
  /** How far a market order may trade from the first price it met unless {@code nompp} is set. */
  static final BigDecimal PRICE_PROTECTION = new BigDecimal("0.01");
  private static final Set<String> CLOSE_TYPES = Set.of("limit", "iceberg", "stop-loss", "take-profit",
      "stop-loss-limit", "take-profit-limit", "trailing-stop", "trailing-stop-limit");
  private static final Set<String> FLAGS = Set.of("post", "fcib", "fciq", "nompp", "viqc");
  private static final Pattern LONG_UUID =
      Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
  private static final Pattern SHORT_UUID = Pattern.compile("[0-9a-fA-F]{32}");
  private static final Pattern FREE_TEXT = Pattern.compile("[\\x21-\\x7E]{1,18}");
  private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

  final Catalog catalog;
  final Ids ids;
  final Map<String, Market> markets = new LinkedHashMap<>();
  final Map<String, Account> accounts = new LinkedHashMap<>();
  final Map<String, Order> orders = new LinkedHashMap<>();
  private final Deque<Runnable> followUps = new ArrayDeque<>();
  private long sequence;

  Engine(Catalog catalog, Ids ids) {
    this.catalog = catalog;
    this.ids = ids;
  }

  Account account(String id) {
    return accounts.computeIfAbsent(id, Account::new);
  }

  Market market(Catalog.Pair pair) {
    return markets.get(pair.name());
  }

  long nextSequence() {
    return ++sequence;
  }

  // ---- balances and ledger ----

  /** What an account can spend of an asset: its balance less what its open orders hold. */
  BigDecimal available(Account account, String asset, Order ignoring) {
    BigDecimal held = BigDecimal.ZERO;
    for (Order order : account.orders) {
      if (order != ignoring && order.isOpen()) {
        Hold hold = hold(order);
        if (hold.asset().equals(asset)) {
          held = held.add(hold.amount());
        }
      }
    }
    return account.balance(asset).subtract(held);
  }

  BigDecimal held(Account account, String asset) {
    return account.balance(asset).subtract(available(account, asset, null));
  }

  record Hold(String asset, BigDecimal amount) {}

  /** What an open order holds: quote (with the taker fee) for buys, base for sells. */
  Hold hold(Order order) {
    Catalog.Pair pair = order.pair;
    BigDecimal pct = pair.takerFee(volume30d(account(order.account), null));
    BigDecimal remaining = order.remaining().max(BigDecimal.ZERO);
    if (order.buy) {
      BigDecimal quote;
      if (order.viqc()) {
        quote = remaining;
      } else {
        BigDecimal price = holdPrice(order);
        quote = price == null ? BigDecimal.ZERO : remaining.multiply(price);
      }
      if (!order.feeInBase()) {
        quote = quote.add(quote.multiply(pct).divide(HUNDRED));
      }
      return new Hold(pair.quote().name(), scale(quote, pair.quote().decimals(), RoundingMode.UP));
    }
    BigDecimal base = remaining;
    if (order.feeInBase()) {
      base = base.add(base.multiply(pct).divide(HUNDRED));
    }
    return new Hold(pair.base().name(), scale(base, pair.base().decimals(), RoundingMode.UP));
  }

  private BigDecimal holdPrice(Order order) {
    if (order.type.equals("limit") || order.type.equals("iceberg")) {
      return order.price;
    }
    if (order.type.endsWith("-limit")) {
      if (order.triggered) {
        return order.limitPrice;
      }
      return order.price2 != null ? order.price2 : order.price;
    }
    if (order.price != null) {
      return order.price;
    }
    BigDecimal best = market(order.pair).book.bestPrice(!order.buy);
    return best != null ? best : market(order.pair).last();
  }

  /** Posts a ledger entry: the balance moves by {@code amount - fee}. */
  LedgerEntry post(Account account, Catalog.Asset asset, BigDecimal amount, BigDecimal fee, String type,
      String subtype, String refid, Instant time) {
    BigDecimal after = account.balance(asset.name()).add(amount).subtract(fee);
    account.balances.put(asset.name(), after);
    LedgerEntry entry = new LedgerEntry(ids.ledger(), refid, time, type, subtype, asset.aclass(), asset.name(),
        amount, fee, after);
    account.ledger.add(entry);
    return entry;
  }

  /** The account's 30-day volume in USD: the seeded base plus its own trades since {@code now - 30 days}. */
  BigDecimal volume30d(Account account, Instant now) {
    BigDecimal volume = account.seededVolume;
    Instant from = now == null ? null : now.minus(Duration.ofDays(30));
    for (AccountTrade trade : account.trades) {
      if (from == null || !trade.time().isBefore(from)) {
        Catalog.Pair pair = catalog.pair(trade.pair()).orElseThrow();
        volume = volume.add(trade.cost().multiply(pair.quote().usdValue()));
      }
    }
    return volume;
  }

  // ---- lazy events ----

  /** Settles what became due by {@code now}: scheduled starts, GTD expiry, the dead man's switch, triggers. */
  void settle(Instant now) {
    record Due(Instant at, long order, Runnable action) {}
    List<Due> due = new ArrayList<>();
    for (Order order : orders.values()) {
      if (order.status.equals("pending") && order.start != null && !order.start.isAfter(now)) {
        due.add(new Due(order.start, order.sequence, () -> activate(order, order.start)));
      }
      if (order.isOpen() && order.expire != null && !order.expire.isAfter(now)) {
        due.add(new Due(order.expire, order.sequence, () -> {
          if (order.isOpen()) {
            close(order, "expired", null, order.expire);
          }
        }));
      }
    }
    for (Account account : accounts.values()) {
      Instant deadline = account.deadline;
      if (deadline != null && !deadline.isAfter(now)) {
        due.add(new Due(deadline, -1, () -> {
          account.deadline = null;
          for (Order order : List.copyOf(account.orders)) {
            if (order.isOpen()) {
              close(order, "canceled", "Dead man's switch", deadline);
            }
          }
        }));
      }
    }
    due.sort(Comparator.comparing(Due::at).thenComparingLong(Due::order));
    for (Due event : due) {
      event.action().run();
      drain(event.at());
    }
    drain(now);
  }

  /** Runs follow-ups (conditional closes) and triggers until nothing more happens, then records spreads. */
  void drain(Instant now) {
    for (int guard = 0; guard < 100_000; guard++) {
      Runnable next = followUps.poll();
      if (next != null) {
        next.run();
        continue;
      }
      if (!fireOneTrigger(now)) {
        break;
      }
    }
    for (Market market : markets.values()) {
      market.recordSpread(now);
    }
  }

  private boolean fireOneTrigger(Instant now) {
    for (Order order : orders.values()) {
      if (order.status.equals("open") && order.isTriggerType() && !order.triggered && checkTrigger(order)) {
        run(order, now);
        return true;
      }
    }
    return false;
  }

  /** Moves a trailing stop with the reference price and fires the order when its condition holds. */
  private boolean checkTrigger(Order order) {
    Market market = market(order.pair);
    BigDecimal reference = order.trigger.equals("index") ? market.indexPrice() : market.last();
    if (reference == null) {
      return false;
    }
    if (order.isTrailing()) {
      order.extreme = order.extreme == null ? reference
          : order.buy ? order.extreme.min(reference) : order.extreme.max(reference);
      order.price = trailingStop(order);
      order.stopPrice = order.price;
    }
    boolean takeProfit = order.type.startsWith("take-profit");
    boolean fire = takeProfit
        ? order.buy ? reference.compareTo(order.price) <= 0 : reference.compareTo(order.price) >= 0
        : order.buy ? reference.compareTo(order.price) >= 0 : reference.compareTo(order.price) <= 0;
    if (!fire) {
      return false;
    }
    order.triggered = true;
    order.stopPrice = order.price;
    order.misc.add(takeProfit ? "touched" : "stopped");
    if (order.type.endsWith("-limit")) {
      order.limitPrice = order.isTrailing() ? offset(order.price, order.limitOffset, order.limitOffsetPercent,
          order.pair) : order.price2;
    }
    return true;
  }

  private static BigDecimal trailingStop(Order order) {
    BigDecimal signed = order.buy ? order.trailingOffset : order.trailingOffset.negate();
    return offset(order.extreme, signed, order.trailingPercent, order.pair);
  }

  private static BigDecimal offset(BigDecimal from, BigDecimal signedOffset, boolean percent, Catalog.Pair pair) {
    BigDecimal delta = percent ? from.multiply(signedOffset).divide(HUNDRED) : signedOffset;
    return roundToTick(from.add(delta), pair, RoundingMode.HALF_EVEN);
  }

  // ---- placing ----

  /**
   * Reads and checks an order request the way the service validates it before the engine sees it.
   * Returns an order not yet placed ({@code txid} null when only validating). {@code closing}: a
   * conditional close created by a fill, which skips the minimums.
   */
  Order prepare(String accountId, Params p, Catalog.Pair pair, Instant now, String txid, boolean closing) {
    String side = p.required("type");
    if (!side.equals("buy") && !side.equals("sell")) {
      throw ExchangeError.invalid("type");
    }
    String type = p.required("ordertype");
    if (!Order.TYPES.contains(type)) {
      throw ExchangeError.invalid("ordertype");
    }
    if (type.equals("settle-position") || p.bool("reduce_only", false)) {
      throw new ExchangeError(Errors.UNKNOWN_POSITION);
    }
    String leverage = p.string("leverage");
    if (leverage != null && !leverage.equalsIgnoreCase("none")) {
      throw new ExchangeError(Errors.CANNOT_OPEN_POSITION);
    }
    String assetClass = p.string("asset_class");
    if (assetClass != null && !assetClass.equals("tokenized_asset")) {
      throw ExchangeError.invalid("asset_class");
    }
    boolean buy = side.equals("buy");
    Order order = new Order(txid, accountId, pair, buy, type, 0, now);

    for (String flag : p.names("oflags")) {
      if (!FLAGS.contains(flag)) {
        throw ExchangeError.invalid("oflags");
      }
      order.flags.add(flag);
    }
    if (order.flags.contains("fcib") && order.flags.contains("fciq")
        || order.viqc() && !(buy && type.equals("market"))
        || order.postOnly() && !(type.equals("limit") || type.equals("iceberg"))) {
      throw ExchangeError.invalid("oflags");
    }

    BigDecimal volume = p.decimal("volume");
    if (volume == null || volume.signum() <= 0) {
      throw ExchangeError.invalid("volume");
    }
    int volumeDecimals = order.viqc() ? pair.quote().decimals() : pair.lotDecimals();
    if (volume.stripTrailingZeros().scale() > volumeDecimals) {
      throw ExchangeError.invalid("volume");
    }
    order.volume = volume;
    if (!closing && !order.viqc() && volume.compareTo(pair.orderMin()) < 0) {
      throw new ExchangeError(Errors.ORDER_MINIMUM);
    }

    Market market = market(pair);
    BigDecimal reference = market.last();
    String priceText = p.string("price");
    String price2Text = p.string("price2");
    switch (type) {
      case "market" -> { }
      case "limit", "iceberg", "stop-loss", "take-profit" -> {
        order.price = price(requirePrice(priceText, "price"), false, pair, reference, buy, type);
        order.priceText = Wire.fixed(order.price, pair.pairDecimals());
      }
      case "stop-loss-limit", "take-profit-limit" -> {
        order.price = price(requirePrice(priceText, "price"), false, pair, reference, buy, type);
        order.price2 = price(requirePrice(price2Text, "price2"), true, pair, reference, buy, type);
        order.priceText = Wire.fixed(order.price, pair.pairDecimals());
        order.price2Text = Wire.fixed(order.price2, pair.pairDecimals());
      }
      case "trailing-stop", "trailing-stop-limit" -> {
        String trailing = requirePrice(priceText, "price");
        if (!trailing.startsWith("+")) {
          throw new ExchangeError(Errors.INVALID_PRICE + ":Invalid price argument");
        }
        order.trailingPercent = trailing.endsWith("%");
        order.trailingOffset = relativeAmount(trailing, false);
        order.priceText = relativeText("+", order.trailingOffset, order.trailingPercent, pair);
        if (type.equals("trailing-stop-limit")) {
          String limit = requirePrice(price2Text, "price2");
          if (!limit.startsWith("+") && !limit.startsWith("-")) {
            throw new ExchangeError(Errors.INVALID_PRICE + ":Invalid secondary price argument");
          }
          order.limitOffsetPercent = limit.endsWith("%");
          BigDecimal amount = relativeAmount(limit, true);
          order.limitOffset = limit.startsWith("-") ? amount.negate() : amount;
          order.price2Text = relativeText(limit.substring(0, 1), amount, order.limitOffsetPercent, pair);
        }
        if (reference != null) {
          order.extreme = reference;
          order.price = trailingStop(order);
          order.stopPrice = order.price;
        }
      }
      default -> throw ExchangeError.invalid("ordertype");
    }

    if (type.equals("iceberg")) {
      BigDecimal display = p.decimal("displayvol");
      if (display == null || display.signum() <= 0 || display.compareTo(volume) > 0
          || display.multiply(BigDecimal.valueOf(15)).compareTo(volume) < 0
          || display.stripTrailingZeros().scale() > pair.lotDecimals()) {
        throw ExchangeError.invalid("displayvol");
      }
      order.displayVolume = display;
    }

    if (!closing) {
      BigDecimal estimate = order.viqc() ? volume : estimateCost(order, market);
      if (estimate != null && estimate.compareTo(pair.costMin()) < 0) {
        throw new ExchangeError(Errors.COST_MINIMUM);
      }
    }

    String trigger = p.string("trigger");
    if (trigger != null) {
      if (!trigger.equals("last") && !trigger.equals("index")) {
        throw ExchangeError.invalid("trigger");
      }
      order.trigger = trigger;
    }
    String stp = p.string("stptype");
    if (stp != null) {
      if (!Set.of("cancel-newest", "cancel-oldest", "cancel-both").contains(stp)) {
        throw ExchangeError.invalid("stptype");
      }
      order.stp = stp;
    }

    String tif = p.string("timeinforce");
    order.start = time(p.string("starttm"), now, "starttm");
    order.expire = time(p.string("expiretm"), now, "expiretm");
    if (tif != null) {
      tif = tif.toUpperCase(Locale.ROOT);
      if (!Set.of("GTC", "IOC", "GTD", "FOK").contains(tif)) {
        throw ExchangeError.invalid("timeinforce");
      }
    }
    if ("GTD".equals(tif) && order.expire == null) {
      throw ExchangeError.invalid("expiretm");
    }
    if (order.expire != null) {
      if (tif != null && !tif.equals("GTD") && !tif.equals("GTC") || !order.expire.isAfter(now)) {
        throw ExchangeError.invalid("expiretm");
      }
      tif = "GTD";
    }
    order.timeInForce = tif == null ? "GTC" : tif;
    if (order.postOnly() && !order.timeInForce.equals("GTC") && !order.timeInForce.equals("GTD")) {
      throw ExchangeError.invalid("timeinforce");
    }
    if (order.start != null && !order.start.isAfter(now)) {
      order.start = null;
    }

    Long userref = p.integer("userref");
    if (userref != null && (userref < Integer.MIN_VALUE || userref > Integer.MAX_VALUE)) {
      throw ExchangeError.invalid("userref");
    }
    String clOrdId = p.string("cl_ord_id");
    if (clOrdId != null) {
      if (userref != null) {
        throw ExchangeError.invalid("cl_ord_id");
      }
      if (!LONG_UUID.matcher(clOrdId).matches() && !SHORT_UUID.matcher(clOrdId).matches()
          && !FREE_TEXT.matcher(clOrdId).matches()) {
        throw ExchangeError.invalid("cl_ord_id");
      }
      for (Order other : account(accountId).orders) {
        if (other.isOpen() && clOrdId.equals(other.clOrdId)) {
          throw ExchangeError.invalid("cl_ord_id");
        }
      }
      order.clOrdId = clOrdId;
    }
    order.userref = userref == null ? null : userref.intValue();

    Params close = p.child("close");
    String closeType = close.string("ordertype");
    if (closeType != null) {
      if (!CLOSE_TYPES.contains(closeType)) {
        throw ExchangeError.invalid("close[ordertype]");
      }
      String closePrice = close.string("price");
      String closePrice2 = close.string("price2");
      if (closePrice == null) {
        throw ExchangeError.invalid("close[price]");
      }
      if (closeType.endsWith("-limit") && closePrice2 == null) {
        throw ExchangeError.invalid("close[price2]");
      }
      order.close = new Order.Close(closeType, closePrice, closePrice2);
    }

    deadline(p.string("deadline"), now);
    return order;
  }

  static void deadline(String deadline, Instant now) {
    if (deadline == null) {
      return;
    }
    Instant at;
    try {
      at = OffsetDateTime.parse(deadline).toInstant();
    } catch (DateTimeParseException e) {
      throw ExchangeError.invalid("deadline");
    }
    if (at.isBefore(now)) {
      throw new ExchangeError(Errors.DEADLINE_ELAPSED);
    }
  }

  private static String requirePrice(String text, String name) {
    if (text == null) {
      throw ExchangeError.invalid(name);
    }
    return text.trim();
  }

  /** A price as given: absolute, or relative to the last trade ({@code +}, {@code -}, {@code #}, {@code %}). */
  BigDecimal price(String text, boolean secondary, Catalog.Pair pair, BigDecimal reference, boolean buy,
      String type) {
    String invalid = Errors.INVALID_PRICE + (secondary ? ":Invalid secondary price argument" : ":Invalid price argument");
    char first = text.isEmpty() ? ' ' : text.charAt(0);
    boolean relative = first == '+' || first == '-' || first == '#';
    if (!relative) {
      BigDecimal value;
      try {
        value = new BigDecimal(text);
      } catch (NumberFormatException e) {
        throw new ExchangeError(invalid);
      }
      if (value.signum() <= 0) {
        throw new ExchangeError(invalid);
      }
      if (value.stripTrailingZeros().scale() > pair.pairDecimals()) {
        throw new ExchangeError(Errors.INVALID_PRICE + ":" + pair.name() + " price can only be specified up to "
            + pair.pairDecimals() + " decimals.");
      }
      if (value.remainder(pair.tickSize()).signum() != 0) {
        throw new ExchangeError(Errors.TICK_SIZE);
      }
      return value;
    }
    if (reference == null) {
      throw new ExchangeError(invalid);
    }
    boolean percent = text.endsWith("%");
    BigDecimal amount = relativeAmount(text, secondary);
    BigDecimal delta = percent ? reference.multiply(amount).divide(HUNDRED) : amount;
    boolean up = switch (first) {
      case '+' -> true;
      case '-' -> false;
      // "#": away from the market, where the order neither fills nor triggers at once.
      default -> buy ? type.startsWith("stop-loss") || type.startsWith("trailing")
          : type.equals("limit") || type.equals("iceberg") || type.startsWith("take-profit");
    };
    BigDecimal value = roundToTick(up ? reference.add(delta) : reference.subtract(delta), pair, RoundingMode.DOWN);
    if (value.signum() <= 0) {
      throw new ExchangeError(invalid);
    }
    return value;
  }

  private static BigDecimal relativeAmount(String text, boolean secondary) {
    String body = text;
    if (body.startsWith("+") || body.startsWith("-") || body.startsWith("#")) {
      body = body.substring(1);
    }
    if (body.endsWith("%")) {
      body = body.substring(0, body.length() - 1);
    }
    try {
      BigDecimal amount = new BigDecimal(body);
      if (amount.signum() < 0) {
        throw new NumberFormatException();
      }
      return amount;
    } catch (NumberFormatException e) {
      throw new ExchangeError(Errors.INVALID_PRICE
          + (secondary ? ":Invalid secondary price argument" : ":Invalid price argument"));
    }
  }

  private static String relativeText(String sign, BigDecimal amount, boolean percent, Catalog.Pair pair) {
    return percent ? sign + Wire.fixed(amount, 4) + "%" : sign + Wire.fixed(amount, pair.pairDecimals());
  }

  static BigDecimal roundToTick(BigDecimal value, Catalog.Pair pair, RoundingMode mode) {
    BigDecimal ticks = value.divide(pair.tickSize(), 0, mode);
    return ticks.multiply(pair.tickSize()).setScale(pair.pairDecimals(), RoundingMode.UNNECESSARY);
  }

  /** What the order would cost in quote, for the cost minimum: its price, or the book's for market orders. */
  private static BigDecimal estimateCost(Order order, Market market) {
    BigDecimal price = order.type.endsWith("-limit") ? order.price2 : order.price;
    if (price == null) {
      price = market.book.bestPrice(!order.buy);
      if (price == null) {
        price = market.last();
      }
    }
    return price == null ? null : order.volume.multiply(price);
  }

  /** {@code 0}/absent: none; {@code +n}: n seconds from now; otherwise a Unix time. */
  private static Instant time(String text, Instant now, String name) {
    if (text == null) {
      return null;
    }
    String trimmed = text.trim();
    try {
      // "+60" arrives as " 60" when a form encoder turned the plus into a space.
      if (trimmed.startsWith("+") || text.startsWith(" ")) {
        String amount = trimmed.startsWith("+") ? trimmed.substring(1) : trimmed;
        long seconds = new BigDecimal(amount.trim()).longValueExact();
        if (seconds < 0) {
          throw ExchangeError.invalid(name);
        }
        return now.plusSeconds(seconds);
      }
      BigDecimal value = new BigDecimal(trimmed);
      if (value.signum() == 0) {
        return null;
      }
      if (value.signum() < 0) {
        throw ExchangeError.invalid(name);
      }
      long seconds = value.longValue();
      long nanos = value.subtract(BigDecimal.valueOf(seconds)).movePointRight(9).longValue();
      return Instant.ofEpochSecond(seconds, nanos);
    } catch (NumberFormatException | ArithmeticException e) {
      throw ExchangeError.invalid(name);
    }
  }

  /** The checks the engine makes before matching: the open-order count and the funds. */
  void preMatch(Order order, Tier tier, Order replacing) {
    Account account = account(order.account);
    int open = 0;
    for (Order other : account.orders) {
      if (other != replacing && other.isOpen() && other.pair.equals(order.pair)) {
        open++;
      }
    }
    if (open >= tier.openOrdersPerPair()) {
      throw new ExchangeError(Errors.ORDERS_LIMIT);
    }
    BigDecimal needed;
    String asset;
    Market market = market(order.pair);
    if (order.type.equals("market")) {
      BigDecimal pct = order.pair.takerFee(volume30d(account, null));
      if (order.buy) {
        asset = order.pair.quote().name();
        BigDecimal cost = order.viqc() ? order.volume : sweepCost(market, order.volume, account.id);
        needed = order.feeInBase() ? cost : cost.add(cost.multiply(pct).divide(HUNDRED));
      } else {
        asset = order.pair.base().name();
        needed = order.feeInBase() ? order.volume.add(order.volume.multiply(pct).divide(HUNDRED)) : order.volume;
      }
    } else {
      Hold hold = hold(order);
      asset = hold.asset();
      needed = hold.amount();
    }
    if (available(account, asset, replacing).compareTo(needed) < 0) {
      throw new ExchangeError(Errors.INSUFFICIENT_FUNDS);
    }
  }

  /** What buying {@code volume} at market costs, as far as the book (without the buyer's own orders) goes. */
  private static BigDecimal sweepCost(Market market, BigDecimal volume, String buyer) {
    BigDecimal cost = BigDecimal.ZERO;
    BigDecimal left = volume;
    for (Book.Resting resting : market.book.orders(false)) {
      if (left.signum() <= 0) {
        break;
      }
      if (buyer.equals(resting.owner())) {
        continue;
      }
      BigDecimal quantity = left.min(resting.remaining());
      cost = cost.add(quantity.multiply(resting.price));
      left = left.subtract(quantity);
    }
    return cost;
  }

  /** Registers a prepared order and puts it to work (or schedules it). */
  Order submit(Order prepared, Instant now) {
    prepared.status = "pending";
    orders.put(prepared.txid, prepared);
    account(prepared.account).orders.add(prepared);
    prepared.amends.add(new Order.Amend(ids.amend(), "original", prepared.volume, prepared.displayVolume,
        prepared.remaining(), limitOf(prepared), triggerOf(prepared), prepared.postOnly() ? true : null, null,
        Wire.nanos(now)));
    if (prepared.start == null) {
      activate(prepared, now);
    }
    drain(now);
    return prepared;
  }

  /** A prepared order with its id and sequence, ready to {@link #submit}. */
  Order withId(Order draft, String txid, Instant now) {
    Order order = new Order(txid, draft.account, draft.pair, draft.buy, draft.type, nextSequence(), now);
    order.start = draft.start;
    order.expire = draft.expire;
    order.volume = draft.volume;
    order.price = draft.price;
    order.price2 = draft.price2;
    order.priceText = draft.priceText;
    order.price2Text = draft.price2Text;
    order.trailingOffset = draft.trailingOffset;
    order.trailingPercent = draft.trailingPercent;
    order.limitOffset = draft.limitOffset;
    order.limitOffsetPercent = draft.limitOffsetPercent;
    order.extreme = draft.extreme;
    order.stopPrice = draft.stopPrice;
    order.displayVolume = draft.displayVolume;
    order.trigger = draft.trigger;
    order.flags.addAll(draft.flags);
    order.timeInForce = draft.timeInForce;
    order.stp = draft.stp;
    order.userref = draft.userref;
    order.clOrdId = draft.clOrdId;
    order.refid = draft.refid;
    order.close = draft.close;
    return order;
  }

  static BigDecimal limitOf(Order order) {
    if (order.type.equals("limit") || order.type.equals("iceberg")) {
      return order.price;
    }
    if (order.type.endsWith("-limit")) {
      return order.triggered ? order.limitPrice : order.price2;
    }
    return null;
  }

  static BigDecimal triggerOf(Order order) {
    return order.isTriggerType() ? order.price : null;
  }

  private void activate(Order order, Instant now) {
    if (!order.status.equals("pending")) {
      return;
    }
    order.status = "open";
    if (order.isTriggerType()) {
      if (order.isTrailing() && order.extreme == null) {
        BigDecimal reference = order.trigger.equals("index") ? market(order.pair).indexPrice()
            : market(order.pair).last();
        if (reference != null) {
          order.extreme = reference;
          order.price = trailingStop(order);
          order.stopPrice = order.price;
        }
      }
      return; // fired by drain() when its condition holds
    }
    run(order, now);
  }

  /** An active order meets the book: post-only and fill-or-kill checks, matching, then it rests or is cancelled. */
  private void run(Order order, Instant now) {
    Market market = market(order.pair);
    BigDecimal limit = order.executionLimit();
    if (order.postOnly() && limit != null && wouldTake(order, limit, market)) {
      close(order, "canceled", "Post only order", now);
      return;
    }
    if (order.timeInForce.equals("FOK") && !fillable(order, limit, market)) {
      close(order, "canceled", "Fill or kill", now);
      return;
    }
    String stopped = match(order, limit, market, now);
    if (!order.isOpen()) {
      return;
    }
    if (stopped != null) {
      close(order, "canceled", stopped, now);
    } else if (limit == null) {
      close(order, "canceled", "Insufficient liquidity", now);
    } else if (order.timeInForce.equals("IOC") || order.timeInForce.equals("FOK")) {
      close(order, "canceled", "Immediate or cancel", now);
    } else {
      market.book.add(new Book.Resting(order.txid, order, order.buy, limit, null, now));
    }
  }

  private static boolean crosses(boolean buy, BigDecimal limit, BigDecimal price) {
    return buy ? price.compareTo(limit) <= 0 : price.compareTo(limit) >= 0;
  }

  private static boolean wouldTake(Order order, BigDecimal limit, Market market) {
    BigDecimal best = market.book.bestPrice(!order.buy);
    return best != null && crosses(order.buy, limit, best);
  }

  private static boolean fillable(Order order, BigDecimal limit, Market market) {
    BigDecimal left = order.remaining();
    for (Book.Resting resting : market.book.orders(!order.buy)) {
      if (limit != null && !crosses(order.buy, limit, resting.price)) {
        break;
      }
      if (order.account.equals(resting.owner())) {
        return false; // self-trade prevention would stop it here
      }
      BigDecimal quantity = order.viqc() ? resting.remaining().multiply(resting.price) : resting.remaining();
      left = left.subtract(quantity);
      if (left.signum() <= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Matches an account's order as taker against the opposite side. Returns why it stopped early
   * (self-trade prevention, price protection), or null when it stopped for the book or its limit.
   */
  private String match(Order order, BigDecimal limit, Market market, Instant now) {
    BigDecimal band = null;
    boolean protect = limit == null && !order.flags.contains("nompp");
    String kind = limit == null ? "m" : "l";
    while (order.isOpen()) {
      BigDecimal remaining = order.remaining();
      if (remaining.signum() <= 0) {
        break;
      }
      Book.Resting best = market.book.best(!order.buy);
      if (best == null) {
        return null;
      }
      if (limit != null && !crosses(order.buy, limit, best.price)) {
        return null;
      }
      if (protect) {
        if (band == null) {
          BigDecimal width = best.price.multiply(PRICE_PROTECTION);
          band = order.buy ? best.price.add(width) : best.price.subtract(width);
        } else if (!crosses(order.buy, band, best.price)) {
          return "Market price protection";
        }
      }
      if (order.account.equals(best.owner())) {
        switch (order.stp) {
          case "cancel-oldest" -> {
            close(best.order, "canceled", "Self trade prevention", now);
            continue;
          }
          case "cancel-both" -> {
            close(best.order, "canceled", "Self trade prevention", now);
            return "Self trade prevention";
          }
          default -> {
            return "Self trade prevention";
          }
        }
      }
      BigDecimal quantity = order.viqc()
          ? remaining.divide(best.price, order.pair.lotDecimals(), RoundingMode.DOWN)
          : remaining;
      quantity = quantity.min(best.remaining());
      if (quantity.signum() <= 0) {
        // A quote budget too small for one lot at this price: what is left is dust.
        close(order, order.executed.signum() > 0 ? "closed" : "canceled", null, now);
        return null;
      }
      trade(market, order, best, quantity, best.price, order.buy, kind, now);
    }
    return null;
  }

  /** One trade between a taker (an account's order, or another participant when null) and a resting order. */
  private void trade(Market market, Order taker, Book.Resting maker, BigDecimal quantity, BigDecimal price,
      boolean takerBuys, String kind, Instant now) {
    long nanos = market.stamp(now);
    Instant time = Wire.ofNanos(nanos);
    Market.Print print = new Market.Print(ids.trade(), market.nextTradeId++, price, quantity, nanos,
        takerBuys ? "b" : "s", kind);
    market.tape.add(print);
    if (taker != null) {
      fill(taker, quantity, price, false, print, time);
    }
    if (maker.order != null) {
      fill(maker.order, quantity, price, true, print, time);
    } else {
      maker.volume = maker.volume.subtract(quantity);
      if (maker.volume.signum() <= 0) {
        market.book.remove(maker);
      }
    }
  }

  /** A fill of an account's order: balances, two ledger entries, the account's trade, a conditional close. */
  private void fill(Order order, BigDecimal quantity, BigDecimal price, boolean maker, Market.Print print,
      Instant time) {
    Account account = account(order.account);
    Catalog.Pair pair = order.pair;
    BigDecimal volume = volume30d(account, time);
    BigDecimal pct = maker ? pair.makerFee(volume) : pair.takerFee(volume);
    BigDecimal cost = quantity.multiply(price);
    BigDecimal feeQuote = scale(cost.multiply(pct).divide(HUNDRED), pair.quote().decimals(), RoundingMode.HALF_EVEN);
    BigDecimal feeBase = scale(quantity.multiply(pct).divide(HUNDRED), pair.base().decimals(), RoundingMode.HALF_EVEN);
    boolean inBase = order.feeInBase();
    String tradeId = ids.trade();
    BigDecimal quoteAmount = scale(cost, pair.quote().decimals(), RoundingMode.HALF_EVEN);
    BigDecimal baseAmount = scale(quantity, pair.base().decimals(), RoundingMode.HALF_EVEN);
    LedgerEntry quoteEntry = post(account, pair.quote(), order.buy ? quoteAmount.negate() : quoteAmount,
        inBase ? zero(pair.quote()) : feeQuote, "trade", "tradespot", tradeId, time);
    LedgerEntry baseEntry = post(account, pair.base(), order.buy ? baseAmount : baseAmount.negate(),
        inBase ? feeBase : zero(pair.base()), "trade", "tradespot", tradeId, time);
    order.executed = order.executed.add(quantity);
    order.cost = order.cost.add(cost);
    order.fee = order.fee.add(feeQuote);
    order.trades.add(tradeId);
    account.trades.add(new AccountTrade(tradeId, order.txid, pair.name(), time, order.side(), order.type, price,
        cost, feeQuote, quantity, maker, print.tradeId(), List.of(quoteEntry.id(), baseEntry.id())));
    if (order.close != null) {
      followUps.add(() -> placeClose(order, quantity, time));
    }
    if (done(order)) {
      close(order, "closed", null, time);
    }
  }

  private static boolean done(Order order) {
    if (order.viqc()) {
      return order.remaining().signum() <= 0;
    }
    return order.executed.compareTo(order.volume) >= 0;
  }

  private static BigDecimal zero(Catalog.Asset asset) {
    return BigDecimal.ZERO.setScale(asset.decimals());
  }

  static BigDecimal scale(BigDecimal value, int decimals, RoundingMode mode) {
    return value.setScale(decimals, mode);
  }

  /** The conditional close of a fill: the same volume the other way, on the close terms. */
  private void placeClose(Order primary, BigDecimal quantity, Instant now) {
    Map<String, Object> terms = new LinkedHashMap<>();
    terms.put("type", primary.buy ? "sell" : "buy");
    terms.put("ordertype", primary.close.ordertype());
    terms.put("volume", quantity.toPlainString());
    terms.put("price", primary.close.price());
    terms.put("price2", primary.close.price2());
    terms.put("trigger", primary.trigger);
    if (primary.close.ordertype().equals("iceberg")) {
      terms.put("displayvol", quantity.toPlainString());
    }
    Order draft;
    try {
      draft = prepare(primary.account, Params.of(terms), primary.pair, now, null, true);
    } catch (ExchangeError refused) {
      return; // terms that no longer make sense (e.g. a relative price below zero): no close order
    }
    draft.userref = primary.userref;
    draft.refid = primary.txid;
    Order close = withId(draft, ids.order(), now);
    orders.put(close.txid, close);
    account(close.account).orders.add(close);
    close.amends.add(new Order.Amend(ids.amend(), "original", close.volume, close.displayVolume, close.remaining(),
        limitOf(close), triggerOf(close), null, null, Wire.nanos(now)));
    activate(close, now);
  }

  /** Closes an order (filled, cancelled, expired) and takes it off the book. */
  void close(Order order, String status, String reason, Instant now) {
    Book.Resting resting = market(order.pair).book.find(order);
    if (resting != null) {
      market(order.pair).book.remove(resting);
    }
    order.status = status;
    order.reason = reason;
    order.closed = now;
  }

  // ---- other participants ----

  /**
   * Another participant trades {@code volume} against one resting order of an account, at that
   * order's price. Returns the account's trade ids.
   */
  List<String> takeFrom(Order order, BigDecimal volume, Instant now) {
    Market market = market(order.pair);
    Book.Resting resting = market.book.find(order);
    if (resting == null || !order.isOpen()) {
      throw new IllegalStateException("order " + order.txid + " is not resting in the book");
    }
    BigDecimal quantity = volume.min(order.remaining()).setScale(order.pair.lotDecimals(), RoundingMode.DOWN);
    if (quantity.signum() <= 0) {
      throw new IllegalArgumentException("nothing to trade: " + volume);
    }
    int before = order.trades.size();
    trade(market, null, resting, quantity, resting.price, !order.buy, "l", now);
    List<String> trades = List.copyOf(order.trades.subList(before, order.trades.size()));
    drain(now);
    return trades;
  }

  /**
   * Another participant sends a market order for {@code volume}: it sweeps the book, accounts'
   * orders included, and moves the last price (which may fire stop orders).
   */
  BigDecimal sweep(Catalog.Pair pair, boolean buy, BigDecimal volume, BigDecimal limit, Instant now) {
    Market market = market(pair);
    BigDecimal left = volume;
    while (left.signum() > 0) {
      Book.Resting best = market.book.best(!buy);
      if (best == null || limit != null && !crosses(buy, limit, best.price)) {
        break;
      }
      BigDecimal quantity = left.min(best.remaining());
      trade(market, null, best, quantity, best.price, buy, limit == null ? "m" : "l", now);
      left = left.subtract(quantity);
    }
    drain(now);
    return volume.subtract(left);
  }

  // ---- cancel, amend, edit ----

  /**
   * The rate counter's charge for a transaction: always the fixed part; the decaying part only
   * when the transaction goes through, which it does not when the whole would pass the tier's
   * threshold ({@code EOrder:Rate limit exceeded}).
   */
  void charge(Account account, Tier tier, Catalog.Pair pair, double fixed, double decaying, Instant now) {
    Account.Counter counter = account.counter(pair.name());
    BigDecimal current = counter.current(now, tier);
    BigDecimal withFixed = current.add(BigDecimal.valueOf(fixed));
    BigDecimal whole = withFixed.add(BigDecimal.valueOf(decaying));
    if (whole.compareTo(BigDecimal.valueOf(tier.tradingThreshold())) > 0) {
      counter.value = withFixed;
      throw new ExchangeError(Errors.RATE_LIMIT);
    }
    counter.value = whole;
  }

  /** Adds {@code count} to the rate counter whatever it then is: a batch cancel is accepted over the threshold. */
  void chargeAnyway(Account account, Tier tier, Catalog.Pair pair, double count, Instant now) {
    Account.Counter counter = account.counter(pair.name());
    counter.value = counter.current(now, tier).add(BigDecimal.valueOf(count));
  }

  static double cancelPenalty(Duration age) {
    long ms = age.toMillis();
    return ms < 5_000 ? 8 : ms < 10_000 ? 6 : ms < 15_000 ? 5 : ms < 45_000 ? 4 : ms < 90_000 ? 2
        : ms < 300_000 ? 1 : 0;
  }

  static double amendPenalty(Duration age) {
    long ms = age.toMillis();
    return ms < 5_000 ? 3 : ms < 10_000 ? 2 : ms < 15_000 ? 1 : 0;
  }

  static double editPenalty(Duration age) {
    long ms = age.toMillis();
    return ms < 5_000 ? 6 : ms < 10_000 ? 5 : ms < 15_000 ? 4 : ms < 45_000 ? 2 : ms < 90_000 ? 1 : 0;
  }

  /**
   * Cancels an open order of the account, charging the cancel penalty for its resting time:
   * refused above the threshold, unless it is part of a batch cancel, which the service accepts
   * whatever the counter.
   */
  void cancel(Account account, Tier tier, Order order, boolean batch, Instant now) {
    double penalty = cancelPenalty(Duration.between(order.lastChange, now));
    if (batch) {
      chargeAnyway(account, tier, order.pair, penalty, now);
    } else {
      charge(account, tier, order.pair, 0, penalty, now);
    }
    close(order, "canceled", "User requested", now);
  }

  /** Open orders of the account named by a txid, a userref (digits) or a cl_ord_id. */
  List<Order> openOrders(Account account, String txidOrUserref, String clOrdId) {
    List<Order> found = new ArrayList<>();
    for (Order order : account.orders) {
      if (!order.isOpen()) {
        continue;
      }
      if (clOrdId != null && clOrdId.equals(order.clOrdId)
          || txidOrUserref != null && (txidOrUserref.equals(order.txid)
              || isInteger(txidOrUserref) && order.userref != null
                  && Long.parseLong(txidOrUserref) == order.userref)) {
        found.add(order);
      }
    }
    return found;
  }

  static boolean isInteger(String text) {
    return text.matches("-?\\d{1,10}");
  }

  /** AmendOrder: changes an open order in place and records it in its audit trail. */
  Map<String, Object> amend(Account account, Tier tier, Params p, Instant now) {
    String txid = p.string("txid");
    String clOrdId = p.string("cl_ord_id");
    if (txid == null && clOrdId == null) {
      throw ExchangeError.invalid("txid");
    }
    Order order = null;
    for (Order candidate : account.orders) {
      if (candidate.isOpen() && (txid != null && txid.equals(candidate.txid)
          || txid == null && clOrdId.equals(candidate.clOrdId))) {
        order = candidate;
      }
    }
    if (order == null) {
      throw new ExchangeError(Errors.UNKNOWN_ORDER);
    }
    String pairName = p.string("pair");
    if (pairName != null && !catalog.requirePair(pairName).equals(order.pair)) {
      throw ExchangeError.invalid("pair");
    }
    Catalog.Pair pair = order.pair;
    charge(account, tier, pair, 1, 0, now);
    BigDecimal quantity = p.decimal("order_qty");
    BigDecimal display = p.decimal("display_qty");
    String limitText = p.string("limit_price");
    String triggerText = p.string("trigger_price");
    boolean postOnly = p.bool("post_only", false);
    deadline(p.string("deadline"), now);
    if (quantity == null && display == null && limitText == null && triggerText == null) {
      throw ExchangeError.invalid("order_qty");
    }
    if (quantity != null && (quantity.signum() <= 0 || quantity.stripTrailingZeros().scale() > pair.lotDecimals())) {
      throw ExchangeError.invalid("order_qty");
    }
    if (display != null) {
      BigDecimal remaining = (quantity != null ? quantity : order.volume).subtract(order.executed);
      if (order.displayVolume == null || display.signum() <= 0
          || display.multiply(BigDecimal.valueOf(15)).compareTo(remaining) < 0
          || display.stripTrailingZeros().scale() > pair.lotDecimals()) {
        throw ExchangeError.invalid("display_qty");
      }
    }
    Market market = market(pair);
    BigDecimal limit = null;
    if (limitText != null) {
      boolean limitType = order.type.equals("limit") || order.type.equals("iceberg") || order.type.endsWith("-limit")
          && !order.isTrailing();
      if (!limitType) {
        throw ExchangeError.invalid("limit_price");
      }
      limit = price(limitText.trim(), false, pair, market.last(), order.buy, "limit");
      boolean resting = order.executionLimit() != null && market.book.find(order) != null;
      if (postOnly && resting && wouldTake(order, limit, market)) {
        throw new ExchangeError(Errors.POST_ONLY);
      }
    }
    BigDecimal trigger = null;
    BigDecimal trailingOffset = null;
    boolean trailingPercent = false;
    if (triggerText != null) {
      if (!order.isTriggerType() || order.triggered) {
        throw ExchangeError.invalid("trigger_price");
      }
      String text = triggerText.trim();
      if (order.isTrailing()) {
        if (!text.startsWith("+")) {
          throw new ExchangeError(Errors.INVALID_PRICE + ":Invalid price argument");
        }
        trailingPercent = text.endsWith("%");
        trailingOffset = relativeAmount(text, false);
      } else {
        trigger = price(text, false, pair, market.last(), order.buy, order.type);
      }
    }
    charge(account, tier, pair, 0, amendPenalty(Duration.between(order.lastChange, now)), now);

    Book.Resting resting = market.book.find(order);
    boolean losesPriority = quantity != null && quantity.compareTo(order.volume) > 0;
    if (quantity != null) {
      order.volume = quantity.max(order.executed);
    }
    if (display != null) {
      order.displayVolume = display;
    }
    if (limit != null) {
      if (order.type.endsWith("-limit")) {
        if (order.triggered) {
          losesPriority |= limit.compareTo(order.limitPrice) != 0;
          order.limitPrice = limit;
        } else {
          order.price2 = limit;
          order.price2Text = Wire.fixed(limit, pair.pairDecimals());
        }
      } else {
        losesPriority |= limit.compareTo(order.price) != 0;
        order.price = limit;
        order.priceText = Wire.fixed(limit, pair.pairDecimals());
      }
    }
    if (trigger != null) {
      order.price = trigger;
      order.priceText = Wire.fixed(trigger, pair.pairDecimals());
    }
    if (trailingOffset != null) {
      order.trailingOffset = trailingOffset;
      order.trailingPercent = trailingPercent;
      order.priceText = relativeText("+", trailingOffset, trailingPercent, pair);
      if (order.extreme != null) {
        order.price = trailingStop(order);
        order.stopPrice = order.price;
      }
    }
    order.misc.add("amended");
    order.lastChange = now;
    String amendId = ids.amend();
    order.amends.add(new Order.Amend(amendId, "user", order.volume, order.displayVolume, order.remaining(),
        limitOf(order), triggerOf(order), postOnly ? true : null, null, Wire.nanos(now)));
    if (done(order)) {
      close(order, "closed", null, now);
    } else if (resting != null) {
      BigDecimal newLimit = order.executionLimit();
      if (losesPriority || newLimit.compareTo(resting.price) != 0) {
        market.book.remove(resting);
        if (wouldTake(order, newLimit, market)) {
          run(order, now); // the new limit crosses: it takes what it can, the rest rests again
        } else {
          market.book.add(new Book.Resting(order.txid, order, order.buy, newLimit, null, now));
        }
      }
    }
    drain(now);
    Map<String, Object> result = Wire.object();
    result.put("amend_id", amendId);
    return result;
  }

  /** EditOrder: cancels an open order and places a new one with the changes (a new txid). */
  Map<String, Object> edit(Account account, Tier tier, Params p, Instant now) {
    String txid = p.required("txid");
    List<Order> matches = openOrders(account, txid, null);
    if (matches.isEmpty()) {
      throw new ExchangeError(Errors.UNKNOWN_ORDER);
    }
    if (matches.size() > 1) {
      throw new ExchangeError(Errors.INVALID_ORDER);
    }
    Order original = matches.get(0);
    Catalog.Pair pair = catalog.requirePair(p.string("pair"));
    if (!pair.equals(original.pair)) {
      throw ExchangeError.invalid("pair");
    }
    boolean validate = p.bool("validate", false);
    if (!validate) {
      charge(account, tier, pair, 1, 0, now);
    }
    // The service's caveats: no triggered orders, no conditional closes, no cl_ord_id.
    if (original.triggered || original.close != null || original.clOrdId != null) {
      throw new ExchangeError(Errors.INVALID_ORDER);
    }
    BigDecimal volume = p.decimal("volume");
    BigDecimal newVolume = volume == null ? original.volume : volume;
    if (newVolume.compareTo(original.executed) <= 0) {
      throw ExchangeError.invalid("volume");
    }
    Map<String, Object> terms = new LinkedHashMap<>();
    terms.put("type", original.side());
    terms.put("ordertype", original.type);
    terms.put("volume", newVolume.subtract(original.executed).toPlainString());
    terms.put("price", p.has("price") ? p.string("price") : original.priceText);
    terms.put("price2", p.has("price2") ? p.string("price2") : original.price2Text);
    if (original.displayVolume != null) {
      terms.put("displayvol", p.has("displayvol") ? p.string("displayvol") : original.displayVolume.toPlainString());
    }
    List<String> flags = new ArrayList<>(original.flags);
    flags.remove("post");
    for (String flag : p.names("oflags")) {
      if (!flag.equals("post")) {
        throw ExchangeError.invalid("oflags");
      }
      flags.add(flag);
    }
    terms.put("oflags", String.join(",", flags));
    terms.put("trigger", original.trigger);
    terms.put("stptype", original.stp);
    if (original.expire != null) {
      terms.put("timeinforce", "GTD");
      terms.put("expiretm", String.valueOf(original.expire.getEpochSecond()));
    } else {
      terms.put("timeinforce", original.timeInForce);
    }
    if (p.has("userref")) {
      terms.put("userref", p.raw("userref"));
    }
    terms.put("deadline", p.string("deadline"));
    if (original.type.startsWith("trailing")) {
      terms.put("price", p.has("price") ? p.string("price") : original.priceText);
    }
    Order draft = prepare(account.id, Params.of(terms), pair, now, null, false);
    if (validate) {
      Map<String, Object> result = Wire.object();
      result.put("status", "ok");
      result.put("descr", Map.of("order", AccountViews.description(draft, newVolume)));
      return result;
    }
    charge(account, tier, pair, 0, editPenalty(Duration.between(original.lastChange, now)), now);
    preMatch(draft, tier, original);
    close(original, "canceled", "Order replaced", now);
    Order replacement = withId(draft, ids.order(), now);
    submit(replacement, now);

    Map<String, Object> result = Wire.object();
    result.put("status", "ok");
    result.put("txid", replacement.txid);
    result.put("originaltxid", original.txid);
    result.put("volume", Wire.fixed(newVolume, pair.lotDecimals()));
    result.put("price", replacement.priceText);
    result.put("price2", replacement.price2Text);
    result.put("orders_cancelled", 1L);
    result.put("descr", Map.of("order", AccountViews.description(replacement, newVolume)));
    if (p.has("userref")) {
      result.put("newuserref", String.valueOf(replacement.userref));
      result.put("olduserref", original.userref == null ? "0" : String.valueOf(original.userref));
    }
    return result;
  }

  static BigDecimal divide(BigDecimal a, BigDecimal b) {
    return a.divide(b, MathContext.DECIMAL64);
  }
}
