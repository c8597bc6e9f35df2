package io.github.krakensdk.sandbox.internal.spot.funding;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the funding operations need from an account of the exchange: its assets and balances, a way
 * to move money with a ledger entry, and its trades and ledger for exports. The exchange engine
 * implements it; {@link InMemoryAccount} stands in until then.
 *
 * <pre>{@code
 * Asset btc = account.asset("BTC").orElseThrow();              // also "XBT", "XXBT"
 * if (account.available(btc.internal()).compareTo(amount) >= 0) {
 *   account.post(Posting.debit(now, btc.internal(), amount, fee, "withdrawal", "", refid));
 * }
 * }</pre>
 *
 * <p>Implementations are thread-safe; {@link #post} checks and moves in one step. The funding parts
 * call the account while holding their own locks, so an implementation must not call back into
 * {@link Funding} while holding its lock.
 */
public interface FundingAccount {
  /** The account's IIBAN ({@code AA29N84GTRQFZL8R}, no spaces): its identity for transfers and state. */
  String iiban();

  /** An asset by any of its names: internal ({@code XXBT}), alternative ({@code XBT}) or display ({@code BTC}). */
  Optional<Asset> asset(String name);

  /** What can be spent of an asset right now (balance less holds), by internal name; zero if none. */
  BigDecimal available(String asset);

  /**
   * Moves money and writes the ledger entry: the balance changes by {@code amount - fee}.
   *
   * @throws InsufficientFundsException if that would take the available balance below zero.
   */
  LedgerRow post(Posting posting);

  /** The account's trades, oldest first, for trade exports. */
  List<TradeRow> trades();

  /** The account's ledger entries, oldest first, for ledger exports. */
  List<LedgerRow> ledger();

  /**
   * An asset of the exchange.
   *
   * @param internal {@code XXBT}; the key of balances and ledgers.
   * @param altname {@code XBT}.
   * @param display {@code BTC}.
   * @param aclass {@code currency} or {@code tokenized_asset}.
   * @param decimals the scale amounts are shown with.
   */
  record Asset(String internal, String altname, String display, String aclass, int decimals) {
    public Asset {
      requireNonNull(internal, "internal == null");
      requireNonNull(altname, "altname == null");
      requireNonNull(display, "display == null");
      requireNonNull(aclass, "aclass == null");
    }

    /** True for any of the asset's three names. */
    public boolean named(String name) {
      return internal.equals(name) || altname.equals(name) || display.equals(name);
    }
  }

  /**
   * One movement of money with its ledger entry.
   *
   * @param time when it happened (a clocked state that completed in the past carries its own time).
   * @param amount signed: negative takes money out.
   * @param fee taken on top of {@code amount}; zero for none.
   * @param type the ledger type ({@code deposit}, {@code withdrawal}, {@code transfer}, {@code earn}).
   * @param subtype the ledger subtype, empty for none ({@code spottofutures}, {@code allocation}).
   * @param refid the operation's reference, shared by its entries.
   * @param wallet {@code spot / main}.
   */
  record Posting(Instant time, String asset, BigDecimal amount, BigDecimal fee, String type, String subtype,
      String refid, String wallet) {
    public static final String SPOT_WALLET = "spot / main";

    public Posting {
      requireNonNull(time, "time == null");
      requireNonNull(asset, "asset == null");
      requireNonNull(amount, "amount == null");
      requireNonNull(fee, "fee == null");
      requireNonNull(type, "type == null");
      requireNonNull(subtype, "subtype == null");
      requireNonNull(refid, "refid == null");
      requireNonNull(wallet, "wallet == null");
    }

    /** Money in to the spot wallet, no fee. */
    public static Posting credit(Instant time, String asset, BigDecimal amount, String type, String subtype,
        String refid) {
      return new Posting(time, asset, amount.abs(), BigDecimal.ZERO, type, subtype, refid, SPOT_WALLET);
    }

    /** Money out of the spot wallet: {@code amount} leaves, {@code fee} is charged on top. */
    public static Posting debit(Instant time, String asset, BigDecimal amount, BigDecimal fee, String type,
        String subtype, String refid) {
      return new Posting(time, asset, amount.abs().negate(), fee, type, subtype, refid, SPOT_WALLET);
    }

    /** What the balance changes by. */
    public BigDecimal delta() {
      return amount.subtract(fee);
    }
  }

  /** A ledger entry as Ledgers and the ledger export show it; {@code balance} is the balance after it. */
  record LedgerRow(String id, String refid, Instant time, String type, String subtype, String aclass, String asset,
      String wallet, BigDecimal amount, BigDecimal fee, BigDecimal balance) {
    public LedgerRow {
      requireNonNull(id, "id == null");
      requireNonNull(time, "time == null");
    }
  }

  /** A trade as TradesHistory and the trade export show it. */
  record TradeRow(String txid, String ordertxid, String pair, Instant time, String type, String ordertype,
      BigDecimal price, BigDecimal cost, BigDecimal fee, BigDecimal vol, BigDecimal margin, String misc,
      List<String> ledgers) {
    public TradeRow {
      requireNonNull(txid, "txid == null");
      requireNonNull(time, "time == null");
      ledgers = List.copyOf(ledgers);
    }
  }

  /** A debit larger than the available balance. */
  final class InsufficientFundsException extends RuntimeException {
    public InsufficientFundsException(String asset, BigDecimal available, BigDecimal wanted) {
      super(wanted.toPlainString() + " " + asset + " wanted, " + available.toPlainString() + " available");
    }
  }
}
