package io.github.krakensdk.sandbox.internal.control;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.Moshi;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.embed.model.AssetAmount;
import io.github.krakensdk.embed.model.CustomOrderStatusValue;
import io.github.krakensdk.embed.model.QuoteStatus;
import io.github.krakensdk.embed.model.WebhookEventType;
import io.github.krakensdk.sandbox.EmbedMovementKind;
import io.github.krakensdk.sandbox.SpotEarnAllocation;
import io.github.krakensdk.sandbox.internal.http.Json;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import io.github.krakensdk.sandbox.FuturesKeyAccess;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.SandboxOAuthClient;
import io.github.krakensdk.sandbox.SandboxState;
import io.github.krakensdk.sandbox.SpotDeposit;
import io.github.krakensdk.sandbox.SpotFundingState;
import io.github.krakensdk.sandbox.SpotKeyBuilder;
import io.github.krakensdk.sandbox.SpotKeyPermission;
import io.github.krakensdk.sandbox.SpotKeyState;
import io.github.krakensdk.sandbox.SpotSubaccount;
import io.github.krakensdk.sandbox.WebSocketEvent;
import io.github.krakensdk.sandbox.WebhookDelivery;
import io.github.krakensdk.sandbox.internal.contract.Contract;
import io.github.krakensdk.sandbox.internal.contract.JsonValues;
import io.github.krakensdk.sandbox.internal.contract.Operation;
import io.github.krakensdk.sandbox.internal.contract.Problem;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.spot.model.OrderSide;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The control plane over HTTP: the operations of {@code sandbox.yaml} under {@code /sandbox/v1/},
 * each a thin JSON door to the same typed Java controls a test calls ({@link Sandbox#spot()},
 * {@link Sandbox#embed()}, {@link Sandbox#futures()}, {@link Sandbox#oauth()}, {@link
 * Sandbox#time()}, {@link Sandbox#state()}): one implementation, two doors. Every request is checked against the document
 * first, by the checker of the Kraken contracts ({@link Contract}, {@code sandbox.yaml} compiled
 * by the build); a refusal is a problem document naming the field and the rule.
 *
 * <pre>
 * curl -X POST localhost:8080/sandbox/v1/clock/advance -d '{"seconds":600}'
 * </pre>
 */
public final class ControlPlane implements HttpHandler {
  /** The reserved prefix: no Kraken family has a path under {@code /sandbox}. */
  public static final String PREFIX = "/sandbox/v1/";
  private static final int BODY_LIMIT = 1 << 20;
  /** importState's limit: a state document is a few MiB (the seed alone about 2). */
  private static final int STATE_BODY_LIMIT = 64 << 20;
  private static final JsonAdapter<Object> JSON = new Moshi.Builder().build().adapter(Object.class).serializeNulls();
  /** sandbox.yaml, compiled by the build beside the four contracts, with its formats as rules. */
  private static final Contract CONTRACT = Contract.load("sandbox");

  private interface Handler {
    Answer run(Map<String, String> path, Map<String, Object> body);
  }

  private record Answer(int status, Object json) {}

  /** An answer's JSON text, sent as it is (the state document byte for byte; a Kraken contract's record as that contract writes it). */
  private record JsonText(String text) {}

  private final Sandbox sandbox;
  private final Map<String, Handler> operations = new LinkedHashMap<>();
  /** The operations that take their body as text, not as a JSON tree: importState. */
  private final Map<String, Function<String, Answer>> textOperations = new LinkedHashMap<>();

  @SuppressWarnings("unchecked")
  public ControlPlane(Sandbox sandbox) {
    this.sandbox = Objects.requireNonNull(sandbox, "sandbox == null");
    operations.put("getClock", (path, body) -> clock());
    operations.put("setClock", (path, body) -> {
      Instant to = OffsetDateTime.parse(text(body, "now")).toInstant();
      try {
        sandbox.time().set(to);
      } catch (IllegalStateException e) {
        throw new ControlProblem(409, "now", "the clock never runs backwards", "now: " + e.getMessage());
      }
      return clock();
    });
    operations.put("advanceClock", (path, body) -> {
      sandbox.time().advance(Duration.ofSeconds(((Number) body.get("seconds")).longValue()));
      return clock();
    });
    operations.put("createSpotKey", this::createSpotKey);
    operations.put("getSpotKey", (path, body) -> ok(spotKey(sandbox.spot().key(path.get("key")), null)));
    operations.put("createSpotDeposit", (path, body) -> {
      SpotDeposit deposit = sandbox.spot().arriveDeposit(text(body, "asset"), text(body, "method"),
          positive(body, "amount"));
      return new Answer(201, spotFunding(deposit.refid(), deposit.state()));
    });
    operations.put("getSpotDeposit", (path, body) ->
        ok(spotFunding(path.get("refid"), sandbox.spot().depositState(path.get("refid")))));
    operations.put("getSpotWithdrawal", (path, body) ->
        ok(spotFunding(path.get("refid"), sandbox.spot().withdrawalState(path.get("refid")))));
    operations.put("getSpotBalances", (path, body) -> ok(Map.of("balances", decimals(sandbox.spot().balances()))));
    operations.put("getSpotSubaccount", (path, body) -> {
      SpotSubaccount subaccount = sandbox.spot().subaccount(path.get("username"));
      return ok(object("username", subaccount.username(), "iiban", subaccount.iiban(),
          "balances", decimals(subaccount.balances())));
    });
    operations.put("getSpotMarket", (path, body) -> spotMarket(path.get("pair")));
    operations.put("setSpotIndexPrice", (path, body) -> {
      sandbox.spot().setIndexPrice(path.get("pair"), body.containsKey("price") ? positive(body, "price") : null);
      return spotMarket(path.get("pair"));
    });
    operations.put("tradeSpotMarket", (path, body) -> {
      String pair = path.get("pair");
      BigDecimal traded = sandbox.spot().trade(pair, OrderSide.of(text(body, "side")), positive(body, "volume"),
          body.containsKey("limit_price") ? positive(body, "limit_price") : null);
      return ok(object("pair", sandbox.spot().pairName(pair), "traded_volume", traded.toPlainString(),
          "last_price", sandbox.spot().lastPrice(pair).toPlainString()));
    });
    operations.put("fillSpotOrder", (path, body) -> {
      BigDecimal fraction = positive(body, "fraction");
      if (fraction.compareTo(BigDecimal.ONE) > 0) {
        throw ControlProblem.invalid("fraction", "above 0 and at most 1", fraction.toPlainString());
      }
      List<String> trades = sandbox.spot().fill(path.get("txid"), fraction);
      return ok(object("txid", path.get("txid"), "trades", trades));
    });
    operations.put("getSpotEarnAllocation", (path, body) -> {
      SpotEarnAllocation allocation = sandbox.spot().earnAllocation(path.get("strategy_id"));
      return ok(object("strategy_id", allocation.strategyId(), "allocated", allocation.allocated().toPlainString(),
          "pending", allocation.pending().toPlainString()));
    });
    operations.put("getSpotWebSocketsToken", (path, body) -> {
      String token = path.get("token");
      SandboxKey key = sandbox.spot().webSocketsTokenKey(token)
          .orElseThrow(() -> new IllegalArgumentException("no WebSockets token " + token + " that may still connect"));
      return ok(object("token", token, "key", key.key()));
    });
    operations.put("createFuturesKey", (path, body) -> {
      FuturesKeyAccess access = body == null || !body.containsKey("access") ? FuturesKeyAccess.FULL
          : FuturesKeyAccess.valueOf(text(body, "access").toUpperCase(Locale.ROOT));
      SandboxKey key = sandbox.futures().newKey(access);
      return new Answer(201, object("key", key.key(), "secret", key.secret(),
          "access", access.name().toLowerCase(Locale.ROOT)));
    });
    operations.put("getFuturesSelfTradeStrategy", (path, body) ->
        ok(object("strategy", sandbox.futures().selfTradeStrategy().value())));
    operations.put("listFuturesAssignmentPreferences", (path, body) -> {
      // Each preference in the Futures contract's form, written by its generated adapter.
      List<String> preferences = new ArrayList<>();
      sandbox.futures().assignmentPreferences().forEach((id, participant) ->
          preferences.add("{\"id\":" + id + ",\"participant\":" + Json.write(participant) + "}"));
      return ok(new JsonText("{\"preferences\":[" + String.join(",", preferences) + "]}"));
    });
    operations.put("createOAuthClient", (path, body) -> {
      SandboxOAuthClient.Type type = SandboxOAuthClient.Type.valueOf(text(body, "type").toUpperCase(Locale.ROOT));
      List<URI> uris = new ArrayList<>();
      for (Object uri : (List<?>) body.get("redirect_uris")) uris.add(URI.create((String) uri));
      SandboxOAuthClient client = sandbox.oauth().newClient(type, uris);
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("client_id", client.clientId());
      client.clientSecret().ifPresent(secret -> json.put("client_secret", secret));
      json.put("type", client.type().name().toLowerCase(Locale.ROOT));
      json.put("redirect_uris", client.redirectUris().stream().map(URI::toString).toList());
      return new Answer(201, json);
    });
    operations.put("encryptOAuthClientSecret", (path, body) -> {
      PublicKey publicKey = rsaPublicKey(text(body, "public_key"));
      try {
        return ok(object("client_id", sandbox.credentials().oauthConfidentialClientId(),
            "encrypted_client_secret", sandbox.oauth().encryptedClientSecret(publicKey)));
      } catch (GeneralSecurityException e) {
        throw ControlProblem.invalid("public_key", "an RSA key that can encrypt the secret", e.getMessage());
      }
    });
    operations.put("createEmbedKey", (path, body) -> {
      SandboxKey key = sandbox.embed().newKey();
      return new Answer(201, object("key", key.key(), "secret", key.secret()));
    });
    operations.put("getEmbedUser", (path, body) -> embedUser(path.get("user")));
    operations.put("decideEmbedVerification", (path, body) -> {
      try {
        if (text(body, "decision").equals("approve")) {
          sandbox.embed().approveVerification(path.get("user"));
        } else {
          sandbox.embed().rejectVerification(path.get("user"));
        }
      } catch (IllegalStateException e) {
        throw new ControlProblem(409, "user", "a user with a pending verification", e.getMessage());
      }
      return embedUser(path.get("user"));
    });
    operations.put("createEmbedDeposit", (path, body) -> {
      String refId;
      try {
        refId = sandbox.embed().deposit(path.get("user"), text(body, "asset"), positive(body, "amount"));
      } catch (IllegalStateException e) {
        throw new ControlProblem(409, "user", "a verified, active user", e.getMessage());
      }
      return new Answer(201, embedTransfer(refId));
    });
    operations.put("getEmbedTransfer", (path, body) -> ok(embedTransfer(path.get("ref_id"))));
    operations.put("setEmbedPrice", (path, body) -> {
      BigDecimal price = positive(body, "usd_price");
      sandbox.embed().setPrice(path.get("asset"), price);
      return ok(object("asset", path.get("asset"), "usd_price", price.toPlainString()));
    });
    operations.put("setWebhookUrl", (path, body) -> {
      sandbox.embed().setWebhookUrl(path.get("webhook"), URI.create(text(body, "url")));
      return ok(object("webhook", path.get("webhook"), "url", text(body, "url")));
    });
    operations.put("listWebhookDeliveries", (path, body) -> {
      List<Object> deliveries = new ArrayList<>();
      for (WebhookDelivery delivery : sandbox.embed().webhookDeliveries(path.get("webhook"))) {
        deliveries.add(delivery(delivery));
      }
      return ok(Map.of("deliveries", deliveries));
    });
    operations.put("setEmbedUserStatus", (path, body) -> {
      if (text(body, "status").equals("closed")) {
        sandbox.embed().closeUser(path.get("user"));
      } else {
        sandbox.embed().disableUser(path.get("user"));
      }
      return embedUser(path.get("user"));
    });
    operations.put("getEmbedUserProfile", (path, body) -> ok(new JsonText(Json.write(sandbox.userProfile(path.get("user"))))));
    operations.put("getEmbedAutoEarn", (path, body) ->
        ok(object("user", path.get("user"), "enabled", sandbox.embed().autoEarnEnabled(path.get("user")))));
    operations.put("listEmbedRewards", (path, body) -> {
      List<Object> rewards = new ArrayList<>();
      for (AssetAmount reward : sandbox.embed().rewardsPaid(path.get("user"))) {
        rewards.add(object("asset", reward.asset(), "amount", reward.amount().toPlainString()));
      }
      return ok(Map.of("rewards", rewards));
    });
    operations.put("createEmbedMovement", (path, body) -> {
      EmbedMovementKind kind = EmbedMovementKind.valueOf(text(body, "kind").toUpperCase(Locale.ROOT));
      String id;
      try {
        id = sandbox.embed().moveBalance(path.get("user"), kind, text(body, "asset"),
            new BigDecimal(text(body, "amount")), text(body, "reference"));
      } catch (IllegalStateException e) {
        throw new ControlProblem(409, "amount", "the balance never goes negative", e.getMessage());
      }
      return new Answer(201, object("id", id));
    });
    operations.put("saveEmbedWithdrawalAddress", (path, body) -> {
      sandbox.embed().verified(path.get("user")); // an unknown user is the path's 404
      try {
        sandbox.embed().saveWithdrawalAddress(path.get("user"), text(body, "asset"), text(body, "method_id"),
            text(body, "key"), text(body, "address"));
      } catch (IllegalArgumentException e) {
        throw new ControlProblem(404, "method_id", "a withdrawal method of the asset", e.getMessage());
      }
      return new Answer(201, object("asset", text(body, "asset"), "method_id", text(body, "method_id"),
          "key", text(body, "key"), "address", text(body, "address")));
    });
    operations.put("publishEmbedEvent", (path, body) -> {
      Map<String, Object> data = body.get("data") == null ? Map.of() : (Map<String, Object>) body.get("data");
      String id = sandbox.embed().publishEvent(WebhookEventType.of(text(body, "event_type")), path.get("user"), data);
      return new Answer(201, object("id", id));
    });
    operations.put("createEmbedPartnerDeposit", (path, body) ->
        new Answer(201, embedTransfer(sandbox.embed().partnerDeposit(text(body, "asset"), positive(body, "amount")))));
    operations.put("getEmbedQuote", (path, body) -> {
      String quote = path.get("quote_id");
      QuoteStatus status = sandbox.embed().quoteStatus(quote)
          .orElseThrow(() -> new IllegalArgumentException("no quote " + quote));
      return ok(object("quote_id", quote, "status", status.value()));
    });
    operations.put("getEmbedCustomOrder", (path, body) -> {
      String order = path.get("order_id");
      CustomOrderStatusValue status = sandbox.embed().customOrderStatus(order)
          .orElseThrow(() -> new IllegalArgumentException("no custom order " + order));
      return ok(object("order_id", order, "status", status.value()));
    });
    operations.put("getEmbedWebhook", (path, body) -> ok(new JsonText(Json.write(sandbox.embed().webhook(path.get("webhook"))))));
    operations.put("listEmbedEventTypes", (path, body) ->
        ok(Map.of("event_types", sandbox.embed().eventTypes().stream().map(WebhookEventType::value).toList())));
    operations.put("listEmbedSettlementReports", (path, body) ->
        ok(Map.of("ids", sandbox.embed().settlementReportIds())));
    operations.put("getNonceRejections", (path, body) -> ok(Map.of("rejections", sandbox.nonceRejections())));
    // ---- the WebSocket server's faults and log ----
    operations.put("invalidateSpotWebSocketsToken", (path, body) -> {
      sandbox.webSocket().invalidateToken(path.get("token"));
      return ok(object("token", path.get("token"), "invalidated", true));
    });
    operations.put("closeWebSocketConnections", (path, body) -> {
      int code = ((Number) body.get("code")).intValue();
      int closed = body.get("endpoint") == null ? sandbox.webSocket().closeConnections(code)
          : sandbox.webSocket().closeConnections(text(body, "endpoint"), code);
      return ok(object("closed", closed));
    });
    operations.put("injectWebSocketPongFault", (path, body) -> {
      boolean late = text(body, "fault").equals("late");
      Number delay = (Number) body.get("delay_ms");
      Number count = (Number) body.get("count");
      Number seconds = (Number) body.get("seconds");
      if (late == (delay == null)) {
        throw ControlProblem.invalid("delay_ms", "required for late, refused for missing", String.valueOf(delay));
      }
      if ((count == null) == (seconds == null)) {
        throw ControlProblem.invalid("count", "exactly one of count and seconds", String.valueOf(count));
      }
      Duration during = seconds == null ? null : Duration.ofSeconds(seconds.longValue());
      if (late) {
        Duration by = Duration.ofMillis(delay.longValue());
        if (during == null) sandbox.webSocket().delayPongs(by, count.intValue());
        else sandbox.webSocket().delayPongsFor(by, during);
      } else {
        if (during == null) sandbox.webSocket().dropPongs(count.intValue());
        else sandbox.webSocket().dropPongsFor(during);
      }
      return lastEvent();
    });
    operations.put("injectWebSocketChecksumFault", (path, body) -> {
      sandbox.webSocket().corruptNextChecksum(text(body, "channel"), text(body, "symbol"));
      return lastEvent();
    });
    operations.put("injectWebSocketDropFault", (path, body) -> {
      sandbox.webSocket().dropNextMessage(text(body, "channel"));
      return lastEvent();
    });
    operations.put("injectWebSocketReplyFault", (path, body) -> {
      if (body == null || body.get("method") == null) sandbox.webSocket().omitNextResult();
      else sandbox.webSocket().omitNextResult(text(body, "method"));
      return lastEvent();
    });
    operations.put("refuseWebSocketConnections", (path, body) -> {
      int status = body.get("status") == null ? 503 : ((Number) body.get("status")).intValue();
      sandbox.webSocket().refuseConnections(Duration.ofSeconds(((Number) body.get("seconds")).longValue()), status);
      return lastEvent();
    });
    operations.put("clearWebSocketFaults", (path, body) -> {
      sandbox.webSocket().clearFaults();
      return lastEvent();
    });
    operations.put("getWebSocketLog", (path, body) -> {
      List<Object> events = new ArrayList<>();
      for (WebSocketEvent event : sandbox.webSocket().events()) {
        events.add(webSocketEvent(event));
      }
      return ok(object("attempts", sandbox.webSocket().connectionAttempts(), "events", events));
    });
    // ---- the state: export, import, reset ----
    operations.put("resetState", (path, body) -> {
      sandbox.state().reset();
      return clock();
    });
    operations.put("exportState", (path, body) -> ok(new JsonText(sandbox.state().export().toJson())));
    textOperations.put("importState", text -> {
      try {
        sandbox.state().restore(SandboxState.fromJson(text));
      } catch (IllegalArgumentException e) {
        // The codec's messages read "member: rule" (format: this sandbox reads ..., nonces: missing).
        String message = e.getMessage() == null ? "not a state document of this sandbox" : e.getMessage();
        int colon = message.indexOf(": ");
        throw new ControlProblem(400, colon < 0 ? "state" : message.substring(0, colon),
            colon < 0 ? message : message.substring(colon + 2), message);
      }
      return clock();
    });
    for (Operation operation : CONTRACT.all()) {
      if (!operation.operationId().equals("getControlPlaneDocument") && !operations.containsKey(operation.operationId())
          && !textOperations.containsKey(operation.operationId())) {
        throw new IllegalStateException("sandbox.yaml's " + operation.operationId() + " has no handler");
      }
    }
  }

  /** The operationIds this door serves, the document's own included. */
  static List<String> operationIds() {
    return CONTRACT.all().stream().map(Operation::operationId).toList();
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String method = exchange.getRequestMethod();
      String path = exchange.getRequestURI().getRawPath();
      if (method.equals("GET") && path.equals(PREFIX + "openapi.yaml")) {
        send(exchange, 200, "application/yaml", Contract.source("sandbox"));
        return;
      }
      Answer answer;
      try {
        answer = run(method, path, HttpCall.parseForm(exchange.getRequestURI().getRawQuery()), exchange.getRequestHeaders(),
            readBody(exchange, path.equals(PREFIX + "state") ? STATE_BODY_LIMIT : BODY_LIMIT));
      } catch (ControlProblem problem) {
        answer = new Answer(problem.status, problem.document());
      } catch (RuntimeException e) {
        answer = new Answer(500, new ControlProblem(500, null, null, "kraken-sandbox failed: " + e).document());
      }
      String type = answer.status() >= 400 ? "application/problem+json" : "application/json";
      String text = answer.json() instanceof JsonText json ? json.text() : JSON.toJson(answer.json());
      send(exchange, answer.status(), type, text.getBytes(StandardCharsets.UTF_8));
    }
  }

  @SuppressWarnings("unchecked")
  private Answer run(String method, String path, Map<String, List<String>> query, Map<String, List<String>> headers,
      byte[] body) throws IOException {
    Operation operation = CONTRACT.find(method, path);
    if (operation == null) {
      if (!CONTRACT.methods(path).isEmpty()) {
        throw new ControlProblem(405, null, "a method the path has",
            method + " " + path + " is no operation of the control plane (the path has " + CONTRACT.methods(path) + ")");
      }
      throw new ControlProblem(404, null, "a path of sandbox.yaml",
          path + " is no path of the control plane (GET /sandbox/v1/openapi.yaml lists them)");
    }
    // Every body is read as JSON, whatever its Content-Type says: the document takes JSON only, and
    // curl -d, the shortest way to call it, labels its body a form.
    byte[] given = body.length == 0 ? null : body;
    List<Problem> problems = CONTRACT.checkRequest(operation, path, query, headers, given == null ? null : "application/json", given);
    if (!problems.isEmpty()) {
      throw ControlProblem.of(problems.get(0));
    }
    Map<String, String> parameters = CONTRACT.pathParameters(operation, path);
    Function<String, Answer> textOperation = textOperations.get(operation.operationId());
    if (textOperation != null) {
      return textOperation.apply(given == null ? "" : new String(given, StandardCharsets.UTF_8));
    }
    try {
      return operations.get(operation.operationId()).run(parameters,
          given == null ? null : (Map<String, Object>) JsonValues.read(given));
    } catch (IllegalArgumentException e) {
      // The request had the document's shape: what the sandbox does not know is not found, and the
      // path names it (the last path parameter), if the path names anything.
      List<String> named = List.copyOf(parameters.keySet());
      throw new ControlProblem(404, named.isEmpty() ? null : named.get(named.size() - 1), "known to the sandbox",
          e.getMessage());
    }
  }

  /** The query's parameters, each with every value given. */

  private Answer createSpotKey(Map<String, String> path, Map<String, Object> body) {
    SpotKeyBuilder builder = sandbox.spot().newKey();
    if (body != null && body.get("tier") != null) {
      builder.tier(SpotRateTier.valueOf(text(body, "tier").toUpperCase(Locale.ROOT)));
    }
    if (body != null && body.get("permissions") != null) {
      EnumSet<SpotKeyPermission> permissions = EnumSet.noneOf(SpotKeyPermission.class);
      for (Object id : (List<?>) body.get("permissions")) {
        for (SpotKeyPermission permission : SpotKeyPermission.values()) {
          if (permission.id().equals(id)) permissions.add(permission);
        }
      }
      builder.permissions(permissions);
    }
    SandboxKey key = builder.issue();
    return new Answer(201, spotKey(sandbox.spot().key(key.key()), key.secret()));
  }

  /** The log's last line: the fault just armed. */
  private Answer lastEvent() {
    List<WebSocketEvent> events = sandbox.webSocket().events();
    return ok(webSocketEvent(events.get(events.size() - 1)));
  }

  private static Map<String, Object> webSocketEvent(WebSocketEvent event) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("at", event.at().toString());
    if (event.endpoint() != null) json.put("endpoint", event.endpoint());
    json.put("kind", event.kind().wireName());
    if (event.detail() != null) json.put("detail", event.detail());
    return json;
  }

  private Answer clock() {
    return ok(Map.of("now", sandbox.time().now().toString()));
  }

  private Answer spotMarket(String pair) {
    return ok(object("pair", sandbox.spot().pairName(pair), "last_price", sandbox.spot().lastPrice(pair).toPlainString()));
  }

  private Answer embedUser(String iiban) {
    boolean verified = sandbox.embed().verified(iiban);
    return ok(object("user", iiban, "verified", verified, "balances", decimals(sandbox.embed().balances(iiban))));
  }

  private Map<String, Object> embedTransfer(String refId) {
    String status = sandbox.embed().transferStatus(refId)
        .orElseThrow(() -> new IllegalArgumentException("no deposit or withdrawal " + refId)).value();
    return object("ref_id", refId, "status", status);
  }

  private static Map<String, Object> spotKey(SpotKeyState state, String secret) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("key", state.key());
    if (secret != null) json.put("secret", secret);
    json.put("tier", state.tier().name().toLowerCase(Locale.ROOT));
    json.put("permissions", state.permissions().stream().sorted().map(SpotKeyPermission::id).toList());
    json.put("call_counter", state.callCounter().toPlainString());
    return json;
  }

  private static Map<String, Object> spotFunding(String refid, SpotFundingState state) {
    return object("refid", refid, "state", state.text());
  }

  private static Map<String, Object> delivery(WebhookDelivery delivery) {
    List<Object> attempts = new ArrayList<>();
    for (WebhookDelivery.Attempt attempt : delivery.attempts()) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("number", attempt.number());
      json.put("at", attempt.at().toString());
      if (attempt.httpStatus() != null) json.put("http_status", attempt.httpStatus());
      if (attempt.error() != null) json.put("error", attempt.error());
      attempts.add(json);
    }
    return object("webhook", delivery.webhookId(), "event_id", delivery.eventId(), "event_type", delivery.eventType(),
        "body", delivery.body(), "status", delivery.status().name().toLowerCase(Locale.ROOT), "attempts", attempts);
  }

  /** An RSA public key from its X.509 SubjectPublicKeyInfo (DER) in standard Base64. */
  private static PublicKey rsaPublicKey(String base64) {
    String rule = "an RSA public key, X.509 SubjectPublicKeyInfo (DER) in standard Base64";
    try {
      return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
    } catch (IllegalArgumentException | GeneralSecurityException e) {
      throw ControlProblem.invalid("public_key", rule, null);
    }
  }

  private static Map<String, String> decimals(Map<String, BigDecimal> amounts) {
    Map<String, String> json = new TreeMap<>();
    amounts.forEach((asset, amount) -> json.put(asset, amount.toPlainString()));
    return json;
  }

  /** A checked decimal member, which must be above zero besides. */
  private static BigDecimal positive(Map<String, Object> body, String name) {
    BigDecimal value = new BigDecimal(text(body, name));
    if (value.signum() <= 0) {
      throw ControlProblem.invalid(name, "above zero", value.toPlainString());
    }
    return value;
  }

  private static String text(Map<String, Object> body, String name) {
    return (String) body.get(name);
  }

  private static Map<String, Object> object(Object... pairs) {
    Map<String, Object> json = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      json.put((String) pairs[i], pairs[i + 1]);
    }
    return json;
  }

  private static Answer ok(Object json) {
    return new Answer(200, json);
  }

  private static byte[] readBody(HttpExchange exchange, int limit) throws IOException {
    try (InputStream in = exchange.getRequestBody()) {
      byte[] body = in.readNBytes(limit + 1);
      if (body.length > limit) {
        throw ControlProblem.invalid("body", "at most " + limit + " bytes", null);
      }
      return body;
    }
  }

  private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }
}
