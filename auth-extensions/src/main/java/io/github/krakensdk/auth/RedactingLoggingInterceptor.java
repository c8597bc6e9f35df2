package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.Redactor;
import io.github.krakensdk.auth.internal.Secrets;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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
 * Logs HTTP traffic for wire debugging without showing credentials.
 *
 * <p>Values of the headers {@code API-Key}, {@code API-Sign}, {@code API-Nonce}, {@code APIKey},
 * {@code Authent}, {@code Authorization}, {@code Proxy-Authorization}, {@code Cookie} and {@code
 * Set-Cookie} are replaced by {@code ██}, and so are the values of the fields {@code
 * access_token}, {@code refresh_token}, {@code id_token}, {@code code}, {@code client_secret},
 * {@code secret}, {@code password}, {@code api_key} (the keys a fast-API-key listing returns),
 * {@code otp} (a Spot key's two-factor password), {@code token} (a Spot WebSocket token) and
 * {@code download_url} (an Embed settlement report's signed address) wherever they appear: JSON bodies, form bodies and query strings, in requests and responses.
 * More names can be added; none can be removed.
 *
 * <p>To see what goes on the wire, add it as a network interceptor <em>after</em> the signing
 * interceptor:
 *
 * <pre>{@code
 * OkHttpClient client = KrakenHttpClients.newBuilder()
 *     .addNetworkInterceptor(SpotSigningInterceptor.builder(credentials).build())
 *     .addNetworkInterceptor(RedactingLoggingInterceptor.builder(System.err::println)
 *         .level(RedactingLoggingInterceptor.Level.BODY)
 *         .build())
 *     .build();
 * }</pre>
 *
 * Bodies are logged up to a limit (64 KiB by default) and only when they are text; response
 * bodies are read from a copy, so the caller still gets all of it.
 */
public final class RedactingLoggingInterceptor implements Interceptor {
  /** How much to log. */
  public enum Level {
    /** Nothing. */
    NONE,
    /** Request and response lines. */
    BASIC,
    /** Lines and headers. */
    HEADERS,
    /** Lines, headers and bodies. */
    BODY
  }

  /** Where lines go. */
  @FunctionalInterface
  public interface Logger {
    void log(String message);
  }

  static final List<String> DEFAULT_HEADERS =
      List.of(
          "API-Key", "API-Sign", "API-Nonce", "APIKey", "Authent", "Authorization",
          "Proxy-Authorization", "Cookie", "Set-Cookie");
  static final List<String> DEFAULT_FIELDS =
      List.of(
          "access_token", "refresh_token", "id_token", "code", "client_secret", "secret",
          "password", "api_key", "otp", "token", "download_url");

  private final Logger logger;
  private final Level level;
  private final long maxBodyBytes;
  private final List<String> headerNames;
  private final List<String> fieldNames;
  private final Redactor redactor;

  private RedactingLoggingInterceptor(Builder builder) {
    this.logger = builder.logger;
    this.level = builder.level;
    this.maxBodyBytes = builder.maxBodyBytes;
    this.headerNames = List.copyOf(builder.headerNames);
    this.fieldNames = List.copyOf(builder.fieldNames);
    this.redactor = new Redactor(headerNames, fieldNames);
  }

  /** Starts configuring a logger that writes to {@code logger}. */
  public static Builder builder(Logger logger) {
    return new Builder(logger);
  }

  /** A builder that starts from this instance's configuration. */
  public Builder newBuilder() {
    return new Builder(this);
  }

  @Override
  public Response intercept(Chain chain) throws IOException {
    Request request = chain.request();
    if (level == Level.NONE) return chain.proceed(request);
    Connection connection = chain.connection();
    logger.log(
        "--> " + request.method() + " " + url(request.url())
            + (connection != null ? " " + connection.protocol() : ""));
    if (level.compareTo(Level.HEADERS) >= 0) {
      logHeaders(request.headers());
      if (level == Level.BODY) logRequestBody(request);
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
    if (level.compareTo(Level.HEADERS) >= 0) {
      logHeaders(response.headers());
      if (level == Level.BODY) logResponseBody(response);
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

  /** Configures a {@link RedactingLoggingInterceptor}; every setter returns this builder. */
  public static final class Builder {
    private final Logger logger;
    private Level level = Level.BASIC;
    private long maxBodyBytes = 64 * 1024;
    private final List<String> headerNames;
    private final List<String> fieldNames;

    Builder(Logger logger) {
      this.logger = Objects.requireNonNull(logger, "logger == null");
      this.headerNames = new ArrayList<>(DEFAULT_HEADERS);
      this.fieldNames = new ArrayList<>(DEFAULT_FIELDS);
    }

    Builder(RedactingLoggingInterceptor interceptor) {
      this.logger = interceptor.logger;
      this.level = interceptor.level;
      this.maxBodyBytes = interceptor.maxBodyBytes;
      this.headerNames = new ArrayList<>(interceptor.headerNames);
      this.fieldNames = new ArrayList<>(interceptor.fieldNames);
    }

    /** How much to log; {@link Level#BASIC} by default. */
    public Builder level(Level level) {
      this.level = Objects.requireNonNull(level, "level == null");
      return this;
    }

    /** Bodies longer than this are cut; 64 KiB by default. */
    public Builder maxBodyBytes(long maxBodyBytes) {
      if (maxBodyBytes < 0) throw new IllegalArgumentException("maxBodyBytes < 0");
      this.maxBodyBytes = maxBodyBytes;
      return this;
    }

    /** Also hides the values of these headers. */
    public Builder redactHeaders(String... names) {
      for (String name : names) headerNames.add(Secrets.requireNonBlank(name, "header name"));
      return this;
    }

    /** Also hides the values of these JSON members, form fields and query parameters. */
    public Builder redactFields(String... names) {
      for (String name : Arrays.asList(names)) {
        fieldNames.add(Secrets.requireNonBlank(name, "field name"));
      }
      return this;
    }

    /** Builds the configured {@link RedactingLoggingInterceptor}. */
    public RedactingLoggingInterceptor build() {
      return new RedactingLoggingInterceptor(this);
    }
  }
}
