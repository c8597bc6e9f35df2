package io.github.krakensdk.runtime.internal;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.JsonDataException;
import com.squareup.moshi.JsonReader;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.runtime.internal.OutcomeUnknownException;
import java.io.EOFException;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Locale;
import java.util.Objects;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.BufferedSource;
import okio.ByteString;
import okio.ForwardingSource;
import okio.Okio;
import retrofit2.Converter;
import retrofit2.Invocation;
import retrofit2.Retrofit;
import retrofit2.http.Streaming;

/**
 * Decodes response bodies with Moshi so that a body which is not the contract's JSON (HTML, empty,
 * truncated, trailing garbage, wrong shape) fails with its HTTP status and an excerpt instead of a
 * bare parser error. Install {@link #statusInterceptor(String)} as an application interceptor and
 * {@link #converterFactory(Moshi)} first among Retrofit's converters.
 *
 * <p>Retrofit hands a converter the body only. The response (its status and its request) travels
 * in a thread-local: OkHttp runs the interceptor chain and Retrofit's conversion on the same
 * thread, for blocking and asynchronous calls alike.
 *
 * <p>A body of a state-changing request that breaks off while it is read is reported as {@link
 * OutcomeUnknownException} here, success or error body alike: the service answered, so whatever
 * it did stands. The transport's {@code OutcomeUnknownGuard} leaves such bodies to this class
 * ({@link #reportsCutOffBodies()}) instead of wrapping every response a second time.
 */
public final class ResponseDecoding {
  static final int EXCERPT_CHARS = 200;
  /** Enough bytes for {@link #EXCERPT_CHARS} characters of UTF-8. */
  private static final long EXCERPT_BYTES = EXCERPT_CHARS * 4L;
  private static final long SEGMENT_SIZE = 8192;
  /** The largest body the SDK reads, 32 MiB: far above any answer of the contract, far below a heap. */
  public static final long MAX_BODY_BYTES = 32L * 1024 * 1024;
  private static final ByteString UTF8_BOM = ByteString.decodeHex("efbbbf");
  /**
   * The successful response whose body this thread decodes next: its status and request, for
   * errors. Cleared once decoded, so that no request (and its headers) outlives its call here.
   */
  private static final ThreadLocal<Response> RESPONSE = new ThreadLocal<>();
  /** Whether the exchange running on this thread has its body read here (not streamed to a caller). */
  private static final ThreadLocal<Boolean> READS_BODY = ThreadLocal.withInitial(() -> Boolean.FALSE);

  private ResponseDecoding() {}

  /**
   * Records each successful response for the converter on the same thread, and caps what is read of
   * any body, success or error, at {@link #MAX_BODY_BYTES}: a larger one is refused (with
   * {@code Content-Length}, before reading any of it), so that a broken proxy or a hostile endpoint
   * cannot fill the heap. Retrofit buffers error bodies whole before the SDK sees them, hence the
   * cap on them here; a successful body is read by the converter, which caps it itself, so that
   * the response is not rebuilt around a counting source on every call. The one exception is the
   * binary answer of a download (see {@link Calls#download}): the caller streams it, so it is left
   * as it is, at any size.
   *
   * <p>It also sets every request's {@code User-Agent} to {@code userAgent}: one interceptor, and
   * one step of OkHttp's chain, fewer on every call than a second interceptor for the header.
   */
  public static Interceptor statusInterceptor(String userAgent) {
    Objects.requireNonNull(userAgent, "userAgent == null");
    return chain -> {
      Request request = chain.request().newBuilder().header("User-Agent", userAgent).build();
      // A download's body goes to the caller unread, so the transport guards that one itself.
      boolean readsBody = !streaming(request);
      Response response;
      Boolean enclosing = READS_BODY.get(); // a call made inside another one's chain (a token fetch)
      READS_BODY.set(readsBody);
      try {
        response = chain.proceed(request);
      } finally {
        READS_BODY.set(enclosing);
      }
      int status = response.code();
      RESPONSE.set(readsBody && response.isSuccessful() ? response : null);
      ResponseBody body = response.body();
      if (!readsBody && response.isSuccessful() && !isJson(body.contentType())) {
        // The caller streams it to where it belongs, at any size: neither read here nor capped.
        return response;
      }
      if (body.contentLength() > MAX_BODY_BYTES) {
        try (response) {
          // Only the start, for the excerpt; the rest is never read (the connection is dropped).
          body.source().request(EXCERPT_BYTES);
          throw tooLarge(status, body.contentLength(), excerpt(head(body.source().getBuffer())));
        }
      }
      // A successful body read by the converter is capped there; any other (an error body that
      // Retrofit buffers, a download's JSON answer that the caller reads) is capped here.
      return readsBody && response.isSuccessful() ? response
          : response.newBuilder().body(limited(body, response)).build();
    };
  }

  /**
   * Whether {@code request} is made by a Retrofit method marked {@link Streaming}: a download, whose
   * successful binary answer Retrofit hands over unread (see {@link Calls#download}).
   */
  private static boolean streaming(Request request) {
    Invocation invocation = request.tag(Invocation.class);
    return invocation != null && invocation.method().isAnnotationPresent(Streaming.class);
  }

  /**
   * Whether the exchange running on this thread has its response body read by this class, which
   * then reports a body cut off while read itself: for the transport's guard, in the same chain.
   */
  public static boolean reportsCutOffBodies() {
    return READS_BODY.get();
  }

  /** Whether {@code type} is JSON ({@code application/json}, {@code application/problem+json}, ...). */
  static boolean isJson(MediaType type) {
    return type != null && (type.subtype().equalsIgnoreCase("json") || type.subtype().toLowerCase(Locale.ROOT).endsWith("+json"));
  }

