package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.SpotSigningInterceptor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.runtime.internal.KrakenFailureIOException;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import io.github.krakensdk.errors.RequestSigningException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSink;
import org.junit.jupiter.api.Test;

/** What the Spot interceptor does to bodies, seen from the server. */
final class SpotBodyTest {
  static final String SECRET = SpotSignerTest.SECRET;

  @StartStop final MockWebServer server = TestServers.noDelay();

  private final OkHttpClient client =
      KrakenHttpClients.newBuilder()
          .addNetworkInterceptor(
              SpotSigningInterceptor.builder(new ApiCredentials("k", SECRET))
                  .nonceSource(() -> 1234567890123456L)
                  .build())
          .build();

  private RecordedRequest post(Request request) throws Exception {
    server.enqueue(new MockResponse.Builder().body("{}").build());
    try (Response response = client.newCall(request).execute()) {
      assertEquals(200, response.code());
    }
    return server.takeRequest();
  }

  @Test
  void jsonBodyGetsANumberNonceAndMatchingLength() throws Exception {
    MediaType json = MediaType.get("application/json; charset=utf-8");
    String body = "{\"amount\":\"1.5\",\"strategy_id\":\"ESRFUO3-Q62XD-WIOIL7\",\"nonce\":0}";
    RecordedRequest recorded = post(TestRequests.authenticated().url(server.url("/0/private/Earn/Deallocate"))
        .post(RequestBody.create(body, json)).build());
    String sent = recorded.getBody().utf8();
    assertEquals(
        "{\"amount\":\"1.5\",\"strategy_id\":\"ESRFUO3-Q62XD-WIOIL7\",\"nonce\":1234567890123456}", sent);
    assertEquals(
        Long.toString(sent.getBytes(StandardCharsets.UTF_8).length),
        recorded.getHeaders().get("Content-Length"));
    assertEquals("application/json; charset=utf-8", recorded.getHeaders().get("Content-Type"));
    assertEquals(
        Reference.spotSign(SECRET, "/0/private/Earn/Deallocate", "1234567890123456",
            sent.getBytes(StandardCharsets.UTF_8)),
        recorded.getHeaders().get("API-Sign"));
  }

  @Test
  void bodyOfUnknownLengthIsSentWithAKnownLength() throws Exception {
    RequestBody streaming = new RequestBody() {
      @Override
      public MediaType contentType() {
        return MediaType.get("application/x-www-form-urlencoded");
      }

      @Override
      public long contentLength() {
        return -1; // OkHttp would send it chunked
      }

      @Override
      public void writeTo(BufferedSink sink) throws IOException {
        sink.writeUtf8("asset=XBT&refid=ABC");
      }
    };
    RecordedRequest recorded = post(TestRequests.authenticated()
        .url(server.url("/0/private/WithdrawCancel")).post(streaming).build());
    assertEquals("nonce=1234567890123456&asset=XBT&refid=ABC", recorded.getBody().utf8());
    assertNull(recorded.getHeaders().get("Transfer-Encoding"));
    assertEquals("42", recorded.getHeaders().get("Content-Length"));
  }

  @Test
  void emptyBodyBecomesAFormWithTheNonce() throws Exception {
    RecordedRequest recorded = post(TestRequests.authenticated().url(server.url("/0/private/Balance"))
        .post(RequestBody.create(new byte[0], null)).build());
    assertEquals("nonce=1234567890123456", recorded.getBody().utf8());
    assertEquals("application/x-www-form-urlencoded", recorded.getHeaders().get("Content-Type"));
  }

  @Test
  void unsignableRequestsFailBeforeAnythingIsSent() {
    Request notJson = TestRequests.authenticated().url(server.url("/0/private/AddOrder"))
        .post(RequestBody.create("[1,2]", MediaType.get("application/json"))).build();
    RequestSigningException e = unsignable(notJson);
    assertTrue(e.getMessage().contains("JSON"), e.getMessage());
    assertEquals(RequestSigningException.SIGN_REQUEST, e.operationId(), "no call named an operation");

    Request text = TestRequests.authenticated().url(server.url("/0/private/AddOrder"))
        .post(RequestBody.create("nonce=1", MediaType.get("text/plain"))).build();
    unsignable(text);

    Request get = TestRequests.authenticated().url(server.url("/0/private/Balance")).get().build();
    unsignable(get);

    assertEquals(0, server.getRequestCount());
  }

  @Test
  void unsignableRequestsFailTheSameWayAsynchronously() throws Exception {
    Request notJson = TestRequests.authenticated().url(server.url("/0/private/AddOrder"))
        .post(RequestBody.create("[1,2]", MediaType.get("application/json"))).build();
    CompletableFuture<IOException> failure = new CompletableFuture<>();
    client.newCall(notJson).enqueue(new Callback() {
      @Override
      public void onFailure(Call call, IOException e) {
        failure.complete(e);
      }

      @Override
      public void onResponse(Call call, Response response) {
        response.close();
        failure.completeExceptionally(new AssertionError("the request was sent"));
      }
    });
    KrakenFailureIOException e =
        assertInstanceOf(KrakenFailureIOException.class, failure.get(10, TimeUnit.SECONDS));
    assertInstanceOf(RequestSigningException.class, e.failure());
    assertEquals(0, server.getRequestCount());
  }

  /**
   * OkHttp lets only IOExceptions out of an interceptor: the signing failure travels inside one.
   */
  private RequestSigningException unsignable(Request request) {
    KrakenFailureIOException e =
        assertThrows(KrakenFailureIOException.class, () -> client.newCall(request).execute());
    RequestSigningException failure = assertInstanceOf(RequestSigningException.class, e.failure());
    assertEquals(failure.getMessage(), e.getMessage());
    return failure;
  }
}
