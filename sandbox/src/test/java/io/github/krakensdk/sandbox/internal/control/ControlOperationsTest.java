package io.github.krakensdk.sandbox.internal.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.AssetAmount;
import io.github.krakensdk.embed.model.CountryCode;
import io.github.krakensdk.embed.model.FullName;
import io.github.krakensdk.embed.model.Occupation;
import io.github.krakensdk.embed.model.Residence;
import io.github.krakensdk.embed.model.CustomOrderCondition;
import io.github.krakensdk.embed.model.CustomOrderTrigger;
import io.github.krakensdk.embed.model.CustomOrderTriggerType;
import io.github.krakensdk.embed.model.QuoteAction;
import io.github.krakensdk.embed.model.QuoteAmount;
import io.github.krakensdk.embed.model.QuoteCounterAsset;
import io.github.krakensdk.embed.model.QuoteType;
import io.github.krakensdk.embed.model.Webhook;
import io.github.krakensdk.embed.model.WebhookEventType;
import io.github.krakensdk.futures.model.AssignmentParticipant;
import io.github.krakensdk.futures.model.SelfTradeStrategy;
import io.github.krakensdk.sandbox.EmbedMovementKind;
import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Raw;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SpotEarnAllocation;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.sandbox.internal.spot.SpotFamily;
import io.github.krakensdk.spot.model.GetWebSocketsTokenRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import javax.crypto.Cipher;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/**
 * The operations that give every typed control its HTTP door: each called as another language
 * would (plain HTTP, JSON text) and compared with the Java control it runs. A read-out over HTTP
 * is what the Java control reads of the same sandbox; a write over HTTP leaves a sandbox where the
 * same write in Java leaves another.
 */
class ControlOperationsTest {
  private static final Instant START = Instant.parse("2026-11-28T09:00:00Z");
  private static final MediaType JSON_TYPE = MediaType.get("application/json");
  private static final JsonAdapter<Object> JSON = new Moshi.Builder().build().adapter(Object.class);
  private static final String USER = Seed.USER_IIBAN;
  private final OkHttpClient http = new OkHttpClient();

  @Test
  void spotAndFuturesReadOutsOverHttpAreTheJavaControls() throws Exception {
    MutableClock clock = MutableClock.at(START);
    try (Sandbox sandbox = Sandbox.builder().clock(clock).start(); KrakenClient kraken = sandbox.newClient()) {
      // getSpotEarnAllocation
      SpotEarnAllocation allocation = sandbox.spot().earnAllocation(SpotFamily.STRATEGY_SOL);
      Map<?, ?> earn = get(sandbox, "spot/earn/allocations/" + SpotFamily.STRATEGY_SOL, 200);
      assertEquals(SpotFamily.STRATEGY_SOL, earn.get("strategy_id"));
      assertEquals(0, allocation.allocated().compareTo(new BigDecimal((String) earn.get("allocated"))), earn.toString());
      assertEquals(0, allocation.pending().compareTo(new BigDecimal((String) earn.get("pending"))), earn.toString());
      assertTrue(allocation.allocated().signum() > 0, "the seed allocates to " + SpotFamily.STRATEGY_SOL);
      assertProblem(sandbox, "GET", "spot/earn/allocations/NOPE", null, 404, "strategy_id", "known to the sandbox");

      // getSpotWebSocketsToken: the token is Base64, escaped in the path
      String token = kraken.spot().getWebSocketsToken(GetWebSocketsTokenRequest.builder().build()).token();
      Map<?, ?> granted = get(sandbox, "spot/websockets-tokens/" + escape(token), 200);
      assertEquals(token, granted.get("token"));
      assertEquals(sandbox.spot().webSocketsTokenKey(token).orElseThrow().key(), granted.get("key"));
      assertEquals(sandbox.credentials().spot().key(), granted.get("key"));
      clock.advance(Duration.ofMinutes(15));
      assertEquals(Optional.empty(), sandbox.spot().webSocketsTokenKey(token));
      assertProblem(sandbox, "GET", "spot/websockets-tokens/" + escape(token), null, 404, "token", "known to the sandbox");

      // getFuturesSelfTradeStrategy
      assertEquals(sandbox.futures().selfTradeStrategy().value(), get(sandbox, "futures/self-trade-strategy", 200).get("strategy"));
      kraken.futures().updateSelfTradeStrategy(r -> r.strategy(SelfTradeStrategy.CANCEL_MAKER_SELF));
      assertEquals("CANCEL_MAKER_SELF", get(sandbox, "futures/self-trade-strategy", 200).get("strategy"));
      assertEquals(SelfTradeStrategy.CANCEL_MAKER_SELF, sandbox.futures().selfTradeStrategy());

      // listFuturesAssignmentPreferences
      Map<Long, AssignmentParticipant> preferences = sandbox.futures().assignmentPreferences();
      List<?> listed = (List<?>) get(sandbox, "futures/assignment-preferences", 200).get("preferences");
      assertEquals(preferences.size(), listed.size());
      assertTrue(listed.size() >= 2, listed.toString());
      List<Long> ids = new ArrayList<>();
      for (Object item : listed) {
        Map<?, ?> preference = (Map<?, ?>) item;
        long id = ((Number) preference.get("id")).longValue();
        ids.add(id);
        Map<?, ?> participant = (Map<?, ?>) preference.get("participant");
        AssignmentParticipant expected = preferences.get(id);
        assertEquals(expected.contractType(), participant.get("contractType"));
        assertEquals(expected.acceptLong(), participant.get("acceptLong"));
        assertEquals(expected.acceptShort(), participant.get("acceptShort"));
        assertEquals(expected.timeFrame().value(), participant.get("timeFrame"));
        assertEquals(expected.enabled(), participant.get("enabled"));
      }
      assertEquals(List.copyOf(preferences.keySet()), ids, "in the Java map's order");

      // getNonceRejections: a request signed with a nonce below the key's last one
      Raw raw = new Raw(sandbox);
      raw.spot("/0/private/TradeVolume", sandbox.credentials().spot(), Long.MAX_VALUE - 1, "");
      raw.spot("/0/private/TradeVolume", sandbox.credentials().spot(), 1, "");
      long rejections = ((Number) get(sandbox, "nonces/rejections", 200).get("rejections")).longValue();
      assertEquals(sandbox.nonceRejections(), rejections);
      assertTrue(rejections >= 1, "rejections " + rejections);
    }
  }

