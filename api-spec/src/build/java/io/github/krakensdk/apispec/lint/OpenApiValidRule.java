package io.github.krakensdk.apispec.lint;

import io.github.krakensdk.apispec.Contract;
import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.List;

/**
 * The OpenAPI rules: the file is an OpenAPI document of an allowed version, and the swagger
 * parser (the one the generator uses) reports no error or warning on it, resolving every
 * reference. Options: {@code versions}, the prefixes {@code openapi:} may start with.
 */
final class OpenApiValidRule implements Rule {
  @Override public String id() {
    return "openapi-valid";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    String version = contract.root().path("openapi").asText("");
    List<String> versions = options.strings("versions");
    if (versions.stream().noneMatch(prefix -> version.startsWith(prefix))) {
      report.at("/openapi", "openapi: " + (version.isEmpty() ? "missing" : version) + ", expected " + versions);
    }
    ParseOptions parse = new ParseOptions();
    parse.setResolve(true);
    SwaggerParseResult result = new OpenAPIParser().readContents(contract.text(), null, parse);
    if (result.getOpenAPI() == null) {
      report.at("", "not an OpenAPI document");
    }
    if (result.getMessages() != null) {
      for (String message : result.getMessages()) {
        // The parser names the place itself (attribute paths.'/a'(get).x), so the pointer is the root.
        report.at("", "parser: " + message);
      }
    }
  }
}
