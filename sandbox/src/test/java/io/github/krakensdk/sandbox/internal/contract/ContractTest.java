package io.github.krakensdk.sandbox.internal.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A compiled contract: finding operations, and checking parameters, bodies and answers against them. */
class ContractTest {
  private static final Contract SPOT = Contract.load("spot");
  private static final Contract FUTURES = Contract.load("futures");
  private static final Contract EMBED = Contract.load("embed");

  private static List<String> request(Contract contract, String method, String path, Map<String, List<String>> query,
      Map<String, List<String>> headers, String mediaType, String body) {
    return contract.checkRequest(contract.find(method, path), path, query, headers, mediaType,
        body == null ? null : body.getBytes(StandardCharsets.UTF_8)).stream().map(Problem::message).toList();
  }

  @Test
  void operationsAreFoundWithOrWithoutTheServersBasePathAndLiteralPathsWinOverTemplates() {
    assertEquals("getNotifications", FUTURES.find("GET", "/derivatives/api/v3/notifications").operationId());
    assertEquals("getNotifications", FUTURES.find("GET", "/notifications").operationId());
    assertEquals("listEarnAssets", EMBED.find("GET", "/b2b/earn/assets").operationId());
    assertNull(SPOT.find("DELETE", "/0/public/Time"));
  }

  @Test
  void theControlPlanesDocumentIsCompiledForTheSameChecker() {
    Contract control = Contract.load("sandbox");
    Operation fill = control.find("POST", "/sandbox/v1/spot/orders/OABC12-DEF34-GHIJ56/fills");
    assertEquals("fillSpotOrder", fill.operationId());
    assertEquals(Map.of("txid", "OABC12-DEF34-GHIJ56"),
        control.pathParameters(fill, "/sandbox/v1/spot/orders/OABC12-DEF34-GHIJ56/fills"));
    assertNull(control.find("DELETE", "/sandbox/v1/clock"));
    assertEquals(java.util.Set.of("GET", "PUT"), control.methods("/sandbox/v1/clock"), "405, not 404");
    assertEquals(java.util.Set.of(), control.methods("/sandbox/v1/nothing"));
    assertEquals(List.of("fraction: must be a decimal number as a string, was \"half\""),
        request(control, "POST", "/sandbox/v1/spot/orders/OABC12-DEF34-GHIJ56/fills", Map.of(), Map.of(),
            "application/json", "{\"fraction\":\"half\"}"));
    assertEquals(List.of("permissions: must not have an item twice, has \"websocket\" twice"),
        request(control, "POST", "/sandbox/v1/spot/keys", Map.of(), Map.of(), "application/json",
            "{\"permissions\":[\"websocket\",\"websocket\"]}"));
    // Its problem answers are JSON: application/problem+json is checked like application/json.
    Operation deposit = control.find("POST", "/sandbox/v1/spot/deposits");
    byte[] problem = "{\"status\":400,\"title\":\"Invalid request\"}".getBytes(StandardCharsets.UTF_8);
    assertEquals(List.of("detail: required"),
        control.checkResponse(deposit, 400, "application/problem+json", problem).stream().map(Problem::message).toList());
    // Served verbatim: the YAML as written, beside its compiled form.
    String yaml = new String(Contract.source("sandbox"), StandardCharsets.UTF_8);
    assertTrue(yaml.startsWith("openapi: 3.0.3") && yaml.contains("operationId: fillSpotOrder"), yaml.substring(0, 40));
  }

  @Test
  void queryParametersAreReadAsTheirSchemasTypes() {
    assertEquals(List.of(), request(SPOT, "GET", "/0/public/Assets", Map.of("assetVersion", List.of("1")), Map.of(), null, null));
    assertEquals(List.of("assetVersion: must be an integer (int32), was \"one\""),
        request(SPOT, "GET", "/0/public/Assets", Map.of("assetVersion", List.of("one")), Map.of(), null, null));
    List<String> history = request(FUTURES, "GET", "/derivatives/api/v3/history", Map.of(), Map.of(), null, null);
    assertEquals(List.of("symbol: required query parameter"), history);
  }

