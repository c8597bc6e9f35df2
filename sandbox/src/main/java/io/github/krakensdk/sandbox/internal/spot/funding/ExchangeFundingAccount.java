package io.github.krakensdk.sandbox.internal.spot.funding;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.sandbox.internal.spot.exchange.AccountTrade;
import io.github.krakensdk.sandbox.internal.spot.exchange.Catalog;
import io.github.krakensdk.sandbox.internal.spot.exchange.Exchange;
import io.github.krakensdk.sandbox.internal.spot.exchange.ExchangeError;
import io.github.krakensdk.sandbox.internal.spot.exchange.LedgerEntry;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * An account of the {@link Exchange} as the funding operations see it: deposits, withdrawals,
 * Earn and transfers move the same balances that orders hold and fills move, and exports read the
 * same trades and ledger that TradesHistory and Ledgers answer.
 */
public final class ExchangeFundingAccount implements FundingAccount {
  private final Exchange exchange;
  private final String account;
  private final String iiban;

  public ExchangeFundingAccount(Exchange exchange, String account, String iiban) {
    this.exchange = requireNonNull(exchange, "exchange == null");
    this.account = requireNonNull(account, "account == null");
    this.iiban = requireNonNull(iiban, "iiban == null");
  }

  @Override public String iiban() {
    return iiban;
  }

  @Override public Optional<Asset> asset(String name) {
    return exchange.asset(name).map(ExchangeFundingAccount::asset);
  }

  private static Asset asset(Catalog.Asset asset) {
    return new Asset(asset.name(), asset.altname(), asset.display(), asset.aclass(), asset.decimals());
  }

  @Override public BigDecimal available(String asset) {
    return exchange.available(account, asset);
  }

  @Override public LedgerRow post(Posting posting) {
    LedgerEntry entry;
    try {
      entry = exchange.post(account, posting.asset(), posting.amount(), posting.fee(), posting.type(),
          posting.subtype(), posting.refid());
    } catch (ExchangeError refused) {
      if (refused.errors().contains("EFunding:Insufficient funds")) {
        throw new InsufficientFundsException(posting.asset(), available(posting.asset()), posting.delta().negate());
      }
      throw refused;
    }
    return row(entry, posting.wallet());
  }

  @Override public List<TradeRow> trades() {
    return exchange.trades(account).stream().map(ExchangeFundingAccount::row).toList();
  }

  @Override public List<LedgerRow> ledger() {
    return exchange.ledger(account).stream().map(entry -> row(entry, Posting.SPOT_WALLET)).toList();
  }

  private static LedgerRow row(LedgerEntry entry, String wallet) {
    return new LedgerRow(entry.id(), entry.refid(), entry.time(), entry.type(), entry.subtype(), entry.aclass(),
        entry.asset(), wallet, entry.amount(), entry.fee(), entry.balance());
  }

  private static TradeRow row(AccountTrade trade) {
    return new TradeRow(trade.id(), trade.ordertxid(), trade.pair(), trade.time(), trade.type(), trade.ordertype(),
        trade.price(), trade.cost(), trade.fee(), trade.vol(), BigDecimal.ZERO, "", trade.ledgers());
  }
}
