package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The routing extensions of a WebSocket contract (CONVENTIONS.md, "WebSocket contracts"), from
 * which the dispatcher, the request builders and the subscription keys are generated:
 *
 * <ul>
 *   <li>{@code x-kraken-ws-endpoints} at the root: each endpoint a name with a {@code wss://} {@code
 *       url} and a boolean {@code token};
 *   <li>{@code x-kraken-ws-endpoint} on a message: a non-empty list of those names;
 *   <li>a request ({@code x-kraken-ws-method} and {@code x-kraken-ws-reply}): a value of the {@code
 *       Method} enum, a reply that is a schema whose {@code x-kraken-ws-method} is the request's
 *       method ({@code pong} for {@code ping}), {@code x-kraken-ws-channel} exactly when the method
 *       is {@code subscribe} or {@code unsubscribe}, and members {@code method}, {@code req_id} and
 *       (but for {@code ping}) {@code params};
 *   <li>a channel message ({@code x-kraken-ws-channel} without a method): a member {@code channel};
 *       {@code x-kraken-ws-type} a list of the values of its {@code type} member's enum, or absent
 *       with no {@code type} member; no two messages with one channel and one type value;
 *   <li>a reply ({@code x-kraken-ws-method} without {@code x-kraken-ws-reply}, or {@code
 *       x-kraken-ws-success}): members {@code method}; no two replies with one method and one
 *       success value;
 *   <li>{@code x-kraken-ws-channel} a value of the {@code Channel} enum; {@code
 *       x-kraken-ws-asset-class} one of {@code required}, {@code rejected}, on the params schema of
 *       a request only (a subscription's, or a trading method's on the Unified WebSocket).
 * </ul>
 */
final class WsRoutingRule implements Rule {
  static final String ENDPOINTS = "x-kraken-ws-endpoints";
  static final String ENDPOINT = "x-kraken-ws-endpoint";
  static final String METHOD = "x-kraken-ws-method";
  static final String CHANNEL = "x-kraken-ws-channel";
  static final String TYPE = "x-kraken-ws-type";
  static final String REPLY = "x-kraken-ws-reply";
  static final String SUCCESS = "x-kraken-ws-success";
  static final String ASSET_CLASS = "x-kraken-ws-asset-class";

