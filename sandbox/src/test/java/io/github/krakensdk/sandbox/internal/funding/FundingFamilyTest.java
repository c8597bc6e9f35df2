package io.github.krakensdk.sandbox.internal.funding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.SandboxState;
import io.github.krakensdk.sandbox.SpotKeyPermission;
import io.github.krakensdk.sandbox.internal.params.JsonTree;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingCatalog;
import io.github.krakensdk.sandbox.internal.spot.funding.Withdrawals;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Funding (Beta) over HTTP, every request signed here with the JDK's {@code Mac} (not the SDK's
 * signer, nor the sandbox's {@code Signatures}): all fifteen operations against the contract, the
 * state shared with the legacy Spot funding calls both ways, the fee token's rules, cursor pages,
 * the problem documents of every refusal, the one nonce per key, and the state document.
 */
class FundingFamilyTest {
  static final Instant START = Instant.parse("2026-03-14T09:00:00Z");
  static final String USDC_WITHDRAW = FundingCatalog.withdrawMethod("USDC", "USDC - Ethereum (ERC20)").methodId();
  static final String ETH_WITHDRAW = FundingCatalog.withdrawMethod("XETH", "Ether").methodId();
  static final String BTC_DEPOSIT = FundingCatalog.depositMethod("XXBT", "Bitcoin").methodId();
  static final String EVM_ADDRESS = "0xBef7B36845cA31045E86D0B46DBCac4e67520001";

  final MutableClock clock = MutableClock.at(START);
  /** Rate limits off, as so many calls on one key would fill a Starter counter on a clock that stands still. */
  Sandbox sandbox = Sandbox.builder().clock(clock).checkResponses(true).spotRateLimits(false).start();
  SandboxKey key = sandbox.credentials().spot();
  final HttpClient http = HttpClient.newHttpClient();
  /** One nonce sequence for every call of the key, Spot's and Funding's. */
  final AtomicLong nonces = new AtomicLong(1_700_000_000_000L);

  record Answer(int status, String contentType, String text) {
    Map<String, Object> json() {
      return JsonTree.readObject(text);
    }

    /** The problem's code: the tag after {@code tag:kraken.com,2025:}. */
    String code() {
      String type = (String) json().get("type");
      return type.substring(type.lastIndexOf(':') + 1);
    }
  }

  @AfterEach
  void everyAnswerMatchedTheContract() {
    try {
      assertEquals(List.of(), sandbox.responseProblems());
    } finally {
      sandbox.close();
    }
  }

  // ---- signing, with the JDK alone ----

