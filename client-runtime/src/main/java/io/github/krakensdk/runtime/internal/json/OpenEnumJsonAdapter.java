package io.github.krakensdk.runtime.internal.json;

import io.github.krakensdk.runtime.json.OpenEnum;
import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reads and writes an {@link OpenEnum} as its wire string. An unlisted value decodes to an
 * unknown instance that keeps the raw text, so a new value on the service never breaks decoding.
 * A listed value is matched on its bytes ({@link JsonReader#selectString}), without making a
 * string of it.
 */
public final class OpenEnumJsonAdapter<T extends OpenEnum> extends JsonAdapter<T> {
  private final List<T> known;
  private final JsonReader.Options knownValues;
  private final Function<String, T> parser;
  private final boolean numeric;

  private OpenEnumJsonAdapter(List<T> known, Function<String, T> parser, boolean numeric) {
    this.known = List.copyOf(known);
    this.knownValues = JsonReader.Options.of(this.known.stream().map(OpenEnum::value).toArray(String[]::new));
    this.parser = parser;
    this.numeric = numeric;
  }

  /**
   * Returns a null-safe adapter that decodes the {@code known} constants by their wire value and
   * any other value with {@code parser} (usually {@code X.values()} and {@code X::of}), and writes
   * a JSON number if {@code numeric} (an enum of integers), a JSON string otherwise.
   */
  public static <T extends OpenEnum> JsonAdapter<T> create(List<T> known, Function<String, T> parser, boolean numeric) {
    Objects.requireNonNull(known, "known == null");
    return new OpenEnumJsonAdapter<>(known, Objects.requireNonNull(parser, "parser == null"), numeric);
  }

  @Override
  public T fromJson(JsonReader reader) throws IOException {
    JsonReader.Token token = reader.peek();
    if (token == JsonReader.Token.NULL) {
      return reader.nextNull(); // null-safe here, not wrapped: one adapter call less per value
    }
    if (token != JsonReader.Token.STRING && token != JsonReader.Token.NUMBER) {
      throw new JsonDataException("Expected an enum string but was " + token + " at path " + reader.getPath());
    }
    int listed = reader.selectString(knownValues); // -1 for a number or an unlisted string, left unread
    return listed >= 0 ? known.get(listed) : parser.apply(reader.nextString());
  }

  @Override
  public void toJson(JsonWriter writer, T value) throws IOException {
    if (value == null) {
      writer.nullValue();
      return;
    }
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
