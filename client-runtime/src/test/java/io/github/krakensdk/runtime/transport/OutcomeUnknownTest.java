package io.github.krakensdk.runtime.transport;

import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.runtime.internal.KrakenFailureIOException;
import io.github.krakensdk.runtime.internal.OutcomeUnknownException;
import io.github.krakensdk.runtime.internal.RequestNotSentException;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import mockwebserver3.junit5.StartStop;
import okhttp3.FormBody;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/**
 * A write whose connection drops after the server may have got it is never re-sent. The signed
 * variant (a signing interceptor behind the guard) is {@code SignedOutcomeUnknownTest} of
 * auth-extensions.
 */
final class OutcomeUnknownTest {
  @StartStop final MockWebServer server = new MockWebServer();

  /**
   * A first call leaves a pooled connection; on it the server reads the whole POST, then drops the
   * connection without answering. A stale pooled connection is the case in which OkHttp
   * re-sends silently by default.
   */
  private void warmUpThenDropAfterRequestThenAnswer(OkHttpClient client) throws IOException {
    server.enqueue(new MockResponse.Builder().body("{}").build());
    server.enqueue(new MockResponse.Builder().onResponseStart(new SocketEffect.CloseSocket()).build());
    server.enqueue(new MockResponse.Builder().body("{\"error\":[],\"result\":{\"txid\":[\"O1\"]}}").build());
    Request warmUp = new Request.Builder().url(server.url("/0/public/Time")).build();
    try (Response response = client.newCall(warmUp).execute()) {
      assertEquals(200, response.code());
    }
  }

  private Request addOrder() {
    return new Request.Builder().url(server.url("/0/private/AddOrder"))
        .post(new FormBody.Builder().add("pair", "XBTUSD").add("volume", "1").build()).build();
  }

  @Test
  void theGuardIsInstalledOnceAndNamedInTheClientsInterceptors() {
    OkHttpClient client = KrakenHttpClients.configure(KrakenHttpClients.newBuilder()).build();
    List<String> guards = client.networkInterceptors().stream().map(Object::toString)
        .filter("OutcomeUnknownGuard"::equals).toList();
    assertEquals(List.of("OutcomeUnknownGuard"), guards, "configured twice, guarded once, named");
  }

  @Test
  void droppedConnectionAfterAPost() throws Exception {
    OkHttpClient client = KrakenHttpClients.newBuilder().build();
    warmUpThenDropAfterRequestThenAnswer(client);
    OutcomeUnknownException e =
        assertThrows(OutcomeUnknownException.class, () -> client.newCall(addOrder()).execute());
    assertEquals(2, server.getRequestCount(), "the warm-up and exactly one POST arrived");
    server.takeRequest();
    assertEquals("/0/private/AddOrder", server.takeRequest().getTarget());
    assertTrue(e.getMessage().contains("outcome is unknown"), e.getMessage());
    assertEquals("POST", e.method());
    assertEquals("/0/private/AddOrder", e.url().getRawPath());
    assertInstanceOf(IOException.class, e.getCause());
  }

  @Test
  void plainOkHttpWouldHaveSentItTwice() throws Exception {
    // The control: the same exchange on a default client reaches the server twice.
    OkHttpClient client = new OkHttpClient.Builder().build();
    warmUpThenDropAfterRequestThenAnswer(client);
    try (Response response = client.newCall(addOrder()).execute()) {
      assertEquals(200, response.code());
    }
    assertEquals(3, server.getRequestCount(), "the warm-up and the POST twice");
  }

  @Test
  void theSecondAttemptOkHttpAsksForIsRefusedWithTheFirstAttemptsReport() throws Exception {
    OkHttpClient client = KrakenHttpClients.newBuilder().retryOnConnectionFailure(true).build();
    warmUpThenDropAfterRequestThenAnswer(client);
    OutcomeUnknownException e =
        assertThrows(OutcomeUnknownException.class, () -> client.newCall(addOrder()).execute());
    assertTrue(e.getMessage().contains("the connection failed after the request may have reached the server"),
        e.getMessage());
    assertEquals(2, server.getRequestCount());
  }

  @Test
  void aGetOnAStalePooledConnectionIsSentAgainOnAFreshOne() throws Exception {
    OkHttpClient client = KrakenHttpClients.newBuilder().build();
    warmUpThenDropAfterRequestThenAnswer(client);
    Request ticker = new Request.Builder().url(server.url("/0/public/Ticker?pair=XBTUSD")).build();
    try (Response response = client.newCall(ticker).execute()) {
      assertEquals(200, response.code(), "answered on the second attempt");
    }
    assertEquals(3, server.getRequestCount(), "the warm-up and the GET twice");
  }

  @Test
  void a408IsNotFollowedUp() throws Exception {
    server.enqueue(new MockResponse.Builder().code(408).body("{}").build());
    server.enqueue(new MockResponse.Builder().body("{}").build());
    try (Response timeout = KrakenHttpClients.newBuilder().build().newCall(addOrder()).execute()) {
      assertEquals(408, timeout.code(), "answered as is: the POST may not be sent again");
    }
    assertEquals(1, server.getRequestCount());
  }

