package io.github.krakensdk.runtime.validation;

import java.util.Objects;

/**
 * One broken rule of the contract: the field (a path such as {@code body.tax_ids[0].id}, or a
 * group such as {@code txid or cl_ord_id}), the rule (such as {@code length 14..42}, {@code
 * pattern ^[A-Z]{2}$} or {@code give txid or cl_ord_id}), what the rule means in words where the
 * contract says it ({@code requirement}, such as "an ISO 3166-1 alpha-2 code of two capital
 * letters"; null otherwise) and the offending value as text.
 */
public record Violation(String field, String rule, String requirement, String value) {
  public Violation {
    Objects.requireNonNull(field, "field == null");
    Objects.requireNonNull(rule, "rule == null");
  }

  /** A broken rule the contract gives no words for. */
  public Violation(String field, String rule, String value) {
    this(field, rule, null, value);
  }

  /** {@code cl_ord_id must be a UUID or at most 18 printable ASCII characters (was ...)}. */
  @Override
  public String toString() {
    if (rule.equals("give " + field)) {
      return rule + " (none was set)"; // a group of members ("give txid or cl_ord_id") reads as it is
    }
    return field + (requirement != null ? " must be " + requirement : " must satisfy " + rule) + " (was " + value + ")";
  }
}