  /**
   * A parameter's other forms ({@code x-kraken-service-alternatives}) are taken, each text read as
   * its form's type; a value no form takes is refused by the declared form's rule.
   */
  @Test
  void aParameterTakesItsAlternativeForms() {
    for (String taken : List.of("1", "true", "TRUE", "False", "0")) {
      assertEquals(List.of(), request(SPOT, "GET", "/0/public/AssetPairs", Map.of("assetVersion", List.of(taken)),
          Map.of(), null, null), taken);
    }
    assertEquals(List.of("assetVersion: must be one of 1, was the number 2"),
        request(SPOT, "GET", "/0/public/AssetPairs", Map.of("assetVersion", List.of("2")), Map.of(), null, null));
    assertEquals(List.of("assetVersion: must be an integer (int32), was \"yes\""),
        request(SPOT, "GET", "/0/public/AssetPairs", Map.of("assetVersion", List.of("yes")), Map.of(), null, null));
  }

  @Test
  void anEmptyItemOfARepeatedQueryParameterIsNamed() {
    List<String> problems = request(EMBED, "GET", "/b2b/earn/assets", Map.of("assets", List.of("ETH", "")),
        Map.of("Service-Version", List.of("2025-04-15")), null, null);
    assertEquals(List.of("assets[1]: must not be empty"), problems);
  }

  @Test
  void bodiesAreCheckedByMediaType() {
    String path = "/0/private/TradeVolume";
    assertEquals(List.of(), request(SPOT, "POST", path, Map.of(), Map.of(), "application/json", "{\"nonce\":1,\"pair\":\"XBTUSD\"}"));
    assertEquals(List.of("pairs: not a member of this request (it takes: nonce, pair, rebase_multiplier, otp, fee-info)"),
        request(SPOT, "POST", path, Map.of(), Map.of(), "application/json; charset=utf-8", "{\"nonce\":1,\"pairs\":\"XBTUSD\"}"));
    assertEquals(List.of("Content-Type: text/plain is not one of application/json, application/x-www-form-urlencoded"),
        request(SPOT, "POST", path, Map.of(), Map.of(), "text/plain", "{}"));
    List<String> notJson = request(SPOT, "POST", path, Map.of(), Map.of(), "application/json", "{nonce");
    assertEquals(1, notJson.size(), notJson.toString());
    assertTrue(notJson.get(0).startsWith("body: not a JSON value ("), notJson.get(0));
    byte[] notUtf8 = {'{', '"', 'p', 'a', 'i', 'r', '"', ':', '"', (byte) 0xff, (byte) 0xfe, '"', '}'};
    List<String> refused = SPOT.checkRequest(SPOT.find("POST", path), path, Map.of(), Map.of(), "application/json", notUtf8)
        .stream().map(Problem::message).toList();
    assertEquals(1, refused.size(), refused.toString());
    assertTrue(refused.get(0).startsWith("body: not a JSON value (not UTF-8"), refused.get(0));
    assertEquals(List.of("body: this operation takes no body"),
        request(SPOT, "GET", "/0/public/Time", Map.of(), Map.of(), "application/json", "{}"));
  }

  @Test
  void aOneOfGroupGivenNoneOfIsNamedByItsFirstMember() {
    List<Problem> problems = SPOT.checkRequest(SPOT.find("POST", "/0/private/CancelOrder"), "/0/private/CancelOrder",
        Map.of(), Map.of(), "application/json", "{\"nonce\":1}".getBytes(StandardCharsets.UTF_8));
    assertEquals(1, problems.size(), problems.toString());
    assertEquals("txid", problems.get(0).argument());
  }

  @Test
  void answersAreCheckedByStatusAndMediaType() {
    Operation time = SPOT.find("GET", "/0/public/Time");
    byte[] good = "{\"error\":[],\"result\":{\"unixtime\":1,\"rfc1123\":\"x\"}}".getBytes(StandardCharsets.UTF_8);
    assertEquals(List.of(), SPOT.checkResponse(time, 200, "application/json", good));
    assertEquals(List.of("Content-Type: text/html is not one of application/json"),
        SPOT.checkResponse(time, 200, "text/html", good).stream().map(Problem::message).toList());
    assertEquals(List.of("result.unixtime: must be an integer (int64), was \"1\""), SPOT.checkResponse(time, 200,
        "application/json", "{\"error\":[],\"result\":{\"unixtime\":\"1\",\"rfc1123\":\"x\"}}".getBytes(StandardCharsets.UTF_8))
        .stream().map(Problem::message).toList());
  }
}
