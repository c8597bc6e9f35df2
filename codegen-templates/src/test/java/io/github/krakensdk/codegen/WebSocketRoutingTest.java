package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The routing of a message contract: read from x-kraken-ws-*, checked, and its public models. */
final class WebSocketRoutingTest {
  private static final Path WEBSOCKET = Path.of("../api-spec/ws/websocket.yaml");

  private static final String CONTRACT = String.join("\n",
      "openapi: 3.0.3",
      "info: {title: t, version: '1'}",
      "x-kraken-ws-endpoints: {public: {url: 'wss://example.test/v2', token: false}}",
      "paths: {}",
      "components:",
      "  schemas:",
      "    Method: {type: string, enum: [subscribe, unsubscribe, ping, pong]}",
      "    Channel: {type: string, enum: [book, heartbeat]}",
      "    MessageType: {type: string, enum: [snapshot, update]}",
      "    Depth: {type: integer, enum: [10, 25]}",
      "    Level: {type: object, properties: {price: {type: number, format: decimal}}}",
      "    BookData: {type: object, properties: {symbol: {type: string}, bids: {type: array, items: {$ref: '#/components/schemas/Level'}}}}",
      "    BookMessage:",
      "      type: object",
      "      x-kraken-ws-channel: book",
      "      x-kraken-ws-type: [snapshot, update]",
      "      properties:",
      "        channel: {$ref: '#/components/schemas/Channel'}",
      "        type: {$ref: '#/components/schemas/MessageType'}",
      "        data: {type: array, items: {$ref: '#/components/schemas/BookData'}}",
      "    HeartbeatMessage:",
      "      type: object",
      "      x-kraken-ws-channel: heartbeat",
      "      properties: {channel: {$ref: '#/components/schemas/Channel'}}",
      "    BookSubscribeParams:",
      "      type: object",
      "      properties:",
      "        channel: {$ref: '#/components/schemas/Channel'}",
      "        symbol: {type: array, items: {type: string}}",
      "        depth: {$ref: '#/components/schemas/Depth'}",
      "        snapshot: {type: boolean}",
      "    BookUnsubscribeParams:",
      "      type: object",
      "      properties:",
      "        channel: {$ref: '#/components/schemas/Channel'}",
      "        symbol: {type: array, items: {type: string}}",
      "        depth: {$ref: '#/components/schemas/Depth'}",
      "    Ack: {type: object, properties: {channel: {$ref: '#/components/schemas/Channel'}, symbol: {type: string}}}",
      "    BookSubscribeRequest:",
      "      type: object",
      "      x-kraken-ws-method: subscribe",
      "      x-kraken-ws-channel: book",
      "      x-kraken-ws-reply: SubscribeReply",
      "      properties:",
      "        method: {$ref: '#/components/schemas/Method'}",
      "        params: {$ref: '#/components/schemas/BookSubscribeParams'}",
      "        req_id: {type: integer, format: int64}",
      "    BookUnsubscribeRequest:",
      "      type: object",
      "      x-kraken-ws-method: unsubscribe",
      "      x-kraken-ws-channel: book",
      "      x-kraken-ws-reply: SubscribeReply",
      "      properties:",
      "        method: {$ref: '#/components/schemas/Method'}",
      "        params: {$ref: '#/components/schemas/BookUnsubscribeParams'}",
      "    PingRequest:",
      "      type: object",
      "      x-kraken-ws-method: ping",
      "      x-kraken-ws-reply: PongReply",
      "      properties: {method: {$ref: '#/components/schemas/Method'}}",
      "    SubscribeReply:",
      "      type: object",
      "      x-kraken-ws-method: subscribe",
      "      x-kraken-ws-success: true",
      "      properties:",
      "        method: {$ref: '#/components/schemas/Method'}",
      "        result: {$ref: '#/components/schemas/Ack'}",
      "    PongReply:",
      "      type: object",
      "      x-kraken-ws-method: pong",
      "      properties: {method: {$ref: '#/components/schemas/Method'}}",
      "    ErrorReply:",
      "      type: object",
      "      x-kraken-ws-success: false",
      "      properties: {method: {$ref: '#/components/schemas/Method'}, error: {type: string}}",
      "");

