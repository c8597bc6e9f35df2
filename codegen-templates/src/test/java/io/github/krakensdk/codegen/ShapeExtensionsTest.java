package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tuples and maps with named members become plain objects in the generator's copy of the contract. */
final class ShapeExtensionsTest {
  private static OpenAPI parse(String... schemas) {
    String contract = String.join("\n",
        "openapi: 3.0.3",
        "info: {title: t, version: '1'}",
        "paths: {}",
        "components:",
        "  schemas:",
        String.join("\n", schemas),
        "");
    return new OpenAPIV3Parser().readContents(contract).getOpenAPI();
  }

  @Test
  void aTupleBecomesAnObjectOfItsPositionsRequiredUpToMinItems() {
    OpenAPI api = parse(
        "    Level:",
        "      type: array",
        "      items: {}",
        "      minItems: 2",
        "      x-kraken-tuple:",
        "        - {name: price, type: string, format: decimal}",
        "        - {name: volume, type: string}",
        "        - {name: timestamp, type: integer, format: int64}");
    ShapeExtensions.rewrite(api);
    Schema<?> level = api.getComponents().getSchemas().get("Level");
    assertEquals("object", level.getType());
    assertEquals(List.of("price", "volume", "timestamp"), List.copyOf(level.getProperties().keySet()));
    assertEquals("decimal", level.getProperties().get("price").getFormat());
    assertEquals("int64", level.getProperties().get("timestamp").getFormat());
    assertEquals(List.of("price", "volume"), level.getRequired());
    assertEquals(true, level.getExtensions().get(ShapeExtensions.TUPLE_RECORD));
  }

  @Test
  void aTupleNeedsAnArrayNamedPositionsAndNoMoreRequiredThanPositions() {
    assertRejected("x-kraken-tuple belongs on a schema of type array",
        "    T:", "      type: object", "      x-kraken-tuple: [{name: a, type: string}]");
    assertRejected("position 1 of x-kraken-tuple has no name",
        "    T:", "      type: array", "      items: {}", "      x-kraken-tuple: [{name: a, type: string}, {type: string}]");
    assertRejected("position name a is used twice",
        "    T:", "      type: array", "      items: {}", "      x-kraken-tuple: [{name: a, type: string}, {name: a, type: string}]");
    assertRejected("minItems 3 exceeds the 2 positions",
        "    T:", "      type: array", "      items: {}", "      minItems: 3",
        "      x-kraken-tuple: [{name: a, type: string}, {name: b, type: string}]");
  }

  @Test
  void aMapWithNamedMembersGetsTheMapOfTheOthersAsItsLastProperty() {
    OpenAPI api = parse(
        "    Ohlc:",
        "      type: object",
        "      required: [last]",
        "      properties:",
        "        last: {type: integer}",
        "      additionalProperties:",
        "        type: array",
        "        items: {type: string}",
        "      x-kraken-map-name: pairs");
    ShapeExtensions.rewrite(api);
    Schema<?> ohlc = api.getComponents().getSchemas().get("Ohlc");
    assertEquals(List.of("last", "pairs"), List.copyOf(ohlc.getProperties().keySet()));
    assertEquals(List.of("last"), ohlc.getRequired());
    Schema<?> pairs = ohlc.getProperties().get("pairs");
    assertEquals(true, pairs.getExtensions().get(ShapeExtensions.MAP_REST));
    assertEquals("array", ((Schema<?>) pairs.getAdditionalProperties()).getType());
    assertTrue(pairs.getDescription().contains("not named properties"), pairs.getDescription());
  }

  @Test
  void theMapNameMustNotBeAPropertyAndNeedsAdditionalProperties() {
    assertRejected("x-kraken-map-name last is also a property",
        "    M:", "      type: object", "      properties: {last: {type: integer}}",
        "      additionalProperties: {type: string}", "      x-kraken-map-name: last");
    assertRejected("belongs on an object with properties and an additionalProperties schema",
        "    M:", "      type: object", "      properties: {last: {type: integer}}", "      x-kraken-map-name: rest");
  }

  private static void assertRejected(String message, String... schema) {
    OpenAPI api = parse(schema);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> ShapeExtensions.rewrite(api));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }
}
