package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.EmbedSigningInterceptor;
import io.github.krakensdk.auth.internal.FuturesSigningInterceptor;
import io.github.krakensdk.auth.internal.SpotSigningInterceptor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.FormBody;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/** Every attempt that goes on the wire is signed again, with a new nonce. */
final class ResignTest {
  @StartStop final MockWebServer server = TestServers.noDelay();

  private final String secret = Reference.randomSecret(new Random(9), 64);
  private final ApiCredentials credentials = new ApiCredentials("key", secret);
  private final AtomicLong nonces = new AtomicLong(100);

  @Test
  void spotRedirectIsSignedAgain() throws Exception {
    server.enqueue(new MockResponse.Builder().code(307).addHeader("Location", "/0/private/AddOrderBatch").build());
    server.enqueue(new MockResponse.Builder().body("{}").build());
    OkHttpClient client = KrakenHttpClients.newBuilder()
        .addNetworkInterceptor(SpotSigningInterceptor.builder(credentials).nonceSource(nonces::incrementAndGet).build())
        .build();
    Request request = TestRequests.authenticated().url(server.url("/0/private/AddOrder"))
        .post(new FormBody.Builder().add("pair", "XBTUSD").build()).build();
    try (Response response = client.newCall(request).execute()) {
      assertEquals(200, response.code());
    }
    RecordedRequest first = server.takeRequest();
    RecordedRequest second = server.takeRequest();
    assertEquals("nonce=101&pair=XBTUSD", first.getBody().utf8());
    assertEquals("nonce=102&pair=XBTUSD", second.getBody().utf8());
    for (RecordedRequest recorded : new RecordedRequest[] {first, second}) {
      String nonce = recorded.getBody().utf8().substring(6, 9);
      assertEquals(
          Reference.spotSign(secret, recorded.getTarget(), nonce, recorded.getBody().toByteArray()),
          recorded.getHeaders().get("API-Sign"));
    }
    assertEquals("/0/private/AddOrderBatch", second.getTarget());
  }

  @Test
  void embedAuthenticationRetryIsSignedAgain() throws Exception {
    server.enqueue(new MockResponse.Builder().code(401).build());
    server.enqueue(new MockResponse.Builder().body("{}").build());
    OkHttpClient client = KrakenHttpClients.newBuilder()
        .addNetworkInterceptor(EmbedSigningInterceptor.builder(credentials).nonceSource(nonces::incrementAndGet).build())
        // Any follow-up OkHttp makes, here an authenticator retry, passes the network interceptors.
        .authenticator((route, response) -> response.priorResponse() == null ? response.request() : null)
        .build();
    byte[] body = "{\"enabled\":true}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    Request request = TestRequests.authenticated().url(server.url("/b2b/webhooks/wh_1"))
        .patch(RequestBody.create(body, MediaType.get("application/json"))).build();
    try (Response response = client.newCall(request).execute()) {
      assertEquals(200, response.code());
    }
    RecordedRequest first = server.takeRequest();
    RecordedRequest second = server.takeRequest();
    assertNotEquals(first.getHeaders().get("API-Nonce"), second.getHeaders().get("API-Nonce"));
    for (RecordedRequest recorded : new RecordedRequest[] {first, second}) {
      assertEquals(
          Reference.spotSign(secret, recorded.getTarget(), recorded.getHeaders().get("API-Nonce"), body),
          recorded.getHeaders().get("API-Sign"));
    }
  }

  @Test
  void futuresAuthenticationRetryIsSignedAgain() throws Exception {
    server.enqueue(new MockResponse.Builder().code(401).build());
    server.enqueue(new MockResponse.Builder().body("{}").build());
    OkHttpClient client = KrakenHttpClients.newBuilder()
        .addNetworkInterceptor(FuturesSigningInterceptor.builder(credentials).nonceSource(nonces::incrementAndGet).build())
        .authenticator((route, response) -> response.priorResponse() == null ? response.request() : null)
        .build();
    Request request = TestRequests.authenticated()
        .url(server.url("/derivatives/api/v3/self-trade-strategy?strategy=REJECT_TAKER"))
        .put(RequestBody.create(new byte[0], null)).build();
    try (Response response = client.newCall(request).execute()) {
      assertEquals(200, response.code());
    }
    RecordedRequest first = server.takeRequest();
    RecordedRequest second = server.takeRequest();
    assertNotEquals(first.getHeaders().get("Nonce"), second.getHeaders().get("Nonce"));
    for (RecordedRequest recorded : new RecordedRequest[] {first, second}) {
      assertEquals(
          Reference.futuresAuthent(secret, "strategy=REJECT_TAKER", recorded.getHeaders().get("Nonce"),
              "/derivatives/api/v3/self-trade-strategy"),
          recorded.getHeaders().get("Authent"));
    }
  }

  @Test
  void installedAsAnApplicationInterceptorItRefusesToSign() {
    OkHttpClient client = KrakenHttpClients.newBuilder()
        .addInterceptor(SpotSigningInterceptor.builder(credentials).build())
        .build();
    Request request = TestRequests.authenticated().url(server.url("/0/private/Balance"))
        .post(RequestBody.create(new byte[0], null)).build();
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> client.newCall(request).execute());
    assertTrue(e.getMessage().contains("addNetworkInterceptor"));
    assertEquals(0, server.getRequestCount());
  }
}
