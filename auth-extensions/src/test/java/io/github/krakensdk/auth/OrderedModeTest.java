package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.EmbedSigningInterceptor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.Moshi;
import io.github.krakensdk.embed.model.EmbedErrorCode;
import io.github.krakensdk.runtime.internal.Calls;
import io.github.krakensdk.runtime.internal.ErrorModel;
import io.github.krakensdk.runtime.internal.KeyTurns;
import io.github.krakensdk.runtime.internal.Operation;
import io.github.krakensdk.runtime.internal.retrofit.Security;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
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
import okhttp3.ResponseBody;
import org.junit.jupiter.api.Test;
import retrofit2.Call;
import retrofit2.Retrofit;
import retrofit2.http.GET;
import retrofit2.http.Path;

/**
 * The ordered mode keeps one key's requests in nonce order from signing to the server. The
 * signer's {@code RequestSequencer} did this inside OkHttp; the runtime's {@link KeyTurns} does it
 * now, before a call reaches OkHttp, as {@code KrakenClient} sets it up ({@code
 * orderedRequests(true)}, the default): {@link Calls} with {@link Calls.Builder#ordering}.
 */
final class OrderedModeTest {
  private static final Operation GET_USER = new Operation("getUser", true, true,
      ErrorModel.krakenStrings(EmbedErrorCode::of, Map.of()));

  /** An Embed operation as generated: a security requirement, so signed. */
  interface EmbedApi {
    @Security(schemes = {"ApiKey", "ApiSign", "ApiNonce"}, scopes = {})
    @GET("b2b/users/{user}")
    Call<ResponseBody> getUser(@Path("user") String user);
  }

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

  private EmbedApi api(OkHttpClient client) {
    return new Retrofit.Builder().baseUrl(server.url("/")).client(client).build().create(EmbedApi.class);
  }

  private static Calls calls(KeyTurns turns) {
    return Calls.builder(new Moshi.Builder().build()).ordering(turns).build();
  }

  private static String getUser(Calls calls, EmbedApi api) {
    return calls.execute(GET_USER, () -> api.getUser("AA00000000000000"), null, OrderedModeTest::text);
  }

  private static String text(ResponseBody body) {
    try (body) {
      return body.string();
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
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
    EmbedApi api = api(KrakenHttpClients.newBuilder()
        .addNetworkInterceptor(EmbedSigningInterceptor.builder(credentials).build())
        .addNetworkInterceptor(delayAfterSigning)
        .build());
    Calls calls = calls(new KeyTurns());

    int threads = 8;
    int perThread = 8;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<CompletableFuture<String>> async = Collections.synchronizedList(new ArrayList<>());
    try {
      CyclicBarrier start = new CyclicBarrier(threads);
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        futures.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < perThread; i++) {
            if (i % 2 == 0) {
              assertEquals("{\"result\":{}}", getUser(calls, api));
            } else {
              // Asynchronous calls wait in the same line, on no thread.
              async.add(calls.executeAsync(GET_USER, () -> api.getUser("AA00000000000000"), null,
                  OrderedModeTest::text));
            }
          }
          return null;
        }));
      }
      for (Future<?> future : futures) future.get(30, TimeUnit.SECONDS);
      for (CompletableFuture<String> future : async) future.get(30, TimeUnit.SECONDS);
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
    List<Long> order = twoRequestsWhereTheFirstIsHeldAfterSigning(new KeyTurns());
    assertEquals(List.of(1L, 2L), order);
  }

  /**
   * Request A draws nonce 1 and is then held (as if its thread were descheduled) until request B,
   * with nonce 2, reaches the server, or for at most 500 ms. Returns the server's arrival order.
   */
  private List<Long> twoRequestsWhereTheFirstIsHeldAfterSigning(KeyTurns turns) throws Exception {
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
    EmbedApi api = api(KrakenHttpClients.newBuilder()
        .addNetworkInterceptor(EmbedSigningInterceptor.builder(credentials)
            .nonceSource(counter::incrementAndGet)
            .build())
        .addNetworkInterceptor(holdFirst)
        .build());
    Calls calls = calls(turns);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<String> a = pool.submit(() -> getUser(calls, api));
      assertTrue(firstSigned.await(10, TimeUnit.SECONDS));
      Future<String> b = pool.submit(() -> getUser(calls, api));
      assertEquals("{\"result\":{}}", a.get(10, TimeUnit.SECONDS));
      assertEquals("{\"result\":{}}", b.get(10, TimeUnit.SECONDS));
    } finally {
      pool.shutdownNow();
    }
    return new ArrayList<>(arrivals);
  }
}
