package io.github.krakensdk.websocket;

import io.github.krakensdk.websocket.internal.JsonRequest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.krakensdk.Environment;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.runtime.call.RetryPolicy;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The real token source: GetWebSocketsToken through the SDK's KrakenClient, then the token on the socket. */
final class TokenSourceTest {
  private static final String TOKEN = "WW91ciBhdXRoZW50aWNhdGlvbiB0b2tlbiBnb2VzIGhlcmUu";
  private final MockWebServer server = new MockWebServer();
  private KrakenClient kraken;

  @BeforeEach void start() throws Exception {
    server.start();
    byte[] secret = new byte[64];
    new SplittableRandom(25).nextBytes(secret);
    kraken = KrakenClient.builder()
        .environment(Environment.PRODUCTION.toBuilder().spot(server.url("/").toString()).build())
        .spotCredentials(new ApiCredentials("spot-key", Base64.getEncoder().encodeToString(secret)))
        .retryPolicy(RetryPolicy.none())
        .build();
  }

  @AfterEach void stop() throws Exception {
    kraken.close();
    server.close();
  }

  private static MockResponse json(String body) {
    return new MockResponse.Builder().addHeader("Content-Type", "application/json").body(body).build();
  }

  @Test void aPrivateConnectionSubscribesWithTheTokenFromGetWebSocketsToken() throws Exception {
    server.enqueue(json("{\"error\":[],\"result\":{\"token\":\"" + TOKEN + "\",\"expires\":900}}"));
    ServerSocket socket = new ServerSocket();
    server.enqueue(new MockResponse.Builder().webSocketUpgrade(socket).build());
    try (KrakenWebSocketClient ws = KrakenWebSocketClient.builder()
        .environment(WebSocketEnvironment.PRODUCTION.toBuilder()
            .url(WebSocketEndpoint.SPOT_PRIVATE, server.url("/v2").toString()).build())
        .tokenSource(TokenSource.spot(kraken))
        .scheduler(new FakeScheduler())
        .pingInterval(Duration.ofSeconds(30))
        .build()) {
      WebSocketConnection.open(ws, WebSocketEndpoint.SPOT_PRIVATE).subscribe(JsonRequest.subscribe("balances", Map.of()), message -> {});
      String frame = socket.next();
      RecordedRequest tokenRequest = server.takeRequest(5, TimeUnit.SECONDS);
      assertEquals("/0/private/GetWebSocketsToken", tokenRequest.getUrl().encodedPath());
      assertEquals("spot-key", tokenRequest.getHeaders().get("API-Key"));
      assertEquals("{\"method\":\"subscribe\",\"params\":{\"channel\":\"balances\",\"token\":\"" + TOKEN + "\"},"
          + "\"req_id\":1}", frame);
    }
  }

  @Test void aRefusedTokenRequestFailsWithTheServicesError() throws Exception {
    server.enqueue(json("{\"error\":[\"EGeneral:Permission denied\"]}"));
    ExecutionException e = assertThrows(ExecutionException.class,
        () -> TokenSource.spot(kraken).token().get(5, TimeUnit.SECONDS));
    KrakenServiceException failure = assertInstanceOf(KrakenServiceException.class, e.getCause());
    assertEquals(java.util.List.of("EGeneral:Permission denied"), failure.errors());
  }
}
