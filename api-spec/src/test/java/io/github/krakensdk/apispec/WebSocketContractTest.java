package io.github.krakensdk.apispec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.asyncapi.schemas.asyncapi.Reference;
import com.asyncapi.schemas.asyncapi.multiformat.MultiFormatSchema;
import com.asyncapi.v3._0_0.model.AsyncAPI;
import com.asyncapi.v3._0_0.model.channel.Channel;
import com.asyncapi.v3._0_0.model.channel.message.Message;
import com.asyncapi.v3._0_0.model.operation.Operation;
import com.asyncapi.v3._0_0.model.operation.reply.OperationReply;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The WebSocket contract's two files agree: {@code ws/websocket.asyncapi.yaml} is an AsyncAPI
 * 3.0.0 document (read by asyncapi-core, which models the file but resolves no reference, so the
 * test walks every {@code $ref} itself), every reference resolves (into the AsyncAPI file, or into
 * {@code websocket.yaml} beside it), and both name the same messages: every schema a message
 * carries is in {@code websocket.yaml}, and every request, reply and channel message of {@code
 * websocket.yaml} (its routing extensions) is some message's payload, with every other component
 * schema reached from one of them.
 */
class WebSocketContractTest {
  private static final String OPENAPI_FORMAT = "application/vnd.oai.openapi;version=3.0.0";
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

  private final Path dir = Specs.dir().resolve("ws");
  private final JsonNode asyncTree = read("websocket.asyncapi.yaml");
  private final JsonNode openApi = read("websocket.yaml");

  @Test
  void theTokenOfEveryAuthenticatedRequestIsTheConnectionsAndTheDecisionsAreInEveryServer() {
    // Every params.token is filled in by the connection (x-kraken-ws-connection-set), and only it.
    Set<String> connectionSet = new TreeSet<>();
    Set<String> tokens = new TreeSet<>();
    openApi.path("components").path("schemas").properties().forEach(schema -> schema.getValue().path("properties")
        .properties().forEach(member -> {
          if (member.getValue().path("x-kraken-ws-connection-set").asBoolean(false)) {
            connectionSet.add(schema.getKey() + "." + member.getKey());
          }
          if (member.getKey().equals("token") && schema.getKey().endsWith("Params")) {
            tokens.add(schema.getKey() + ".token");
          }
        }));
    assertFalse(tokens.isEmpty());
    assertEquals(tokens, connectionSet);
    JsonNode connection = openApi.path("x-kraken-ws-connection");
    assertEquals(150, connection.path("attempts-per-window").asInt());
    assertEquals(10, connection.path("window-minutes").asInt());
    assertTrue(connection.path("x-kraken-decision").asText().contains("403"));
    asyncTree.path("servers").properties().forEach(server -> {
      String description = server.getValue().path("description").asText();
      for (String fact : List.of("150 attempts per IP address per 10 minutes", "1008", "401 or 403", "10 s")) {
        assertTrue(description.contains(fact), server.getKey() + " says " + fact + ": " + description);
      }
    });
  }

  @Test
  void asyncApiCoreReadsTheFileAsAsyncApi3() throws IOException {
    AsyncAPI asyncApi = YAML.readValue(dir.resolve("websocket.asyncapi.yaml").toFile(), AsyncAPI.class);
    assertEquals("3.0.0", asyncApi.getAsyncapi());
    assertEquals(openApi.path("info").path("version").asText(), asyncApi.getInfo().getVersion());
    // One server per endpoint of websocket.yaml's x-kraken-ws-endpoints, at the same URL.
    assertEquals(names(openApi.path("x-kraken-ws-endpoints")), asyncApi.getServers().keySet());
    openApi.path("x-kraken-ws-endpoints").properties().forEach(endpoint -> {
      JsonNode server = asyncTree.path("servers").path(endpoint.getKey());
      assertEquals(endpoint.getValue().path("url").asText(),
          server.path("protocol").asText() + "://" + server.path("host").asText() + server.path("pathname").asText());
    });
    for (Map.Entry<String, Object> entry : asyncApi.getComponents().getMessages().entrySet()) {
      Message message = assertInstanceOf(Message.class, entry.getValue(), entry.getKey());
      MultiFormatSchema<?> payload = assertInstanceOf(MultiFormatSchema.class, message.getPayload(), entry.getKey());
      assertEquals(OPENAPI_FORMAT, payload.getSchemaFormat(), entry.getKey());
      assertEquals(entry.getKey(), message.getName());
    }
    for (Map.Entry<String, Object> entry : asyncApi.getOperations().entrySet()) {
      Operation operation = assertInstanceOf(Operation.class, entry.getValue(), entry.getKey());
      String channel = operation.getChannel().getRef();
      JsonNode channelMessages = resolve(asyncTree, channel).path("messages");
      for (Reference message : operation.getMessages()) {
        assertTrue(message.getRef().startsWith(channel + "/messages/"), entry.getKey() + ": " + message.getRef()
            + " is a message of its channel");
      }
      if (operation.getReply() != null) {
        OperationReply reply = assertInstanceOf(OperationReply.class, operation.getReply(), entry.getKey());
        assertFalse(reply.getMessages().isEmpty(), entry.getKey());
        for (Reference message : reply.getMessages()) {
          assertTrue(message.getRef().startsWith(reply.getChannel().getRef() + "/messages/"), entry.getKey());
        }
      }
      assertFalse(channelMessages.isEmpty(), channel);
    }
    for (Map.Entry<String, Object> entry : asyncApi.getChannels().entrySet()) {
      Channel channel = assertInstanceOf(Channel.class, entry.getValue(), entry.getKey());
      assertFalse(channel.getServers().isEmpty(), entry.getKey() + " names its servers");
    }
  }

