package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The facades cover the contract: every channel and method that {@code api-spec/ws/websocket.yaml}
 * routes to an endpoint has its method on the facade of that endpoint's family ({@code spot-*}:
 * {@link SpotWebSocket}, {@code unified-*}: {@link UnifiedWebSocket}), and no facade method names
 * something the contract does not route. Read from the YAML itself, not from the generator, so a
 * channel added to the contract without a facade method fails here.
 */
final class FacadeCoverageTest {
  /** Sent by the connection itself, never through a facade. */
  private static final Set<String> ENGINE_METHODS = Set.of("subscribe", "unsubscribe", "ping");

  @Test void everyRoutedChannelAndMethodHasItsFacadeMethodAndNoOther() throws IOException {
    Map<String, Set<String>> expected = routed();
    assertTrue(expected.get("spot").containsAll(Set.of("ticker", "book", "level3", "ohlc", "trade", "instrument",
        "status", "executions", "balances", "addOrder", "amendOrder", "editOrder", "cancelOrder", "cancelAll",
        "cancelAllOrdersAfter", "batchAdd", "batchCancel")), "the issue's Spot list: " + expected.get("spot"));
    assertTrue(expected.get("unified").containsAll(Set.of("margin", "positions", "ledgers", "balances")),
        "the issue's Unified list: " + expected.get("unified"));
    assertEquals(expected.get("spot"), facadeMethods(SpotWebSocket.class));
    assertEquals(expected.get("unified"), facadeMethods(UnifiedWebSocket.class));
  }

  /** Per family of endpoints, the facade method names the contract's routing calls for. */
  @SuppressWarnings("unchecked")
  private static Map<String, Set<String>> routed() throws IOException {
    Map<String, Object> contract;
    try (Reader reader = Files.newBufferedReader(contractPath())) {
      contract = new Yaml().load(reader);
    }
    Map<String, Set<String>> families = new java.util.TreeMap<>();
    for (String endpoint : ((Map<String, Object>) contract.get("x-kraken-ws-endpoints")).keySet()) {
      families.put(endpoint.substring(0, endpoint.indexOf('-')), new TreeSet<>());
    }
    Map<String, Map<String, Object>> schemas =
        (Map<String, Map<String, Object>>) ((Map<String, Object>) contract.get("components")).get("schemas");
    Set<String> subscribable = new TreeSet<>();
    schemas.values().forEach(schema -> {
      if ("subscribe".equals(schema.get("x-kraken-ws-method")) && schema.containsKey("x-kraken-ws-reply")) subscribable.add((String) schema.get("x-kraken-ws-channel"));
    });
    for (Map<String, Object> schema : schemas.values()) {
      List<String> endpoints = (List<String>) schema.get("x-kraken-ws-endpoint");
      if (endpoints == null) continue;
      String name = null;
      String method = (String) schema.get("x-kraken-ws-method");
      String channel = (String) schema.get("x-kraken-ws-channel");
      if (schema.containsKey("x-kraken-ws-reply")) {
        if ("subscribe".equals(method)) name = channel;
        else if (!ENGINE_METHODS.contains(method)) name = method;
      } else if (channel != null && method == null && !subscribable.contains(channel)
          && ((Map<String, Object>) schema.get("properties")).containsKey("data")) {
        name = channel; // pushed without a subscription, such as status (heartbeat carries no data)
      }
      if (name == null) continue;
      for (String endpoint : endpoints) families.get(endpoint.substring(0, endpoint.indexOf('-'))).add(camel(name));
    }
    return families;
  }

  private static Set<String> facadeMethods(Class<?> facade) {
    Set<String> names = new TreeSet<>();
    for (Method method : facade.getDeclaredMethods()) {
      if (Modifier.isPublic(method.getModifiers()) && !method.getName().equals("toString")) names.add(method.getName());
    }
    return names;
  }

  private static String camel(String wire) {
    StringBuilder out = new StringBuilder();
    List<String> parts = new ArrayList<>(List.of(wire.split("_")));
    out.append(parts.remove(0));
    for (String part : parts) out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
    return out.toString();
  }

  private static Path contractPath() {
    Path path = Path.of("..", "api-spec", "ws", "websocket.yaml");
    return Files.exists(path) ? path : Path.of("api-spec", "ws", "websocket.yaml");
  }
}
