package io.github.krakensdk.apispec.reference;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import io.github.krakensdk.apispec.reference.View.AsyncChannel;
import io.github.krakensdk.apispec.reference.View.AsyncOperation;
import io.github.krakensdk.apispec.reference.View.AsyncPage;
import io.github.krakensdk.apispec.reference.View.AsyncServer;
import io.github.krakensdk.apispec.reference.View.MessageLink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads an AsyncAPI 3.0 file's tree into the {@link AsyncPage} its template renders: its servers,
 * channels and operations (with replies), each message linked to its payload schema on the page
 * of the OpenAPI file it refers to ({@code websocket.yaml#/components/schemas/X} is {@code
 * websocket.html#schema-X}).
 */
final class AsyncApiPageBuilder {
  private final Contract asyncApi;
  private final JsonNode root;

  AsyncApiPageBuilder(Contract asyncApi) {
    this.asyncApi = asyncApi;
    this.root = asyncApi.root();
  }

  AsyncPage build() {
    List<AsyncServer> servers = new ArrayList<>();
    for (Map.Entry<String, JsonNode> server : root.path("servers").properties()) {
      JsonNode s = server.getValue();
      servers.add(new AsyncServer(server.getKey(), s.path("protocol").asText() + "://" + s.path("host").asText()
          + s.path("pathname").asText(""), s.path("description").asText(null)));
    }
    List<AsyncChannel> channels = new ArrayList<>();
    for (Map.Entry<String, JsonNode> channel : root.path("channels").properties()) {
      List<String> channelServers = new ArrayList<>();
      channel.getValue().path("servers").forEach(ref -> channelServers.add(lastSegment(ref.path("$ref").asText())));
      List<MessageLink> messages = new ArrayList<>();
      for (Map.Entry<String, JsonNode> message : channel.getValue().path("messages").properties()) {
        messages.add(link(message.getKey(), message.getValue()));
      }
      channels.add(new AsyncChannel(Html.id("channel", channel.getKey()), channel.getKey(),
          channel.getValue().path("description").asText(null), channelServers, messages));
    }
    List<AsyncOperation> operations = new ArrayList<>();
    for (Map.Entry<String, JsonNode> operation : root.path("operations").properties()) {
      JsonNode op = operation.getValue();
      String channel = lastSegment(op.path("channel").path("$ref").asText());
      operations.add(new AsyncOperation(Html.id("operation", operation.getKey()), operation.getKey(),
          op.path("action").asText(), channel, Html.id("channel", channel), op.path("summary").asText(null),
          links(op.path("messages")), op.has("reply") ? links(op.path("reply").path("messages")) : List.of()));
    }
    JsonNode info = root.path("info");
    return new AsyncPage(info.path("title").asText(asyncApi.family()), info.path("version").asText(""),
        root.path("asyncapi").asText(""), asyncApi.fileName(),
        info.has("description") ? Html.markdown(info.get("description").asText()) : null, servers, channels, operations);
  }

  private List<MessageLink> links(JsonNode refs) {
    List<MessageLink> links = new ArrayList<>();
    for (JsonNode ref : refs) {
      JsonNode message = resolve(ref.path("$ref").asText());
      links.add(link(lastSegment(ref.path("$ref").asText()), message));
    }
    return links;
  }

  /** A message (or a reference to one) linked to its payload schema. */
  private MessageLink link(String name, JsonNode message) {
    JsonNode resolved = message.has("$ref") ? resolve(message.get("$ref").asText()) : message;
    String schemaRef = resolved.path("payload").path("schema").path("$ref").asText("");
    int hash = schemaRef.indexOf('#');
    if (hash < 0) {
      return new MessageLink(name, null);
    }
    String file = schemaRef.substring(0, hash);
    String page = file.isEmpty() ? "" : file.substring(file.lastIndexOf('/') + 1).replaceFirst("\\.yaml$", ".html");
    return new MessageLink(name, page + "#" + Html.id("schema", lastSegment(schemaRef)));
  }

  /** The node a local reference ({@code #/components/messages/X}, {@code #/channels/c/messages/X}) names. */
  private JsonNode resolve(String ref) {
    JsonNode node = ref.startsWith("#") ? root.at(ref.substring(1)) : null;
    if (node == null || node.isMissingNode()) {
      throw new IllegalArgumentException(asyncApi.fileName() + ": unresolved reference " + ref);
    }
    return node.has("$ref") ? resolve(node.get("$ref").asText()) : node;
  }

  private static String lastSegment(String ref) {
    return ref.substring(ref.lastIndexOf('/') + 1);
  }
}
