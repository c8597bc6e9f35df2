package io.github.krakensdk.auth.internal;

import io.github.krakensdk.runtime.internal.JsonRequestBody;
import java.io.IOException;
import java.util.Locale;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okio.Buffer;

/** Reading and replacing request bodies inside a network interceptor. */
public final class RequestBodies {
  private RequestBodies() {}

  private static final byte[] EMPTY = new byte[0];

  /**
   * The bytes {@code body} writes, or no bytes for a request without a body. A body the SDK
   * encoded already holds its bytes: they are not to be changed.
   */
  public static byte[] bytesOf(RequestBody body) throws IOException {
    if (body == null) return EMPTY;
    if (body instanceof JsonRequestBody encoded) return encoded.encoded();
    Buffer buffer = new Buffer();
    body.writeTo(buffer);
    return buffer.readByteArray();
  }

  /**
   * Returns a builder of {@code request} with its body replaced by exactly {@code bytes}, so that
   * what is signed and what is sent cannot differ (a body's {@code writeTo} need not write the
   * same bytes twice); the caller adds its signature headers and builds the request once.
   *
   * <p>In a network interceptor OkHttp has already set {@code Content-Length} (or chunked
   * {@code Transfer-Encoding}) from the old body, and the codec frames the new body by its own
   * length; a stale header would corrupt the exchange, so the framing headers are reset here.
   */
  public static Request.Builder withBody(Request request, byte[] bytes, MediaType contentType) {
    RequestBody body = RequestBody.create(bytes, contentType);
    Request.Builder builder =
        request
            .newBuilder()
            .method(request.method(), body)
            .removeHeader("Transfer-Encoding")
            .header("Content-Length", Long.toString(bytes.length));
    if (contentType != null) builder.header("Content-Type", contentType.toString());
    return builder;
  }

  /**
   * The path and query exactly as OkHttp writes them on the request line: the encoded path, then
   * {@code ?} and the encoded query whenever a query is present (even an empty one).
   */
  public static String pathAndQuery(HttpUrl url) {
    String query = url.encodedQuery();
    return query == null ? url.encodedPath() : url.encodedPath() + "?" + query;
  }

  public static boolean isJson(MediaType type) {
    return type != null
        && type.type().equalsIgnoreCase("application")
        && (type.subtype().equalsIgnoreCase("json")
            || type.subtype().toLowerCase(Locale.ROOT).endsWith("+json"));
  }

  public static boolean isForm(MediaType type) {
    return type != null
        && type.type().equalsIgnoreCase("application")
        && type.subtype().equalsIgnoreCase("x-www-form-urlencoded");
  }
}
