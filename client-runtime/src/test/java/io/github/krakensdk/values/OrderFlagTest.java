package io.github.krakensdk.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

final class OrderFlagTest {
  @Test
  void joinWritesTheCommaListInTheDocumentedOrderWhateverTheSetsOrder() {
    assertEquals("post,fciq", OrderFlag.join(Set.of(OrderFlag.FCIQ, OrderFlag.POST)));
    assertEquals("post,fciq", OrderFlag.join(List.of(OrderFlag.FCIQ, OrderFlag.POST, OrderFlag.FCIQ)));
    assertEquals("viqc", OrderFlag.join(Set.of(OrderFlag.VIQC)));
    assertEquals("post,zeta", OrderFlag.join(List.of(OrderFlag.of("zeta"), OrderFlag.POST)), "unknown flags last");
    assertEquals("fciq,alpha,zeta", OrderFlag.join(List.of(OrderFlag.of("zeta"), OrderFlag.FCIQ, OrderFlag.of("alpha"),
        OrderFlag.of("zeta"))), "unknown flags once each, by name");
    assertEquals("alpha,zeta", OrderFlag.join(List.of(OrderFlag.of("zeta"), OrderFlag.of("alpha"))));
    assertEquals("", OrderFlag.join(Set.of()));
    assertNull(OrderFlag.join(null));
  }

  @Test
  void splitReadsTheWireFormAndKeepsUnknownFlags() {
    assertEquals(Set.of(OrderFlag.POST, OrderFlag.FCIQ), OrderFlag.split("fciq,post"));
    assertEquals("post,fciq", OrderFlag.join(OrderFlag.split("fciq,post")));
    OrderFlag future = OrderFlag.split("post,newflag").stream().filter(f -> !f.isKnown()).findFirst().orElseThrow();
    assertEquals("newflag", future.value());
    assertSame(OrderFlag.NOMPP, OrderFlag.of("nompp"));
    assertTrue(OrderFlag.NOMPP.isKnown());
  }

  @Test
  void copyOfIsUnmodifiableAndRefusesNull() {
    Set<OrderFlag> copy = OrderFlag.copyOf(List.of(OrderFlag.POST));
    assertThrows(UnsupportedOperationException.class, () -> copy.add(OrderFlag.FCIB));
    assertEquals("flags contains null", assertThrows(NullPointerException.class,
        () -> OrderFlag.copyOf(Arrays.asList(OrderFlag.POST, null))).getMessage());
    assertFalse(OrderFlag.of("x").equals(OrderFlag.of("y")));
    assertEquals(List.of(OrderFlag.POST, OrderFlag.FCIB, OrderFlag.FCIQ, OrderFlag.NOMPP, OrderFlag.VIQC),
        OrderFlag.values());
  }
}
