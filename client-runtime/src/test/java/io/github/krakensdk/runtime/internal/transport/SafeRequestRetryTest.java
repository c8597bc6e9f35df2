package io.github.krakensdk.runtime.internal.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.runtime.internal.RequestNotSentException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

/** Which failures of a safe request count as a connection that failed, and are sent once more. */
final class SafeRequestRetryTest {
  @Test
  void aResetOrCutConnectionFailed() {
    assertTrue(SafeRequestRetry.connectionFailed(new SocketException("Connection reset")));
    assertTrue(SafeRequestRetry.connectionFailed(new EOFException("\\n not found: limit=0")));
    assertTrue(SafeRequestRetry.connectionFailed(new IOException("unexpected end of stream",
        new SocketException("Broken pipe"))), "the cause decides");
  }

  @Test
  void aTimeoutOrAFailureThatSaysWhatHappenedIsNoConnectionFailure() {
    SocketTimeoutException timeout = new SocketTimeoutException("timeout");
    timeout.initCause(new SocketException("Socket closed")); // a timeout closes the socket too
    assertFalse(SafeRequestRetry.connectionFailed(timeout));
    assertFalse(SafeRequestRetry.connectionFailed(new InterruptedIOException("interrupted")));
    assertFalse(SafeRequestRetry.connectionFailed(
        new RequestNotSentException("not sent", new SocketException("Connection reset"))));
  }

  @Test
  void anyOtherFailureIsNoConnectionFailure() {
    assertFalse(SafeRequestRetry.connectionFailed(new IOException("HTTP/1.1 header too large")));
    assertFalse(SafeRequestRetry.connectionFailed(new IOException("wrapped", new IllegalStateException())));
  }

  @Test
  void describesItself() {
    assertEquals("SafeRequestRetry", SafeRequestRetry.INSTANCE.toString());
  }
}
