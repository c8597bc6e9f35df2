package io.github.krakensdk.sandbox.internal.spot;

import io.github.krakensdk.sandbox.SandboxExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.ConstraintViolationException;
import io.github.krakensdk.spot.SpotService;
import io.github.krakensdk.spot.model.OrderEdited;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.values.OrderPrice;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An order is named by its id (a string) or by the userref it was placed with (an integer), as
 * the service types {@code txid} of CancelOrder, EditOrder and the items of CancelOrderBatch: the
 * SDK sends a userref as a JSON integer and the sandbox finds every open order placed with it.
 */
@ExtendWith(SandboxExtension.class)
class SpotOrderReferencesTest {
  private static final String PAIR = "XBTUSD";

  private static String rest(SpotService spot, int userref, String price) {
    return spot.addOrder(r -> r.pair(PAIR).side(OrderSide.BUY).orderType(OrderType.LIMIT).price(OrderPrice.of(new BigDecimal(price)))
        .volume(new BigDecimal("0.0100")).userReference(userref)).txid();
  }

  @Test
  void aUserrefCancelsEveryOpenOrderPlacedWithIt(KrakenClient kraken) {
    SpotService spot = kraken.spot();
    String first = rest(spot, 9001, "50000.0");
    String second = rest(spot, 9001, "49990.0");
    String other = rest(spot, 9003, "49980.0");

    assertEquals(2, spot.cancelOrder(r -> r.txid(9001)).count());
    Set<String> open = spot.getOpenOrders().open().keySet();
    assertFalse(open.contains(first) || open.contains(second), "userref 9001 is still open: " + open);
    assertTrue(open.contains(other), "another userref's order was cancelled");

    assertEquals(1, spot.cancelOrderBatch(r -> r.orders(List.of(9003))).count());
    assertFalse(spot.getOpenOrders().open().containsKey(other));
  }

  @Test
  void anOrderIsEditedByItsUserref(KrakenClient kraken) {
    SpotService spot = kraken.spot();
    String original = rest(spot, 9002, "50000.0");
    OrderEdited edited = spot.editOrder(r -> r.txid(9002).pair(PAIR).volume(new BigDecimal("0.0200")));
    assertEquals(original, edited.originalTxid());
    assertTrue(spot.getOpenOrders().open().containsKey(edited.txid()));
  }

  @Test
  void aReferenceThatIsNeitherTextNorAnIntegerIsRefusedBeforeSending(KrakenClient kraken) {
    ConstraintViolationException refused = assertThrows(ConstraintViolationException.class,
        () -> kraken.spot().cancelOrder(r -> r.txid(new BigDecimal("9001.5"))));
    assertTrue(refused.getMessage().contains("txid") && refused.getMessage().contains("string or integer"),
        refused.getMessage());
  }
}
