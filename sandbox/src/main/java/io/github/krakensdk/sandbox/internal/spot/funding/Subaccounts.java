package io.github.krakensdk.sandbox.internal.spot.funding;

import io.github.krakensdk.sandbox.internal.params.Parameters;
import static java.util.Objects.requireNonNull;

import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.Asset;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.InsufficientFundsException;
import io.github.krakensdk.sandbox.internal.spot.funding.FundingAccount.Posting;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * Subaccounts of a master account: CreateSubaccount opens one (with an IIBAN of its own and no
 * funds), AccountTransfer moves money between the master and its subaccounts by IIBAN, each side
 * with a {@code transfer} ledger entry. Only a master account may do either ({@code EGeneral:Permission
 * denied} for a subaccount). Also the account's wallet list (ListWalletAccounts).
 *
 * <p>Thread-safe: one lock for all masters.
 */
public final class Subaccounts {
  /** A subaccount: its login name, email, IIBAN and the account itself. */
  public record Subaccount(String username, String email, String iiban, FundingAccount account) {}

  private final FundingSettings settings;
  private final Ids ids;
  private final Function<String, FundingAccount> opener;
  /** Master IIBAN → its subaccounts, in creation order; guarded by {@code this}. */
  private final Map<String, List<Subaccount>> byMaster = new HashMap<>();

  Subaccounts(FundingSettings settings, Ids ids, Function<String, FundingAccount> opener) {
    this.settings = settings;
    this.ids = ids;
    this.opener = opener;
  }

  /** CreateSubaccount: {@code username}, {@code email}; answers {@code true}. */
  synchronized Boolean create(FundingAccount master, Parameters params) {
    requireMaster(master);
    String username = params.required("username");
    String email = params.required("email");
    if (!email.matches("[^@\\s]+@[^@\\s]+\\.[^@\\s]+")) {
      throw FundingException.invalid("email");
    }
    List<Subaccount> subaccounts = byMaster.computeIfAbsent(master.iiban(), k -> new ArrayList<>());
    for (Subaccount existing : subaccounts) {
      if (existing.username().equalsIgnoreCase(username) || existing.email().equalsIgnoreCase(email)) {
        throw FundingException.invalid(existing.username().equalsIgnoreCase(username) ? "username" : "email");
      }
    }
    String iiban = "AA" + ids.digits(2) + ids.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 12);
    subaccounts.add(new Subaccount(username, email, iiban, requireNonNull(opener.apply(iiban), "opened account")));
    return Boolean.TRUE;
  }

  /**
   * AccountTransfer: {@code asset}, {@code amount}, {@code from} and {@code to} (IIBANs, spaces
   * ignored; the master's or one of its subaccounts', not the same), {@code asset_class}. Answers
   * {@code {"transfer_id": ..., "status": "complete"}}.
   */
  synchronized Map<String, Object> transfer(FundingAccount master, Parameters params) {
    requireMaster(master);
    Asset asset = Deposits.asset(master, params.required("asset"));
    BigDecimal amount = params.positive("amount");
    FundingAccount from = member(master, params.required("from"), "from");
    FundingAccount to = member(master, params.required("to"), "to");
    if (from.iiban().equals(to.iiban())) {
      throw FundingException.invalid("to");
    }
    String transferId = ids.transferId();
    var now = settings.clock().instant();
    try {
      from.post(Posting.debit(now, asset.internal(), amount, BigDecimal.ZERO, "transfer", "", transferId));
    } catch (InsufficientFundsException e) {
      throw new FundingException(Errors.INSUFFICIENT_FUNDS);
    }
    to.post(Posting.credit(now, asset.internal(), amount, "transfer", "", transferId));
    Map<String, Object> result = Wire.object();
    result.put("transfer_id", transferId);
    result.put("status", "complete");
    return result;
  }

  /**
   * ListWalletAccounts: the account's one wallet, its main wallet (created by the service, so not
   * user-defined and without a name), in one page ({@code cursor.next} null).
   */
  Map<String, Object> walletAccounts(FundingAccount account) {
    Map<String, Object> flags = Wire.object();
    flags.put("active", true);
    flags.put("user_defined", false);
    Map<String, Object> wallet = Wire.object();
    wallet.put("account_id", walletId(account.iiban()));
    wallet.put("flags", flags);
    wallet.put("status", "active");
    wallet.put("type", "main");
    wallet.put("name", null);
    Map<String, Object> cursor = Wire.object();
    cursor.put("next", null);
    Map<String, Object> result = Wire.object();
    result.put("accounts", List.of(wallet));
    result.put("cursor", cursor);
    return result;
  }

  /** The public id of an account's main wallet ({@code WX6V-JUKW-KKPB-QE36}), the same on every run. */
  static String walletId(String iiban) {
    String alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    SplittableRandom random = new SplittableRandom(normalize(iiban).hashCode());
    StringBuilder id = new StringBuilder();
    for (int i = 0; i < 16; i++) {
      id.append(i > 0 && i % 4 == 0 ? "-" : "").append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return id.toString();
  }

  /** The master's subaccounts, in creation order. */
  public synchronized List<Subaccount> of(FundingAccount master) {
    return List.copyOf(byMaster.getOrDefault(master.iiban(), List.of()));
  }

  private void requireMaster(FundingAccount account) {
    for (List<Subaccount> subaccounts : byMaster.values()) {
      for (Subaccount subaccount : subaccounts) {
        if (subaccount.iiban().equals(account.iiban())) {
          throw new FundingException(Errors.PERMISSION_DENIED);
        }
      }
    }
  }

  private FundingAccount member(FundingAccount master, String iiban, String name) {
    String wanted = normalize(iiban);
    if (normalize(master.iiban()).equals(wanted)) {
      return master;
    }
    for (Subaccount subaccount : byMaster.getOrDefault(master.iiban(), List.of())) {
      if (normalize(subaccount.iiban()).equals(wanted)) {
        return subaccount.account();
      }
    }
    throw FundingException.invalid(name);
  }

  private static String normalize(String iiban) {
    return iiban.replace(" ", "").toUpperCase(Locale.ROOT);
  }
}
