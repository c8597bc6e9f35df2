package io.github.krakensdk.runtime.internal.json;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import com.squareup.moshi.Moshi;
import com.squareup.moshi.Types;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Maps keyed by text ({@code type: object, additionalProperties}) that the service may send as a
 * JSON array. Kraken's Spot encoder writes a map whose keys are 0, 1, 2, ... as an array, so an
 * empty map arrives as {@code []} (OpenPositions without positions) and some results as an array
 * of entries (OpenPositions with {@code consolidation=market}). Such an array reads as the map
 * keyed by each element's index ({@code "0"}, {@code "1"}, ...); an object reads as usual, and a
 * map is always written as an object. Either is read straight into the unmodifiable map that
 * generated records keep ({@link FrozenMap}): Moshi's own adapter builds a tree map that the
 * record's constructor would then copy.
 */
final class IndexedMapJsonAdapter<V> extends JsonAdapter<Map<String, V>> {
  /** Wraps Moshi's adapter of every {@code Map<String, V>} without qualifier. */
  static final JsonAdapter.Factory FACTORY = new JsonAdapter.Factory() {
    @Override
    public JsonAdapter<?> create(Type type, Set<? extends Annotation> annotations, Moshi moshi) {
      if (!annotations.isEmpty() || !(type instanceof ParameterizedType parameterized)
          || Types.getRawType(type) != Map.class || parameterized.getActualTypeArguments()[0] != String.class) {
        return null;
      }
      JsonAdapter<Map<String, Object>> objects = moshi.nextAdapter(this, type, annotations);
      JsonAdapter<Object> values = moshi.adapter(parameterized.getActualTypeArguments()[1]);
      return new IndexedMapJsonAdapter<>(objects, values);
    }

    @Override
    public String toString() {
      return "IndexedMapJsonAdapter.FACTORY";
    }
  };

  private final JsonAdapter<Map<String, V>> objects;
  private final JsonAdapter<V> values;

  private IndexedMapJsonAdapter(JsonAdapter<Map<String, V>> objects, JsonAdapter<V> values) {
    this.objects = objects;
    this.values = values;
  }

  @Override
  public Map<String, V> fromJson(JsonReader reader) throws IOException {
    if (reader.peek() == JsonReader.Token.NULL) {
      return reader.nextNull(); // null-safe here, not wrapped: one adapter call less per value
    }
    LinkedHashMap<String, V> map = new LinkedHashMap<>();
    if (reader.peek() == JsonReader.Token.BEGIN_ARRAY) {
      reader.beginArray();
      for (int index = 0; reader.hasNext(); index++) {
        map.put(Integer.toString(index), values.fromJson(reader));
      }
      reader.endArray();
    } else {
      reader.beginObject();
      while (reader.hasNext()) {
        String name = reader.nextName();
        V value = values.fromJson(reader);
        V replaced = map.put(name, value);
        if (replaced != null) {
          // As Moshi's own map adapter: a repeated member is an error, not a silent overwrite.
          throw new JsonDataException("Map key '" + name + "' has multiple values at path " + reader.getPath()
              + ": " + replaced + " and " + value);
        }
      }
      reader.endObject();
    }
    return new FrozenMap<>(map);
  }

  @Override
  public void toJson(JsonWriter writer, Map<String, V> value) throws IOException {
    if (value == null) {
      writer.nullValue();
      return;
    }
    objects.toJson(writer, value);
  }

  @Override
  public String toString() {
    return objects + ".indexedArraysToo()";
  }
}
