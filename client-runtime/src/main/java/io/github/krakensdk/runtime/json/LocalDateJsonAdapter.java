package io.github.krakensdk.runtime.json;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import java.io.IOException;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/** RFC 3339 full dates ({@code format: date}, {@code 2025-04-15}). */
final class LocalDateJsonAdapter extends JsonAdapter<LocalDate> {
  @Override
  public LocalDate fromJson(JsonReader reader) throws IOException {
    String text = reader.nextString();
    try {
      return LocalDate.parse(text);
    } catch (DateTimeParseException e) {
      throw new JsonDataException("Expected a date but was \"" + Excerpt.of(text) + "\" at path " + reader.getPath(), e);
    }
  }

  @Override
  public void toJson(JsonWriter writer, LocalDate value) throws IOException {
    writer.value(value.toString());
  }

  @Override
  public String toString() {
    return "JsonAdapter(LocalDate)";
  }
}