  @Test
  void repliesAreChosenByMethodAndSuccessChannelMessagesByChannelAndType() {
    WebSocketRouting routing = WebSocketRouting.read(parse(CONTRACT));
    assertEquals(Map.of("subscribe:true", "SubscribeReply", "pong:*", "PongReply", "*:false", "ErrorReply"),
        routing.replies.stream().collect(Collectors.toMap(WebSocketRouting.Reply::key, WebSocketRouting.Reply::schema)));
    assertEquals(Map.of("book:snapshot", "BookMessage", "book:update", "BookMessage", "heartbeat:*", "HeartbeatMessage"),
        routing.channelMessages.stream()
            .collect(Collectors.toMap(WebSocketRouting.ChannelMessage::key, WebSocketRouting.ChannelMessage::schema)));
    assertEquals(List.of(
            new WebSocketRouting.Request("BookSubscribeRequest", "subscribe", "book", "BookSubscribeParams", "SubscribeReply"),
            new WebSocketRouting.Request("BookUnsubscribeRequest", "unsubscribe", "book", "BookUnsubscribeParams", "SubscribeReply"),
            new WebSocketRouting.Request("PingRequest", "ping", null, null, "PongReply")),
        routing.requests);
    WebSocketRouting.Subscription book = routing.subscriptions.get(0);
    assertEquals(List.of("depth"), book.qualifiers(), "what the unsubscription repeats, but channel, symbol and token");
    assertEquals(List.of("symbol", "depth"), book.unsubscribeMembers());
    assertTrue(book.hasSymbol());
    assertEquals("Ack", routing.subscriptionResult());
  }

  @Test
  void publicModelsAreWhatTheConnectionHandsOverOrTakesAndEnvelopesAreInternal() {
    OpenAPI openAPI = parse(CONTRACT);
    WebSocketRouting routing = WebSocketRouting.read(openAPI);
    Set<String> internal = PublicModels.internalSchemas(openAPI, routing.publicRoots());
    assertEquals(Set.of("BookMessage", "HeartbeatMessage", "BookSubscribeRequest", "BookUnsubscribeRequest",
        "PingRequest", "SubscribeReply", "PongReply", "ErrorReply", "Method"), internal);
  }

  @Test
  void routingADispatcherCouldNotFollowFailsGeneration() {
    String twoBooks = CONTRACT.replace("      x-kraken-ws-channel: heartbeat\n",
        "      x-kraken-ws-channel: book\n      x-kraken-ws-type: [update]\n");
    IllegalArgumentException clash = assertThrows(IllegalArgumentException.class,
        () -> WebSocketRouting.read(parse(twoBooks)));
    assertEquals("BookMessage and HeartbeatMessage: channel messages share a channel and type (book:update)",
        clash.getMessage());

    String noReply = CONTRACT.replace("x-kraken-ws-reply: PongReply", "x-kraken-ws-reply: Pong");
    assertEquals("PingRequest: x-kraken-ws-reply names Pong, which is no reply schema (x-kraken-ws-method or "
            + "x-kraken-ws-success)",
        assertThrows(IllegalArgumentException.class, () -> WebSocketRouting.read(parse(noReply))).getMessage());

    String noUnsubscribe = CONTRACT.replace("      x-kraken-ws-method: unsubscribe\n", "      x-kraken-ws-method: ping\n");
    assertEquals("BookSubscribeRequest: no unsubscribe request of channel book",
        assertThrows(IllegalArgumentException.class, () -> WebSocketRouting.read(parse(noUnsubscribe))).getMessage());

    String twoRefusals = CONTRACT.replace("      x-kraken-ws-method: pong\n", "      x-kraken-ws-success: false\n");
    assertTrue(assertThrows(IllegalArgumentException.class, () -> WebSocketRouting.read(parse(twoRefusals)))
        .getMessage().endsWith("replies share a method and success (*:false)"));
  }

  @Test
  void aRestContractIsNoMessageContract() {
    assertTrue(WebSocketRouting.isMessageContract(parse(CONTRACT)));
    assertFalse(WebSocketRouting.isMessageContract(parse(CONTRACT.replace("x-kraken-ws-endpoints", "x-other"))));
  }

