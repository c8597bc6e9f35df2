package io.github.krakensdk.runtime.internal.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.Moshi;
import com.squareup.moshi.Types;
import io.github.krakensdk.values.OrderFlag;
import io.github.krakensdk.values.OrderPrice;
import io.github.krakensdk.values.OrderTime;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

final class ValueJsonTest {
  private final Moshi moshi = KrakenJson.newBuilder().build();

  @Test
  void valuesTravelAsTheirText() throws IOException {
    assertEquals("\"-2%\"", moshi.adapter(OrderPrice.class).toJson(OrderPrice.percent(new BigDecimal("-2"))));
    assertEquals("\"+300\"", moshi.adapter(OrderTime.class).toJson(OrderTime.after(Duration.ofMinutes(5))));
    JsonAdapter<Set<OrderFlag>> flags = moshi.adapter(Types.newParameterizedType(Set.class, OrderFlag.class));
    assertEquals("\"post,fciq\"", flags.toJson(Set.of(OrderFlag.FCIQ, OrderFlag.POST)));
    assertEquals(Set.of(OrderFlag.VIQC), flags.fromJson("\"viqc\""));
    assertEquals(OrderPrice.sideOffset(new BigDecimal("5")), moshi.adapter(OrderPrice.class).fromJson("\"#5\""));
    assertEquals("null", moshi.adapter(OrderPrice.class).toJson(null));
  }

  @Test
  void textThatIsNoFormFailsWithItsPath() {
    JsonDataException e = assertThrows(JsonDataException.class,
        () -> moshi.adapter(OrderPrice.class).fromJson("\"1e4\""));
    assertTrue(e.getMessage().startsWith("order price \"1e4\" is not a price"), e.getMessage());
    assertTrue(e.getMessage().endsWith(" at $"), e.getMessage());
  }
}
