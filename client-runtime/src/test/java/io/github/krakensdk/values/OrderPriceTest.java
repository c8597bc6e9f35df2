package io.github.krakensdk.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

final class OrderPriceTest {
  @Test
  void eachFactoryWritesOneOfKrakensForms() {
    assertEquals("65000.5", OrderPrice.of(new BigDecimal("65000.5")).toString());
    assertEquals("10000", OrderPrice.of(new BigDecimal("1E+4")).toString(), "never an exponent");
    assertEquals("+5", OrderPrice.offset(new BigDecimal("5")).toString());
    assertEquals("-5", OrderPrice.offset(new BigDecimal("-5")).toString());
    assertEquals("+0", OrderPrice.offset(BigDecimal.ZERO).toString(), "a trailing stop's limit at the trigger");
    assertEquals("+2%", OrderPrice.percent(new BigDecimal("2")).toString());
    assertEquals("-2.5%", OrderPrice.percent(new BigDecimal("-2.5")).toString());
    assertEquals("#5", OrderPrice.sideOffset(new BigDecimal("5")).toString());
    assertEquals("#2%", OrderPrice.sidePercent(new BigDecimal("2")).toString());
  }

  @Test
  void aNegativeAbsolutePriceIsRefusedAndPointsToTheOffset() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> OrderPrice.of(new BigDecimal("-5")));
    assertEquals("price -5 is negative; an offset below the reference price is OrderPrice.offset(-5)", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> OrderPrice.sideOffset(new BigDecimal("-1")));
    assertThrows(IllegalArgumentException.class, () -> OrderPrice.sidePercent(new BigDecimal("-1")));
  }

  @Test
  void parseReadsEveryFormBackToAnEqualValue() {
    for (OrderPrice price : new OrderPrice[] {OrderPrice.of(new BigDecimal("27500.5")),
        OrderPrice.offset(new BigDecimal("-12.25")), OrderPrice.percent(new BigDecimal("1.125")),
        OrderPrice.sideOffset(new BigDecimal("5")), OrderPrice.sidePercent(new BigDecimal("2"))}) {
      OrderPrice parsed = OrderPrice.parse(price.toString());
      assertEquals(price, parsed);
      assertEquals(price.kind(), parsed.kind());
      assertEquals(0, price.amount().compareTo(parsed.amount()));
    }
    assertTrue(OrderPrice.parse("27500").isAbsolute());
    assertFalse(OrderPrice.parse("+1.0000%").isAbsolute());
    assertEquals(OrderPrice.Kind.PERCENT, OrderPrice.parse("+1.0000%").kind());
  }

  @Test
  void parseRefusesWhatIsNoForm() {
    for (String text : new String[] {"1e4", "", "+", "%", "5%%", "--5", "65,000", "abc"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OrderPrice.parse(text), text);
      assertTrue(e.getMessage().startsWith("order price \"" + text + "\" is not a price"), e.getMessage());
    }
  }

  @Test
  void kindAndAmountSayWhatThePriceIs() {
    OrderPrice offset = OrderPrice.offset(new BigDecimal("-5"));
    assertEquals(OrderPrice.Kind.OFFSET, offset.kind());
    assertEquals(new BigDecimal("-5"), offset.amount());
    assertEquals(OrderPrice.Kind.SIDE_PERCENT, OrderPrice.sidePercent(BigDecimal.ONE).kind());
    assertEquals(OrderPrice.of(new BigDecimal("1.0")).hashCode(), OrderPrice.parse("1.0").hashCode());
    assertFalse(OrderPrice.of(new BigDecimal("1.0")).equals(OrderPrice.of(BigDecimal.ONE)), "the wire text differs");
  }
}
