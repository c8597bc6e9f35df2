package io.github.krakensdk.runtime.internal.json;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import java.io.IOException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * RFC 3339 date-times ({@code format: date-time}). Writes seconds always (RFC 3339 requires them,
 * {@link OffsetDateTime#toString()} drops zero seconds) and only the fraction digits needed.
 */
final class OffsetDateTimeJsonAdapter extends JsonAdapter<OffsetDateTime> {
  @Override
  public OffsetDateTime fromJson(JsonReader reader) throws IOException {
    if (reader.peek() == JsonReader.Token.NULL) {
      return reader.nextNull(); // null-safe here, not wrapped: one adapter call less per value
    }
    String text = reader.nextString();
    try {
      return OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    } catch (DateTimeParseException e) {
      throw new JsonDataException("Expected a date-time but was \"" + Excerpt.of(text) + "\" at path " + reader.getPath(), e);
    }
  }

  @Override
  public void toJson(JsonWriter writer, OffsetDateTime value) throws IOException {
    if (value == null) {
      writer.nullValue();
      return;
    }
    writer.value(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(value));
  }

  @Override
  public String toString() {
    return "JsonAdapter(OffsetDateTime)";
  }
}
