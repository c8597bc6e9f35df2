package io.github.krakensdk.runtime.validation;

import java.util.Objects;

/**
 * One broken rule of the contract: the field (a path such as {@code body.tax_ids[0].id}), the rule
 * (such as {@code length 14..42}) and the offending value as text.
 */
public record Violation(String field, String rule, String value) {
  public Violation {
    Objects.requireNonNull(field, "field == null");
    Objects.requireNonNull(rule, "rule == null");
  }

  @Override
  public String toString() {
    return field + " must satisfy " + rule + " (was " + value + ")";
  }
}
