package io.github.krakensdk.sandbox.internal.spot.funding;

import static io.github.krakensdk.sandbox.internal.spot.funding.Fixture.dec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.sandbox.internal.spot.funding.Subaccounts.Subaccount;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FundingTest {
  final Fixture f = new Fixture();

  @Test
  void apiKeyInfoIsTheCallingKeyInTheLiveShape() {
    Map<String, Object> info = f.object("getApiKeyInfo", Map.of());
    assertEquals(List.of("api_key_name", "api_key", "nonce", "nonce_window", "permissions", "iban", "valid_until",
        "query_from", "query_to", "created_time", "modified_time", "ip_allowlist", "last_used"),
        List.copyOf(info.keySet()));
    assertEquals("sandbox spot", info.get("api_key_name"));
    assertEquals("1741942800000", info.get("nonce"));
    assertEquals("0", info.get("nonce_window"));
    assertEquals(List.of("query-funds", "withdraw-funds"), info.get("permissions"));
    assertEquals(Long.toString(Fixture.START.getEpochSecond()), info.get("last_used"));
    assertEquals(List.of(), info.get("ip_allowlist"));
  }

  @Test
  void walletAccountsAndTheDispatch() {
    Map<String, Object> wallets = f.object("listWalletAccounts", Map.of());
    assertEquals(List.of("accounts", "cursor"), List.copyOf(wallets.keySet()));
    @SuppressWarnings("unchecked")
    Map<String, Object> main = ((List<Map<String, Object>>) wallets.get("accounts")).get(0);
    assertEquals(List.of("account_id", "flags", "status", "type", "name"), List.copyOf(main.keySet()));
    assertEquals("main", main.get("type"));
    assertNull(main.get("name"), "the main wallet has no name the user gave it");
    assertEquals(Map.of("active", true, "user_defined", false), main.get("flags"));
    assertTrue(((String) main.get("account_id")).matches("[A-Z2-9]{4}(-[A-Z2-9]{4}){3}"), main.toString());
    assertEquals(main.get("account_id"), Subaccounts.walletId(f.account.iiban()), "the same on every run");
    assertThrows(IllegalArgumentException.class, () -> f.call("getCreditLines", Map.of()), "the exchange's");
    assertEquals(202, Funding.httpStatus("deallocateEarnFunds"));
    assertEquals(200, Funding.httpStatus("allocateEarnFunds"));
    assertThrows(IllegalArgumentException.class, () -> f.call("addOrder", Map.of()));
    assertEquals(27, Funding.OPERATIONS.size());
    for (String operation : Funding.OPERATIONS) {
      try {
        f.funding.handle(operation, f.account, f.key, Map.of());
      } catch (FundingException refusedForMissingArguments) {
        assertTrue(refusedForMissingArguments.errors().get(0).startsWith("E"), operation);
      }
    }
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> publicCall(String operationId) {
    return (Map<String, Object>) f.funding.handle(operationId, null, null, Map.of());
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> events(Map<String, Object> result, String name) {
    return (List<Map<String, Object>>) result.get(name);
  }

  @Test
  void serverTimeIsTheClockInWholeSecondsAndInRfc1123WithASpacePaddedDay() {
    assertEquals(Map.of("unixtime", 1741942800L, "rfc1123", "Fri, 14 Mar 25 09:00:00 +0000"),
        publicCall("getServerTime"));
    f.clock.set(Instant.parse("2025-04-09T07:05:03.999Z"));
    assertEquals(Map.of("unixtime", 1744182303L, "rfc1123", "Wed,  9 Apr 25 07:05:03 +0000"),
        publicCall("getServerTime"));
  }

  @Test
  void systemStatusAndScheduleFollowTheSeededWindowsOnTheClock() {
    Map<String, Object> status = publicCall("getSystemStatus");
    assertEquals(List.of("status", "timestamp", "upcoming_maintenance", "emergency"), List.copyOf(status.keySet()));
    assertEquals("online", status.get("status"));
    assertEquals("2025-03-14T09:00:00Z", status.get("timestamp"));
    List<Map<String, Object>> upcoming = events(status, "upcoming_maintenance");
    assertEquals(1, upcoming.size(), "only the window within 72 hours");
    Map<String, Object> rest = upcoming.get(0);
    assertEquals(List.of("event_id", "title", "expected_start_utc", "expected_end_utc", "time_to_start_s", "phase",
        "affected_services", "order_submission", "recommended_action", "cancel_before_utc", "source_url"),
        List.copyOf(rest.keySet()));
    assertEquals(List.of(21L, "2025-03-15T15:00:00Z", 108_000L, "announced", "continue", "2025-03-15T14:55:00Z"),
        List.of(rest.get("event_id"), rest.get("expected_start_utc"), rest.get("time_to_start_s"), rest.get("phase"),
            rest.get("recommended_action"), rest.get("cancel_before_utc")));
    assertEquals(List.of(21L, 34L), events(publicCall("getMaintenanceSchedule"), "events").stream()
        .map(e -> e.get("event_id")).toList(), "the 7-day view has both");

    f.clock.advance(Duration.ofHours(6));
    assertEquals("reminder_24h", events(publicCall("getSystemStatus"), "upcoming_maintenance").get(0).get("phase"));
    f.clock.advance(Duration.ofHours(24).minusMinutes(20));
    Map<String, Object> close = events(publicCall("getMaintenanceSchedule"), "events").get(0);
    assertEquals(List.of("approaching_30m", "reduce_activity", 1200L), List.of(close.get("phase"),
        close.get("recommended_action"), close.get("time_to_start_s")));

    f.clock.advance(Duration.ofMinutes(30)); // inside the REST window: trading goes on
    status = publicCall("getSystemStatus");
    assertEquals("online", status.get("status"));
    assertEquals(List.of(34L), events(publicCall("getMaintenanceSchedule"), "events").stream()
        .map(e -> e.get("event_id")).toList(), "a started window leaves the schedule");

    f.clock.set(Fixture.START.plus(Duration.ofDays(5)).plus(Duration.ofMinutes(10)));
    assertEquals("maintenance", publicCall("getSystemStatus").get("status"));
    f.clock.advance(Duration.ofHours(1));
    assertEquals("online", publicCall("getSystemStatus").get("status"));
  }

  @Test
  void subaccountsAreCreatedAndFundedFromTheMasterByIiban() {
    assertEquals(Boolean.TRUE, f.call("createSubaccount", Map.of("username", "desk1", "email", "desk1@example.com")));
    assertEquals(List.of("EGeneral:Invalid arguments:username"), f.refused("createSubaccount",
        Map.of("username", "DESK1", "email", "other@example.com")));
    assertEquals(List.of("EGeneral:Invalid arguments:email"), f.refused("createSubaccount",
        Map.of("username", "desk2", "email", "not an address")));
    Subaccount desk = f.funding.subaccounts().of(f.account).get(0);
    assertTrue(desk.iiban().matches("AA[0-9]{2}[A-Z0-9]{12}"), desk.iiban());

    String spaced = desk.iiban().replaceAll("(.{4})(?!$)", "$1 ");
    Map<String, Object> out = f.object("accountTransfer", Map.of("asset", "XBT", "amount", "0.4",
        "from", "AA29 N84G TRQF ZL8R", "to", spaced));
    assertEquals(List.of("transfer_id", "status"), List.copyOf(out.keySet()));
    assertEquals("complete", out.get("status"));
    assertTrue(((String) out.get("transfer_id")).matches("T[A-Z2-7]{6}-[A-Z2-7]{6}-[A-Z2-7]{6}"));
    assertEquals(0, dec("1.1").compareTo(f.balance("XBT")));
    InMemoryAccount sub = (InMemoryAccount) desk.account();
    assertEquals(0, dec("0.4").compareTo(sub.balance("BTC")));
    assertEquals("transfer", sub.ledger().get(0).type());
    assertEquals(out.get("transfer_id"), sub.ledger().get(0).refid());

    f.call("accountTransfer", Map.of("asset", "BTC", "amount", "0.1", "from", desk.iiban(), "to", Fixture.IIBAN));
    assertEquals(0, dec("0.3").compareTo(sub.balance("XBT")));
    assertEquals(List.of(Errors.INSUFFICIENT_FUNDS), f.refused("accountTransfer", Map.of("asset", "XBT",
        "amount", "1", "from", desk.iiban(), "to", Fixture.IIBAN)));
    assertEquals(List.of("EGeneral:Invalid arguments:to"), f.refused("accountTransfer", Map.of("asset", "XBT",
        "amount", "0.1", "from", Fixture.IIBAN, "to", "AA00SOMEONEELSE0")));
    assertEquals(List.of("EGeneral:Invalid arguments:to"), f.refused("accountTransfer", Map.of("asset", "XBT",
        "amount", "0.1", "from", Fixture.IIBAN, "to", Fixture.IIBAN)));
    assertEquals(List.of(Errors.PERMISSION_DENIED), assertThrows(FundingException.class, () -> f.funding.handle(
        "createSubaccount", sub, f.key, Map.of("username", "x", "email", "x@example.com"))).errors(),
        "only a master creates subaccounts");
  }
}
