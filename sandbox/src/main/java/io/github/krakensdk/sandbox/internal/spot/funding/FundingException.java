package io.github.krakensdk.sandbox.internal.spot.funding;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A refusal in the service's words: the {@code error} strings of the Spot envelope, such as
 * {@code EFunding:Unknown reference id}. The HTTP layer answers them with status 200, as the
 * service does.
 *
 * <pre>{@code
 * try {
 *   Object result = funding.handle("cancelWithdrawal", account, key, params);
 * } catch (FundingException e) {
 *   reply(e.errors());   // ["EFunding:Cannot cancel withdrawal:Withdrawal already processed"]
 * }
 * }</pre>
 */
public final class FundingException extends RuntimeException {
  private final List<String> errors;

  public FundingException(String error) {
    super(requireNonNull(error, "error == null"), null, false, false);
    this.errors = List.of(error);
  }

  /** {@code EGeneral:Invalid arguments:<name>}, the service's refusal of one argument. */
  static FundingException invalid(String name) {
    return new FundingException(Errors.INVALID_ARGUMENTS + ":" + name);
  }

  /** The {@code error} strings, in order; never empty. */
  public List<String> errors() {
    return errors;
  }
}