  @Override public String id() {
    return "ws-routing";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    JsonNode root = contract.root();
    JsonNode schemas = root.path("components").path("schemas");
    boolean anyRouting = false;
    for (Map.Entry<String, JsonNode> schema : schemas.properties()) {
      for (String extension : List.of(ENDPOINT, METHOD, CHANNEL, TYPE, REPLY, SUCCESS, ASSET_CLASS)) {
        anyRouting |= schema.getValue().has(extension);
      }
    }
    if (!anyRouting && !root.has(ENDPOINTS)) {
      return; // not a WebSocket contract
    }
    Set<String> endpoints = new HashSet<>();
    JsonNode declared = root.path(ENDPOINTS);
    if (!declared.isObject() || declared.isEmpty()) {
      report.at("/" + ENDPOINTS, "a WebSocket contract names its endpoints: a map of name to {url, token}");
    }
    for (Map.Entry<String, JsonNode> endpoint : declared.properties()) {
      endpoints.add(endpoint.getKey());
      String at = "/" + ENDPOINTS + "/" + Contract.escape(endpoint.getKey());
      if (!endpoint.getValue().path("url").asText("").startsWith("wss://")) {
        report.at(at + "/url", "must be a wss:// URL");
      }
      if (!endpoint.getValue().path("token").isBoolean()) {
        report.at(at + "/token", "must say (true or false) whether requests carry params.token");
      }
    }
    Set<String> methods = enumValues(schemas.path("Method"));
    Set<String> channels = enumValues(schemas.path("Channel"));
    Set<String> requestParams = new HashSet<>();
    for (Map.Entry<String, JsonNode> entry : schemas.properties()) {
      String ref = entry.getValue().path("properties").path("params").path("$ref").asText("");
      if (entry.getValue().has(REPLY) && ref.startsWith("#/components/schemas/")) {
        requestParams.add(ref.substring("#/components/schemas/".length()));
      }
    }
    Map<String, String> channelRoutes = new HashMap<>();
    Map<String, String> replyRoutes = new HashMap<>();
    for (Map.Entry<String, JsonNode> entry : schemas.properties()) {
      String name = entry.getKey();
      JsonNode schema = entry.getValue();
      String at = "/components/schemas/" + Contract.escape(name);
      JsonNode properties = schema.path("properties");
      if (schema.has(ENDPOINT)) {
        JsonNode list = schema.get(ENDPOINT);
        if (!list.isArray() || list.isEmpty()) {
          report.at(at + "/" + ENDPOINT, "must be a non-empty list of endpoint names");
        } else {
          for (JsonNode endpoint : list) {
            if (!endpoints.contains(endpoint.asText())) {
              report.at(at + "/" + ENDPOINT, "names no endpoint of " + ENDPOINTS + ": " + endpoint.asText());
            }
          }
        }
      }
      String method = schema.path(METHOD).asText(null);
      String channel = schema.path(CHANNEL).asText(null);
      if (method != null && !methods.contains(method)) {
        report.at(at + "/" + METHOD, "is not a value of the Method enum: " + method);
      }
      if (channel != null && !channels.contains(channel)) {
        report.at(at + "/" + CHANNEL, "is not a value of the Channel enum: " + channel);
      }
      if (schema.has(REPLY)) {
        // A request.
        String reply = schema.get(REPLY).asText();
        JsonNode replySchema = schemas.path(reply);
        String expected = "ping".equals(method) ? "pong" : method;
        if (replySchema.isMissingNode()) {
          report.at(at + "/" + REPLY, "names no schema: " + reply);
        } else if (!replySchema.path(METHOD).asText("").equals(expected)) {
          report.at(at + "/" + REPLY, reply + " is no reply to " + method + " (its " + METHOD + " is "
              + replySchema.path(METHOD).asText("absent") + ")");
        }
        if (method == null) {
          report.at(at, "a request (" + REPLY + ") names its " + METHOD);
        }
        boolean subscription = "subscribe".equals(method) || "unsubscribe".equals(method);
        if (subscription != (channel != null)) {
          report.at(at, subscription ? "a subscription request names its " + CHANNEL
              : "only a subscription request names a " + CHANNEL);
        }
        for (String member : "ping".equals(method) ? List.of("method", "req_id") : List.of("method", "params", "req_id")) {
          if (!properties.has(member)) {
            report.at(at + "/properties", "a request has a member " + member);
          }
        }
        if (!schema.has(ENDPOINT)) {
          report.at(at, "a request names the endpoints it is sent to (" + ENDPOINT + ")");
        }
      } else if (method != null || schema.has(SUCCESS)) {
        // A reply.
        if (!properties.has("method")) {
          report.at(at + "/properties", "a reply has a member method");
        }
        String key = (method == null ? "*" : method) + "/" + schema.path(SUCCESS).asText("*");
        String other = replyRoutes.put(key, name);
        if (other != null) {
          report.at(at, "replies " + other + " and " + name + " both route " + key);
        }
      } else if (channel != null) {
        // A channel message.
        if (!properties.has("channel")) {
          report.at(at + "/properties", "a channel message has a member channel");
        }
        JsonNode typeMember = properties.path("type");
        Set<String> typeValues = typeMember.isMissingNode() ? Set.of() : enumValues(contract.resolve(typeMember));
        JsonNode types = schema.path(TYPE);
        Set<String> routed = new LinkedHashSet<>();
        if (types.isMissingNode()) {
          if (!typeMember.isMissingNode()) {
            report.at(at, "a channel message with a type member lists the types it carries (" + TYPE + ")");
          }
          routed.add("-");
        } else if (!types.isArray() || types.isEmpty()) {
          report.at(at + "/" + TYPE, "must be a non-empty list of the values of the type member");
        } else {
          for (JsonNode type : types) {
            if (!typeValues.contains(type.asText())) {
              report.at(at + "/" + TYPE, "is not a value of the type member's enum: " + type.asText());
            }
            routed.add(type.asText());
          }
        }
        for (String type : routed) {
          String other = channelRoutes.put(channel + "/" + type, name);
          if (other != null) {
            report.at(at, "messages " + other + " and " + name + " both route " + channel + "/" + type);
          }
        }
        if (!schema.has(ENDPOINT)) {
          report.at(at, "a channel message names the endpoints it arrives on (" + ENDPOINT + ")");
        }
      }
      if (schema.has(ASSET_CLASS)) {
        String value = schema.get(ASSET_CLASS).asText();
        if (!Set.of("required", "rejected").contains(value)) {
          report.at(at + "/" + ASSET_CLASS, "must be required or rejected, not " + value);
        }
        if (!properties.has("channel") && !requestParams.contains(name)) {
          report.at(at + "/" + ASSET_CLASS, "belongs on a request's params (a subscription's, with a channel member, or a method's)");
        }
        if ("required".equals(value) != properties.has("asset_class")) {
          report.at(at + "/" + ASSET_CLASS, "required".equals(value)
              ? "a params schema that takes asset_class declares it" : "a params schema that refuses asset_class does not declare it");
        }
      }
    }
  }

  private static Set<String> enumValues(JsonNode schema) {
    Set<String> values = new LinkedHashSet<>();
    schema.path("enum").forEach(value -> values.add(value.asText()));
    return values;
  }
}
