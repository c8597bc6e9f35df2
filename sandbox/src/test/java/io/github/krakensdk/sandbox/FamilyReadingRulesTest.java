package io.github.krakensdk.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.sandbox.internal.Seed;
import io.github.krakensdk.runtime.call.SpotRateTier;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The reading rules (CONVENTIONS.md, "What the sandbox accepts beyond the contract") family by
 * family, as decided there: Spot, Embed and OAuth read JSON bodies with the same rules (a JSON
 * number for a decimal string, digits for an integer, {@code "true"} for a boolean), Futures has no
 * body and its one JSON document keeps its numbers; and every family answers a path called with a
 * method it does not take with HTTP 405 and {@code Allow}, in its own error envelope.
 */
class FamilyReadingRulesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final UUID BITCOIN = UUID.fromString("6f1c2a9e-3b7d-4e52-9a01-5c8d7e2f4b13");

  private Sandbox sandbox;
  private Raw raw;

  @BeforeEach
  void start() {
    sandbox = Sandbox.builder().start();
    raw = new Raw(sandbox);
  }

  @AfterEach
  void stop() {
    assertEquals(List.of(), sandbox.responseProblems());
    sandbox.close();
  }

  // ---- reading rules ----

  /** Spot: a JSON {@code "validate":"true"} only validates; {@code "yes"} is refused, naming the member. */
  @Test
  void spotReadsJsonBooleanStrings() throws IOException {
    SandboxKey key = sandbox.spot().newKey().tier(SpotRateTier.PRO).issue();
    String order = "\"pair\":\"XBTUSD\",\"type\":\"buy\",\"ordertype\":\"limit\",\"price\":1000,\"volume\":0.01";
    JsonNode validated = JSON.readTree(raw.spot("/0/private/AddOrder", key, Raw.nonce(),
        order + ",\"validate\":\"True\"").body());
    assertEquals(0, validated.at("/error").size(), validated.toString());
    assertTrue(validated.at("/result/txid").isMissingNode(), "validated only: " + validated);
    JsonNode placed = JSON.readTree(raw.spot("/0/private/AddOrder", key, Raw.nonce(),
        order + ",\"validate\":\"false\"").body());
    assertFalse(placed.at("/result/txid/0").asText().isEmpty(), "placed: " + placed);
    JsonNode refused = JSON.readTree(raw.spot("/0/private/AddOrder", key, Raw.nonce(),
        order + ",\"validate\":\"yes\"").body());
    assertTrue(refused.at("/error/0").asText().startsWith("EGeneral:Invalid arguments"), refused.toString());
    assertTrue(refused.at("/error/0").asText().contains("validate"), refused.toString());
  }

  /** Embed: {@code "amount": 0.01} is the decimal {@code "0.01"} and {@code "preview": "true"} a preview. */
  @Test
  void embedReadsJsonNumbersForDecimalsAndBooleanStrings() throws IOException {
    sandbox.embed().saveWithdrawalAddress(Seed.USER_IIBAN, "BTC", BITCOIN.toString(), "cold", "bc1qexample");
    String path = "/b2b/funds/withdrawals?user=" + Seed.USER_IIBAN;
    Raw.Answer preview = raw.embed("POST", path, "{\"asset\":\"BTC\",\"key\":\"cold\",\"amount\":0.01,"
        + "\"idempotency_token\":\"" + UUID.randomUUID() + "\",\"preview\":\"true\"}", sandbox.credentials().embed(),
        Raw.nonce());
    assertEquals(200, preview.status(), preview.body());
    JsonNode result = JSON.readTree(preview.body()).at("/result");
    assertTrue(result.path("ref_id").isMissingNode() || result.path("ref_id").isNull(), "a preview: " + result);
    assertEquals(0, new BigDecimal(result.at("/amount").asText()).compareTo(new BigDecimal("0.01")), result.toString());
    Raw.Answer refused = raw.embed("POST", path, "{\"asset\":\"BTC\",\"key\":\"cold\",\"amount\":0.01,"
        + "\"idempotency_token\":\"" + UUID.randomUUID() + "\",\"preview\":\"yes\"}", sandbox.credentials().embed(),
        Raw.nonce());
    assertEquals(400, refused.status(), refused.body());
    assertTrue(refused.body().contains("preview"), refused.body());
  }

  /** OAuth: {@code "nonce_window": "10"} is the integer 10, {@code "funds_query": "true"} the permission. */
  @Test
  void oauthReadsJsonDigitStringsAndBooleanStrings() throws IOException {
    String token;
    try (KrakenClient writer = OAuthFastApiKeyTest.authorized(sandbox, OAuthFastApiKeyTest.WRITE,
        OAuthFastApiKeyTest.READ, "account.fast-api-key:funds-query")) {
      token = writer.oauthTokens().accessToken();
    }
    Raw.Answer created = fastApiKey(token,
        "{\"api_key_name\":\"lenient\",\"nonce_window\":\"10\",\"permissions\":{\"funds_query\":\"true\"}}");
    assertEquals(200, created.status(), created.body());
    Raw.Answer listed = raw.send(new Request.Builder().url(HttpUrl.get(sandbox.baseUrl().resolve("oauth/fast-api-keys")))
        .header("Authorization", "Bearer " + token).build());
    JsonNode lenient = null;
    for (JsonNode key : JSON.readTree(listed.body()).at("/result")) {
      if (key.path("api_key_name").asText().equals("lenient")) {
        lenient = key;
      }
    }
    assertTrue(lenient != null, listed.body());
    assertEquals(10, lenient.at("/nonce_window").asInt(), lenient.toString());
    assertTrue(lenient.at("/permissions/funds_query").asBoolean(), lenient.toString());
    Raw.Answer refused = fastApiKey(token, "{\"api_key_name\":\"other\",\"permissions\":{\"funds_query\":\"yes\"}}");
    assertEquals(400, refused.status(), refused.body());
    assertTrue(refused.body().contains("funds_query"), refused.body());
  }

  /**
   * Futures: no body; its one JSON document ({@code simulate ?json=}) is read through the same layer,
   * a number in quotes as the number (lean-accept, as Moshi reads it), text that is no number refused.
   */
  @Test
  void futuresReadsItsJsonDocumentLeniently() {
    String document = "{\"positions\":[{\"instrument\":\"PF_XBTUSD\",\"size\":\"1\",\"entryPrice\":80000}]}";
    Raw.Answer quoted = simulate(document);
    Raw.Answer plain = simulate(document.replace("\"1\"", "1"));
    assertEquals(200, quoted.status(), quoted.body());
    assertEquals(JSON.valueToTree(plain.body().replaceAll("\"serverTime\":\"[^\"]*\"", "")),
        JSON.valueToTree(quoted.body().replaceAll("\"serverTime\":\"[^\"]*\"", "")), "the same simulation");
    Raw.Answer refused = simulate(document.replace("\"1\"", "\"one\""));
    assertEquals(400, refused.status(), refused.body());
  }

  private Raw.Answer simulate(String document) {
    return raw.futures("POST", "/demo-futures/derivatives/api/v3", "/portfolio-margining/simulate?json="
        + URLEncoder.encode(document, StandardCharsets.UTF_8), sandbox.credentials().futures(),
        Long.toString(Raw.nonce()));
  }

  // ---- 405 in every family ----

  @Test
  void everyFamilyAnswersAnotherMethodWith405AndAllow() throws IOException {
    Raw.Answer futures = raw.futures("GET", "/derivatives/api/v3", "/self-trade-strategy?strategy=REJECT_TAKER",
        sandbox.credentials().futures(), Long.toString(Raw.nonce()));
    assertEquals(405, futures.status(), futures.body());
    assertEquals("PUT", futures.headers().get("Allow"));
    assertEquals("error", JSON.readTree(futures.body()).at("/result").asText(), futures.body());

    Raw.Answer embed = raw.embed("DELETE", "/b2b/funds/withdrawals", null, sandbox.credentials().embed(), Raw.nonce());
    assertEquals(405, embed.status(), embed.body());
    assertEquals("POST", embed.headers().get("Allow"));
    assertEquals("EGeneral:Unknown method:DELETE /b2b/funds/withdrawals takes POST",
        JSON.readTree(embed.body()).at("/error/0").asText());

    Raw.Answer oauth = raw.send(new Request.Builder().url(HttpUrl.get(sandbox.baseUrl().resolve("oauth/token"))).build());
    assertEquals(405, oauth.status(), oauth.body());
    assertEquals("POST", oauth.headers().get("Allow"));
    assertEquals("invalid_request", JSON.readTree(oauth.body()).at("/error").asText(), oauth.body());

    Raw.Answer fastKey = raw.send(new Request.Builder().url(HttpUrl.get(sandbox.baseUrl().resolve("oauth/fast-api-key")))
        .patch(RequestBody.create("{}", MediaType.get("application/json"))).build());
    assertEquals(405, fastKey.status(), fastKey.body());
    assertEquals("DELETE, POST, PUT", fastKey.headers().get("Allow"));

    assertEquals(404, raw.get("/oauth/nothing").status(), "an unknown path stays 404");
  }

  private Raw.Answer fastApiKey(String token, String json) {
    return raw.send(new Request.Builder().url(HttpUrl.get(sandbox.baseUrl().resolve("oauth/fast-api-key")))
        .header("Authorization", "Bearer " + token)
        .post(RequestBody.create(json, MediaType.get("application/json"))).build());
  }
}
