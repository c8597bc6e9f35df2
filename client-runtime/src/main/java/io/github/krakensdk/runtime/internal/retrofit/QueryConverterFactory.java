package io.github.krakensdk.runtime.internal.retrofit;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.Moshi;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import retrofit2.Converter;
import retrofit2.Retrofit;

/**
 * Writes the query, path, header and form field values that {@code toString()} would get wrong:
 * {@link JsonQuery} parameters as compact JSON text, date-times in full RFC 3339 (seconds always
 * present, unlike {@link OffsetDateTime#toString()}), and decimals in plain notation ({@code
 * 0.00000001}, where {@link BigDecimal#toString()} may write {@code 1E-8}). Other values are left
 * to the next converter; generated enums already return their wire value from {@code toString()}.
 */
public final class QueryConverterFactory extends Converter.Factory {
  private final Moshi moshi;

  private QueryConverterFactory(Moshi moshi) {
    this.moshi = moshi;
  }

  /** Returns a factory that encodes JSON query values with {@code moshi}. */
  public static QueryConverterFactory create(Moshi moshi) {
    return new QueryConverterFactory(Objects.requireNonNull(moshi, "moshi == null"));
  }

  @Override
  public Converter<?, String> stringConverter(Type type, Annotation[] annotations, Retrofit retrofit) {
    for (Annotation annotation : annotations) {
      if (annotation instanceof JsonQuery) {
        JsonAdapter<Object> adapter = moshi.adapter(type);
        return adapter::toJson;
      }
    }
    if (type == OffsetDateTime.class) {
      return (OffsetDateTime value) -> DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(value);
    }
    if (type == BigDecimal.class) {
      return (BigDecimal value) -> value.toPlainString();
    }
    return null;
  }
}
