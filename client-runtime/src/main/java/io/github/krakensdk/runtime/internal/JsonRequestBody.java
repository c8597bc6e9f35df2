package io.github.krakensdk.runtime.internal;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonWriter;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.runtime.validation.Validatable;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Objects;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import okio.Buffer;
import okio.BufferedSink;
import retrofit2.Converter;
import retrofit2.Retrofit;

/**
 * The JSON body of a request (a generated model, {@link Validatable}), encoded by its
 * generated adapter: one JSON object, UTF-8, without whitespace, each member once. A signing
 * interceptor that must put a nonce into the body reads {@link #encoded()} and splices the nonce
 * in without parsing the body again to check what an arbitrary caller's body would need checked.
 * Install {@link #converterFactory(Moshi)} before Moshi's own converter.
 */
public final class JsonRequestBody extends RequestBody {
  private static final MediaType JSON = MediaType.get("application/json; charset=UTF-8");

  private final byte[] encoded;

  private JsonRequestBody(byte[] encoded) {
    this.encoded = encoded;
  }

  /** Encodes generated models; any other body is left to the next factory (Moshi's). */
  public static Converter.Factory converterFactory(Moshi moshi) {
    Objects.requireNonNull(moshi, "moshi == null");
    return new Converter.Factory() {
      @Override
      public Converter<?, RequestBody> requestBodyConverter(Type type, Annotation[] parameterAnnotations,
          Annotation[] methodAnnotations, Retrofit retrofit) {
        if (!(type instanceof Class<?> model) || !Validatable.class.isAssignableFrom(model)) {
          return null;
        }
        JsonAdapter<Object> adapter = moshi.adapter(type);
        return value -> {
          Buffer buffer = new Buffer();
          adapter.toJson(JsonWriter.of(buffer), value);
          return new JsonRequestBody(buffer.readByteArray());
        };
      }
    };
  }

  /** The body's bytes; the caller must not change them. */
  public byte[] encoded() {
    return encoded;
  }

  @Override
  public MediaType contentType() {
    return JSON;
  }

  @Override
  public long contentLength() {
    return encoded.length;
  }

  @Override
  public void writeTo(BufferedSink sink) throws IOException {
    sink.write(encoded);
  }
}
