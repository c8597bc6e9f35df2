package io.github.krakensdk.runtime.internal.json;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import java.io.IOException;
import java.math.BigDecimal;

/**
 * {@link DecimalNumber} values: reads a JSON number (or a string holding one, as the service
 * sometimes sends) exactly, and writes a JSON number in plain notation, with the scale it has
 * ({@code 1688666559.8974}, never {@code 1.6886665598974E+9}).
 */
final class DecimalNumberJsonAdapter extends JsonAdapter<BigDecimal> {
  @Override
  public BigDecimal fromJson(JsonReader reader) throws IOException {
    JsonReader.Token token = reader.peek();
    if (token == JsonReader.Token.NULL) {
      return reader.nextNull(); // null-safe here, not wrapped: one adapter call less per value
    }
    if (token != JsonReader.Token.NUMBER && token != JsonReader.Token.STRING) {
      throw new JsonDataException("Expected a number but was " + token + " at path " + reader.getPath());
    }
    String text = reader.nextString();
    BigDecimal plain = DecimalJsonAdapter.parsePlain(text);
    if (plain != null) {
      return plain;
    }
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw new JsonDataException("Expected a number but was \"" + Excerpt.of(text) + "\" at path " + reader.getPath(), e);
    }
  }

  @Override
  public void toJson(JsonWriter writer, BigDecimal value) throws IOException {
    if (value == null) {
      writer.nullValue();
      return;
    }
    writer.value(new PlainNumber(value.toPlainString()));
  }

  @Override
  public String toString() {
    return "JsonAdapter(BigDecimal as JSON number)";
  }

  /** Moshi writes a {@link Number} as its {@code toString()}: this one is the plain digits. */
  private static final class PlainNumber extends Number {
    private static final long serialVersionUID = 1L;
    private final String digits;

    PlainNumber(String digits) {
      this.digits = digits;
    }

    @Override public int intValue() {
      return new BigDecimal(digits).intValue();
    }

    @Override public long longValue() {
      return new BigDecimal(digits).longValue();
    }

    @Override public float floatValue() {
      return new BigDecimal(digits).floatValue();
    }

    @Override public double doubleValue() {
      return new BigDecimal(digits).doubleValue();
    }

    @Override public String toString() {
      return digits;
    }
  }
}
