package io.github.krakensdk.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.knowm.xchange.Exchange;
import org.knowm.xchange.ExchangeFactory;
import org.knowm.xchange.exceptions.NonceException;
import org.knowm.xchange.kraken.service.KrakenTradeServiceRaw;
import si.mazi.rescu.SynchronizedValueFactory;

/**
 * The loopback server outlives JMH's forks; a fork whose XChange ran its millisecond nonces ahead
 * of the clock (more than 1,000 AddOrder calls a second) must not stop the next fork's XChange,
 * which starts from the clock. Each fork's client has a key of its own, as on Kraken each process
 * has, and XChange keeps its own nonces.
 */
final class ForkKeysTest {
  /** Ten seconds' worth of millisecond nonces: what ten seconds at 2,000 calls a second leave behind. */
  private static final int AHEAD = 20_000;

  @Test
  void theNextForksXChangeIsAcceptedAfterOneRanAheadOfTheClock() throws Exception {
    Clients.XChange first = new Clients.XChange();
    first.setUp();
    runAhead(first.exchange);
    assertEquals(List.of(Payloads.ORDER_TXID), first.addOrder().getTransactionIds());

    Clients.XChange next = new Clients.XChange(); // as the next fork sets it up
    next.setUp(); // its checks call AddOrder and throw on a Kraken error
    assertEquals(List.of(Payloads.ORDER_TXID), next.addOrder().getTransactionIds());
    assertNotEquals(first.exchange.getExchangeSpecification().getApiKey(),
        next.exchange.getExchangeSpecification().getApiKey());
  }

  /** Why: under the same key, a fresh XChange starts below the nonces the last one ran ahead to. */
  @Test
  void underOneKeyTheServerRefusesANonceBelowTheLast() throws Exception {
    Clients.XChange first = new Clients.XChange();
    first.setUp();
    runAhead(first.exchange);
    first.addOrder();

    Exchange sameKey = ExchangeFactory.INSTANCE.createExchange(first.exchange.getExchangeSpecification());
    KrakenTradeServiceRaw trade = (KrakenTradeServiceRaw) sameKey.getTradeService();
    NonceException refused = assertThrows(NonceException.class, () -> trade.placeKrakenLimitOrder(first.order));
    assertTrue(refused.getMessage().contains("EAPI:Invalid nonce"), refused.getMessage());
  }

  @Test
  void keysAreIssuedPerClientAndCountedByClient() {
    String one = LoopbackKraken.issueKey(LoopbackKraken.XCHANGE_KEY);
    String two = LoopbackKraken.issueKey(LoopbackKraken.XCHANGE_KEY);
    assertNotEquals(one, two);
    assertEquals(LoopbackKraken.XCHANGE_KEY, LoopbackKraken.clientOf(one));
    assertEquals(LoopbackKraken.SDK_KEY, LoopbackKraken.clientOf(LoopbackKraken.SDK_KEY));
    assertThrows(IllegalArgumentException.class, () -> LoopbackKraken.issueKey("someone-else"));
  }

  private static void runAhead(Exchange exchange) {
    SynchronizedValueFactory<Long> nonces = exchange.getNonceFactory();
    long clock = System.currentTimeMillis();
    long last = 0;
    for (int i = 0; i < AHEAD; i++) {
      last = nonces.createValue();
    }
    assertTrue(last >= clock + AHEAD - 1, "XChange's nonces are milliseconds, one more per call: " + last);
  }
}
