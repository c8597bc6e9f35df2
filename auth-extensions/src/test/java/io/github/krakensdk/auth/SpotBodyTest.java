package io.github.krakensdk.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
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
    RecordedRequest recorded = post(new Request.Builder().url(server.url("/0/private/Earn/Deallocate"))
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
    RecordedRequest recorded = post(new Request.Builder()
        .url(server.url("/0/private/WithdrawCancel")).post(streaming).build());
    assertEquals("nonce=1234567890123456&asset=XBT&refid=ABC", recorded.getBody().utf8());
    assertNull(recorded.getHeaders().get("Transfer-Encoding"));
    assertEquals("42", recorded.getHeaders().get("Content-Length"));
  }

  @Test
  void emptyBodyBecomesAFormWithTheNonce() throws Exception {
    RecordedRequest recorded = post(new Request.Builder().url(server.url("/0/private/Balance"))
        .post(RequestBody.create(new byte[0], null)).build());
    assertEquals("nonce=1234567890123456", recorded.getBody().utf8());
    assertEquals("application/x-www-form-urlencoded", recorded.getHeaders().get("Content-Type"));
  }

  @Test
  void unsignableRequestsFailBeforeAnythingIsSent() {
    Request notJson = new Request.Builder().url(server.url("/0/private/AddOrder"))
        .post(RequestBody.create("[1,2]", MediaType.get("application/json"))).build();
    RequestSigningException e =
        assertThrows(RequestSigningException.class, () -> client.newCall(notJson).execute());
    assertTrue(e.getMessage().contains("JSON"), e.getMessage());

    Request text = new Request.Builder().url(server.url("/0/private/AddOrder"))
        .post(RequestBody.create("nonce=1", MediaType.get("text/plain"))).build();
    assertThrows(RequestSigningException.class, () -> client.newCall(text).execute());

    Request get = new Request.Builder().url(server.url("/0/private/Balance")).get().build();
    assertThrows(RequestSigningException.class, () -> client.newCall(get).execute());

    assertEquals(0, server.getRequestCount());
  }
}
