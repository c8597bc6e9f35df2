package io.github.krakensdk.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A failure raised below a call is named after the operation called, keeping its type and facts. */
final class WithOperationIdTest {
  private static final ServiceError ERROR = ServiceError.builder().operationId("getToken").httpStatus(429)
      .errors(List.of("EAPI:Rate limit exceeded")).errorDescription("slow down").retryAfter(Duration.ofSeconds(3))
      .bodyExcerpt("{\"error\":[...]}").build();

  @Test
  void everyTypeOfTheRuntimeKeepsItsTypeAndFacts() {
    IOException reset = new IOException("reset");
    List<KrakenException> failures = List.of(
        new KrakenException("getToken", 502, Duration.ofSeconds(1), "bad gateway", reset),
        new KrakenServiceException(ERROR),
        new RateLimitedException(ERROR),
        new NonceRejectedException(ERROR),
        new AuthenticationException(ERROR),
        new KrakenTransportException("getToken", reset, true),
        new UnexpectedResponseException("getToken", 200, Duration.ofSeconds(2), "not JSON", "<html>", reset),
        new KrakenClientException("getToken", "cannot sign", reset));
    for (KrakenException failure : failures) {
      KrakenException renamed = failure.withOperationId("getUserInfo");
      assertEquals(failure.getClass(), renamed.getClass());
      assertEquals("getUserInfo", renamed.operationId());
      assertEquals(failure.getMessage().replaceFirst("^getToken: ", "getUserInfo: "), renamed.getMessage());
      assertEquals(failure.httpStatus(), renamed.httpStatus());
      assertEquals(failure.retryAfter(), renamed.retryAfter());
      assertSame(failure.getCause(), renamed.getCause());
      assertSame(failure, failure.withOperationId("getToken"), "already named so: the same instance");
    }
    KrakenServiceException service = (KrakenServiceException) new RateLimitedException(ERROR).withOperationId("x");
    assertEquals(ERROR.errors(), service.errors());
    assertEquals("slow down", service.errorDescription());
    assertEquals(ERROR.bodyExcerpt(), service.bodyExcerpt());
    assertEquals(true, ((KrakenTransportException) failures.get(5).withOperationId("x")).outcomeUnknown());
    assertEquals("<html>", ((UnexpectedResponseException) failures.get(6).withOperationId("x")).bodyExcerpt());
  }

  @Test
  void aSubtypeThatCannotBeCopiedIsKeptAsItIs() {
    KrakenClientException own = new KrakenClientException("getToken", "of its own", null) {
      private static final long serialVersionUID = 1L;
    };
    assertSame(own, own.withOperationId("getUserInfo"));
  }

  @Test
  void operationIdIsRequired() {
    assertThrows(NullPointerException.class, () -> new KrakenClientException(null, "m", null));
    assertThrows(NullPointerException.class, () -> new KrakenClientException("a", "m", null).withOperationId(null));
  }
}
