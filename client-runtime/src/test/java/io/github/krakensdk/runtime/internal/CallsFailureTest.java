package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.runtime.call.RetryPolicy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.Moshi;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.runtime.internal.KrakenFailureIOException;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import mockwebserver3.junit5.StartStop;
import okhttp3.OkHttpClient;
import okhttp3.RequestBody;
import okhttp3.ResponseBody;
import org.junit.jupiter.api.Test;
import retrofit2.Call;
import retrofit2.Retrofit;
import retrofit2.http.Body;
import retrofit2.http.GET;
import retrofit2.http.POST;

/** What reaches the caller when an interceptor fails, or a write's outcome is unknown. */
final class CallsFailureTest {
  private static final ErrorModel ERRORS = ErrorModel.krakenStrings(TestCodes.Code::new, java.util.Map.of());
  private static final Operation GET_ASSETS = new Operation("getAssets", true, false, ERRORS);
  private static final Operation CANCEL = new Operation("cancelWithdrawal", false, false, ERRORS);

  interface Api {
    @GET("0/public/Assets")
    Call<ResponseBody> assets();

    @POST("0/private/WithdrawCancel")
    Call<ResponseBody> cancel(@Body RequestBody body);
  }

  @StartStop final MockWebServer server = new MockWebServer();

  private final AtomicInteger attempts = new AtomicInteger();
  private final Calls calls = Calls.builder(new Moshi.Builder().build())
      .retryPolicy(RetryPolicy.exponential().maxAttempts(3).initialDelay(Duration.ZERO).build())
      .warnings((operationId, warnings) -> { })
      .build();

  private Api api(OkHttpClient client) {
    return new Retrofit.Builder().baseUrl(server.url("/")).client(client).build().create(Api.class);
  }

  /** A client whose network interceptor refuses every request, as a signer refuses a body. */
  private Api refusing() {
    return api(KrakenHttpClients.newBuilder().addNetworkInterceptor(chain -> {
      attempts.incrementAndGet();
      throw new KrakenFailureIOException(new KrakenClientException("signRequest", "the body cannot be signed", null));
    }).build());
  }

  @Test
  void aFailureOfAnInterceptorReachesTheCallerNamedAfterTheOperationAndIsNotRetried() {
    Api api = refusing();
    KrakenClientException e = assertThrows(KrakenClientException.class,
        () -> calls.execute(GET_ASSETS, api::assets, null, body -> body));
    assertEquals("getAssets", e.operationId());
    assertEquals("getAssets: the body cannot be signed", e.getMessage());
    assertEquals(1, attempts.get(), "a safe operation, retries on, and yet one attempt: it is local");
    assertEquals(0, server.getRequestCount());
  }

  @Test
  void asynchronousCallsFailTheSameWayAndTheDispatcherLivesOn() throws Exception {
    Api api = refusing();
    CompletableFuture<ResponseBody> future = calls.executeAsync(GET_ASSETS, api::assets, null, body -> body);
    ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
    KrakenClientException failure = assertInstanceOf(KrakenClientException.class, e.getCause());
    assertEquals("getAssets", failure.operationId());
    assertEquals(1, attempts.get());

    // The same dispatcher still runs calls: the interceptor threw an IOException, not a RuntimeException.
    CompletableFuture<ResponseBody> again = calls.executeAsync(GET_ASSETS, api::assets, null, body -> body);
    assertInstanceOf(KrakenClientException.class,
        assertThrows(ExecutionException.class, () -> again.get(10, TimeUnit.SECONDS)).getCause());
    assertEquals(2, attempts.get());
  }

  @Test
  void aWriteWhoseConnectionBrokeIsAnOutcomeUnknownTransportFailure() {
    server.enqueue(new MockResponse.Builder().onResponseStart(new SocketEffect.CloseSocket()).build());
    Api api = api(KrakenHttpClients.newBuilder().build());
    KrakenTransportException e = assertThrows(KrakenTransportException.class,
        () -> calls.execute(CANCEL, () -> api.cancel(RequestBody.create("asset=XBT&refid=1", null)), null, b -> b));
    assertTrue(e.outcomeUnknown());
    assertEquals("cancelWithdrawal", e.operationId());
    assertEquals(KrakenException.NO_STATUS, e.httpStatus());
    assertEquals(1, server.getRequestCount());
  }

  @Test
  void aReadWhoseConnectionBrokeIsNotCompleted() {
    for (int i = 0; i < 6; i++) {
      server.enqueue(new MockResponse.Builder().onResponseStart(new SocketEffect.CloseSocket()).build());
    }
    Api api = api(KrakenHttpClients.newBuilder().build());
    KrakenTransportException e = assertThrows(KrakenTransportException.class,
        () -> calls.execute(GET_ASSETS, api::assets, null, b -> b));
    assertFalse(e.outcomeUnknown());
    assertEquals(6, server.getRequestCount(),
        "a safe read is retried up to maxAttempts (3), each attempt once more on a fresh connection");
  }
}