  /** The project's contract: what tells subscriptions apart is what the service needs to end one. */
  @Test
  void theWebSocketContractsSubscriptionsAreToldApartByWhatTheirUnsubscriptionRepeats() {
    OpenAPI openAPI = new OpenAPIV3Parser().read(WEBSOCKET.toString());
    WebSocketRouting routing = WebSocketRouting.read(openAPI);
    Map<String, List<String>> qualifiers = new LinkedHashMap<>();
    routing.subscriptions.forEach(s -> qualifiers.put(s.subscribe().channel(), s.qualifiers()));
    Map<String, List<String>> expected = new LinkedHashMap<>();
    expected.put("ticker", List.of("event_trigger", "asset_class"));
    expected.put("book", List.of("depth", "asset_class"));
    expected.put("level3", List.of("depth"));
    expected.put("ohlc", List.of("interval"));
    expected.put("trade", List.of("asset_class"));
    expected.put("instrument", List.of("asset_class"));
    expected.put("executions", List.of("asset_class"));
    expected.put("balances", List.of());
    expected.put("margin", List.of("asset_class"));
    expected.put("positions", List.of("asset_class"));
    expected.put("ledgers", List.of());
    assertEquals(expected, qualifiers);

    Set<String> internal = PublicModels.internalSchemas(openAPI, routing.publicRoots());
    assertTrue(internal.containsAll(routing.envelopes()), "every envelope is internal");
    assertTrue(internal.contains("Method"), "only the envelopes carry `method`");
    for (String caller : List.of("BookData", "BookLevel", "MessageType", "MarginSection", "Channel", "AddOrderParams",
        "SubscriptionResult", "AddOrderResult", "CancelAllOrdersAfterResult", "InstrumentData", "ExecutionReport")) {
      assertFalse(internal.contains(caller), caller + " is handed to or taken from a caller");
    }
    assertEquals(routing.envelopes().size() + 1, internal.size(), "the envelopes and Method, nothing else: " + internal);
  }

  /** The requests that take the connection's token are the authenticated channels' and the trading methods'. */
  @Test
  void theParamsThatTakeTheConnectionsTokenAreThoseMarkedConnectionSet() {
    WebSocketRouting routing = WebSocketRouting.read(new OpenAPIV3Parser().read(WEBSOCKET.toString()));
    Set<String> takeToken = new java.util.TreeSet<>();
    routing.requests.stream().filter(r -> r.params() != null && routing.takesToken(r.params()))
        .forEach(r -> takeToken.add(r.channel() != null ? r.method() + " " + r.channel() : r.method()));
    assertEquals(new java.util.TreeSet<>(List.of("add_order", "amend_order", "batch_add", "batch_cancel", "cancel_all",
        "cancel_all_orders_after", "cancel_order", "edit_order", "subscribe balances", "subscribe executions",
        "subscribe ledgers", "subscribe level3", "subscribe margin", "subscribe positions", "unsubscribe balances",
        "unsubscribe executions", "unsubscribe ledgers", "unsubscribe level3", "unsubscribe margin",
        "unsubscribe positions")), takeToken);
    assertFalse(routing.takesToken("InstrumentSubscribeParams"), "the level-3 books' instrument subscription has none");

    String marked = CONTRACT.replace("symbol: {type: array, items: {type: string}}",
        "symbol: {type: array, items: {type: string}, x-kraken-ws-connection-set: true}");
    assertTrue(!marked.equals(CONTRACT), "the fixture names a symbol member");
    IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
        () -> WebSocketRouting.read(parse(marked)).takesToken("BookSubscribeParams"));
    assertTrue(other.getMessage().contains("the connection fills in only its token"), other.getMessage());
  }

  @Test
  void aContractInAFolderOfApiSpecIsNamedWithItsFolder() {
    assertEquals("ws/websocket.yaml", KrakenJavaCodegen.specFile(Path.of("/repo/api-spec/ws/websocket.yaml")));
    assertEquals("spot.yaml", KrakenJavaCodegen.specFile(Path.of("/repo/api-spec/spot.yaml")));
    assertEquals("contract.yaml", KrakenJavaCodegen.specFile(Path.of("/repo/src/test/resources/golden/contract.yaml")));
  }

  private static OpenAPI parse(String yaml) {
    return new OpenAPIV3Parser().readContents(yaml).getOpenAPI();
  }
}
