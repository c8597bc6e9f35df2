package io.github.krakensdk.sandbox.internal.spot.funding;

import io.github.krakensdk.sandbox.internal.params.Parameters;
import io.github.krakensdk.sandbox.internal.spot.exchange.Book;

import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.Asset;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.InsufficientFundsException;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.Posting;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Withdrawals to the account's whitelisted addresses (each known by its {@code key}), their fees and
 * limits, their states, their cancellation, and transfers from the spot wallet to the futures wallet.
 *
 * <p>A new withdrawal takes its amount and fee from the balance at once (a {@code withdrawal} ledger
 * entry) and then passes {@code Initial}, {@code Pending} and {@code Settled}, each for
 * {@link FundingSettings#withdrawalStep()}, to {@code Success}. While it is {@code Initial} or
 * {@code Pending} it can be cancelled, which returns the funds; it then shows as {@code Failure} with
 * {@code status-prop: canceled}. The demo account's six seeded withdrawals keep their states
 * (the seed rules of WithdrawCancel): they only change by cancellation.
 *
 * <p>Thread-safe: one lock for all accounts' withdrawals.
 */
public final class Withdrawals {
  public static final String PENDING = "FTQcN7x-K3bWp9RmZsq2Lx84YhVd5e";
  public static final String INITIAL = "FTQcRw4-Hq8LmZ2vTc6YbNs0Gp3Kd7";
  public static final String SETTLED = "FTQbU2s-Pz7NcX5qWm1DhLa8Vf4Je9";
  public static final String SUCCESS = "FTQaK9d-Rt3GyB6nMs0ZpQx2Lw8Cv5";
  public static final String FAILURE = "FTQZe6v-Wn1JkD4sHc9TqRb3Xm7Py2";
  public static final String CANCELLED = "FTQYm3p-Ld8FvS2wKa5NxGc1Zr6Ht0";

  /** What became of a withdrawal; the first two are not processed yet and can be cancelled. */
  public enum State {
    INITIAL("Initial"), PENDING("Pending"), SETTLED("Settled"), SUCCESS("Success"), FAILURE("Failure"),
    CANCELLED("Failure");

    final String wire;

    State(String wire) {
      this.wire = wire;
    }
  }

  /** A withdrawal method of an asset, with its network, minimum and fee. */
  record Method(String asset, String name, String network, String minimum, String fee) {}

  static final List<Method> METHODS = List.of(
      new Method("XXBT", "Bitcoin", "Bitcoin", "0.0004", "0.00015"),
      new Method("XXBT", "Bitcoin Lightning", "Lightning", "0.00001", "0"),
      new Method("XETH", "Ether", "Ethereum", "0.004", "0.0015"),
      new Method("SOL", "Solana", "Solana", "0.05", "0.01"),
      new Method("USDC", "USDC - Ethereum (ERC20)", "Ethereum", "5", "2.5"),
      new Method("ZEUR", "SEPA", "SEPA", "1", "0.35"),
      new Method("ZUSD", "Wire (SWIFT)", "SWIFT", "10", "5"));

  /** A whitelisted address: the {@code key} a withdrawal names. */
  record Key(String key, Asset asset, Method method, String address, boolean verified) {}

  private static final class Withdrawal {
    final String refid;
    final Asset asset;
    /** The address withdrawn to; null for a transfer to the Futures wallet. */
    final Key key;
    final BigDecimal net;
    final BigDecimal fee;
    final Instant time;
    final String txid;
    /** A seeded withdrawal's state, which only cancellation changes; null for a new one. */
    State seeded;
    boolean cancelled;
    /** The saved address withdrawn to (Funding (Beta)'s {@code address_id}), or null. */
    String addressId;

    Withdrawal(String refid, Asset asset, Key key, BigDecimal net, BigDecimal fee, Instant time, String txid,
        State seeded) {
      this.refid = refid;
      this.asset = asset;
      this.key = key;
      this.net = net;
      this.fee = fee;
      this.time = time;
      this.txid = txid;
      this.seeded = seeded;
    }

    State state(Instant now, Duration step) {
      if (cancelled) {
        return State.CANCELLED;
      }
      if (seeded != null) {
        return seeded;
      }
      long steps = step.isZero() ? 3 : Duration.between(time, now).toNanos() / step.toNanos();
      return steps <= 0 ? State.INITIAL : steps == 1 ? State.PENDING : steps == 2 ? State.SETTLED : State.SUCCESS;
    }
  }

  private static final class Book {
    final List<Key> keys = new ArrayList<>();
    /** Oldest first. */
    final List<Withdrawal> withdrawals = new ArrayList<>();
    final Map<String, BigDecimal> futuresWallet = new LinkedHashMap<>();
    /** The saved addresses of Funding (Beta), oldest first; each {@code name} is the key of its {@link #keys}. */
    final List<SavedAddress> saved = new ArrayList<>();
  }

  /**
   * A saved withdrawal address as Funding (Beta) shows it. Its {@code name} is the legacy {@code
   * key}: the account's {@link Key}s of that name are the address for each method of its scope.
   *
   * @param scopeKind {@code method_id}, {@code network_id} or {@code network_group_id}.
   * @param iban for a bank address (seeded only: the API saves on-chain addresses), else null.
   */
  public record SavedAddress(String id, String name, String description, String scopeKind, String scopeId,
      String address, String tag, String memo, String iban, boolean verified) {}

  /**
   * A withdrawal as Funding (Beta) lists it.
   *
   * @param asset the asset's internal name.
   * @param method the legacy method's name.
   * @param txid the on-chain transaction once sent, else null.
   */
  public record Listed(String refid, String asset, String method, BigDecimal net, BigDecimal fee, Instant time,
      State state, String txid, String addressId) {}

  /** Why Funding (Beta) refuses a change of saved addresses or a withdrawal: its problem code and detail. */
  public static final class Refusal extends RuntimeException {
    public final String code;

    Refusal(String code, String detail) {
      super(detail, null, false, false);
      this.code = code;
    }
  }

  private final FundingSettings settings;
  private final Ids ids;
  /** Address ids, apart from {@link #ids} so that the seeded references stay what they were. */
  private final Ids addressIds;
  /** By account IIBAN; guarded by {@code this}. */
  private final Map<String, Book> books = new HashMap<>();

  Withdrawals(FundingSettings settings, Ids ids) {
    this.settings = settings;
    this.ids = ids;
    this.addressIds = new Ids(settings.seed() * 31 + 7);
  }

  /** The demo account's keys and its six withdrawals, one in each state. */
  synchronized void seed(FundingAccount account, Instant start) {
    Book book = book(account);
    Key btc = key(account, "btc-wallet-1", "XXBT", "Bitcoin", "bc1q" + ids.bech32(38), true);
    key(account, "btc-wallet-2", "XXBT", "Bitcoin", "bc1q" + ids.bech32(38), false);
    Key eth = key(account, "eth-cold", "XETH", "Ether", "0x" + ids.hex(40), true);
    Key sol = key(account, "sol-main", "SOL", "Solana", ids.base58(44), true);
    Key usdc = key(account, "usdc-ledger", "USDC", "USDC - Ethereum (ERC20)", "0x" + ids.hex(40), true);
    Key eur = key(account, "eur-bank", "ZEUR", "SEPA", "DE89 3704 0044 0532 0130 00", true);
    seeded(book, PENDING, eth, "1.2", start.minus(Duration.ofMinutes(20)), State.PENDING);
    seeded(book, INITIAL, btc, "0.05", start.minus(Duration.ofMinutes(2)), State.INITIAL);
    seeded(book, SETTLED, eth, "0.5", start.minus(Duration.ofHours(2)), State.SETTLED);
    seeded(book, SUCCESS, usdc, "250", start.minus(Duration.ofDays(2)), State.SUCCESS);
    seeded(book, FAILURE, sol, "10", start.minus(Duration.ofDays(4)), State.FAILURE);
    seeded(book, CANCELLED, eur, "500", start.minus(Duration.ofDays(5)), State.CANCELLED);
    book.withdrawals.sort((a, b) -> a.time.compareTo(b.time));
  }

  private Key key(FundingAccount account, String name, String asset, String method, String address,
      boolean verified) {
    Asset found = account.asset(asset).orElseThrow();
    Key key = new Key(name, found, method(asset, method), address, verified);
    book(account).keys.add(key);
    boolean bank = key.method().network().equals("SEPA");
    book(account).saved.add(new SavedAddress(addressIds.addressId(), name, null, "method_id",
        FundingCatalog.withdrawMethod(asset, method).methodId(), bank ? null : address, null, null,
        bank ? address.replace(" ", "") : null, verified));
    return key;
  }

  private void seeded(Book book, String refid, Key key, String net, Instant time, State state) {
    String txid = state == State.INITIAL ? null
        : key.method().network().equals("SEPA") ? ids.hex(16).toUpperCase(Locale.ROOT)
        : key.address().startsWith("0x") ? "0x" + ids.hex(64) : ids.hex(64);
    Withdrawal withdrawal = new Withdrawal(refid, key.asset(), key, new BigDecimal(net),
        new BigDecimal(key.method().fee()), time, txid, state == State.CANCELLED ? State.PENDING : state);
    withdrawal.cancelled = state == State.CANCELLED;
    withdrawal.addressId = savedId(book, key.key());
    book.withdrawals.add(withdrawal);
  }

  // ---- operations ----

  /** WithdrawMethods: filters {@code asset}, {@code aclass}, {@code network}. */
  List<Object> methods(FundingAccount account, Parameters params) {
    String assetName = params.string("asset");
    Asset asset = assetName == null ? null : Deposits.asset(account, assetName);
    String aclass = params.string("aclass");
    String network = params.string("network");
    List<Object> result = new ArrayList<>();
    for (Method method : METHODS) {
      Asset of = account.asset(method.asset()).orElse(null);
      if (of == null || asset != null && !of.equals(asset) || aclass != null && !of.aclass().equals(aclass)
          || network != null && !method.network().equalsIgnoreCase(network)) {
        continue;
      }
      Map<String, Object> item = Wire.object();
      item.put("asset", of.internal());
      item.put("method", method.name());
      item.put("network", method.network());
      item.put("minimum", method.minimum());
      result.add(item);
    }
    return result;
  }

  /** WithdrawAddresses: filters {@code asset}, {@code aclass}, {@code method}, {@code key}, {@code verified}. */
  synchronized List<Object> addresses(FundingAccount account, Parameters params) {
    String assetName = params.string("asset");
    Asset asset = assetName == null ? null : Deposits.asset(account, assetName);
    String aclass = params.string("aclass");
    String method = params.string("method");
    String keyName = params.string("key");
    Boolean verified = params.bool("verified");
    List<Object> result = new ArrayList<>();
    for (Key key : book(account).keys) {
      if (asset != null && !key.asset().equals(asset) || aclass != null && !key.asset().aclass().equals(aclass)
          || method != null && !key.method().name().equalsIgnoreCase(method)
          || keyName != null && !key.key().equals(keyName) || verified != null && key.verified() != verified) {
        continue;
      }
      Map<String, Object> item = Wire.object();
      item.put("address", key.address());
      item.put("asset", key.asset().altname());
      item.put("method", key.method().name());
      item.put("key", key.key());
      item.put("verified", key.verified());
      result.add(item);
    }
    return result;
  }

  /** WithdrawInfo: {@code asset}, {@code key}, {@code amount}; the fee, the net amount and the limit now. */
  synchronized Map<String, Object> info(FundingAccount account, Parameters params) {
    Asset asset = Deposits.asset(account, params.required("asset"));
    Key key = findKey(account, asset, params.required("key"));
    BigDecimal amount = params.positive("amount");
    BigDecimal fee = new BigDecimal(key.method().fee());
    checkAmount(key, amount, fee);
    BigDecimal limit = account.available(asset.internal()).subtract(fee).max(BigDecimal.ZERO);
    Map<String, Object> result = Wire.object();
    result.put("method", key.method().name());
    result.put("limit", Wire.amount(limit, asset.decimals()));
    result.put("amount", Wire.amount(amount.subtract(fee), asset.decimals()));
    result.put("fee", Wire.amount(fee, asset.decimals()));
    return result;
  }

  /**
   * Withdraw: {@code asset}, {@code key}, {@code amount} (the fee comes out of it), optional
   * {@code address} (must be the key's), {@code max_fee}, {@code aclass}. Takes the amount from the
   * balance at once; answers {@code {"refid": ...}}.
   */
  synchronized Map<String, Object> withdraw(FundingAccount account, Parameters params) {
    Asset asset = Deposits.asset(account, params.required("asset"));
    Key key = findKey(account, asset, params.required("key"));
    String address = params.string("address");
    if (address != null && !address.trim().equals(key.address())) {
      throw new FundingException(Errors.INVALID_WITHDRAWAL_ADDRESS);
    }
    BigDecimal amount = params.positive("amount");
    BigDecimal fee = new BigDecimal(key.method().fee());
    checkAmount(key, amount, fee);
    BigDecimal maxFee = params.decimal("max_fee");
    if (maxFee != null && fee.compareTo(maxFee) > 0) {
      throw new FundingException(Errors.MAX_FEE_EXCEEDED);
    }
    Instant now = settings.clock().instant();
    String refid = ids.fundingReference();
    BigDecimal net = amount.subtract(fee);
    try {
      account.post(Posting.debit(now, asset.internal(), net, fee, "withdrawal", "", refid));
    } catch (InsufficientFundsException e) {
      throw new FundingException(Errors.INSUFFICIENT_FUNDS);
    }
    String txid = key.address().startsWith("0x") ? "0x" + ids.hex(64) : ids.hex(64);
    Withdrawal made = new Withdrawal(refid, asset, key, net, fee, now, txid, null);
    made.addressId = savedId(book(account), key.key());
    book(account).withdrawals.add(made);
    Map<String, Object> result = Wire.object();
    result.put("refid", refid);
    return result;
  }

  private static void checkAmount(Key key, BigDecimal amount, BigDecimal fee) {
    if (amount.compareTo(new BigDecimal(key.method().minimum())) < 0 || amount.compareTo(fee) <= 0) {
      throw new FundingException(Errors.INVALID_AMOUNT);
    }
  }

  /**
   * WithdrawStatus: filters {@code asset}, {@code aclass}, {@code method}, {@code start}, {@code end};
   * newest first; {@code cursor}/{@code limit} (500) as {@link Wire#cursorPage} describes.
   */
  synchronized Object status(FundingAccount account, Parameters params) {
    Instant now = settings.clock().instant();
    String assetName = params.string("asset");
    Asset asset = assetName == null ? null : Deposits.asset(account, assetName);
    String aclass = params.string("aclass");
    String method = params.string("method");
    List<Withdrawal> matching = new ArrayList<>();
    List<Withdrawal> withdrawals = book(account).withdrawals;
    for (int i = withdrawals.size() - 1; i >= 0; i--) {
      Withdrawal w = withdrawals.get(i);
      if (w.key == null) {
        continue; // a wallet transfer, which the service does not list as a withdrawal
      }
      if ((asset == null || w.asset.equals(asset)) && (aclass == null || w.asset.aclass().equals(aclass))
          && (method == null || w.key.method().name().equalsIgnoreCase(method)) && Wire.within(w.time, params)) {
        matching.add(w);
      }
    }
    return Wire.cursorPage(matching, w -> w.refid, w -> render(w, now), params, 500, "withdrawals");
  }

  private Map<String, Object> render(Withdrawal w, Instant now) {
    State state = w.state(now, settings.withdrawalStep());
    int decimals = w.asset.decimals();
    Map<String, Object> item = Wire.object();
    item.put("method", w.key.method().name());
    item.put("network", w.key.method().network());
    item.put("aclass", w.asset.aclass());
    item.put("asset", w.asset.internal());
    item.put("refid", w.refid);
    if (state != State.INITIAL && w.txid != null) {
      item.put("txid", w.txid);
    }
    item.put("info", w.key.address());
    item.put("amount", Wire.amount(w.net, decimals));
    item.put("fee", Wire.amount(w.fee, decimals));
    item.put("time", Wire.seconds(w.time));
    item.put("status", state.wire);
    if (state == State.CANCELLED) {
      item.put("status-prop", "canceled");
    }
    item.put("key", w.key.key());
    return item;
  }

  /**
   * WithdrawCancel: {@code asset} and {@code refid}. Found only with the withdrawal's own asset (any
   * of its names); only an {@code Initial} or {@code Pending} one is cancelled, and its amount and
   * fee return to the balance.
   */
  synchronized Boolean cancel(FundingAccount account, Parameters params) {
    String refid = params.required("refid");
    Asset asset = account.asset(params.required("asset")).orElse(null);
    Withdrawal withdrawal = find(account, refid);
    if (withdrawal == null || asset == null || !asset.equals(withdrawal.asset)) {
      throw new FundingException(Errors.UNKNOWN_REFERENCE);
    }
    Instant now = settings.clock().instant();
    switch (withdrawal.state(now, settings.withdrawalStep())) {
      case INITIAL, PENDING -> {
        withdrawal.cancelled = true;
        if (withdrawal.key == null) {
          book(account).futuresWallet.merge(withdrawal.asset.internal(), withdrawal.net.negate(), BigDecimal::add);
          account.post(Posting.credit(now, withdrawal.asset.internal(), withdrawal.net, "transfer", "spottofutures",
              withdrawal.refid));
        } else {
          account.post(Posting.credit(now, withdrawal.asset.internal(), withdrawal.net.add(withdrawal.fee),
              "withdrawal", "", withdrawal.refid));
        }
        return Boolean.TRUE;
      }
      case CANCELLED -> throw new FundingException(Errors.ALREADY_CANCELLED);
      default -> throw new FundingException(Errors.ALREADY_PROCESSED);
    }
  }

  /**
   * WalletTransfer: {@code asset}, {@code from} ({@code Spot Wallet}), {@code to} ({@code Futures
   * Wallet}), {@code amount}. Takes the amount from the spot balance with a {@code transfer} /
   * {@code spottofutures} ledger entry; answers {@code {"refid": ...}}. The service runs it as a
   * withdrawal to the Futures wallet: it passes the same states, and WithdrawCancel takes it back
   * while it is {@code Initial} or {@code Pending}; WithdrawStatus does not list it.
   */
  synchronized Map<String, Object> walletTransfer(FundingAccount account, Parameters params) {
    Asset asset = Deposits.asset(account, params.required("asset"));
    if (!"Spot Wallet".equals(params.required("from"))) {
      throw FundingException.invalid("from");
    }
    if (!"Futures Wallet".equals(params.required("to"))) {
      throw FundingException.invalid("to");
    }
    BigDecimal amount = params.positive("amount");
    String refid = ids.fundingReference();
    Instant now = settings.clock().instant();
    try {
      account.post(Posting.debit(now, asset.internal(), amount, BigDecimal.ZERO, "transfer", "spottofutures",
          refid));
    } catch (InsufficientFundsException e) {
      throw new FundingException(Errors.INSUFFICIENT_FUNDS);
    }
    book(account).futuresWallet.merge(asset.internal(), amount, BigDecimal::add);
    book(account).withdrawals.add(new Withdrawal(refid, asset, null, amount, BigDecimal.ZERO, now, null, null));
    Map<String, Object> result = Wire.object();
    result.put("refid", refid);
    return result;
  }

  // ---- Funding (Beta): saved addresses and withdrawals, on the same books ----

  /** The account's saved addresses, oldest first. */
  public synchronized List<SavedAddress> savedAddresses(FundingAccount account) {
    return List.copyOf(book(account).saved);
  }

  /**
   * Saves an on-chain address for a scope under {@code name} (verified at once, as the service
   * verifies an address saved through the API), and makes it the legacy key {@code name} of every
   * withdrawal method in the scope.
   *
   * @throws Refusal {@code DuplicateAddressName} when the account already has the name.
   */
  public synchronized SavedAddress saveAddress(FundingAccount account, String name, String description,
      String scopeKind, String scopeId, String address, String tag, String memo) {
    Book book = book(account);
    requireUnused(book, name, null);
    SavedAddress saved = new SavedAddress(unusedAddressId(book), name, description, scopeKind, scopeId, address, tag,
        memo, null, true);
    book.saved.add(saved);
    for (FundingCatalog.Method method : FundingCatalog.methods(FundingCatalog.WITHDRAW)) {
      if (FundingCatalog.inScope(method, scopeKind, scopeId)) {
        account.asset(method.asset()).ifPresent(asset ->
            book.keys.add(new Key(name, asset, method(method.asset(), method.name()), address, true)));
      }
    }
    return saved;
  }

  /**
   * Renames and/or describes a saved address (null keeps a value); its legacy keys take the new name.
   *
   * @throws Refusal {@code NotFound}, or {@code DuplicateAddressName} for another address's name.
   */
  public synchronized SavedAddress updateAddress(FundingAccount account, String id, String name, String description) {
    Book book = book(account);
    SavedAddress current = saved(book, id);
    String newName = name == null ? current.name() : name;
    requireUnused(book, newName, id);
    SavedAddress updated = new SavedAddress(id, newName, description == null ? current.description() : description,
        current.scopeKind(), current.scopeId(), current.address(), current.tag(), current.memo(), current.iban(),
        current.verified());
    book.saved.set(book.saved.indexOf(current), updated);
    book.keys.replaceAll(key -> key.key().equals(current.name())
        ? new Key(newName, key.asset(), key.method(), key.address(), key.verified()) : key);
    return updated;
  }

  /** Deletes a saved address and its legacy keys; withdrawals made to it keep showing it. */
  public synchronized void deleteAddress(FundingAccount account, String id) {
    Book book = book(account);
    SavedAddress current = saved(book, id);
    book.saved.remove(current);
    book.keys.removeIf(key -> key.key().equals(current.name()));
  }

  /**
   * A withdrawal to the saved address {@code addressId} through the legacy method {@code methodName}
   * of {@code asset}: {@code net + fee} leaves the balance at once, as with Withdraw, and the
   * withdrawal is the same one WithdrawStatus lists (its refid is Funding (Beta)'s {@code withdrawal_id}).
   *
   * @throws Refusal {@code NotFound} for an unknown address, {@code InvalidArguments} when the
   *     address does not serve the method, {@code InsufficientFunds}.
   */
  public synchronized String withdrawTo(FundingAccount account, String addressId, String asset, String methodName,
      BigDecimal net, BigDecimal fee) {
    Book book = book(account);
    SavedAddress saved = saved(book, addressId);
    Asset found = account.asset(asset).orElseThrow(() -> new Refusal("NotFound", "asset " + asset + " not found"));
    Key key = null;
    for (Key candidate : book.keys) {
      if (candidate.key().equals(saved.name()) && candidate.asset().equals(found)
          && candidate.method().name().equals(methodName)) {
        key = candidate;
      }
    }
    if (key == null) {
      throw new Refusal("InvalidArguments", "address_id: " + addressId + " is not an address of the method "
          + methodName + " of " + found.display());
    }
    Instant now = settings.clock().instant();
    String refid = ids.fundingReference();
    try {
      account.post(Posting.debit(now, found.internal(), net, fee, "withdrawal", "", refid));
    } catch (InsufficientFundsException e) {
      throw new Refusal("InsufficientFunds", "amount: " + net.add(fee).toPlainString() + " " + found.display()
          + " wanted, " + account.available(found.internal()).toPlainString() + " available");
    }
    String txid = key.address().startsWith("0x") ? "0x" + ids.hex(64) : ids.hex(64);
    Withdrawal made = new Withdrawal(refid, found, key, net, fee, now, txid, null);
    made.addressId = saved.id();
    book.withdrawals.add(made);
    return refid;
  }

  /** The account's withdrawals, newest first (transfers to the Futures wallet are not withdrawals). */
  public synchronized List<Listed> listed(FundingAccount account) {
    Instant now = settings.clock().instant();
    List<Listed> result = new ArrayList<>();
    List<Withdrawal> withdrawals = book(account).withdrawals;
    for (int i = withdrawals.size() - 1; i >= 0; i--) {
      Withdrawal w = withdrawals.get(i);
      if (w.key != null) {
        State state = w.state(now, settings.withdrawalStep());
        result.add(new Listed(w.refid, w.asset.internal(), w.key.method().name(), w.net, w.fee, w.time, state,
            state == State.INITIAL ? null : w.txid, w.addressId));
      }
    }
    return result;
  }

  /** A new address id; after an import of another run's state, that run's ids may come again. */
  private String unusedAddressId(Book book) {
    while (true) {
      String id = addressIds.addressId();
      if (book.saved.stream().noneMatch(existing -> existing.id().equals(id))) {
        return id;
      }
    }
  }

  private static void requireUnused(Book book, String name, String exceptId) {
    for (SavedAddress saved : book.saved) {
      if (saved.name().equals(name) && !saved.id().equals(exceptId)) {
        throw new Refusal("DuplicateAddressName", "name: " + name + " is already used");
      }
    }
    for (Key key : book.keys) {
      if (key.key().equals(name) && savedId(book, name) == null) {
        throw new Refusal("DuplicateAddressName", "name: " + name + " is already used");
      }
    }
  }

  private static SavedAddress saved(Book book, String id) {
    for (SavedAddress saved : book.saved) {
      if (saved.id().equals(id)) {
        return saved;
      }
    }
    throw new Refusal("NotFound", "address " + id + " not found");
  }

  private static String savedId(Book book, String name) {
    for (SavedAddress saved : book.saved) {
      if (saved.name().equals(name)) {
        return saved.id();
      }
    }
    return null;
  }

  // ---- for the sandbox ----

  /** A withdrawal's state now: {@code INITIAL}, {@code PENDING}, ..., {@code CANCELLED}. */
  public synchronized State state(FundingAccount account, String refid) {
    Withdrawal withdrawal = find(account, refid);
    if (withdrawal == null) {
      throw new IllegalArgumentException("no withdrawal " + refid);
    }
    return withdrawal.state(settings.clock().instant(), settings.withdrawalStep());
  }

  /** What WalletTransfer has moved to the account's futures wallet, by internal asset name. */
  public synchronized BigDecimal futuresWallet(FundingAccount account, String asset) {
    return book(account).futuresWallet.getOrDefault(asset, BigDecimal.ZERO);
  }

  // ---- lookups ----

  private Withdrawal find(FundingAccount account, String refid) {
    for (Withdrawal withdrawal : book(account).withdrawals) {
      if (withdrawal.refid.equals(refid)) {
        return withdrawal;
      }
    }
    return null;
  }

  private Key findKey(FundingAccount account, Asset asset, String name) {
    for (Key key : book(account).keys) {
      if (key.key().equals(name) && key.asset().equals(asset)) {
        return key;
      }
    }
    throw new FundingException(Errors.UNKNOWN_WITHDRAW_KEY);
  }

  private static Method method(String asset, String name) {
    for (Method method : METHODS) {
      if (method.asset().equals(asset) && method.name().equals(name)) {
        return method;
      }
    }
    throw new IllegalArgumentException("no method " + name + " for " + asset);
  }

  private Book book(FundingAccount account) {
    return books.computeIfAbsent(account.iiban(), k -> new Book());
  }
}