  @Test
  void theEncryptedClientSecretOverHttpDecryptsToWhatTheJavaControlEncrypts() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    KeyPair pair = generator.generateKeyPair();
    try (Sandbox sandbox = Sandbox.builder().clock(MutableClock.at(START)).start()) {
      String publicKey = Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
      Map<?, ?> answer = call(sandbox, "POST", "oauth/encrypted-client-secret", "{\"public_key\":\"" + publicKey + "\"}", 200);
      assertEquals(sandbox.credentials().oauthConfidentialClientId(), answer.get("client_id"));
      String overHttp = decrypt(pair, (String) answer.get("encrypted_client_secret"));
      String inJava = decrypt(pair, sandbox.oauth().encryptedClientSecret(pair.getPublic()));
      assertEquals(inJava, overHttp);
      assertEquals(sandbox.credentials().oauthConfidentialClientSecret(), overHttp);

      assertProblem(sandbox, "POST", "oauth/encrypted-client-secret", "{\"public_key\":\"bm90IGEga2V5IGF0IGFsbA==\"}", 400,
          "public_key", "an RSA public key, X.509 SubjectPublicKeyInfo (DER) in standard Base64");
      assertProblem(sandbox, "POST", "oauth/encrypted-client-secret", "{}", 400, "public_key", "required");
    }
  }

  @Test
  void embedReadOutsOverHttpAreTheJavaControls() throws Exception {
    try (Sandbox sandbox = Sandbox.builder().clock(MutableClock.at(START)).start(); KrakenClient kraken = sandbox.newClient()) {
      String user = "embed/users/" + USER.replace(" ", "%20");

      // getEmbedUserProfile, of a user created with a profile
      String created = kraken.embed().createUser(r -> r.externalId("profile-1").email("maria.fernandez@example.com")
          .tosVersionAccepted(4).fullName(FullName.builder().firstName("Maria").lastName("Fernández").build())
          .dateOfBirth(LocalDate.parse("1988-07-14"))
          .residence(Residence.builder().line1("Calle de Alcalá 48").city("Madrid").postalCode("28014")
              .country(CountryCode.ES).build())
          .phone("+34915550123").nationalities(List.of(CountryCode.ES)).occupation(Occupation.FINANCE)).user();
      Map<?, ?> profile = get(sandbox, "embed/users/" + created.replace(" ", "%20") + "/profile", 200);
      var stored = sandbox.userProfile(created);
      assertEquals("Maria", stored.fullName().firstName());
      assertEquals(List.of("ES"), profile.get("nationalities"));
      assertEquals(stored.occupation().value(), profile.get("occupation"));
      assertEquals(stored.fullName().firstName(), ((Map<?, ?>) profile.get("full_name")).get("first_name"));
      assertEquals(stored.phone(), profile.get("phone"));
      assertEquals(stored.dateOfBirth().toString(), profile.get("date_of_birth"));

      // getEmbedAutoEarn
      Map<?, ?> autoEarn = get(sandbox, user + "/auto-earn", 200);
      assertEquals(USER, autoEarn.get("user"));
      assertEquals(sandbox.embed().autoEarnEnabled(USER), autoEarn.get("enabled"));

      // listEmbedRewards: a reward announced, read back both ways
      sandbox.embed().publishEvent(WebhookEventType.of("reward.paid"), USER,
          Map.of("amount", Map.of("asset", "USDC", "amount", "0.0137")));
      List<Object> rewards = new ArrayList<>();
      for (AssetAmount reward : sandbox.embed().rewardsPaid(USER)) {
        rewards.add(Map.of("asset", reward.asset(), "amount", reward.amount().toPlainString()));
      }
      assertEquals(rewards, get(sandbox, user + "/rewards", 200).get("rewards"));
      assertTrue(rewards.contains(Map.of("asset", "USDC", "amount", "0.0137")), rewards.toString());

      // getEmbedQuote and getEmbedCustomOrder
      sandbox.embed().setPrice("BTC", new BigDecimal("100000"));
      String quoteId = kraken.embed().requestQuote(r -> r.user(USER).type(QuoteType.SPEND)
          .amount(QuoteAmount.builder().asset("USD").amount(new BigDecimal("100.00")).build())
          .quote(QuoteCounterAsset.builder().asset("BTC").build())).quoteId();
      Map<?, ?> quote = get(sandbox, "embed/quotes/" + quoteId, 200);
      assertEquals(quoteId, quote.get("quote_id"));
      assertEquals(sandbox.embed().quoteStatus(quoteId).orElseThrow().value(), quote.get("status"));
      assertProblem(sandbox, "GET", "embed/quotes/NOPE", null, 404, "quote_id", "known to the sandbox");
      String orderId = kraken.embed().createCustomOrder(r -> r.user(USER).name("dip")
          .action(QuoteAction.builder().type(QuoteType.SPEND)
              .amount(QuoteAmount.builder().asset("USD").amount(new BigDecimal("100.00")).build())
              .quote(QuoteCounterAsset.builder().asset("BTC").build()).build())
          .trigger(CustomOrderTrigger.builder().type(CustomOrderTriggerType.PRICE).baseAsset("BTC").quoteAsset("USD")
              .targetPrice(new BigDecimal("90000")).condition(CustomOrderCondition.LTE).build())).order().id();
      Map<?, ?> order = get(sandbox, "embed/custom-orders/" + orderId, 200);
      assertEquals(orderId, order.get("order_id"));
      assertEquals(sandbox.embed().customOrderStatus(orderId).orElseThrow().value(), order.get("status"));
      assertProblem(sandbox, "GET", "embed/custom-orders/NOPE", null, 404, "order_id", "known to the sandbox");

      // getEmbedWebhook
      String webhookId = sandbox.credentials().webhookId();
      Webhook webhook = sandbox.embed().webhook(webhookId);
      Map<?, ?> served = get(sandbox, "embed/webhooks/" + webhookId, 200);
      assertEquals(webhook.id(), served.get("id"));
      assertEquals(webhook.url(), served.get("url"));
      assertEquals(webhook.enabled(), served.get("enabled"));
      assertEquals(webhook.subscribedEvents(), served.get("subscribed_events"));
      assertEquals(webhook.availableEvents(), served.get("available_events"));
      assertProblem(sandbox, "GET", "embed/webhooks/NOPE", null, 404, "webhook", "known to the sandbox");

      // listEmbedEventTypes
      List<String> types = sandbox.embed().eventTypes().stream().map(WebhookEventType::value).toList();
      assertEquals(types, get(sandbox, "embed/events", 200).get("event_types"));
      assertTrue(types.contains("reward.paid"), types.toString());

      // listEmbedSettlementReports
      assertEquals(sandbox.embed().settlementReportIds(), get(sandbox, "embed/settlement-reports", 200).get("ids"));
    }
  }

  /** The Embed writes, once over HTTP and once in Java. */
  private interface EmbedWrites {
    void setStatus(String iiban, String status);
    String move(String iiban, EmbedMovementKind kind, String asset, String amount, String reference);
    void saveAddress(String iiban, String asset, String methodId, String key, String address);
    void publish(String type, String iiban, Map<String, Object> data);
    String partnerDeposit(String asset, String amount);
  }

  @Test
  void embedWritesOverHttpLeaveTheWorldTheJavaControlsLeave() throws Exception {
    try (Sandbox overHttp = Sandbox.builder().clock(MutableClock.at(START)).start();
         Sandbox inJava = Sandbox.builder().clock(MutableClock.at(START)).start()) {
      Map<String, Object> viaHttp = embedStory(overHttp, new HttpWrites(overHttp));
      Map<String, Object> viaJava = embedStory(inJava, new JavaWrites(inJava));
      assertEquals(viaJava, viaHttp);
    }
  }

  private Map<String, Object> embedStory(Sandbox sandbox, EmbedWrites writes) throws Exception {
    Map<String, Object> state = new LinkedHashMap<>();
    String bitcoin = "6f1c2a9e-3b7d-4e52-9a01-5c8d7e2f4b13"; // the seed's BTC withdrawal method "Bitcoin"
    BigDecimal usd = sandbox.embed().balances(USER).get("USD");

    // createEmbedMovement: the two legs of a trade
    state.put("movement", writes.move(USER, EmbedMovementKind.TRADE, "USD", "-100.00", "Q1"));
    writes.move(USER, EmbedMovementKind.TRADE, "BTC", "0.001", "Q1");
    state.put("balances", sandbox.embed().balances(USER));
    assertEquals(0, usd.subtract(new BigDecimal("100.00")).compareTo(sandbox.embed().balances(USER).get("USD")));

    // saveEmbedWithdrawalAddress: withdrawFunds then takes the key
    writes.saveAddress(USER, "BTC", bitcoin, "cold", "bc1qexample");
    try (KrakenClient kraken = sandbox.newClient()) {
      String withdrawal = kraken.embed().withdrawFunds(r -> r.user(USER).asset("BTC").key("cold")
          .amount(new BigDecimal("0.0005")).idempotencyToken(UUID.randomUUID())).refId();
      state.put("withdrawal with the saved key", sandbox.embed().transferStatus(withdrawal).orElseThrow().value());
    }

    // createEmbedPartnerDeposit
    String refId = writes.partnerDeposit("BTC", "0.25");
    state.put("partner deposit", sandbox.embed().transferStatus(refId).orElseThrow().value());

    // publishEmbedEvent, then setEmbedUserStatus: the events they announce
    writes.publish("user.verified", USER, Map.of());
    writes.setStatus(Seed.SECOND_USER_IIBAN, "disabled");
    writes.setStatus(Seed.SECOND_USER_IIBAN, "closed");
    state.put("events", sandbox.embed().eventTypes().stream().map(WebhookEventType::value).toList());
    try (KrakenClient kraken = sandbox.newClient()) {
      state.put("second user", kraken.embed().getUser(r -> r.user(Seed.SECOND_USER_IIBAN)).status().state().value());
    }
    state.put("clock", sandbox.time().now());
    return state;
  }

  private final class HttpWrites implements EmbedWrites {
    private final Sandbox sandbox;

    HttpWrites(Sandbox sandbox) {
      this.sandbox = sandbox;
    }

    private String user(String iiban) {
      return "embed/users/" + iiban.replace(" ", "%20");
    }

    @Override
    public void setStatus(String iiban, String status) {
      Map<?, ?> user = call(sandbox, "PUT", user(iiban) + "/status", "{\"status\":\"" + status + "\"}", 200);
      assertEquals(iiban, user.get("user"));
    }

    @Override
    public String move(String iiban, EmbedMovementKind kind, String asset, String amount, String reference) {
      return (String) call(sandbox, "POST", user(iiban) + "/movements", "{\"kind\":\"" + kind.text() + "\",\"asset\":\""
          + asset + "\",\"amount\":\"" + amount + "\",\"reference\":\"" + reference + "\"}", 201).get("id");
    }

    @Override
    public void saveAddress(String iiban, String asset, String methodId, String key, String address) {
      Map<?, ?> saved = call(sandbox, "POST", user(iiban) + "/withdrawal-addresses", "{\"asset\":\"" + asset
          + "\",\"method_id\":\"" + methodId + "\",\"key\":\"" + key + "\",\"address\":\"" + address + "\"}", 201);
      assertEquals(key, saved.get("key"));
    }

    @Override
    public void publish(String type, String iiban, Map<String, Object> data) {
      String id = (String) call(sandbox, "POST", user(iiban) + "/events",
          "{\"event_type\":\"" + type + "\",\"data\":" + JSON.toJson(data) + "}", 201).get("id");
      assertTrue(!id.isEmpty());
    }

    @Override
    public String partnerDeposit(String asset, String amount) {
      Map<?, ?> deposit = call(sandbox, "POST", "embed/partner/deposits",
          "{\"asset\":\"" + asset + "\",\"amount\":\"" + amount + "\"}", 201);
      assertEquals("pending", deposit.get("status"));
      return (String) deposit.get("ref_id");
    }
  }

  private static final class JavaWrites implements EmbedWrites {
    private final Sandbox sandbox;

    JavaWrites(Sandbox sandbox) {
      this.sandbox = sandbox;
    }

    @Override
    public void setStatus(String iiban, String status) {
      if (status.equals("closed")) {
        sandbox.embed().closeUser(iiban);
      } else {
        sandbox.embed().disableUser(iiban);
      }
    }

    @Override
    public String move(String iiban, EmbedMovementKind kind, String asset, String amount, String reference) {
      return sandbox.embed().moveBalance(iiban, kind, asset, new BigDecimal(amount), reference);
    }

    @Override
    public void saveAddress(String iiban, String asset, String methodId, String key, String address) {
      sandbox.embed().saveWithdrawalAddress(iiban, asset, methodId, key, address);
    }

    @Override
    public void publish(String type, String iiban, Map<String, Object> data) {
      sandbox.embed().publishEvent(WebhookEventType.of(type), iiban, data);
    }

    @Override
    public String partnerDeposit(String asset, String amount) {
      return sandbox.embed().partnerDeposit(asset, new BigDecimal(amount));
    }
  }

  @Test
  void embedWritesOverHttpRefuseWhatTheJavaControlsRefuse() throws Exception {
    try (Sandbox sandbox = Sandbox.builder().clock(MutableClock.at(START)).start()) {
      String user = "embed/users/" + USER.replace(" ", "%20");
      BigDecimal before = sandbox.embed().balances(USER).get("USD");
      assertProblem(sandbox, "POST", user + "/movements",
          "{\"kind\":\"trade\",\"asset\":\"USD\",\"amount\":\"-999999999\"}", 409, "amount", "the balance never goes negative");
      assertEquals(before, sandbox.embed().balances(USER).get("USD"), "nothing changed");
      assertProblem(sandbox, "POST", user + "/movements", "{\"kind\":\"gift\",\"asset\":\"USD\",\"amount\":\"1\"}", 400,
          "kind", "must be one of trade, fee, deposit, withdrawal, reward");
      assertProblem(sandbox, "PUT", user + "/status", "{\"status\":\"verified\"}", 400, "status",
          "must be one of disabled, closed");
      assertProblem(sandbox, "PUT", "embed/users/AA38%20N84G%20ZQJ6%20NOPE/status", "{\"status\":\"closed\"}", 404,
          "user", "known to the sandbox");
      assertProblem(sandbox, "POST", user + "/withdrawal-addresses",
          "{\"asset\":\"BTC\",\"method_id\":\"nope\",\"key\":\"k\",\"address\":\"a\"}", 404, "method_id",
          "a withdrawal method of the asset");
      assertProblem(sandbox, "POST", "embed/users/AA38%20N84G%20ZQJ6%20NOPE/withdrawal-addresses",
          "{\"asset\":\"BTC\",\"method_id\":\"nope\",\"key\":\"k\",\"address\":\"a\"}", 404, "user",
          "known to the sandbox");
      assertProblem(sandbox, "POST", "embed/partner/deposits", "{\"asset\":\"BTC\",\"amount\":\"0\"}", 400, "amount",
          "above zero");
    }
  }

  @Test
  void webSocketFaultsOverHttpAreTheJavaControls() throws Exception {
    MutableClock clock = MutableClock.at(START);
    try (Sandbox sandbox = Sandbox.builder().clock(clock).start(); KrakenClient kraken = sandbox.newClient()) {
      // closeWebSocketConnections: the connections of one endpoint, with the code asked
      java.util.concurrent.BlockingQueue<String> closes = new java.util.concurrent.LinkedBlockingQueue<>();
      okhttp3.WebSocket socket = http.newWebSocket(new Request.Builder().url(sandbox.spotWebSocketUrl().toString()).build(),
          new okhttp3.WebSocketListener() {
            @Override
            public void onMessage(okhttp3.WebSocket webSocket, String text) {
              closes.add("message");
            }

            @Override
            public void onClosing(okhttp3.WebSocket webSocket, int code, String reason) {
              closes.add("closing " + code);
              webSocket.close(1000, null);
            }

            @Override
            public void onFailure(okhttp3.WebSocket webSocket, Throwable t, Response response) {
              closes.add("failure " + (response == null ? t.toString() : response.code()));
            }
          });
      assertEquals("message", closes.poll(5, java.util.concurrent.TimeUnit.SECONDS), "the status on connect");
      assertEquals(0, ((Number) call(sandbox, "POST", "websocket/connections/close", "{\"code\":1008,\"endpoint\":\"/auth/v2\"}",
          200).get("closed")).intValue());
      assertEquals(1, ((Number) call(sandbox, "POST", "websocket/connections/close", "{\"code\":1001,\"endpoint\":\"/v2\"}",
          200).get("closed")).intValue());
      assertEquals("closing 1001", closes.poll(5, java.util.concurrent.TimeUnit.SECONDS));
      socket.cancel();

      // each fault answers the log's line for it, the line the Java control's log shows
      Map<?, ?> pongs = call(sandbox, "POST", "websocket/faults/pongs", "{\"fault\":\"late\",\"delay_ms\":15000,\"count\":2}", 200);
      assertEquals("fault", pongs.get("kind"));
      assertEquals(lastEvent(sandbox), pongs);
      assertTrue(((String) pongs.get("detail")).contains("PT15S"), pongs.toString());
      assertArmed(sandbox, call(sandbox, "POST", "websocket/faults/pongs", "{\"fault\":\"missing\",\"seconds\":30}", 200));
      assertArmed(sandbox, call(sandbox, "POST", "websocket/faults/checksum",
          "{\"channel\":\"level3\",\"symbol\":\"BTC/USD\"}", 200));
      assertArmed(sandbox, call(sandbox, "POST", "websocket/faults/reply-without-result", "{\"method\":\"add_order\"}", 200));
      assertArmed(sandbox, call(sandbox, "POST", "websocket/faults/reply-without-result", "{}", 200));
      Map<?, ?> drop = call(sandbox, "POST", "websocket/faults/drop-message", "{\"channel\":\"ledgers\"}", 200);
      assertEquals(Map.of("at", START.toString(), "kind", "fault", "detail", "the next ledgers message dropped"), drop);
      assertArmed(sandbox, drop);

      // invalidateSpotWebSocketsToken
      String token = kraken.spot().getWebSocketsToken(GetWebSocketsTokenRequest.builder().build()).token();
      Map<?, ?> invalidated = call(sandbox, "DELETE", "spot/websockets-tokens/" + escape(token), null, 200);
      assertEquals(Map.of("token", token, "invalidated", true), invalidated);

      // refuseWebSocketConnections: the upgrade answered 503 until the sandbox clock passes the window
      Map<?, ?> refusal = call(sandbox, "POST", "websocket/faults/refuse-connections", "{\"seconds\":30}", 200);
      assertTrue(((String) refusal.get("detail")).contains("503"), refusal.toString());
      java.util.concurrent.BlockingQueue<String> refusals = new java.util.concurrent.LinkedBlockingQueue<>();
      http.newWebSocket(new Request.Builder().url(sandbox.spotWebSocketAuthUrl().toString()).build(),
          new okhttp3.WebSocketListener() {
            @Override
            public void onFailure(okhttp3.WebSocket webSocket, Throwable t, Response response) {
              refusals.add("failure " + (response == null ? t.toString() : response.code()));
            }
          });
      assertEquals("failure 503", refusals.poll(5, java.util.concurrent.TimeUnit.SECONDS));

      // getWebSocketLog: the Java control's counts and events
      Map<?, ?> log = get(sandbox, "websocket/log", 200);
      assertEquals(Map.of("/v2", 1.0, "/auth/v2", 1.0), log.get("attempts"));
      assertEquals(Map.of("/v2", 1L, "/auth/v2", 1L), sandbox.webSocket().connectionAttempts());
      List<Object> events = new ArrayList<>();
      for (io.github.krakensdk.sandbox.WebSocketEvent event : sandbox.webSocket().events()) {
        events.add(event(event));
      }
      assertEquals(events, log.get("events"));
      assertTrue(events.contains(Map.of("at", START.toString(), "endpoint", "/auth/v2", "kind", "refused", "detail", "503")),
          events.toString());

      // clearWebSocketFaults
      assertEquals("cleared", call(sandbox, "DELETE", "websocket/faults", null, 200).get("detail"));

      assertProblem(sandbox, "POST", "websocket/faults/pongs", "{\"fault\":\"late\",\"count\":1}", 400, "delay_ms",
          "required for late, refused for missing");
      assertProblem(sandbox, "POST", "websocket/faults/pongs", "{\"fault\":\"missing\"}", 400, "count",
          "exactly one of count and seconds");
      assertEquals("code", call(sandbox, "POST", "websocket/connections/close", "{\"code\":1000}", 400).get("field"));
      assertEquals("status", call(sandbox, "POST", "websocket/faults/refuse-connections", "{\"seconds\":1,\"status\":500}", 400)
          .get("field"));
      assertEquals("channel", call(sandbox, "POST", "websocket/faults/checksum", "{\"channel\":\"ticker\",\"symbol\":\"BTC/USD\"}",
          400).get("field"));
      assertEquals("channel", call(sandbox, "POST", "websocket/faults/drop-message", "{\"channel\":\"heartbeat\"}", 400)
          .get("field"));
      assertEquals("endpoint", call(sandbox, "POST", "websocket/connections/close", "{\"code\":1001,\"endpoint\":\"/v3\"}",
          400).get("field"));
      assertEquals(0, ((Number) call(sandbox, "POST", "websocket/connections/close",
          "{\"code\":1001,\"endpoint\":\"/unified/v2/private\"}", 200).get("closed")).intValue());
    }
  }

  private static Map<String, Object> event(io.github.krakensdk.sandbox.WebSocketEvent event) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("at", event.at().toString());
    if (event.endpoint() != null) json.put("endpoint", event.endpoint());
    json.put("kind", event.kind().wireName());
    if (event.detail() != null) json.put("detail", event.detail());
    return json;
  }

  /** A fault's answer over HTTP is the line the Java control's log ends with. */
  private static void assertArmed(Sandbox sandbox, Map<?, ?> answer) {
    assertEquals(lastEvent(sandbox), answer);
  }

  private static Map<String, Object> lastEvent(Sandbox sandbox) {
    List<io.github.krakensdk.sandbox.WebSocketEvent> events = sandbox.webSocket().events();
    return event(events.get(events.size() - 1));
  }

  private static String decrypt(KeyPair pair, String base64) throws Exception {
    Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding");
    cipher.init(Cipher.DECRYPT_MODE, pair.getPrivate());
    return new String(cipher.doFinal(Base64.getDecoder().decode(base64)), StandardCharsets.UTF_8);
  }

  private static String escape(String token) {
    return token.replace("+", "%2B").replace("/", "%2F");
  }

  private Map<?, ?> get(Sandbox sandbox, String path, int status) {
    return call(sandbox, "GET", path, null, status);
  }

  /** One control call: JSON text in, JSON text out, read as plain maps and lists. */
  private Map<?, ?> call(Sandbox sandbox, String method, String path, String body, int status) {
    Request request = new Request.Builder().url(sandbox.baseUrl() + "sandbox/v1/" + path)
        .method(method, body == null ? null : RequestBody.create(body, JSON_TYPE)).build();
    try (Response response = http.newCall(request).execute()) {
      String text = response.body().string();
      assertEquals(status, response.code(), method + " " + path + ": " + text);
      return (Map<?, ?>) JSON.fromJson(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void assertProblem(Sandbox sandbox, String method, String path, String body, int status, String field,
      String rule) {
    Map<?, ?> problem = call(sandbox, method, path, body, status);
    assertEquals(field, problem.get("field"), problem.toString());
    assertEquals(rule, problem.get("rule"), problem.toString());
  }
}
