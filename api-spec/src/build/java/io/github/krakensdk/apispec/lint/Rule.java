package io.github.krakensdk.apispec.lint;

import io.github.krakensdk.apispec.Contract;

/**
 * One lint rule. Its id is the key under {@code rules:} in {@code lint/ruleset.yaml}, which sets
 * its severity and options; a rule reports what it finds and leaves the weighing to the linter.
 */
public interface Rule {
  /** The key of the rule in the ruleset, for example {@code decimal-format}. */
  String id();

  /** Reports every violation in {@code contract} to {@code report}. */
  void check(Contract contract, RuleOptions options, Report report);

  /** Where a rule sends its findings. */
  interface Report {
    /** Reports a violation at {@code pointer} (a JSON pointer into the file). */
    void at(String pointer, String message);
  }
}
