package io.github.krakensdk.sandbox.internal.ws;

import io.github.krakensdk.sandbox.internal.http.Json;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The frames the server writes, as JSON trees in the service's member order ({@link Json#write}
 * writes a {@code BigDecimal} as a plain JSON number with every digit of its scale, so that a price
 * at the pair's precision keeps its trailing zeros, as the checksum's digits need).
 */
final class Messages {
  /** The version the status message names: the sandbox's server of the v2 protocol. */
  static final String VERSION = "2.0.10";
  private static final DateTimeFormatter MICROS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter NANOS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);

  private Messages() {}

  /** A frame read back as a tree whose numbers are {@link java.math.BigDecimal}s of their literal text. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> parse(String text) {
    try {
      return (Map<String, Object>) Connection.read(com.squareup.moshi.JsonReader.of(new okio.Buffer().writeUtf8(text)));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static String write(Map<String, Object> frame) {
    return Json.write(frame);
  }

  /** RFC 3339 with microseconds, as the service writes {@code time_in}, {@code timestamp}. */
  static String micros(Instant instant) {
    return MICROS.format(instant);
  }

  /** RFC 3339 with nanoseconds, as level 3 writes its orders' times. */
  static String nanos(Instant instant) {
    return NANOS.format(instant);
  }

  static Map<String, Object> object() {
    return new LinkedHashMap<>();
  }

  /** {@code {"channel":"status","type":"update","data":[{...}]}}, sent on connect. */
  static Map<String, Object> status(long connectionId) {
    Map<String, Object> data = object();
    data.put("version", VERSION);
    data.put("system", "online");
    data.put("api_version", "v2");
    data.put("connection_id", connectionId);
    return channel("status", "update", List.of(data));
  }

  static Map<String, Object> heartbeat() {
    Map<String, Object> frame = object();
    frame.put("channel", "heartbeat");
    return frame;
  }

  static Map<String, Object> channel(String channel, String type, Object data) {
    Map<String, Object> frame = object();
    frame.put("channel", channel);
    frame.put("type", type);
    frame.put("data", data);
    return frame;
  }

  /** A channel message with a {@code sequence} (executions, balances). */
  static Map<String, Object> sequenced(String channel, String type, Object data, long sequence) {
    Map<String, Object> frame = object();
    frame.put("channel", channel);
    frame.put("type", type);
    frame.put("data", data);
    frame.put("sequence", sequence);
    return frame;
  }

  /** A successful reply: {@code method}, {@code result}, {@code success}, times, {@code req_id} if the request had one. */
  static Map<String, Object> success(String method, Object result, Long reqId, Instant in, Instant out) {
    Map<String, Object> frame = object();
    frame.put("method", method);
    frame.put("result", result);
    frame.put("success", true);
    times(frame, reqId, in, out);
    return frame;
  }

  /** A refusal: {@code error} is one string; {@code symbol} names the pair a refused subscription concerns. */
  static Map<String, Object> error(String method, String error, String symbol, Long reqId, Instant in, Instant out) {
    Map<String, Object> frame = object();
    if (method != null) {
      frame.put("method", method);
    }
    frame.put("success", false);
    frame.put("error", error);
    if (symbol != null) {
      frame.put("symbol", symbol);
    }
    times(frame, reqId, in, out);
    return frame;
  }

  static Map<String, Object> pong(Long reqId, Instant in, Instant out) {
    Map<String, Object> frame = object();
    frame.put("method", "pong");
    times(frame, reqId, in, out);
    return frame;
  }

  private static void times(Map<String, Object> frame, Long reqId, Instant in, Instant out) {
    frame.put("time_in", micros(in));
    frame.put("time_out", micros(out));
    if (reqId != null) {
      frame.put("req_id", reqId);
    }
  }
}
