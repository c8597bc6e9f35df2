package io.github.krakensdk.runtime.internal.json;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import java.io.IOException;
import java.util.UUID;

/** {@code format: uuid} strings as {@link UUID}, written back in canonical lower case. */
final class UuidJsonAdapter extends JsonAdapter<UUID> {
  @Override
  public UUID fromJson(JsonReader reader) throws IOException {
    if (reader.peek() == JsonReader.Token.NULL) {
      return reader.nextNull(); // null-safe here, not wrapped: one adapter call less per value
    }
    String text = reader.nextString();
    try {
      return UUID.fromString(text);
    } catch (IllegalArgumentException e) {
      throw new JsonDataException("Expected a UUID but was \"" + Excerpt.of(text) + "\" at path " + reader.getPath(), e);
    }
  }

  @Override
  public void toJson(JsonWriter writer, UUID value) throws IOException {
    if (value == null) {
      writer.nullValue();
      return;
    }
    writer.value(value.toString());
  }

  @Override
  public String toString() {
    return "JsonAdapter(UUID)";
  }
}
