package io.github.krakensdk.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.Moshi;
import io.github.krakensdk.auth.internal.FundingSigningInterceptor;
import io.github.krakensdk.auth.internal.SpotSigningInterceptor;
import io.github.krakensdk.auth.nonce.MonotonicNonceSource;
import io.github.krakensdk.auth.nonce.NonceSource;
import io.github.krakensdk.runtime.internal.Calls;
import io.github.krakensdk.runtime.internal.ErrorModel;
import io.github.krakensdk.runtime.internal.KeyTurns;
import io.github.krakensdk.runtime.internal.Operation;
import io.github.krakensdk.runtime.internal.retrofit.Security;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import io.github.krakensdk.spot.model.SpotErrorCode;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.FormBody;
import okhttp3.OkHttpClient;
import okhttp3.RequestBody;
import okhttp3.ResponseBody;
import org.junit.jupiter.api.Test;
import retrofit2.Call;
import retrofit2.Retrofit;
import retrofit2.http.Body;
import retrofit2.http.GET;
import retrofit2.http.POST;

/**
 * One key, one counter: the service keeps one nonce per API key for {@code /0/private} (nonce in
 * the body) and {@code /funding} (nonce in {@code API-Nonce}), so the key's Spot and Funding (Beta)
 * requests draw from one {@link NonceSource} and, in ordered mode, wait in one {@link KeyTurns}.
 */
final class SpotAndFundingNoncesTest {
  private static final Operation BALANCE = new Operation("getAccountBalance", false, true,
      ErrorModel.krakenStrings(SpotErrorCode::of, Map.of()));
  private static final Operation NETWORKS = new Operation("listNetworks", true, true,
      ErrorModel.krakenStrings(SpotErrorCode::of, Map.of()));
  private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

  /** A Spot and a Funding (Beta) operation of one key, as generated: each names its schemes. */
  interface SpotApi {
    @Security(schemes = {"ApiKey", "ApiSign"}, scopes = {})
    @POST("0/private/Balance")
    Call<ResponseBody> balance(@Body RequestBody body);
  }

  interface FundingApi {
    @Security(schemes = {"ApiKey", "ApiSign", "ApiNonce"}, scopes = {})
    @GET("funding/v1/networks")
    Call<ResponseBody> networks();
  }

  @StartStop final MockWebServer server = TestServers.noDelay();

  private final ApiCredentials credentials = new ApiCredentials("key", Reference.randomSecret(new Random(24), 64));
  /** Each request's family and nonce, in the order the server received them. */
  private final List<String> arrivals = Collections.synchronizedList(new ArrayList<>());
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();

  @Test
  void alternatingSpotAndFundingRequestsDrawConsecutiveNoncesOfOneCounter() throws Exception {
    recordArrivals();
    // A clock that stands still: every nonce after the first is the previous one plus one.
    NonceSource nonces = new MonotonicNonceSource(new MutableClock(NOW), TimeUnit.MICROSECONDS);
    Apis apis = apis(nonces, nonces);
    for (int i = 0; i < 6; i++) {
      if (i % 2 == 0) {
        apis.spot.balance(new FormBody.Builder().build()).execute().body().close();
      } else {
        apis.funding.networks().execute().body().close();
      }
    }
    long first = NOW.getEpochSecond() * 1_000_000L;
    assertEquals(List.of("spot " + first, "funding " + (first + 1), "spot " + (first + 2),
        "funding " + (first + 3), "spot " + (first + 4), "funding " + (first + 5)), arrivals);
  }

  @Test
  void twoCountersForOneKeyWouldRepeatANonce() throws Exception {
    // What sharing prevents: a source per family, on the same clock, starts both at the same value.
    recordArrivals();
    MutableClock clock = new MutableClock(NOW);
    Apis apis = apis(new MonotonicNonceSource(clock, TimeUnit.MICROSECONDS),
        new MonotonicNonceSource(clock, TimeUnit.MICROSECONDS));
    apis.spot.balance(new FormBody.Builder().build()).execute().body().close();
    apis.funding.networks().execute().body().close();
    assertEquals(nonceOf(arrivals.get(0)), nonceOf(arrivals.get(1)), arrivals.toString());
  }

