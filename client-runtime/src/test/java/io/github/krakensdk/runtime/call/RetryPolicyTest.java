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
import java.time.Duration;
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


  @Test
  void badSettingsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> RetryPolicy.exponential().maxAttempts(0));
    assertThrows(IllegalArgumentException.class, () -> RetryPolicy.exponential().maxDelay(Duration.ofSeconds(-1)));
  }

  private static KrakenTransportException transport() {
    return new KrakenTransportException("getAssets", new IOException("reset"), false);
  }

  private static KrakenServiceException status(int status) {
    return new KrakenServiceException(new ServiceError("getAssets", status, List.of("EService:Unavailable"), null, null, null, ""));
  }

  private static RateLimitedException limited(Duration retryAfter) {
    return new RateLimitedException(new ServiceError("getAssets", 429, List.of(), null, null, retryAfter, ""));
  }
}
