package io.github.krakensdk.codegen;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The typed facades of a message contract ({@code wsFacade.mustache}): one class per family of
 * endpoints named in the root's {@code x-kraken-ws-endpoints} ({@code spot-public}, {@code
 * spot-private} and {@code spot-level3} make {@code SpotWebSocket}; {@code unified-*} make {@code
 * UnifiedWebSocket}), with a subscribe method per channel whose subscription is routed to one of
 * its endpoints ({@code x-kraken-ws-endpoint}), an accessor per channel pushed without a
 * subscription ({@code status}), and a method per other request ({@code add_order}, ...). Nothing
 * here names a channel or a method except {@link #CHECKSUMMED}: a channel added to the contract
 * gets its facade method from the routing alone.
 */
final class WebSocketFacades {
  /**
   * The channels whose data carries a {@code checksum}: their facade method returns the
   * hand-written book that verifies it (the client's method, the handle, the listener). A new
   * checksummed channel needs its book written first; the generator refuses it until then.
   */
  static final Map<String, List<String>> CHECKSUMMED = Map.of(
      "book", List.of("orderBooks", "OrderBookSubscription", "OrderBookListener"),
      "level3", List.of("level3Books", "Level3BookSubscription", "Level3BookListener"));

  /**
   * The methods answered once per id they name rather than once ({@code cancel_order}: one reply
   * per cancelled order, all with the request's {@code req_id}, as CancelOrderParams says): their
   * facade method completes with the list of results. The contract has no extension for it yet.
   */
  static final Set<String> ANSWERED_PER_ID = Set.of("cancel_order");

  /**
   * The channels whose messages the client merges when a listener falls behind ({@code
   * ModelCodec.coalesce}: a book or level-3 update appends to the queued one, a ticker or candle
   * replaces it): their facade methods default to {@code Backpressure.COALESCE}. Every other channel
   * defaults to {@code Backpressure.FAIL}, which never drops a message.
   */
  static final Set<String> COALESCED = Set.of("book", "level3", "ticker", "ohlc");

  /** Requests the connection sends itself, never through a facade method. */
  private static final Set<String> ENGINE_METHODS = Set.of("subscribe", "unsubscribe", "ping");

  private WebSocketFacades() {}

  /**
   * The template values {@code wsFacades}: per family {@code facadeClass}, {@code family}, {@code
   * familyTitle}, {@code unified}, {@code channels}, {@code pushed} and {@code methods}.
   */
  static List<Map<String, Object>> values(WebSocketRouting routing, Function<String, String> className,
      Function<String, String> methodConstant, Function<String, String> varName, Function<Schema<?>, String> javaType) {
    OpenAPI openAPI = routing.openAPI();
    Map<String, Schema> schemas = openAPI.getComponents().getSchemas();
    Map<String, List<String>> families = new LinkedHashMap<>();
    @SuppressWarnings("unchecked")
    Map<String, Object> endpoints = (Map<String, Object>) openAPI.getExtensions().get(WebSocketRouting.ENDPOINTS);
    for (String endpoint : endpoints.keySet()) {
      families.computeIfAbsent(family(endpoint), f -> new ArrayList<>()).add(endpoint);
    }
    List<Map<String, Object>> facades = new ArrayList<>();
    for (Map.Entry<String, List<String>> family : families.entrySet()) {
      List<String> familyEndpoints = family.getValue();
      boolean unified = family.getKey().equals("unified");
      Map<String, Object> facade = new LinkedHashMap<>();
      String title = Character.toUpperCase(family.getKey().charAt(0)) + family.getKey().substring(1);
      facade.put("facadeClass", title + "WebSocket");
      facade.put("family", family.getKey());
      facade.put("familyTitle", title);
      facade.put("unified", unified);
      facade.put("endpointNames", String.join(", ", familyEndpoints));
      List<Map<String, Object>> channels = new ArrayList<>();
      for (WebSocketRouting.Subscription subscription : routing.subscriptions) {
        WebSocketRouting.Request subscribe = subscription.subscribe();
        String endpoint = firstIn(endpointsOf(schemas, subscribe.schema()), familyEndpoints);
        if (endpoint == null) {
          continue;
        }
        String channel = subscribe.channel();
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("channel", channel);
        value.put("name", varName.apply(channel));
        value.put("endpointConstant", endpointConstant(endpoint));
        value.put("requestClassname", className.apply(subscribe.schema()));
        value.put("factory", WebSocketRouting.factoryName(className.apply(subscribe.schema())));
        value.put("paramsClassname", className.apply(subscribe.params()));
        value.put("defaultBackpressure", COALESCED.contains(channel) ? "COALESCE" : "FAIL");
        String assetClass = assetClass(schemas, subscribe.params());
        value.put("assetClassRequired", unified && "required".equals(assetClass));
        value.put("assetClassRejected", unified && "rejected".equals(assetClass));
        List<Map<String, Object>> messages = messages(routing, schemas, channel, endpoint, className, javaType);
        if (messages.isEmpty()) {
          throw new IllegalArgumentException(subscribe.schema() + ": no channel message of " + channel + " arrives on "
              + endpoint);
        }
        boolean checksummed = messages.stream().anyMatch(m -> Boolean.TRUE.equals(m.get("checksummed")));
        value.put("checksummed", checksummed);
        if (checksummed) {
          List<String> book = CHECKSUMMED.get(channel);
          if (book == null) {
            throw new IllegalArgumentException("channel " + channel + ": its data carries a checksum, but the client "
                + "has no book that verifies it (WebSocketFacades.CHECKSUMMED)");
          }
          value.put("bookMethod", book.get(0));
          value.put("bookHandle", book.get(1));
          value.put("bookListener", book.get(2));
        }
        channelListener(value, messages);
        channels.add(value);
      }
      facade.put("channels", channels);
      facade.put("coalescedChannels", channels.stream().filter(c -> "COALESCE".equals(c.get("defaultBackpressure")))
          .map(c -> "{@code " + c.get("channel") + "}").collect(java.util.stream.Collectors.joining(", ")));
      List<Map<String, Object>> pushed = new ArrayList<>();
      Set<String> subscribed = new java.util.HashSet<>();
      routing.subscriptions.forEach(s -> subscribed.add(s.subscribe().channel()));
      Set<String> seen = new java.util.HashSet<>();
      for (WebSocketRouting.ChannelMessage message : routing.channelMessages) {
        String channel = message.channel();
        if (subscribed.contains(channel) || !seen.add(channel) || !routing.hasMember(message.schema(), "data")) {
          continue; // heartbeat carries nothing: it only proves the connection alive
        }
        String endpoint = firstIn(endpointsOf(schemas, message.schema()), familyEndpoints);
        if (endpoint == null) {
          continue;
        }
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("channel", channel);
        value.put("name", varName.apply(channel));
        value.put("endpointConstant", endpointConstant(endpoint));
        List<Map<String, Object>> messages = messages(routing, schemas, channel, endpoint, className, javaType);
        channelListener(value, messages);
        pushed.add(value);
      }
      facade.put("pushed", pushed);
      Map<String, List<String>> pushedByEndpoint = new LinkedHashMap<>();
      pushed.forEach(p -> pushedByEndpoint.computeIfAbsent(String.valueOf(p.get("endpointConstant")),
          e -> new ArrayList<>()).add(String.valueOf(p.get("channel"))));
      List<Map<String, Object>> pushedEndpoints = new ArrayList<>();
      pushedByEndpoint.forEach((endpoint, names) -> pushedEndpoints.add(Map.of("endpointConstant", endpoint,
          "channels", names.stream().map(c -> "\"" + c + "\"").collect(java.util.stream.Collectors.joining(", ")))));
      facade.put("pushedEndpoints", pushedEndpoints);
      List<Map<String, Object>> methods = new ArrayList<>();
      for (WebSocketRouting.Request request : routing.requests) {
        if (ENGINE_METHODS.contains(request.method()) || request.channel() != null) {
          continue;
        }
        String endpoint = firstIn(endpointsOf(schemas, request.schema()), familyEndpoints);
        if (endpoint == null) {
          continue;
        }
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("method", request.method());
        value.put("name", varName.apply(request.method()));
        value.put("methodConstant", methodConstant.apply(request.method()));
        value.put("endpointConstant", endpointConstant(endpoint));
        value.put("requestClassname", className.apply(request.schema()));
        value.put("factory", WebSocketRouting.factoryName(className.apply(request.schema())));
        value.put("replyClassname", className.apply(request.reply()));
        if (request.params() == null) {
          throw new IllegalArgumentException(request.schema() + ": a method of a facade needs params");
        }
        value.put("paramsClassname", className.apply(request.params()));
        String assetClass = assetClass(schemas, request.params());
        value.put("assetClassRequired", unified && "required".equals(assetClass));
        value.put("assetClassRejected", unified && "rejected".equals(assetClass));
        Schema<?> result = property(openAPI, schemas.get(request.reply()), "result");
        if (result == null) {
          throw new IllegalArgumentException(request.reply() + ": a method's reply needs a result");
        }
        String resultType = javaType.apply(result);
        boolean perId = ANSWERED_PER_ID.contains(request.method());
        value.put("resultType", resultType);
        value.put("perId", perId);
        value.put("returnType", perId ? "List<" + resultType + ">" : resultType);
        methods.add(value);
      }
      facade.put("methods", methods);
      if (!channels.isEmpty() || !methods.isEmpty()) {
        facades.add(facade);
      }
    }
    return facades;
  }

  /**
   * The listener interfaces of the channels whose kinds of message carry different data ({@code
   * balances}: a snapshot of balances, then ledger transactions), one top-level interface per
   * channel however many facades serve it ({@code wsListener.mustache}): {@code listenerInterface},
   * {@code channel}, {@code messages}. Two facades whose messages of one channel differ would need
   * two interfaces of one name, which the generator refuses. A checksummed channel ({@code
   * level3}) has none: its book's listener is hand-written.
   */
  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> listeners(List<Map<String, Object>> facades) {
    Map<String, Map<String, Object>> listeners = new LinkedHashMap<>();
    for (Map<String, Object> facade : facades) {
      List<Map<String, Object>> channels = new ArrayList<>((List<Map<String, Object>>) facade.get("channels"));
      channels.addAll((List<Map<String, Object>>) facade.get("pushed"));
      for (Map<String, Object> channel : channels) {
        if (!Boolean.TRUE.equals(channel.get("multi")) || Boolean.TRUE.equals(channel.get("checksummed"))) {
          continue; // a book has its hand-written listener
        }
        String name = String.valueOf(channel.get("listenerInterface"));
        List<String> handlers = handlers(channel);
        Map<String, Object> known = listeners.get(name);
        if (known == null) {
          Map<String, Object> value = new LinkedHashMap<>();
          value.put("listenerInterface", name);
          value.put("channel", channel.get("channel"));
          value.put("messages", channel.get("messages"));
          listeners.put(name, value);
        } else if (!handlers(known).equals(handlers)) {
          throw new IllegalArgumentException("channel " + channel.get("channel") + ": its messages differ between "
              + "families (" + handlers(known) + " and " + handlers + "), so one " + name + " cannot serve both");
        }
      }
    }
    return new ArrayList<>(listeners.values());
  }

  /** Each message's handler and data type, such as {@code onSnapshot List<AssetBalance>}. */
  @SuppressWarnings("unchecked")
  private static List<String> handlers(Map<String, Object> channel) {
    List<String> handlers = new ArrayList<>();
    for (Map<String, Object> message : (List<Map<String, Object>>) channel.get("messages")) {
      handlers.add(message.get("handler") + " " + message.get("dataType"));
    }
    return handlers;
  }

  /** {@code listenerType} and whether the channel needs its own listener interface ({@code multi}). */
  private static void channelListener(Map<String, Object> value, List<Map<String, Object>> messages) {
    Set<Object> dataTypes = new java.util.LinkedHashSet<>();
    messages.forEach(m -> dataTypes.add(m.get("dataType")));
    boolean multi = dataTypes.size() > 1;
    value.put("messages", messages);
    value.put("multi", multi);
    value.put("sequenced", messages.stream().anyMatch(m -> Boolean.TRUE.equals(m.get("hasSequence"))));
    String interfaceName = Character.toUpperCase(String.valueOf(value.get("name")).charAt(0))
        + String.valueOf(value.get("name")).substring(1) + "Listener";
    value.put("listenerInterface", interfaceName);
    value.put("listenerType", multi ? interfaceName : "ChannelListener<" + dataTypes.iterator().next() + ">");
    if (!multi) {
      messages.forEach(m -> m.put("handler", "onMessage"));
    }
  }

  private static List<Map<String, Object>> messages(WebSocketRouting routing, Map<String, Schema> schemas,
      String channel, String endpoint, Function<String, String> className, Function<Schema<?>, String> javaType) {
    List<Map<String, Object>> messages = new ArrayList<>();
    Set<String> seen = new java.util.HashSet<>();
    for (WebSocketRouting.ChannelMessage message : routing.channelMessages) {
      if (!message.channel().equals(channel) || !seen.add(message.schema())
          || !endpointsOf(schemas, message.schema()).contains(endpoint)) {
        continue;
      }
      Schema<?> data = property(routing.openAPI(), schemas.get(message.schema()), "data");
      if (data == null) {
        continue;
      }
      Map<String, Object> value = new LinkedHashMap<>();
      value.put("classname", className.apply(message.schema()));
      value.put("dataType", javaType.apply(data));
      value.put("hasType", routing.hasMember(message.schema(), "type"));
      value.put("hasSequence", routing.hasMember(message.schema(), "sequence"));
      Schema<?> item = data.getItems() != null ? data.getItems() : data;
      value.put("checksummed", item.get$ref() != null
          && routing.hasMember(item.get$ref().substring(item.get$ref().lastIndexOf('/') + 1), "checksum"));
      List<String> types = types(schemas.get(message.schema()));
      String handlerName = types.size() == 1 ? types.get(0) : className.apply(message.schema()).replaceFirst("Message$", "");
      value.put("handler", "on" + camel(handlerName));
      value.put("types", String.join(", ", types));
      messages.add(value);
    }
    return messages;
  }

  private static List<String> types(Schema<?> schema) {
    Object types = schema.getExtensions().get(WebSocketRouting.TYPE);
    List<String> list = new ArrayList<>();
    if (types instanceof List<?> values) {
      values.forEach(v -> list.add(String.valueOf(v)));
    }
    return list;
  }

  private static String camel(String text) {
    StringBuilder out = new StringBuilder();
    for (String part : text.split("[_\\-]")) {
      if (!part.isEmpty()) {
        out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
      }
    }
    return out.toString();
  }

  private static Schema<?> property(OpenAPI openAPI, Schema<?> schema, String name) {
    Schema<?> resolved = ContractOnly.resolve(openAPI, schema);
    return resolved == null || resolved.getProperties() == null ? null : resolved.getProperties().get(name);
  }

  private static String assetClass(Map<String, Schema> schemas, String params) {
    Schema<?> schema = params == null ? null : schemas.get(params);
    Object value = schema == null || schema.getExtensions() == null ? null : schema.getExtensions().get(WebSocketRouting.ASSET_CLASS);
    return value == null ? null : String.valueOf(value);
  }

  @SuppressWarnings("unchecked")
  private static List<String> endpointsOf(Map<String, Schema> schemas, String name) {
    Map<String, Object> extensions = schemas.get(name).getExtensions();
    Object value = extensions == null ? null : extensions.get(WebSocketRouting.ENDPOINT);
    if (!(value instanceof List<?> list)) {
      throw new IllegalArgumentException(name + ": " + WebSocketRouting.ENDPOINT + " must list its endpoints");
    }
    List<String> endpoints = new ArrayList<>();
    list.forEach(e -> endpoints.add(String.valueOf(e)));
    return endpoints;
  }

  private static String firstIn(List<String> endpoints, List<String> family) {
    for (String endpoint : endpoints) {
      if (family.contains(endpoint)) {
        return endpoint;
      }
    }
    return null;
  }

  /** {@code spot} of {@code spot-public}. */
  static String family(String endpoint) {
    int dash = endpoint.indexOf('-');
    return dash < 0 ? endpoint : endpoint.substring(0, dash);
  }

  /** The {@code WebSocketEndpoint} constant of {@code spot-level3}: {@code SPOT_LEVEL3}. */
  static String endpointConstant(String endpoint) {
    return endpoint.toUpperCase(Locale.ROOT).replace('-', '_');
  }
}