  @Test
  void concurrentSpotAndFundingCallsOfOneKeyArriveInOneIncreasingOrder() throws Exception {
    recordArrivals();
    NonceSource nonces = NonceSource.system();
    Apis apis = apis(nonces, nonces);
    KeyTurns turns = new KeyTurns(); // one key, one turn: KrakenClient gives both families the same
    Calls spotCalls = Calls.builder(new Moshi.Builder().build()).ordering(turns).build();
    Calls fundingCalls = Calls.builder(new Moshi.Builder().build()).ordering(turns).build();

    int threads = 6;
    int perThread = 10;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CyclicBarrier start = new CyclicBarrier(threads);
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        futures.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < perThread; i++) {
            if ((i + thread) % 2 == 0) {
              spotCalls.execute(BALANCE, () -> apis.spot.balance(new FormBody.Builder().build()), null,
                  SpotAndFundingNoncesTest::text);
            } else if (i % 3 == 0) {
              // Asynchronous calls wait in the same line.
              fundingCalls.executeAsync(NETWORKS, apis.funding::networks, null, SpotAndFundingNoncesTest::text)
                  .get(30, TimeUnit.SECONDS);
            } else {
              fundingCalls.execute(NETWORKS, apis.funding::networks, null, SpotAndFundingNoncesTest::text);
            }
          }
          return null;
        }));
      }
      for (Future<?> future : futures) future.get(60, TimeUnit.SECONDS);
    } finally {
      pool.shutdownNow();
    }
    assertEquals(threads * perThread, arrivals.size());
    assertTrue(arrivals.stream().anyMatch(a -> a.startsWith("spot ")));
    assertTrue(arrivals.stream().anyMatch(a -> a.startsWith("funding ")));
    for (int i = 1; i < arrivals.size(); i++) {
      assertTrue(nonceOf(arrivals.get(i)) > nonceOf(arrivals.get(i - 1)), "arrival " + i + ": " + arrivals);
    }
    assertEquals(1, maxInFlight.get(), "one request of the key in flight, whichever its family");
  }

  private record Apis(SpotApi spot, FundingApi funding) {}

  private Apis apis(NonceSource spotNonces, NonceSource fundingNonces) {
    OkHttpClient base = KrakenHttpClients.newBuilder().build();
    OkHttpClient spot = base.newBuilder()
        .addNetworkInterceptor(SpotSigningInterceptor.builder(credentials).nonceSource(spotNonces).build()).build();
    OkHttpClient funding = base.newBuilder()
        .addNetworkInterceptor(FundingSigningInterceptor.builder(credentials).nonceSource(fundingNonces).build())
        .build();
    return new Apis(retrofit(spot).create(SpotApi.class), retrofit(funding).create(FundingApi.class));
  }

  private Retrofit retrofit(OkHttpClient client) {
    return new Retrofit.Builder().baseUrl(server.url("/")).client(client).build();
  }

  private void recordArrivals() {
    server.setDispatcher(new Dispatcher() {
      @Override
      public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        String header = request.getHeaders().get("API-Nonce");
        String body = request.getBody() == null ? "" : request.getBody().utf8();
        if (request.getTarget().startsWith("/funding/")) {
          assertTrue(body.isEmpty(), body);
          arrivals.add("funding " + header);
        } else {
          assertTrue(body.startsWith("nonce="), body);
          assertEquals(null, header);
          arrivals.add("spot " + body.substring("nonce=".length()));
        }
        Thread.sleep(1); // give overlapping requests a chance to overlap
        inFlight.decrementAndGet();
        boolean funding = request.getTarget().startsWith("/funding/");
        return new MockResponse.Builder().body(funding ? "{\"networks\":[]}" : "{\"error\":[],\"result\":{}}").build();
      }
    });
  }

  private static long nonceOf(String arrival) {
    return Long.parseLong(arrival.substring(arrival.indexOf(' ') + 1));
  }

  private static String text(ResponseBody body) {
    try (body) {
      return body.string();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
