package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openapitools.codegen.CodegenModel;
import org.openapitools.codegen.CodegenProperty;

/** {@code x-kraken-envelope} as the Java expressions the service template prints. */
final class EnvelopeStyleTest {
  private static EnvelopeStyle parse(String envelope) {
    OpenAPI api = new OpenAPIV3Parser().readContents(String.join("\n",
        "openapi: 3.0.3",
        "info: {title: t, version: '1'}",
        envelope,
        "paths: {}",
        "")).getOpenAPI();
    return EnvelopeStyle.of(api);
  }

  @Test
  void spotReadsTheErrorArrayAndUnwrapsResult() {
    EnvelopeStyle spot = parse("x-kraken-envelope: {style: spot, errorCode: SpotErrorCode,"
        + " errors: {'EAPI:Invalid nonce': nonce-rejected, 'EGeneral:Internal error': other}}");
    assertEquals(EnvelopeStyle.Style.SPOT, spot.style());
    assertEquals("r -> Envelope.spot(r.error())", spot.envelopeExpression(null));
    assertTrue(spot.unwrapsResult());
    // "other" needs no entry: it is how an unlisted code is treated anyway.
    assertEquals("ErrorModel.krakenStrings(SpotErrorCode::of, Map.ofEntries(\n"
        + "      Map.entry(\"EAPI:Invalid nonce\", ErrorModel.Kind.NONCE_REJECTED)))", spot.errorModelExpression());
  }

  @Test
  void futuresKeepsTheWholeBody() {
    EnvelopeStyle futures = parse("x-kraken-envelope: {style: futures, errorCode: ErrorCode,"
        + " errors: {apiLimitExceeded: rate-limited}}");
    assertFalse(futures.unwrapsResult());
    assertEquals("r -> Envelope.futures(r.result(), r.error(), r.errors())", futures.envelopeExpression(null));
    assertTrue(futures.errorModelExpression().startsWith("ErrorModel.futures(ErrorCode::of,"));
  }

  @Test
  void aWholeBodyWithoutEnvelopeRequiresItsRequiredMembers() {
    EnvelopeStyle oauth = parse("x-kraken-envelope: {style: oauth, errorCode: OAuthErrorCode}");
    CodegenModel token = new CodegenModel();
    token.vars = List.of(property("accessToken", true), property("scope", false), property("tokenType", true));
    assertEquals("r -> Envelope.requireAll(r.accessToken(), r.tokenType())", oauth.envelopeExpression(token));
    assertEquals("null", oauth.envelopeExpression(null));
  }

  @Test
  void aContractWithoutStyleOrWithAnUnknownKindIsRefused() {
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> parse(""));
    assertTrue(none.getMessage().contains("x-kraken-envelope.style"), none.getMessage());
    IllegalArgumentException kind = assertThrows(IllegalArgumentException.class,
        () -> parse("x-kraken-envelope: {style: result, errorCode: E, errors: {'EAPI:Busy': retry}}"));
    assertTrue(kind.getMessage().contains("EAPI:Busy has kind retry"), kind.getMessage());
    IllegalArgumentException code = assertThrows(IllegalArgumentException.class,
        () -> parse("x-kraken-envelope: {style: result}"));
    assertTrue(code.getMessage().contains("needs errorCode"), code.getMessage());
  }

  private static CodegenProperty property(String name, boolean required) {
    CodegenProperty property = new CodegenProperty();
    property.name = name;
    property.required = required;
    return property;
  }
}
