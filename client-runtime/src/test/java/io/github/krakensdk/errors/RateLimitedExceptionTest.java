package io.github.krakensdk.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code EService: Throttled: <unix time>}, as the service writes it, is read into an {@link Instant}. */
final class RateLimitedExceptionTest {
  @Test
  void theThrottlesEndIsParsed() {
    assertEquals(Optional.of(Instant.ofEpochSecond(1764000000L)),
        limited("EService: Throttled: 1764000000").throttledUntil(), "the service's spacing");
    assertEquals(Optional.of(Instant.ofEpochSecond(1764000000L)),
        limited("EService:Throttled:1764000000").throttledUntil(), "without spaces");
    assertEquals(Optional.of(Instant.ofEpochSecond(1764000000L, 500_000_000)),
        limited("EService: Throttled: 1764000000.5").throttledUntil(), "with a fraction");
    assertEquals(Optional.of(Instant.ofEpochSecond(1764000000L)),
        limited("EGeneral:Invalid arguments", "EService: Throttled: 1764000000").throttledUntil(), "not first");
  }

  @Test
  void otherRateLimitsAndUnreadableTimesHaveNone() {
    for (String error : List.of("EAPI:Rate limit exceeded", "EOrder:Rate limit exceeded", "EGeneral:Too many requests",
        "EService: Throttled", "EService: Throttled: soon", "EService: Throttled: 1e400", "EService:Busy")) {
      assertEquals(Optional.empty(), limited(error).throttledUntil(), error);
    }
  }

  @Test
  void aCopyNamingAnotherOperationKeepsTheTime() {
    RateLimitedException original = limited("EService: Throttled: 1764000000");
    RateLimitedException copy = (RateLimitedException) original.withOperationId("getBalance");
    assertEquals("getBalance", copy.operationId());
    assertEquals(original.throttledUntil(), copy.throttledUntil());
    assertSame(original, original.withOperationId("getTradeVolume"));
  }

  private static RateLimitedException limited(String... errors) {
    return new RateLimitedException(ServiceError.builder().operationId("getTradeVolume").httpStatus(200)
        .errors(List.of(errors)).bodyExcerpt("").build());
  }
}
