package io.github.krakensdk.auth.internal;

import io.github.krakensdk.auth.RedactingLogging;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import okhttp3.Connection;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.BufferedSource;
import okio.GzipSource;

/**
 * The OkHttp network interceptor of {@link RedactingLogging}: logs what goes on the wire with the
 * credentials hidden. {@code KrakenClient} adds it after the signing interceptor. Plumbing.
 */
public final class RedactingLoggingInterceptor implements Interceptor {
  private final RedactingLogging.Logger logger;
  private final RedactingLogging.Level level;
  private final long maxBodyBytes;
  private final Redactor redactor;

  /** Logs as {@code logging} says. */
  public RedactingLoggingInterceptor(RedactingLogging logging) {
    Objects.requireNonNull(logging, "logging == null");
    this.logger = logging.logger();
    this.level = logging.level();
    this.maxBodyBytes = logging.maxBodyBytes();
    this.redactor = new Redactor(logging.redactedHeaders(), logging.redactedFields());
  }

  @Override
  public Response intercept(Chain chain) throws IOException {
    Request request = chain.request();
    if (level == RedactingLogging.Level.NONE) return chain.proceed(request);
    Connection connection = chain.connection();
    logger.log(
        "--> " + request.method() + " " + url(request.url())
            + (connection != null ? " " + connection.protocol() : ""));
    if (level.compareTo(RedactingLogging.Level.HEADERS) >= 0) {
      logHeaders(request.headers());
      if (level == RedactingLogging.Level.BODY) logRequestBody(request);
      logger.log("--> END " + request.method());
    }

    long start = System.nanoTime();
    Response response;
    try {
      response = chain.proceed(request);
    } catch (IOException e) {
      // Exception messages from this SDK carry no secrets; OkHttp's name hosts and paths.
      logger.log("<-- HTTP FAILED: " + redactor.redactText(String.valueOf(e)));
      throw e;
    }
    long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    logger.log(
        "<-- " + response.code()
            + (response.message().isEmpty() ? "" : " " + response.message())
            + " " + url(response.request().url()) + " (" + tookMs + "ms)");
    if (level.compareTo(RedactingLogging.Level.HEADERS) >= 0) {
      logHeaders(response.headers());
      if (level == RedactingLogging.Level.BODY) logResponseBody(response);
      logger.log("<-- END HTTP");
    }
    return response;
  }

  private String url(HttpUrl url) {
    return redactor.redactText(url.toString());
  }

  private void logHeaders(Headers headers) {
    for (int i = 0; i < headers.size(); i++) {
      String name = headers.name(i);
      String value = redactor.isSecretHeader(name) ? Secrets.REDACTED : headers.value(i);
      logger.log(name + ": " + value);
    }
  }

  private void logRequestBody(Request request) throws IOException {
    RequestBody body = request.body();
    if (body == null) return;
    if (body.isDuplex() || body.isOneShot()) {
      // Writing it here would consume what the server should get.
      logger.log("(one-shot or duplex body not logged)");
      return;
    }
    Buffer buffer = new Buffer();
    body.writeTo(buffer);
    logBody(buffer, body.contentType());
  }

  private void logResponseBody(Response response) throws IOException {
    ResponseBody body = response.body();
    BufferedSource source = body.source();
    source.request(maxBodyBytes + 1);
    Buffer copy = source.getBuffer().clone();
    if ("gzip".equalsIgnoreCase(response.header("Content-Encoding"))) {
      Buffer unzipped = new Buffer();
      try (GzipSource gzip = new GzipSource(copy)) {
        while (unzipped.size() <= maxBodyBytes && gzip.read(unzipped, 8192) != -1) {
          // keep reading up to the limit
        }
      } catch (IOException e) {
        // A gzip stream cut at the limit fails here; log what was inflated so far.
      }
      copy = unzipped;
    }
    logBody(copy, body.contentType());
  }

  private void logBody(Buffer buffer, MediaType type) throws IOException {
    long size = buffer.size();
    boolean truncated = size > maxBodyBytes;
    byte[] bytes = buffer.readByteArray(Math.min(size, maxBodyBytes));
    String text = textOf(bytes, type, truncated);
    if (text == null) {
      logger.log("(binary body of " + (truncated ? "more than " : "") + bytes.length + " bytes not logged)");
      return;
    }
    if (!text.isEmpty()) logger.log(redactor.redactText(text));
    logger.log(truncated ? "(body truncated at " + maxBodyBytes + " bytes)" : "(" + size + "-byte body)");
  }

  /** The body as text, or null when it does not look like text. */
  private static String textOf(byte[] bytes, MediaType type, boolean truncated) {
    if (type != null && !isTextual(type)) return null;
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      // Cut in the middle of a multi-byte character, or not UTF-8 at all.
      if (!truncated) return null;
      return new String(bytes, StandardCharsets.UTF_8);
    }
  }

  private static boolean isTextual(MediaType type) {
    String subtype = type.subtype().toLowerCase(Locale.ROOT);
    return type.type().equalsIgnoreCase("text")
        || subtype.equals("json")
        || subtype.endsWith("+json")
        || subtype.equals("x-www-form-urlencoded")
        || subtype.equals("xml")
        || subtype.endsWith("+xml");
  }

  @Override
  public String toString() {
    return "RedactingLoggingInterceptor{" + level + "}";
  }

}