  static String sign(String secret, String pathAndQuery, String nonce, byte[] body) {
    try {
      MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
      sha256.update(nonce.getBytes(StandardCharsets.UTF_8));
      sha256.update(body);
      Mac mac = Mac.getInstance("HmacSHA512");
      mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret), "HmacSHA512"));
      mac.update(pathAndQuery.getBytes(StandardCharsets.UTF_8));
      mac.update(sha256.digest());
      return Base64.getEncoder().encodeToString(mac.doFinal());
    } catch (GeneralSecurityException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void theSignatureIsThePublishedVector() {
    // nyg/kraken-api-java's vector, with the secret of Kraken's Spot example (funding.yaml's ApiSign).
    String secret = "kQH5HW/8p1uGOVjbgWA7FunAmGO8lsSUXNsu3eow76sz84Q18fWxnyRzBHCd3pd5nE9qa99HAZtuZuj6F1huXg==";
    assertEquals("+EH4mm7c+g2d6XOdsx+0rElDQTXFVxuzLIYLgZJwEe80Wi1TMWKDRoQA1dIXD/QFCGEwtvrp32APAoXMXT2k3w==",
        sign(secret, "/funding/v1/fees/d4ec4d52-b159-428e-ba64-f45455a978a1?amount=5&fee_included=true",
            "1616492376594", new byte[0]));
    assertEquals("yYxZeNH5UgFeG841NuiZqm5zjoS3cveFTirBsgZDWnh4fADlRy4dYkKf3FKFDEayhMj1+AAck1mZ0Uihv4PN1w==",
        sign(secret, "/funding/v1/networks", "1616492376594", new byte[0]));
    assertEquals("Lc9l+liE00GWbh8QHewQEfGH3S6pYOjHIiTRyb9s9/Cynw9lIc1Y/z7LW+u8XUAVZ7AUdCrK7wmWYmBXHBp7Kg==",
        sign(secret, "/funding/v1/addresses", "1616492376594", ("{\"scope\":{\"network_id\":\"d9d375da-44b7-4be1-8a00-"
            + "8b281acfe366\"},\"address_details\":{\"crypto\":{\"address\":\"0xBef7B36845cA31045E86D0B46DBCac4e6752\"}},"
            + "\"name\":\"Personal Wallet\"}").getBytes(StandardCharsets.UTF_8)));
    // The sandbox's own check computes the same.
    assertEquals(sign(secret, "/funding/v1/networks", "1", new byte[0]),
        io.github.krakensdk.sandbox.internal.http.Signatures.apiSign(secret, "/funding/v1/networks", "1", new byte[0]));
  }

  /**
   * API-OTP (funding.yaml's optional header of every operation, the key's two-factor password) is
   * taken and ignored, as the sandbox's keys have no two-factor authentication: with any value the
   * call is answered as without it; it is not part of the signed message.
   */
  @Test
  void aOneTimePasswordIsTakenAndIgnored() {
    String nonce = Long.toString(nonces.incrementAndGet());
    Answer answer = send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "funding/v1/networks"))
        .header("API-Key", key.key()).header("API-Nonce", nonce).header("API-OTP", "123456")
        .header("API-Sign", sign(key.secret(), "/funding/v1/networks", nonce, new byte[0])).GET().build());
    assertEquals(ok(call("GET", "/funding/v1/networks", null)), ok(answer));
  }

  Answer call(String method, String pathAndQuery, String body) {
    return call(key, method, pathAndQuery, body, nonces.incrementAndGet());
  }

  Answer call(SandboxKey key, String method, String pathAndQuery, String body, long nonce) {
    return call(key.key(), key.secret(), method, pathAndQuery, body, nonce);
  }

  Answer call(String apiKey, String secret, String method, String pathAndQuery, String body, long nonce) {
    String nonceText = Long.toString(nonce);
    byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + pathAndQuery.substring(1)))
        .header("API-Key", apiKey).header("API-Nonce", nonceText)
        .header("API-Sign", sign(secret, pathAndQuery, nonceText, bytes));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(bytes));
    return send(request.build());
  }

  Answer send(HttpRequest request) {
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(null),
          response.body());
    } catch (IOException | InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  /** A legacy Spot private call, its nonce in the JSON body, signed the same way. */
  Map<String, Object> spot(String operation, String moreJson) {
    Answer answer = spotCall(operation, moreJson, nonces.incrementAndGet());
    Map<String, Object> envelope = answer.json();
    assertEquals(List.of(), envelope.get("error"), answer.text());
    return envelope;
  }

  Answer spotCall(String operation, String moreJson, long nonce) {
    String path = "/0/private/" + operation;
    String body = "{\"nonce\":" + nonce + (moreJson.isEmpty() ? "" : "," + moreJson) + "}";
    return send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path.substring(1)))
        .header("API-Key", key.key()).header("Content-Type", "application/json")
        .header("API-Sign", sign(key.secret(), path, Long.toString(nonce), body.getBytes(StandardCharsets.UTF_8)))
        .POST(HttpRequest.BodyPublishers.ofString(body)).build());
  }

  static String q(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  Map<String, Object> ok(Answer answer) {
    assertEquals(200, answer.status(), answer.text());
    assertEquals("application/json", answer.contentType());
    return answer.json();
  }

  void problem(Answer answer, int status, String code) {
    assertEquals(status, answer.status(), answer.text());
    assertEquals("application/problem+json", answer.contentType(), answer.text());
    assertEquals(code, answer.code(), answer.text());
    assertEquals(status, ((Number) answer.json().get("status")).intValue());
    assertNotNull(answer.json().get("title"));
  }

  String saveAddress(String scopeKind, String scopeId, String name) {
    return (String) ok(call("POST", "/funding/v1/addresses", "{\"scope\":{\"" + scopeKind + "\":\"" + scopeId
        + "\"},\"address_details\":{\"crypto\":{\"address\":\"" + EVM_ADDRESS + "\"}},\"name\":\"" + name + "\"}"))
        .get("address_id");
  }

  // ---- the fifteen operations ----

  @Test
  void everyOperationIsServedAndMatchesTheContract() {
    ok(call("GET", "/funding/v1/methods/deposit", null));
    ok(call("GET", "/funding/v1/methods/withdraw?" + q("asset[class]") + "=currency&" + q("asset[name]") + "=USDC", null));
    Map<String, Object> assets = ok(call("GET", "/funding/v1/assets/withdraw?asset_class=currency", null));
    assertTrue(((List<?>) assets.get("currency")).contains(Map.of("name", "USDC")), assets.toString());
    assertFalse(assets.containsKey("tokenized_asset"));
    Map<String, Object> networks = ok(call("GET", "/funding/v1/networks", null));
    assertEquals("EVM", ((Map<?, ?>) ((List<?>) networks.get("network_groups")).get(0)).get("name"));
    Map<String, Object> quote = ok(call("GET", "/funding/v1/fees/" + USDC_WITHDRAW + "?amount=10&fee_included=true", null));
    assertEquals("2.50000000", ((Map<?, ?>) quote.get("fee")).get("amount"));
    assertEquals("7.50000000", ((Map<?, ?>) quote.get("net_amount")).get("amount"));
    assertNotNull(quote.get("withdrawal_fee_token"));
    assertNull(ok(call("GET", "/funding/v1/fees/" + BTC_DEPOSIT + "?amount=1", null)).get("withdrawal_fee_token"),
        "deposit methods have no fee token");
    ok(call("GET", "/funding/v1/limits/deposit/currency/EUR", null));
    Map<String, Object> limits = ok(call("GET", "/funding/v1/limits/withdrawal/currency/USDC", null));
    assertNotNull(limits.get("available_balance"));
    ok(call("PUT", "/funding/v1/deposit/address", "{\"method_id\":\"" + BTC_DEPOSIT + "\"}"));
    ok(call("GET", "/funding/v2/deposit/addresses?" + q("scope[method_id]") + "=" + BTC_DEPOSIT, null));
    ok(call("GET", "/funding/v1/deposits", null));
    ok(call("GET", "/funding/v1/addresses", null));
    String id = saveAddress("network_id", FundingCatalog.ETHEREUM, "Personal Wallet");
    assertEquals(Map.of("verified", true), ok(call("PUT", "/funding/v1/addresses/" + id,
        "{\"description\":\"hardware wallet\"}")));
    Map<String, Object> made = ok(call("POST", "/funding/v1/withdrawals", "{\"scope\":{\"method_id\":\"" + USDC_WITHDRAW
        + "\"},\"address_id\":\"" + id + "\",\"amount\":{\"asset_amount\":{\"asset\":{\"class\":\"currency\",\"name\":"
        + "\"USDC\"},\"amount\":\"10\"}}}"));
    assertTrue(((String) made.get("withdrawal_id")).startsWith("FT"));
    ok(call("GET", "/funding/v1/withdrawals", null));
    assertEquals(Map.of("result", true), ok(call("DELETE", "/funding/v1/addresses/" + id, null)));

    for (String operation : List.of("listFundingMethodsV1", "listFundingAssetsV1", "listFundingNetworksV1",
        "calculateFundingFeesV1", "listFundingDepositLimitsV1", "listFundingWithdrawalLimitsV1",
        "claimFundingDepositAddressV1", "listFundingClaimedAddressesV2", "listFundingDepositsV1",
        "listFundingAddressesV1", "createFundingAddressV1", "updateFundingAddressV1", "deleteFundingAddressV1",
        "createFundingWithdrawalV1", "listFundingWithdrawalsV1")) {
      assertTrue(sandbox.checkedResponses().contains(operation + " 200"), operation + " in " + sandbox.checkedResponses());
    }
  }

  // ---- one state with the legacy calls ----

  @Test
  void aFundingWithdrawalIsALegacyWithdrawalAndTheOtherWayRound() {
    String id = saveAddress("network_group_id", FundingCatalog.EVM_GROUP, "evm-cold");
    // The address's name is a legacy key, for each method of its scope (Ether and USDC on Ethereum).
    List<?> keys = (List<?>) spot("WithdrawAddresses", "\"key\":\"evm-cold\"").get("result");
    assertEquals(2, keys.size(), keys.toString());

    Map<String, Object> made = ok(call("POST", "/funding/v1/withdrawals", "{\"scope\":{\"network_id\":\""
        + FundingCatalog.ETHEREUM + "\"},\"address_id\":\"" + id + "\",\"amount\":{\"asset_amount\":{\"asset\":{\"class\":"
        + "\"currency\",\"name\":\"ETH\"},\"amount\":\"0.1\"}},\"expected_address\":\"" + EVM_ADDRESS + "\"}"));
    String withdrawalId = (String) made.get("withdrawal_id");
    Map<?, ?> legacy = legacyWithdrawal(withdrawalId);
    assertEquals("evm-cold", legacy.get("key"));
    assertEquals("Ether", legacy.get("method"));
    assertEquals(EVM_ADDRESS, legacy.get("info"));
    assertEquals("0.0985000000", legacy.get("amount"), "0.1 less the fee 0.0015, included");

    String refid = (String) ((Map<?, ?>) spot("Withdraw", "\"asset\":\"USDC\",\"key\":\"evm-cold\",\"amount\":\"20\"")
        .get("result")).get("refid");
    Map<?, ?> listed = null;
    for (Object item : (List<?>) ok(call("GET", "/funding/v1/withdrawals", null)).get("withdrawals")) {
      if (((Map<?, ?>) item).get("withdrawal_id").equals(refid)) {
        listed = (Map<?, ?>) item;
      }
    }
    assertNotNull(listed, "the legacy withdrawal is listed");
    assertEquals(id, listed.get("address_id"));
    assertEquals(USDC_WITHDRAW, listed.get("method_id"));
    assertEquals("pending", listed.get("status"));
    assertEquals("17.50000000", ((Map<?, ?>) listed.get("amount")).get("amount"));

    clock.advance(Duration.ofMinutes(3));
    assertEquals("Success", legacyWithdrawal(withdrawalId).get("status"));
    List<?> succeeded = (List<?>) ok(call("GET", "/funding/v1/withdrawals?status=success&" + q("asset[class]")
        + "=currency&" + q("asset[name]") + "=ETH", null)).get("withdrawals");
    assertEquals(withdrawalId, ((Map<?, ?>) succeeded.get(0)).get("withdrawal_id"));
  }

  @Test
  void theSeededHistoryIsListedInFundingsTerms() {
    Map<Object, Object> statuses = new java.util.HashMap<>();
    for (Object item : (List<?>) ok(call("GET", "/funding/v1/withdrawals", null)).get("withdrawals")) {
      Map<?, ?> withdrawal = (Map<?, ?>) item;
      statuses.put(withdrawal.get("withdrawal_id"), withdrawal.get("status"));
      assertNotNull(withdrawal.get("address_id"), "each seeded withdrawal went to a seeded key: " + withdrawal);
    }
    assertEquals(Map.of(Withdrawals.INITIAL, "pending", Withdrawals.PENDING, "pending", Withdrawals.SETTLED, "pending",
        Withdrawals.SUCCESS, "success", Withdrawals.FAILURE, "failed", Withdrawals.CANCELLED, "failed"), statuses);
    List<?> methods = (List<?>) ok(call("GET", "/funding/v1/methods/withdraw", null)).get("methods");
    assertEquals(FundingCatalog.methods(FundingCatalog.WITHDRAW).size(), methods.size());
    assertEquals(((List<?>) spot("WithdrawMethods", "").get("result")).size(), methods.size(),
        "the legacy WithdrawMethods, one for one");
    for (Object method : methods) {
      java.util.UUID.fromString((String) ((Map<?, ?>) method).get("method_id"));
    }
  }

  private Map<?, ?> legacyWithdrawal(String refid) {
    for (Object item : (List<?>) spot("WithdrawStatus", "").get("result")) {
      if (((Map<?, ?>) item).get("refid").equals(refid)) {
        return (Map<?, ?>) item;
      }
    }
    throw new AssertionError("WithdrawStatus does not list " + refid);
  }

  @Test
  void depositsAndAddressesAreTheLegacyOnes() {
    Map<?, ?> claimed = (Map<?, ?>) ((Map<?, ?>) ok(call("PUT", "/funding/v1/deposit/address",
        "{\"method_id\":\"" + BTC_DEPOSIT + "\"}")).get("address_details")).get("crypto");
    String address = (String) claimed.get("address");
    List<?> legacy = (List<?>) spot("DepositAddresses", "\"asset\":\"XBT\",\"method\":\"Bitcoin\"").get("result");
    assertEquals(address, ((Map<?, ?>) legacy.get(0)).get("address"), "DepositAddresses shows the claimed address");
    assertEquals(address, ((Map<?, ?>) ((Map<?, ?>) ok(call("PUT", "/funding/v1/deposit/address",
        "{\"method_id\":\"" + BTC_DEPOSIT + "\"}")).get("address_details")).get("crypto")).get("address"),
        "an address nothing has reached yet is claimed again");

    String refid = sandbox.spot().arriveDeposit("XBT", "Bitcoin", new BigDecimal("0.25")).refid();
    List<?> deposits = (List<?>) ok(call("GET", "/funding/v1/deposits", null)).get("deposits");
    Map<?, ?> newest = (Map<?, ?>) deposits.get(0);
    assertEquals(refid, newest.get("deposit_id"));
    assertEquals("settled", newest.get("status"));
    assertNull(newest.get("fee"), "no fee until it completes");
    List<?> settled = (List<?>) ok(call("GET", "/funding/v1/deposits?" + q("status[range][start]") + "=pending&"
        + q("status[range][end]") + "=settled", null)).get("deposits");
    assertTrue(settled.stream().allMatch(d -> ((Map<?, ?>) d).get("status").equals("settled")), settled.toString());
    List<?> used = (List<?>) ok(call("GET", "/funding/v2/deposit/addresses?" + q("scope[network_id]") + "="
        + FundingCatalog.depositMethod("XXBT", "Bitcoin").networkId(), null)).get("addresses");
    assertTrue(used.stream().anyMatch(a -> ((Map<?, ?>) a).get("last_used") != null), used.toString());
    problem(call("GET", "/funding/v2/deposit/addresses?" + q("scope[network_group_id]") + "=" + FundingCatalog.EVM_GROUP,
        null), 400, "InvalidArguments");
  }

  @Test
  void savedAddressesAreTheLegacyKeys() {
    String id = saveAddress("method_id", USDC_WITHDRAW, "usdc-desk");
    problem(call("POST", "/funding/v1/addresses", "{\"scope\":{\"method_id\":\"" + USDC_WITHDRAW
        + "\"},\"address_details\":{\"crypto\":{\"address\":\"0x1\"}},\"name\":\"btc-wallet-1\"}"), 409,
        "DuplicateAddressName");
    ok(call("PUT", "/funding/v1/addresses/" + id, "{\"name\":\"usdc-desk-2\"}"));
    List<?> keys = (List<?>) spot("WithdrawAddresses", "\"asset\":\"USDC\"").get("result");
    assertTrue(keys.stream().anyMatch(k -> ((Map<?, ?>) k).get("key").equals("usdc-desk-2")), keys.toString());
    assertTrue(keys.stream().noneMatch(k -> ((Map<?, ?>) k).get("key").equals("usdc-desk")), keys.toString());
    // The seeded legacy keys are saved addresses too, scoped to their method; a method lists its network's.
    saveAddress("network_id", FundingCatalog.ETHEREUM, "eth-any");
    List<?> forUsdc = (List<?>) ok(call("GET", "/funding/v1/addresses?" + q("scope[method_id]") + "=" + USDC_WITHDRAW,
        null)).get("addresses");
    List<Object> names = new ArrayList<>();
    forUsdc.forEach(a -> names.add(((Map<?, ?>) a).get("name")));
    assertEquals(List.of("usdc-ledger", "usdc-desk-2", "eth-any"), names);
    ok(call("DELETE", "/funding/v1/addresses/" + id, null));
    problem(call("DELETE", "/funding/v1/addresses/" + id, null), 404, "NotFound");
    assertTrue(((List<?>) spot("WithdrawAddresses", "\"key\":\"usdc-desk-2\"").get("result")).isEmpty());
  }

  // ---- fees and withdrawals ----

  @Test
  void aFeeTokenServesSeveralWithdrawalsForFiveMinutes() {
    String id = saveAddress("method_id", USDC_WITHDRAW, "usdc-token");
    String token = (String) ok(call("GET", "/funding/v1/fees/" + USDC_WITHDRAW + "?amount=10&fee_included=false", null))
        .get("withdrawal_fee_token");
    String body = "{\"scope\":{\"method_id\":\"" + USDC_WITHDRAW + "\"},\"address_id\":\"" + id + "\",\"amount\":"
        + "{\"asset_amount\":{\"asset\":{\"class\":\"currency\",\"name\":\"USDC\"},\"amount\":\"10\"}},\"fee\":"
        + "{\"quoted_fee\":{\"token\":\"" + token + "\"},\"fee_included\":%s}}";
    Map<String, Object> first = ok(call("POST", "/funding/v1/withdrawals", body.formatted("false")));
    assertEquals("12.50000000", ((Map<?, ?>) ((Map<?, ?>) first.get("gross_amount")).get("asset_amount")).get("amount"));
    clock.advance(Duration.ofMinutes(4));
    ok(call("POST", "/funding/v1/withdrawals", body.formatted("false")));
    problem(call("POST", "/funding/v1/withdrawals", body.formatted("true")), 400, "InvalidFeeToken");
    Map<String, Object> requote = ok(call("GET", "/funding/v1/fees/" + USDC_WITHDRAW + "?amount=20&fee_included=false"
        + "&withdrawal_fee_token=" + token, null));
    assertEquals(token, requote.get("withdrawal_fee_token"));
    clock.advance(Duration.ofMinutes(1));
    problem(call("POST", "/funding/v1/withdrawals", body.formatted("false")), 400, "InvalidFeeToken");

    String maxFee = "{\"scope\":{\"method_id\":\"" + USDC_WITHDRAW + "\"},\"address_id\":\"" + id + "\",\"amount\":"
        + "{\"asset_amount\":{\"asset\":{\"class\":\"currency\",\"name\":\"USDC\"},\"amount\":\"10\"}},\"fee\":"
        + "{\"current_fee\":{\"max_fee\":{\"asset_amount\":{\"asset\":{\"class\":\"currency\",\"name\":\"USDC\"},"
        + "\"amount\":\"%s\"}}},\"fee_included\":true}}";
    problem(call("POST", "/funding/v1/withdrawals", maxFee.formatted("2")), 400, "InvalidArguments");
    ok(call("POST", "/funding/v1/withdrawals", maxFee.formatted("2.5")));
  }

  @Test
  void withdrawalsAreRefusedAsTheContractSays() {
    String id = saveAddress("method_id", USDC_WITHDRAW, "usdc-rules");
    String amount = "\"amount\":{\"asset_amount\":{\"asset\":{\"class\":\"currency\",\"name\":\"USDC\"},\"amount\":\"%s\"}}";
    Answer group = call("POST", "/funding/v1/withdrawals", "{\"scope\":{\"network_group_id\":\"" + FundingCatalog.EVM_GROUP
        + "\"},\"address_id\":\"" + id + "\"," + amount.formatted("10") + "}");
    problem(group, 400, "InvalidArguments");
    assertTrue(((String) group.json().get("detail")).startsWith("scope.network_group_id"), group.text());
    Answer two = call("POST", "/funding/v1/withdrawals", "{\"scope\":{\"method_id\":\"" + USDC_WITHDRAW
        + "\",\"network_id\":\"" + FundingCatalog.ETHEREUM + "\"},\"address_id\":\"" + id + "\"," + amount.formatted("10") + "}");
    problem(two, 400, "InvalidArguments");
    assertEquals("scope: must have exactly 1 member of method_id, network_id, network_group_id, has 2",
        two.json().get("detail"), two.text());
    problem(call("POST", "/funding/v1/withdrawals", "{\"scope\":{\"method_id\":\"" + USDC_WITHDRAW
        + "\"},\"address_id\":\"ABAAAAA-AAAAA-AAAAAA\"," + amount.formatted("10") + "}"), 404, "NotFound");
    problem(call("POST", "/funding/v1/withdrawals", "{\"scope\":{\"method_id\":\"" + USDC_WITHDRAW
        + "\"},\"address_id\":\"" + id + "\"," + amount.formatted("10") + ",\"expected_address\":\"0xOther\"}"), 400,
        "InvalidArguments");
    problem(call("POST", "/funding/v1/withdrawals", "{\"scope\":{\"method_id\":\"" + ETH_WITHDRAW
        + "\"},\"address_id\":\"" + id + "\"," + amount.formatted("10") + "}"), 400, "InvalidArguments");
    problem(call("POST", "/funding/v1/withdrawals", "{\"scope\":{\"method_id\":\"" + USDC_WITHDRAW
        + "\"},\"address_id\":\"" + id + "\"," + amount.formatted("99999999") + "}"), 400, "InsufficientFunds");
  }

  // ---- pages ----

  @Test
  void aCursorCarriesTheFirstRequestsFilters() {
    for (int i = 0; i < 5; i++) {
      saveAddress("network_id", FundingCatalog.ARBITRUM_ONE, "arb-" + i);
    }
    String filter = q("scope[network_id]") + "=" + FundingCatalog.ARBITRUM_ONE;
    Map<String, Object> page = ok(call("GET", "/funding/v1/addresses?limit=2&" + filter, null));
    List<Object> names = new ArrayList<>();
    while (true) {
      ((List<?>) page.get("addresses")).forEach(a -> names.add(((Map<?, ?>) a).get("name")));
      String cursor = (String) page.get("next_cursor");
      if (cursor == null) {
        break;
      }
      // Another filter with the cursor is ignored: the cursor's win.
      page = ok(call("GET", "/funding/v1/addresses?limit=2&cursor=" + q(cursor) + "&" + q("scope[method_id]") + "="
          + USDC_WITHDRAW, null));
    }
    assertEquals(List.of("arb-0", "arb-1", "arb-2", "arb-3", "arb-4"), names);
    problem(call("GET", "/funding/v1/withdrawals?cursor=bm90LWEtY3Vyc29y", null), 400, "InvalidArguments");
    problem(call("GET", "/funding/v1/withdrawals?limit=501", null), 400, "InvalidArguments");
  }

  // ---- authentication, nonces, permissions, rate ----

  @Test
  void refusalsAreProblemDocuments() {
    problem(call("unknown", key.secret(), "GET", "/funding/v1/networks", null, nonces.incrementAndGet()), 401,
        "InvalidKey");
    problem(call(key.key(), sandbox.credentials().embed().secret(), "GET", "/funding/v1/networks", null,
        nonces.incrementAndGet()), 401, "InvalidSignature");
    problem(call("GET", "/funding/v1/fees/" + USDC_WITHDRAW, null), 400, "InvalidArguments");
    problem(call("GET", "/funding/v1/fees/00000000-0000-0000-0000-000000000000?amount=1", null), 404, "NotFound");
    problem(call("GET", "/funding/v1/limits/deposit/tokenized_asset/USDC", null), 404, "NotFound");
    problem(call("GET", "/funding/v1/methods/deposit?" + q("asset[name]") + "=USDC", null), 400, "InvalidArguments");
    Answer unknown = call("GET", "/funding/v1/nothing", null);
    assertEquals(404, unknown.status());
    assertEquals(Map.of("error", List.of("EGeneral:Unknown method")), unknown.json());
  }

  @Test
  void oneNonceCounterServesSpotAndFunding() {
    long high = nonces.addAndGet(1000);
    assertEquals(List.of(), spotCall("Balance", "", high).json().get("error"));
    problem(call(key, "GET", "/funding/v1/networks", null, high - 1), 401, "InvalidNonce");
    problem(call(key, "GET", "/funding/v1/networks", null, high), 401, "InvalidNonce");
    ok(call(key, "GET", "/funding/v1/networks", null, high + 1));
    assertEquals(List.of("EAPI:Invalid nonce"), spotCall("Balance", "", high + 1).json().get("error"));
  }

  @Test
  void eachOperationNeedsItsPermissionAndCostsOne() {
    SandboxKey reader = sandbox.spot().newKey().permissions(SpotKeyPermission.FUNDS_QUERY).issue();
    ok(call(reader, "GET", "/funding/v1/addresses", null, nonces.incrementAndGet()));
    Answer denied = call(reader, "POST", "/funding/v1/addresses", "{\"scope\":{\"method_id\":\"" + USDC_WITHDRAW
        + "\"},\"address_details\":{\"crypto\":{\"address\":\"0x1\"}},\"name\":\"x\"}", nonces.incrementAndGet());
    problem(denied, 403, "PermissionDenied");
    problem(call(reader, "PUT", "/funding/v1/deposit/address", "{\"method_id\":\"" + BTC_DEPOSIT + "\"}",
        nonces.incrementAndGet()), 403, "PermissionDenied");
    SandboxKey saver = sandbox.spot().newKey().permissions(SpotKeyPermission.FUNDS_ADD_WITHDRAWAL_ADDRESSES).issue();
    ok(call(saver, "POST", "/funding/v1/addresses", "{\"scope\":{\"method_id\":\"" + USDC_WITHDRAW
        + "\"},\"address_details\":{\"crypto\":{\"address\":\"0x1\"}},\"name\":\"x\"}", nonces.incrementAndGet()));

    assertEquals(0, new BigDecimal("3").compareTo(sandbox.spot().key(reader.key()).callCounter()),
        "1 per call, refused ones included, on the key's Spot counter");

    sandbox.close();
    sandbox = Sandbox.builder().clock(clock).checkResponses(true).start();
    reader = sandbox.spot().newKey().permissions(SpotKeyPermission.FUNDS_QUERY).issue();
    Answer last = null;
    for (int i = 0; i < 20 && (last == null || last.status() == 200); i++) {
      last = call(reader, "GET", "/funding/v1/networks", null, nonces.incrementAndGet());
    }
    problem(last, 429, "RateLimitExceeded");
  }

  // ---- the state document ----

  @Test
  void theStateDocumentKeepsAddressesTokensAndWithdrawals() {
    String id = saveAddress("network_group_id", FundingCatalog.EVM_GROUP, "kept");
    String token = (String) ok(call("GET", "/funding/v1/fees/" + USDC_WITHDRAW + "?amount=10", null))
        .get("withdrawal_fee_token");
    String before = ok(call("GET", "/funding/v1/addresses", null)).toString();
    SandboxState saved = sandbox.state().export();
    sandbox.state().reset();
    assertFalse(ok(call("GET", "/funding/v1/addresses", null)).toString().contains(id));
    sandbox.state().restore(SandboxState.fromJson(saved.toJson()));
    assertEquals(saved.toJson(), sandbox.state().export().toJson(), "every new field round-trips");
    assertTrue(saved.toJson().contains("\"fundingBeta\""), "the fee tokens are in the document");
    assertTrue(saved.toJson().contains("\"saved\""), "the saved addresses are in the legacy books");
    assertEquals(before, ok(call("GET", "/funding/v1/addresses", null)).toString());
    ok(call("POST", "/funding/v1/withdrawals", "{\"scope\":{\"method_id\":\"" + USDC_WITHDRAW + "\"},\"address_id\":\""
        + id + "\",\"amount\":{\"asset_amount\":{\"asset\":{\"class\":\"currency\",\"name\":\"USDC\"},\"amount\":\"10\"}},"
        + "\"fee\":{\"quoted_fee\":{\"token\":\"" + token + "\"},\"fee_included\":true}}"));
    assertEquals(2, ((List<?>) spot("WithdrawAddresses", "\"key\":\"kept\"").get("result")).size());

    // Into a fresh sandbox of the same seed: the next address id is not one the document holds.
    sandbox.close();
    sandbox = Sandbox.builder().clock(clock).checkResponses(true).spotRateLimits(false).start();
    sandbox.state().restore(saved);
    String other = saveAddress("network_group_id", FundingCatalog.EVM_GROUP, "another");
    assertFalse(other.equals(id), other);
    assertEquals(2, ((List<?>) ok(call("GET", "/funding/v1/addresses?" + q("scope[network_group_id]") + "="
        + FundingCatalog.EVM_GROUP, null)).get("addresses")).size());
  }
}
