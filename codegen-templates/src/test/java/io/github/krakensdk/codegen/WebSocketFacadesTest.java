package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The typed facades of websocket.yaml: which family gets which channel and method, and how. */
final class WebSocketFacadesTest {
  private static final Path WEBSOCKET = Path.of("../api-spec/ws/websocket.yaml");

  private static OpenAPI contract() {
    return new OpenAPIV3Parser().read(WEBSOCKET.toString());
  }

  private static List<Map<String, Object>> facades(OpenAPI openAPI) {
    Function<String, String> same = name -> name;
    Function<String, String> camel = wire -> {
      String[] parts = wire.split("_");
      StringBuilder out = new StringBuilder(parts[0]);
      for (int i = 1; i < parts.length; i++) out.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
      return out.toString();
    };
    Function<Schema<?>, String> type = schema -> schema.getItems() != null
        ? "List<" + name(schema.getItems()) + ">" : name(schema);
    return WebSocketFacades.values(WebSocketRouting.read(openAPI), same, String::toUpperCase, camel, type);
  }

  private static String name(Schema<?> schema) {
    return schema.get$ref() == null ? String.valueOf(schema.getType()) : schema.get$ref().substring(schema.get$ref().lastIndexOf('/') + 1);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> entry(Map<String, Object> facade, String list, String key, String value) {
    return ((List<Map<String, Object>>) facade.get(list)).stream().filter(e -> value.equals(e.get(key))).findFirst()
        .orElseThrow(() -> new AssertionError(list + " has no " + value + ": " + facade.get(list)));
  }

  @Test void oneFacadePerFamilyOfEndpointsEachWithTheChannelsAndMethodsRoutedThere() {
    List<Map<String, Object>> facades = facades(contract());
    assertEquals(List.of("SpotWebSocket", "UnifiedWebSocket"), facades.stream().map(f -> f.get("facadeClass")).toList());
    Map<String, Object> spot = facades.get(0);
    Map<String, Object> unified = facades.get(1);
    assertEquals("SPOT_PUBLIC", entry(spot, "channels", "channel", "ticker").get("endpointConstant"));
    assertEquals("SPOT_PRIVATE", entry(spot, "channels", "channel", "executions").get("endpointConstant"));
    assertEquals("SPOT_LEVEL3", entry(spot, "channels", "channel", "level3").get("endpointConstant"));
    assertEquals("UNIFIED_PRIVATE", entry(unified, "channels", "channel", "ledgers").get("endpointConstant"));
    assertEquals("SPOT_PRIVATE", entry(spot, "methods", "method", "add_order").get("endpointConstant"));
    // status is pushed on every endpoint; heartbeat carries no data and gets no listener.
    assertEquals("SPOT_PUBLIC", entry(spot, "pushed", "channel", "status").get("endpointConstant"));
    assertEquals(List.of("status"), ((List<Map<String, Object>>) (List<?>) spot.get("pushed")).stream()
        .map(p -> p.get("channel")).toList());
  }

  @Test void listenersBooksListsAndAssetClass() {
    List<Map<String, Object>> facades = facades(contract());
    Map<String, Object> spot = facades.get(0);
    Map<String, Object> unified = facades.get(1);
    assertEquals("ChannelListener<List<TickerData>>", entry(spot, "channels", "channel", "ticker").get("listenerType"));
    Map<String, Object> balances = entry(spot, "channels", "channel", "balances");
    assertEquals("BalancesListener", balances.get("listenerType"), "its snapshot and updates differ");
    assertEquals(List.of("onSnapshot", "onUpdate"),
        ((List<Map<String, Object>>) balances.get("messages")).stream().map(m -> m.get("handler")).toList());
    assertEquals(true, entry(spot, "channels", "channel", "executions").get("sequenced"));
    assertEquals(false, entry(spot, "channels", "channel", "ticker").get("sequenced"));
    assertEquals("orderBooks", entry(spot, "channels", "channel", "book").get("bookMethod"));
    assertEquals("level3Books", entry(spot, "channels", "channel", "level3").get("bookMethod"));
    assertEquals("List<CancelOrderResult>", entry(spot, "methods", "method", "cancel_order").get("returnType"));
    assertEquals("AddOrderResult", entry(spot, "methods", "method", "add_order").get("returnType"));
    assertEquals("List<AddOrderResult>", entry(spot, "methods", "method", "batch_add").get("returnType"));
    assertEquals(false, entry(spot, "channels", "channel", "ticker").get("assetClassRequired"), "Spot v2 takes none");
    assertEquals(true, entry(unified, "channels", "channel", "ticker").get("assetClassRequired"));
    assertEquals(false, entry(unified, "channels", "channel", "ledgers").get("assetClassRequired"));
  }

  @Test void eachSubscribeMethodNamesItsChannelsDefaultBackpressure() {
    Map<String, Object> spot = facades(contract()).get(0);
    assertEquals("COALESCE", entry(spot, "channels", "channel", "ticker").get("defaultBackpressure"));
    assertEquals("COALESCE", entry(spot, "channels", "channel", "ohlc").get("defaultBackpressure"));
    assertEquals("FAIL", entry(spot, "channels", "channel", "executions").get("defaultBackpressure"), "never drops a fill");
    assertEquals("FAIL", entry(spot, "channels", "channel", "trade").get("defaultBackpressure"));
    assertEquals("FAIL", entry(facades(contract()).get(1), "channels", "channel", "ledgers").get("defaultBackpressure"));
  }

  @Test void pushedChannelsAreGroupedByEndpoint() {
    Map<String, Object> spot = facades(contract()).get(0);
    assertEquals(List.of(Map.of("endpointConstant", "SPOT_PUBLIC", "channels", "\"status\"")), spot.get("pushedEndpoints"));
  }

  @Test void aChannelWhoseMessagesDifferGetsOneTopLevelListenerForEveryFacade() {
    List<Map<String, Object>> listeners = WebSocketFacades.listeners(facades(contract()));
    Map<String, Object> balances = listeners.stream().filter(l -> "BalancesListener".equals(l.get("listenerInterface")))
        .findFirst().orElseThrow(() -> new AssertionError("no BalancesListener: " + listeners));
    assertEquals("balances", balances.get("channel"));
    assertEquals(1, listeners.stream().filter(l -> "BalancesListener".equals(l.get("listenerInterface"))).count(),
        "Spot and Unified share it");
    assertEquals(List.of("BalancesListener"), listeners.stream().map(l -> l.get("listenerInterface")).toList(),
        "level3's snapshot and updates differ too, but its book has a hand-written listener");
  }

  @Test void oneListenerCannotServeTwoFamiliesWhoseMessagesDiffer() {
    OpenAPI openAPI = contract();
    // A third kind of balances message on the Unified WebSocket alone: the two families no longer agree.
    Schema<?> update = openAPI.getComponents().getSchemas().get("BalancesUpdateMessage");
    Schema<Object> extra = new Schema<>();
    extra.setType("object");
    extra.setExtensions(new java.util.LinkedHashMap<>(Map.of("x-kraken-ws-channel", "balances",
        "x-kraken-ws-type", List.of("rebased"), "x-kraken-ws-endpoint", List.of("unified-private"))));
    extra.setRequired(update.getRequired());
    extra.setProperties(new java.util.LinkedHashMap<>(update.getProperties()));
    openAPI.getComponents().getSchemas().put("BalancesRebasedMessage", extra);
    IllegalArgumentException failure = assertThrows(IllegalArgumentException.class,
        () -> WebSocketFacades.listeners(facades(openAPI)));
    assertTrue(failure.getMessage().contains("BalancesListener"), failure.getMessage());
  }

  @Test void aChecksummedChannelWithoutAHandWrittenBookFailsGeneration() {
    OpenAPI openAPI = contract();
    openAPI.getComponents().getSchemas().get("TickerData").getProperties().put("checksum", new IntegerSchema());
    IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> facades(openAPI));
    assertTrue(failure.getMessage().contains("channel ticker"), failure.getMessage());
  }
}
