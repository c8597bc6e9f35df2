package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.runtime.call.RetryPolicy;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.spot.model.SpotErrorCode;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Family;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Spot rate limiting, typed from the contract ({@code x-kraken-envelope.errors}, kind {@code
 * rate-limited}) and retried only where it is safe and useful: the trading engine's limit and a
 * throttle (at its end) for an operation that is safe to repeat; the REST call counter never
 * without the service saying when. The client's waits run on {@link WireFixture#time}, so what it
 * waited is exact and nothing sleeps.
 */
class SpotRateLimitErrorsTest {
  static final String SUCCESS = "{\"error\":[],\"result\":{\"currency\":\"ZUSD\",\"volume\":\"1.5\"}}";
  static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
  /** Retries on a clock standing at {@link #NOW}, waits of up to 5 s. */
  static final RetryPolicy RETRIES = RetryPolicy.exponential().maxAttempts(3).initialDelay(Duration.ZERO)
      .maxDelay(Duration.ofSeconds(5)).clock(Clock.fixed(NOW, ZoneOffset.UTC)).build();

  /** The codes the Spot contract marks {@code rate-limited}; each one becomes a {@link RateLimitedException}. */
  @TestFactory
  Stream<DynamicTest> everyRateLimitedCodeOfTheContractIsTyped() {
    List<String> codes = new ArrayList<>();
    ServiceErrors.kinds(Contracts.get(Family.SPOT)).forEach((code, kind) -> {
      if (kind.equals("rate-limited")) {
        codes.add(code);
      }
    });
    assertEquals(Set.of("EAPI:Rate limit exceeded", "EOrder:Rate limit exceeded", "EService: Throttled",
        "EGeneral:Too many requests"), Set.copyOf(codes));
    return codes.stream().map(code -> dynamicTest(code, () -> {
      String error = code.equals("EService: Throttled") ? code + ": " + NOW.getEpochSecond() : code;
      for (boolean async : new boolean[] {false, true}) {
        try (WireFixture wire = WireFixture.create()) {
          // The call counter's own error executed nothing: re-sent while it stays full, then thrown.
          int attempts = code.equals("EAPI:Rate limit exceeded") ? 1 + ErrorExampleTest.RATE_LIMIT_RESENDS : 1;
          for (int i = 0; i < attempts; i++) {
            WireFixture.enqueue(wire.server, 200, "{\"error\":[\"" + error + "\"]}");
          }
          Throwable thrown = async
              ? assertThrows(ExecutionException.class, () -> wire.client.spot()
                  .getTradeVolumeAsync(r -> r.pair("XBTUSD")).get(10, TimeUnit.SECONDS)).getCause()
              : assertThrows(RateLimitedException.class, () -> wire.client.spot().getTradeVolume(r -> r.pair("XBTUSD")));
          RateLimitedException limited = assertInstanceOf(RateLimitedException.class, thrown);
          assertEquals(SpotErrorCode.of(code), limited.code(SpotErrorCode.class));
          assertTrue(limited.code(SpotErrorCode.class).isKnown(), code + " is listed by the contract");
          assertEquals(List.of(error), limited.errors());
          assertEquals(code.equals("EService: Throttled") ? Optional.of(NOW) : Optional.empty(),
              limited.throttledUntil());
          assertEquals(attempts, wire.requestCount(), "no retry without a policy");
        }
      }
    }));
  }

  @Test
  void aThrottleOnAnOperationSafeToRepeatIsRetriedWhenItEnds() throws Exception {
    try (WireFixture wire = WireFixture.builder().retryPolicy(RETRIES).build()) {
      WireFixture.enqueue(wire.server, 200, "{\"error\":[\"EService: Throttled: " + (NOW.getEpochSecond() + 2) + "\"]}");
      WireFixture.enqueue(wire.server, 200, SUCCESS);
      assertEquals(0, new BigDecimal("1.5").compareTo(wire.client.spot().getTradeVolume(r -> r.pair("XBTUSD")).volume()));
      assertEquals(2, wire.requestCount());
      assertEquals(Duration.ofSeconds(2), wire.time.waited(), "waited until the throttle's end, on the policy's clock");
    }
  }

