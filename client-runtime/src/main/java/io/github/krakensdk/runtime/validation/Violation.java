package io.github.krakensdk.runtime.validation;

import java.util.Objects;

/**
 * One broken rule of the contract: the field (a path such as {@code body.tax_ids[0].id}, or a
 * group such as {@code txid or cl_ord_id}), the rule (such as {@code length 14..42}, {@code
 * pattern ^[A-Z]{2}$} or {@code give txid or cl_ord_id}), what the rule means in words where the
 * contract says it ({@code requirement}, such as "an ISO 3166-1 alpha-2 code of two capital
 * letters"; null otherwise) and the offending value as text. Immutable; the client builds it, and
 * it may gain members in a minor release.
 *
 * <pre>{@code
 * catch (ConstraintViolationException e) {
 *   for (Violation violation : e.violations()) {
 *     form.markInvalid(violation.field(), violation.toString());
 *   }
 * }
 * }</pre>
 */
public final class Violation {
  private final String field;
  private final String rule;
  private final String requirement;
  private final String value;

  private Violation(Builder builder) {
    this.field = Objects.requireNonNull(builder.field, "field == null");
    this.rule = Objects.requireNonNull(builder.rule, "rule == null");
    this.requirement = builder.requirement;
    this.value = builder.value;
  }

  /** A builder with nothing set; {@link Builder#build} needs field and rule. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this violation's members. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** The field, such as {@code body.tax_ids[0].id}, or a group such as {@code txid or cl_ord_id}. */
  public String field() {
    return field;
  }

  /** The rule as the contract states it, such as {@code length 14..42}. */
  public String rule() {
    return rule;
  }

  /** What the rule means in words, where the contract says it; null otherwise. */
  public String requirement() {
    return requirement;
  }

  /** The offending value as text, such as {@code "gb"} (quoted) or {@code null}. */
  public String value() {
    return value;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Violation that
        && field.equals(that.field)
        && rule.equals(that.rule)
        && Objects.equals(requirement, that.requirement)
        && Objects.equals(value, that.value);
  }

  @Override
  public int hashCode() {
    return Objects.hash(field, rule, requirement, value);
  }

  /** {@code cl_ord_id must be a UUID or at most 18 printable ASCII characters (was ...)}. */
  @Override
  public String toString() {
    if (rule.equals("give " + field)) {
      return rule + " (none was set)"; // a group of members ("give txid or cl_ord_id") reads as it is
    }
    return field + (requirement != null ? " must be " + requirement : " must satisfy " + rule) + " (was " + value + ")";
  }

  /** Builds a {@link Violation}; setters are named as the members. */
  public static final class Builder {
    private String field;
    private String rule;
    private String requirement;
    private String value;

    private Builder() {}

    private Builder(Violation violation) {
      this.field = violation.field;
      this.rule = violation.rule;
      this.requirement = violation.requirement;
      this.value = violation.value;
    }

    public Builder field(String field) {
      this.field = field;
      return this;
    }

    public Builder rule(String rule) {
      this.rule = rule;
      return this;
    }

    public Builder requirement(String requirement) {
      this.requirement = requirement;
      return this;
    }

    public Builder value(String value) {
      this.value = value;
      return this;
    }

    /** @throws NullPointerException naming the member, if field or rule is not set. */
    public Violation build() {
      return new Violation(this);
    }
  }
}
