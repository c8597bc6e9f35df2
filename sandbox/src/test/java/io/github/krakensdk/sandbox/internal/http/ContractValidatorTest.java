package io.github.krakensdk.sandbox.internal.http;

import io.github.krakensdk.sandbox.Sandbox;

import io.github.krakensdk.sandbox.internal.http.Family;
import io.github.krakensdk.sandbox.internal.http.Json;
import io.github.krakensdk.sandbox.internal.http.Reply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The response check has teeth: answers the contract does not allow are reported, so a clean
 * {@link Sandbox#responseProblems()} means something. Also: the JSON writer keeps the nulls the
 * contract requires.
 */
class ContractValidatorTest {
  static final ContractValidator SPOT = ContractValidator.load(Family.SPOT);
  static final ContractValidator FUTURES = ContractValidator.load(Family.FUTURES);

  @Test
  void aWellFormedAnswerPasses() {
    assertEquals(List.of(), SPOT.checkResponse("POST", "/0/private/TradeVolume", Reply.json(200,
        "{\"error\":[],\"result\":{\"currency\":\"ZUSD\",\"volume\":\"1.0\",\"fees\":null,\"fees_maker\":null}}")));
  }

  @Test
  void aWrongTypeIsReported() {
    assertFalse(SPOT.checkResponse("GET", "/0/public/Assets", Reply.json(200,
        "{\"error\":[],\"result\":{\"XXBT\":{\"aclass\":\"currency\",\"altname\":\"XBT\",\"decimals\":\"ten\","
            + "\"display_decimals\":5}}}")).isEmpty());
  }

  @Test
  void aMissingRequiredNullableMemberIsReported() {
    String tier = "{\"fee\":\"0.1\",\"min_fee\":\"0\",\"max_fee\":\"0.2\",\"tier_volume\":\"0\"";
    String body = "{\"error\":[],\"result\":{\"currency\":\"ZUSD\",\"volume\":\"1\",\"fees\":{\"X\":%s}}}";
    assertFalse(SPOT.checkResponse("POST", "/0/private/TradeVolume",
        Reply.json(200, String.format(body, tier + "}"))).isEmpty(), "next_fee and next_volume are required");
    assertEquals(List.of(), SPOT.checkResponse("POST", "/0/private/TradeVolume",
        Reply.json(200, String.format(body, tier + ",\"next_fee\":null,\"next_volume\":null}"))));
  }

  @Test
  void aFuturesErrorUnderHttp200DoesNotMatchTheSuccessSchema() {
    String error = "{\"result\":\"error\",\"serverTime\":\"2025-03-14T09:00:00Z\",\"error\":\"notFound\"}";
    assertFalse(FUTURES.checkResponse("POST", "/derivatives/api/v3/assignmentprogram/delete",
        Reply.json(200, error)).isEmpty());
    assertEquals(List.of(), FUTURES.checkResponse("POST", "/derivatives/api/v3/assignmentprogram/delete",
        Reply.json(404, error)));
  }

  @Test
  void theWriterKeepsRequiredNullsAndLeavesOutOptionalOnes() {
    String tier = Json.write(io.github.krakensdk.spot.model.FeeTierInfo.builder()
        .fee(new java.math.BigDecimal("0.1"))
        .build());
    assertTrue(tier.contains("\"next_fee\":null"), tier);
    String webhook = Json.write(io.github.krakensdk.embed.model.Webhook.builder().id("W").enabled(true).build());
    assertEquals("{\"id\":\"W\",\"enabled\":true}", webhook);
    // Nested: a point inside a page keeps its own rule (assets left out), the page keeps next_cursor.
    String page = Json.write(io.github.krakensdk.embed.model.PortfolioHistory.builder()
        .history(List.of(io.github.krakensdk.embed.model.PortfolioHistoryPoint.builder()
            .date(java.time.LocalDate.parse("2025-01-01"))
            .build()))
        .currency("USD")
        .build());
    assertTrue(page.contains("\"next_cursor\":null"), page);
    assertTrue(page.contains("{\"date\":\"2025-01-01\"}"), page);
  }
}
