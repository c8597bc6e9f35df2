package io.github.krakensdk.sandbox;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** An answer: status, headers and body bytes. */
final class Reply {
  final int status;
  final Map<String, String> headers;
  final byte[] body;

  private Reply(int status, Map<String, String> headers, byte[] body) {
    this.status = status;
    this.headers = headers;
    this.body = body;
  }

  static Reply json(int status, String json) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", "application/json");
    return new Reply(status, headers, json.getBytes(StandardCharsets.UTF_8));
  }

  static Reply text(int status, String text) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", "text/plain; charset=utf-8");
    return new Reply(status, headers, text.getBytes(StandardCharsets.UTF_8));
  }

  /** A binary body, such as an export's ZIP archive. */
  static Reply bytes(int status, String contentType, byte[] body) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", contentType);
    return new Reply(status, headers, body.clone());
  }

  static Reply redirect(String location) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Location", location);
    return new Reply(302, headers, new byte[0]);
  }

  Reply withHeader(String name, String value) {
    Map<String, String> copy = new LinkedHashMap<>(headers);
    copy.put(name, value);
    return new Reply(status, copy, body);
  }

  String contentType() {
    return headers.get("Content-Type");
  }

  String bodyText() {
    return new String(body, StandardCharsets.UTF_8);
  }
}