  @Test
  void everyReferenceResolves() {
    List<String> refs = new ArrayList<>();
    collectRefs(asyncTree, refs);
    assertFalse(refs.isEmpty());
    for (String ref : refs) {
      if (ref.startsWith("#")) {
        assertFalse(resolve(asyncTree, ref).isMissingNode(), ref);
      } else {
        assertTrue(ref.startsWith("websocket.yaml#/components/schemas/"), ref + " points into websocket.yaml's schemas");
        assertFalse(resolve(openApi, ref.substring(ref.indexOf('#'))).isMissingNode(), ref);
      }
    }
    List<String> openApiRefs = new ArrayList<>();
    collectRefs(openApi, openApiRefs);
    for (String ref : openApiRefs) {
      assertFalse(resolve(openApi, ref).isMissingNode(), ref);
    }
  }

  @Test
  void bothFilesNameTheSameMessages() {
    Set<String> carried = new TreeSet<>();
    asyncTree.path("components").path("messages").properties().forEach(message -> {
      String ref = message.getValue().path("payload").path("schema").path("$ref").asText();
      String schema = ref.substring(ref.lastIndexOf('/') + 1);
      assertEquals(message.getKey(), schema, "a message is named as the schema it carries");
      carried.add(schema);
    });
    Set<String> routed = new TreeSet<>();
    openApi.path("components").path("schemas").properties().forEach(schema -> {
      JsonNode s = schema.getValue();
      if (s.has("x-kraken-ws-method") || s.has("x-kraken-ws-channel") || s.has("x-kraken-ws-success")) {
        routed.add(schema.getKey());
      }
    });
    assertEquals(routed, carried, "the requests, replies and channel messages of websocket.yaml are the AsyncAPI messages");

    // Every component schema is reached from a message: nothing in websocket.yaml is left over.
    Set<String> reached = new LinkedHashSet<>();
    Deque<String> queue = new ArrayDeque<>(carried);
    while (!queue.isEmpty()) {
      String name = queue.pop();
      if (!reached.add(name)) continue;
      List<String> refs = new ArrayList<>();
      collectRefs(openApi.path("components").path("schemas").path(name), refs);
      refs.forEach(ref -> queue.add(ref.substring(ref.lastIndexOf('/') + 1)));
    }
    assertEquals(names(openApi.path("components").path("schemas")), new TreeSet<>(reached));
  }

  @Test
  void everyOperationOfARequestRepliesWithItsReplyAndUsesItsEndpoints() {
    int requests = 0;
    for (Map.Entry<String, JsonNode> operation : asyncTree.path("operations").properties()) {
      JsonNode op = operation.getValue();
      if (!"send".equals(op.path("action").asText())) continue;
      String message = last(op.path("messages").path(0).path("$ref").asText());
      JsonNode request = openApi.path("components").path("schemas").path(message);
      assertTrue(request.has("x-kraken-ws-reply"), operation.getKey() + " sends a request");
      Set<String> replies = new TreeSet<>();
      op.path("reply").path("messages").forEach(ref -> replies.add(last(ref.path("$ref").asText())));
      assertTrue(replies.contains(request.path("x-kraken-ws-reply").asText()), operation.getKey() + " replies " + replies);
      // The channel is served where the request may be sent.
      Set<String> servers = new TreeSet<>();
      resolve(asyncTree, op.path("channel").path("$ref").asText()).path("servers")
          .forEach(ref -> servers.add(last(ref.path("$ref").asText())));
      request.path("x-kraken-ws-endpoint").forEach(endpoint -> assertTrue(servers.contains(endpoint.asText()),
          operation.getKey() + ": " + endpoint.asText()));
      requests++;
    }
    long declared = 0;
    for (JsonNode schema : openApi.path("components").path("schemas")) {
      if (schema.has("x-kraken-ws-reply")) declared++;
    }
    assertEquals(declared, requests, "one send operation per request");
  }

  @Test
  void requestsAndRepliesCorrelateOnReqId() {
    JsonNode correlation = asyncTree.path("components").path("correlationIds").path("reqId");
    assertEquals("$message.payload#/req_id", correlation.path("location").asText());
    asyncTree.path("components").path("messages").properties().forEach(message -> {
      JsonNode schema = openApi.path("components").path("schemas").path(message.getKey());
      boolean requestOrReply = schema.has("x-kraken-ws-reply") || schema.has("x-kraken-ws-method")
          || schema.has("x-kraken-ws-success");
      assertEquals(requestOrReply, message.getValue().has("correlationId"), message.getKey());
      if (requestOrReply) {
        assertEquals("#/components/correlationIds/reqId", message.getValue().path("correlationId").path("$ref").asText());
        assertNotNull(schema.path("properties").get("req_id"), message.getKey() + " has req_id");
      }
    });
  }

  private JsonNode read(String name) {
    try {
      return YAML.readTree(dir.resolve(name).toFile());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static JsonNode resolve(JsonNode root, String ref) {
    return root.at(ref.substring(1));
  }

  private static void collectRefs(JsonNode node, List<String> refs) {
    if (node.isObject()) {
      node.properties().forEach(e -> {
        if (e.getKey().equals("$ref")) refs.add(e.getValue().asText());
        else collectRefs(e.getValue(), refs);
      });
    } else if (node.isArray()) {
      node.forEach(child -> collectRefs(child, refs));
    }
  }

  private static Set<String> names(JsonNode object) {
    Set<String> names = new TreeSet<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static String last(String ref) {
    return ref.substring(ref.lastIndexOf('/') + 1);
  }
}
