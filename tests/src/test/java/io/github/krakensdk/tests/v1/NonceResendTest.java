package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.NonceRejectedException;
import io.github.krakensdk.tests.client.WireFixture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.Test;

/**
 * A request the service refuses for its nonce executed nothing, so the client signs it again with
 * a fresh nonce and sends it again, for every operation (a POST that is not safe to repeat
 * included) and with no retry policy; at most three times, then the rejection reaches the caller.
 */
class NonceResendTest {
  private static final String SPOT_NONCE = "{\"error\":[\"EAPI:Invalid nonce\"]}";
  private static final String FUTURES_NONCE =
      "{\"result\":\"error\",\"serverTime\":\"2026-01-01T00:00:00.000Z\",\"error\":\"nonceBelowThreshold\"}";

  @Test
  void aRefusedPostIsResignedAndSentAgain() throws Exception {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200, SPOT_NONCE);
      WireFixture.enqueue(wire.server, 200, "{\"error\":[],\"result\":true}");
      assertEquals(true, wire.client.spot().cancelWithdrawal(r -> r.asset("XBT").refid("FTQcuak-V6Za8qrWnhzTx67yYHz8Tg")));
      RecordedRequest first = WireFixture.take(wire.server);
      RecordedRequest second = WireFixture.take(wire.server);
      assertNotEquals(first.getHeaders().get("API-Sign"), second.getHeaders().get("API-Sign"));
      assertNotEquals(first.getBody().utf8(), second.getBody().utf8(), "the second attempt carries a new nonce");
      assertEquals(1, wire.client.nonceResends());
    }
  }

  @Test
  void asyncCallsResendToo() throws Exception {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, 200, FUTURES_NONCE);
      WireFixture.enqueue(wire.server, 200,
          "{\"result\":\"success\",\"serverTime\":\"2026-01-01T00:00:00.000Z\",\"notifications\":[]}");
      wire.client.futures().getNotificationsAsync().get(10, TimeUnit.SECONDS);
      assertEquals(2, wire.requestCount());
      assertEquals(1, wire.client.nonceResends());
    }
  }

  @Test
  void afterThreeResendsTheRejectionReachesTheCaller() throws Exception {
    try (WireFixture wire = WireFixture.create()) {
      for (int i = 0; i < 4; i++) {
        WireFixture.enqueue(wire.server, 200, SPOT_NONCE);
      }
      assertThrows(NonceRejectedException.class, () -> wire.client.spot().getTradeVolume(r -> r.pair("XBTUSD")));
      assertEquals(4, wire.requestCount());
      assertEquals(3, wire.client.nonceResends());
      for (int i = 0; i < 4; i++) {
        WireFixture.enqueue(wire.server, 200, SPOT_NONCE);
      }
      ExecutionException failed = assertThrows(ExecutionException.class,
          () -> wire.client.spot().getTradeVolumeAsync(r -> r.pair("XBTUSD")).get(10, TimeUnit.SECONDS));
      assertTrue(failed.getCause() instanceof NonceRejectedException, String.valueOf(failed.getCause()));
      assertEquals(8, wire.requestCount());
    }
  }
}
