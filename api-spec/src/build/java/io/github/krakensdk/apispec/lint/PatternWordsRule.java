package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import java.util.HashMap;
import java.util.Map;

/**
 * Every {@code pattern} a client checks says in words what it means ({@code x-kraken-rule-text},
 * CONVENTIONS.md), so that a refused request reads "cl_ord_id must be a UUID or at most 18
 * printable ASCII characters", not a regular expression: a non-blank text beside each pattern the
 * contract does not mark as its own decision ({@code x-kraken-contract-only: [pattern]}), the same
 * text wherever the same pattern stands, and no text without a pattern.
 */
final class PatternWordsRule implements Rule {
  static final String EXTENSION = "x-kraken-rule-text";

  @Override public String id() {
    return "pattern-words";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    walk(contract.root(), "", new HashMap<>(), report);
  }

  private static void walk(JsonNode node, String pointer, Map<String, String> texts, Report report) {
    if (node.isObject()) {
      check(node, pointer, texts, report);
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        walk(e.getValue(), pointer + "/" + Contract.escape(e.getKey()), texts, report);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(node.get(i), pointer + "/" + i, texts, report);
      }
    }
  }

  private static void check(JsonNode owner, String pointer, Map<String, String> texts, Report report) {
    JsonNode pattern = owner.get("pattern");
    JsonNode text = owner.get(EXTENSION);
    if (pattern == null || !pattern.isTextual()) {
      if (text != null) {
        report.at(pointer + "/" + EXTENSION, "words for a pattern, where there is no pattern");
      }
      return;
    }
    if (text == null) {
      boolean decided = false;
      for (JsonNode keyword : owner.path(ContractOnlyRule.EXTENSION)) {
        decided |= keyword.asText().equals("pattern");
      }
      if (!decided) {
        report.at(pointer + "/pattern", "a pattern the client checks needs " + EXTENSION
            + ": what it means in words, for the message of a refused request");
      }
      return;
    }
    if (!text.isTextual() || text.asText().isBlank()) {
      report.at(pointer + "/" + EXTENSION, "must be the pattern's meaning in words");
      return;
    }
    String earlier = texts.putIfAbsent(pattern.asText(), text.asText());
    if (earlier != null && !earlier.equals(text.asText())) {
      report.at(pointer + "/" + EXTENSION, "the pattern " + pattern.asText() + " already means \"" + earlier
          + "\" elsewhere in this file: one pattern, one meaning");
    }
  }
}
