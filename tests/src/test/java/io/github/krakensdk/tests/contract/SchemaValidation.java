package io.github.krakensdk.tests.contract;

import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.models.media.Schema;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Validates a JSON value against a contract schema with swagger-request-validator's schema validator. */
final class SchemaValidation {
  private static final Map<Family, SchemaValidator> VALIDATORS = new EnumMap<>(Family.class);

  private SchemaValidation() {}

  /** The error and warning messages of validating {@code value} against {@code schema} of {@code family}. */
  static List<String> problems(Family family, Schema<?> schema, JsonNode value) {
    ValidationReport report = validator(family).validate(() -> value, schema, "value");
    return report.getMessages().stream()
        .filter(m -> m.getLevel() == ValidationReport.Level.ERROR || m.getLevel() == ValidationReport.Level.WARN)
        .map(ValidationReport.Message::toString)
        .toList();
  }

  private static synchronized SchemaValidator validator(Family family) {
    // A document of its own, so that the validator's preparation never touches the shared one.
    return VALIDATORS.computeIfAbsent(family, f ->
        new SchemaValidator(Contracts.parse(Contracts.text(f)).getOpenAPI(), new MessageResolver(
            // The validator would otherwise close every object schema (additionalProperties: false),
            // which makes each allOf part reject the other part's members. Members the schema does
            // not declare are caught by JsonEquivalence in ROUND_TRIP mode instead.
            LevelResolver.create()
                .withLevel(SchemaValidator.ADDITIONAL_PROPERTIES_KEY, ValidationReport.Level.IGNORE)
                .build())));
  }
}
