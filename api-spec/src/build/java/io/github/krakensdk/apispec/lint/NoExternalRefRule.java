package io.github.krakensdk.apispec.lint;

import io.github.krakensdk.apispec.Contract;
import io.github.krakensdk.apispec.Refs;

/**
 * The file is self-contained: every {@code $ref} points into the same file ({@code #/...}) and
 * names something that exists. A team that downloads one YAML needs nothing else.
 */
final class NoExternalRefRule implements Rule {
  @Override public String id() {
    return "no-external-ref";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    for (Refs.Ref ref : Refs.under(contract.root(), "")) {
      if (!ref.isLocal()) {
        report.at(ref.pointer(), "$ref " + ref.target() + " points outside the file; the contract must be self-contained");
      } else if (contract.at(ref.target().substring(1)).isMissingNode()) {
        report.at(ref.pointer(), "$ref " + ref.target() + " names nothing in the file");
      }
    }
  }
}
