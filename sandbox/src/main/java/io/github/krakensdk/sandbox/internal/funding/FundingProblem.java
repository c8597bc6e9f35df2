package io.github.krakensdk.sandbox.internal.funding;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A refusal of Funding (Beta): an HTTP status and the problem document's code ({@code
 * tag:kraken.com,2025:<code>}), title and detail.
 *
 * <pre>{@code
 * throw FundingProblem.invalid("scope[network_group_id]: this listing takes a method or a network");
 * }</pre>
 */
final class FundingProblem extends RuntimeException {
  static final String TYPE_PREFIX = "tag:kraken.com,2025:";

  final int status;
  final String code;
  final String title;
  /** Null for none. */
  final String detail;
  /** {@code Gateway} for authentication and rate limits, {@code Funding} for the rest. */
  final String source;

  FundingProblem(int status, String code, String title, String detail, String source) {
    super(code + (detail == null ? "" : ": " + detail), null, false, false);
    this.status = status;
    this.code = requireNonNull(code, "code == null");
    this.title = requireNonNull(title, "title == null");
    this.detail = detail;
    this.source = requireNonNull(source, "source == null");
  }

  /** 400 {@code InvalidArguments}: {@code detail} names the field and the rule. */
  static FundingProblem invalid(String detail) {
    return new FundingProblem(400, "InvalidArguments", "General: Invalid arguments", detail, "Funding");
  }

  /** 404 {@code NotFound}. */
  static FundingProblem notFound(String detail) {
    return new FundingProblem(404, "NotFound", "Not found", detail, "Funding");
  }

  /** 400 {@code InvalidFeeToken}: expired, unknown, of another method or of another {@code fee_included}. */
  static FundingProblem feeToken(String detail) {
    return new FundingProblem(400, "InvalidFeeToken", "Invalid fee token", detail, "Funding");
  }

  /** A refusal of the legacy books ({@code Withdrawals.Refusal}) by its code. */
  static FundingProblem of(String code, String detail) {
    return switch (code) {
      case "NotFound" -> notFound(detail);
      case "DuplicateAddressName" -> new FundingProblem(409, code, "Duplicate address name", detail, "Funding");
      case "InsufficientFunds" -> new FundingProblem(400, code, "Insufficient funds", detail, "Funding");
      default -> invalid(detail);
    };
  }

  /** The {@code application/problem+json} document. */
  Map<String, Object> document() {
    Map<String, Object> problem = new LinkedHashMap<>();
    problem.put("type", TYPE_PREFIX + code);
    problem.put("status", status);
    problem.put("title", title);
    if (detail != null) {
      problem.put("detail", detail);
    }
    problem.put("data", null);
    problem.put("source", source);
    return problem;
  }
}
