package io.github.krakensdk.runtime.retrofit;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.Moshi;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Objects;
import retrofit2.Converter;
import retrofit2.Retrofit;

/**
 * Writes {@link JsonQuery} parameters as compact JSON text with Moshi; Retrofit then URL-encodes
 * it like any query value. Other parameters are left to the next converter.
 */
public final class JsonQueryConverterFactory extends Converter.Factory {
  private final Moshi moshi;

  private JsonQueryConverterFactory(Moshi moshi) {
    this.moshi = moshi;
  }

  /** Returns a factory that encodes with {@code moshi}. */
  public static JsonQueryConverterFactory create(Moshi moshi) {
    return new JsonQueryConverterFactory(Objects.requireNonNull(moshi, "moshi == null"));
  }

  @Override
  public Converter<?, String> stringConverter(Type type, Annotation[] annotations, Retrofit retrofit) {
    for (Annotation annotation : annotations) {
      if (annotation instanceof JsonQuery) {
        JsonAdapter<Object> adapter = moshi.adapter(type);
        return adapter::toJson;
      }
    }
    return null;
  }
}
