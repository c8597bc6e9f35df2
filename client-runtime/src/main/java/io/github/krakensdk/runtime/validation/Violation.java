package io.github.krakensdk.runtime.validation;

import java.util.Objects;

/**
 * One broken rule of the contract: the field (a path such as {@code body.tax_ids[0].id}, or a
 * group such as {@code txid or cl_ord_id}), the rule (such as {@code length 14..42}, or {@code
 * give txid or cl_ord_id}) and the offending value as text.
 */
public record Violation(String field, String rule, String value) {
  public Violation {
    Objects.requireNonNull(field, "field == null");
    Objects.requireNonNull(rule, "rule == null");
  }

  @Override
  public String toString() {
    if (rule.equals("give " + field)) {
      return rule + " (none was set)"; // a group of members ("give txid or cl_ord_id") reads as it is
    }
    return field + " must satisfy " + rule + " (was " + value + ")";
  }
}
