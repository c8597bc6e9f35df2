package io.github.krakensdk.runtime.internal.json;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.LocalDate;

/** RFC 3339 full dates ({@code format: date}, {@code 2025-04-15}). */
final class LocalDateJsonAdapter extends JsonAdapter<LocalDate> {
  @Override
  public LocalDate fromJson(JsonReader reader) throws IOException {
    if (reader.peek() == JsonReader.Token.NULL) {
      return reader.nextNull(); // null-safe here, not wrapped: one adapter call less per value
    }
    String text = reader.nextString();
    try {
      // LocalDate.parse goes through a general DateTimeFormatter, some 20 times slower than reading
      // the fixed yyyy-MM-dd shape directly; a history page carries a date per point.
      return isPlainDate(text)
          ? LocalDate.of(digits(text, 0, 4), digits(text, 5, 7), digits(text, 8, 10))
          : LocalDate.parse(text);
    } catch (DateTimeException e) { // the parser's DateTimeParseException, or of()'s for 2025-02-30
      throw new JsonDataException("Expected a date but was \"" + Excerpt.of(text) + "\" at path " + reader.getPath(), e);
    }
  }

  /** {@code dddd-dd-dd}; anything else (a signed or longer year, a wrong shape) goes to the parser. */
  private static boolean isPlainDate(String text) {
    if (text.length() != 10 || text.charAt(4) != '-' || text.charAt(7) != '-') {
      return false;
    }
    for (int i = 0; i < 10; i++) {
      char c = text.charAt(i);
      if (i != 4 && i != 7 && (c < '0' || c > '9')) {
        return false;
      }
    }
    return true;
  }

  private static int digits(String text, int from, int to) {
    int value = 0;
    for (int i = from; i < to; i++) {
      value = value * 10 + (text.charAt(i) - '0');
    }
    return value;
  }

  @Override
  public void toJson(JsonWriter writer, LocalDate value) throws IOException {
    if (value == null) {
      writer.nullValue();
      return;
    }
    writer.value(value.toString());
  }

  @Override
  public String toString() {
    return "JsonAdapter(LocalDate)";
  }
}
