package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.SpotSigningInterceptor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import io.github.krakensdk.runtime.internal.OutcomeUnknownException;
import java.io.IOException;
import java.util.Random;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import mockwebserver3.junit5.StartStop;
import okhttp3.FormBody;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/**
 * A signed write whose connection drops after the server got it is never re-sent: the guard of
 * {@link KrakenHttpClients} (client-runtime, where {@code OutcomeUnknownTest} covers it alone)
 * in front of a signing interceptor, as {@code KrakenClient} sets them up.
 */
final class SignedOutcomeUnknownTest {
  @StartStop final MockWebServer server = TestServers.noDelay();

  private final ApiCredentials credentials =
      new ApiCredentials("key", Reference.randomSecret(new Random(13), 64));

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
    return TestRequests.authenticated().url(server.url("/0/private/AddOrder"))
        .post(new FormBody.Builder().add("pair", "XBTUSD").add("volume", "1").build()).build();
  }

  @Test
  void droppedConnectionAfterASignedPost() throws Exception {
    OkHttpClient client = KrakenHttpClients.newBuilder()
        .addNetworkInterceptor(SpotSigningInterceptor.builder(credentials).build())
        .build();
    warmUpThenDropAfterRequestThenAnswer(client);
    OutcomeUnknownException e =
        assertThrows(OutcomeUnknownException.class, () -> client.newCall(addOrder()).execute());
    assertEquals(2, server.getRequestCount(), "the warm-up and exactly one POST arrived");
    server.takeRequest();
    RecordedRequest post = server.takeRequest();
    assertEquals("/0/private/AddOrder", post.getTarget());
    assertNotNull(post.getHeaders().get("API-Sign"), "the one attempt was signed");
    assertTrue(e.getMessage().contains("outcome is unknown"), e.getMessage());
    assertEquals("POST", e.method());
    assertInstanceOf(IOException.class, e.getCause());
  }

  @Test
  void plainOkHttpWouldHaveSentItTwice() throws Exception {
    // The control: the same exchange on a default client reaches the server twice, signed twice.
    OkHttpClient client = new OkHttpClient.Builder()
        .addNetworkInterceptor(SpotSigningInterceptor.builder(credentials).build())
        .build();
    warmUpThenDropAfterRequestThenAnswer(client);
    try (Response response = client.newCall(addOrder()).execute()) {
      assertEquals(200, response.code());
    }
    assertEquals(3, server.getRequestCount(), "the warm-up and the POST twice");
  }
}