  @Test
  void a503WithRetryAfterZeroIsNotFollowedUp() throws Exception {
    server.enqueue(new MockResponse.Builder().code(503).setHeader("Retry-After", "0").body("{}").build());
    server.enqueue(new MockResponse.Builder().body("{}").build());
    try (Response unavailable = KrakenHttpClients.newBuilder().build().newCall(addOrder()).execute()) {
      assertEquals(503, unavailable.code());
    }
    assertEquals(1, server.getRequestCount());
  }

  @Test
  void aStalledGetIsNotSentAgain() {
    server.enqueue(new MockResponse.Builder().body("{}").headersDelay(2, TimeUnit.SECONDS).build());
    OkHttpClient client = KrakenHttpClients.newBuilder().readTimeout(Duration.ofMillis(200)).build();
    Request get = new Request.Builder().url(server.url("/0/public/Assets")).build();
    assertThrows(java.net.SocketTimeoutException.class, () -> client.newCall(get).execute());
    assertEquals(1, server.getRequestCount(), "a timeout is not a connection failure");
  }

  @Test
  void droppedConnectionOnAFreshConnection() {
    server.enqueue(new MockResponse.Builder().onResponseStart(new SocketEffect.CloseSocket()).build());
    OkHttpClient client = KrakenHttpClients.newBuilder().build();
    assertThrows(OutcomeUnknownException.class, () -> client.newCall(addOrder()).execute());
    assertEquals(1, server.getRequestCount());
  }

  @Test
  void responseBodyCutOffAfterTheServerAnswered() throws Exception {
    server.enqueue(new MockResponse.Builder().body("{\"error\":[],\"result\":{\"txid\":[\"O1\"]}}")
        .onResponseBody(SocketEffect.ShutdownConnection.INSTANCE).build());
    OkHttpClient client = KrakenHttpClients.newBuilder().build();
    try (Response response = client.newCall(addOrder()).execute()) {
      assertEquals(200, response.code());
      OutcomeUnknownException e = assertThrows(OutcomeUnknownException.class, () -> response.body().string());
      assertTrue(e.getMessage().contains("response body was cut off"), e.getMessage());
    }
    assertEquals(1, server.getRequestCount());
  }

  @Test
  void safeRequestsKeepTheirOwnException() {
    server.enqueue(new MockResponse.Builder().onResponseStart(new SocketEffect.CloseSocket()).build());
    server.enqueue(new MockResponse.Builder().onResponseStart(new SocketEffect.CloseSocket()).build());
    OkHttpClient client = KrakenHttpClients.newBuilder().build();
    Request get = new Request.Builder().url(server.url("/0/public/Assets")).build();
    IOException e = assertThrows(IOException.class, () -> client.newCall(get).execute());
    assertFalse(e instanceof OutcomeUnknownException);
    assertEquals(2, server.getRequestCount(), "tried, and once more on a fresh connection");
    assertEquals(1, e.getSuppressed().length, "the first failure kept: " + e);
  }

  @Test
  void failuresOfTheSdksOwnInterceptorsPassTheGuardAsTheyAre() {
    // A network interceptor behind the guard that refuses the request before sending it.
    KrakenClientException refused = new KrakenClientException("signRequest", "the body cannot be signed", null);
    OkHttpClient client = KrakenHttpClients.newBuilder()
        .addNetworkInterceptor(chain -> {
          throw new KrakenFailureIOException(refused);
        })
        .build();
    KrakenFailureIOException e =
        assertThrows(KrakenFailureIOException.class, () -> client.newCall(addOrder()).execute());
    assertSame(refused, e.failure());
    assertEquals(refused.getMessage(), e.getMessage());
    assertSame(refused, e.getCause());
    assertEquals(0, server.getRequestCount(), "refused before anything was sent");
  }

  @Test
  void requestsKnownNotToBeSentPassTheGuardAsTheyAre() {
    OkHttpClient client = KrakenHttpClients.newBuilder()
        .addNetworkInterceptor(chain -> {
          throw new RequestNotSentException("canceled while waiting for its turn");
        })
        .build();
    IOException e = assertThrows(IOException.class, () -> client.newCall(addOrder()).execute());
    assertInstanceOf(RequestNotSentException.class, e);
    assertEquals(0, server.getRequestCount());
  }

  @Test
  void configuringTwiceAddsOneGuard() {
    OkHttpClient.Builder builder = KrakenHttpClients.newBuilder();
    KrakenHttpClients.configure(builder);
    assertEquals(1, builder.networkInterceptors().size());
    assertEquals(1, builder.interceptors().size(), "one retry of safe requests");
    assertFalse(builder.build().retryOnConnectionFailure(), "which would repeat a POST, or follow up a 408");
  }
}
