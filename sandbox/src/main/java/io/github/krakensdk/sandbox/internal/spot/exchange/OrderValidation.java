package io.github.krakensdk.sandbox.internal.spot.exchange;

import io.github.krakensdk.sandbox.internal.params.Parameters;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** An order's parameters read and checked as the service checks them (AddOrder, AddOrderBatch, the
 * close order and EditOrder's new terms), into an {@link Order} not yet placed. */
final class OrderValidation {
  private final Engine engine;

  OrderValidation(Engine engine) {
    this.engine = engine;
  }

  static final Set<String> CLOSE_TYPES = Set.of("limit", "iceberg", "stop-loss", "take-profit",
      "stop-loss-limit", "take-profit-limit", "trailing-stop", "trailing-stop-limit");

  static final Set<String> FLAGS = Set.of("post", "fcib", "fciq", "nompp", "viqc");

  static final Pattern LONG_UUID =
      Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  static final Pattern SHORT_UUID = Pattern.compile("[0-9a-fA-F]{32}");

  static final Pattern FREE_TEXT = Pattern.compile("[\\x21-\\x7E]{1,18}");

  /**
   * Reads and checks an order request the way the service validates it before the engine sees it.
   * Returns an order not yet placed ({@code txid} null when only validating). {@code closing}: a
   * conditional close created by a fill, which skips the minimums.
   */
  Order prepare(String accountId, Parameters p, Catalog.Pair pair, Instant now, String txid, boolean closing) {
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

    Market market = engine.market(pair);
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
          order.price = Triggers.trailingStop(order);
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
      for (Order other : engine.account(accountId).orders) {
        if (other.isOpen() && clOrdId.equals(other.clOrdId)) {
          throw ExchangeError.invalid("cl_ord_id");
        }
      }
      order.clOrdId = clOrdId;
    }
    order.userref = userref == null ? null : userref.intValue();

    Parameters close = p.child("close");
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

  static String requirePrice(String text, String name) {
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
    BigDecimal delta = percent ? reference.multiply(amount).divide(Engine.HUNDRED) : amount;
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

  static BigDecimal relativeAmount(String text, boolean secondary) {
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

  static String relativeText(String sign, BigDecimal amount, boolean percent, Catalog.Pair pair) {
    return percent ? sign + Wire.fixed(amount, 4) + "%" : sign + Wire.fixed(amount, pair.pairDecimals());
  }

  static BigDecimal roundToTick(BigDecimal value, Catalog.Pair pair, RoundingMode mode) {
    BigDecimal ticks = value.divide(pair.tickSize(), 0, mode);
    return ticks.multiply(pair.tickSize()).setScale(pair.pairDecimals(), RoundingMode.UNNECESSARY);
  }

  /** What the order would cost in quote, for the cost minimum: its price, or the book's for market orders. */
  static BigDecimal estimateCost(Order order, Market market) {
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
  static Instant time(String text, Instant now, String name) {
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

  static boolean isInteger(String text) {
    return text.matches("-?\\d{1,10}");
  }
}
