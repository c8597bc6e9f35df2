package io.github.krakensdk.websocket.internal;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JSON-tree seams: writes {@link JsonRequest}s, and reads frames into {@code Map} trees
 * (numbers as {@code BigDecimal}, from their literal text).
 */
public final class JsonCodec implements RequestWriter<JsonRequest>, FrameDispatcher<Map<String, Object>> {
  /** Params an unsubscribe repeats from its subscribe; the rest (snapshot, ...) only shape the subscribe. */
  private static final Set<String> UNSUBSCRIBE_PARAMS = Set.of("channel", "symbol", "depth", "interval", "event_trigger");

  @Override public String method(JsonRequest request) {
    return request.method();
  }

  @Override public String channel(JsonRequest request) {
    return request.params().get("channel") instanceof String channel ? channel : null;
  }

  @Override public List<String> symbols(JsonRequest request) {
    return strings(request.params().get("symbol"));
  }

  @Override public boolean openEnded(JsonRequest request) {
    return false;
  }

  @Override public List<String> keys(JsonRequest request) {
    String options = "";
    for (String name : UNSUBSCRIBE_PARAMS) {
      if (!name.equals("channel") && !name.equals("symbol") && request.params().containsKey(name)) {
        options += " " + name + "=" + request.params().get(name);
      }
    }
    List<String> symbols = symbols(request);
    if (symbols.isEmpty()) return List.of(channel(request) + options);
    List<String> keys = new ArrayList<>();
    for (String symbol : symbols) keys.add(channel(request) + " " + symbol + options);
    return keys;
  }

  @Override public boolean snapshot(Map<String, Object> message) {
    return "snapshot".equals(message.get("type"));
  }

  @Override public int expectedReplies(JsonRequest request) {
    switch (request.method()) {
      case "subscribe":
      case "unsubscribe":
        return Math.max(1, symbols(request).size());
      case "cancel_order":
        return Math.max(1, strings(request.params().get("order_id")).size()
            + strings(request.params().get("cl_ord_id")).size()
            + count(request.params().get("order_userref")));
      default:
        return 1;
    }
  }

  @Override public JsonRequest unsubscribeOf(JsonRequest subscribe) {
    Map<String, Object> params = new LinkedHashMap<>();
    subscribe.params().forEach((name, value) -> {
      if (UNSUBSCRIBE_PARAMS.contains(name)) params.put(name, value);
    });
    return JsonRequest.of("unsubscribe", params);
  }

  @Override public String write(JsonRequest request, long reqId, String token) {
    Map<String, Object> frame = new LinkedHashMap<>();
    frame.put("method", request.method());
    if (!request.params().isEmpty() || token != null) {
      Map<String, Object> params = new LinkedHashMap<>(request.params());
      if (token != null) params.put("token", token);
      frame.put("params", params);
    }
    frame.put("req_id", reqId);
    return Json.write(frame);
  }

  @Override public String ping(long reqId) {
    Map<String, Object> frame = new LinkedHashMap<>();
    frame.put("method", "ping");
    frame.put("req_id", reqId);
    return Json.write(frame);
  }

  @SuppressWarnings("unchecked")
  @Override public Inbound<Map<String, Object>> dispatch(String text) throws IOException {
    if (!(Json.parse(text) instanceof Map<?, ?> parsed)) throw new IOException("a frame is a JSON object: " + text);
    Map<String, Object> frame = (Map<String, Object>) parsed;
    if (frame.get("method") instanceof String method) {
      long reqId = frame.get("req_id") instanceof BigDecimal id ? id.longValue() : Inbound.NO_REQ_ID;
      String error = frame.get("error") instanceof String e ? e : null;
      // A pong carries no success member; a reply without success but with an error failed.
      boolean success = frame.get("success") instanceof Boolean s ? s : error == null;
      return Inbound.reply(method, reqId, success, error, frame);
    }
    String channel = frame.get("channel") instanceof String c ? c : null;
    Map<String, Object> first = firstData(frame);
    String symbol = first != null && first.get("symbol") instanceof String s ? s : null;
    String key = null;
    if (channel != null && symbol != null) {
      switch (channel) {
        case "book", "level3", "ticker" -> key = channel + " " + symbol;
        case "ohlc" -> key = channel + " " + symbol + " " + first.get("interval");
        default -> key = null;
      }
    }
    return Inbound.channelMessage(channel, symbol, key, frame);
  }

  /**
   * Book and level-3 updates merge by concatenating their level changes in order, keeping the
   * newer checksum and timestamp: applying the merged update gives the book that applying both
   * gives. A snapshot replaces whatever was queued before it; a ticker or candle replaces the
   * older one (each is the whole state of its symbol).
   */
  @Override public Map<String, Object> coalesce(Map<String, Object> older, Map<String, Object> newer) {
    String channel = (String) newer.get("channel");
    if (channel == null || !channel.equals(older.get("channel"))) return null;
    switch (channel) {
      case "ticker":
      case "ohlc":
        return newer;
      case "book":
      case "level3": {
        if ("snapshot".equals(newer.get("type"))) return newer;
        if (!"update".equals(newer.get("type")) || !"update".equals(older.get("type"))) return null;
        Map<String, Object> olderData = firstData(older);
        Map<String, Object> newerData = firstData(newer);
        if (olderData == null || newerData == null || dataSize(older) != 1 || dataSize(newer) != 1) return null;
        Map<String, Object> mergedData = new LinkedHashMap<>(newerData);
        mergedData.put("bids", concat(olderData.get("bids"), newerData.get("bids")));
        mergedData.put("asks", concat(olderData.get("asks"), newerData.get("asks")));
        Map<String, Object> merged = new LinkedHashMap<>(newer);
        merged.put("data", List.of(mergedData));
        return merged;
      }
      default:
        return null;
    }
  }

  private static List<Object> concat(Object a, Object b) {
    List<Object> all = new ArrayList<>();
    if (a instanceof List<?> list) all.addAll(list);
    if (b instanceof List<?> list) all.addAll(list);
    return all;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> firstData(Map<String, Object> frame) {
    Object data = frame.get("data");
    if (data instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof Map<?, ?> map) {
      return (Map<String, Object>) map;
    }
    if (data instanceof Map<?, ?> map) return (Map<String, Object>) map; // instrument's data is an object
    return null;
  }

  private static int dataSize(Map<String, Object> frame) {
    return frame.get("data") instanceof List<?> list ? list.size() : -1;
  }

  private static List<String> strings(Object value) {
    List<String> strings = new ArrayList<>();
    if (value instanceof String string) strings.add(string);
    if (value instanceof List<?> list) {
      for (Object element : list) if (element instanceof String string) strings.add(string);
    }
    return strings;
  }

  private static int count(Object value) {
    if (value == null) return 0;
    return value instanceof List<?> list ? list.size() : 1;
  }
}
