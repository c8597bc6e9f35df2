package io.github.krakensdk.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.nonce.RequestSequencer;
import io.github.krakensdk.runtime.transport.KrakenHttpClients;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/** The ordered mode keeps one key's requests in nonce order from signing to the server. */
final class OrderedModeTest {
  @StartStop final MockWebServer server = TestServers.noDelay();

  private final ApiCredentials credentials =
      new ApiCredentials("key", Reference.randomSecret(new Random(7), 64));
  private final List<Long> arrivals = Collections.synchronizedList(new ArrayList<>());
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();

  private void recordArrivals(CountDownLatch onNonceTwo) {
    server.setDispatcher(new Dispatcher() {
      @Override
      public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        long nonce = Long.parseLong(request.getHeaders().get("API-Nonce"));
        arrivals.add(nonce);
        if (nonce == 2 && onNonceTwo != null) onNonceTwo.countDown();
        Thread.sleep(1); // give overlapping requests a chance to overlap
        inFlight.decrementAndGet();
        return new MockResponse.Builder().body("{\"result\":{}}").build();
      }
    });
  }

  @Test
  void concurrentRequestsOnOneKeyArriveInNonceOrder() throws Exception {
    recordArrivals(null);
    Random jitter = new Random(11);
    // Between signing and the socket, a thread can be descheduled; simulate that.
    Interceptor delayAfterSigning = chain -> {
      try {
        Thread.sleep(jitter.nextInt(3));
      } catch (InterruptedException e) {
        throw new java.io.InterruptedIOException();
      }
      return chain.proceed(chain.request());
    };
    OkHttpClient client = KrakenHttpClients.newBuilder()
        .addNetworkInterceptor(EmbedSigningInterceptor.builder(credentials)
            .sequencer(RequestSequencer.create())
            .build())
        .addNetworkInterceptor(delayAfterSigning)
        .build();

    int threads = 8;
    int perThread = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CyclicBarrier start = new CyclicBarrier(threads);
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        futures.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < perThread; i++) {
            Request request = new Request.Builder().url(server.url("/b2b/earn/AA00000000000000/auto")).build();
            try (Response response = client.newCall(request).execute()) {
              assertEquals(200, response.code());
            }
          }
          return null;
        }));
      }
      for (Future<?> future : futures) future.get(30, TimeUnit.SECONDS);
    } finally {
      pool.shutdownNow();
    }
    assertEquals(threads * perThread, arrivals.size());
    for (int i = 1; i < arrivals.size(); i++) {
      assertTrue(arrivals.get(i) > arrivals.get(i - 1), "arrival " + i + ": " + arrivals);
    }
    assertEquals(1, maxInFlight.get(), "one request in flight per key");
  }

  @Test
  void withoutOrderedModeALaterNonceCanOvertake() throws Exception {
    List<Long> order = twoRequestsWhereTheFirstIsHeldAfterSigning(null);
    assertEquals(List.of(2L, 1L), order, "the race the ordered mode exists for");
  }

  @Test
  void withOrderedModeItCannot() throws Exception {
    List<Long> order = twoRequestsWhereTheFirstIsHeldAfterSigning(RequestSequencer.create());
    assertEquals(List.of(1L, 2L), order);
  }

  @Test
  void sequencersAreSharedPerKey() {
    assertSame(RequestSequencer.forKey("a"), RequestSequencer.forKey("a"));
    assertNotSame(RequestSequencer.forKey("a"), RequestSequencer.forKey("b"));
    assertFalse(RequestSequencer.forKey("secret-looking-key").toString().contains("secret"));
  }

  /**
   * Request A draws nonce 1 and is then held (as if its thread were descheduled) until request B,
   * with nonce 2, reaches the server, or for at most 500 ms. Returns the server's arrival order.
   */
  private List<Long> twoRequestsWhereTheFirstIsHeldAfterSigning(RequestSequencer sequencer)
      throws Exception {
    CountDownLatch secondArrived = new CountDownLatch(1);
    CountDownLatch firstSigned = new CountDownLatch(1);
    recordArrivals(secondArrived);
    AtomicLong counter = new AtomicLong();
    Interceptor holdFirst = chain -> {
      if ("1".equals(chain.request().header("API-Nonce"))) {
        firstSigned.countDown();
        try {
          secondArrived.await(500, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
          throw new java.io.InterruptedIOException();
        }
      }
      return chain.proceed(chain.request());
    };
    OkHttpClient client = KrakenHttpClients.newBuilder()
        .addNetworkInterceptor(EmbedSigningInterceptor.builder(credentials)
            .nonceSource(counter::incrementAndGet)
            .sequencer(sequencer)
            .build())
        .addNetworkInterceptor(holdFirst)
        .build();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<Integer> a = pool.submit(() -> call(client));
      assertTrue(firstSigned.await(10, TimeUnit.SECONDS));
      Future<Integer> b = pool.submit(() -> call(client));
      assertEquals(200, a.get(10, TimeUnit.SECONDS));
      assertEquals(200, b.get(10, TimeUnit.SECONDS));
    } finally {
      pool.shutdownNow();
    }
    return new ArrayList<>(arrivals);
  }

  private int call(OkHttpClient client) throws Exception {
    Request request = new Request.Builder().url(server.url("/b2b/users/AA00000000000000")).build();
    try (Response response = client.newCall(request).execute()) {
      return response.code();
    }
  }
}
