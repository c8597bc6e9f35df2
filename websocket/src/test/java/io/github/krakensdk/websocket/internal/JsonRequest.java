package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A request to a WebSocket endpoint as a JSON tree: {@code method} and {@code params}. The
 * connection adds {@code req_id} (unique per client) and, on an authenticated endpoint,
 * {@code params.token}; a request never carries either itself.
 *
 * <pre>{@code
 * JsonRequest book = JsonRequest.subscribe("book", Map.of("symbol", List.of("BTC/USD"), "depth", 10));
 * JsonRequest order = JsonRequest.of("add_order", Map.of(
 *     "order_type", "limit", "side", "buy", "symbol", "BTC/USD",
 *     "limit_price", new BigDecimal("26500.0"), "order_qty", new BigDecimal("0.0001")));
 * }</pre>
 *
 * <p>Param values are JSON tree values: {@code String}, {@code BigDecimal} (written as its plain
 * text, never through {@code double}), {@code Integer}, {@code Long}, {@code Boolean}, {@code
 * List} and {@code Map} of them. Until the generated request models land, this is how requests
 * are written; they will plug into the same connection.
 */
public final class JsonRequest {
  private final String method;
  private final Map<String, Object> params;

  private JsonRequest(String method, Map<String, Object> params) {
    this.method = method;
    this.params = params;
  }

  /** A request of {@code method} with {@code params} (copied). */
  public static JsonRequest of(String method, Map<String, ?> params) {
    requireNonNull(method, "method == null");
    requireNonNull(params, "params == null");
    if (method.isEmpty()) throw new IllegalArgumentException("method is empty");
    if (params.containsKey("req_id") || params.containsKey("token")) {
      throw new IllegalArgumentException("params must not carry req_id or token: the connection sets them");
    }
    return new JsonRequest(method, Collections.unmodifiableMap(new LinkedHashMap<>(params)));
  }

  /** A {@code subscribe} to {@code channel}: {@code params} with {@code channel} first. */
  public static JsonRequest subscribe(String channel, Map<String, ?> params) {
    requireNonNull(channel, "channel == null");
    requireNonNull(params, "params == null");
    Map<String, Object> all = new LinkedHashMap<>();
    all.put("channel", channel);
    all.putAll(params);
    return of("subscribe", all);
  }

  public String method() {
    return method;
  }

  /** The params, unmodifiable, in the order given. */
  public Map<String, Object> params() {
    return params;
  }

  @Override public boolean equals(Object o) {
    return o instanceof JsonRequest other && method.equals(other.method) && params.equals(other.params);
  }

  @Override public int hashCode() {
    return 31 * method.hashCode() + params.hashCode();
  }

  @Override public String toString() {
    return "JsonRequest{method=" + method + ", params=" + params + "}";
  }
}
