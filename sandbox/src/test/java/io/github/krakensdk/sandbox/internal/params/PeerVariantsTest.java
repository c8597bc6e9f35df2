package io.github.krakensdk.sandbox.internal.params;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.krakensdk.auth.SpotSigner;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.sandbox.Raw;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxKey;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What other Kraken clients send to the live service, byte for byte as they send it (the bodies
 * measured in issue 23's research, {@code NONCE} standing for the nonce), signed over exactly those
 * bytes: the sandbox takes each variant the service takes, as the contract records it
 * ({@code x-kraken-ignored-members}, {@code x-kraken-service-clamps}, {@code
 * x-kraken-service-alternatives}, CONVENTIONS.md's reading rules), and still refuses what is really
 * invalid, naming the field.
 */
class PeerVariantsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final MediaType FORM_UTF8 = MediaType.get("application/x-www-form-urlencoded; charset=utf-8");

  private Sandbox sandbox;
  private Raw raw;
  private SandboxKey key;

  @BeforeEach
  void start() {
    sandbox = Sandbox.builder().start();
    raw = new Raw(sandbox);
    // A Pro key: these calls come back to back, as no client paces a test.
    key = sandbox.spot().newKey().tier(SpotRateTier.PRO).issue();
  }

  @AfterEach
  void stop() {
    assertEquals(List.of(), sandbox.responseProblems());
    sandbox.close();
  }

  // ---- AddOrder: members the service takes and ignores ----

  /** XChange 5.2.2's placeLimitOrder: {@code position=0} and {@code close={}} on every order. */
  @Test
  void xchangeAddOrderWithPositionAndScalarCloseIsPlaced() throws IOException {
    JsonNode placed = ok(form("/0/private/AddOrder",
        "pair=XXBTZUSD&type=buy&ordertype=limit&price=1000&volume=0.01&position=0&close=%7B%7D&nonce=NONCE", Raw.FORM));
    String txid = placed.at("/result/txid/0").asText();
    assertFalse(txid.isEmpty(), placed.toString());
    JsonNode open = ok(form("/0/private/OpenOrders", "trades=false&nonce=NONCE", Raw.FORM));
    assertTrue(open.at("/result/open").has(txid), open.toString());
  }

  /** XChange's close map written as text is ignored, not parsed: no conditional close is placed. */
  @Test
  void aScalarCloseIsNotReadAsAConditionalClose() throws IOException {
    JsonNode placed = ok(form("/0/private/AddOrder", "pair=XXBTZUSD&type=buy&ordertype=limit&price=1000&volume=0.01"
        + "&position=0&close=%7Bprice%3D900%2C+ordertype%3Dstop_loss%2C+price2%3Dnull%7D&nonce=NONCE", Raw.FORM));
    assertTrue(placed.at("/result/descr/close").isMissingNode(), placed.toString());
  }

  /** Kraken.Net's {@code trading_agreement=agree}, on AddOrder and AddOrderBatch. */
  @Test
  void tradingAgreementAgreeIsTaken() throws IOException {
    ok(form("/0/private/AddOrder",
        "pair=XBTUSD&type=buy&ordertype=limit&volume=0.01&price=1000&trading_agreement=agree&validate=true&nonce=NONCE",
        Raw.FORM));
    ok(json("/0/private/AddOrderBatch", "{\"orders\":[{\"ordertype\":\"limit\",\"type\":\"buy\",\"volume\":\"0.01\","
        + "\"price\":\"1000\"},{\"ordertype\":\"limit\",\"type\":\"buy\",\"volume\":\"0.01\",\"price\":\"1001\"}],"
        + "\"pair\":\"XBTUSD\",\"validate\":true,\"trading_agreement\":\"agree\",\"nonce\":NONCE}"));
  }

  /** Ignored is not unchecked: another agreement value, or an ignored member where it is not listed, is refused. */
  @Test
  void ignoredMembersAreStillChecked() throws IOException {
    refused(form("/0/private/AddOrder",
        "pair=XBTUSD&type=buy&ordertype=limit&volume=0.01&price=1000&trading_agreement=disagree&validate=true&nonce=NONCE",
        Raw.FORM), "EGeneral:Invalid arguments:trading_agreement");
    refused(form("/0/private/Balance", "position=0&nonce=NONCE", Raw.FORM), "EGeneral:Invalid arguments:position");
    // A JSON close object is the bracketed members: one it cannot be is refused, not dropped.
    refused(json("/0/private/AddOrder", "{\"nonce\":NONCE,\"ordertype\":\"limit\",\"type\":\"buy\",\"volume\":\"0.01\","
        + "\"pair\":\"XBTUSD\",\"price\":\"1000\",\"validate\":true,\"close\":{\"ordertyp\":\"limit\"}}"),
        "EGeneral:Invalid arguments:close");
  }

  // ---- Depth count ----

  /** XChange's getOrderBook(pair): {@code count=Long.MAX_VALUE} is clamped to 500 levels. */
  @Test
  void depthCountAbove500IsClamped() throws IOException {
    Raw.Answer answer = raw.get("/0/public/Depth?pair=XXBTZUSD&count=9223372036854775807");
    JsonNode book = ok(answer);
    JsonNode bids = book.at("/result/XXBTZUSD/bids");
    assertTrue(bids.isArray() && bids.size() > 0 && bids.size() <= 500, answer.body());
    refused(raw.get("/0/public/Depth?pair=XXBTZUSD&count=0"), "EGeneral:Invalid arguments:count");
  }

  // ---- Booleans ----

  /** python-kraken-sdk writes Python's {@code True}/{@code False}; {@code 1}/{@code 0} are taken too. */
  @Test
  void formBooleansInAnyCaseAndAsDigits() throws IOException {
    ok(form("/0/private/OpenOrders", "trades=True&nonce=NONCE", FORM_UTF8));
    ok(form("/0/private/ClosedOrders", "trades=FALSE&consolidate_taker=1&nonce=NONCE", FORM_UTF8));
    ok(form("/0/private/OpenPositions", "docalcs=True&nonce=NONCE", FORM_UTF8));
    ok(form("/0/private/Ledgers", "without_count=0&nonce=NONCE", FORM_UTF8));
    refused(form("/0/private/OpenOrders", "trades=yes&nonce=NONCE", FORM_UTF8), "EGeneral:Invalid arguments:trades");
  }

  /** python-kraken-sdk's create_order sends {@code validate=False} on every real order: it places one. */
  @Test
  void validateFalsePlacesTheOrderAndTrueOnlyValidates() throws IOException {
    String order = "ordertype=limit&type=buy&volume=0.01&pair=XBTUSD&price=1000&reduce_only=False"
        + "&stptype=cancel-newest&starttm=0&nonce=NONCE";
    JsonNode placed = ok(form("/0/private/AddOrder", order + "&validate=False", FORM_UTF8));
    assertEquals(1, placed.at("/result/txid").size(), placed.toString());
    JsonNode validated = ok(form("/0/private/AddOrder", order + "&validate=True", FORM_UTF8));
    assertTrue(validated.at("/result/txid").isMissingNode(), validated.toString());
  }

  // ---- TradeVolume fee-info ----

  @Test
  void tradeVolumeTakesFeeInfoInEveryForm() throws IOException {
    JsonNode ccxt = ok(form("/0/private/TradeVolume", "nonce=NONCE&pair=XXBTZUSD&fee-info=true", Raw.FORM));
    assertTrue(ccxt.at("/result/fees/XXBTZUSD").isObject(), ccxt.toString());
    ok(form("/0/private/TradeVolume", "fee-info=True&nonce=NONCE", FORM_UTF8)); // python-kraken-sdk
    ok(json("/0/private/TradeVolume", "{\"fee-info\":true,\"pair\":\"XBTUSD\",\"nonce\":NONCE}")); // Kraken.Net
    refused(form("/0/private/TradeVolume", "fee-info=maybe&nonce=NONCE", Raw.FORM), "EGeneral:Invalid arguments:fee-info");
  }

  /**
   * Kraken.Net since 2026-07-06: {@code pair} as a list of {@code {asset, aclass}} objects, which the
   * service takes since 16 June 2026 ({@code x-kraken-service-alternatives}).
   */
  @Test
  void tradeVolumeTakesPairAsAssetObjects() throws IOException {
    JsonNode krakenNet = ok(json("/0/private/TradeVolume", "{\"fee-info\":true,\"nonce\":NONCE,"
        + "\"pair\":[{\"asset\":\"XBTUSD\",\"aclass\":\"forex\"},{\"asset\":\"SOLEUR\",\"aclass\":\"forex\"}]}"));
    assertTrue(krakenNet.at("/result/fees/XXBTZUSD").isObject(), krakenNet.toString());
    assertTrue(krakenNet.at("/result/fees/SOLEUR").isObject(), krakenNet.toString());
    refused(json("/0/private/TradeVolume", "{\"nonce\":NONCE,\"pair\":[{\"aclass\":\"forex\"}]}"),
        "EGeneral:Invalid arguments:pair");
    refused(json("/0/private/TradeVolume", "{\"nonce\":NONCE,\"pair\":[\"XBTUSD\"]}"),
        "EGeneral:Invalid arguments:pair");
  }

  /**
   * Kraken.Net's {@code assetVersion} is a boolean ({@code newAssetNameResponse}); its spelling on
   * the wire is not confirmed, so the sandbox leans to accepting ({@code x-kraken-service-alternatives}
   * on the parameter): {@code true} in any letter case is {@code 1}, {@code false} and {@code 0}
   * the naming left out; other text is refused, naming the parameter.
   */
  @Test
  void assetVersionTrueIsOneAndFalseIsLeftOut() throws IOException {
    for (String one : List.of("1", "true", "True", "TRUE")) {
      JsonNode assets = ok(raw.get("/0/public/Assets?asset=ETH&assetVersion=" + one));
      assertEquals(List.of("ETH"), fieldNames(assets.path("result")), one);
      JsonNode pairs = ok(raw.get("/0/public/AssetPairs?pair=XBTUSD&assetVersion=" + one));
      assertEquals(List.of("BTC/USD"), fieldNames(pairs.path("result")), one);
      assertEquals("BTC", pairs.at("/result/BTC~1USD/base").asText(), one);
    }
    for (String leftOut : List.of("false", "False", "0")) {
      JsonNode assets = ok(raw.get("/0/public/Assets?asset=ETH&assetVersion=" + leftOut));
      assertEquals(List.of("XETH"), fieldNames(assets.path("result")), leftOut);
      JsonNode pairs = ok(raw.get("/0/public/AssetPairs?pair=XBTUSD&assetVersion=" + leftOut));
      assertEquals(List.of("XXBTZUSD"), fieldNames(pairs.path("result")), leftOut);
    }
    for (String invalid : List.of("2", "yes", "one")) {
      refused(raw.get("/0/public/Assets?assetVersion=" + invalid), "EGeneral:Invalid arguments:assetVersion");
      refused(raw.get("/0/public/AssetPairs?assetVersion=" + invalid), "EGeneral:Invalid arguments:assetVersion");
    }
    // Kraken.Net sends it on Balance too, which does not document it: taken and ignored.
    JsonNode jsonBalance = ok(json("/0/private/Balance", "{\"assetVersion\":true,\"nonce\":NONCE}"));
    assertTrue(jsonBalance.path("result").has("XXBT"), jsonBalance.toString());
    JsonNode formBalance = ok(form("/0/private/Balance", "nonce=NONCE&assetVersion=True", Raw.FORM));
    assertTrue(formBalance.path("result").has("XXBT"), formBalance.toString());
    refused(form("/0/private/Balance", "nonce=NONCE&assetVersion=maybe", Raw.FORM),
        "EGeneral:Invalid arguments:assetVersion");
  }

  private static List<String> fieldNames(JsonNode object) {
    List<String> names = new java.util.ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  // ---- JSON number forms ----

  /** ccxt and python-kraken-sdk send the JSON nonce as a string of digits (the signature hashes those digits). */
  @Test
  void jsonNonceAsAString() throws IOException {
    ok(json("/0/private/Balance", "{\"nonce\": \"NONCE\"}"));
    ok(json("/0/private/CancelOrderBatch", "{\"orders\": [\"OABCDE-FGHIJ-KLMNOP\"], \"nonce\": \"NONCE\"}"), "EOrder");
    ok(json("/0/private/AddOrderBatch", "{\"orders\": [{\"ordertype\": \"limit\", \"type\": \"buy\", \"volume\": "
        + "\"0.01\", \"price\": \"1000\"}, {\"ordertype\": \"limit\", \"type\": \"buy\", \"volume\": \"0.01\", "
        + "\"price\": \"1001\"}], \"pair\": \"XBTUSD\", \"validate\": true, \"nonce\": \"NONCE\"}"));
  }

  /** Kraken's own AddOrder example writes volume and price as JSON numbers; digits strings fill integers. */
  @Test
  void jsonNumbersWhereTheContractHasDecimalStrings() throws IOException {
    JsonNode placed = ok(json("/0/private/AddOrder", "{\"nonce\":NONCE,\"ordertype\":\"limit\",\"type\":\"buy\","
        + "\"volume\":1.25,\"pair\":\"XBTUSD\",\"price\":27500,\"validate\":true}"));
    assertEquals("buy 1.25000000 XBTUSD @ limit 27500.0", placed.at("/result/descr/order").asText(), placed.toString());
    ok(json("/0/private/AddOrder", "{\"nonce\":NONCE,\"ordertype\":\"limit\",\"type\":\"buy\",\"volume\":\"0.01\","
        + "\"pair\":\"XBTUSD\",\"price\":\"1000\",\"userref\":\"42\",\"validate\":true}"));
    refused(json("/0/private/AddOrder", "{\"nonce\":NONCE,\"ordertype\":\"limit\",\"type\":\"buy\",\"volume\":\"0.01\","
        + "\"pair\":\"XBTUSD\",\"price\":\"1000\",\"userref\":\"forty-two\",\"validate\":true}"),
        "EGeneral:Invalid arguments:userref");
  }

  // ---- otp ----

  /** Kraken.Net adds {@code otp} to every private call when a two-factor password is set. */
  @Test
  void otpIsTakenOnEveryPrivateOperation() throws IOException {
    ok(form("/0/private/Balance", "nonce=NONCE&otp=123456", Raw.FORM));
    ok(form("/0/private/TradeVolume", "nonce=NONCE&pair=XBTUSD&otp=123456", Raw.FORM));
    ok(json("/0/private/TradeBalance", "{\"nonce\":NONCE,\"otp\":\"123456\"}"));
  }

  // ---- bodies ----

  /** A body without Content-Type (curl --data-binary, hand-written clients) is read, never a 500. */
  @Test
  void aBodyWithoutContentTypeIsSniffed() throws IOException {
    ok(form("/0/private/Balance", "nonce=NONCE", null));
    ok(form("/0/private/TradeVolume", "{\"nonce\":NONCE,\"pair\":\"XBTUSD\"}", null));
    refused(form("/0/private/Balance", "nonce=NONCE&foo=bar", null), "EGeneral:Invalid arguments:foo");
  }

  /** An optional form field sent empty is absent; a required one sent empty is still refused. */
  @Test
  void anEmptyOptionalFormValueIsAbsent() throws IOException {
    ok(form("/0/private/AddOrder", "nonce=NONCE&ordertype=limit&type=buy&volume=0.01&pair=XBTUSD&price=1000"
        + "&oflags=&price2=&close%5Bprice2%5D=&displayvol=&validate=true", Raw.FORM));
    refused(form("/0/private/AddOrder", "nonce=NONCE&ordertype=limit&type=buy&volume=&pair=XBTUSD&price=1000"
        + "&validate=true", Raw.FORM), "EGeneral:Invalid arguments:volume");
  }

  // ---- methods ----

  /** The service has refused POST on public endpoints since January 2024 (405), and private ones take only POST. */
  @Test
  void publicPostAndPrivateGetAre405() throws IOException {
    Raw.Answer post = raw.send(new Request.Builder().url(sandbox.baseUrl() + "0/public/AssetPairs")
        .post(RequestBody.create("pair=XXBTZUSD", Raw.FORM)).build());
    assertEquals(405, post.status(), post.body());
    assertEquals("GET", post.headers().get("Allow"));
    assertEquals("EGeneral:Unknown method:POST /0/public/AssetPairs takes GET",
        JSON.readTree(post.body()).at("/error/0").asText());
    Raw.Answer get = raw.get("/0/private/Balance?nonce=1");
    assertEquals(405, get.status(), get.body());
    assertEquals("POST", get.headers().get("Allow"));
    assertEquals(404, raw.get("/0/public/Nothing").status());
  }

  // ---- nonces ----

  /** Nonces are unsigned 64-bit integers: up to 2^64 - 1, compared unsigned. */
  @Test
  void noncesInTheFullUnsigned64BitRange() throws IOException {
    BigInteger twoTo63 = BigInteger.ONE.shiftLeft(63);
    ok(signedForm("/0/private/Balance", twoTo63.toString(), "nonce=" + twoTo63, Raw.FORM));
    String max = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE).toString();
    ok(signedForm("/0/private/Balance", max, "nonce=" + max, Raw.FORM));
    JsonNode again = answer(signedForm("/0/private/Balance", max, "nonce=" + max, Raw.FORM));
    assertEquals("EAPI:Invalid nonce", again.at("/error/0").asText());
  }

  // ---- helpers ----

  /** {@code body} with its {@code NONCE} the next nonce, sent as {@code type} (none: no Content-Type), signed. */
  private Raw.Answer form(String path, String body, MediaType type) {
    String nonce = Long.toString(Raw.nonce());
    return signedForm(path, nonce, body.replace("NONCE", nonce), type);
  }

  private Raw.Answer json(String path, String body) {
    return form(path, body, Raw.JSON);
  }

  private Raw.Answer signedForm(String path, String nonce, String body, MediaType type) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    String sign = new SpotSigner(key.secret()).sign(path, nonce, bytes);
    return raw.send(new Request.Builder().url(sandbox.baseUrl() + path.substring(1))
        .header("API-Key", key.key()).header("API-Sign", sign)
        .post(RequestBody.create(bytes, type)).build());
  }

  private static JsonNode answer(Raw.Answer answer) throws IOException {
    return JSON.readTree(answer.body());
  }

  /** The answer, which must be a success (or, given, fail only with errors of {@code category}). */
  private static JsonNode ok(Raw.Answer answer, String... allowedCategory) throws IOException {
    assertEquals(200, answer.status(), answer.body());
    JsonNode body = answer(answer);
    for (JsonNode error : body.path("error")) {
      assertTrue(allowedCategory.length > 0 && error.asText().startsWith(allowedCategory[0]), answer.body());
    }
    if (allowedCategory.length > 0) {
      assertFalse(body.path("error").toString().contains("EGeneral:Invalid arguments"), answer.body());
    }
    return body;
  }

  /** Refused with {@code error} (the service's code and the field), then the rule broken. */
  private static void refused(Raw.Answer answer, String error) throws IOException {
    String first = answer(answer).at("/error/0").asText();
    assertTrue(first.startsWith(error + ":") || first.equals(error), answer.body());
  }
}
