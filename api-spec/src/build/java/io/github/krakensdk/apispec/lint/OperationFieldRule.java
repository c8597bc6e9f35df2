package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Every operation has a non-blank text field: {@code operationId} (which also must be unique in
 * the file and match {@code pattern}, since it becomes a method name in every generated client),
 * {@code summary} or {@code description}. Option {@code callbacks}: whether callback operations
 * are held to it too.
 */
final class OperationFieldRule implements Rule {
  private final String id;
  private final String field;

  private OperationFieldRule(String id, String field) {
    this.id = id;
    this.field = field;
  }

  static OperationFieldRule operationId() {
    return new OperationFieldRule("operation-operation-id", "operationId");
  }

  static OperationFieldRule summary() {
    return new OperationFieldRule("operation-summary", "summary");
  }

  static OperationFieldRule description() {
    return new OperationFieldRule("operation-description", "description");
  }

  @Override public String id() {
    return id;
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    boolean callbacks = options.bool("callbacks", true);
    String patternText = options.string("pattern", null);
    Pattern pattern = patternText == null ? null : Pattern.compile(patternText);
    Map<String, String> seen = new HashMap<>();
    for (Contract.Operation op : contract.operations()) {
      if (op.callback() && !callbacks) continue;
      JsonNode value = op.node().get(field);
      if (value == null || !value.isTextual() || value.asText().isBlank()) {
        report.at(op.pointer(), op.label() + " has no " + field);
        continue;
      }
      String text = value.asText();
      if (pattern != null && !pattern.matcher(text).matches()) {
        report.at(op.pointer() + "/" + field, field + " " + text + " does not match " + pattern);
      }
      if (field.equals("operationId")) {
        String other = seen.putIfAbsent(text, op.pointer());
        if (other != null) report.at(op.pointer() + "/" + field, "operationId " + text + " is also used at " + other);
      }
    }
  }
}
