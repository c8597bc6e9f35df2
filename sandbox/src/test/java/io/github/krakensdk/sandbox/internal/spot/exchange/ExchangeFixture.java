package io.github.krakensdk.sandbox.internal.spot.exchange;

import io.github.krakensdk.sandbox.internal.spot.funding.Deposits;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.krakensdk.sandbox.MutableClock;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.function.Executable;

/** A fresh exchange on a clock that stands still, and short ways to call it. */
abstract class ExchangeFixture {
  static final Instant START = Instant.parse("2025-03-14T09:00:00Z");

  final MutableClock clock = MutableClock.at(START);
  final Exchange exchange = new Exchange(clock);

  /** {@code call("addOrder", "pair", "XBTUSD", ...)} as the demo account. */
  Map<String, Object> call(String operation, Object... keysAndValues) {
    return map(exchange.handle(operation, Exchange.DEMO, params(keysAndValues)));
  }

  Object raw(String operation, Object... keysAndValues) {
    return exchange.handle(operation, Exchange.DEMO, params(keysAndValues));
  }

  static Map<String, Object> params(Object... keysAndValues) {
    Map<String, Object> params = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      params.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return params;
  }

  /** Deposits ten million dollars, for tests that trade more than the demo balance allows. */
  void fund() {
    exchange.post(Exchange.DEMO, "USD", new BigDecimal("10000000"), BigDecimal.ZERO, "deposit", "",
        "FTQcN7x-K3bWp9RmZsq2Lx84YhVd5e");
  }

  /** Places an order and returns its txid. */
  String place(Object... keysAndValues) {
    Map<String, Object> result = call("addOrder", keysAndValues);
    return (String) list(result.get("txid")).get(0);
  }

  /** The one order of QueryOrders for a txid. */
  Map<String, Object> order(String txid) {
    return map(call("queryOrders", "txid", txid, "trades", true).get(txid));
  }

  String refusal(Executable executable) {
    ExchangeError error = assertThrows(ExchangeError.class, executable);
    return error.errors().get(0);
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object value) {
    return (Map<String, Object>) value;
  }

  @SuppressWarnings("unchecked")
  static List<Object> list(Object value) {
    return (List<Object>) value;
  }

  static BigDecimal dec(Object value) {
    return value instanceof BigDecimal d ? d : new BigDecimal(value.toString());
  }

  BigDecimal balance(String asset) {
    return dec(call("getBalance").get(asset));
  }

  BigDecimal hold(String asset) {
    return dec(map(call("getExtendedBalance").get(asset)).get("hold_trade"));
  }

  /** The individual resting orders of one side of a pair's book, best first. */
  List<Object> level3(String pair, String side) {
    return list(map(exchange.handle("getLevel3OrderBook", Exchange.DEMO, params("pair", pair, "depth", 0)))
        .get(side));
  }
}
