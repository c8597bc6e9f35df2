package io.github.krakensdk.sandbox.internal.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.JsonAdapter;
import com.squareup.moshi.Moshi;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.CountryCode;
import io.github.krakensdk.embed.model.DocumentType;
import io.github.krakensdk.embed.model.FullName;
import io.github.krakensdk.embed.model.IdentityDocumentCheck;
import io.github.krakensdk.embed.model.Occupation;
import io.github.krakensdk.embed.model.Residence;
import io.github.krakensdk.embed.model.VerificationKind;
import io.github.krakensdk.embed.model.VerifiedIdentity;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.SpotFundingState;
import io.github.krakensdk.sandbox.WebhookDelivery;
import io.github.krakensdk.spot.model.ExportReportType;
import io.github.krakensdk.values.OrderPrice;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/**
 * The control plane driven as another language would: raw HTTP and JSON text, no SDK type for
 * any control call; and the same steps through the typed Java controls on a second sandbox end in
 * the same state. (The Kraken calls of the story, an order, a user, an export, go through the SDK
 * in both runs: they are not the control plane.)
 */
class ControlPlaneTest {
  private static final Instant START = Instant.parse("2026-11-28T09:00:00Z");
  private static final MediaType JSON_TYPE = MediaType.get("application/json");
  private static final JsonAdapter<Object> JSON = new Moshi.Builder().build().adapter(Object.class);
  private final OkHttpClient http = new OkHttpClient();

  /** The steps of the story, once over HTTP and once in Java. */
  private interface Controls {
    String[] createSpotKey(String tier);
    SpotFundingState deposit(String asset, String method, String amount);
    void advance(long seconds);
    BigDecimal lastPrice(String pair);
    BigDecimal trade(String pair, String side, String volume, String limitPrice);
    boolean approve(String iiban);
    List<String> deliveries(String webhookId);
  }

  @Test
  void theSameStoryOverHttpAndInJavaEndsInTheSameState() throws Exception {
    try (Sandbox overHttp = Sandbox.builder().clock(MutableClock.at(START)).start();
         Sandbox inJava = Sandbox.builder().clock(MutableClock.at(START)).start()) {
      Map<String, Object> viaHttp = story(overHttp, new HttpControls(overHttp));
      Map<String, Object> viaJava = story(inJava, new JavaControls(inJava));
      assertEquals(viaJava, viaHttp);
    }
  }

  private Map<String, Object> story(Sandbox sandbox, Controls controls) throws Exception {
    Map<String, Object> state = new LinkedHashMap<>();
    // A key with a tier.
    String[] key = controls.createSpotKey("pro");
    state.put("tier", sandbox.spot().key(key[0]).tier());
    Map<String, BigDecimal> before = sandbox.spot().balances();

    // Funded: a deposit arriving through its states.
    state.put("deposit arriving", controls.deposit("XBT", "Bitcoin", "0.5"));
    controls.advance(600);

    // A resting order that fills when another participant moves the price down to it.
    try (KrakenClient kraken = sandbox.newClientBuilder().spotCredentials(new ApiCredentials(key[0], key[1]))
        .spotRateTier(SpotRateTier.PRO).build()) {
      BigDecimal price = controls.lastPrice("XBTUSD").multiply(new BigDecimal("0.95")).setScale(1, RoundingMode.DOWN);
      kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.LIMIT)
          .price(OrderPrice.of(price)).volume(new BigDecimal("0.01")));
      BigDecimal traded = controls.trade("XBTUSD", "sell", "1000", price.toPlainString());
      assertTrue(traded.signum() > 0, "traded " + traded);
      state.put("last price", controls.lastPrice("XBTUSD").compareTo(price) == 0);

