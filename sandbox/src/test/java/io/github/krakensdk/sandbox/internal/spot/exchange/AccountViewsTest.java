package io.github.krakensdk.sandbox.internal.spot.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Balances, the ledger, trade history and fee tiers as the account sees them. */
class AccountViewsTest extends ExchangeFixture {
  @Test
  void theDemoAccountStartsFundedByDeposits() {
    Map<String, Object> balance = call("getBalance");
    assertEquals(List.of("XXBT", "XETH", "ZUSD", "ZEUR", "SOL", "USDC", "AAPLx"), List.copyOf(balance.keySet()));
    assertEquals("1.2500000000", balance.get("XXBT"));
    assertEquals("25000.0000", balance.get("ZUSD"));
    assertEquals("5000.00000000", balance.get("USDC"));
    Map<String, Object> usd = map(call("getExtendedBalance").get("ZUSD"));
    assertEquals(Map.of("balance", "25000.0000", "hold_trade", "0.0000"), usd);

    Map<String, Object> ledgers = call("getLedgers");
    assertEquals(7L, ledgers.get("count"));
    assertEquals(List.of("count", "ledger"), List.copyOf(ledgers.keySet()));
    Map<String, Object> newest = map(map(ledgers.get("ledger")).values().iterator().next());
    assertEquals(List.of("refid", "time", "type", "subtype", "aclass", "asset", "amount", "fee", "balance"),
        List.copyOf(newest.keySet()));
    assertEquals("deposit", newest.get("type"));
    assertEquals("tokenized_asset", newest.get("aclass"));
    assertEquals("AAPLx", newest.get("asset"));
    assertTrue(((String) newest.get("refid")).startsWith("FT"));
    assertEquals(List.of(), raw("getOpenPositions"));
  }

  @Test
  void ledgerFiltersAndQueryLedgers() {
    place("pair", "XBTUSD", "type", "buy", "ordertype", "market", "volume", "0.01");
    Map<String, Object> btc = map(call("getLedgers", "asset", "XBT").get("ledger"));
    assertEquals(2, btc.size()); // the deposit and the trade
    Map<String, Object> trades = call("getLedgers", "type", "trade", "asset", "XBT,USD");
    assertEquals(2L, trades.get("count"));
    String id = map(trades.get("ledger")).keySet().iterator().next();
    Map<String, Object> queried = call("queryLedgers", "id", id + ", LAAAAA-BBBBB-CCCCCC");
    assertEquals(List.of(id), List.copyOf(queried.keySet()));
    assertEquals(map(trades.get("ledger")).get(id), queried.get(id));
    Map<String, Object> paged = call("getLedgers", "ofs", 8);
    assertEquals(9L, paged.get("count"));
    assertEquals(1, map(paged.get("ledger")).size());
    assertEquals("EQuery:Unknown asset", refusal(() -> call("getLedgers", "asset", "DOGE")));
    // start is exclusive, end inclusive: the trade's own time as end keeps it.
    BigDecimal time = dec(map(map(trades.get("ledger")).get(id)).get("time"));
    assertEquals(2L, call("getLedgers", "type", "trade", "end", time.toPlainString()).get("count"));
    assertEquals(0L, call("getLedgers", "type", "trade", "start", time.toPlainString()).get("count"));
  }

  @Test
  void tradesHistoryIsNewestFirstWithCountAndItsLedgerIds() {
    String first = place("pair", "XBTUSD", "type", "buy", "ordertype", "market", "volume", "0.01");
    clock.advance(Duration.ofMinutes(1));
    String second = place("pair", "ETHUSD", "type", "buy", "ordertype", "market", "volume", "0.1");
    Map<String, Object> history = call("getTradesHistory", "ledgers", true);
    assertEquals(List.of("count", "trades"), List.copyOf(history.keySet()));
    long count = (Long) history.get("count");
    assertTrue(count >= 2);
    Map<String, Object> newest = map(map(history.get("trades")).values().iterator().next());
    assertEquals(second, newest.get("ordertxid"));
    assertEquals("XETHZUSD", newest.get("pair"));
    assertEquals(List.of("ordertxid", "postxid", "pair", "time", "type", "ordertype", "tradeordertype", "price",
        "cost", "fee", "vol", "margin", "leverage", "misc", "ledgers", "trade_id", "maker"),
        List.copyOf(newest.keySet()));
    List<Object> ledgerIds = list(newest.get("ledgers"));
    assertEquals(2, ledgerIds.size());
    Map<String, Object> entries = call("queryLedgers", "id", ledgerIds.get(0) + "," + ledgerIds.get(1));
    assertEquals(2, entries.size());
    for (Object entry : entries.values()) {
      assertEquals(map(history.get("trades")).keySet().iterator().next(), map(entry).get("refid"));
    }
    assertEquals(0L, call("getTradesHistory", "type", "closed position").get("count"));
    assertEquals(count, call("getTradesHistory", "type", "no position").get("count"));
    Map<String, Object> older = map(call("getTradesHistory", "ofs", count - 1).get("trades"));
    assertEquals(first, map(older.values().iterator().next()).get("ordertxid"));
  }

