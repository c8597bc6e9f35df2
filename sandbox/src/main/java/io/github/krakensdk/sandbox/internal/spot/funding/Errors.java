package io.github.krakensdk.sandbox.internal.spot.funding;

/**
 * The error strings the funding operations answer with, as the service spells them. Where the
 * service's documentation names a string it is used as written; the others are marked.
 */
public final class Errors {
  private Errors() {}

  public static final String INVALID_ARGUMENTS = "EGeneral:Invalid arguments";
  public static final String PERMISSION_DENIED = "EGeneral:Permission denied";
  public static final String UNKNOWN_ASSET = "EQuery:Unknown asset";

  // ---- Earn (documented on Earn/Allocate, Deallocate and their status calls) ----
  /** Deallocate's, as the seed words it. */
  public static final String BELOW_MIN =
      "EEarnings:Below min:(De)allocation operation amount less than minimum allowed";
  /** Allocate's, as the service's reference prints it (without the seed's trailing "allowed"). */
  public static final String ALLOCATION_BELOW_MIN =
      "EEarnings:Below min:(De)allocation operation amount less than minimum";
  public static final String BUSY = "EEarnings:Busy:Another (de)allocation for the same strategy is in progress";
  public static final String INVALID_STRATEGY = "EGeneral:Invalid arguments:Invalid strategy ID";
  public static final String INSUFFICIENT_EARN_FUNDS =
      "EEarnings:Insufficient funds:Insufficient funds to complete the (de)allocation request";

  // ---- Funding (seen from the live service in clients' issue reports, or documented) ----
  public static final String UNKNOWN_REFERENCE = "EFunding:Unknown reference id";
  public static final String ALREADY_PROCESSED = "EFunding:Cannot cancel withdrawal:Withdrawal already processed";
  public static final String ALREADY_CANCELLED = "EFunding:Cannot cancel withdrawal:Withdrawal already cancelled";
  public static final String UNKNOWN_WITHDRAW_KEY = "EFunding:Unknown withdraw key";
  public static final String INVALID_AMOUNT = "EFunding:Invalid amount";
  public static final String NO_FUNDING_METHOD = "EFunding:No funding method";
  /** Documented on Withdraw ({@code max_fee}). */
  public static final String MAX_FEE_EXCEEDED = "EFunding:Max fee exceeded";
  /** Documented on Withdraw ({@code address}) as "Invalid withdrawal address". */
  public static final String INVALID_WITHDRAWAL_ADDRESS = "EFunding:Invalid withdrawal address";
  public static final String INSUFFICIENT_FUNDS = "EFunding:Insufficient funds";
  public static final String TOO_MANY_ADDRESSES = "EFunding:Too many addresses";

  // ---- Exports (no string documented: the family's invalid-arguments form, naming the argument) ----
  public static final String UNKNOWN_EXPORT = INVALID_ARGUMENTS + ":id";
  public static final String EXPORT_NOT_PROCESSED = INVALID_ARGUMENTS + ":id:report not processed";
  public static final String EXPORT_WRONG_REMOVAL = INVALID_ARGUMENTS + ":type";
}
