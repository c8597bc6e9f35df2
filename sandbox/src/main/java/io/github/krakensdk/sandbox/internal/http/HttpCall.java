package io.github.krakensdk.sandbox.internal.http;

import io.github.krakensdk.sandbox.internal.contract.Text;

import io.github.krakensdk.sandbox.internal.contract.Operation;
import io.github.krakensdk.sandbox.internal.params.BodyParameters;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** One request as it arrived: the raw path and query (signatures cover them as sent) and the body bytes. */
public final class HttpCall {
  static final int MAX_BODY_BYTES = 1 << 20;
  /**
   * A {@code multipart/form-data} body (the Embed verification upload) may carry files of the
   * contract's size (up to three of 10 MiB), so it is read up to this many bytes instead.
   */
  static final int MAX_MULTIPART_BODY_BYTES = 32 << 20;
  /**
   * How much of an oversized body is read and thrown away so that the client, which writes its
   * whole body before it reads, gets the refusal instead of a reset connection; beyond this the
   * connection is dropped.
   */
  static final long MAX_DRAINED_BYTES = 64L << 20;

  public final String method;
  public final String rawPath;
  /** Null when the URL has no {@code ?}. */
  public final String rawQuery;
  public final Map<String, List<String>> query;
  public final Map<String, List<String>> headers;
  public final byte[] body;
  /** Set by the endpoint once it knows the operation; see {@link #parameters()}. */
  private BodyParameters parameters;

  public HttpCall(String method, String rawPath, String rawQuery, Map<String, List<String>> headers, byte[] body) {
    this.method = method;
    this.rawPath = rawPath;
    this.rawQuery = rawQuery;
    this.query = parseForm(rawQuery);
    TreeMap<String, List<String>> sorted = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.forEach((name, values) -> sorted.computeIfAbsent(name, n -> new ArrayList<>()).addAll(values));
    this.headers = Collections.unmodifiableMap(sorted);
    this.body = body;
  }

  static HttpCall read(HttpExchange exchange) throws IOException {
    byte[] body;
    int limit = limit(exchange.getRequestHeaders().getFirst("Content-Type"));
    try (InputStream in = exchange.getRequestBody()) {
      body = in.readNBytes(limit + 1);
      if (body.length > limit) {
        drain(in);
      }
    }
    return new HttpCall(exchange.getRequestMethod().toUpperCase(Locale.ROOT),
        exchange.getRequestURI().getRawPath(), exchange.getRequestURI().getRawQuery(),
        exchange.getRequestHeaders(), body);
  }

  /** Reads and discards the rest of an oversized body, up to {@link #MAX_DRAINED_BYTES}. */
  private static void drain(InputStream in) throws IOException {
    byte[] scratch = new byte[64 * 1024];
    long drained = 0;
    for (int read; drained < MAX_DRAINED_BYTES && (read = in.read(scratch)) != -1; ) {
      drained += read;
    }
  }

  /** The most body bytes read for a request of {@code contentType}. */
  static int limit(String contentType) {
    return contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")
        ? MAX_MULTIPART_BODY_BYTES : MAX_BODY_BYTES;
  }

  /** The most body bytes read for this request: {@link #MAX_BODY_BYTES}, more for a multipart body. */
  int bodyLimit() {
    return limit(header("Content-Type"));
  }

  /** True if the body is larger than {@link #bodyLimit()} (only its start was kept). */
  boolean bodyTooLarge() {
    return body.length > bodyLimit();
  }

  /** The path with {@code ?query} as sent: what Spot and Embed sign. */
  public String pathAndQuery() {
    return rawQuery == null ? rawPath : rawPath + "?" + rawQuery;
  }

  /** The first value of a header, or null. */
  public String header(String name) {
    List<String> values = headers.get(name);
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  /** The first value of a query parameter, or null. */
  public String query(String name) {
    List<String> values = query.get(name);
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  /**
   * A boolean query parameter as the service reads it ({@link Text#bool}: {@code true}, {@code True},
   * {@code 1}); false when absent.
   */
  public boolean queryFlag(String name) {
    String value = query(name);
    return value != null && Boolean.TRUE.equals(Text.bool(value));
  }

  public List<String> queryAll(String name) {
    return query.getOrDefault(name, List.of());
  }

  public String bodyText() {
    return new String(body, StandardCharsets.UTF_8);
  }

  public boolean hasBody() {
    return body.length > 0;
  }

  /**
   * The body's parameters, one way whatever its media type: a form body is read as the JSON its
   * operation's schema describes ({@link BodyParameters}). Before the endpoint has matched the
   * operation, the body as it is.
   */
  public BodyParameters parameters() {
    return parameters != null ? parameters : BodyParameters.of(this, (Operation) null);
  }

  public void parameters(BodyParameters parameters) {
    this.parameters = parameters;
  }

  /** {@code a=1&b=2} (URL-encoded) as an ordered multimap of decoded names and values. */
  public static Map<String, List<String>> parseForm(String encoded) {
    Map<String, List<String>> result = new LinkedHashMap<>();
    if (encoded == null || encoded.isEmpty()) {
      return result;
    }
    for (String pair : encoded.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int equals = pair.indexOf('=');
      String name = decode(equals < 0 ? pair : pair.substring(0, equals));
      String value = equals < 0 ? "" : decode(pair.substring(equals + 1));
      result.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
    }
    return result;
  }

  private static String decode(String text) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException malformed) {
      return text; // a broken escape is left as it is; validation reports what follows from it
    }
  }
}
