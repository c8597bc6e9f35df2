package io.github.krakensdk.errors;

import io.github.krakensdk.runtime.validation.Violation;
import java.util.List;

/**
 * A request broke a rule of the contract, so it was not sent. {@link #violations()} lists every
 * broken rule with the field, the rule and the offending value. A {@link KrakenClientException}:
 * sending the same request again would break the same rule, so nothing retries it.
 *
 * <pre>{@code
 * } catch (ConstraintViolationException e) {
 *   e.violations().forEach(v -> form.markInvalid(v.field(), v.rule()));
 * }
 * }</pre>
 */
public final class ConstraintViolationException extends KrakenClientException {
  private static final long serialVersionUID = 1L;

  private final transient List<Violation> violations;

  public ConstraintViolationException(String operationId, List<Violation> violations) {
    super(operationId, message(violations), null);
    this.violations = List.copyOf(violations);
  }

  /** Every broken rule, in the order the fields were checked. */
  public List<Violation> violations() {
    return violations;
  }

  @Override
  protected ConstraintViolationException copy(String operationId) {
    return new ConstraintViolationException(operationId, violations);
  }

  private static String message(List<Violation> violations) {
    StringBuilder message = new StringBuilder("request not sent, ");
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
