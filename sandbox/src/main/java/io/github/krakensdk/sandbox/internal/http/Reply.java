package io.github.krakensdk.sandbox.internal.http;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** An answer: status, headers and body bytes. */
public final class Reply {
  public final int status;
  public final Map<String, String> headers;
  public final byte[] body;

  private Reply(int status, Map<String, String> headers, byte[] body) {
    this.status = status;
    this.headers = headers;
    this.body = body;
  }

  public static Reply json(int status, String json) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", "application/json");
    return new Reply(status, headers, json.getBytes(StandardCharsets.UTF_8));
  }

  /** {@code value} as JSON ({@link Json#write}): the one way a family writes an answer. */
  public static Reply answer(int status, Object value) {
    return json(status, Json.write(value));
  }

  public static Reply text(int status, String text) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", "text/plain; charset=utf-8");
    return new Reply(status, headers, text.getBytes(StandardCharsets.UTF_8));
  }

  /** A binary body, such as an export's ZIP archive. */
  public static Reply bytes(int status, String contentType, byte[] body) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", contentType);
    return new Reply(status, headers, body.clone());
  }

  public static Reply redirect(String location) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Location", location);
    return new Reply(302, headers, new byte[0]);
  }

  public Reply withHeader(String name, String value) {
    Map<String, String> copy = new LinkedHashMap<>(headers);
    copy.put(name, value);
    return new Reply(status, copy, body);
  }

  String contentType() {
    return headers.get("Content-Type");
  }

  public String bodyText() {
    return new String(body, StandardCharsets.UTF_8);
  }
}