  @Test
  void tradeBalanceValuesTheAccountInTheAskedAsset() {
    Map<String, Object> usd = call("getTradeBalance");
    assertEquals(List.of("eb", "tb", "m", "uv", "n", "c", "v", "e", "mf"), List.copyOf(usd.keySet()));
    // 1.25 BTC at 90500 + 8 ETH at 3120 + 25000 USD + 12000 EUR at 1.1632 + 150 SOL at 136.5
    // + 5000 USDC at 0.9999 + 12 AAPLx at 262.4
    BigDecimal expected = new BigDecimal("113125").add(new BigDecimal("24960")).add(new BigDecimal("25000"))
        .add(new BigDecimal("13958.4")).add(new BigDecimal("20475")).add(new BigDecimal("4999.5"))
        .add(new BigDecimal("3148.8"));
    assertEquals(expected.setScale(4), dec(usd.get("eb")));
    // Trade balance: collateral-weighted (SOL at 0.85, xStocks without collateral value).
    BigDecimal collateral = expected.subtract(new BigDecimal("20475").multiply(new BigDecimal("0.15")))
        .subtract(new BigDecimal("3148.8"));
    assertEquals(collateral.setScale(4), dec(usd.get("tb")));
    assertEquals("0.0000", usd.get("m"));
    assertEquals(usd.get("tb"), usd.get("e"));

    place("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "90000.0", "volume", "0.1");
    assertEquals("9000.0000", call("getTradeBalance").get("uv"));
    Map<String, Object> inBtc = call("getTradeBalance", "asset", "XBT");
    assertEquals(10, ((String) inBtc.get("eb")).split("\\.")[1].length());
  }

  @Test
  void tradeVolumeIsKeyedByCanonicalNamesAndGrowsWithTrades() {
    Map<String, Object> volume = call("getTradeVolume", "pair", "XBTUSD,USDC/USD");
    assertEquals("ZUSD", volume.get("currency"));
    assertEquals("73512.3591", volume.get("volume"));
    Map<String, Object> fees = map(volume.get("fees"));
    assertEquals(List.of("XXBTZUSD", "USDCUSD"), List.copyOf(fees.keySet()));
    Map<String, Object> taker = map(fees.get("XXBTZUSD"));
    // The contract's member names (the service's minfee, maxfee, ... are its aliases).
    assertEquals(List.of("fee", "min_fee", "max_fee", "tier_volume", "next_fee", "next_volume"),
        List.copyOf(taker.keySet()));
    assertEquals("0.2400", taker.get("fee"));
    assertEquals("0.1000", taker.get("min_fee"));
    assertEquals("0.4000", taker.get("max_fee"));
    assertEquals("0.2200", taker.get("next_fee"));
    assertEquals("100000.0000", taker.get("next_volume"));
    assertEquals("50000.0000", taker.get("tier_volume"));
    Map<String, Object> makers = map(volume.get("fees_maker"));
    assertEquals(List.of("XXBTZUSD"), List.copyOf(makers.keySet())); // USDCUSD has one fee for both sides
    assertEquals("0.1400", map(makers.get("XXBTZUSD")).get("fee"));

    Map<String, Object> withoutPair = call("getTradeVolume");
    assertTrue(withoutPair.containsKey("fees"));
    assertNull(withoutPair.get("fees"));
    assertNull(withoutPair.get("fees_maker"));

    fund();
    place("pair", "XBTUSD", "type", "buy", "ordertype", "market", "volume", "0.3");
    BigDecimal grown = dec(call("getTradeVolume").get("volume"));
    assertTrue(grown.compareTo(new BigDecimal("100000")) > 0, grown.toPlainString());
    assertEquals("0.2200", map(map(call("getTradeVolume", "pair", "XXBTZUSD").get("fees")).get("XXBTZUSD"))
        .get("fee"));
    assertEquals("EQuery:Unknown asset pair", refusal(() -> call("getTradeVolume", "pair", "XBTUSD,NOPE")));
  }

  @Test
  void creditLinesOfAnAccountWithoutAnyShowItsCollateralAndNoCredit() {
    Map<String, Object> lines = call("getCreditLines");
    assertEquals(List.of("asset_details", "limits_monitor"), List.copyOf(lines.keySet()));
    assertEquals(Map.of(), lines.get("asset_details"));
    Map<String, Object> monitor = map(lines.get("limits_monitor"));
    assertEquals(List.of("total_credit_usd", "total_credit_used_usd", "total_collateral_value_usd", "equity_usd",
        "ongoing_balance", "debt_to_equity"), List.copyOf(monitor.keySet()));
    assertEquals("0.0000", monitor.get("total_credit_usd"));
    assertEquals("0.0000", monitor.get("total_credit_used_usd"));
    assertEquals(call("getTradeBalance").get("tb"), monitor.get("total_collateral_value_usd"));
    assertEquals(monitor.get("total_collateral_value_usd"), monitor.get("equity_usd"));
    assertTrue(monitor.containsKey("ongoing_balance"));
    assertNull(monitor.get("ongoing_balance"), "collateral over no credit");
    assertEquals("0.0000", monitor.get("debt_to_equity"));

    // The collateral follows the balances: a buy turns USD into BTC at the last price, less the fee.
    place("pair", "XBTUSD", "type", "buy", "ordertype", "market", "volume", "0.01");
    Map<String, Object> after = map(call("getCreditLines").get("limits_monitor"));
    assertEquals(call("getTradeBalance").get("tb"), after.get("total_collateral_value_usd"));
    assertTrue(dec(after.get("total_collateral_value_usd")).compareTo(dec(monitor.get("total_collateral_value_usd")))
        < 0, "the fee left the account");
    // Without collateral, neither ratio can be computed.
    Map<String, Object> empty = map(map(exchange.handle("getCreditLines", "someone-else", Map.of()))
        .get("limits_monitor"));
    assertEquals("0.0000", empty.get("total_collateral_value_usd"));
    assertNull(empty.get("debt_to_equity"));
  }

  @Test
  void creditsAndDebitsFromElsewhereWriteLedgerEntriesAndRespectHolds() {
    place("pair", "XBTUSD", "type", "sell", "ordertype", "limit", "price", "99000.0", "volume", "1.0");
    // 1.25 BTC, 1.0024 held by the sell order: 0.2476 available.
    assertEquals(new BigDecimal("0.2476000000"), exchange.available(Exchange.DEMO, "BTC"));
    assertEquals("EFunding:Insufficient funds", refusal(() -> exchange.post(Exchange.DEMO, "XBT",
        new BigDecimal("-0.3"), BigDecimal.ZERO, "withdrawal", "", "FTQcRw4-Hq8LmZ2vTc6YbNs0Gp3Kd7")));
    LedgerEntry withdrawal = exchange.post(Exchange.DEMO, "XBT", new BigDecimal("-0.2"), new BigDecimal("0.0001"),
        "withdrawal", "", "FTQcRw4-Hq8LmZ2vTc6YbNs0Gp3Kd7");
    assertEquals(new BigDecimal("1.0499000000"), withdrawal.balance());
    assertEquals("XXBT", withdrawal.asset());
    assertEquals(new BigDecimal("1.0499000000"), exchange.balances(Exchange.DEMO).get("XXBT"));
    Map<String, Object> entry = map(call("queryLedgers", "id", withdrawal.id()).get(withdrawal.id()));
    assertEquals("-0.2000000000", entry.get("amount"));
    assertEquals("0.0001000000", entry.get("fee"));
    assertEquals("withdrawal", entry.get("type"));
    assertEquals(withdrawal, exchange.ledger(Exchange.DEMO).get(exchange.ledger(Exchange.DEMO).size() - 1));
  }

  @Test
  void accountsAreSeparateAndOtherAccountsStartEmpty() {
    Map<String, Object> other = map(exchange.handle("getBalance", "someone-else", Map.of()));
    assertTrue(other.isEmpty());
    assertEquals("EOrder:Insufficient funds", refusal(() -> exchange.handle("addOrder", "someone-else",
        params("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "90000", "volume", "0.01"))));
    exchange.post("someone-else", "USD", new BigDecimal("1000"), BigDecimal.ZERO, "deposit", "", "FTabcde-x");
    exchange.handle("addOrder", "someone-else",
        params("pair", "XBTUSD", "type", "buy", "ordertype", "limit", "price", "90000", "volume", "0.01"));
    assertTrue(map(call("getOpenOrders").get("open")).isEmpty());
  }
}
