package io.github.krakensdk.sandbox.internal.spot.funding;

import static io.github.krakensdk.sandbox.internal.spot.funding.Fixture.dec;
import static io.github.krakensdk.sandbox.internal.spot.funding.Fixture.same;
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

class WithdrawalsTest {
  final Fixture f = new Fixture();

  Map<String, Object> withdraw(String amount) {
    return f.object("withdrawFunds", Map.of("asset", "XBT", "key", "btc-wallet-1", "amount", amount));
  }

  Map<String, Object> statusOf(String refid) {
    for (Map<String, Object> entry : f.list("getWithdrawalStatus", Map.of("asset", "BTC"))) {
      if (entry.get("refid").equals(refid)) {
        return entry;
      }
    }
    throw new AssertionError("no " + refid);
  }

  @Test
  void aWithdrawalTakesAmountAndFeeAtOnceThenPassesItsStatesOnTheClock() {
    BigDecimal before = f.balance("XBT");
    String refid = (String) withdraw("0.1").get("refid");
    assertTrue(refid.matches("FTQ[A-Za-z0-9]{4}-[A-Za-z0-9]{22}"), refid);
    assertEquals(0, before.subtract(dec("0.1")).compareTo(f.balance("XBT")), "gross amount taken");
    LedgerRow row = f.account.ledger().get(f.account.ledger().size() - 1);
    assertEquals(List.of("withdrawal", refid, "XXBT"), List.of(row.type(), row.refid(), row.asset()));
    assertEquals(0, dec("-0.09985").compareTo(row.amount()), "net amount out");
    assertEquals(0, dec("0.00015").compareTo(row.fee()));

    Map<String, Object> initial = statusOf(refid);
    assertEquals(List.of("method", "network", "aclass", "asset", "refid", "info", "amount", "fee", "time", "status",
        "key"), List.copyOf(initial.keySet()), "no txid before it is sent");
    assertEquals("Initial", initial.get("status"));
    assertEquals("0.0998500000", initial.get("amount"));
    assertEquals("0.0001500000", initial.get("fee"));
    assertEquals(Fixture.START.getEpochSecond(), initial.get("time"));
    assertEquals("btc-wallet-1", initial.get("key"));
    assertEquals("Bitcoin", initial.get("method"));

    f.clock.advance(Duration.ofSeconds(59));
    assertEquals("Initial", statusOf(refid).get("status"));
    f.clock.advance(Duration.ofSeconds(1));
    assertEquals("Pending", statusOf(refid).get("status"));
    assertTrue(statusOf(refid).containsKey("txid"));
    f.clock.advance(Duration.ofMinutes(1));
    assertEquals("Settled", statusOf(refid).get("status"));
    f.clock.advance(Duration.ofMinutes(1));
    assertEquals("Success", statusOf(refid).get("status"));
    assertEquals("SUCCESS", f.funding.withdrawals().state(f.account, refid).name());
    assertEquals(0, before.subtract(dec("0.1")).compareTo(f.balance("XBT")), "success moves nothing more");
  }

  @Test
  void cancellingReturnsTheFundsOnlyBeforeTheWithdrawalIsProcessed() {
    BigDecimal before = f.balance("XBT");
    String refid = (String) withdraw("0.2").get("refid");
    f.clock.advance(Duration.ofSeconds(90)); // Pending
    assertEquals(Boolean.TRUE, f.call("cancelWithdrawal", Map.of("asset", "XXBT", "refid", refid)));
    assertEquals(0, before.compareTo(f.balance("XBT")), "amount and fee returned");
    Map<String, Object> cancelled = statusOf(refid);
    assertEquals("Failure", cancelled.get("status"));
    assertEquals("canceled", cancelled.get("status-prop"));
    assertEquals(List.of(Errors.ALREADY_CANCELLED), f.refused("cancelWithdrawal", Map.of("asset", "XBT", "refid",
        refid)));

    String settled = (String) withdraw("0.2").get("refid");
    f.clock.advance(Duration.ofMinutes(2));
    assertEquals(List.of(Errors.ALREADY_PROCESSED), f.refused("cancelWithdrawal", Map.of("asset", "BTC", "refid",
        settled)));
    assertEquals(List.of(Errors.UNKNOWN_REFERENCE), f.refused("cancelWithdrawal", Map.of("asset", "ETH", "refid",
        settled)), "found only with its own asset");
  }

  @Test
  void theSeededWithdrawalsKeepTheirStatesOnTheClock() {
    f.clock.advance(Duration.ofDays(30));
    assertEquals("PENDING", f.funding.withdrawals().state(f.account, Withdrawals.PENDING).name());
    assertEquals("INITIAL", f.funding.withdrawals().state(f.account, Withdrawals.INITIAL).name());
    BigDecimal eth = f.balance("ETH");
    assertEquals(Boolean.TRUE, f.call("cancelWithdrawal", Map.of("asset", "ETH", "refid", Withdrawals.PENDING)));
    assertEquals(0, eth.add(dec("1.2015")).compareTo(f.balance("ETH")), "1.2 net and 0.0015 fee returned");
    List<Map<String, Object>> all = f.list("getWithdrawalStatus", Map.of());
    assertEquals(6, all.size());
    assertEquals(List.of("Initial", "Failure", "Settled", "Success", "Failure", "Failure"),
        all.stream().map(e -> e.get("status")).toList(), "newest first");
    assertEquals(Withdrawals.INITIAL, all.get(0).get("refid"));
    assertFalse(all.get(0).containsKey("txid"));
  }

