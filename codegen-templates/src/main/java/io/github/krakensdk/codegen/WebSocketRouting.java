package io.github.krakensdk.codegen;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The routing of a message contract ({@code api-spec/ws/websocket.yaml}): which schema a reply is
 * read into (by its {@code method} and {@code success}), which a channel message (by its {@code
 * channel} and {@code type}), which request sends which {@code method} and answers with which reply,
 * and which members tell two subscriptions of one channel and pair apart. All of it is read from the
 * contract's {@code x-kraken-ws-*} extensions (CONVENTIONS.md, "WebSocket contracts"), checked, and
 * handed to the templates of the dispatcher, the request builders and the subscription keys.
 *
 * <p>A contract is a message contract when its root has {@code x-kraken-ws-endpoints}: it has no
 * operations, and its public models are those {@link #publicRoots() a caller reaches} from what
 * the connection hands over or takes (a channel message's {@code data} and {@code type}, a request's
 * {@code params}, a reply's {@code result}); the envelopes around them are plumbing.
 */
final class WebSocketRouting {
  static final String ENDPOINTS = "x-kraken-ws-endpoints";
  static final String METHOD = "x-kraken-ws-method";
  static final String CHANNEL = "x-kraken-ws-channel";
  static final String TYPE = "x-kraken-ws-type";
  static final String REPLY = "x-kraken-ws-reply";
  static final String SUCCESS = "x-kraken-ws-success";
  static final String ENDPOINT = "x-kraken-ws-endpoint";
  static final String ASSET_CLASS = "x-kraken-ws-asset-class";
  static final String CONNECTION_SET = "x-kraken-ws-connection-set";
  /** The route key part that stands for "any value" or "absent" in the dispatcher's tables. */
  static final String ANY = "*";

  /** A reply schema, chosen for {@code method} ({@link #ANY}: every method) and {@code success} ({@link #ANY}: either). */
  record Reply(String schema, String method, String success) {
    String key() {
      return method + ":" + success;
    }
  }

  /** A channel message schema, chosen for {@code channel} and {@code type} ({@link #ANY}: the message has no type). */
  record ChannelMessage(String schema, String channel, String type) {
    String key() {
      return channel + ":" + type;
    }
  }

  /**
   * A request schema: its {@code method}, its channel (subscriptions; else {@code null}), its params
   * schema ({@code null}: it has none, like {@code ping}) and its successful reply's schema.
   */
  record Request(String schema, String method, String channel, String params, String reply) {}

  /**
   * A subscription: the subscribe request, the unsubscribe request of the same channel, and the
   * members that tell two subscriptions of one channel and pair apart, in the contract's order: the
   * members the unsubscribe params repeat besides {@code channel}, {@code symbol} and {@code token}
   * (the service needs them to know which subscription to end: {@code depth} for {@code book},
   * {@code interval} for {@code ohlc}).
   */
  record Subscription(Request subscribe, Request unsubscribe, boolean hasSymbol, List<String> qualifiers,
      List<String> unsubscribeMembers) {}

  final List<Reply> replies = new ArrayList<>();
  final List<ChannelMessage> channelMessages = new ArrayList<>();
  final List<Request> requests = new ArrayList<>();
  final List<Subscription> subscriptions = new ArrayList<>();
  private final OpenAPI openAPI;

  private WebSocketRouting(OpenAPI openAPI) {
    this.openAPI = openAPI;
  }

  /** The contract the routing was read from. */
  OpenAPI openAPI() {
    return openAPI;
  }

  /** Whether {@code openAPI} is a message contract (its root names {@code x-kraken-ws-endpoints}). */
  static boolean isMessageContract(OpenAPI openAPI) {
    return openAPI.getExtensions() != null && openAPI.getExtensions().containsKey(ENDPOINTS);
  }

  /**
   * Reads the routing of a message contract, and fails on routing a dispatcher could not follow:
   * two replies for one method and success, two channel messages for one channel and type, a request
   * whose reply is no reply schema, a subscription without its unsubscription.
   */
  static WebSocketRouting read(OpenAPI openAPI) {
    WebSocketRouting routing = new WebSocketRouting(openAPI);
    Map<String, Schema> schemas = openAPI.getComponents().getSchemas();
    Map<String, String> replyKeys = new LinkedHashMap<>();
    Map<String, String> channelKeys = new LinkedHashMap<>();
    for (Map.Entry<String, Schema> entry : schemas.entrySet()) {
      String name = entry.getKey();
      Map<String, Object> extensions = entry.getValue().getExtensions();
      if (extensions == null) {
        continue;
      }
      Object method = extensions.get(METHOD);
      Object channel = extensions.get(CHANNEL);
      if (extensions.containsKey(REPLY)) {
        Schema<?> params = routing.property(entry.getValue(), "params");
        routing.requests.add(new Request(name, text(name, METHOD, method),
            channel == null ? null : String.valueOf(channel), params == null ? null : refName(params),
            String.valueOf(extensions.get(REPLY))));
      } else if (method != null || extensions.containsKey(SUCCESS)) {
        Reply reply = new Reply(name, method == null ? ANY : String.valueOf(method),
            extensions.containsKey(SUCCESS) ? String.valueOf(extensions.get(SUCCESS)) : ANY);
        unique(replyKeys, reply.key(), name, "replies share a method and success");
        routing.replies.add(reply);
      } else if (channel != null) {
        Object types = extensions.get(TYPE);
        List<String> typeList = new ArrayList<>();
        if (types == null) {
          typeList.add(ANY);
        } else if (types instanceof List<?> list && !list.isEmpty()) {
          list.forEach(type -> typeList.add(String.valueOf(type)));
        } else {
          throw new IllegalArgumentException(name + ": " + TYPE + " must be a list of the values of `type`");
        }
        for (String type : typeList) {
          ChannelMessage message = new ChannelMessage(name, String.valueOf(channel), type);
          unique(channelKeys, message.key(), name, "channel messages share a channel and type");
          routing.channelMessages.add(message);
        }
      }
    }
    for (Request request : routing.requests) {
      if (!replyKeys.containsValue(request.reply())) {
        throw new IllegalArgumentException(request.schema() + ": " + REPLY + " names " + request.reply()
            + ", which is no reply schema (" + METHOD + " or " + SUCCESS + ")");
      }
    }
    routing.pairSubscriptions();
    return routing;
  }

  private void pairSubscriptions() {
    for (Request subscribe : requests) {
      if (!"subscribe".equals(subscribe.method())) {
        continue;
      }
      Request unsubscribe = requests.stream()
          .filter(r -> "unsubscribe".equals(r.method()) && subscribe.channel().equals(r.channel()))
          .findFirst()
          .orElseThrow(() -> new IllegalArgumentException(subscribe.schema() + ": no unsubscribe request of channel "
              + subscribe.channel()));
      Schema<?> subscribeParams = ContractOnly.resolve(openAPI, schemaNamed(subscribe.params()));
      Schema<?> unsubscribeParams = ContractOnly.resolve(openAPI, schemaNamed(unsubscribe.params()));
      Set<String> subscribeMembers = subscribeParams.getProperties().keySet();
      List<String> qualifiers = new ArrayList<>();
      List<String> unsubscribeMembers = new ArrayList<>();
      for (String member : unsubscribeParams.getProperties().keySet()) {
        if (!subscribeMembers.contains(member)) {
          throw new IllegalArgumentException(unsubscribe.params() + "." + member + ": not a member of "
              + subscribe.params() + ", so an unsubscription cannot be made from the subscription");
        }
        if (!member.equals("channel")) {
          unsubscribeMembers.add(member);
        }
        if (!Set.of("channel", "symbol", "token").contains(member)) {
          qualifiers.add(member);
        }
      }
      subscriptions.add(new Subscription(subscribe, unsubscribe, subscribeMembers.contains("symbol"), qualifiers,
          unsubscribeMembers));
    }
  }

  /**
   * The schemas whose models a caller reaches: the {@code data} and {@code type} of every channel
   * message, the {@code params} of every request, and the {@code result} of every reply. Everything
   * they refer to is reached too ({@link PublicModels}); the envelopes themselves are not.
   */
  List<Schema<?>> publicRoots() {
    List<Schema<?>> roots = new ArrayList<>();
    Map<String, Schema> schemas = openAPI.getComponents().getSchemas();
    Set<String> seen = new LinkedHashSet<>();
    channelMessages.forEach(message -> {
      if (seen.add(message.schema())) {
        addProperty(roots, schemas.get(message.schema()), "data");
        addProperty(roots, schemas.get(message.schema()), "type");
      }
    });
    requests.forEach(request -> addProperty(roots, schemas.get(request.schema()), "params"));
    replies.forEach(reply -> addProperty(roots, schemas.get(reply.schema()), "result"));
    return roots;
  }

  /** The names of the envelope schemas (requests, replies, channel messages), sorted. */
  Set<String> envelopes() {
    Set<String> names = new TreeSet<>();
    requests.forEach(r -> names.add(r.schema()));
    replies.forEach(r -> names.add(r.schema()));
    channelMessages.forEach(m -> names.add(m.schema()));
    return names;
  }

  /** Whether schema {@code name} of the contract declares member {@code member}. */
  /**
   * Whether the params schema {@code name} takes the connection's token: its {@code token} member
   * is marked {@code x-kraken-ws-connection-set: true}, the one member the connection can fill in.
   *
   * @throws IllegalArgumentException if another member is marked
   */
  boolean takesToken(String name) {
    Set<String> marked = connectionSet(name);
    if (!marked.isEmpty() && !marked.equals(Set.of("token"))) {
      throw new IllegalArgumentException(name + ": " + CONNECTION_SET + " marks " + marked
          + "; the connection fills in only its token");
    }
    return marked.contains("token");
  }

  /** The members of the params schema {@code name} marked {@code x-kraken-ws-connection-set: true}. */
  private Set<String> connectionSet(String name) {
    Schema<?> schema = ContractOnly.resolve(openAPI, schemaNamed(name));
    Set<String> marked = new TreeSet<>();
    if (schema != null && schema.getProperties() != null) {
      schema.getProperties().forEach((member, property) -> {
        Schema<?> resolved = ContractOnly.resolve(openAPI, property);
        boolean set = property.getExtensions() != null && Boolean.TRUE.equals(property.getExtensions().get(CONNECTION_SET))
            || resolved != null && resolved.getExtensions() != null
            && Boolean.TRUE.equals(resolved.getExtensions().get(CONNECTION_SET));
        if (set) marked.add(member);
      });
    }
    return marked;
  }

  boolean hasMember(String name, String member) {
    Schema<?> schema = ContractOnly.resolve(openAPI, schemaNamed(name));
    return schema != null && schema.getProperties() != null && schema.getProperties().containsKey(member);
  }

  private void addProperty(List<Schema<?>> roots, Schema<?> schema, String name) {
    Schema<?> property = property(schema, name);
    if (property != null) {
      roots.add(property);
    }
  }

  private Schema<?> property(Schema<?> schema, String name) {
    Schema<?> resolved = ContractOnly.resolve(openAPI, schema);
    return resolved == null || resolved.getProperties() == null ? null : resolved.getProperties().get(name);
  }

  private Schema<?> schemaNamed(String name) {
    return name == null ? null : openAPI.getComponents().getSchemas().get(name);
  }

  private static String refName(Schema<?> schema) {
    if (schema.get$ref() == null) {
      throw new IllegalArgumentException("a request's params must be a named schema ($ref), not an inline one");
    }
    return schema.get$ref().substring(schema.get$ref().lastIndexOf('/') + 1);
  }

  private static String text(String schema, String extension, Object value) {
    if (value == null) {
      throw new IllegalArgumentException(schema + ": a request needs " + extension);
    }
    return String.valueOf(value);
  }

  private static void unique(Map<String, String> keys, String key, String schema, String problem) {
    String other = keys.putIfAbsent(key, schema);
    if (other != null) {
      throw new IllegalArgumentException(other + " and " + schema + ": " + problem + " (" + key + ")");
    }
  }

  /** The request builder's method for request class {@code classname}: {@code AddOrderRequest} is {@code addOrder}. */
  static String factoryName(String classname) {
    String name = classname.endsWith("Request") ? classname.substring(0, classname.length() - "Request".length()) : classname;
    return Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }

  /**
   * The schema of the {@code result} of the replies to subscriptions (one for every channel), which
   * names the pair each acknowledgement is for.
   */
  String subscriptionResult() {
    Set<String> results = new TreeSet<>();
    for (Subscription subscription : subscriptions) {
      Schema<?> result = property(schemaNamed(subscription.subscribe().reply()), "result");
      if (result == null || result.get$ref() == null) {
        throw new IllegalArgumentException(subscription.subscribe().reply() + ": the reply to a subscription needs a "
            + "named result schema");
      }
      results.add(refName(result));
    }
    if (results.size() != 1) {
      throw new IllegalArgumentException("the replies to subscriptions need one result schema, not " + results);
    }
    return results.iterator().next();
  }

  /** The distinct {@code classname}s of {@code routes}, in order, each a map with {@code classname}. */
  private static List<Map<String, Object>> distinct(List<Map<String, Object>> routes) {
    Set<Object> names = new LinkedHashSet<>();
    routes.forEach(route -> names.add(route.get("classname")));
    List<Map<String, Object>> classes = new ArrayList<>();
    names.forEach(name -> classes.add(Map.of("classname", name)));
    return classes;
  }

  /**
   * The template values: {@code wsReplyClasses}, {@code wsChannelMessageClasses} (the distinct
   * {@code classname}s), {@code wsReplyRoutes}, {@code wsChannelRoutes} (each {@code key}, {@code
   * classname}), {@code wsRequests}, {@code wsTokenRequests} (the requests whose params take the
   * connection's token) and {@code wsSubscriptions}.
   */
  Map<String, Object> templateValues(Function<String, String> className, Function<String, String> methodConstant,
      Function<String, String> channelConstant, Function<String, String> varName) {
    Map<String, Object> values = new LinkedHashMap<>();
    List<Map<String, Object>> replyRoutes = new ArrayList<>();
    for (Reply reply : replies) {
      replyRoutes.add(Map.of("key", reply.key(), "classname", className.apply(reply.schema())));
    }
    List<Map<String, Object>> channelRoutes = new ArrayList<>();
    for (ChannelMessage message : channelMessages) {
      channelRoutes.add(Map.of("key", message.key(), "classname", className.apply(message.schema())));
    }
    List<Map<String, Object>> requestValues = new ArrayList<>();
    List<String> tokenRequests = new ArrayList<>();
    for (Request request : requests) {
      Map<String, Object> value = new LinkedHashMap<>();
      value.put("classname", className.apply(request.schema()));
      value.put("factory", factoryName(className.apply(request.schema())));
      value.put("method", request.method());
      value.put("methodConstant", methodConstant.apply(request.method()));
      value.put("replyClassname", className.apply(request.reply()));
      if (request.params() != null) {
        value.put("paramsClassname", className.apply(request.params()));
        if (takesToken(request.params())) {
          tokenRequests.add(className.apply(request.schema()));
        }
      }
      if (request.channel() != null) {
        value.put("channel", request.channel());
        value.put("channelConstant", channelConstant.apply(request.channel()));
      }
      requestValues.add(value);
    }
    List<Map<String, Object>> subscriptionValues = new ArrayList<>();
    for (Subscription subscription : subscriptions) {
      Map<String, Object> value = new LinkedHashMap<>();
      value.put("classname", className.apply(subscription.subscribe().schema()));
      value.put("paramsClassname", className.apply(subscription.subscribe().params()));
      value.put("unsubscribeClassname", className.apply(subscription.unsubscribe().schema()));
      value.put("unsubscribeParamsClassname", className.apply(subscription.unsubscribe().params()));
      value.put("channel", subscription.subscribe().channel());
      value.put("channelConstant", channelConstant.apply(subscription.subscribe().channel()));
      value.put("hasSymbol", subscription.hasSymbol());
      List<Map<String, Object>> qualifiers = new ArrayList<>();
      for (String qualifier : subscription.qualifiers()) {
        qualifiers.add(Map.of("wire", qualifier, "name", varName.apply(qualifier)));
      }
      value.put("qualifiers", qualifiers);
      List<Map<String, Object>> members = new ArrayList<>();
      for (String member : subscription.unsubscribeMembers()) {
        if (connectionSet(subscription.unsubscribe().params()).contains(member)) {
          continue; // the connection's to fill in
        }
        members.add(Map.of("wire", member, "name", varName.apply(member), "isSymbol", member.equals("symbol"),
            "isOther", !member.equals("symbol")));
      }
      value.put("unsubscribeFactory", factoryName(className.apply(subscription.unsubscribe().schema())));
      value.put("unsubscribeMembers", members);
      subscriptionValues.add(value);
    }
    values.put("wsReplyClasses", distinct(replyRoutes));
    values.put("wsChannelMessageClasses", distinct(channelRoutes));
    values.put("wsReplyRoutes", replyRoutes);
    values.put("wsChannelRoutes", channelRoutes);
    values.put("wsRequests", requestValues);
    values.put("wsTokenRequests", tokenRequests);
    values.put("wsSubscriptions", subscriptionValues);
    values.put("wsSubscriptionResultClass", subscriptions.isEmpty() ? "Void" : className.apply(subscriptionResult()));
    return values;
  }
}
