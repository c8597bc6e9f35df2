package io.github.krakensdk.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.squareup.moshi.Moshi;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.runtime.call.RetryPolicy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import okhttp3.ResponseBody;
import org.junit.jupiter.api.Test;
import retrofit2.Call;
import retrofit2.Retrofit;
import retrofit2.http.GET;

/** The request hook: it sees the request before anything is sent, can refuse it, and sees results. */
final class CallsRequestHookTest {
  private static final ErrorModel ERRORS = ErrorModel.krakenStrings(TestCodes.Code::new, java.util.Map.of());
  private static final Operation GET_ASSETS = new Operation("getAssets", true, false, ERRORS);

  interface Api {
    @GET("0/public/Assets")
    Call<ResponseBody> assets();
  }

  @StartStop final MockWebServer server = new MockWebServer();

  private final List<String> seen = new CopyOnWriteArrayList<>();

  /** Refuses the request "refuse", lets others pass, and records what it sees. */
  private final RequestHook hook = new RequestHook() {
    @Override
    public void beforeSend(String operationId, Object request) {
      seen.add("before " + operationId + " " + request);
      if ("refuse".equals(request)) {
        throw new KrakenClientException(operationId, "refused by the hook", null);
      }
    }

    @Override
    public void afterResult(String operationId, Object request, Object result) {
      seen.add("after " + operationId + " " + request + " " + result);
    }
  };

  private Calls calls(RequestHook hook) {
    return Calls.builder(new Moshi.Builder().build())
        .retryPolicy(RetryPolicy.exponential().maxAttempts(3).initialDelay(Duration.ZERO).build())
        .warnings((operationId, warnings) -> { })
        .requestHook(hook)
        .build();
  }

  private Api api() {
    return new Retrofit.Builder().baseUrl(server.url("/")).build().create(Api.class);
  }

  @Test
  void aRefusedRequestSendsNothingAndFailsWithTheHooksException() {
    KrakenClientException e = assertThrows(KrakenClientException.class,
        () -> calls(hook).execute(GET_ASSETS, "refuse", api()::assets, null, body -> "decoded"));
    assertEquals("getAssets: refused by the hook", e.getMessage());
    assertEquals(0, server.getRequestCount());
    assertEquals(List.of("before getAssets refuse"), seen);
  }

  @Test
  void anAsynchronousRefusalFailsTheFutureAndSendsNothing() {
    CompletableFuture<String> future = calls(hook).executeAsync(GET_ASSETS, "refuse", api()::assets, null,
        body -> "decoded");
    ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
    assertInstanceOf(KrakenClientException.class, e.getCause());
    assertEquals(0, server.getRequestCount());
  }

  @Test
  void aPassedRequestIsSentOnceCheckedOnceAndItsResultSeen() {
    server.enqueue(new MockResponse.Builder().code(503).build());
    server.enqueue(new MockResponse.Builder().body("{}").build());
    String result = calls(hook).execute(GET_ASSETS, "pass", api()::assets, null, body -> "decoded");
    assertEquals("decoded", result);
    assertEquals(2, server.getRequestCount(), "retried once after the 503");
    assertEquals(List.of("before getAssets pass", "after getAssets pass decoded"), seen,
        "checked once for the call, not per attempt; the result seen once");
  }

  @Test
  void anAsynchronousResultIsSeenToo() throws Exception {
    server.enqueue(new MockResponse.Builder().body("{}").build());
    String result = calls(hook).executeAsync(GET_ASSETS, "pass", api()::assets, null, body -> "decoded")
        .get(10, TimeUnit.SECONDS);
    assertEquals("decoded", result);
    assertEquals(List.of("before getAssets pass", "after getAssets pass decoded"), seen);
  }

  @Test
  void withoutAHookTheRequestOverloadsBehaveAsTheOthers() {
    server.enqueue(new MockResponse.Builder().body("{}").build());
    Object request = new Object();
    assertSame(request, calls(null).execute(GET_ASSETS, request, api()::assets, null, body -> request));
    assertEquals(1, server.getRequestCount());
  }
}
