package io.github.krakensdk.sandbox.internal.ws;

import io.github.krakensdk.sandbox.internal.spot.exchange.Catalog;
import io.github.krakensdk.sandbox.internal.spot.exchange.Exchange;
import io.github.krakensdk.sandbox.internal.spot.exchange.ExchangeError;
import io.github.krakensdk.sandbox.internal.spot.exchange.StreamViews;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The trading methods of the authenticated endpoint, each the REST operation of the same exchange
 * with the WebSocket's names: {@code add_order} is AddOrder ({@code order_qty} the volume,
 * {@code limit_price} the price, {@code triggers.price} the trigger), {@code cancel_order} is
 * CancelOrder per order, {@code cancel_all} CancelAll, {@code cancel_all_orders_after}
 * CancelAllOrdersAfter, {@code amend_order} AmendOrder, {@code edit_order} EditOrder,
 * {@code batch_add} AddOrderBatch, {@code batch_cancel} CancelOrderBatch. The exchange's refusal
 * is the reply's one {@code error} string.
 */
final class Trading {
  static final Set<String> METHODS = Set.of("add_order", "amend_order", "edit_order", "cancel_order", "cancel_all",
      "cancel_all_orders_after", "batch_add", "batch_cancel");
  private static final Set<String> ADD_ORDER_MEMBERS = Set.of("order_type", "side", "order_qty", "symbol",
      "limit_price", "limit_price_type", "triggers", "time_in_force", "margin", "post_only", "reduce_only",
      "effective_time", "expire_time", "deadline", "cl_ord_id", "order_userref", "conditional", "display_qty",
      "fee_preference", "no_mpp", "stp_type", "cash_order_qty", "validate", "sender_sub_id", "token", "stop_price",
      "trigger");
  private static final Set<String> BATCH_ORDER_MEMBERS = Set.of("order_type", "side", "order_qty",
      "limit_price", "limit_price_type", "triggers", "time_in_force", "margin", "post_only", "reduce_only",
      "effective_time", "expire_time", "cl_ord_id", "order_userref", "conditional", "display_qty",
      "fee_preference", "no_mpp", "stp_type", "cash_order_qty", "sender_sub_id", "stop_price", "trigger");
  private static final Set<String> AMEND_ORDER_MEMBERS = Set.of("order_id", "cl_ord_id", "order_qty", "display_qty",
      "limit_price", "limit_price_type", "post_only", "trigger_price", "trigger_price_type", "deadline", "symbol", "token");
  private static final Set<String> EDIT_ORDER_MEMBERS = Set.of("order_id", "symbol", "token", "order_qty",
      "limit_price", "display_qty", "fee_preference", "order_userref", "post_only", "reduce_only", "triggers",
      "deadline", "validate", "no_mpp");
  private static final Set<String> TRIGGERED = Set.of("stop-loss", "stop-loss-limit", "take-profit",
      "take-profit-limit", "trailing-stop", "trailing-stop-limit");

  /** A refusal of the whole request. */
  static final class Refused extends Exception {
    Refused(String message) {
      super(message, null, false, false);
    }
  }

  private final Exchange exchange;
  private final StreamViews views;

  Trading(Exchange exchange, StreamViews views) {
    this.exchange = exchange;
    this.views = views;
  }

  /**
   * The results of a method: one for most, one per cancelled order for {@code cancel_order} (a
   * {@link Refused} for each reference the exchange refused); the one result of {@code batch_add}
   * is a list.
   */
  List<?> call(String method, String account, Map<String, Object> params) throws Refused {
    try {
      return switch (method) {
        case "add_order" -> List.of(addOrder(account, params));
        case "amend_order" -> List.of(amendOrder(account, params));
        case "edit_order" -> List.of(editOrder(account, params));
        case "batch_add" -> List.of(batchAdd(account, params));
        case "batch_cancel" -> List.of(batchCancel(account, params));
        case "cancel_order" -> cancelOrder(account, params);
        case "cancel_all" -> List.of(count(exchange.handle("cancelAllOrders", account, Map.of())));
        case "cancel_all_orders_after" -> List.of(cancelAfter(account, params));
        default -> throw new IllegalArgumentException(method);
      };
    } catch (ExchangeError e) {
      throw new Refused(e.errors().get(0));
    }
  }

