package io.github.krakensdk.runtime.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.AuthenticationException;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.errors.ServiceError;
import io.github.krakensdk.runtime.internal.KrakenFailureIOException;
import io.github.krakensdk.runtime.internal.OutcomeUnknownException;
import io.github.krakensdk.runtime.internal.RequestNotSentException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.net.URI;
import org.junit.jupiter.api.Test;

final class TransportFailuresTest {
  private static final URI URL = URI.create("https://api.kraken.com/0/private/WithdrawCancel?secret=1");

  @Test
  void aCarriedFailureIsReportedAsItIsNamedAfterTheOperation() {
    KrakenClientException unsignable = new KrakenClientException("signRequest", "the body cannot be signed", null);
    KrakenException failure =
        TransportFailures.toKrakenException("cancelWithdrawal", new KrakenFailureIOException(unsignable));
    KrakenClientException e = assertInstanceOf(KrakenClientException.class, failure);
    assertEquals("cancelWithdrawal", e.operationId());
    assertEquals("cancelWithdrawal: the body cannot be signed", e.getMessage());
    assertEquals(KrakenException.NO_STATUS, e.httpStatus());

    // Already named after the operation: the very same failure.
    KrakenClientException named = new KrakenClientException("cancelWithdrawal", "no", null);
    assertSame(named, TransportFailures.toKrakenException("cancelWithdrawal", new KrakenFailureIOException(named)));
  }

  @Test
  void subtypesKeepTheirTypeAndFacts() {
    AuthenticationException rejected = new AuthenticationException(ServiceError.builder().operationId("getToken")
        .httpStatus(400).errors(List.of("invalid_grant")).errorDescription("expired").bodyExcerpt("").build());
    KrakenException failure =
        TransportFailures.toKrakenException("getUserInfo", new KrakenFailureIOException(rejected));
    AuthenticationException e = assertInstanceOf(AuthenticationException.class, failure);
    assertEquals("getUserInfo", e.operationId());
    assertEquals(400, e.httpStatus());
    assertEquals(List.of("invalid_grant"), e.errors());
    assertEquals("expired", e.errorDescription());
    assertEquals(rejected.getMessage().replace("getToken:", "getUserInfo:"), e.getMessage());
  }

  @Test
  void outcomeUnknownIsFoundAmongTheCauses() {
    OutcomeUnknownException unknown = new OutcomeUnknownException("POST", URL, "the connection broke", null);
    KrakenTransportException direct = assertInstanceOf(KrakenTransportException.class,
        TransportFailures.toKrakenException("cancelWithdrawal", unknown));
    assertTrue(direct.outcomeUnknown());
    assertFalse(direct.getMessage().contains("secret"), "the query stays out of messages");

    // What OkHttp throws when the call timeout fires while the guard's exception is on its way.
    InterruptedIOException timeout = new InterruptedIOException("timeout");
    timeout.initCause(unknown);
    KrakenTransportException wrapped = assertInstanceOf(KrakenTransportException.class,
        TransportFailures.toKrakenException("cancelWithdrawal", timeout));
    assertTrue(wrapped.outcomeUnknown());
    assertSame(timeout, wrapped.getCause());
  }

  @Test
  void aCarriedTransportFailureOfAnotherExchangeKeepsItsOwnOutcome() {
    // A token refresh whose POST may have reached the token endpoint, carried out of the bearer
    // interceptor: the carried failure decides, not the outcome-unknown exception inside it.
    KrakenTransportException refresh = new KrakenTransportException("getToken",
        new OutcomeUnknownException("POST", URL, "the connection broke", null), true);
    KrakenTransportException e = assertInstanceOf(KrakenTransportException.class,
        TransportFailures.toKrakenException("getUserInfo", new KrakenFailureIOException(refresh)));
    assertEquals("getUserInfo", e.operationId());
    assertTrue(e.outcomeUnknown());
    assertSame(refresh.getCause(), e.getCause());
  }

  @Test
  void anythingElseIsNotCompleted() {
    IOException reset = new IOException("connection reset");
    KrakenTransportException e = assertInstanceOf(KrakenTransportException.class,
        TransportFailures.toKrakenException("getAssets", reset));
    assertFalse(e.outcomeUnknown());
    assertSame(reset, e.getCause());
    assertFalse(assertInstanceOf(KrakenTransportException.class, TransportFailures.toKrakenException("getAssets",
        new RequestNotSentException("canceled while waiting for its turn"))).outcomeUnknown());
  }

  @Test
  void aCycleOfCausesEnds() {
    IOException a = new IOException("a");
    IOException b = new IOException("b", a);
    a.initCause(b);
    assertFalse(assertInstanceOf(KrakenTransportException.class,
        TransportFailures.toKrakenException("getAssets", a)).outcomeUnknown());
  }

  @Test
  void nullsAreRefused() {
    assertThrows(NullPointerException.class, () -> new KrakenFailureIOException(null));
    assertThrows(NullPointerException.class, () -> TransportFailures.toKrakenException("getAssets", null));
  }
}
