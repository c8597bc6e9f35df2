package io.github.krakensdk.sandbox.internal.control;

import io.github.krakensdk.sandbox.internal.contract.Problem;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A refusal of the control plane, written as its {@code Problem} document ({@code
 * application/problem+json}): the status, the field at fault and the rule it breaks.
 */
final class ControlProblem extends RuntimeException {
  final int status;
  final String field;
  final String rule;

  ControlProblem(int status, String field, String rule, String detail) {
    super(detail);
    this.status = status;
    this.field = field;
    this.rule = rule;
  }

  /** 400: {@code field} breaks {@code rule}; {@code value} is what was sent. */
  static ControlProblem invalid(String field, String rule, Object value) {
    return new ControlProblem(400, field, rule, field + ": " + rule + (value == null ? "" : " (was " + value + ")"));
  }

  /** 400: what the document's checker found wrong, its field and rule as the checker words them. */
  static ControlProblem of(Problem problem) {
    return new ControlProblem(400, problem.field(), problem.rule(), problem.message());
  }

  Map<String, Object> document() {
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("status", status);
    document.put("title", switch (status) {
      case 400 -> "Invalid request";
      case 404 -> "Not found";
      case 405 -> "Method not allowed";
      case 409 -> "Conflict";
      default -> "Error";
    });
    if (field != null) document.put("field", field);
    if (rule != null) document.put("rule", rule);
    document.put("detail", getMessage());
    return document;
  }
}
