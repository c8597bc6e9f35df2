package io.github.krakensdk.runtime.internal.json;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import io.github.krakensdk.values.OrderFlag;
import io.github.krakensdk.values.OrderPrice;
import io.github.krakensdk.values.OrderTime;
import java.io.IOException;
import java.util.Set;
import java.util.function.Function;

/**
 * Plumbing, not API: the JSON adapters of the {@code values} types, which travel as strings
 * ({@code "+2%"}, {@code "+300"}, {@code "post,fciq"}). Generated models use them for the members
 * the contract types with {@code x-kraken-java-type}.
 */
public final class ValueJson {
  private static final JsonAdapter<OrderPrice> ORDER_PRICE = text(OrderPrice::parse, OrderPrice::toString);
  private static final JsonAdapter<OrderTime> ORDER_TIME = text(OrderTime::parse, OrderTime::toString);
  private static final JsonAdapter<Set<OrderFlag>> ORDER_FLAGS = text(OrderFlag::split, OrderFlag::join);

  private ValueJson() {}

  public static JsonAdapter<OrderPrice> orderPrice() {
    return ORDER_PRICE;
  }

  public static JsonAdapter<OrderTime> orderTime() {
    return ORDER_TIME;
  }

  public static JsonAdapter<Set<OrderFlag>> orderFlags() {
    return ORDER_FLAGS;
  }

  private static <T> JsonAdapter<T> text(Function<String, T> parse, Function<T, String> format) {
    return new JsonAdapter<T>() {
      @Override
      public T fromJson(JsonReader reader) throws IOException {
        if (reader.peek() == JsonReader.Token.NULL) {
          return reader.nextNull();
        }
        String text = reader.nextString();
        try {
          return parse.apply(text);
        } catch (IllegalArgumentException e) {
          throw new JsonDataException(e.getMessage() + " at " + reader.getPath(), e);
        }
      }

      @Override
      public void toJson(JsonWriter writer, T value) throws IOException {
        if (value == null) {
          writer.nullValue();
        } else {
          writer.value(format.apply(value));
        }
      }
    };
  }
}
