package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.Family;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.RawRequest;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.runtime.call.RetryPolicy;
import io.github.krakensdk.spot.model.SpotErrorCode;
import io.github.krakensdk.tests.client.Signatures;
import io.github.krakensdk.tests.client.WireFixture;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;

/**
 * The escape hatch: an operation the contract does not have goes through the same pipeline as a
 * generated one: signed when it says so (and only then), re-sent after a nonce rejection, retried
 * only where safe, errors mapped to the same exceptions, the family's envelope unwrapped.
 */
class RawCallTest {
  @Test
  void anAuthenticatedSpotCallIsSignedAndUnwrapped() throws Exception {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200, "{\"error\":[],\"result\":{\"XXBT\":\"0.5000000000\"}}");
      Object balances = wire.client.rawCall(Family.SPOT, RawRequest.post("0/private/Balance")
          .authenticated(true).bodyMember("asset", "XBT").build());
      assertEquals(Map.of("XXBT", "0.5000000000"), balances);
      RecordedRequest sent = WireFixture.take(wire.server);
      assertEquals("/0/private/Balance", sent.getUrl().encodedPath());
      assertEquals(WireFixture.SPOT_KEY.key(), sent.getHeaders().get("API-Key"));
      String body = sent.getBody().utf8();
      assertTrue(body.matches("\\{\"nonce\":\\d+,\"asset\":\"XBT\"}"), body);
      assertEquals(List.of(), Signatures.problems(io.github.krakensdk.tests.contract.Family.SPOT, sent,
          WireFixture.SPOT_KEY.key()), "API-Sign over the bytes sent");
    }
  }

  @Test
  void aPublicCallCarriesNoCredentials() throws Exception {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200, "{\"error\":[],\"result\":{\"XXBTZUSD\":{\"c\":[\"97000.1\",\"0.1\"]}}}");
      Object ticker = wire.client.rawCall(Family.SPOT, RawRequest.get("0/public/Ticker").query("pair", "XBTUSD").build());
      assertTrue(ticker instanceof Map<?, ?> map && map.containsKey("XXBTZUSD"), String.valueOf(ticker));
      RecordedRequest sent = WireFixture.take(wire.server);
      assertEquals("pair=XBTUSD", sent.getUrl().encodedQuery());
      assertNull(sent.getHeaders().get("API-Key"));
      assertNull(sent.getHeaders().get("API-Sign"));
    }
  }

  @Test
  void errorsMapToTheSameExceptions() {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200, "{\"error\":[\"EGeneral:Invalid arguments:asset\"]}");
      KrakenServiceException e = assertThrows(KrakenServiceException.class, () -> wire.client.rawCall(Family.SPOT,
          RawRequest.post("0/private/Balance").authenticated(true).build()));
      assertEquals(SpotErrorCode.GENERAL_INVALID_ARGUMENTS, e.code(SpotErrorCode.class));
      assertEquals("raw POST 0/private/Balance", e.operationId());
    }
  }

  @Test
  void aNonceRejectionIsResentLikeAGeneratedCall() throws Exception {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200, "{\"error\":[\"EAPI:Invalid nonce\"]}");
      WireFixture.enqueue(wire.server, 200, "{\"error\":[],\"result\":{}}");
      wire.client.rawCallAsync(Family.SPOT, RawRequest.post("0/private/Balance").authenticated(true).build())
          .get(10, TimeUnit.SECONDS);
      assertEquals(2, wire.requestCount());
      assertEquals(1, wire.client.nonceResends());
    }
  }

  @Test
  void onlySafeRawCallsAreRetried() {
    RetryPolicy policy = RetryPolicy.exponential().maxAttempts(2).initialDelay(Duration.ofMillis(1)).build();
    try (WireFixture wire = WireFixture.builder().retryPolicy(policy).build()) {
      // A failure the service may have acted on (EAPI:Rate limit exceeded executed nothing and is re-sent).
      WireFixture.enqueue(wire.server, 503, "{\"error\":[\"EService:Unavailable\"]}");
      assertThrows(KrakenServiceException.class, () -> wire.client.rawCall(Family.SPOT,
          RawRequest.post("0/private/AddOrder").authenticated(true).build()));
      assertEquals(1, wire.requestCount(), "a POST that is not marked idempotent is sent once");
      // Not the key's call counter (EAPI:Rate limit exceeded, retried only after a Retry-After): a limit a wait clears.
      WireFixture.enqueue(wire.server, 429, "{\"error\":[\"EOrder:Rate limit exceeded\"]}");
      WireFixture.enqueue(wire.server, 200, "{\"error\":[],\"result\":{\"status\":\"online\"}}");
      assertEquals(Map.of("status", "online"), wire.client.rawCall(Family.SPOT, RawRequest.get("0/public/SystemStatus").build()));
      assertEquals(3, wire.requestCount());
    }
  }

  @Test
  void embedBodiesAreSignedAndFuturesBodiesComeWhole() throws Exception {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200, "{\"result\":{\"id\":\"AA12 N84G 5LQU FNFN\"}}");
      Object user = wire.client.rawCall(Family.EMBED, RawRequest.method("POST", "b2b/users")
          .authenticated(true).bodyMember("email", "user@example.com").build());
      assertEquals(Map.of("id", "AA12 N84G 5LQU FNFN"), user);
      RecordedRequest sent = WireFixture.take(wire.server);
      assertNotNull(sent.getHeaders().get("API-Nonce"));
      assertEquals("{\"email\":\"user@example.com\"}", sent.getBody().utf8());
      assertEquals(wire.serviceVersion.value(), sent.getHeaders().get("Service-Version"));

      WireFixture.enqueue(wire.server, 200, "{\"result\":\"success\",\"serverTime\":\"2026-01-01T00:00:00.000Z\",\"tickers\":[]}");
      Object tickers = wire.client.rawCall(Family.FUTURES, RawRequest.get("tickers").build());
      assertEquals(Map.of("result", "success", "serverTime", "2026-01-01T00:00:00.000Z", "tickers", List.of()), tickers);
    }
  }

  @Test
  void anAuthenticatedCallWithoutCredentialsIsRefusedBeforeSending() {
    try (KrakenClient kraken = KrakenClient.builder().build()) {
      KrakenClientException refused = assertThrows(KrakenClientException.class,
          () -> kraken.rawCall(Family.FUTURES, RawRequest.get("accounts").authenticated(true).build()));
      assertTrue(refused.getMessage().contains("futuresCredentials(...)"), refused.getMessage());
    }
  }
}
