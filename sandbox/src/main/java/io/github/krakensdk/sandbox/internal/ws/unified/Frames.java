package io.github.krakensdk.sandbox.internal.ws.unified;

import com.squareup.moshi.JsonReader;
import io.github.krakensdk.sandbox.internal.http.Json;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okio.Buffer;

/**
 * The Unified WebSocket's frames, in the v2 envelopes Spot WebSocket v2 uses too (the Unified
 * pages: "the same v2 message format"): {@code status} on connect, {@code heartbeat}, channel
 * messages, replies whose {@code error} is one string; and a reader that keeps every JSON number
 * as the {@link BigDecimal} of its literal text.
 */
final class Frames {
  static final String VERSION = "2.0.10";
  private static final DateTimeFormatter MICROS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);

  private Frames() {}

  static String write(Map<String, Object> frame) {
    return Json.write(frame);
  }

  /** RFC 3339 with microseconds, as the service writes {@code time_in} and {@code timestamp}. */
  static String micros(Instant instant) {
    return MICROS.format(instant);
  }

  static Map<String, Object> object() {
    return new LinkedHashMap<>();
  }

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

  static Map<String, Object> sequenced(String channel, String type, Object data, long sequence) {
    Map<String, Object> frame = channel(channel, type, data);
    frame.put("sequence", sequence);
    return frame;
  }

  static Map<String, Object> success(String method, Object result, Long reqId, Instant in, Instant out) {
    Map<String, Object> frame = object();
    frame.put("method", method);
    frame.put("result", result);
    frame.put("success", true);
    times(frame, reqId, in, out);
    return frame;
  }

  /** A refusal: {@code error} one string; {@code symbol} the market a refused subscription named. */
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

  /** The JSON object of a request, its numbers the {@link BigDecimal}s of their literal text. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> parse(String text) throws IOException {
    JsonReader reader = JsonReader.of(new Buffer().writeUtf8(text));
    Object value = read(reader);
    if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
      throw new IOException("trailing data");
    }
    if (!(value instanceof Map<?, ?>)) {
      throw new IOException("not an object");
    }
    return (Map<String, Object>) value;
  }

  private static Object read(JsonReader reader) throws IOException {
    switch (reader.peek()) {
      case BEGIN_OBJECT -> {
        Map<String, Object> map = new LinkedHashMap<>();
        reader.beginObject();
        while (reader.hasNext()) {
          String name = reader.nextName();
          if (map.put(name, read(reader)) != null) {
            throw new IOException("a repeated member: " + name);
          }
        }
        reader.endObject();
        return map;
      }
      case BEGIN_ARRAY -> {
        List<Object> list = new ArrayList<>();
        reader.beginArray();
        while (reader.hasNext()) {
          list.add(read(reader));
        }
        reader.endArray();
        return list;
      }
      case NUMBER -> {
        return new BigDecimal(reader.nextString());
      }
      case STRING -> {
        return reader.nextString();
      }
      case BOOLEAN -> {
        return reader.nextBoolean();
      }
      default -> {
        return reader.nextNull();
      }
    }
  }
}