  @Test
  void aThrottleBeyondTheCapOrOnAnUnsafeOperationIsNotRetried() {
    try (WireFixture wire = WireFixture.builder().retryPolicy(RETRIES).build()) {
      WireFixture.enqueue(wire.server, 200, "{\"error\":[\"EService: Throttled: " + (NOW.getEpochSecond() + 60) + "\"]}");
      RateLimitedException e = assertThrows(RateLimitedException.class,
          () -> wire.client.spot().getTradeVolume(r -> r.pair("XBTUSD")));
      assertEquals(Optional.of(NOW.plusSeconds(60)), e.throttledUntil());
      WireFixture.enqueue(wire.server, 200, "{\"error\":[\"EService: Throttled: " + NOW.getEpochSecond() + "\"]}");
      assertThrows(RateLimitedException.class, () -> wire.client.spot()
          .deallocateEarnFunds(r -> r.strategyId("ESDQCOL-WTZEU-NU55QF").amount(BigDecimal.ONE)));
      assertEquals(2, wire.requestCount(), "each sent once");
      assertEquals(Duration.ZERO, wire.time.waited());
    }
  }

  @Test
  void theTradingEnginesLimitIsRetriedWhereSafe() throws Exception {
    try (WireFixture wire = WireFixture.builder().retryPolicy(RETRIES).build()) {
      WireFixture.enqueue(wire.server, 200, "{\"error\":[\"EOrder:Rate limit exceeded\"]}");
      WireFixture.enqueue(wire.server, 200, SUCCESS);
      wire.client.spot().getTradeVolumeAsync(r -> r.pair("XBTUSD")).get(10, TimeUnit.SECONDS);
      assertEquals(2, wire.requestCount(), "retried after the backoff");
      WireFixture.enqueue(wire.server, 200, "{\"error\":[\"EOrder:Rate limit exceeded\"]}");
      assertThrows(RateLimitedException.class, () -> wire.client.spot()
          .deallocateEarnFunds(r -> r.strategyId("ESDQCOL-WTZEU-NU55QF").amount(BigDecimal.ONE)));
      assertEquals(3, wire.requestCount(), "an operation that is not safe to repeat is sent once");
    }
  }

  /**
   * The REST call counter: the refused call executed nothing, so the client learns the counter is
   * full, waits for it to decay and sends the call again, whatever the retry policy; {@code
   * EGeneral:Too many requests} is not the counter and is not retried (the service keeps the
   * limit up while calls keep coming).
   */
  @Test
  void theCallCounterIsWaitedOutAndTheCallSentAgain() {
    try (WireFixture wire = WireFixture.builder().retryPolicy(RetryPolicy.none()).build()) {
      WireFixture.enqueue(wire.server, 200, "{\"error\":[\"EAPI:Rate limit exceeded\"]}");
      WireFixture.enqueue(wire.server, 200, SUCCESS);
      wire.client.spot().getTradeVolume(r -> r.pair("XBTUSD"));
      assertEquals(2, wire.requestCount(), "sent again");
      assertEquals(1, wire.client.rateLimitResends());
      assertEquals(SpotRateTier.STARTER.decayTime(2), wire.time.waited(),
          "the counter is full (15): 2 counts decay before 1 fits under 14");
    }
    try (WireFixture wire = WireFixture.builder().retryPolicy(RETRIES).build()) {
      WireFixture.enqueue(wire.server, 200, "{\"error\":[\"EGeneral:Too many requests\"]}");
      WireFixture.enqueue(wire.server, 200, SUCCESS);
      assertThrows(RateLimitedException.class, () -> wire.client.spot().getTradeVolume(r -> r.pair("XBTUSD")));
      assertEquals(1, wire.requestCount(), "not retried");
      assertEquals(0, wire.client.rateLimitResends());
    }
  }

  /** The counter's error with a Retry-After: sent again no sooner than the service asked. */
  @Test
  void theCallCounterWithRetryAfterIsSentAgainNoSooner() {
    try (WireFixture wire = WireFixture.builder().retryPolicy(RETRIES).build()) {
      WireFixture.enqueue(wire.server, 429, "{\"error\":[\"EAPI:Rate limit exceeded\"]}", "Retry-After", "30");
      WireFixture.enqueue(wire.server, 200, SUCCESS);
      wire.client.spot().getTradeVolume(r -> r.pair("XBTUSD"));
      assertEquals(2, wire.requestCount());
      assertTrue(wire.time.waited().compareTo(Duration.ofSeconds(30)) >= 0, "waited " + wire.time.waited());
    }
  }

  /** The code enum knows each code the contract lists, the throttle with the service's spacing. */
  @Test
  void theCodesAreInTheEnum() {
    Map<SpotErrorCode, String> expected = Map.of(SpotErrorCode.API_RATE_LIMIT_EXCEEDED, "EAPI:Rate limit exceeded",
        SpotErrorCode.ORDER_RATE_LIMIT_EXCEEDED, "EOrder:Rate limit exceeded",
        SpotErrorCode.SERVICE_THROTTLED, "EService: Throttled",
        SpotErrorCode.GENERAL_TOO_MANY_REQUESTS, "EGeneral:Too many requests");
    expected.forEach((constant, value) -> assertEquals(value, constant.value()));
  }
}
