package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The documented codes of a family of Kraken error strings become the enum {@code <Family>ErrorCode}. */
final class ErrorCodesTest {
  private static OpenAPI parse(String envelope, String schemas) {
    return new OpenAPIV3Parser().readContents(String.join("\n",
        "openapi: 3.0.3",
        "info: {title: t, version: '1'}",
        envelope,
        "paths:",
        "  /a:",
        "    get:",
        "      operationId: a",
        "      x-kraken-errors: ['EEarnings:Busy', 'EAPI:Invalid key']",
        "      responses: {'200': {description: ok}}",
        "  /b:",
        "    get:",
        "      operationId: b",
        "      responses: {'200': {description: ok}}",
        "components:",
        "  schemas:",
        schemas,
        "")).getOpenAPI();
  }

  @Test
  void familyCodesThenOperationCodesOnceEachNamedWithoutTheSeverity() {
    OpenAPI api = parse("x-kraken-envelope: {style: spot, errors: {'EAPI:Invalid key': authentication}}",
        "    Other: {type: string}");
    ErrorCodes.addTo(api, "Spot");
    Schema<?> codes = api.getComponents().getSchemas().get("SpotErrorCode");
    assertEquals(List.of("EAPI:Invalid key", "EEarnings:Busy"), codes.getEnum());
    assertEquals(List.of("API_INVALID_KEY", "EARNINGS_BUSY"), codes.getExtensions().get("x-enum-varnames"));
    assertEquals("SpotErrorCode", ((Map<?, ?>) api.getExtensions().get("x-kraken-envelope")).get("errorCode"));
  }

  @Test
  void aFamilyNamingItsOwnCodeSchemaIsLeftAlone() {
    OpenAPI api = parse("x-kraken-envelope: {style: futures, errorCode: ErrorCode}", "    ErrorCode: {type: string}");
    ErrorCodes.addTo(api, "Futures");
    assertFalse(api.getComponents().getSchemas().containsKey("FuturesErrorCode"));
  }

  @Test
  void aSchemaOfTheReservedNameIsAClash() {
    OpenAPI api = parse("x-kraken-envelope: {style: result}", "    EmbedErrorCode: {type: string}");
    assertThrows(IllegalArgumentException.class, () -> ErrorCodes.addTo(api, "Embed"));
  }
}
