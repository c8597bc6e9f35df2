package io.github.krakensdk.sandbox.internal.spot.funding;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An account kept in memory: balances, ledger and trades, with the sandbox's asset table. It stands
 * in for the exchange engine's account until that one implements {@link FundingAccount}.
 *
 * <pre>{@code
 * InMemoryAccount account = InMemoryAccount.demo("AA29N84GTRQFZL8R", clock.instant());
 * account.balance("XXBT");   // 1.5000000000
 * }</pre>
 *
 * Thread-safe: every method holds the account's lock.
 */
public final class InMemoryAccount implements FundingAccount {
  /** The sandbox's assets, as GET /0/public/Assets lists them. */
  public static final List<Asset> ASSETS = List.of(
      new Asset("XXBT", "XBT", "BTC", "currency", 10),
      new Asset("XETH", "ETH", "ETH", "currency", 10),
      new Asset("ZUSD", "USD", "USD", "currency", 4),
      new Asset("ZEUR", "EUR", "EUR", "currency", 4),
      new Asset("SOL", "SOL", "SOL", "currency", 10),
      new Asset("USDC", "USDC", "USDC", "currency", 8),
      new Asset("XMLN", "MLN", "MLN", "currency", 10),
      new Asset("ZJPY", "JPY", "JPY", "currency", 2),
      new Asset("AAPLx", "AAPLx", "AAPLx", "tokenized_asset", 8),
      new Asset("NVDAx", "NVDAx", "NVDAx", "tokenized_asset", 8),
      new Asset("TSLAx", "TSLAx", "TSLAx", "tokenized_asset", 8));

  private final String iiban;
  private final Ids ids;
  private final Map<String, BigDecimal> balances = new LinkedHashMap<>();
  private final List<LedgerRow> ledger = new ArrayList<>();
  private final List<TradeRow> trades = new ArrayList<>();

  /** An empty account. */
  public InMemoryAccount(String iiban) {
    this.iiban = requireNonNull(iiban, "iiban == null");
    this.ids = new Ids(iiban.hashCode());
  }

  /**
   * The demo account: deposits a month before {@code start}, then two trades, so that balances,
   * ledger and trades agree (1.5 BTC, 25 ETH, 56 106.5 USD, 20 000 EUR, 400 SOL, 10 000 USDC).
   */
  public static InMemoryAccount demo(String iiban, Instant start) {
    InMemoryAccount account = new InMemoryAccount(iiban);
    Instant funded = start.minus(Duration.ofDays(30));
    String[][] deposits = {{"XXBT", "1.0000000000"}, {"XETH", "27.0000000000"}, {"ZUSD", "80000.0000"},
        {"ZEUR", "20000.0000"}, {"SOL", "400.0000000000"}, {"USDC", "10000.00000000"}};
    for (String[] deposit : deposits) {
      account.post(Posting.credit(funded, deposit[0], new BigDecimal(deposit[1]), "deposit", "",
          account.ids.fundingReference()));
    }
    account.trade(start.minus(Duration.ofDays(10)).plusMillis(123_400), "XXBTZUSD", "buy", "limit", "XXBT", "ZUSD",
        "0.5000000000", "60000.0", "78.0000");
    account.trade(start.minus(Duration.ofDays(5)).plusMillis(987_600), "XETHZUSD", "sell", "market", "XETH", "ZUSD",
        "2.0000000000", "3100.00", "15.5000");
    return account;
  }

  /** Books a spot trade: base against quote, the fee in quote, two ledger entries and the trade. */
  private void trade(Instant time, String pair, String side, String ordertype, String base, String quote,
      String volume, String price, String fee) {
    BigDecimal vol = new BigDecimal(volume);
    BigDecimal cost = vol.multiply(new BigDecimal(price)).setScale(4, java.math.RoundingMode.HALF_EVEN);
    BigDecimal fees = new BigDecimal(fee);
    String txid = "T" + ids.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 5) + "-"
        + ids.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 5) + "-" + ids.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 6);
    String order = "O" + ids.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 5) + "-"
        + ids.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 5) + "-" + ids.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 6);
    boolean buy = side.equals("buy");
    LedgerRow quoteRow = post(new Posting(time, quote, buy ? cost.negate() : cost, fees, "trade", "tradespot", txid,
        Posting.SPOT_WALLET));
    LedgerRow baseRow = post(new Posting(time, base, buy ? vol : vol.negate(), BigDecimal.ZERO, "trade",
        "tradespot", txid, Posting.SPOT_WALLET));
    synchronized (this) {
      trades.add(new TradeRow(txid, order, pair, time, side, ordertype, new BigDecimal(price), cost, fees, vol,
          BigDecimal.ZERO, "", List.of(quoteRow.id(), baseRow.id())));
    }
  }

  @Override
  public String iiban() {
    return iiban;
  }

  @Override
  public Optional<Asset> asset(String name) {
    if (name == null) {
      return Optional.empty();
    }
    for (Asset asset : ASSETS) {
      if (asset.named(name.trim())) {
        return Optional.of(asset);
      }
    }
    return Optional.empty();
  }

  @Override
  public synchronized BigDecimal available(String asset) {
    return balances.getOrDefault(asset, BigDecimal.ZERO);
  }

  /** The balance of an asset by any name; zero if none. */
  public synchronized BigDecimal balance(String asset) {
    return asset(asset).map(a -> balances.getOrDefault(a.internal(), BigDecimal.ZERO)).orElse(BigDecimal.ZERO);
  }

  @Override
  public synchronized LedgerRow post(Posting posting) {
    Asset asset = asset(posting.asset()).orElseThrow(
        () -> new IllegalArgumentException("unknown asset " + posting.asset()));
    BigDecimal before = balances.getOrDefault(asset.internal(), BigDecimal.ZERO);
    BigDecimal after = before.add(posting.delta());
    if (posting.delta().signum() < 0 && after.signum() < 0) {
      throw new InsufficientFundsException(asset.internal(), before, posting.delta().negate());
    }
    after = after.setScale(Math.max(after.scale(), asset.decimals()), java.math.RoundingMode.UNNECESSARY);
    balances.put(asset.internal(), after);
    LedgerRow row = new LedgerRow(ids.ledgerId(), posting.refid(), posting.time(), posting.type(), posting.subtype(),
        asset.aclass(), asset.internal(), posting.wallet(), posting.amount(), posting.fee(), after);
    ledger.add(row);
    return row;
  }

  /** Adds a trade for exports and TradesHistory; balances are not touched. */
  public synchronized void addTrade(TradeRow trade) {
    trades.add(requireNonNull(trade, "trade == null"));
  }

  @Override
  public synchronized List<TradeRow> trades() {
    return List.copyOf(trades);
  }

  @Override
  public synchronized List<LedgerRow> ledger() {
    return List.copyOf(ledger);
  }

  @Override
  public String toString() {
    return "InMemoryAccount{" + iiban + "}";
  }
}
