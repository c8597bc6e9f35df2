package io.github.krakensdk.sandbox.internal.state;

import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import okio.Buffer;

/**
 * The sandbox's whole state as one JSON document, written and read with Moshi's streaming JSON:
 *
 * <pre>{@code
 * {
 *   "format": 1,
 *   "clock": "2025-01-01T00:00:00Z",
 *   "nonces": {...},
 *   "spot": {...}, "futures": {...}, "oauth": {...}, "embed": {...}, "derivatives": {...}
 * }
 * }</pre>
 *
 * <p>{@code format} is the document's version: a document of another format is refused, never
 * guessed at. Each section is the {@link StatePart} of a family, in the order given; importing
 * checks the format and that every section and member is there before changing anything.
 */
public final class StateDocument {
  /** The version this sandbox writes and reads. */
  public static final int FORMAT = 1;

  private StateDocument() {}

  /** The document of {@code sections}, the clock reading {@code clock}. */
  public static String write(Instant clock, Map<String, StatePart> sections) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("format", new StateCodec.JsonNumber(Integer.toString(FORMAT)));
    root.put("clock", clock.toString());
    StateCodec.Writer writer = new StateCodec.Writer();
    live(sections).forEach((name, object) -> writer.live.putIfAbsent(object, name));
    for (Map.Entry<String, StatePart> section : sections.entrySet()) {
      root.put(section.getKey(), section.getValue().write(writer, section.getKey()));
    }
    Buffer buffer = new Buffer();
    try (JsonWriter json = JsonWriter.of(buffer)) {
      json.setIndent("  ");
      json.setSerializeNulls(true);
      emit(json, root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return buffer.readUtf8() + "\n";
  }

  /**
   * Reads {@code document} into {@code sections} and returns the clock it reads.
   *
   * @throws IllegalArgumentException naming the member and the rule when the document is not a
   *     state document of this format: nothing is changed then
   */
  public static Instant read(String document, Map<String, StatePart> sections) {
    Object tree;
    try {
      JsonReader reader = JsonReader.of(new Buffer().writeUtf8(document));
      tree = parse(reader);
      if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
        throw new IllegalArgumentException("state: text after the document");
      }
    } catch (IOException | RuntimeException e) {
      if (e instanceof IllegalArgumentException) {
        throw (IllegalArgumentException) e;
      }
      throw new IllegalArgumentException("state: not JSON: " + e.getMessage());
    }
    if (!(tree instanceof Map<?, ?> root)) {
      throw new IllegalArgumentException("state: expected a JSON object");
    }
    Object format = root.get("format");
    if (!(format instanceof StateCodec.JsonNumber number) || !number.text().equals(Integer.toString(FORMAT))) {
      throw new IllegalArgumentException("format: this sandbox reads state documents of format " + FORMAT
          + ", not " + (format instanceof StateCodec.JsonNumber n ? n.text() : String.valueOf(format)));
    }
    Instant clock;
    try {
      clock = Instant.parse(String.valueOf(root.get("clock")));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("clock: expected an ISO-8601 instant, was " + root.get("clock"));
    }
    for (Map.Entry<String, StatePart> section : sections.entrySet()) {
      if (!root.containsKey(section.getKey())) {
        throw new IllegalArgumentException(section.getKey() + ": missing");
      }
      section.getValue().check(root.get(section.getKey()), section.getKey());
    }
    StateCodec.Reader reader = new StateCodec.Reader();
    reader.live.putAll(live(sections));
    for (Map.Entry<String, StatePart> section : sections.entrySet()) {
      section.getValue().read(reader, root.get(section.getKey()), section.getKey());
    }
    return clock;
  }

  /**
   * {@code document} with each of the sections {@code joined} it lacks taken from {@code defaults}
   * (the seed state): a document written before a section joined the state (the derivatives
   * market, in 1.1.0) still imports, that section starting from the seed. Any other missing
   * section stays missing, for {@link #read} to refuse; so does a document that is no JSON object.
   */
  public static String withMissingSections(String document, String defaults, Set<String> joined) {
    Object tree;
    Object seed;
    try {
      tree = parse(JsonReader.of(new Buffer().writeUtf8(document)));
      seed = parse(JsonReader.of(new Buffer().writeUtf8(defaults)));
    } catch (IOException | RuntimeException e) {
      return document;
    }
    if (!(tree instanceof Map<?, ?> root) || !(seed instanceof Map<?, ?> fallback)
        || joined.stream().allMatch(name -> root.containsKey(name) || !fallback.containsKey(name))) {
      return document;
    }
    Map<String, Object> merged = new LinkedHashMap<>();
    root.forEach((name, value) -> merged.put((String) name, value));
    for (String name : joined) {
      if (fallback.containsKey(name)) {
        merged.putIfAbsent(name, fallback.get(name));
      }
    }
    Buffer buffer = new Buffer();
    try (JsonWriter json = JsonWriter.of(buffer)) {
      json.setSerializeNulls(true);
      emit(json, merged);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return buffer.readUtf8();
  }

  private static Map<String, Object> live(Map<String, StatePart> sections) {
    Map<String, Object> live = new LinkedHashMap<>();
    sections.forEach((name, part) -> part.collect(name, live));
    return live;
  }

  private static void emit(JsonWriter json, Object value) throws IOException {
    if (value == null || value == StateCodec.JSON_NULL) {
      json.nullValue();
    } else if (value instanceof String text) {
      json.value(text);
    } else if (value instanceof Boolean bool) {
      json.value(bool);
    } else if (value instanceof Integer id) { // @id and @ref
      json.value(id.longValue());
    } else if (value instanceof StateCodec.JsonNumber number) {
      json.value(new BigDecimal(number.text()));
    } else if (value instanceof Map<?, ?> map) {
      json.beginObject();
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        json.name((String) entry.getKey());
        emit(json, entry.getValue());
      }
      json.endObject();
    } else if (value instanceof List<?> list) {
      json.beginArray();
      for (Object item : list) {
        emit(json, item);
      }
      json.endArray();
    } else {
      throw new IllegalStateException("not a JSON tree value: " + value.getClass());
    }
  }

  private static Object parse(JsonReader reader) throws IOException {
    switch (reader.peek()) {
      case BEGIN_OBJECT: {
        Map<String, Object> object = new LinkedHashMap<>();
        reader.beginObject();
        while (reader.hasNext()) {
          object.put(reader.nextName(), parse(reader));
        }
        reader.endObject();
        return object;
      }
      case BEGIN_ARRAY: {
        List<Object> array = new ArrayList<>();
        reader.beginArray();
        while (reader.hasNext()) {
          array.add(parse(reader));
        }
        reader.endArray();
        return array;
      }
      case STRING:
        return reader.nextString();
      case NUMBER:
        return new StateCodec.JsonNumber(reader.nextString());
      case BOOLEAN:
        return reader.nextBoolean();
      case NULL:
        return reader.nextNull();
      default:
        throw new IllegalArgumentException("state: unexpected " + reader.peek() + " at " + reader.getPath());
    }
  }
}
