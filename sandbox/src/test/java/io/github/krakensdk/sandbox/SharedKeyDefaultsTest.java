package io.github.krakensdk.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Sixteen threads share one client built with the defaults, that is one Spot key and one Futures
 * key, and make at least 2,000 signed calls between them: none of them fails for its nonce. The
 * count of requests the sandbox refused for their nonce, and of those the client re-signed and
 * sent again, is reported (with ordered requests, the default, both are expected to stay at 0).
 */
@ExtendWith(SandboxExtension.class)
class SharedKeyDefaultsTest {
  static final int THREADS = 16;
  static final int CALLS_PER_THREAD = 126; // 16 x 126 = 2,016 signed calls

  @Test
  void sixteenThreadsOnOneKeyLoseNoCallToNonces(Sandbox sandbox) throws Exception {
    long rejectedBefore = sandbox.nonceRejections();
    AtomicInteger calls = new AtomicInteger();
    ExecutorService threads = Executors.newFixedThreadPool(THREADS);
    try (KrakenClient kraken = sandbox.newClient()) {
      CountDownLatch go = new CountDownLatch(1);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        done.add(threads.submit(() -> {
          go.await();
          for (int i = 0; i < CALLS_PER_THREAD; i++) {
            if ((thread + i) % 2 == 0) {
              kraken.spot().getTradeVolume(r -> r.pair("XBTUSD"));
            } else {
              kraken.futures().getPnlPreferences();
            }
            calls.incrementAndGet();
          }
          return null;
        }));
      }
      go.countDown();
      for (Future<?> future : done) {
        future.get(); // any exception, a nonce rejection included, fails the test here
      }
      long rejected = sandbox.nonceRejections() - rejectedBefore;
      System.out.printf("shared keys, defaults: %d signed calls on 16 threads, %d nonce rejections at the sandbox,"
          + " %d requests re-signed and re-sent%n", calls.get(), rejected, kraken.nonceResends());
      assertEquals(THREADS * CALLS_PER_THREAD, calls.get());
      assertTrue(calls.get() >= 2000);
      assertEquals(rejected, kraken.nonceResends(), "every rejection the sandbox sent was re-signed and re-sent");
    } finally {
      threads.shutdownNow();
    }
  }
}
