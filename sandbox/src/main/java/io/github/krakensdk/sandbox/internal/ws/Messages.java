package io.github.krakensdk.sandbox.internal.ws;

import com.squareup.moshi.JsonReader;
import io.github.krakensdk.sandbox.internal.http.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
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
 * The frames the server writes, as JSON trees in the service's member order ({@link Json#write}
 * writes a {@code BigDecimal} as a plain JSON number with every digit of its scale, so that a price
 * at the pair's precision keeps its trailing zeros, as the checksum's digits need), and the
 * reader of a client's frames. The Unified WebSocket writes the same v2 envelopes (its pages: "the
 * same v2 message format"), so its connections use these too.
 */
public final class Messages {
  /** The version the status message names: the sandbox's server of the v2 protocol. */
  public static final String VERSION = "2.0.10";
  private static final DateTimeFormatter MICROS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter NANOS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);

  private Messages() {}

  /** A frame read back as a tree whose numbers are {@link BigDecimal}s of their literal text. */
  static Map<String, Object> parse(String text) {
    try {
      return request(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A client's frame: one JSON object, its numbers the {@link BigDecimal}s of their literal text. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> request(String text) throws IOException {
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

  /** A JSON value as a tree whose numbers are {@link BigDecimal}s of their literal text (order quantities keep every digit). */
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

  public static String write(Map<String, Object> frame) {
    return Json.write(frame);
  }

  /** RFC 3339 with microseconds, as the service writes {@code time_in}, {@code timestamp}. */
  public static String micros(Instant instant) {
    return MICROS.format(instant);
  }

  /** RFC 3339 with nanoseconds, as level 3 writes its orders' times. */
  public static String nanos(Instant instant) {
    return NANOS.format(instant);
  }

  public static Map<String, Object> object() {
    return new LinkedHashMap<>();
  }

  /** {@code {"channel":"status","type":"update","data":[{...}]}}, sent on connect. */
  public static Map<String, Object> status(long connectionId) {
    Map<String, Object> data = object();
    data.put("version", VERSION);
    data.put("system", "online");
    data.put("api_version", "v2");
    data.put("connection_id", connectionId);
    return channel("status", "update", List.of(data));
  }

  public static Map<String, Object> heartbeat() {
    Map<String, Object> frame = object();
    frame.put("channel", "heartbeat");
    return frame;
  }

  public static Map<String, Object> channel(String channel, String type, Object data) {
    Map<String, Object> frame = object();
    frame.put("channel", channel);
    frame.put("type", type);
    frame.put("data", data);
    return frame;
  }

  /** A channel message with a {@code sequence} (executions, balances). */
  public static Map<String, Object> sequenced(String channel, String type, Object data, long sequence) {
    Map<String, Object> frame = object();
    frame.put("channel", channel);
    frame.put("type", type);
    frame.put("data", data);
    frame.put("sequence", sequence);
    return frame;
  }

  /** A successful reply: {@code method}, {@code result}, {@code success}, times, {@code req_id} if the request had one. */
  public static Map<String, Object> success(String method, Object result, Long reqId, Instant in, Instant out) {
    Map<String, Object> frame = object();
    frame.put("method", method);
    frame.put("result", result);
    frame.put("success", true);
    times(frame, reqId, in, out);
    return frame;
  }

  /** A refusal: {@code error} is one string; {@code symbol} names the pair a refused subscription concerns. */
  public static Map<String, Object> error(String method, String error, String symbol, Long reqId, Instant in, Instant out) {
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

  public static Map<String, Object> pong(Long reqId, Instant in, Instant out) {
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
