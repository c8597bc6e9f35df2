package io.github.krakensdk.sandbox.internal.spot.funding;

import static io.github.krakensdk.sandbox.internal.spot.funding.Fixture.dec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.LedgerRow;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DepositsTest {
  final Fixture f = new Fixture();

  @Test
  void methodsPerAssetWithTheServicesMembers() {
    List<Map<String, Object>> btc = f.list("getDepositMethods", Map.of("asset", "XBT"));
    assertEquals(2, btc.size());
    assertEquals(List.of("method", "limit", "fee", "gen-address", "minimum"), List.copyOf(btc.get(0).keySet()));
    assertEquals(Boolean.FALSE, btc.get(0).get("limit"));
    assertEquals(Boolean.TRUE, btc.get(0).get("gen-address"));
    assertFalse(btc.get(1).containsKey("gen-address"), "Lightning makes invoices, not addresses");
    assertEquals("100000.0000", f.list("getDepositMethods", Map.of("asset", "EUR")).get(0).get("limit"));
    assertEquals(List.of(), f.list("getDepositMethods", Map.of("asset", "MLN")));
    assertEquals(List.of(Errors.UNKNOWN_ASSET), f.refused("getDepositMethods", Map.of("asset", "DOGE")));
  }

  @Test
  void newGeneratesAnAddressUpToTheLimit() {
    Map<String, Object> params = Map.of("asset", "BTC", "method", "Bitcoin");
    List<Map<String, Object>> seeded = f.list("getDepositAddresses", params);
    assertEquals(1, seeded.size());
    assertEquals(List.of("address", "expiretm"), List.copyOf(seeded.get(0).keySet()), "used: no \"new\"");

    List<Map<String, Object>> after = f.list("getDepositAddresses", Map.of("asset", "BTC", "method", "Bitcoin",
        "new", "true"));
    assertEquals(2, after.size());
    Map<String, Object> fresh = after.get(0);
    assertEquals(Boolean.TRUE, fresh.get("new"));
    assertEquals("0", fresh.get("expiretm"));
    assertTrue(((String) fresh.get("address")).matches("bc1q[a-z0-9]{38}"), fresh.toString());
    assertEquals(2, f.list("getDepositAddresses", params).size(), "without new nothing is generated");

    for (int i = 2; i < Deposits.MAX_ADDRESSES; i++) {
      f.call("getDepositAddresses", Map.of("asset", "BTC", "method", "Bitcoin", "new", true));
    }
    assertEquals(List.of(Errors.TOO_MANY_ADDRESSES), f.refused("getDepositAddresses",
        Map.of("asset", "BTC", "method", "Bitcoin", "new", true)));
    assertEquals(List.of(), f.list("getDepositAddresses", Map.of("asset", "ETH", "method", "Ether (Hex)")));
    assertEquals(List.of(Errors.NO_FUNDING_METHOD), f.refused("getDepositAddresses",
        Map.of("asset", "ETH", "method", "Bitcoin")));
    assertEquals(List.of(Errors.NO_FUNDING_METHOD), f.refused("getDepositAddresses",
        Map.of("asset", "EUR", "method", "SEPA")), "a bank method has no addresses");
  }

  @Test
  void lightningAnswersAnExpiringInvoiceForTheAmount() {
    assertEquals(List.of("EGeneral:Invalid arguments:amount"), f.refused("getDepositAddresses",
        Map.of("asset", "XBT", "method", "Bitcoin Lightning")));
    Map<String, Object> invoice = f.list("getDepositAddresses", Map.of("asset", "XBT", "method",
        "Bitcoin Lightning", "amount", 0.001)).get(0);
    assertTrue(((String) invoice.get("address")).startsWith("lnbc100000n1p"), invoice.toString());
    assertEquals(Long.toString(Fixture.START.getEpochSecond() + 3600), invoice.get("expiretm"));
  }

  @Test
  void anArrivingDepositIsSettledThenSuccessAndOnlyThenCredited() {
    BigDecimal before = f.balance("ETH");
    String refid = f.funding.deposits().arrive(f.account, "ETH", "Ether (Hex)", dec("3.25"));
    Map<String, Object> settled = f.list("getDepositStatus", Map.of("asset", "ETH")).get(0);
    assertEquals(refid, settled.get("refid"));
    assertEquals("Settled", settled.get("status"));
    assertEquals("3.2500000000", settled.get("amount"));
    assertEquals(Fixture.START.getEpochSecond(), settled.get("time"));
    assertEquals(List.of("method", "aclass", "asset", "refid", "txid", "info", "amount", "fee", "time", "status"),
        List.copyOf(settled.keySet()));
    assertEquals("XETH", settled.get("asset"));
    assertEquals(0, before.compareTo(f.balance("ETH")), "not credited while confirming");
    Object address = settled.get("info");
    assertEquals(address, f.list("getDepositAddresses", Map.of("asset", "ETH", "method", "Ether (Hex)")).get(0)
        .get("address"));
    assertFalse(f.list("getDepositAddresses", Map.of("asset", "ETH", "method", "Ether (Hex)")).get(0)
        .containsKey("new"), "the address is used now");

    f.clock.advance(Duration.ofMinutes(10));
    f.funding.settle(f.account);
    assertEquals("Success", f.funding.deposits().state(f.account, refid));
    assertEquals(0, before.add(dec("3.25")).compareTo(f.balance("ETH")));
    LedgerRow row = f.account.ledger().get(f.account.ledger().size() - 1);
    assertEquals(List.of("deposit", refid), List.of(row.type(), row.refid()));
    assertEquals(Fixture.START.plus(Duration.ofMinutes(10)), row.time(), "booked when it happened");
    f.funding.settle(f.account);
    assertEquals(0, before.add(dec("3.25")).compareTo(f.balance("ETH")), "credited once");
  }

  @Test
  void statusFiltersAndPages() {
    List<Map<String, Object>> all = f.list("getDepositStatus", Map.of());
    assertEquals(List.of("Settled", "Success", "Failure", "Success"), all.stream().map(d -> d.get("status"))
        .toList(), "newest first");
    assertEquals("onhold", all.get(0).get("status-prop"));
    assertEquals(2, ((List<?>) all.get(0).get("originators")).size());
    assertEquals(1, f.list("getDepositStatus", Map.of("method", "bitcoin")).size());
    long start = Fixture.START.minus(Duration.ofDays(4)).getEpochSecond();
    assertEquals(2, f.list("getDepositStatus", Map.of("start", Long.toString(start))).size());
    assertEquals(2, f.list("getDepositStatus", Map.of("end", start)).size());

    Map<String, Object> page = f.object("getDepositStatus", Map.of("cursor", "true", "limit", 3));
    assertEquals(List.of("deposits", "next_cursor"), List.copyOf(page.keySet()));
    assertEquals(3, ((List<?>) page.get("deposits")).size());
    Map<String, Object> last = f.object("getDepositStatus", Map.of("cursor", page.get("next_cursor")));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> rest = (List<Map<String, Object>>) last.get("deposits");
    assertEquals(1, rest.size());
    assertEquals("ZEUR", rest.get(0).get("asset"));
    assertEquals(null, last.get("next_cursor"));
    assertNotEquals(page.get("next_cursor"), rest.get(0).get("refid"), "the cursor is opaque");
  }
}
