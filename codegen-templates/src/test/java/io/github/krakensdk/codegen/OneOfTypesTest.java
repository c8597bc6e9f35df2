package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import org.junit.jupiter.api.Test;

/** The two {@code oneOf}s the contract uses get one Java type each; any other is refused by name. */
final class OneOfTypesTest {
  private static final String PAGE = """
      openapi: 3.0.3
      info: {title: t, version: '1'}
      paths: {}
      components:
        schemas:
          Deposit:
            type: object
            properties:
              refid: {type: string}
          DepositPage:
            type: object
            x-kraken-array-form: deposits
            properties:
              deposits:
                type: array
                items: {$ref: '#/components/schemas/Deposit'}
              next_cursor: {type: string}
          DepositStatusResponse:
            type: object
            properties:
              result: {$ref: '#/components/schemas/DepositStatusResponse_result'}
          DepositStatusResponse_result:
            description: The deposits, as a list or a page.
            oneOf:
              - type: array
                items: {$ref: '#/components/schemas/Deposit'}
              - $ref: '#/components/schemas/DepositPage'
          DepositMethod:
            type: object
            properties:
              limit:
                description: A decimal string, or false.
                oneOf:
                  - {type: string, format: decimal}
                  - {type: boolean}
      """;

  private static OpenAPI parse(String yaml) {
    return new OpenAPIV3Parser().readContents(yaml).getOpenAPI();
  }

  @Test
  void anObjectOrItsBareArrayIsTheObject() {
    OpenAPI api = parse(PAGE);
    OneOfTypes.apply(api);

    Schema<?> result = (Schema<?>) api.getComponents().getSchemas().get("DepositStatusResponse").getProperties()
        .get("result");
    assertEquals("#/components/schemas/DepositPage", result.get$ref());
    assertEquals("The deposits, as a list or a page.", result.getDescription());
    assertFalse(api.getComponents().getSchemas().containsKey("DepositStatusResponse_result"),
        "the oneOf component the inline model resolver made is gone with its last reference");
  }

  @Test
  void aOneOfOfScalarsIsAnyValue() {
    OpenAPI api = parse(PAGE);
    OneOfTypes.apply(api);

    Schema<?> limit = (Schema<?>) api.getComponents().getSchemas().get("DepositMethod").getProperties().get("limit");
    assertNull(limit.getType());
    assertNull(limit.get$ref());
    assertNull(limit.getOneOf());
    assertEquals("A decimal string, or false.", limit.getDescription());
  }

  @Test
  void theArrayFormMustNameAMemberWithTheSameItems() {
    OpenAPI api = parse(PAGE.replace("x-kraken-array-form: deposits", "x-kraken-array-form: next_cursor"));
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> OneOfTypes.apply(api));
    assertTrue(e.getMessage().startsWith("DepositStatusResponse_result: "), e.getMessage());
    assertTrue(e.getMessage().contains("x-kraken-array-form"), e.getMessage());
  }

  @Test
  void anyOtherOneOfIsRefusedWhereItIs() {
    OpenAPI api = parse(PAGE.replace("- {type: boolean}", "- {$ref: '#/components/schemas/Deposit'}"));
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> OneOfTypes.apply(api));
    assertTrue(e.getMessage().startsWith("DepositMethod.limit: "), e.getMessage());
  }
}
