package io.github.krakensdk.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.SandboxKey;
import io.github.krakensdk.sandbox.SpotKeyPermission;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.knowm.xchange.Exchange;
import org.knowm.xchange.ExchangeFactory;
import org.knowm.xchange.ExchangeSpecification;
import org.knowm.xchange.currency.Currency;
import org.knowm.xchange.currency.CurrencyPair;
import org.knowm.xchange.dto.Order;
import org.knowm.xchange.dto.account.AccountInfo;
import org.knowm.xchange.dto.account.Wallet;
import org.knowm.xchange.dto.marketdata.OrderBook;
import org.knowm.xchange.dto.marketdata.Ticker;
import org.knowm.xchange.dto.marketdata.Trades;
import org.knowm.xchange.dto.trade.LimitOrder;
import org.knowm.xchange.dto.trade.OpenOrders;
import org.knowm.xchange.dto.trade.UserTrade;
import org.knowm.xchange.kraken.KrakenExchange;
import org.knowm.xchange.kraken.dto.account.KrakenLedger;
import org.knowm.xchange.kraken.dto.account.KrakenTradeBalanceInfo;
import org.knowm.xchange.kraken.dto.trade.KrakenOrder;
import org.knowm.xchange.kraken.dto.trade.KrakenOrderStatus;
import org.knowm.xchange.kraken.service.KrakenAccountServiceRaw;
import org.knowm.xchange.kraken.service.KrakenTradeServiceRaw;

/**
 * XChange's Kraken module (5.2.2), unchanged and configured as its users configure it (its usual
 * start-up loading of pairs and assets included), against the in-process sandbox: market data,
 * balances, trade balance, ledgers, an order placed, listed, cancelled and found closed, and trade
 * history after a fill. Every call must pass; what XChange sends is in issue 23's research (its
 * AddOrder carries {@code position=0&close={}}, its order book asks for {@code Long.MAX_VALUE}
 * levels), and the sandbox takes it as the service does.
 */
class XChangeKrakenTest {
  private static final CurrencyPair BTC_USD = CurrencyPair.BTC_USD;

  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension();

  private Sandbox sandbox;
  private Exchange xchange;

  @BeforeEach
  void connect(Sandbox sandbox) {
    this.sandbox = sandbox;
    // A Pro-tier key made with the typed controls: XChange does not pace its calls, and these
    // (ledgers and trade history count 2 each) would run out a Starter key's counter, as they
    // would at the service.
    SandboxKey key = sandbox.spot().newKey().tier(SpotRateTier.PRO)
        .permissions(SpotKeyPermission.values()).issue();
    ExchangeSpecification spec = new ExchangeSpecification(KrakenExchange.class);
    spec.setSslUri(sandbox.baseUrl().toString().replaceAll("/$", ""));
    spec.setHost(sandbox.baseUrl().getHost());
    spec.setPort(sandbox.port());
    spec.setApiKey(key.key());
    spec.setSecretKey(key.secret());
    // Its start-up loads AssetPairs and Assets from the sandbox, as against the service.
    xchange = ExchangeFactory.INSTANCE.createExchange(spec);
  }

  @Test
  void marketData() throws IOException {
    Ticker ticker = xchange.getMarketDataService().getTicker(BTC_USD);
    assertEquals(BTC_USD, ticker.getInstrument());
    assertTrue(ticker.getLast().signum() > 0, ticker.toString());

    // getOrderBook(pair) asks for count=9223372036854775807: clamped to 500 levels.
    OrderBook book = xchange.getMarketDataService().getOrderBook(BTC_USD);
    assertFalse(book.getBids().isEmpty());
    assertFalse(book.getAsks().isEmpty());
    assertTrue(book.getBids().get(0).getLimitPrice().compareTo(book.getAsks().get(0).getLimitPrice()) < 0);

    Trades trades = xchange.getMarketDataService().getTrades(BTC_USD);
    assertFalse(trades.getTrades().isEmpty());
  }

  @Test
  void balancesTradeBalanceAndLedgers() throws IOException {
    AccountInfo account = xchange.getAccountService().getAccountInfo(); // TradeBalance, then Balance
    // XChange makes two wallets of it: the balances (trading) and the margin view of TradeBalance.
    BigDecimal usd = account.getWallet(Wallet.WalletFeature.TRADING).getBalance(Currency.USD).getTotal();
    assertEquals(0, usd.compareTo(sandbox.spot().balances().get("ZUSD")), account.toString());

    KrakenTradeBalanceInfo tradeBalance = ((KrakenAccountServiceRaw) xchange.getAccountService()).getKrakenTradeBalance();
    assertTrue(tradeBalance.getTradeBalance().signum() > 0, tradeBalance.toString());

    // Raw ledgers: XChange's generic getFundingHistory throws on the seed's AAPLx (xStocks) entry,
    // as its asset map holds only the default class, currency ("Kraken does not support the
    // currency code AAPLx"): an XChange limitation, not a refusal of the sandbox.
    Map<String, KrakenLedger> ledgers = ((KrakenAccountServiceRaw) xchange.getAccountService()).getKrakenLedgerInfo();
    assertFalse(ledgers.isEmpty());
  }

  @Test
  void anOrderPlacedListedCancelledAndFoundClosed() throws IOException {
    String txid = placeBid("1000");

    OpenOrders open = xchange.getTradeService().getOpenOrders();
    assertTrue(open.getOpenOrders().stream().anyMatch(order -> order.getId().equals(txid)), open.toString());
    Collection<Order> queried = xchange.getTradeService().getOrder(txid);
    assertEquals(Order.OrderStatus.NEW, queried.iterator().next().getStatus());

    assertTrue(xchange.getTradeService().cancelOrder(txid));

    Order closed = xchange.getTradeService().getOrder(txid).iterator().next();
    assertEquals(Order.OrderStatus.CANCELED, closed.getStatus());
    Map<String, KrakenOrder> closedOrders = ((KrakenTradeServiceRaw) xchange.getTradeService()).getKrakenClosedOrders();
    assertEquals(KrakenOrderStatus.CANCELED, closedOrders.get(txid).getStatus());
  }

  @Test
  void tradeHistoryAfterAFill() throws IOException {
    String txid = placeBid("1000");
    // Another participant takes the whole resting order (the sandbox's typed controls).
    List<String> trades = sandbox.spot().fill(txid, BigDecimal.ONE);
    assertEquals(1, trades.size());

    List<UserTrade> history = xchange.getTradeService()
        .getTradeHistory(xchange.getTradeService().createTradeHistoryParams()).getUserTrades();
    UserTrade trade = history.stream().filter(t -> t.getOrderId().equals(txid)).findFirst().orElseThrow();
    assertEquals(trades.get(0), trade.getId());
    assertEquals(Order.OrderType.BID, trade.getType());
    assertEquals(0, new BigDecimal("0.01").compareTo(trade.getOriginalAmount()));
    assertEquals(0, new BigDecimal("1000").compareTo(trade.getPrice()));
    assertEquals(Order.OrderStatus.FILLED, xchange.getTradeService().getOrder(txid).iterator().next().getStatus());
  }

  /** XChange's placeLimitOrder: AddOrder with {@code position=0&close=%7B%7D}, as on every order. */
  private String placeBid(String price) throws IOException {
    String txid = xchange.getTradeService().placeLimitOrder(new LimitOrder.Builder(Order.OrderType.BID, BTC_USD)
        .originalAmount(new BigDecimal("0.01")).limitPrice(new BigDecimal(price)).build());
    assertNotNull(txid);
    return txid;
  }
}
