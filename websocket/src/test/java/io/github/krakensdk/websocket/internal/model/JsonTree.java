package io.github.krakensdk.websocket.internal.model;

import com.squareup.moshi.JsonReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okio.Buffer;

/**
 * JSON text as maps, lists, strings, booleans and numbers kept as their literal digits
 * ({@code BigDecimal}, whose {@code equals} compares the scale too): two texts are the same JSON
 * when their trees are equal, whatever the order of members.
 */
final class JsonTree {
  private JsonTree() {}

  static Object parse(String json) {
    try {
      JsonReader reader = JsonReader.of(new Buffer().writeUtf8(json));
      Object value = read(reader);
      if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
        throw new AssertionError("more than one JSON value in " + json);
      }
      return value;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object read(JsonReader reader) throws IOException {
    switch (reader.peek()) {
      case BEGIN_OBJECT: {
        Map<String, Object> object = new LinkedHashMap<>();
        reader.beginObject();
        while (reader.hasNext()) {
          String name = reader.nextName();
          if (object.put(name, read(reader)) != null) {
            throw new AssertionError("member " + name + " twice");
          }
        }
        reader.endObject();
        return object;
      }
      case BEGIN_ARRAY: {
        List<Object> array = new ArrayList<>();
        reader.beginArray();
        while (reader.hasNext()) {
          array.add(read(reader));
        }
        reader.endArray();
        return array;
      }
      case NUMBER:
        return new BigDecimal(reader.nextString());
      case STRING:
        return reader.nextString();
      case BOOLEAN:
        return reader.nextBoolean();
      case NULL:
        return reader.nextNull();
      default:
        throw new AssertionError("unexpected " + reader.peek());
    }
  }
}
