package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code x-kraken-browser-page: true}: the operation is documented, but no Java code is made for it. */
final class BrowserPagesTest {
  private static final String CONTRACT = String.join("\n",
      "openapi: 3.0.3",
      "info: {title: t, version: '1'}",
      "paths:",
      "  /oauth/authorize:",
      "    get:",
      "      operationId: openAuthorizationPage",
      "      x-kraken-browser-page: true",
      "      responses: {'302': {description: redirect}}",
      "  /oauth/token:",
      "    get:",
      "      operationId: peek",
      "      x-kraken-browser-page: false",
      "      responses: {'200': {description: ok}}",
      "    post:",
      "      operationId: getToken",
      "      x-kraken-browser-page: true",
      "      responses: {'200': {description: ok}}",
      "");

  @Test
  void browserPagesAndPathsLeftEmptyAreRemovedOthersStay() {
    OpenAPI api = new OpenAPIV3Parser().readContents(CONTRACT).getOpenAPI();
    KrakenJavaCodegen.removeBrowserPages(api);
    assertEquals(List.of("/oauth/token"), List.copyOf(api.getPaths().keySet()));
    assertNotNull(api.getPaths().get("/oauth/token").getGet(), "marked false: an operation like any other");
    assertNull(api.getPaths().get("/oauth/token").getPost());
  }
}