  /** {@code body}, failing with an {@link UndecodableBodyException} once more than {@link #MAX_BODY_BYTES} are read. */
  private static ResponseBody limited(ResponseBody body, Response response) {
    int status = response.code();
    ForwardingSource source = new ForwardingSource(body.source()) {
      private final Buffer head = new Buffer();
      private long total;

      @Override
      public long read(Buffer sink, long byteCount) throws IOException {
        long read = cutOffReported(response.request(), () -> super.read(sink, byteCount));
        if (read > 0) {
          if (head.size() < EXCERPT_BYTES) {
            copy(sink, sink.size() - read, Math.min(read, EXCERPT_BYTES - head.size()), head);
          }
          total += read;
          if (total > MAX_BODY_BYTES) {
            throw tooLarge(status, -1, excerpt(head));
          }
        }
        return read;
      }

      @Override
      public void close() throws IOException {
        head.clear();
        super.close();
      }
    };
    return ResponseBody.create(Okio.buffer(source), body.contentType(), body.contentLength());
  }

  /** @param size the announced {@code Content-Length}, or -1 when the body was cut off while read. */
  private static UndecodableBodyException tooLarge(int status, long size, String excerpt) {
    String body = size < 0 ? "body" : "body of " + size + " bytes";
    return new UndecodableBodyException(status, body + " larger than the " + MAX_BODY_BYTES + " bytes the SDK reads",
        excerpt, null);
  }

  /** Converts response bodies; request bodies are left to the next factory (Moshi's). */
  public static Converter.Factory converterFactory(Moshi moshi) {
    Objects.requireNonNull(moshi, "moshi == null");
    return new Converter.Factory() {
      @Override
      public Converter<ResponseBody, ?> responseBodyConverter(Type type, Annotation[] annotations, Retrofit retrofit) {
        JsonAdapter<Object> adapter = moshi.adapter(type);
        return body -> decode(adapter, body);
      }
    };
  }

  private static Object decode(JsonAdapter<Object> adapter, ResponseBody body) throws IOException {
    Buffer buffer = new Buffer();
    Buffer head = null;
    try (body) {
      Response response = RESPONSE.get();
      if (response != null) {
        cutOffReported(response.request(), () -> {
          readCapped(body.source(), buffer);
          return 0L;
        });
      } else {
        readCapped(body.source(), buffer);
      }
      if (buffer.rangeEquals(0, UTF8_BOM)) {
        buffer.skip(UTF8_BOM.size());
      }
      // The reader consumes the buffer as it goes, so that its segments go back to okio's pool;
      // the start is copied aside first, for the excerpt of a body that cannot be decoded.
      head = head(buffer);
      try {
        JsonReader reader = JsonReader.of(buffer);
        Object value = adapter.fromJson(reader);
        if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
          throw new JsonDataException("JSON document was not fully consumed.");
        }
        return value;
      } catch (JsonDataException | EOFException | com.squareup.moshi.JsonEncodingException e) {
        throw new UndecodableBodyException(status(), excerpt(head), e);
      }
    } finally {
      RESPONSE.set(null);
      buffer.clear();
      if (head != null) {
        head.clear();
      }
    }
  }

  /** Reads all of {@code source} into {@code buffer}, failing once more than {@link #MAX_BODY_BYTES} are read. */
  private static void readCapped(BufferedSource source, Buffer buffer) throws IOException {
    while (source.read(buffer, SEGMENT_SIZE) != -1) {
      if (buffer.size() > MAX_BODY_BYTES) {
        throw tooLarge(status(), -1, excerpt(head(buffer)));
      }
    }
  }

  private static int status() {
    Response response = RESPONSE.get();
    return response == null ? 200 : response.code();
  }

  /** A read of a response body. */
  @FunctionalInterface
  private interface Read {
    long read() throws IOException;
  }

  /**
   * Runs {@code read}; a failure is reported as {@link OutcomeUnknownException#ofBodyFailure} says.
   */
  private static long cutOffReported(Request request, Read read) throws IOException {
    try {
      return read.read();
    } catch (UndecodableBodyException e) {
      throw e; // the SDK's own refusal of the body, not a failure of the transport
    } catch (IOException e) {
      throw io.github.krakensdk.runtime.internal.transport.OutcomeReports.ofBodyFailure(request, e);
    }
  }

  /**
   * Copies {@code byteCount} bytes of {@code source} from {@code offset} into {@code sink} as bytes,
   * unlike {@link Buffer#copyTo(Buffer, long, long)}, which shares the segments: a shared segment
   * never returns to okio's pool, so every later read would allocate a fresh one.
   */
  private static void copy(Buffer source, long offset, long byteCount, Buffer sink) {
    if (byteCount <= 0) {
      return;
    }
    try (Buffer.UnsafeCursor cursor = source.readUnsafe()) {
      long end = offset + byteCount;
      for (long at = offset; at < end; at += cursor.end - cursor.start) {
        cursor.seek(at);
        sink.write(cursor.data, cursor.start, (int) Math.min(cursor.end - cursor.start, end - at));
      }
    }
  }

  /** The first bytes of {@code buffer}, copied, for an excerpt. */
  private static Buffer head(Buffer buffer) {
    Buffer head = new Buffer();
    copy(buffer, 0, Math.min(buffer.size(), EXCERPT_BYTES), head);
    return head;
  }

  static String excerpt(Buffer buffer) {
    String text = buffer.snapshot((int) Math.min(buffer.size(), EXCERPT_BYTES)).utf8();
    return text.length() <= EXCERPT_CHARS ? text : text.substring(0, EXCERPT_CHARS) + "…";
  }
}
