package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.Environment;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.tests.client.WireFixture;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Security comes from the contract: a private operation of a family whose credentials the client
 * was not given fails before anything is sent, naming the builder method to call; a public
 * operation never carries credentials, even when the client has them.
 */
class SecurityFromContractTest {
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
  void spotPrivateCallWithoutSpotCredentialsSendsNothing() {
    refusedBeforeSending(k -> k.spot().getTradeVolume(r -> r.pair("XBTUSD")), "spotCredentials(...)");
  }

  @Test
  void futuresPrivateCallWithoutFuturesCredentialsSendsNothing() {
    refusedBeforeSending(k -> k.futures().getNotifications(), "futuresCredentials(...)");
  }

  @Test
  void oauthBearerCallWithoutOAuthClientSendsNothing() {
    refusedBeforeSending(k -> k.oauth().getUserInfo(), "oauth(client, tokenStore)");
  }

  @Test
  void embedPrivateCallWithoutEmbedCredentialsSendsNothing() {
    refusedBeforeSending(k -> k.embed().getAutoEarnStatus(r -> r.user("AA12 N84G 5LQU FNFN")), "embedCredentials(...)");
  }

  @Test
  void asyncCallsAreRefusedTheSameWay() {
    try (KrakenClient kraken = client(false)) {
      CompletionException failed = assertThrows(CompletionException.class,
          () -> kraken.futures().getNotificationsAsync().join());
      assertTrue(failed.getCause() instanceof KrakenClientException, String.valueOf(failed.getCause()));
      assertEquals(0, server.getRequestCount());
    }
  }

  @Test
  void publicSpotCallCarriesNoCredentials() throws Exception {
    WireFixture.enqueue(server, 200, "{\"error\":[],\"result\":{}}");
    try (KrakenClient kraken = client(true)) {
      kraken.spot().listAssets(r -> r.asset("XBT"));
    }
    assertNoCredentials(server.takeRequest());
  }

  @Test
  void publicFuturesCallCarriesNoCredentials() throws Exception {
    WireFixture.enqueue(server, 200, "{\"result\":\"success\",\"serverTime\":\"2026-01-01T00:00:00.000Z\",\"history\":[]}");
    try (KrakenClient kraken = client(true)) {
      kraken.futures().getTradeHistory(r -> r.symbol("PF_XBTUSD"));
    }
    assertNoCredentials(server.takeRequest());
  }

  @Test
  void privateCallWithCredentialsIsSigned() throws Exception {
    WireFixture.enqueue(server, 200, "{\"error\":[],\"result\":{\"currency\":\"ZUSD\",\"volume\":\"1\"}}");
    try (KrakenClient kraken = client(true)) {
      kraken.spot().getTradeVolume(r -> r.pair("XBTUSD"));
    }
    RecordedRequest request = server.takeRequest();
    assertEquals(WireFixture.SPOT_KEY.key(), request.getHeaders().get("API-Key"));
    assertTrue(request.getHeaders().get("API-Sign") != null);
  }

  private void refusedBeforeSending(Consumer<KrakenClient> call, String builderMethod) {
    try (KrakenClient kraken = client(false)) {
      KrakenClientException refused = assertThrows(KrakenClientException.class, () -> call.accept(kraken));
      assertTrue(refused.getMessage().contains("KrakenClient.builder()." + builderMethod), refused.getMessage());
      assertEquals(-1, refused.httpStatus());
    }
    assertEquals(0, server.getRequestCount(), "requests that reached the server");
  }

  private static void assertNoCredentials(RecordedRequest request) {
    for (String header : List.of("API-Key", "APIKey", "Authorization", "API-Sign", "Authent")) {
      assertNull(request.getHeaders().get(header), header + " on a public call");
    }
  }

  private KrakenClient client(boolean withCredentials) {
    String base = server.url("/").toString();
    KrakenClient.Builder builder = KrakenClient.builder().environment(Environment.PRODUCTION.toBuilder()
        .spot(base).futures(base + "derivatives/api/v3/").futuresDemo(base + "demo/").oauth(base).embed(base).build());
    if (withCredentials) {
      builder.spotCredentials(WireFixture.SPOT_KEY).futuresCredentials(WireFixture.FUTURES_KEY)
          .embedCredentials(WireFixture.EMBED_KEY);
    }
    return builder.build();
  }
}
