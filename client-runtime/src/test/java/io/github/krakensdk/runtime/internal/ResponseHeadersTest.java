package io.github.krakensdk.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import okhttp3.Headers;
import org.junit.jupiter.api.Test;

/** What the runtime reads from an error response's headers: Retry-After and the request id. */
final class ResponseHeadersTest {
  @Test
  void retryAfterHeaderReadsSecondsAndDates() {
    assertEquals(Duration.ofSeconds(3), Calls.retryAfter(Headers.of("Retry-After", "3")));
    assertEquals(Duration.ZERO, Calls.retryAfter(Headers.of("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT")));
    assertNull(Calls.retryAfter(Headers.of("Retry-After", "soon")));
    assertNull(Calls.retryAfter(Headers.of()));
  }

  @Test
  void requestIdPrefersTheServicesOwnHeader() {
    assertEquals("req-1", Calls.requestId(Headers.of("X-Request-Id", "req-1", "CF-Ray", "8f1c-AMS")));
    assertEquals("8f1c-AMS", Calls.requestId(Headers.of("CF-Ray", "8f1c-AMS")));
    assertNull(Calls.requestId(Headers.of()));
  }
}
