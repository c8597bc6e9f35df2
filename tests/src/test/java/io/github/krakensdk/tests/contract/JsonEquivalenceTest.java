package io.github.krakensdk.tests.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.v3.oas.models.media.Schema;
import org.junit.jupiter.api.Test;

/** The comparison the contract tests rely on finds what it must (checked on the real contract schemas). */
class JsonEquivalenceTest {
  private static final Contract SPOT = Contracts.get(Family.SPOT);
  private static final Contract FUTURES = Contracts.get(Family.FUTURES);

  private static JsonEquivalence.Result compare(Contract contract, String schema, String expected, String actual,
      JsonEquivalence.Mode mode) {
    Schema<?> ref = new Schema<>().$ref("#/components/schemas/" + schema);
    return JsonEquivalence.compare(contract, ref, Contracts.readJson(expected), Contracts.readJson(actual), mode);
  }

  @Test
  void aliasesMatchTheContractName() {
    JsonEquivalence.Result kept = compare(SPOT, "FeeTierInfo", "{\"minfee\":\"0.1000\",\"nextvolume\":null}",
        "{\"min_fee\":\"0.1000\"}", JsonEquivalence.Mode.NOTHING_LOST);
    assertTrue(kept.equivalent(), kept.describe());

    JsonEquivalence.Result lost = compare(SPOT, "FeeTierInfo", "{\"minfee\":\"0.1000\"}", "{}",
        JsonEquivalence.Mode.NOTHING_LOST);
    assertEquals(1, lost.differences().size(), lost.describe());
    assertTrue(lost.differences().get(0).startsWith("/minfee: lost"), lost.describe());
  }

  @Test
  void decimalStringsMustKeepEveryDigit() {
    JsonEquivalence.Result result = compare(SPOT, "TradeVolume", "{\"volume\":\"0.00000001\"}",
        "{\"volume\":\"1E-8\"}", JsonEquivalence.Mode.ROUND_TRIP);
    assertFalse(result.equivalent());
    JsonEquivalence.Result zeros = compare(SPOT, "TradeVolume", "{\"volume\":\"0.2400\"}",
        "{\"volume\":\"0.24\"}", JsonEquivalence.Mode.ROUND_TRIP);
    assertFalse(zeros.equivalent(), "trailing zeros of a decimal string are digits too");
  }

  @Test
  void numbersCompareByValue() {
    JsonEquivalence.Result same = compare(SPOT, "AssetInfo", "{\"collateral_value\":1,\"decimals\":10}",
        "{\"collateral_value\":1.0,\"decimals\":10}", JsonEquivalence.Mode.ROUND_TRIP);
    assertTrue(same.equivalent(), same.describe());
    JsonEquivalence.Result different = compare(SPOT, "AssetInfo", "{\"collateral_value\":0.9}",
        "{\"collateral_value\":0.90000001}", JsonEquivalence.Mode.ROUND_TRIP);
    assertFalse(different.equivalent());
  }

  @Test
  void unknownMembersFailARoundTripButNotARealResponse() {
    String original = "{\"altname\":\"ETH\",\"unknown\":1}";
    String reEncoded = "{\"altname\":\"ETH\"}";
    assertFalse(compare(SPOT, "AssetInfo", original, reEncoded, JsonEquivalence.Mode.ROUND_TRIP).equivalent());
    assertTrue(compare(SPOT, "AssetInfo", original, reEncoded, JsonEquivalence.Mode.NOTHING_LOST).equivalent());
    assertFalse(compare(SPOT, "AssetInfo", "{}", reEncoded, JsonEquivalence.Mode.ROUND_TRIP).equivalent(),
        "a member the re-encoding adds is a difference");
  }

  @Test
  void nullEqualsAbsentButNotAValue() {
    assertTrue(compare(SPOT, "FeeTierInfo", "{\"next_fee\":null}", "{}", JsonEquivalence.Mode.ROUND_TRIP).equivalent());
    assertFalse(compare(SPOT, "FeeTierInfo", "{\"next_fee\":null}", "{\"next_fee\":\"0.1\"}",
        JsonEquivalence.Mode.ROUND_TRIP).equivalent());
  }