  private Map<String, Object> addOrder(String account, Map<String, Object> p) throws Refused {
    members(p, ADD_ORDER_MEMBERS, "add_order");
    Catalog.Pair pair = pair(p, true);
    Map<String, Object> rest = new LinkedHashMap<>();
    rest.put("pair", pair.name());
    rest.putAll(restOrder(p));
    rest.put("deadline", text(p, "deadline", false));
    if (flag(p, "validate")) {
      rest.put("validate", true);
    }
    rest.values().removeIf(java.util.Objects::isNull);
    @SuppressWarnings("unchecked")
    Map<String, Object> placed = (Map<String, Object>) exchange.handle("addOrder", account, rest);
    Object txids = placed.get("txid");
    return orderResult(txids instanceof List<?> list && !list.isEmpty() ? list.get(0) : "", rest);
  }

  /** The result naming one order placed: its id, and the client's references it was given. */
  private static Map<String, Object> orderResult(Object orderId, Map<String, Object> rest) {
    Map<String, Object> result = Messages.object();
    if (orderId != null) {
      result.put("order_id", orderId);
    }
    if (rest.get("cl_ord_id") != null) {
      result.put("cl_ord_id", rest.get("cl_ord_id"));
    }
    if (rest.get("userref") != null) {
      result.put("order_userref", Long.parseLong((String) rest.get("userref")));
    }
    return result;
  }

  /** The members of one order of {@code add_order} or {@code batch_add} under AddOrder's names (without the pair). */
  private static Map<String, Object> restOrder(Map<String, Object> p) throws Refused {
    String type = text(p, "order_type", true);
    Map<String, Object> rest = new LinkedHashMap<>();
    rest.put("type", text(p, "side", true));
    rest.put("ordertype", type);
    List<String> flags = new ArrayList<>();
    BigDecimal cash = number(p, "cash_order_qty");
    if (cash != null) {
      rest.put("volume", cash.toPlainString());
      flags.add("viqc");
    } else {
      rest.put("volume", required(p, "order_qty").toPlainString());
    }
    BigDecimal limit = number(p, "limit_price");
    Map<String, Object> triggers = object(p, "triggers");
    if (TRIGGERED.contains(type)) {
      if (triggers == null || number(triggers, "price") == null) {
        throw new Refused("EGeneral:Invalid arguments:triggers.price: required for a " + type + " order");
      }
      rest.put("price", relative(triggers, "price", "price_type"));
      if (limit != null) {
        rest.put("price2", relative(p, "limit_price", "limit_price_type"));
      }
      if (triggers.get("reference") != null) {
        rest.put("trigger", text(triggers, "reference", false));
      }
    } else if (limit != null) {
      rest.put("price", limit.toPlainString());
    }
    String tif = text(p, "time_in_force", false);
    if (tif != null) {
      rest.put("timeinforce", tif.toUpperCase(Locale.ROOT));
    }
    if (flag(p, "post_only")) {
      flags.add("post");
    }
    if (flag(p, "no_mpp")) {
      flags.add("nompp");
    }
    String fee = text(p, "fee_preference", false);
    if (fee != null) {
      flags.add(fee.equals("base") ? "fcib" : fee.equals("quote") ? "fciq" : "fee_preference");
    }
    if (!flags.isEmpty()) {
      rest.put("oflags", String.join(",", flags));
    }
    BigDecimal display = number(p, "display_qty");
    if (display != null) {
      rest.put("displayvol", display.toPlainString());
    }
    String stp = text(p, "stp_type", false);
    if (stp != null) {
      rest.put("stptype", stp.replace('_', '-'));
    }
    rest.put("starttm", unix(p, "effective_time"));
    rest.put("expiretm", unix(p, "expire_time"));
    rest.put("cl_ord_id", text(p, "cl_ord_id", false));
    BigDecimal userref = number(p, "order_userref");
    if (userref != null) {
      if (rest.get("cl_ord_id") != null) {
        throw new Refused("EGeneral:Invalid arguments:order_userref: not with cl_ord_id");
      }
      rest.put("userref", userref.toPlainString());
    }
    if (flag(p, "margin")) {
      rest.put("leverage", "2");
    }
    if (flag(p, "reduce_only")) {
      rest.put("reduce_only", true);
    }
    Map<String, Object> conditional = object(p, "conditional");
    if (conditional != null) {
      rest.put("close[ordertype]", text(conditional, "order_type", true));
      BigDecimal trigger = number(conditional, "trigger_price");
      BigDecimal closeLimit = number(conditional, "limit_price");
      if (trigger != null) {
        rest.put("close[price]", relative(conditional, "trigger_price", "trigger_price_type"));
        if (closeLimit != null) {
          rest.put("close[price2]", relative(conditional, "limit_price", "limit_price_type"));
        }
      } else if (closeLimit != null) {
        rest.put("close[price]", relative(conditional, "limit_price", "limit_price_type"));
      }
    }
    rest.values().removeIf(java.util.Objects::isNull);
    return rest;
  }

