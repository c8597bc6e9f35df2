package io.github.krakensdk.runtime.internal.json;

import io.github.krakensdk.runtime.json.DecimalNumber;
import com.squareup.moshi.Moshi;
import com.squareup.moshi.Types;
import io.github.krakensdk.values.OrderFlag;
import io.github.krakensdk.values.OrderPrice;
import io.github.krakensdk.values.OrderTime;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Set;
import java.util.UUID;

/**
 * The JSON set-up every family shares: decimals (strings, and numbers marked {@link DecimalNumber}), dates, date-times and UUIDs. Add each family's generated
 * adapter factory on top:
 *
 * <pre>{@code
 * Moshi moshi = KrakenJson.newBuilder().add(SpotJsonAdapters.FACTORY).build();
 * }</pre>
 */
public final class KrakenJson {
  private KrakenJson() {}

  /**
   * Returns a new builder holding the shared scalar adapters (the {@code values} types among them,
   * as the text they travel as: {@code Set<OrderFlag>} is {@code "post,fciq"}); text-keyed maps also read a JSON array,
   * keyed by index, as the service sends an empty or index-keyed map. Lists and text-keyed maps
   * decode into the unmodifiable containers the generated records keep without copying.
   */
  public static Moshi.Builder newBuilder() {
    return new Moshi.Builder()
        .add(BigDecimal.class, new DecimalJsonAdapter())
        .add(BigDecimal.class, DecimalNumber.class, new DecimalNumberJsonAdapter())
        .add(LocalDate.class, new LocalDateJsonAdapter())
        .add(OffsetDateTime.class, new OffsetDateTimeJsonAdapter())
        .add(UUID.class, new UuidJsonAdapter())
        .add(OrderPrice.class, ValueJson.orderPrice())
        .add(OrderTime.class, ValueJson.orderTime())
        .add(Types.newParameterizedType(Set.class, OrderFlag.class), ValueJson.orderFlags())
        .add(IndexedMapJsonAdapter.FACTORY)
        .add(ListJsonAdapter.FACTORY);
  }
}