  @Test
  void dateTimesCompareAsInstants() {
    assertTrue(compare(FUTURES, "FuturesEnvelope", "{\"serverTime\":\"2025-03-12T09:00:00.250Z\"}",
        "{\"serverTime\":\"2025-03-12T09:00:00.25Z\"}", JsonEquivalence.Mode.ROUND_TRIP).equivalent());
    assertFalse(compare(FUTURES, "FuturesEnvelope", "{\"serverTime\":\"2025-03-12T09:00:00.250Z\"}",
        "{\"serverTime\":\"2025-03-12T09:00:01.250Z\"}", JsonEquivalence.Mode.ROUND_TRIP).equivalent());
  }

  @Test
  void aBareArrayIsTheArrayFormMemberOfTheObject() {
    String deposit = "{\"refid\":\"QSBALMX-YTM4MI-REMLWN\",\"amount\":\"95.00000000\"}";
    String bareArray = "[" + deposit + "]";
    String page = "{\"deposits\":[" + deposit + "]}";
    assertTrue(compare(SPOT, "DepositPage", bareArray, page, JsonEquivalence.Mode.ROUND_TRIP).equivalent());

    JsonEquivalence.Result lost = compare(SPOT, "DepositPage", bareArray,
        "{\"deposits\":[{\"refid\":\"QSBALMX-YTM4MI-REMLWN\",\"amount\":\"95\"}]}",
        JsonEquivalence.Mode.NOTHING_LOST);
    assertEquals(1, lost.differences().size(), lost.describe());
    assertTrue(lost.differences().get(0).startsWith("/0/amount"), lost.describe());

    assertFalse(compare(SPOT, "DepositPage", bareArray, "{\"deposits\":[" + deposit + "],\"next_cursor\":\"2\"}",
        JsonEquivalence.Mode.ROUND_TRIP).equivalent(), "a bare array has no other member");
    assertFalse(compare(SPOT, "DepositPage", bareArray, bareArray, JsonEquivalence.Mode.ROUND_TRIP).equivalent(),
        "the re-encoding of the object is an object");
  }

  @Test
  void aOneOfOfTheArrayAndTheObjectReadsBothForms() {
    Schema<?> result = SPOT.properties(SPOT.schema("DepositStatusResponse")).get("result");
    String bareArray = "[{\"refid\":\"R1\"}]";
    String page = "{\"deposits\":[{\"refid\":\"R1\"}],\"next_cursor\":\"2\"}";
    assertTrue(JsonEquivalence.compare(SPOT, result, Contracts.readJson(bareArray),
        Contracts.readJson("{\"deposits\":[{\"refid\":\"R1\"}]}"), JsonEquivalence.Mode.ROUND_TRIP).equivalent());
    assertTrue(JsonEquivalence.compare(SPOT, result, Contracts.readJson(page), Contracts.readJson(page),
        JsonEquivalence.Mode.ROUND_TRIP).equivalent());
    assertFalse(JsonEquivalence.compare(SPOT, result, Contracts.readJson(page),
        Contracts.readJson("{\"deposits\":[{\"refid\":\"R1\"}]}"), JsonEquivalence.Mode.NOTHING_LOST).equivalent(),
        "next_cursor is a member of the page");
  }

  @Test
  void mapsAndArraysAreFollowed() {
    JsonEquivalence.Result result = compare(SPOT, "TradeVolume",
        "{\"fees\":{\"XXBTZUSD\":{\"fee\":\"0.2400\",\"maxfee\":\"0.4000\"}}}",
        "{\"fees\":{\"XXBTZUSD\":{\"fee\":\"0.2400\",\"max_fee\":\"0.4001\"}}}", JsonEquivalence.Mode.NOTHING_LOST);
    assertEquals(1, result.differences().size(), result.describe());
    assertTrue(result.differences().get(0).startsWith("/fees/XXBTZUSD/maxfee"), result.describe());
  }
}
