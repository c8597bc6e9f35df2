package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.EmbedErrorCode;
import io.github.krakensdk.errors.AuthenticationException;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.futures.model.FuturesErrorCode;
import io.github.krakensdk.spot.model.SpotErrorCode;
import io.github.krakensdk.tests.client.WireFixture;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;

/**
 * One error model: the error codes and their kinds come from the contract (generated open enums,
 * {@code x-kraken-envelope.errors}), service exceptions carry status, every error string and the
 * request id, and a closed client fails at once with the client-side exception.
 */
class OneErrorModelTest {
  @Test
  void spotErrorCodesAreTheContractsOpenEnum() {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200,
          "{\"error\":[\"EEarnings:Busy:Another (de)allocation for the same strategy is in progress\"]}",
          "X-Request-Id", "req-7f3a");
      KrakenServiceException busy = assertThrows(KrakenServiceException.class,
          () -> wire.client.spot().deallocateEarnFunds(r -> r.strategyId("ESDQCOL-WTZEU-NU55QF")
              .amount(new java.math.BigDecimal("0.5"))));
      assertTrue(busy.hasError(SpotErrorCode.EARNINGS_BUSY));
      assertFalse(busy.hasError(SpotErrorCode.EARNINGS_BELOW_MIN));
      assertEquals(SpotErrorCode.EARNINGS_BUSY, busy.code(SpotErrorCode.class));
      assertEquals(200, busy.httpStatus());
      assertEquals("req-7f3a", busy.requestId());
      assertTrue(busy.getMessage().contains("req-7f3a"), busy.getMessage());
    }
  }

  @Test
  void unknownCodesAreKept() {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200, "{\"error\":[\"EFuture:Brand new:detail\"]}");
      KrakenServiceException e = assertThrows(KrakenServiceException.class,
          () -> wire.client.spot().getTradeVolume(r -> r.pair("XBTUSD")));
      SpotErrorCode code = e.code(SpotErrorCode.class);
      assertFalse(code.isKnown());
      assertEquals("EFuture:Brand new", code.value());
      assertNull(e.requestId());
    }
  }

  @Test
  void kindsComeFromTheContract() {
    try (WireFixture wire = WireFixture.create()) {
      // EAPI:Rate limit exceeded is rate-limited too, but waited out and re-sent (SpotRateLimitErrorsTest).
      WireFixture.enqueue(wire.server, 200, "{\"error\":[\"EGeneral:Too many requests\"]}");
      assertThrows(RateLimitedException.class, () -> wire.client.spot().getTradeVolume(r -> r.pair("XBTUSD")));
      WireFixture.enqueue(wire.server, 200, "{\"error\":[\"EAPI:Invalid key\"]}");
      assertThrows(AuthenticationException.class, () -> wire.client.spot().getTradeVolume(r -> r.pair("XBTUSD")));
      WireFixture.enqueue(wire.server, 200,
          "{\"result\":\"error\",\"serverTime\":\"2026-01-01T00:00:00.000Z\",\"error\":\"apiLimitExceeded\"}",
          "CF-Ray", "8f1c2d3e4a5b6c7d-AMS");
      RateLimitedException limited = assertThrows(RateLimitedException.class,
          () -> wire.client.futures().getNotifications());
      assertEquals(FuturesErrorCode.API_LIMIT_EXCEEDED, limited.code(FuturesErrorCode.class));
      assertEquals("8f1c2d3e4a5b6c7d-AMS", limited.requestId());
    }
  }

  @Test
  void embedErrorCodesAreTheContractsOpenEnum() {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 404, "{\"error\":[\"ENexus:Webhook not found\"]}");
      KrakenServiceException e = assertThrows(KrakenServiceException.class,
          () -> wire.client.embed().testWebhook(r -> r.webhookId("wh_01HZX3K9")));
      assertEquals(EmbedErrorCode.NEXUS_WEBHOOK_NOT_FOUND, e.code(EmbedErrorCode.class));
      assertEquals(404, e.httpStatus());
    }
  }

  @Test
  void everyRequestNamesTheSdk() throws Exception {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200, "{\"error\":[],\"result\":{}}");
      wire.client.spot().listAssets(r -> r.asset("XBT"));
      RecordedRequest request = WireFixture.take(wire.server);
      String agent = request.getHeaders().get("User-Agent");
      assertTrue(agent.matches("kraken-java-sdk/\\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(Java " + java.util.regex.Pattern.quote(Runtime.version().toString()) + "\\)"),
          agent);
    }
  }

  @Test
  void aClosedClientFailsAtOnceOnTheClientSide() {
    WireFixture wire = WireFixture.create();
    KrakenClient client = wire.client;
    wire.close();
    KrakenClientException closed = assertThrows(KrakenClientException.class,
        () -> client.spot().listAssets(r -> r.asset("XBT")));
    assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
    assertTrue(client.futures().getNotificationsAsync().isCompletedExceptionally());
    assertEquals(0, wire.requestCount());
  }
}
