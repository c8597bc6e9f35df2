package io.github.krakensdk.runtime.internal.json;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import com.squareup.moshi.Moshi;
import com.squareup.moshi.Types;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Every {@code List<T>} without qualifier, read straight into the unmodifiable list that generated
 * records keep ({@link FrozenList}): Moshi's own adapter builds an {@code ArrayList} that the
 * record's constructor would then copy.
 */
final class ListJsonAdapter<T> extends JsonAdapter<List<T>> {
  static final JsonAdapter.Factory FACTORY = new JsonAdapter.Factory() {
    @Override
    public JsonAdapter<?> create(Type type, Set<? extends Annotation> annotations, Moshi moshi) {
      if (!annotations.isEmpty() || !(type instanceof ParameterizedType parameterized)
          || Types.getRawType(type) != List.class) {
        return null;
      }
      return new ListJsonAdapter<>(moshi.adapter(parameterized.getActualTypeArguments()[0]));
    }

    @Override
    public String toString() {
      return "ListJsonAdapter.FACTORY";
    }
  };

  private static final Object[] NONE = {};

  private final JsonAdapter<T> elements;

  private ListJsonAdapter(JsonAdapter<T> elements) {
    this.elements = elements;
  }

  @Override
  public List<T> fromJson(JsonReader reader) throws IOException {
    if (reader.peek() == JsonReader.Token.NULL) {
      return reader.nextNull(); // null-safe here, not wrapped: one adapter call less per value
    }
    Object[] read = NONE;
    int size = 0;
    reader.beginArray();
    while (reader.hasNext()) {
      if (size == read.length) {
        read = Arrays.copyOf(read, Math.max(8, size * 2));
      }
      read[size++] = elements.fromJson(reader);
    }
    reader.endArray();
    return new FrozenList<>(read, size);
  }

  @Override
  public void toJson(JsonWriter writer, List<T> value) throws IOException {
    if (value == null) {
      writer.nullValue();
      return;
    }
    writer.beginArray();
    for (T element : value) {
      elements.toJson(writer, element);
    }
    writer.endArray();
  }

  @Override
  public String toString() {
    return elements + ".list()";
  }
}
