package io.github.krakensdk.websocket.internal;

import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okio.Buffer;

/**
 * JSON text to and from trees of {@code Map<String, Object>} (members in order), {@code List},
 * {@code String}, {@code BigDecimal}, {@code Boolean} and {@code null}. Numbers are read from their
 * literal text ({@link JsonReader#nextString()} on a number), never through {@code double}, and
 * written back as that text, so a price keeps its digits and scale both ways.
 */
public final class Json {
  private Json() {
  }

  /** Parses one JSON value; objects and arrays come back unmodifiable. */
  public static Object parse(String text) throws IOException {
    JsonReader reader = JsonReader.of(new Buffer().writeUtf8(text));
    Object value = read(reader);
    if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
      throw new IOException("text after the JSON value at " + reader.getPath());
    }
    return value;
  }

  public static String write(Object value) {
    Buffer buffer = new Buffer();
    try (JsonWriter writer = JsonWriter.of(buffer)) {
      write(writer, value);
    } catch (IOException e) {
      throw new AssertionError(e); // a Buffer does not fail
    }
    return buffer.readUtf8();
  }

  private static Object read(JsonReader reader) throws IOException {
    switch (reader.peek()) {
      case BEGIN_OBJECT: {
        Map<String, Object> map = new LinkedHashMap<>();
        reader.beginObject();
        while (reader.hasNext()) map.put(reader.nextName(), read(reader));
        reader.endObject();
        return Collections.unmodifiableMap(map);
      }
      case BEGIN_ARRAY: {
        List<Object> list = new ArrayList<>();
        reader.beginArray();
        while (reader.hasNext()) list.add(read(reader));
        reader.endArray();
        return Collections.unmodifiableList(list);
      }
      case STRING:
        return reader.nextString();
      case NUMBER:
        return new BigDecimal(reader.nextString());
      case BOOLEAN:
        return reader.nextBoolean();
      case NULL:
        return reader.nextNull();
      default:
        throw new IOException("unexpected " + reader.peek() + " at " + reader.getPath());
    }
  }

  private static void write(JsonWriter writer, Object value) throws IOException {
    if (value == null) {
      writer.nullValue();
    } else if (value instanceof Map<?, ?> map) {
      writer.beginObject();
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        if (!(entry.getKey() instanceof String name)) {
          throw new IllegalArgumentException("a JSON object's member names are strings: " + entry.getKey());
        }
        writer.name(name);
        write(writer, entry.getValue());
      }
      writer.endObject();
    } else if (value instanceof List<?> list) {
      writer.beginArray();
      for (Object element : list) write(writer, element);
      writer.endArray();
    } else if (value instanceof String string) {
      writer.value(string);
    } else if (value instanceof Boolean bool) {
      writer.value(bool);
    } else if (value instanceof BigDecimal decimal) {
      writer.value(new Literal(decimal.toPlainString()));
    } else if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
      writer.value(((Number) value).longValue());
    } else {
      throw new IllegalArgumentException("not a JSON tree value (use String, BigDecimal, Integer, Long, Boolean, "
          + "List, Map or null): " + value.getClass().getName());
    }
  }

  /** A number written as its plain text (BigDecimal.toString could write an exponent). */
  private static final class Literal extends Number {
    private static final long serialVersionUID = 1L;
    private final String text;

    Literal(String text) {
      this.text = text;
    }

    @Override public int intValue() {
      return new BigDecimal(text).intValue();
    }

    @Override public long longValue() {
      return new BigDecimal(text).longValue();
    }

    @Override public float floatValue() {
      return new BigDecimal(text).floatValue();
    }

    @Override public double doubleValue() {
      return new BigDecimal(text).doubleValue();
    }

    @Override public String toString() {
      return text;
    }
  }
}
