package io.github.krakensdk.apispec.lint;

import io.github.krakensdk.apispec.Contract;
import io.github.krakensdk.apispec.SchemaSites;

/**
 * No enum is written inline (CONVENTIONS.md): every enum is a named schema used through
 * {@code $ref}, so that every generator makes one named type of it and the HTML reference lists
 * its values once.
 */
final class InlineEnumRule implements Rule {
  @Override public String id() {
    return "no-inline-enum";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    for (SchemaSites.Site site : SchemaSites.of(contract)) {
      if (site.kind() == SchemaSites.Kind.COMPONENT || site.isRef() || !site.schema().has("enum")) continue;
      report.at(site.pointer(), "inline enum " + site.schema().get("enum")
          + (site.name() == null ? "" : " of " + site.name())
          + "; make it a named schema under components/schemas and $ref it");
    }
  }
}
