package io.github.krakensdk.runtime.json;

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
    if (token != JsonReader.Token.STRING && token != JsonReader.Token.NUMBER) {
      throw new JsonDataException("Expected a decimal but was " + token + " at path " + reader.getPath());
    }
    String text = reader.nextString();
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw new JsonDataException("Expected a decimal but was \"" + Excerpt.of(text) + "\" at path " + reader.getPath(), e);
    }
  }

  @Override
  public void toJson(JsonWriter writer, BigDecimal value) throws IOException {
    writer.value(value.toPlainString());
  }

  @Override
  public String toString() {
    return "JsonAdapter(BigDecimal as decimal string)";
  }
}
