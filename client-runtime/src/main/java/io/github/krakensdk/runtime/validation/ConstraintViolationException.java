package io.github.krakensdk.runtime.validation;

import java.util.List;

/**
 * A request broke a rule of the contract, so it was not sent. {@link #violations()} lists every
 * broken rule with the field, the rule and the offending value.
 */
public final class ConstraintViolationException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String operationId;
  private final transient List<Violation> violations;

  public ConstraintViolationException(String operationId, List<Violation> violations) {
    super(message(operationId, violations));
    this.operationId = operationId;
    this.violations = List.copyOf(violations);
  }

  /** The operation whose request was refused. */
  public String operationId() {
    return operationId;
  }

  /** Every broken rule, in the order the fields were checked. */
  public List<Violation> violations() {
    return violations;
  }

  private static String message(String operationId, List<Violation> violations) {
    StringBuilder message = new StringBuilder(operationId).append(": request not sent, ");
    message.append(violations.size() == 1 ? "1 rule" : violations.size() + " rules").append(" of the contract broken: ");
    for (int i = 0; i < violations.size(); i++) {
      if (i > 0) {
        message.append("; ");
      }
      message.append(violations.get(i));
    }
    return message.toString();
  }
}
