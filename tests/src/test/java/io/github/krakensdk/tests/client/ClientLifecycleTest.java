package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.krakensdk.Environment;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.spot.model.TradeVolumeRequest;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
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
 * leaves it running. A client the SDK created itself is released by {@code close()}.
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
      kraken.spot().getTradeVolume(TradeVolumeRequest.builder().pair("XXBTZUSD").build());
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
    kraken.spot().getAssetsAsync(null, null, null).get(5, TimeUnit.SECONDS);
    RecordedRequest before = WireFixture.take(server);

    kraken.close();

    // Its dispatcher is shut down: an asynchronous call is refused, and nothing is sent.
    CompletableFuture<?> refused = kraken.spot().getAssetsAsync(null, null, null);
    ExecutionException failed = assertThrows(ExecutionException.class, () -> refused.get(5, TimeUnit.SECONDS));
    assertInstanceOf(KrakenTransportException.class, failed.getCause());
    assertEquals(1, server.getRequestCount(), "a call after close() reached the server");

    // Its idle connections were closed: a later (blocking) call has to open a new one.
    server.enqueue(json(ASSETS));
    kraken.spot().getAssets(null, null, null);
    RecordedRequest after = WireFixture.take(server);
    assertNotEquals(before.getConnectionIndex(), after.getConnectionIndex(), "the pooled connection survived close()");
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
