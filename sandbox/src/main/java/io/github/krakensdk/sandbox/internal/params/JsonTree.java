package io.github.krakensdk.sandbox.internal.params;

import static java.util.Objects.requireNonNull;

import com.squareup.moshi.JsonReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okio.Buffer;

/**
 * Request parameters as JSON-like trees, what the Spot exchange and funding handlers read: {@link Map} (ordered), {@link List},
 * {@link String}, {@link BigDecimal}, {@link Long}, {@link Boolean} and null.
 *
 * <pre>{@code
 * Map<String, Object> params = JsonTree.readObject("{\"nonce\":1,\"amount\":\"2.5\"}");
 * }</pre>
 *
 * <p>Numbers are read without loss: whole numbers that fit become {@link Long}, the others
 * {@link BigDecimal}; nothing passes through {@code double}. (Answers are written by {@code
 * internal.http.Json}.)
 */
public final class JsonTree {
  private JsonTree() {}

  /** Parses one JSON value. */
  public static Object read(String json) {
    requireNonNull(json, "json == null");
    try {
      JsonReader reader = JsonReader.of(new Buffer().writeUtf8(json));
      Object value = readValue(reader);
      if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
        throw new IllegalArgumentException("trailing data after the JSON value");
      }
      return value;
    } catch (IOException e) {
      throw new IllegalArgumentException("not JSON: " + e.getMessage(), e);
    }
  }

  /** Parses a JSON object. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> readObject(String json) {
    Object value = read(json);
    if (!(value instanceof Map)) {
      throw new IllegalArgumentException("not a JSON object");
    }
    return (Map<String, Object>) value;
  }

  /**
   * A form body ({@code a=1&b=2}, already decoded into names and values) as a tree: one value is a
   * string, a repeated name a list of strings, and {@code name[]} is read as {@code name}, as PHP-style
   * clients send arrays.
   */
  public static Map<String, Object> fromForm(Map<String, List<String>> form) {
    Map<String, Object> tree = new LinkedHashMap<>();
    form.forEach((name, values) -> {
      boolean array = name.endsWith("[]");
      String key = array ? name.substring(0, name.length() - 2) : name;
      Object existing = tree.get(key);
      List<String> all = new ArrayList<>();
      if (existing instanceof List<?> list) {
        list.forEach(v -> all.add(String.valueOf(v)));
      } else if (existing != null) {
        all.add(String.valueOf(existing));
      }
      all.addAll(values);
      tree.put(key, array || all.size() > 1 ? List.copyOf(all) : all.get(0));
    });
    return tree;
  }

  private static Object readValue(JsonReader reader) throws IOException {
    switch (reader.peek()) {
      case BEGIN_OBJECT -> {
        Map<String, Object> map = new LinkedHashMap<>();
        reader.beginObject();
        while (reader.hasNext()) {
          map.put(reader.nextName(), readValue(reader));
        }
        reader.endObject();
        return map;
      }
      case BEGIN_ARRAY -> {
        List<Object> list = new ArrayList<>();
        reader.beginArray();
        while (reader.hasNext()) {
          list.add(readValue(reader));
        }
        reader.endArray();
        return list;
      }
      case STRING -> {
        return reader.nextString();
      }
      case NUMBER -> {
        return number(reader.nextString());
      }
      case BOOLEAN -> {
        return reader.nextBoolean();
      }
      case NULL -> {
        return reader.nextNull();
      }
      default -> throw new IOException("unexpected " + reader.peek() + " at " + reader.getPath());
    }
  }

  private static Object number(String text) {
    BigDecimal value = new BigDecimal(text);
    if (text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0) {
      try {
        return value.longValueExact();
      } catch (ArithmeticException tooLarge) {
        return value;
      }
    }
    return value;
  }
}
