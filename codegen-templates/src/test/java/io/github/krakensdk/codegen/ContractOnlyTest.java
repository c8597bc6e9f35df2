package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openapitools.codegen.CodegenProperty;

/**
 * A constraint the contract marks as its own decision ({@code x-kraken-contract-only}) makes no
 * check, and the member's Javadoc says whose rule it is; the documented ones beside it stay.
 */
final class ContractOnlyTest {
  private static final OpenAPI API = new OpenAPIV3Parser().readContents("""
      openapi: 3.0.3
      info: {title: t, version: '1'}
      paths: {}
      components:
        schemas:
          OrderPrice:
            type: string
            x-kraken-contract-only: [pattern]
            pattern: '^[0-9]+$'
          Order:
            type: object
            x-kraken-contract-only: [required]
            required: [price]
            properties:
              price: {$ref: '#/components/schemas/OrderPrice'}
              key:
                type: string
                minLength: 1
                x-kraken-contract-only: [maxLength]
                maxLength: 64
      """).getOpenAPI();

  @Test
  void markersAreReadThroughReferences() {
    Schema<?> order = API.getComponents().getSchemas().get("Order");
    assertEquals(Set.of("pattern"), ContractOnly.of(API, (Schema<?>) order.getProperties().get("price")));
    assertEquals(Set.of("maxLength"), ContractOnly.of(API, (Schema<?>) order.getProperties().get("key")));
    assertEquals(Set.of("required"), ContractOnly.marked(order.getExtensions()));
    assertEquals(Set.of(), ContractOnly.of(API, null));
  }

  @Test
  void aMarkedBoundMakesNoCheckAndTheDocumentedOneStays() {
    ConstraintChecks checks = new ConstraintChecks(Set.of(), Set.of(), Map.of());
    CodegenProperty key = string(1, 64, null);
    assertEquals(List.of("constraints.length(\"key\", key, 1, Constraints.UNBOUNDED);"),
        checks.checks("key", "key", "String", key, false, Set.of("maxLength"), Set.of()));
    assertEquals(List.of("constraints.length(\"key\", key, 1, 64);"),
        checks.checks("key", "key", "String", key, false, Set.of(), Set.of()));
    CodegenProperty price = string(null, null, "^[0-9]+$");
    assertEquals(List.of(), checks.checks("price", "price", "String", price, false, Set.of("pattern"), Set.of()));
  }

  @Test
  void anEnumWhoseListIsTheContractsDecisionTakesAnyValue() {
    ConstraintChecks checks = new ConstraintChecks(Set.of("DocumentType", "OrderSide"), Set.of("DocumentType"), Map.of());
    CodegenProperty type = new CodegenProperty();
    assertEquals(List.of(), checks.checks("document_type", "documentType", "DocumentType", type, false, Set.of(),
        Set.of()));
    assertEquals(List.of("constraints.known(\"type\", type);"),
        checks.checks("type", "type", "OrderSide", type, false, Set.of(), Set.of()));
  }

  @Test
  void theNoteNamesTheRulesWithTheirBounds() {
    CodegenProperty url = string(null, 2048, "^https://");
    assertEquals("The contract's decision, checked by the sandbox, not by this client: required; length at most"
        + " 2048; pattern <code>^https:&#47;&#47;</code>. The public service may accept more.",
        ContractOnly.note(Set.of("maxLength", "pattern"), true, false, url, Set.of(), null));
    assertNull(ContractOnly.note(Set.of(), false, false, url, Set.of(), null));
  }

  private static CodegenProperty string(Integer min, Integer max, String pattern) {
    CodegenProperty property = new CodegenProperty();
    property.dataType = "String";
    property.setMinLength(min);
    property.setMaxLength(max);
    property.setPattern(pattern);
    return property;
  }
}