  /**
   * {@code batch_add} is AddOrderBatch: every order is checked before any is placed (one invalid
   * order refuses the batch), and an order the engine refuses (funds) is an entry {@code {error}}
   * (its {@code cl_ord_id}/{@code order_userref} echoed, no {@code order_id}) while the others stand.
   */
  private List<Map<String, Object>> batchAdd(String account, Map<String, Object> p) throws Refused {
    members(p, Set.of("symbol", "orders", "token", "deadline", "validate"), "batch_add");
    Catalog.Pair pair = pair(p, true);
    Object orders = p.get("orders");
    if (!(orders instanceof List<?> list)) {
      throw new Refused("EGeneral:Invalid arguments:orders: required, a list of 2 to 15 orders");
    }
    if (list.size() < 2 || list.size() > 15) {
      throw new Refused("EGeneral:Invalid arguments:orders: 2 to 15 orders of one pair, was " + list.size());
    }
    List<Map<String, Object>> restOrders = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      if (!(list.get(i) instanceof Map<?, ?>)) {
        throw new Refused("EGeneral:Invalid arguments:orders[" + i + "]: must be an object");
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> order = (Map<String, Object>) list.get(i);
      for (String member : order.keySet()) {
        if (!BATCH_ORDER_MEMBERS.contains(member)) {
          throw new Refused("EGeneral:Invalid arguments:orders[" + i + "]." + member + ": not a member of a batch_add order"
              + (member.equals("symbol") ? " (the batch's symbol is every order's)" : ""));
        }
      }
      Map<String, Object> rest = new LinkedHashMap<>();
      Map<String, Object> close = new LinkedHashMap<>();
      for (Map.Entry<String, Object> entry : restOrder(order).entrySet()) {
        if (entry.getKey().startsWith("close[")) {
          close.put(entry.getKey().substring(6, entry.getKey().length() - 1), entry.getValue());
        } else {
          rest.put(entry.getKey(), entry.getValue());
        }
      }
      if (!close.isEmpty()) {
        rest.put("close", close);
      }
      restOrders.add(rest);
    }
    Map<String, Object> batch = new LinkedHashMap<>();
    batch.put("pair", pair.name());
    batch.put("orders", restOrders);
    batch.put("deadline", text(p, "deadline", false));
    if (flag(p, "validate")) {
      batch.put("validate", true);
    }
    batch.values().removeIf(java.util.Objects::isNull);
    Map<?, ?> answer = (Map<?, ?>) exchange.handle("addOrderBatch", account, batch);
    List<?> entries = (List<?>) answer.get("orders");
    List<Map<String, Object>> results = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      Map<?, ?> entry = (Map<?, ?>) entries.get(i);
      // A refused entry is {error} (AddOrderResult's error, as REST AddOrderBatch's entry), with the
      // client's references echoed; a placed one is {order_id}.
      Map<String, Object> result = orderResult(entry.get("error") == null ? entry.get("txid") : null, restOrders.get(i));
      if (entry.get("error") != null) {
        result.put("error", entry.get("error"));
      }
      results.add(result);
    }
    return results;
  }

  /** {@code amend_order} is AmendOrder: the order keeps its id and, unless it grows or moves, its place. */
  private Map<String, Object> amendOrder(String account, Map<String, Object> p) throws Refused {
    members(p, AMEND_ORDER_MEMBERS, "amend_order");
    String orderId = text(p, "order_id", false);
    String clOrdId = text(p, "cl_ord_id", false);
    if ((orderId == null) == (clOrdId == null)) {
      throw new Refused("EGeneral:Invalid arguments:order_id: one of order_id, cl_ord_id is required, not both");
    }
    Map<String, Object> rest = new LinkedHashMap<>();
    rest.put("txid", orderId);
    rest.put("cl_ord_id", clOrdId);
    rest.put("order_qty", required(p, "order_qty").toPlainString());
    BigDecimal display = number(p, "display_qty");
    rest.put("display_qty", display == null ? null : display.toPlainString());
    rest.put("limit_price", p.get("limit_price") == null ? null : relative(p, "limit_price", "limit_price_type"));
    rest.put("trigger_price", p.get("trigger_price") == null ? null : relative(p, "trigger_price", "trigger_price_type"));
    if (flag(p, "post_only")) {
      rest.put("post_only", true);
    }
    rest.put("deadline", text(p, "deadline", false));
    if (p.get("symbol") != null) {
      rest.put("pair", pair(p, false).name());
    }
    rest.values().removeIf(java.util.Objects::isNull);
    Map<?, ?> answer = (Map<?, ?>) exchange.handle("amendOrder", account, rest);
    Map<String, Object> result = Messages.object();
    result.put("amend_id", answer.get("amend_id"));
    if (orderId != null) {
      result.put("order_id", orderId);
    } else {
      result.put("cl_ord_id", clOrdId);
    }
    return result;
  }

  /**
   * {@code edit_order} is EditOrder: the order is cancelled and a new one placed with the changes.
   * EditOrder keeps the order's fee currency, trigger and reduce-only terms, so the sandbox
   * refuses {@code fee_preference}, {@code triggers} and {@code reduce_only} by name.
   */
  private Map<String, Object> editOrder(String account, Map<String, Object> p) throws Refused {
    members(p, EDIT_ORDER_MEMBERS, "edit_order");
    for (String kept : List.of("fee_preference", "triggers", "reduce_only")) {
      if (p.get(kept) != null) {
        throw new Refused("EGeneral:Invalid arguments:" + kept + ": the sandbox's edit_order keeps the order's own;"
            + " use amend_order or a new order");
      }
    }
    String orderId = text(p, "order_id", true);
    Map<String, Object> rest = new LinkedHashMap<>();
    rest.put("txid", orderId);
    rest.put("pair", pair(p, true).name());
    BigDecimal quantity = number(p, "order_qty");
    rest.put("volume", quantity == null ? null : quantity.toPlainString());
    BigDecimal limit = number(p, "limit_price");
    rest.put("price", limit == null ? null : limit.toPlainString());
    BigDecimal display = number(p, "display_qty");
    rest.put("displayvol", display == null ? null : display.toPlainString());
    BigDecimal userref = number(p, "order_userref");
    rest.put("userref", userref == null ? null : userref.toPlainString());
    if (flag(p, "post_only")) {
      rest.put("oflags", "post");
    }
    rest.put("deadline", text(p, "deadline", false));
    flag(p, "no_mpp");
    if (flag(p, "validate")) {
      rest.put("validate", true);
    }
    rest.values().removeIf(java.util.Objects::isNull);
    Map<?, ?> answer = (Map<?, ?>) exchange.handle("editOrder", account, rest);
    Map<String, Object> result = Messages.object();
    result.put("order_id", answer.get("txid") == null ? "" : answer.get("txid"));
    result.put("original_order_id", answer.get("originaltxid") == null ? orderId : answer.get("originaltxid"));
    return result;
  }

  /**
   * {@code batch_cancel} is CancelOrderBatch; an entry of {@code orders} is an order id if one of the
   * account's orders has it, else a client order id.
   */
  private Map<String, Object> batchCancel(String account, Map<String, Object> p) throws Refused {
    members(p, Set.of("orders", "cl_ord_id", "token"), "batch_cancel");
    List<String> orders = strings(p, "orders", true);
    if (orders.size() < 2 || orders.size() > 50) {
      throw new Refused("EGeneral:Invalid arguments:orders: 2 to 50 order ids or client order ids, was " + orders.size());
    }
    Set<String> txids = new java.util.HashSet<>();
    for (StreamViews.OrderView order : views.orders(account)) {
      txids.add(order.txid());
    }
    List<String> byTxid = new ArrayList<>();
    List<String> byClOrdId = new ArrayList<>(strings(p, "cl_ord_id", false));
    for (String order : orders) {
      (txids.contains(order) ? byTxid : byClOrdId).add(order);
    }
    Map<String, Object> rest = new LinkedHashMap<>();
    rest.put("orders", byTxid);
    rest.put("cl_ord_ids", byClOrdId);
    return count(exchange.handle("cancelOrderBatch", account, rest));
  }

  /**
   * {@code cancel_order} names its orders by one kind of reference, {@code order_id}, {@code
   * cl_ord_id} or {@code order_userref} (Kraken's page: each "cannot be combined with" the others),
   * and is answered per order: a result for each order cancelled, a {@link Refused} (an error reply
   * of the request) for a reference the exchange refuses, the others cancelled all the same.
   */
  private List<Object> cancelOrder(String account, Map<String, Object> p) throws Refused {
    for (String member : p.keySet()) {
      if (!Set.of("order_id", "cl_ord_id", "order_userref", "token").contains(member)) {
        throw new Refused("EGeneral:Invalid arguments:" + member + ": not a member of cancel_order");
      }
    }
    String member = null;
    for (String given : List.of("order_id", "cl_ord_id", "order_userref")) {
      if (p.get(given) == null) {
        continue;
      }
      if (member != null) {
        throw new Refused("EGeneral:Invalid arguments:" + given + ": cannot be combined with " + member);
      }
      member = given;
    }
    if (member == null) {
      throw new Refused("EGeneral:Invalid arguments:order_id: one of order_id, cl_ord_id, order_userref is required");
    }
    if (!(p.get(member) instanceof List<?> list) || list.isEmpty()) {
      throw new Refused("EGeneral:Invalid arguments:" + member + ": must be a list");
    }
    List<String> references = new ArrayList<>();
    for (Object item : list) {
      references.add(item instanceof BigDecimal number ? number.toPlainString() : String.valueOf(item));
    }
    List<Object> results = new ArrayList<>();
    for (String value : references) {
      List<StreamViews.OrderView> before = views.orders(account);
      try {
        exchange.handle("cancelOrder", account, member.equals("cl_ord_id") ? Map.of("cl_ord_id", value) : Map.of("txid", value));
      } catch (ExchangeError e) {
        results.add(new Refused(e.errors().get(0)));
        continue;
      }
      for (StreamViews.OrderView order : before) {
        boolean named = member.equals("order_id") ? order.txid().equals(value)
            : member.equals("cl_ord_id") ? value.equals(order.clOrdId())
            : order.userref() != null && value.equals(order.userref().toString());
        if (named && (order.status().equals("open") || order.status().equals("pending"))) {
          Map<String, Object> result = Messages.object();
          result.put("order_id", order.txid());
          if (order.clOrdId() != null) {
            result.put("cl_ord_id", order.clOrdId());
          }
          results.add(result);
        }
      }
    }
    return results;
  }

  private Map<String, Object> cancelAfter(String account, Map<String, Object> p) throws Refused {
    BigDecimal timeout = required(p, "timeout");
    @SuppressWarnings("unchecked")
    Map<String, Object> answer = (Map<String, Object>) exchange.handle("cancelAllOrdersAfter", account,
        Map.of("timeout", timeout.toPlainString()));
    Map<String, Object> result = Messages.object();
    result.put("currentTime", answer.get("currentTime"));
    Object trigger = answer.get("triggerTime");
    result.put("triggerTime", "0".equals(trigger) ? "1970-01-01T00:00:00Z" : trigger);
    return result;
  }

  private static Map<String, Object> count(Object answer) {
    Map<String, Object> result = Messages.object();
    result.put("count", ((Map<?, ?>) answer).get("count"));
    return result;
  }

  // ---- reading the WebSocket params ----

  private static void members(Map<String, Object> p, Set<String> allowed, String method) throws Refused {
    for (String member : p.keySet()) {
      if (!allowed.contains(member)) {
        throw new Refused("EGeneral:Invalid arguments:" + member + ": not a member of " + method);
      }
    }
  }

  /** The v2 symbol ({@code BTC/USD}) as the exchange's pair. */
  private Catalog.Pair pair(Map<String, Object> p, boolean required) throws Refused {
    String symbol = text(p, "symbol", required);
    return exchange.pair(symbol).filter(found -> found.display().equals(symbol))
        .orElseThrow(() -> new Refused("EGeneral:Invalid arguments:symbol: not a pair of Spot WebSocket v2 (such as BTC/USD), was " + symbol));
  }

  private static List<String> strings(Map<String, Object> p, String member, boolean required) throws Refused {
    Object value = p.get(member);
    if (value == null && !required) {
      return List.of();
    }
    if (!(value instanceof List<?> list)) {
      throw new Refused("EGeneral:Invalid arguments:" + member + ": " + (value == null ? "required, " : "must be ")
          + "a list of strings");
    }
    List<String> strings = new ArrayList<>();
    for (Object item : list) {
      if (!(item instanceof String text)) {
        throw new Refused("EGeneral:Invalid arguments:" + member + ": must be a list of strings, had " + item);
      }
      strings.add(text);
    }
    return strings;
  }

  private static String text(Map<String, Object> p, String member, boolean required) throws Refused {
    Object value = p.get(member);
    if (value == null) {
      if (required) {
        throw new Refused("EGeneral:Invalid arguments:" + member + ": required");
      }
      return null;
    }
    if (!(value instanceof String text)) {
      throw new Refused("EGeneral:Invalid arguments:" + member + ": must be a string, was " + value);
    }
    return text;
  }

  private static BigDecimal number(Map<String, Object> p, String member) throws Refused {
    Object value = p.get(member);
    if (value == null) {
      return null;
    }
    if (!(value instanceof BigDecimal number)) {
      throw new Refused("EGeneral:Invalid arguments:" + member + ": must be a number, was " + value);
    }
    return number;
  }

  private static BigDecimal required(Map<String, Object> p, String member) throws Refused {
    BigDecimal number = number(p, member);
    if (number == null) {
      throw new Refused("EGeneral:Invalid arguments:" + member + ": required");
    }
    return number;
  }

  private static boolean flag(Map<String, Object> p, String member) throws Refused {
    Object value = p.get(member);
    if (value == null) {
      return false;
    }
    if (!(value instanceof Boolean flag)) {
      throw new Refused("EGeneral:Invalid arguments:" + member + ": must be a boolean, was " + value);
    }
    return flag;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Map<String, Object> p, String member) throws Refused {
    Object value = p.get(member);
    if (value == null) {
      return null;
    }
    if (!(value instanceof Map<?, ?>)) {
      throw new Refused("EGeneral:Invalid arguments:" + member + ": must be an object, was " + value);
    }
    return (Map<String, Object>) value;
  }

  /** A price with its type: {@code static} as is, {@code pct} as {@code +n%}, {@code quote} as {@code +n}. */
  private static String relative(Map<String, Object> p, String member, String typeMember) throws Refused {
    BigDecimal value = number(p, member);
    String type = text(p, typeMember, false);
    if (type == null || type.equals("static")) {
      return value.toPlainString();
    }
    String sign = value.signum() < 0 ? "-" : "+";
    String magnitude = value.abs().toPlainString();
    return switch (type) {
      case "pct" -> sign + magnitude + "%";
      case "quote" -> sign + magnitude;
      default -> throw new Refused("EGeneral:Invalid arguments:" + typeMember + ": must be one of static, pct, quote, was " + type);
    };
  }

  /** An RFC 3339 time as the Unix seconds the exchange reads. */
  private static String unix(Map<String, Object> p, String member) throws Refused {
    String text = text(p, member, false);
    if (text == null) {
      return null;
    }
    try {
      Instant at = OffsetDateTime.parse(text).toInstant();
      return Long.toString(at.getEpochSecond());
    } catch (DateTimeParseException e) {
      throw new Refused("EGeneral:Invalid arguments:" + member + ": must be an RFC 3339 time, was " + text);
    }
  }
}
