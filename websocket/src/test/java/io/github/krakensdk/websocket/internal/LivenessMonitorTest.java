package io.github.krakensdk.websocket.internal;

import static io.github.krakensdk.websocket.internal.LivenessMonitor.Action.DEAD;
import static io.github.krakensdk.websocket.internal.LivenessMonitor.Action.NONE;
import static io.github.krakensdk.websocket.internal.LivenessMonitor.Action.SEND_PING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

final class LivenessMonitorTest {
  private static final long S = 1_000_000_000L;
  private final LivenessMonitor monitor = new LivenessMonitor(Duration.ofSeconds(30), Duration.ofSeconds(10));

  @Test void pingsEveryIntervalWhileThePongsCome() {
    assertEquals(NONE, monitor.poll(0), "nothing before a connection opens");
    monitor.opened(0);
    assertEquals(30 * S, monitor.nextDeadline());
    assertEquals(NONE, monitor.poll(30 * S - 1));
    assertEquals(SEND_PING, monitor.poll(30 * S));
    monitor.pingSent(7, 30 * S);
    assertEquals(40 * S, monitor.nextDeadline(), "the pong's deadline");
    assertEquals(NONE, monitor.poll(35 * S));
    monitor.pongReceived(7, 35 * S);
    assertEquals(60 * S, monitor.nextDeadline(), "one interval after the last ping");
    assertEquals(SEND_PING, monitor.poll(60 * S));
  }

  @Test void noPongWithinTheTimeoutDeclaresTheConnectionDead() {
    monitor.opened(0);
    monitor.pingSent(1, 30 * S);
    assertEquals(NONE, monitor.poll(40 * S - 1));
    assertEquals(DEAD, monitor.poll(40 * S));
    assertTrue(monitor.isDead());
    monitor.pongReceived(1, 41 * S); // too late: stays dead
    assertEquals(DEAD, monitor.poll(42 * S));
    assertEquals(Long.MAX_VALUE, monitor.nextDeadline());
    monitor.closed();
    monitor.opened(100 * S); // the new connection starts afresh
    assertFalse(monitor.isDead());
    assertEquals(130 * S, monitor.nextDeadline());
  }

  @Test void aPongForAnotherPingDoesNotCount() {
    monitor.opened(0);
    monitor.pingSent(2, 30 * S);
    monitor.pongReceived(1, 31 * S);
    assertEquals(DEAD, monitor.poll(40 * S));
  }

  @Test void aClosedConnectionOwesNothing() {
    monitor.opened(0);
    monitor.pingSent(3, 30 * S);
    monitor.closed();
    assertEquals(NONE, monitor.poll(100 * S));
    assertEquals(Long.MAX_VALUE, monitor.nextDeadline());
    assertThrows(IllegalStateException.class, () -> monitor.pingSent(4, 100 * S));
    assertThrows(IllegalArgumentException.class, () -> new LivenessMonitor(Duration.ZERO, Duration.ofSeconds(1)));
  }
}
