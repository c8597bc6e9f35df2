package io.github.krakensdk.sandbox.internal.spot.funding;

import io.github.krakensdk.sandbox.internal.state.StatePart;
import io.github.krakensdk.sandbox.internal.params.Parameters;
import io.github.krakensdk.sandbox.internal.params.JsonTree;

import io.github.krakensdk.sandbox.internal.spot.exchange.Seeds;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The non-trading state of the sandbox exchange: deposits, withdrawals, wallet and subaccount
 * transfers, Earn, data exports, API key and wallet information, server time, system status and
 * maintenance (credit lines are the exchange's, which values the collateral). Each operation takes
 * the caller's account and the request's parameters as a JSON-like tree (from a JSON or a form
 * body: {@link JsonTree}) and returns the {@code result} value as a tree in the service's member
 * names, encodings and order, or throws {@link FundingException} with the service's error strings.
 *
 * <pre>{@code
 * Funding funding = new Funding(FundingSettings.defaults(clock, Duration.ofSeconds(2)), account);
 * Object result = funding.handle("withdrawFunds", account, keyInfo,
 *     JsonTree.readObject("{\"asset\":\"XBT\",\"key\":\"btc-wallet-1\",\"amount\":\"0.1\"}"));
 * // {"refid": "FTQ..."}; Initial now, Pending, Settled, then Success a step apart on the clock
 * }</pre>
 *
 * <p>Time comes from {@link FundingSettings#clock()} and states advance when they are read; call
 * {@link #settle(FundingAccount)} before reading an account's balances or ledger elsewhere, so that
 * deposits and Earn operations completed in the meantime have been booked. Thread-safe: each part
 * has a lock of its own, and the parts lock accounts, never each other.
 */
public final class Funding {
  /** The operationIds {@link #handle} serves. */
  public static final Set<String> OPERATIONS = Set.of(
      "getDepositMethods", "getDepositAddresses", "getDepositStatus",
      "getWithdrawalMethods", "getWithdrawalAddresses", "getWithdrawalInfo", "withdrawFunds",
      "getWithdrawalStatus", "cancelWithdrawal", "walletTransfer",
      "createSubaccount", "accountTransfer",
      "allocateEarnFunds", "deallocateEarnFunds", "getAllocateStatus", "getDeallocateStatus",
      "listEarnStrategies", "listEarnAllocations",
      "addExport", "getExportStatus", "retrieveExport", "removeExport",
      "getApiKeyInfo", "listWalletAccounts",
      "getServerTime", "getSystemStatus", "getMaintenanceSchedule");

  private final Deposits deposits;
  private final Withdrawals withdrawals;
  private final Earn earn;
  private final Exports exports;
  private final Subaccounts subaccounts;
  private final ExchangeStatus status;

  /**
   * Seeds {@code demo} (its withdrawals, deposits, deposit address and Earn allocations, relative to
   * the clock's time now) and opens subaccounts as empty {@link InMemoryAccount}s.
   */
  public Funding(FundingSettings settings, FundingAccount demo) {
    this(settings, demo, InMemoryAccount::new);
  }

  /**
   * @param openSubaccount opens the account of a new subaccount, given its IIBAN.
   */
  public Funding(FundingSettings settings, FundingAccount demo, Function<String, FundingAccount> openSubaccount) {
    requireNonNull(settings, "settings == null");
    requireNonNull(demo, "demo == null");
    requireNonNull(openSubaccount, "openSubaccount == null");
    Ids ids = new Ids(settings.seed());
    Instant start = settings.clock().instant();
    this.deposits = new Deposits(settings, ids);
    this.withdrawals = new Withdrawals(settings, ids);
    this.earn = new Earn(settings, ids);
    this.exports = new Exports(settings, ids);
    this.subaccounts = new Subaccounts(settings, ids, openSubaccount);
    this.status = ExchangeStatus.seeded(settings.clock(), start);
    withdrawals.seed(demo, start);
    deposits.seed(demo, start);
    earn.seed(demo);
  }

  /**
   * Runs an operation by its operationId.
   *
   * @param account the caller's account; unused (may be null) for the public operations.
   * @param key the calling key, for {@code getApiKeyInfo}; may be null for the others.
   * @return the {@code result} tree; for {@code retrieveExport} the ZIP archive as {@code byte[]}.
   * @throws FundingException the service's refusal.
   * @throws IllegalArgumentException for an operationId not in {@link #OPERATIONS}.
   */
  public Object handle(String operationId, FundingAccount account, ApiKeyInfo key, Map<String, ?> params) {
    requireNonNull(operationId, "operationId == null");
    Parameters p = Parameters.of(params, FundingException::invalid);
    return switch (operationId) {
      case "getServerTime" -> status.serverTime();
      case "getSystemStatus" -> status.systemStatus();
      case "getMaintenanceSchedule" -> status.maintenanceSchedule();
      case "getApiKeyInfo" -> requireNonNull(key, "key == null").result();
      default -> {
        requireNonNull(account, "account == null");
        yield switch (operationId) {
          case "getDepositMethods" -> deposits.methods(account, p);
          case "getDepositAddresses" -> deposits.addresses(account, p);
          case "getDepositStatus" -> deposits.status(account, p);
          case "getWithdrawalMethods" -> withdrawals.methods(account, p);
          case "getWithdrawalAddresses" -> withdrawals.addresses(account, p);
          case "getWithdrawalInfo" -> withdrawals.info(account, p);
          case "withdrawFunds" -> withdrawals.withdraw(account, p);
          case "getWithdrawalStatus" -> withdrawals.status(account, p);
          case "cancelWithdrawal" -> withdrawals.cancel(account, p);
          case "walletTransfer" -> withdrawals.walletTransfer(account, p);
          case "createSubaccount" -> subaccounts.create(account, p);
          case "accountTransfer" -> subaccounts.transfer(account, p);
          case "allocateEarnFunds" -> earn.allocate(account, p);
          case "deallocateEarnFunds" -> earn.deallocate(account, p);
          case "getAllocateStatus" -> earn.allocateStatus(account, p);
          case "getDeallocateStatus" -> earn.deallocateStatus(account, p);
          case "listEarnStrategies" -> earn.strategies(account, p);
          case "listEarnAllocations" -> earn.allocations(account, p);
          case "addExport" -> exports.add(account, p);
          case "getExportStatus" -> exports.status(account, p);
          case "retrieveExport" -> exports.retrieve(account, p);
          case "removeExport" -> exports.remove(account, p);
          case "listWalletAccounts" -> subaccounts.walletAccounts(account);
          default -> throw new IllegalArgumentException("not a funding operation: " + operationId);
        };
      }
    };
  }

  /**
   * The HTTP status of a successful answer: 202 for Earn/Deallocate (accepted, to be polled), as
   * the sandbox has always answered it; 200 otherwise.
   */
  public static int httpStatus(String operationId) {
    return "deallocateEarnFunds".equals(operationId) ? 202 : 200;
  }

  /**
   * Books what completed on the clock since the account was last read: deposits reaching Success,
   * Earn operations, bonding and unbonding. Call it without holding the account's own lock: it posts
   * to the account while holding the funding parts' locks.
   */
  public void settle(FundingAccount account) {
    deposits.settle(account);
    earn.settle(account);
  }

  public Deposits deposits() {
    return deposits;
  }

  public Withdrawals withdrawals() {
    return withdrawals;
  }

  public Earn earn() {
    return earn;
  }

  public Exports exports() {
    return exports;
  }

  public Subaccounts subaccounts() {
    return subaccounts;
  }

  // ---- state document (export, import, reset) ----

  /** The funding state for the state document: deposits, withdrawals, Earn, exports and subaccounts. */
  public StatePart state() {
    return StatePart.of(this)
        .with("deposits", StatePart.of(deposits, "books"))
        .with("withdrawals", StatePart.of(withdrawals, "books"))
        .with("earn", StatePart.of(earn, "positions"))
        .with("exports", StatePart.of(exports, "reports"))
        .with("subaccounts", StatePart.of(subaccounts, "byMaster"));
  }
}
