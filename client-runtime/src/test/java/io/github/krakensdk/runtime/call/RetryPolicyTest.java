package io.github.krakensdk.runtime.call;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.errors.ServiceError;
import io.github.krakensdk.errors.UnexpectedResponseException;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

final class RetryPolicyTest {

  /** A GET such as getAssets. */
  private static final boolean SAFE = true;
  /** A POST that is not marked idempotent, such as cancelWithdrawal. */
  private static final boolean UNSAFE = false;
  private final RetryPolicy policy = RetryPolicy.exponential()
      .maxAttempts(4).initialDelay(Duration.ofMillis(100)).maxDelay(Duration.ofMillis(300)).build();

  @Test
  void noneNeverRetries() {
    assertNull(RetryPolicy.none().delayBefore(2, SAFE, transport()));
  }

  @Test
  void unsafeOperationsAreNeverRetried() {
    assertNull(policy.delayBefore(2, UNSAFE, transport()));
    assertNull(policy.delayBefore(2, UNSAFE, status(503)));
  }

  @Test
  void backoffIsJitteredWithinAGrowingCappedBound() {
    for (int i = 0; i < 200; i++) {
      Duration second = policy.delayBefore(2, SAFE, transport());
      Duration fourth = policy.delayBefore(4, SAFE, status(502));
      assertTrue(second.compareTo(Duration.ofMillis(100)) <= 0, second.toString());
      assertTrue(fourth.compareTo(Duration.ofMillis(300)) <= 0, fourth.toString());
    }
    assertNull(policy.delayBefore(5, SAFE, transport()), "past maxAttempts");
  }

  @Test
  void onlyTransientFailuresAreRetried() {
    assertNotNull(policy.delayBefore(2, SAFE, status(503)));
    assertNull(policy.delayBefore(2, SAFE, status(400)));
    assertNull(policy.delayBefore(2, SAFE, new UnexpectedResponseException("getAssets", 200, "bad", "<html>", null)));
  }

  @Test
  void localFailuresAreNeverRetried() {
    // Sending the same again fails the same way, whatever else the failure says.
    KrakenClientException unsignable = new KrakenClientException("getAssets", "the body cannot be signed", null);
    assertNull(policy.delayBefore(2, SAFE, unsignable));
    assertNull(policy.delayBefore(2, SAFE, unsignable.withOperationId("getTradeVolume")));
    KrakenClientException aroundTransport =
        new KrakenClientException("getAssets", "the key store is unreachable", new IOException("reset"));
    assertNull(policy.delayBefore(2, SAFE, aroundTransport));
    assertNotNull(policy.delayBefore(2, SAFE, transport()), "the control: a network failure is retried");
  }

  @Test
  void retryAfterIsHonouredUpToTheCap() {
    assertEquals(Duration.ofMillis(250), policy.delayBefore(2, SAFE, limited(Duration.ofMillis(250))));
    assertNull(policy.delayBefore(2, SAFE, limited(Duration.ofSeconds(5))), "longer than maxDelay: give up");
  }


  /** A throttle is waited out to the second the service named, on the policy's clock. */
  @Test
  void aThrottleIsRetriedWhenItEnds() {
    Instant now = Instant.parse("2026-11-23T10:00:00.250Z");
    RetryPolicy onClock = RetryPolicy.exponential().maxAttempts(3).maxDelay(Duration.ofSeconds(2))
        .clock(Clock.fixed(now, ZoneOffset.UTC)).build();
    long end = now.getEpochSecond() + 1; // 10:00:01
    assertEquals(Duration.ofMillis(750), onClock.delayBefore(2, SAFE, spot("EService: Throttled: " + end)));
    assertEquals(Duration.ZERO, onClock.delayBefore(2, SAFE, spot("EService: Throttled: " + (end - 5))),
        "a throttle already over: at once");
    assertNull(onClock.delayBefore(2, SAFE, spot("EService: Throttled: " + (end + 5))), "beyond maxDelay: give up");
    assertNull(onClock.delayBefore(2, UNSAFE, spot("EService: Throttled: " + end)), "never an unsafe operation");
    assertNull(onClock.delayBefore(4, SAFE, spot("EService: Throttled: " + end)), "never beyond maxAttempts");
  }

  @Test
  void theTradingEnginesLimitIsRetriedWithBackoffWhereSafe() {
    Duration delay = policy.delayBefore(2, SAFE, spot("EOrder:Rate limit exceeded"));
    assertNotNull(delay);
    assertTrue(delay.compareTo(Duration.ofMillis(100)) <= 0, delay.toString());
    assertNull(policy.delayBefore(2, UNSAFE, spot("EOrder:Rate limit exceeded")), "placing an order is not safe");
  }

  /**
   * The key's call counter and the request count: the service keeps them up while calls keep
   * coming, so they are retried only when the service said when (Retry-After).
   */
  @Test
  void theCallCounterIsNotRetriedUnlessTheServiceSaidWhen() {
    assertNull(policy.delayBefore(2, SAFE, spot("EAPI:Rate limit exceeded")));
    assertNull(policy.delayBefore(2, SAFE, spot("EGeneral:Too many requests")));
    RateLimitedException withRetryAfter = new RateLimitedException(ServiceError.builder().operationId("getAssets")
        .httpStatus(429).errors(List.of("EAPI:Rate limit exceeded")).retryAfter(Duration.ofMillis(200))
        .bodyExcerpt("").build());
    assertEquals(Duration.ofMillis(200), policy.delayBefore(2, SAFE, withRetryAfter));
  }

  @Test
  void badSettingsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> RetryPolicy.exponential().maxAttempts(0));
    assertThrows(IllegalArgumentException.class, () -> RetryPolicy.exponential().maxDelay(Duration.ofSeconds(-1)));
    assertThrows(NullPointerException.class, () -> RetryPolicy.exponential().clock(null));
  }

  private static KrakenTransportException transport() {
    return new KrakenTransportException("getAssets", new IOException("reset"), false);
  }

  private static KrakenServiceException status(int status) {
    return new KrakenServiceException(ServiceError.builder().operationId("getAssets").httpStatus(status)
        .errors(List.of("EService:Unavailable")).bodyExcerpt("").build());
  }

  private static RateLimitedException spot(String error) {
    return new RateLimitedException(ServiceError.builder().operationId("getAssets").httpStatus(200)
        .errors(List.of(error)).bodyExcerpt("").build());
  }

  private static RateLimitedException limited(Duration retryAfter) {
    return new RateLimitedException(ServiceError.builder().operationId("getAssets").httpStatus(429).errors(List.of())
        .retryAfter(retryAfter).bodyExcerpt("").build());
  }
}
