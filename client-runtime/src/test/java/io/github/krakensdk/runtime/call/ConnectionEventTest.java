package io.github.krakensdk.runtime.call;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

final class ConnectionEventTest {
  @Test void buildsWithDefaultsAndNamesAMissingMember() {
    ConnectionEvent connected = ConnectionEvent.builder().endpoint("SPOT_PUBLIC")
        .kind(ConnectionEvent.Kind.CONNECTED).build();
    assertEquals(ConnectionEvent.NO_CLOSE_CODE, connected.closeCode());
    assertEquals("", connected.reason());
    assertEquals(Duration.ZERO, connected.delay());
    NullPointerException missing = assertThrows(NullPointerException.class,
        () -> ConnectionEvent.builder().kind(ConnectionEvent.Kind.CONNECTED).build());
    assertEquals("endpoint == null", missing.getMessage());
    assertThrows(NullPointerException.class, () -> connected.toBuilder().reason(null).build());
  }

  @Test void isAValue() {
    ConnectionEvent dropped = ConnectionEvent.builder().endpoint("SPOT_AUTH")
        .kind(ConnectionEvent.Kind.DISCONNECTED).closeCode(1001).reason("going away").build();
    assertEquals(dropped, dropped.toBuilder().build());
    assertEquals(dropped.hashCode(), dropped.toBuilder().build().hashCode());
    assertNotEquals(dropped, dropped.toBuilder().closeCode(1006).build());
    assertEquals("ConnectionEvent[endpoint=SPOT_AUTH, kind=DISCONNECTED, closeCode=1001, reason=going away, "
        + "delay=PT0S]", dropped.toString());
  }

  @Test void plusPassesConnectionEventsToBoth() {
    List<String> seen = new ArrayList<>();
    CallListener first = new CallListener() {
      @Override public void connectionEvent(ConnectionEvent event) {
        seen.add("first " + event.kind());
      }
    };
    CallListener second = new CallListener() {
      @Override public void connectionEvent(ConnectionEvent event) {
        seen.add("second " + event.kind());
      }
    };
    first.plus(second).connectionEvent(ConnectionEvent.builder().endpoint("SPOT_PUBLIC")
        .kind(ConnectionEvent.Kind.BUDGET_WAIT).delay(Duration.ofSeconds(4)).build());
    assertEquals(List.of("first BUDGET_WAIT", "second BUDGET_WAIT"), seen);
    CallListener.NONE.connectionEvent(ConnectionEvent.builder().endpoint("x").kind(ConnectionEvent.Kind.TERMINATED)
        .build()); // does nothing
  }
}
