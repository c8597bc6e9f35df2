package io.github.krakensdk.runtime.internal.json;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import java.io.IOException;
import java.math.BigDecimal;

/**
 * Decimal strings of the contract ({@code type: string, format: decimal}) as {@link BigDecimal}.
 * Reads a JSON string or a JSON number (the service is not consistent); writes a JSON string
 * with every digit ({@code 0.00000001}, never {@code 1E-8}).
 */
final class DecimalJsonAdapter extends JsonAdapter<BigDecimal> {
  @Override
  public BigDecimal fromJson(JsonReader reader) throws IOException {
    JsonReader.Token token = reader.peek();
    if (token == JsonReader.Token.NULL) {
      return reader.nextNull(); // null-safe here, not wrapped: one adapter call less per value
    }
    if (token != JsonReader.Token.STRING && token != JsonReader.Token.NUMBER) {
      throw new JsonDataException("Expected a decimal but was " + token + " at path " + reader.getPath());
    }
    String text = reader.nextString();
    BigDecimal plain = parsePlain(text);
    if (plain != null) {
      return plain;
    }
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw new JsonDataException("Expected a decimal but was \"" + Excerpt.of(text) + "\" at path " + reader.getPath(), e);
    }
  }

  /**
   * The common shape, {@code -?digits(.digits)?} with at most 18 digits, read straight into an
   * unscaled long: the same value and scale as {@code new BigDecimal(text)}, without the char
   * array that constructor copies the text into. Null for any other text, which {@code BigDecimal}
   * then reads (or refuses). A large page of history carries thousands of these.
   */
  static BigDecimal parsePlain(String text) {
    int length = text.length();
    int start = length > 0 && text.charAt(0) == '-' ? 1 : 0;
    if (length - start > 19 || length == start) {
      return null;
    }
    long unscaled = 0;
    int digits = 0;
    int dot = -1;
    for (int i = start; i < length; i++) {
      char c = text.charAt(i);
      if (c >= '0' && c <= '9') {
        unscaled = unscaled * 10 + (c - '0');
        digits++;
      } else if (c == '.' && dot < 0 && digits > 0) {
        dot = i;
      } else {
        return null;
      }
    }
    if (digits > 18 || dot == length - 1) {
      return null;
    }
    int scale = dot < 0 ? 0 : length - 1 - dot;
    return BigDecimal.valueOf(start == 1 ? -unscaled : unscaled, scale);
  }

  @Override
  public void toJson(JsonWriter writer, BigDecimal value) throws IOException {
    if (value == null) {
      writer.nullValue();
      return;
    }
    writer.value(value.toPlainString());
  }

  @Override
  public String toString() {
    return "JsonAdapter(BigDecimal as decimal string)";
  }
}
