package io.github.krakensdk.sandbox.internal.spot.exchange;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * One fill of one of an account's orders, as TradesHistory and QueryTrades show it. {@code fee} is
 * in the quote currency whichever asset it was charged in; {@code tradeId} is the pair's public
 * trade number, shared with the other side of the trade; {@code ledgers} are the entries it wrote.
 */
public record AccountTrade(String id, String ordertxid, String pair, Instant time, String type, String ordertype,
    BigDecimal price, BigDecimal cost, BigDecimal fee, BigDecimal vol, boolean maker, long tradeId,
    List<String> ledgers) {
  public AccountTrade {
    requireNonNull(id, "id == null");
    requireNonNull(ordertxid, "ordertxid == null");
    requireNonNull(pair, "pair == null");
    requireNonNull(time, "time == null");
    requireNonNull(type, "type == null");
    requireNonNull(ordertype, "ordertype == null");
    requireNonNull(price, "price == null");
    requireNonNull(cost, "cost == null");
    requireNonNull(fee, "fee == null");
    requireNonNull(vol, "vol == null");
    ledgers = List.copyOf(ledgers);
  }
}
