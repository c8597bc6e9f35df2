package io.github.krakensdk.sandbox.internal.spot.funding;

import io.github.krakensdk.sandbox.internal.params.Parameters;
import io.github.krakensdk.sandbox.internal.spot.exchange.Book;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.Asset;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.Posting;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Deposits: the methods per asset, deposit addresses ({@code new} generates one), and deposits
 * with their states. A deposit that arrives ({@link #arrive}) is {@code Settled} (received, still
 * confirming) for {@link FundingSettings#depositConfirmation()}, then {@code Success}, and only
 * then is the account credited, with a {@code deposit} ledger entry. The demo account's seeded
 * history (a success, one on hold, a failure) does not move.
 *
 * <p>Thread-safe: one lock for all accounts' deposits.
 */
public final class Deposits {
  /** At most this many addresses per asset and method, as the service limits them. */
  static final int MAX_ADDRESSES = 10;
  /** {@link #MAX_ADDRESSES}, as Funding (Beta)'s {@code address_generation.limit}. */
  public static final int MAX_ADDRESSES_PER_METHOD = MAX_ADDRESSES;

  /**
   * A deposit method of an asset.
   *
   * @param limit the most that can be deposited now, or null for none ({@code "limit": false}).
   * @param kind how addresses look: {@code bitcoin}, {@code ethereum}, {@code solana}, {@code lightning}
   *     (an invoice per amount), or {@code fiat} (no addresses).
   */
  record Method(String asset, String name, String limit, String fee, String minimum, String kind) {
    boolean generatesAddresses() {
      return !kind.equals("fiat") && !kind.equals("lightning");
    }
  }

  static final List<Method> METHODS = List.of(
      new Method("XXBT", "Bitcoin", null, "0.0000000000", "0.00010000", "bitcoin"),
      new Method("XXBT", "Bitcoin Lightning", null, "0.00000000", "0.00010000", "lightning"),
      new Method("XETH", "Ether (Hex)", null, "0.0000000000", "0.00100000", "ethereum"),
      new Method("SOL", "Solana", null, "0.0000000000", "0.01000000", "solana"),
      new Method("USDC", "USDC - Ethereum (Unified)", null, "0.00", "5.00", "ethereum"),
      new Method("ZEUR", "SEPA", "100000.0000", "0.0000", "1.00", "fiat"),
      new Method("ZUSD", "Wire (SWIFT)", null, "5.0000", "10.00", "fiat"));

  private static final class Address {
    final String address;
    final Instant expires;
    boolean used;

    Address(String address, Instant expires, boolean used) {
      this.address = address;
      this.expires = expires;
      this.used = used;
    }
  }

  private static final class Deposit {
    final String refid;
    final Method method;
    final Asset asset;
    final String txid;
    final String info;
    final BigDecimal amount;
    final BigDecimal fee;
    final Instant time;
    /** When it turns Success, or null for a seeded deposit whose status never changes. */
    final Instant confirmedAt;
    final String seededStatus;
    final String statusProp;
    final List<String> originators;
    boolean credited;

    Deposit(String refid, Method method, Asset asset, String txid, String info, BigDecimal amount, BigDecimal fee,
        Instant time, Instant confirmedAt, String seededStatus, String statusProp, List<String> originators) {
      this.refid = refid;
      this.method = method;
      this.asset = asset;
      this.txid = txid;
      this.info = info;
      this.amount = amount;
      this.fee = fee;
      this.time = time;
      this.confirmedAt = confirmedAt;
      this.seededStatus = seededStatus;
      this.statusProp = statusProp;
      this.originators = originators;
    }

    String status(Instant now) {
      if (seededStatus != null) {
        return seededStatus;
      }
      return now.isBefore(confirmedAt) ? "Settled" : "Success";
    }
  }

  private static final class Book {
    final Map<String, List<Address>> addresses = new HashMap<>();
    /** Oldest first. */
    final List<Deposit> deposits = new ArrayList<>();
  }

  private final FundingSettings settings;
  private final Ids ids;
  /** By account IIBAN; guarded by {@code this}. */
  private final Map<String, Book> books = new HashMap<>();

  Deposits(FundingSettings settings, Ids ids) {
    this.settings = settings;
    this.ids = ids;
  }

  /** The demo account's history: one success to a used address, one on hold, one failure, one fiat. */
  synchronized void seed(FundingAccount account, Instant start) {
    Book book = book(account);
    Method bitcoin = method("XXBT", "Bitcoin");
    String used = "bc1q" + ids.bech32(38);
    book.addresses.computeIfAbsent(key(bitcoin), k -> new ArrayList<>()).add(new Address(used, null, true));
    Asset xbt = account.asset("XXBT").orElseThrow();
    Asset eth = account.asset("XETH").orElseThrow();
    Asset sol = account.asset("SOL").orElseThrow();
    Asset eur = account.asset("ZEUR").orElseThrow();
    book.deposits.add(new Deposit(ids.fundingReference(), method("ZEUR", "SEPA"), eur,
        ids.hex(16).toUpperCase(Locale.ROOT), "DE89370400440532013000", new BigDecimal("2500"), BigDecimal.ZERO,
        start.minus(Duration.ofDays(12)), null, "Success", null, List.of()));
    book.deposits.add(new Deposit(ids.fundingReference(), method("SOL", "Solana"), sol, ids.base58(88),
        ids.base58(44), new BigDecimal("12.5"), BigDecimal.ZERO, start.minus(Duration.ofDays(6)), null, "Failure",
        null, List.of()));
    book.deposits.add(new Deposit(ids.fundingReference(), bitcoin, xbt, ids.hex(64), used,
        new BigDecimal("0.78125"), BigDecimal.ZERO, start.minus(Duration.ofDays(3)), null, "Success", null,
        List.of()));
    book.deposits.add(new Deposit(ids.fundingReference(), method("XETH", "Ether (Hex)"), eth, "0x" + ids.hex(64),
        "0x" + ids.hex(40), new BigDecimal("0.1383862742"), null, start.minus(Duration.ofDays(1)), null, "Settled",
        "onhold", List.of("0x" + ids.hex(64), "0x" + ids.hex(64))));
  }

  // ---- operations ----

  /** DepositMethods: {@code asset} (required), {@code aclass}. */
  List<Object> methods(FundingAccount account, Parameters params) {
    Asset asset = asset(account, params.required("asset"));
    List<Object> result = new ArrayList<>();
    for (Method method : METHODS) {
      if (method.asset().equals(asset.internal())) {
        Map<String, Object> item = Wire.object();
        item.put("method", method.name());
        item.put("limit", method.limit() == null ? Boolean.FALSE : method.limit());
        item.put("fee", method.fee());
        if (method.generatesAddresses()) {
          item.put("gen-address", Boolean.TRUE);
        }
        item.put("minimum", method.minimum());
        result.add(item);
      }
    }
    return result;
  }

  /**
   * DepositAddresses: {@code asset} and {@code method} (required), {@code new} to generate an
   * address, {@code amount} (required for Bitcoin Lightning, which answers a fresh invoice).
   */
  synchronized List<Object> addresses(FundingAccount account, Parameters params) {
    Asset asset = asset(account, params.required("asset"));
    Method method = findMethod(asset, params.required("method"));
    Instant now = settings.clock().instant();
    List<Object> result = new ArrayList<>();
    if (method.kind().equals("lightning")) {
      BigDecimal amount = params.positive("amount");
      String invoice = "lnbc" + amount.movePointRight(8).stripTrailingZeros().toPlainString() + "n1p"
          + ids.bech32(200);
      result.add(render(new Address(invoice, now.plus(Duration.ofHours(1)), false)));
      return result;
    }
    if (!method.generatesAddresses()) {
      throw new FundingException(Errors.NO_FUNDING_METHOD);
    }
    List<Address> addresses = book(account).addresses.computeIfAbsent(key(method), k -> new ArrayList<>());
    if (params.bool("new", false)) {
      if (addresses.size() >= MAX_ADDRESSES) {
        throw new FundingException(Errors.TOO_MANY_ADDRESSES);
      }
      addresses.add(new Address(generate(method), null, false));
    }
    for (int i = addresses.size() - 1; i >= 0; i--) {
      result.add(render(addresses.get(i)));
    }
    return result;
  }

  private static Map<String, Object> render(Address address) {
    Map<String, Object> item = Wire.object();
    item.put("address", address.address);
    item.put("expiretm", address.expires == null ? "0" : Long.toString(Wire.seconds(address.expires)));
    if (!address.used) {
      item.put("new", Boolean.TRUE);
    }
    return item;
  }

  private String generate(Method method) {
    return switch (method.kind()) {
      case "bitcoin" -> "bc1q" + ids.bech32(38);
      case "ethereum" -> "0x" + ids.hex(40);
      case "solana" -> ids.base58(44);
      default -> throw new IllegalStateException("no addresses for " + method.name());
    };
  }

  /**
   * DepositStatus: filters {@code asset}, {@code aclass}, {@code method}, {@code start}, {@code end};
   * newest first; {@code cursor}/{@code limit} (25) as {@link Wire#cursorPage} describes.
   */
  synchronized Object status(FundingAccount account, Parameters params) {
    settleLocked(account);
    Instant now = settings.clock().instant();
    String assetName = params.string("asset");
    Asset asset = assetName == null ? null : asset(account, assetName);
    String aclass = params.string("aclass");
    String method = params.string("method");
    List<Deposit> matching = new ArrayList<>();
    List<Deposit> deposits = book(account).deposits;
    for (int i = deposits.size() - 1; i >= 0; i--) {
      Deposit deposit = deposits.get(i);
      if ((asset == null || deposit.asset.equals(asset))
          && (aclass == null || deposit.asset.aclass().equals(aclass))
          && (method == null || deposit.method.name().equalsIgnoreCase(method))
          && Wire.within(deposit.time, params)) {
        matching.add(deposit);
      }
    }
    return Wire.cursorPage(matching, d -> d.refid, d -> render(d, now), params, 25, "deposits");
  }

  private static Map<String, Object> render(Deposit deposit, Instant now) {
    int decimals = deposit.asset.decimals();
    Map<String, Object> item = Wire.object();
    item.put("method", deposit.method.name());
    item.put("aclass", deposit.asset.aclass());
    item.put("asset", deposit.asset.internal());
    item.put("refid", deposit.refid);
    item.put("txid", deposit.txid);
    item.put("info", deposit.info);
    item.put("amount", Wire.amount(deposit.amount, decimals));
    if (deposit.fee != null) {
      item.put("fee", Wire.amount(deposit.fee, decimals));
    }
    item.put("time", Wire.seconds(deposit.time));
    item.put("status", deposit.status(now));
    if (deposit.statusProp != null) {
      item.put("status-prop", deposit.statusProp);
    }
    if (!deposit.originators.isEmpty()) {
      item.put("originators", deposit.originators);
    }
    return item;
  }

  // ---- for the sandbox ----

  /**
   * A deposit arriving on the account, as a blockchain or bank would send it: {@code Settled} now,
   * {@code Success} (and credited) after {@link FundingSettings#depositConfirmation()}. For a method
   * with addresses it goes to the newest one (generated if there is none), which is then used.
   *
   * @return the deposit's reference id.
   * @throws FundingException {@code EFunding:No funding method} for a method the asset does not have.
   */
  public synchronized String arrive(FundingAccount account, String asset, String method, BigDecimal amount) {
    requireNonNull(amount, "amount == null");
    if (amount.signum() <= 0) {
      throw new IllegalArgumentException("amount must be positive (was " + amount + ")");
    }
    Asset found = account.asset(asset).orElseThrow(() -> new IllegalArgumentException("unknown asset " + asset));
    Method chosen = findMethod(found, method);
    Instant now = settings.clock().instant();
    String info;
    String txid;
    if (chosen.generatesAddresses()) {
      List<Address> addresses = book(account).addresses.computeIfAbsent(key(chosen), k -> new ArrayList<>());
      if (addresses.isEmpty()) {
        addresses.add(new Address(generate(chosen), null, false));
      }
      Address to = addresses.get(addresses.size() - 1);
      to.used = true;
      info = to.address;
      txid = chosen.kind().equals("solana") ? ids.base58(88) : (chosen.kind().equals("ethereum") ? "0x" : "")
          + ids.hex(64);
    } else {
      info = chosen.kind().equals("lightning") ? "lnbc" + ids.bech32(60) : "sandbox transfer";
      txid = ids.hex(16).toUpperCase(Locale.ROOT);
    }
    Deposit deposit = new Deposit(ids.fundingReference(), chosen, found, txid, info, amount,
        new BigDecimal(chosen.fee()), now, now.plus(settings.depositConfirmation()), null, null, List.of());
    book(account).deposits.add(deposit);
    settleLocked(account); // a zero confirmation delay credits at once
    return deposit.refid;
  }

  /** Credits every deposit of the account that has reached Success. */
  public synchronized void settle(FundingAccount account) {
    settleLocked(account);
  }

  private void settleLocked(FundingAccount account) {
    Instant now = settings.clock().instant();
    for (Deposit deposit : book(account).deposits) {
      if (!deposit.credited && deposit.confirmedAt != null && !now.isBefore(deposit.confirmedAt)) {
        deposit.credited = true;
        account.post(new Posting(deposit.confirmedAt, deposit.asset.internal(), deposit.amount, deposit.fee,
            "deposit", "", deposit.refid, Posting.SPOT_WALLET));
      }
    }
  }

  /** The status a deposit shows now: {@code Settled}, {@code Success} or {@code Failure}. */
  public synchronized String state(FundingAccount account, String refid) {
    for (Deposit deposit : book(account).deposits) {
      if (deposit.refid.equals(refid)) {
        return deposit.status(settings.clock().instant());
      }
    }
    throw new IllegalArgumentException("no deposit " + refid);
  }

  // ---- Funding (Beta): the same deposits and addresses ----

  /**
   * A deposit as Funding (Beta) lists it.
   *
   * @param asset the asset's internal name; {@code method} the legacy method's name.
   * @param status the legacy status ({@code Settled}, {@code Success}, {@code Failure}).
   * @param fee null while unknown.
   */
  public record Listed(String refid, String asset, String method, String status, BigDecimal amount, BigDecimal fee,
      Instant time) {}

  /**
   * A claimed deposit address.
   *
   * @param lastUsed when a deposit last arrived at it, or null.
   * @param expires null for an address that does not expire.
   */
  public record Claimed(String asset, String method, String address, Instant expires, Instant lastUsed) {}

  /** The account's deposits, newest first, after booking those that completed. */
  public synchronized List<Listed> listed(FundingAccount account) {
    settleLocked(account);
    Instant now = settings.clock().instant();
    List<Listed> result = new ArrayList<>();
    List<Deposit> deposits = book(account).deposits;
    for (int i = deposits.size() - 1; i >= 0; i--) {
      Deposit d = deposits.get(i);
      result.add(new Listed(d.refid, d.asset.internal(), d.method.name(), d.status(now), d.amount, d.fee, d.time));
    }
    return result;
  }

  /** The account's deposit addresses of every method, in the order they were made. */
  public synchronized List<Claimed> claimed(FundingAccount account) {
    Book book = book(account);
    List<Claimed> result = new ArrayList<>();
    for (Method method : METHODS) {
      for (Address address : book.addresses.getOrDefault(key(method), List.of())) {
        Instant lastUsed = null;
        for (Deposit deposit : book.deposits) {
          if (deposit.method == method && address.address.equals(deposit.info)
              && (lastUsed == null || deposit.time.isAfter(lastUsed))) {
            lastUsed = deposit.time;
          }
        }
        result.add(new Claimed(method.asset(), method.name(), address.address, address.expires, lastUsed));
      }
    }
    return result;
  }

  /**
   * Claims a deposit address of the method {@code name} of {@code asset} (Funding (Beta)'s PUT
   * deposit/address): the newest address no deposit has reached yet, else a new one while the
   * method has fewer than {@link #MAX_ADDRESSES}, else the newest. DepositAddresses lists it too.
   *
   * @throws FundingException {@code EFunding:No funding method} for a method without addresses.
   */
  public synchronized String claim(FundingAccount account, String asset, String name) {
    Method method = method(asset, name);
    if (!method.generatesAddresses()) {
      throw new FundingException(Errors.NO_FUNDING_METHOD);
    }
    List<Address> addresses = book(account).addresses.computeIfAbsent(key(method), k -> new ArrayList<>());
    for (int i = addresses.size() - 1; i >= 0; i--) {
      if (!addresses.get(i).used) {
        return addresses.get(i).address;
      }
    }
    if (addresses.size() < MAX_ADDRESSES) {
      addresses.add(new Address(generate(method), null, false));
    }
    return addresses.get(addresses.size() - 1).address;
  }

  // ---- lookups ----

  private Book book(FundingAccount account) {
    return books.computeIfAbsent(account.iiban(), k -> new Book());
  }

  private static String key(Method method) {
    return method.asset() + "\u0000" + method.name();
  }

  private static Method method(String asset, String name) {
    for (Method method : METHODS) {
      if (method.asset().equals(asset) && method.name().equals(name)) {
        return method;
      }
    }
    throw new IllegalArgumentException("no method " + name + " for " + asset);
  }

  private static Method findMethod(Asset asset, String name) {
    for (Method method : METHODS) {
      if (method.asset().equals(asset.internal()) && method.name().equalsIgnoreCase(name.trim())) {
        return method;
      }
    }
    throw new FundingException(Errors.NO_FUNDING_METHOD);
  }

  static Asset asset(FundingAccount account, String name) {
    return account.asset(name).orElseThrow(() -> new FundingException(Errors.UNKNOWN_ASSET));
  }
}