  @Test
  void refusalsInTheServicesWords() {
    assertEquals(List.of(Errors.UNKNOWN_WITHDRAW_KEY), f.refused("withdrawFunds",
        Map.of("asset", "XBT", "key", "eth-cold", "amount", "0.1")), "a key of another asset");
    assertEquals(List.of(Errors.INVALID_WITHDRAWAL_ADDRESS), f.refused("withdrawFunds",
        Map.of("asset", "XBT", "key", "btc-wallet-1", "amount", "0.1", "address", "bc1qsomewhereelse")));
    assertEquals(List.of(Errors.INVALID_AMOUNT), f.refused("withdrawFunds",
        Map.of("asset", "XBT", "key", "btc-wallet-1", "amount", "0.0003")), "under the 0.0004 minimum");
    assertEquals(List.of(Errors.MAX_FEE_EXCEEDED), f.refused("withdrawFunds",
        Map.of("asset", "XBT", "key", "btc-wallet-1", "amount", "0.1", "max_fee", "0.0001")));
    assertEquals(List.of(Errors.INSUFFICIENT_FUNDS), f.refused("withdrawFunds",
        Map.of("asset", "XBT", "key", "btc-wallet-1", "amount", "2")));
    assertEquals(List.of(Errors.UNKNOWN_ASSET), f.refused("withdrawFunds",
        Map.of("asset", "DOGE", "key", "btc-wallet-1", "amount", "2")));
    assertEquals(List.of("EGeneral:Invalid arguments:amount"), f.refused("withdrawFunds",
        Map.of("asset", "XBT", "key", "btc-wallet-1", "amount", "lots")));
    assertEquals(0, dec("1.5").compareTo(f.balance("XBT")), "no refusal moved money");
  }

  @Test
  void infoMethodsAndWhitelistedAddresses() {
    Map<String, Object> info = f.object("getWithdrawalInfo", Map.of("asset", "XBT", "key", "btc-wallet-1",
        "amount", "0.725"));
    assertEquals(List.of("method", "limit", "amount", "fee"), List.copyOf(info.keySet()));
    assertEquals("Bitcoin", info.get("method"));
    assertEquals("0.7248500000", info.get("amount"));
    assertEquals("0.0001500000", info.get("fee"));
    assertEquals("1.4998500000", info.get("limit"), "the balance less the fee");

    List<Map<String, Object>> methods = f.list("getWithdrawalMethods", Map.of("asset", "BTC"));
    assertEquals(List.of("Bitcoin", "Bitcoin Lightning"), methods.stream().map(m -> m.get("method")).toList());
    assertEquals(Map.of("asset", "XXBT", "method", "Bitcoin", "network", "Bitcoin", "minimum", "0.0004"),
        methods.get(0));
    assertEquals(List.of("SEPA"), f.list("getWithdrawalMethods", Map.of("network", "sepa")).stream()
        .map(m -> m.get("method")).toList());

    List<Map<String, Object>> xbt = f.list("getWithdrawalAddresses", Map.of("asset", "XBT"));
    assertEquals(List.of("btc-wallet-1", "btc-wallet-2"), xbt.stream().map(a -> a.get("key")).toList());
    assertEquals(List.of("address", "asset", "method", "key", "verified"), List.copyOf(xbt.get(0).keySet()));
    assertEquals("XBT", xbt.get(0).get("asset"));
    assertEquals(List.of("btc-wallet-2"), f.list("getWithdrawalAddresses", Map.of("verified", "false")).stream()
        .map(a -> a.get("key")).toList(), "form text false filters like JSON false");
  }

  @Test
  void statusPagesWithACursorNewestFirst() {
    Map<String, Object> first = f.object("getWithdrawalStatus", Map.of("cursor", true, "limit", 4));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> items = (List<Map<String, Object>>) first.get("withdrawals");
    assertEquals(4, items.size());
    String next = (String) first.get("next_cursor");
    Map<String, Object> second = f.object("getWithdrawalStatus", Map.of("cursor", next, "limit", "4"));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> rest = (List<Map<String, Object>>) second.get("withdrawals");
    assertEquals(List.of(Withdrawals.FAILURE, Withdrawals.CANCELLED), rest.stream().map(e -> e.get("refid")).toList());
    assertTrue(second.containsKey("next_cursor"));
    assertNull(second.get("next_cursor"));
    assertEquals(List.of("EGeneral:Invalid arguments:cursor"), f.refused("getWithdrawalStatus",
        Map.of("cursor", "bm90IGEgcmVmaWQ")));
    assertEquals(3, f.list("getWithdrawalStatus", Map.of("cursor", "false", "limit", "3")).size());
  }

  @Test
  void walletTransferMovesSpotFundsToTheFuturesWallet() {
    Map<String, Object> result = f.object("walletTransfer", Map.of("asset", "XBT", "from", "Spot Wallet",
        "to", "Futures Wallet", "amount", "0.25"));
    assertEquals(List.of("refid"), List.copyOf(result.keySet()));
    assertTrue(same("1.25", f.balance("XBT")));
    assertTrue(same("0.25", f.funding.withdrawals().futuresWallet(f.account, "XXBT")));
    LedgerRow row = f.account.ledger().get(f.account.ledger().size() - 1);
    assertEquals(List.of("transfer", "spottofutures", result.get("refid")), List.of(row.type(), row.subtype(),
        row.refid()));
    assertEquals(List.of("EGeneral:Invalid arguments:from"), f.refused("walletTransfer", Map.of("asset", "XBT",
        "from", "Futures Wallet", "to", "Spot Wallet", "amount", "1")));
    assertEquals(List.of(Errors.INSUFFICIENT_FUNDS), f.refused("walletTransfer", Map.of("asset", "XBT",
        "from", "Spot Wallet", "to", "Futures Wallet", "amount", "5")));
  }
}