      // An export, processed once the clock passes its processing.
      String export = kraken.spot().addExport(r -> r.report(ExportReportType.LEDGERS).description("control")).id();
      controls.advance(60);
      try (var archive = kraken.spot().retrieveExport(r -> r.id(export))) {
        state.put("export processed", archive.inputStream().readAllBytes().length > 0);
      }
    }
    Map<String, BigDecimal> after = sandbox.spot().balances();
    state.put("XXBT gained", after.get("XXBT").subtract(before.get("XXBT")).stripTrailingZeros());

    // An Embed user whose verification is approved, announced to the partner's webhook (the demo
    // webhook is seeded with the custom-order and quote events only: user.verified is added).
    String webhook = sandbox.credentials().webhookId();
    try (KrakenClient kraken = sandbox.newClient()) {
      kraken.embed().updateWebhook(r -> r.webhookId(webhook).events(List.of("custom_order.executed",
          "custom_order.execution_failed", "quote.executed", "user.verified")));
      String iiban = kraken.embed().createUser(r -> r.externalId("control-1").email("maria.fernandez@example.com")
          .tosVersionAccepted(4).fullName(FullName.builder().firstName("Maria").lastName("Fernández").build())
          .dateOfBirth(LocalDate.parse("1988-07-14"))
          .residence(Residence.builder().line1("Calle de Alcalá 48").city("Madrid").postalCode("28014")
              .country(CountryCode.ES).build())
          .phone("+34915550123").nationalities(List.of(CountryCode.ES)).occupation(Occupation.FINANCE)).user();
      kraken.embed().submitVerificationUrl(r -> r.user(iiban).type(VerificationKind.IDENTITY_DOCUMENT)
          .metadata(IdentityDocumentCheck.builder()
              .identity(VerifiedIdentity.builder().fullName(FullName.builder().firstName("Maria").lastName("Fernández")
                  .build()).dateOfBirth(LocalDate.parse("1988-07-14")).build())
              .documentType(DocumentType.PASSPORT).documentNumber("PAE123456").issuingCountry(CountryCode.ES)
              .verifier("IDCheck Ltd").verifiedAt(OffsetDateTime.parse("2025-04-14T09:45:00Z")).build())
          .frontUrl("https://kyc.example.com/1/front.jpg"));
      state.put("verified", controls.approve(iiban));
    }
    List<String> delivered = List.of();
    for (int i = 0; i < 100 && !delivered.contains("user.verified delivered"); i++) {
      delivered = controls.deliveries(webhook);
      Thread.sleep(50);
    }
    assertTrue(delivered.contains("user.verified delivered"), "the webhook's deliveries: " + delivered);
    state.put("deliveries", delivered);
    state.put("clock", sandbox.time().now());
    return state;
  }

  private final class HttpControls implements Controls {
    private final String base;

    HttpControls(Sandbox sandbox) {
      this.base = sandbox.baseUrl() + "sandbox/v1/";
    }

    /** One control call: JSON text in, JSON text out, read as plain maps and lists. */
    private Object call(String method, String path, String body, int status) {
      Request request = new Request.Builder().url(base + path)
          .method(method, body == null ? null : RequestBody.create(body, JSON_TYPE)).build();
      try (Response response = http.newCall(request).execute()) {
        String text = response.body().string();
        assertEquals(status, response.code(), method + " " + path + ": " + text);
        return JSON.fromJson(text);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }

    @Override
    public String[] createSpotKey(String tier) {
      Map<?, ?> key = (Map<?, ?>) call("POST", "spot/keys", "{\"tier\":\"" + tier + "\"}", 201);
      return new String[] {(String) key.get("key"), (String) key.get("secret")};
    }

    @Override
    public SpotFundingState deposit(String asset, String method, String amount) {
      Map<?, ?> deposit = (Map<?, ?>) call("POST", "spot/deposits",
          "{\"asset\":\"" + asset + "\",\"method\":\"" + method + "\",\"amount\":\"" + amount + "\"}", 201);
      assertEquals("Settled", deposit.get("state"));
      return SpotFundingState.valueOf(((String) deposit.get("state")).toUpperCase());
    }

    @Override
    public void advance(long seconds) {
      call("POST", "clock/advance", "{\"seconds\":" + seconds + "}", 200);
    }

    @Override
    public BigDecimal lastPrice(String pair) {
      return new BigDecimal((String) ((Map<?, ?>) call("GET", "spot/markets/" + pair, null, 200)).get("last_price"));
    }

    @Override
    public BigDecimal trade(String pair, String side, String volume, String limitPrice) {
      Map<?, ?> trade = (Map<?, ?>) call("POST", "spot/markets/" + pair + "/trades",
          "{\"side\":\"" + side + "\",\"volume\":\"" + volume + "\",\"limit_price\":\"" + limitPrice + "\"}", 200);
      return new BigDecimal((String) trade.get("traded_volume"));
    }

    @Override
    public boolean approve(String iiban) {
      Map<?, ?> user = (Map<?, ?>) call("POST", "embed/users/" + iiban.replace(" ", "%20") + "/verification",
          "{\"decision\":\"approve\"}", 200);
      return (Boolean) user.get("verified");
    }

    @Override
    public List<String> deliveries(String webhookId) {
      List<String> seen = new ArrayList<>();
      for (Object delivery : (List<?>) ((Map<?, ?>) call("GET", "embed/webhooks/" + webhookId + "/deliveries", null, 200))
          .get("deliveries")) {
        Map<?, ?> d = (Map<?, ?>) delivery;
        seen.add(d.get("event_type") + " " + d.get("status"));
      }
      return seen;
    }
  }

  private static final class JavaControls implements Controls {
    private final Sandbox sandbox;

    JavaControls(Sandbox sandbox) {
      this.sandbox = sandbox;
    }

    @Override
    public String[] createSpotKey(String tier) {
      SandboxKey key = sandbox.spot().newKey().tier(SpotRateTier.valueOf(tier.toUpperCase())).issue();
      return new String[] {key.key(), key.secret()};
    }

    @Override
    public SpotFundingState deposit(String asset, String method, String amount) {
      return sandbox.spot().arriveDeposit(asset, method, new BigDecimal(amount)).state();
    }

    @Override
    public void advance(long seconds) {
      sandbox.time().advance(Duration.ofSeconds(seconds));
    }

    @Override
    public BigDecimal lastPrice(String pair) {
      return sandbox.spot().lastPrice(pair);
    }

    @Override
    public BigDecimal trade(String pair, String side, String volume, String limitPrice) {
      return sandbox.spot().trade(pair, OrderSide.of(side), new BigDecimal(volume), new BigDecimal(limitPrice));
    }

    @Override
    public boolean approve(String iiban) {
      sandbox.embed().approveVerification(iiban);
      return sandbox.embed().verified(iiban);
    }

    @Override
    public List<String> deliveries(String webhookId) {
      List<String> seen = new ArrayList<>();
      for (WebhookDelivery delivery : sandbox.embed().webhookDeliveries(webhookId)) {
        seen.add(delivery.eventType() + " " + delivery.status().name().toLowerCase());
      }
      return seen;
    }
  }

  @Test
  void aRequestTheDocumentRefusesIsAProblemNamingTheFieldAndTheRule() throws Exception {
    try (Sandbox sandbox = Sandbox.builder().clock(MutableClock.at(START)).start()) {
      String base = sandbox.baseUrl() + "sandbox/v1/";
      assertProblem(base, "POST", "spot/deposits", "{\"asset\":\"XBT\",\"method\":\"Bitcoin\",\"amount\":\"0,5\"}",
          400, "amount", "must be a decimal number as a string");
      assertProblem(base, "POST", "spot/deposits", "{\"asset\":\"XBT\",\"method\":\"Bitcoin\"}", 400, "amount", "required");
      assertProblem(base, "POST", "spot/deposits",
          "{\"asset\":\"XBT\",\"method\":\"Bitcoin\",\"amount\":\"1\",\"memo\":\"x\"}", 400, "memo",
          "not a member of this request (it takes: asset, method, amount)");
      assertProblem(base, "POST", "spot/keys", "{\"tier\":\"gold\"}", 400, "tier", "must be one of starter, intermediate, pro");
      assertProblem(base, "POST", "clock/advance", "{\"seconds\":-1}", 400, "seconds", "must be at least 0");
      assertProblem(base, "POST", "spot/orders/OXXXXX-XXXXX-XXXXXX/fills", "{\"fraction\":\"0\"}", 400, "fraction",
          "above zero");
      assertProblem(base, "PUT", "clock", "{\"now\":\"2020-01-01T00:00:00Z\"}", 409, "now",
          "the clock never runs backwards");
      assertProblem(base, "GET", "spot/deposits/NOPE", null, 404, "refid", "known to the sandbox");
      assertProblem(base, "POST", "spot/deposits", "{\"asset\":\"XBT\",\"method\":\"SEPA\",\"amount\":\"1\"}",
          404, null, "known to the sandbox");
      assertProblem(base, "POST", "embed/users/AA38%20N84G%20ZQJ6%20NOPE/verification", "{\"decision\":\"approve\"}",
          404, "user", "known to the sandbox");
      assertProblem(base, "DELETE", "clock", null, 405, null, "a method the path has");
      // What was refused changed nothing.
      assertEquals(START, sandbox.time().now());
    }
  }

  @Test
  void theSandboxServesItsDocumentAndTheBannerSaysWhere() throws Exception {
    try (Sandbox sandbox = Sandbox.builder().start()) {
      try (Response response = http.newCall(new Request.Builder()
          .url(sandbox.baseUrl() + "sandbox/v1/openapi.yaml").build()).execute()) {
        assertEquals(200, response.code());
        byte[] served = response.body().bytes();
        String yaml = new String(served, java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(yaml.startsWith("openapi: 3.0.3"), yaml.substring(0, 40));
        assertTrue(yaml.contains("operationId: fillSpotOrder"));
        // Byte for byte the document kraken-api-spec publishes (on the tests' classpath only; the
        // sandbox serves its own copy, made by the build).
        try (java.io.InputStream published = getClass().getClassLoader().getResourceAsStream("kraken/openapi/sandbox.yaml")) {
          assertTrue(java.util.Arrays.equals(published.readAllBytes(), served), "served as published");
        }
      }
      assertTrue(sandbox.describe().contains(sandbox.baseUrl() + "sandbox/v1/openapi.yaml"), sandbox.describe());
    }
  }

  @Test
  void everyOperationOfTheDocumentHasAHandler() {
    assertEquals(56, ControlPlane.operationIds().size(), ControlPlane.operationIds().toString());
  }

  private void assertProblem(String base, String method, String path, String body, int status, String field,
      String rule) throws IOException {
    Request.Builder request = new Request.Builder().url(base + path)
        .method(method, body == null ? (method.equals("GET") ? null : RequestBody.create(new byte[0])) : RequestBody.create(body, JSON_TYPE));
    try (Response response = http.newCall(request.build()).execute()) {
      String text = response.body().string();
      assertEquals(status, response.code(), text);
      assertEquals("application/problem+json", response.header("Content-Type"));
      Map<?, ?> problem = (Map<?, ?>) JSON.fromJson(text);
      assertEquals(field, problem.get("field"), text);
      assertEquals(rule, problem.get("rule"), text);
    }
  }

}
