package io.github.krakensdk.sandbox.internal.spot.funding;

import static io.github.krakensdk.sandbox.internal.spot.funding.Fixture.dec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.LedgerRow;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EarnTest {
  final Fixture f = new Fixture();

  Map<String, Object> op(String strategy, String amount) {
    return Map.of("strategy_id", strategy, "amount", amount);
  }

  boolean pending(String operationId, String strategy) {
    return (Boolean) f.object(operationId, Map.of("strategy_id", strategy)).get("pending");
  }

  BigDecimal allocated(String strategy) {
    return f.funding.earn().allocated(f.account, strategy);
  }

  @Test
  void strategiesShowEachLockTypeWithItsFields() {
    Map<String, Object> result = f.object("listEarnStrategies", Map.of());
    assertEquals(List.of("next_cursor", "items"), List.copyOf(result.keySet()));
    assertNull(result.get("next_cursor"));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> items = (List<Map<String, Object>>) result.get("items");
    assertEquals(List.of(Earn.STRATEGY_USDC, Earn.STRATEGY_SOL, Earn.STRATEGY_ETH_BONDED, Earn.STRATEGY_ETH),
        items.stream().map(i -> i.get("id")).toList(), "descending by default");
    Map<String, Object> eth = items.get(3);
    assertEquals(List.of("id", "asset", "lock_type", "apr_estimate", "user_min_allocation", "allocation_fee",
        "deallocation_fee", "auto_compound", "yield_source", "can_allocate", "can_deallocate",
        "allocation_restriction_info"), List.copyOf(eth.keySet()));
    assertEquals(Map.of("type", "instant", "payout_frequency", 604_800L), eth.get("lock_type"));
    @SuppressWarnings("unchecked")
    Map<String, Object> bonded = (Map<String, Object>) items.get(2).get("lock_type");
    assertEquals(List.of("type", "payout_frequency", "bonding_period", "bonding_period_variable", "bonding_rewards",
        "unbonding_period", "unbonding_period_variable", "unbonding_rewards", "exit_queue_period"),
        List.copyOf(bonded.keySet()));
    assertEquals(259_200L, bonded.get("bonding_period"));
    assertEquals(Map.of("type", "flex"), items.get(0).get("lock_type"));
    assertEquals(Boolean.FALSE, items.get(0).get("can_allocate"));

    assertEquals(List.of(Earn.STRATEGY_ETH, Earn.STRATEGY_ETH_BONDED), ids(f.object("listEarnStrategies",
        Map.of("asset", "XETH", "ascending", "true"))));
    assertEquals(List.of(Earn.STRATEGY_ETH_BONDED), ids(f.object("listEarnStrategies",
        Map.of("lock_type", List.of("bonded", "timed")))));
    Map<String, Object> page = f.object("listEarnStrategies", Map.of("limit", 3, "ascending", true));
    assertEquals("3", page.get("next_cursor"));
    assertEquals(List.of(Earn.STRATEGY_USDC), ids(f.object("listEarnStrategies",
        Map.of("limit", 3, "ascending", true, "cursor", "3"))));
  }

  @SuppressWarnings("unchecked")
  static List<Object> ids(Map<String, Object> result) {
    return ((List<Map<String, Object>>) result.get("items")).stream().map(i -> i.get("id")).toList();
  }

  @Test
  void anAllocationIsPendingThenTakesTheSpotFunds() {
    BigDecimal sol = f.balance("SOL");
    assertEquals(Boolean.TRUE, f.call("allocateEarnFunds", op(Earn.STRATEGY_SOL, "40")));
    assertTrue(pending("getAllocateStatus", Earn.STRATEGY_SOL));
    assertFalse(pending("getDeallocateStatus", Earn.STRATEGY_SOL));
    assertEquals(0, dec("40").compareTo(f.funding.earn().pending(f.account, Earn.STRATEGY_SOL)));
    assertEquals(List.of(Errors.BUSY), f.refused("deallocateEarnFunds", op(Earn.STRATEGY_SOL, "5")),
        "one (de)allocation at a time, whichever kind");
    assertEquals(0, sol.compareTo(f.balance("SOL")), "nothing moves before completion");

    f.clock.advance(Fixture.EARN_DELAY);
    assertFalse(pending("getAllocateStatus", Earn.STRATEGY_SOL));
    assertEquals(0, dec("290").compareTo(allocated(Earn.STRATEGY_SOL)));
    assertEquals(0, sol.subtract(dec("40")).compareTo(f.balance("SOL")));
    LedgerRow row = f.account.ledger().get(f.account.ledger().size() - 1);
    assertEquals(List.of("earn", "allocation"), List.of(row.type(), row.subtype()));
    assertEquals(Fixture.START.plus(Fixture.EARN_DELAY), row.time());

    assertEquals(Boolean.TRUE, f.call("deallocateEarnFunds", op(Earn.STRATEGY_SOL, "90")));
    f.clock.advance(Fixture.EARN_DELAY);
    f.funding.settle(f.account);
    assertEquals(0, dec("200").compareTo(allocated(Earn.STRATEGY_SOL)));
    assertEquals(0, sol.add(dec("50")).compareTo(f.balance("SOL")), "the deallocation came back to spot");
  }

  @Test
  void anAllocationBeyondTheSpotBalanceFailsOnCompletion() {
    assertEquals(Boolean.TRUE, f.call("allocateEarnFunds", op(Earn.STRATEGY_ETH, "500")));
    f.clock.advance(Fixture.EARN_DELAY);
    assertEquals(List.of(Errors.INSUFFICIENT_EARN_FUNDS), f.refused("getAllocateStatus",
        Map.of("strategy_id", Earn.STRATEGY_ETH)));
    assertEquals(0, dec("20").compareTo(allocated(Earn.STRATEGY_ETH)));
    assertEquals(0, dec("25").compareTo(f.balance("ETH")));
    assertFalse(pending("getDeallocateStatus", Earn.STRATEGY_ETH), "the other kind's status is untouched");
  }

  @Test
  void theSeedRulesOfDeallocationHold() {
    assertEquals(List.of(Errors.BELOW_MIN), f.refused("deallocateEarnFunds", op(Earn.STRATEGY_ETH, "0.001")));
    assertEquals(List.of(Errors.INVALID_STRATEGY), f.refused("deallocateEarnFunds", op("ENOPE00-00000-000000", "1")));
    assertEquals(List.of(Errors.INVALID_STRATEGY), f.refused("getDeallocateStatus",
        Map.of("strategy_id", "ENOPE00-00000-000000")));
    assertEquals(Boolean.TRUE, f.call("deallocateEarnFunds", op(Earn.STRATEGY_USDC, "999999")));
    assertEquals(0, dec("-999999").compareTo(f.funding.earn().pending(f.account, Earn.STRATEGY_USDC)));
    f.clock.advance(Fixture.EARN_DELAY.minusSeconds(1));
    assertTrue(pending("getDeallocateStatus", Earn.STRATEGY_USDC));
    f.clock.advance(Duration.ofSeconds(1));
    assertEquals(List.of(Errors.INSUFFICIENT_EARN_FUNDS), f.refused("getDeallocateStatus",
        Map.of("strategy_id", Earn.STRATEGY_USDC)));
    assertEquals(0, dec("5000").compareTo(allocated(Earn.STRATEGY_USDC)));
    assertEquals(List.of(Errors.PERMISSION_DENIED), f.refused("allocateEarnFunds", op(Earn.STRATEGY_USDC, "100")),
        "flex strategies take no allocation by hand");
  }

  @Test
  void aBondedAllocationBondsThenEarnsAndADeallocationUnbondsBeforeReturning() {
    BigDecimal eth = f.balance("ETH");
    f.call("allocateEarnFunds", op(Earn.STRATEGY_ETH_BONDED, "2"));
    f.clock.advance(Fixture.EARN_DELAY);
    Map<String, Object> item = allocation(Earn.STRATEGY_ETH_BONDED);
    @SuppressWarnings("unchecked")
    Map<String, Object> amounts = (Map<String, Object>) item.get("amount_allocated");
    assertEquals(List.of("bonding", "total"), List.copyOf(amounts.keySet()));
    @SuppressWarnings("unchecked")
    Map<String, Object> bonding = (Map<String, Object>) amounts.get("bonding");
    assertEquals("2.0000000000", bonding.get("native"));
    assertEquals("6400.0000", bonding.get("converted"));
    assertEquals(1L, bonding.get("allocation_count"));
    @SuppressWarnings("unchecked")
    Map<String, Object> lot = ((List<Map<String, Object>>) bonding.get("allocations")).get(0);
    assertEquals("2025-03-14T09:05:00Z", lot.get("created_at"));
    assertEquals("2025-03-17T09:05:00Z", lot.get("expires"));
    assertEquals(List.of(Errors.INSUFFICIENT_EARN_FUNDS), deallocateAndWait("1"), "bonding funds do not earn yet");

    f.clock.advance(Duration.ofDays(3));
    assertEquals(List.of("total"), List.copyOf(amounts(Earn.STRATEGY_ETH_BONDED).keySet()), "bonded: earning");
    assertEquals(List.of(), deallocateAndWait("0.5"));
    assertEquals(List.of("total", "unbonding"), List.copyOf(amounts(Earn.STRATEGY_ETH_BONDED).keySet()));
    assertEquals(0, dec("2").compareTo(allocated(Earn.STRATEGY_ETH_BONDED)), "unbonding still counts");
    assertEquals(0, eth.subtract(dec("2")).compareTo(f.balance("ETH")));
    f.clock.advance(Duration.ofDays(7));
    f.funding.settle(f.account);
    assertEquals(0, dec("1.5").compareTo(allocated(Earn.STRATEGY_ETH_BONDED)));
    assertEquals(0, eth.subtract(dec("1.5")).compareTo(f.balance("ETH")), "back in the spot wallet");
  }

  List<String> deallocateAndWait(String amount) {
    f.call("deallocateEarnFunds", op(Earn.STRATEGY_ETH_BONDED, amount));
    f.clock.advance(Fixture.EARN_DELAY);
    try {
      f.call("getDeallocateStatus", Map.of("strategy_id", Earn.STRATEGY_ETH_BONDED));
      return List.of();
    } catch (FundingException e) {
      return e.errors();
    }
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> amounts(String strategy) {
    return (Map<String, Object>) allocation(strategy).get("amount_allocated");
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> allocation(String strategy) {
    for (Map<String, Object> item : (List<Map<String, Object>>) f.object("listEarnAllocations", Map.of())
        .get("items")) {
      if (item.get("strategy_id").equals(strategy)) {
        return item;
      }
    }
    throw new AssertionError("no allocation of " + strategy);
  }

  @Test
  void allocationsConvertPendingAndHideZeros() {
    f.call("deallocateEarnFunds", op(Earn.STRATEGY_ETH, "2.5"));
    Map<String, Object> result = f.object("listEarnAllocations", Map.of("converted_asset", "EUR"));
    assertEquals(List.of("converted_asset", "total_allocated", "total_rewarded", "next_cursor", "items"),
        List.copyOf(result.keySet()));
    assertEquals("EUR", result.get("converted_asset"));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> items = (List<Map<String, Object>>) result.get("items");
    assertEquals(List.of(Earn.STRATEGY_USDC, Earn.STRATEGY_SOL, Earn.STRATEGY_ETH),
        items.stream().map(i -> i.get("strategy_id")).toList());
    Map<String, Object> eth = items.get(2);
    assertEquals(List.of("strategy_id", "native_asset", "amount_allocated", "total_rewarded"),
        List.copyOf(eth.keySet()));
    assertEquals("ETH", eth.get("native_asset"));
    @SuppressWarnings("unchecked")
    Map<String, Object> amounts = (Map<String, Object>) eth.get("amount_allocated");
    assertEquals(Map.of("native", "-2.5000000000", "converted", "-7407.4074"), amounts.get("pending"));
    assertEquals(Map.of("native", "20.0000000000", "converted", "59259.2593"), amounts.get("total"));
    // 20 ETH × 3200 + 250 SOL × 150 + 5000 USDC, over 1.08 USD per EUR
    assertEquals("98611.1111", result.get("total_allocated"));

    f.clock.advance(Fixture.EARN_DELAY);
    f.call("deallocateEarnFunds", op(Earn.STRATEGY_SOL, "250"));
    f.clock.advance(Fixture.EARN_DELAY);
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> shown = (List<Map<String, Object>>) f.object("listEarnAllocations",
        Map.of("hide_zero_allocations", "true", "ascending", true)).get("items");
    assertEquals(List.of(Earn.STRATEGY_ETH, Earn.STRATEGY_USDC), shown.stream().map(i -> i.get("strategy_id"))
        .toList());
    assertEquals(List.of("EGeneral:Invalid arguments:converted_asset"), f.refused("listEarnAllocations",
        Map.of("converted_asset", "MLN")));
  }
}
