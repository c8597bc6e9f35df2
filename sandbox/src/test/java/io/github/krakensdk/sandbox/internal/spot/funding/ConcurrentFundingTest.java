package io.github.krakensdk.sandbox.internal.spot.funding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Calls racing for the same money: each check and its move are one step, so none overdraws and none is lost. */
class ConcurrentFundingTest {
  static final int RACERS = 10;
  final Fixture f = new Fixture();
  final ExecutorService threads = Executors.newFixedThreadPool(RACERS);

  @AfterEach
  void release() {
    threads.shutdownNow();
  }

  List<Object> race(Callable<Object> racer) throws Exception {
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Object>> futures = new ArrayList<>();
    for (int i = 0; i < RACERS; i++) {
      futures.add(threads.submit(() -> {
        go.await();
        try {
          return racer.call();
        } catch (FundingException e) {
          return e.errors();
        }
      }));
    }
    go.countDown();
    List<Object> outcomes = new ArrayList<>();
    for (Future<Object> future : futures) {
      outcomes.add(future.get());
    }
    return outcomes;
  }

  @Test
  void withdrawalsAndTransfersNeverOverdraw() throws Exception {
    // 1.5 BTC: seven withdrawals of 0.2 fit, three do not.
    List<Object> outcomes = race(() -> f.call("withdrawFunds", Map.of("asset", "XBT", "key", "btc-wallet-1",
        "amount", "0.2")));
    assertEquals(7, outcomes.stream().filter(o -> o instanceof Map).count(), outcomes.toString());
    assertEquals(3, outcomes.stream().filter(List.of(Errors.INSUFFICIENT_FUNDS)::equals).count());
    assertEquals(0, new BigDecimal("0.1").compareTo(f.balance("XBT")));

    outcomes = race(() -> f.call("walletTransfer", Map.of("asset", "ETH", "from", "Spot Wallet",
        "to", "Futures Wallet", "amount", "3")));
    assertEquals(8, outcomes.stream().filter(o -> o instanceof Map).count(), "25 ETH: eight transfers of 3");
    assertEquals(0, new BigDecimal("1").compareTo(f.balance("ETH")));
    assertEquals(0, new BigDecimal("24").compareTo(f.funding.withdrawals().futuresWallet(f.account, "XETH")));
  }

  @Test
  void oneAllocationPerStrategyWins() throws Exception {
    List<Object> outcomes = race(() -> f.call("allocateEarnFunds", Map.of("strategy_id", Earn.STRATEGY_SOL,
        "amount", "10")));
    assertEquals(1, outcomes.stream().filter(Boolean.TRUE::equals).count(), outcomes.toString());
    assertEquals(RACERS - 1, outcomes.stream().filter(List.of(Errors.BUSY)::equals).count());
    assertEquals(0, BigDecimal.TEN.compareTo(f.funding.earn().pending(f.account, Earn.STRATEGY_SOL)));
  }
}
