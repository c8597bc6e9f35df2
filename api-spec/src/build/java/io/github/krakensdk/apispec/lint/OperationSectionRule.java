package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import java.util.HashSet;
import java.util.Set;

/**
 * A file whose tag declares {@code x-kraken-sections} (the sections of the service's
 * documentation, CONVENTIONS.md) gives every operation an {@code x-kraken-section} naming one of
 * them, so that the generated service's Javadoc lists each operation under its section; a file
 * without sections names none.
 */
final class OperationSectionRule implements Rule {
  static final String SECTIONS = "x-kraken-sections";
  static final String SECTION = "x-kraken-section";

  @Override public String id() {
    return "operation-section";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    Set<String> sections = new HashSet<>();
    JsonNode tags = contract.root().path("tags");
    for (int i = 0; i < tags.size(); i++) {
      JsonNode declared = tags.get(i).get(SECTIONS);
      if (declared == null) {
        continue;
      }
      if (!declared.isArray() || declared.isEmpty()) {
        report.at("/tags/" + i + "/" + SECTIONS, "must list the sections of the service's documentation");
        continue;
      }
      for (JsonNode section : declared) {
        if (!section.isTextual() || section.asText().isBlank() || !sections.add(section.asText())) {
          report.at("/tags/" + i + "/" + SECTIONS, "each section a distinct non-blank name, not " + section);
        }
      }
    }
    for (Contract.Operation operation : contract.operations()) {
      if (operation.callback()) {
        continue; // a callback is the receiver's operation, not one of the service's
      }
      JsonNode section = operation.node().get(SECTION);
      if (sections.isEmpty()) {
        if (section != null) {
          report.at(operation.pointer() + "/" + SECTION, "names a section, but the tag declares no " + SECTIONS);
        }
      } else if (section == null || !sections.contains(section.asText())) {
        report.at(operation.pointer() + (section == null ? "" : "/" + SECTION), "must name one of the tag's "
            + SECTIONS + " " + sections + (section == null ? "" : ", not " + section.asText()));
      }
    }
  }
}
