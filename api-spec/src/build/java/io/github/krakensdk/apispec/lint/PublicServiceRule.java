package io.github.krakensdk.apispec.lint;

import io.github.krakensdk.apispec.Contract;
import io.github.krakensdk.apispec.PublicService;

/**
 * Every {@code x-kraken-public-service} is well formed and where it belongs ({@link
 * PublicService} reads it): a path on an operation, header names on a header parameter, a member
 * name on a property of a named schema (also listed in its {@code x-aliases}), each with its
 * evidence, on an element whose description tells users of the difference. The public-service
 * profile, the published variant and the README's table are made from what this rule accepts.
 */
final class PublicServiceRule implements Rule {
  @Override public String id() {
    return "public-service";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    for (PublicService.Problem problem : PublicService.of(contract).problems()) {
      report.at(problem.pointer(), problem.message());
    }
  }
}
