package io.github.krakensdk.runtime.json;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import java.io.IOException;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reads and writes an {@link OpenEnum} as its wire string. An unlisted value decodes to an
 * unknown instance that keeps the raw text, so a new value on the service never breaks decoding.
 */
public final class OpenEnumJsonAdapter<T extends OpenEnum> extends JsonAdapter<T> {
  private final Function<String, T> parser;
  private final boolean numeric;

  private OpenEnumJsonAdapter(Function<String, T> parser, boolean numeric) {
    this.parser = parser;
    this.numeric = numeric;
  }

  /**
   * Returns a null-safe adapter that decodes with {@code parser} (usually {@code X::of}) and
   * writes a JSON number if {@code numeric} (an enum of integers), a JSON string otherwise.
   */
  public static <T extends OpenEnum> JsonAdapter<T> create(Function<String, T> parser, boolean numeric) {
    return new OpenEnumJsonAdapter<>(Objects.requireNonNull(parser, "parser == null"), numeric).nullSafe();
  }

  @Override
  public T fromJson(JsonReader reader) throws IOException {
    JsonReader.Token token = reader.peek();
    if (token != JsonReader.Token.STRING && token != JsonReader.Token.NUMBER) {
      throw new JsonDataException("Expected an enum string but was " + token + " at path " + reader.getPath());
    }
    return parser.apply(reader.nextString());
  }

  @Override
  public void toJson(JsonWriter writer, T value) throws IOException {
    if (numeric) {
      writer.jsonValue(new java.math.BigDecimal(value.value()));
    } else {
      writer.value(value.value());
    }
  }

  @Override
  public String toString() {
    return "OpenEnumJsonAdapter";
  }
}
