package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.Environment;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.KrakenClientException;
import java.io.IOException;
import java.lang.reflect.Field;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The OkHttpClient a caller hands in is shared, never changed: its interceptors and settings are
 * the same after the SDK was built and used, its own requests are not signed, and {@code close()}
 * leaves it running. A client the SDK created itself is released by {@code close()}, and so is
 * the pool its futures complete on; every call after {@code close()} fails at once.
 */
class ClientLifecycleTest {
  private static final String ASSETS = "{\"error\":[],\"result\":{}}";
  private static final String VOLUME = "{\"error\":[],\"result\":{\"currency\":\"ZUSD\",\"volume\":\"1.5\"}}";

  private MockWebServer server;

  @BeforeEach
  void start() {
    server = WireFixture.newServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void callersClientIsSharedButNeverChanged() throws Exception {
    AtomicInteger networkCalls = new AtomicInteger();
    Interceptor tag = chain -> chain.proceed(chain.request().newBuilder().header("X-Caller", "yes").build());
    Interceptor count = chain -> {
      networkCalls.incrementAndGet();
      return chain.proceed(chain.request());
    };
    OkHttpClient caller = new OkHttpClient.Builder().addInterceptor(tag).addNetworkInterceptor(count).build();
    List<Interceptor> interceptors = List.copyOf(caller.interceptors());
    List<Interceptor> networkInterceptors = List.copyOf(caller.networkInterceptors());
    boolean retries = caller.retryOnConnectionFailure();
    int callTimeout = caller.callTimeoutMillis();
    int readTimeout = caller.readTimeoutMillis();

    try {
      KrakenClient kraken = client(KrakenClient.builder().httpClient(caller));
      server.enqueue(json(VOLUME));
      kraken.spot().getTradeVolume(r -> r.pair("XXBTZUSD"));
      RecordedRequest signed = WireFixture.take(server);
      assertEquals("yes", signed.getHeaders().get("X-Caller"), "the caller's interceptors apply to SDK calls");
      assertEquals(WireFixture.SPOT_KEY.key(), signed.getHeaders().get("API-Key"));
      assertEquals(1, networkCalls.get());
      kraken.close();

      assertEquals(interceptors, caller.interceptors(), "interceptors of the caller's client");
      assertEquals(networkInterceptors, caller.networkInterceptors(), "network interceptors of the caller's client");
      assertEquals(retries, caller.retryOnConnectionFailure(), "retryOnConnectionFailure of the caller's client");
      assertEquals(callTimeout, caller.callTimeoutMillis());
      assertEquals(readTimeout, caller.readTimeoutMillis());
      assertFalse(caller.dispatcher().executorService().isShutdown(), "close() shut down the caller's dispatcher");

      // The caller's own requests, after close(), asynchronous: no SDK signing, no SDK error mapping.
      server.enqueue(json(VOLUME));
      CompletableFuture<Integer> status = new CompletableFuture<>();
      caller.newCall(new Request.Builder().url(server.url("/0/private/TradeVolume")).build()).enqueue(new Callback() {
        @Override
        public void onFailure(Call call, IOException e) {
          status.completeExceptionally(e);
        }

        @Override
        public void onResponse(Call call, Response response) {
          try (response) {
            status.complete(response.code());
          }
        }
      });
      assertEquals(200, status.get(5, TimeUnit.SECONDS));
      RecordedRequest own = WireFixture.take(server);
      assertNull(own.getHeaders().get("API-Key"), "the SDK's signer leaked into the caller's client");
      assertNull(own.getHeaders().get("API-Sign"));
    } finally {
      caller.dispatcher().executorService().shutdown();
      caller.connectionPool().evictAll();
    }
  }

  @Test
  void closeReleasesWhatTheClientOwns() throws Exception {
    KrakenClient kraken = client(KrakenClient.builder());
    server.enqueue(json(ASSETS));
    kraken.spot().listAssetsAsync(r -> r.asset("XBT")).get(5, TimeUnit.SECONDS);
    WireFixture.take(server);
    OkHttpClient http = (OkHttpClient) field(kraken, "http");
    ExecutorService completion = (ExecutorService) field(kraken, "ownedCompletionExecutor");
    assertEquals(1, http.connectionPool().connectionCount(), "the call's connection is pooled");

    kraken.close();

    // Calls fail at once, asynchronous and blocking, and nothing is sent.
    server.enqueue(json(ASSETS));
    CompletableFuture<?> refused = kraken.spot().listAssetsAsync(r -> r.asset("XBT"));
    ExecutionException failed = assertThrows(ExecutionException.class, () -> refused.get(5, TimeUnit.SECONDS));
    assertInstanceOf(KrakenClientException.class, failed.getCause());
    assertThrows(KrakenClientException.class, () -> kraken.spot().listAssets(r -> r.asset("XBT")));
    assertEquals(1, server.getRequestCount(), "a call after close() reached the server");

    // Its dispatcher and completion pool are shut down and their threads end; its idle connections are closed.
    assertTrue(http.dispatcher().executorService().isShutdown(), "dispatcher still running");
    assertTrue(http.dispatcher().executorService().awaitTermination(5, TimeUnit.SECONDS), "dispatcher threads");
    assertTrue(completion.isShutdown(), "completion pool still running");
    assertTrue(completion.awaitTermination(5, TimeUnit.SECONDS), "completion threads");
    assertEquals(0, http.connectionPool().connectionCount(), "the pooled connection survived close()");
  }

  /** A private field of the client: what it owns is reachable no other way, by design. */
  private static Object field(KrakenClient kraken, String name) throws ReflectiveOperationException {
    Field field = KrakenClient.class.getDeclaredField(name);
    field.setAccessible(true);
    return field.get(kraken);
  }

  private KrakenClient client(KrakenClient.Builder builder) {
    return builder
        .environment(Environment.PRODUCTION.toBuilder().spot(server.url("/").toString()).build())
        .spotCredentials(WireFixture.SPOT_KEY)
        .build();
  }

  private static mockwebserver3.MockResponse json(String body) {
    return new mockwebserver3.MockResponse.Builder().addHeader("Content-Type", "application/json").body(body).build();
  }
}
