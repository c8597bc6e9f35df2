package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openapitools.codegen.CodegenProperty;
import org.junit.jupiter.api.Test;

/** A pattern's words reach its check, wherever the pattern sits; one pattern has one meaning. */
final class RuleTextsTest {
  private static OpenAPI parse(String yaml) {
    return new OpenAPIV3Parser().readContents(yaml).getOpenAPI();
  }

  private static final String CONTRACT = """
      openapi: 3.0.3
      info: {title: t, version: '1'}
      paths:
        /pairs:
          get:
            operationId: getPairs
            parameters:
              - name: country_code
                in: query
                schema: {type: string, pattern: '^[A-Z]{2}$', x-kraken-rule-text: two capital letters}
            responses: {'200': {description: ok}}
      components:
        schemas:
          ClientOrderId:
            type: string
            pattern: '^[ -~]{1,18}$'
            x-kraken-rule-text: at most 18 printable ASCII characters
          Order:
            type: object
            properties:
              tags:
                type: array
                items: {type: string, pattern: '^[a-z]+$', x-kraken-rule-text: lower-case letters}
              note: {type: string, pattern: '^[0-9]+$'}
      """;

  @Test
  void everyPatternWithWordsIsFoundByItsText() {
    assertEquals(Map.of("^[A-Z]{2}$", "two capital letters", "^[ -~]{1,18}$", "at most 18 printable ASCII characters",
        "^[a-z]+$", "lower-case letters"), RuleTexts.read(parse(CONTRACT)));
  }

  @Test
  void theCheckCarriesTheWordsAndAPatternWithoutWordsCarriesNull() {
    ConstraintChecks checks = new ConstraintChecks(Set.of(), Set.of(), RuleTexts.read(parse(CONTRACT)));
    CodegenProperty id = new CodegenProperty();
    id.setPattern("/^[ -~]{1,18}$/");
    assertEquals(List.of("constraints.pattern(\"cl_ord_id\", clOrdId, \"^[ -~]{1,18}$\","
        + " \"at most 18 printable ASCII characters\");"),
        checks.checks("cl_ord_id", "clOrdId", "String", id, false, Set.of(), Set.of()));
    CodegenProperty note = new CodegenProperty();
    note.setPattern("/^[0-9]+$/");
    assertEquals(List.of("constraints.pattern(\"note\", note, \"^[0-9]+$\", null);"),
        checks.checks("note", "note", "String", note, false, Set.of(), Set.of()));
  }

  @Test
  void twoMeaningsForOnePatternFailTheBuild() {
    String twice = CONTRACT + "        other: {type: string, pattern: '^[a-z]+$', x-kraken-rule-text: small letters}\n";
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> RuleTexts.read(parse(twice)));
    assertTrue(e.getMessage().contains("^[a-z]+$"), e.getMessage());
  }
}
