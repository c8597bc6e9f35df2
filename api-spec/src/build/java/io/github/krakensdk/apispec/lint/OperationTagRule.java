package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Every operation has at least one tag, each declared under the root {@code tags}; with option
 * {@code oneTagPerFile} all operations of the file carry the same single tag (one generated API
 * class per family). Option {@code callbacks}: whether callback operations are held to it too.
 */
final class OperationTagRule implements Rule {
  @Override public String id() {
    return "operation-tag";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    boolean callbacks = options.bool("callbacks", true);
    boolean oneTagPerFile = options.bool("oneTagPerFile", false);
    Set<String> declared = new LinkedHashSet<>();
    for (JsonNode tag : contract.root().path("tags")) declared.add(tag.path("name").asText());
    Set<String> used = new LinkedHashSet<>();
    for (Contract.Operation op : contract.operations()) {
      if (op.callback() && !callbacks) continue;
      JsonNode tags = op.node().get("tags");
      if (tags == null || !tags.isArray() || tags.isEmpty()) {
        report.at(op.pointer(), op.label() + " has no tag");
        continue;
      }
      for (int i = 0; i < tags.size(); i++) {
        String tag = tags.get(i).asText();
        used.add(tag);
        if (!declared.contains(tag)) {
          report.at(op.pointer() + "/tags/" + i, "tag " + tag + " is not declared under the root tags " + declared);
        }
      }
      if (oneTagPerFile && tags.size() != 1) {
        report.at(op.pointer() + "/tags", op.label() + " has " + tags.size() + " tags; one per file is the rule");
      }
    }
    if (oneTagPerFile && used.size() > 1) {
      report.at("/tags", "operations use the tags " + used + "; one per file is the rule");
    }
  }
}
