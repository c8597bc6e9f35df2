package io.github.krakensdk.sandbox.internal.spot.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.sandbox.MutableClock;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The entry point: its operations, determinism and thread safety. */
class ExchangeTest extends ExchangeFixture {
  @Test
  void servesTheMarketDataAccountAndTradingOperations() {
    assertEquals(33, Exchange.operations().size());
    assertTrue(Exchange.operations().contains("getCreditLines"));
    assertTrue(Exchange.operations().contains("cancelAllOrdersAfter"));
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
        () -> exchange.handle("getWebSocketsToken", Exchange.DEMO, Map.of()));
    assertTrue(unknown.getMessage().contains("getWebSocketsToken"));
    assertThrows(UnsupportedOperationException.class, () -> Exchange.operations().add("x"));
  }

  @Test
  void theSameSeedAndClockGiveTheSameExchange() {
    Exchange twin = new Exchange(MutableClock.at(START));
    Map<String, Object> order = params("pair", "XBTUSD", "type", "buy", "ordertype", "market", "volume", "0.01");
    assertEquals(exchange.handle("addOrder", Exchange.DEMO, order), twin.handle("addOrder", Exchange.DEMO, order));
    assertEquals(exchange.handle("getLevel3OrderBook", null, params("pair", "ETHUSD")),
        twin.handle("getLevel3OrderBook", null, params("pair", "ETHUSD")));
    assertEquals(exchange.handle("getLedgers", Exchange.DEMO, Map.of()), twin.handle("getLedgers", Exchange.DEMO,
        Map.of()));
    Exchange other = new Exchange(MutableClock.at(START), 99);
    assertTrue(!exchange.handle("getRecentTrades", null, params("pair", "SOLUSD"))
        .equals(other.handle("getRecentTrades", null, params("pair", "SOLUSD"))));
  }

  @Test
  void concurrentCallersSeeOneConsistentExchange() throws Exception {
    fund();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        int n = i;
        futures.add(pool.submit(() -> {
          exchange.handle("addOrder", Exchange.DEMO, Tier.PRO, params("pair", "XBTUSD", "type", "buy",
              "ordertype", "limit", "price", "80000.0", "volume", "0.01", "userref", n));
          exchange.handle("getExtendedBalance", Exchange.DEMO, Map.of());
          return exchange.handle("getOpenOrders", Exchange.DEMO, Map.of());
        }));
      }
      for (Future<?> future : futures) {
        future.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(40, map(call("getOpenOrders").get("open")).size());
    // 40 * 0.01 * 80000 * 1.0024 held, exactly once each.
    assertEquals(new BigDecimal("32076.8000"), hold("ZUSD"));
  }
}
