package io.github.krakensdk.sandbox.internal.spot.exchange;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** An order of an account, from placement to its close. Mutable; guarded by the exchange's lock. */
final class Order {
  static final Set<String> TYPES = Set.of("market", "limit", "iceberg", "stop-loss", "take-profit",
      "stop-loss-limit", "take-profit-limit", "trailing-stop", "trailing-stop-limit", "settle-position");

  /** The terms of a conditional close, placed as a new order each time the primary order fills. */
  record Close(String ordertype, String price, String price2) {}

  /** One row of the OrderAmends audit trail. */
  record Amend(String id, String type, BigDecimal orderQty, BigDecimal displayQty, BigDecimal remainingQty,
      BigDecimal limitPrice, BigDecimal triggerPrice, Boolean postOnly, String reason, long nanos) {}

  final String txid;
  final String account;
  final Catalog.Pair pair;
  final boolean buy;
  final String type;
  final long sequence;
  final Instant opened;

  Instant start;
  Instant expire;
  Instant closed;
  String status = "pending";
  String reason;

  /** Base volume, or quote volume for {@code viqc} market buys. */
  BigDecimal volume;
  BigDecimal executed = BigDecimal.ZERO;
  BigDecimal cost = BigDecimal.ZERO;
  BigDecimal fee = BigDecimal.ZERO;

  /** The limit price of limit and iceberg orders, the trigger price of triggered types; null for market. */
  BigDecimal price;
  /** The limit price of the {@code -limit} trigger types. */
  BigDecimal price2;
  /** {@code descr.price} and {@code descr.price2} as the order was given (relative prices stay relative). */
  String priceText = "0";
  String price2Text = "0";

  /** Trailing stops: the offset from the best price seen, absolute or in percent. */
  BigDecimal trailingOffset;
  boolean trailingPercent;
  /** Trailing-stop-limit: the limit's offset from the trigger price (signed), absolute or in percent. */
  BigDecimal limitOffset;
  boolean limitOffsetPercent;
  /** The best reference price seen since placement (highest for sells, lowest for buys). */
  BigDecimal extreme;

  BigDecimal displayVolume;
  String trigger = "last";
  boolean triggered;
  BigDecimal stopPrice;
  BigDecimal limitPrice;

  final Set<String> flags = new LinkedHashSet<>();
  String timeInForce = "GTC";
  String stp = "cancel-newest";
  Integer userref;
  String clOrdId;
  String refid;
  Close close;

  final List<String> trades = new ArrayList<>();
  final List<Amend> amends = new ArrayList<>();
  final Set<String> misc = new LinkedHashSet<>();
  /** When the order was created or last amended: the rate counter's penalties depend on it. */
  Instant lastChange;

  Order(String txid, String account, Catalog.Pair pair, boolean buy, String type, long sequence, Instant opened) {
    this.txid = txid;
    this.account = account;
    this.pair = pair;
    this.buy = buy;
    this.type = type;
    this.sequence = sequence;
    this.opened = opened;
    this.lastChange = opened;
  }

  String side() {
    return buy ? "buy" : "sell";
  }

  /** What is left to trade: base volume, or the quote budget of a {@code viqc} order. */
  BigDecimal remaining() {
    return viqc() ? volume.subtract(cost) : volume.subtract(executed);
  }

  boolean isOpen() {
    return status.equals("open") || status.equals("pending");
  }

  boolean isTriggerType() {
    return type.startsWith("stop-loss") || type.startsWith("take-profit") || type.startsWith("trailing-stop");
  }

  boolean isTrailing() {
    return type.startsWith("trailing-stop");
  }

  /** Whether the order trades at a limit once active (limit, iceberg, and the -limit types once triggered). */
  boolean hasLimit() {
    return type.equals("limit") || type.equals("iceberg") || type.endsWith("-limit");
  }

  boolean viqc() {
    return flags.contains("viqc");
  }

  boolean postOnly() {
    return flags.contains("post");
  }

  /** Whether the fee is charged in the base asset: {@code fcib}, the default for sells. */
  boolean feeInBase() {
    return flags.contains("fcib") || !buy && !flags.contains("fciq");
  }

  /** The price at which the order trades now: its limit, or null to trade at market. */
  BigDecimal executionLimit() {
    if (type.equals("limit") || type.equals("iceberg")) {
      return price;
    }
    if (type.endsWith("-limit")) {
      return limitPrice;
    }
    return null;
  }

  /** The order's {@code oflags}: the flags it was given with the fee flag it trades with. */
  String oflags() {
    List<String> shown = new ArrayList<>();
    if (flags.contains("post")) {
      shown.add("post");
    }
    shown.add(feeInBase() ? "fcib" : "fciq");
    if (flags.contains("nompp")) {
      shown.add("nompp");
    }
    if (flags.contains("viqc")) {
      shown.add("viqc");
    }
    return String.join(",", shown);
  }
}
