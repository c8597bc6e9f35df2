package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One request schema per operation: parameters and body properties flattened, settings and signer fields left out. */
final class OperationRequestsTest {
  private static final String CONTRACT = String.join("\n",
      "openapi: 3.0.3",
      "info: {title: t, version: '1'}",
      "security: [{ApiKey: []}]",
      "paths:",
      "  /users/{user}/orders:",
      "    post:",
      "      operationId: placeOrder",
      "      parameters:",
      "        - {name: user, in: path, required: true, schema: {type: string}}",
      "        - {name: Service-Version, in: header, x-kraken-client-setting: true, schema: {type: string}}",
      "      requestBody:",
      "        content:",
      "          application/json:",
      "            schema: {$ref: '#/components/schemas/OrderBody'}",
      "      responses: {'200': {description: ok}}",
      "  /time:",
      "    get:",
      "      operationId: getTime",
      "      security: []",
      "      responses: {'200': {description: ok}}",
      "  /token:",
      "    post:",
      "      operationId: getToken",
      "      x-kraken-service-method: false",
      "      security: [{OAuth: [read, write]}]",
      "      responses: {'200': {description: ok}}",
      "components:",
      "  securitySchemes:",
      "    ApiKey: {type: apiKey, in: header, name: API-Key}",
      "    OAuth: {type: oauth2, flows: {clientCredentials: {tokenUrl: 'https://t', scopes: {read: r, write: w}}}}",
      "  schemas:",
      "    OrderBody:",
      "      type: object",
      "      required: [volume, nonce]",
      "      properties:",
      "        volume: {type: string}",
      "        nonce: {type: integer, x-kraken-signer-filled: true}",
      "        note: {type: string}",
      "");

  @Test
  void parametersAndBodyPropertiesAreTheMembersOfOneRequest() {
    OpenAPI api = new OpenAPIV3Parser().readContents(CONTRACT).getOpenAPI();
    OperationRequests requests = new OperationRequests();
    requests.addTo(api);
    Schema<?> request = api.getComponents().getSchemas().get("PlaceOrderRequest");
    assertEquals(List.of("user", "volume", "note"), List.copyOf(request.getProperties().keySet()));
    assertEquals(List.of("user", "volume"), request.getRequired());
    assertEquals("placeOrder", request.getExtensions().get(OperationRequests.REQUEST_FOR));
    assertEquals("path", requests.members("PlaceOrderRequest").get("user").in());
    assertEquals("body", requests.members("PlaceOrderRequest").get("volume").in());
    assertEquals(new OperationRequests.Shape("PlaceOrderRequest", "OrderBody", null), requests.shape("placeOrder"));
    // No member: no request, but a service method all the same.
    assertEquals(new OperationRequests.Shape(null, null, null), requests.shape("getTime"));
    assertNull(requests.shape("getToken"), "x-kraken-service-method: false");
  }

  @Test
  void eachOperationCarriesItsSchemesAndScopes() {
    OpenAPI api = new OpenAPIV3Parser().readContents(CONTRACT).getOpenAPI();
    new OperationRequests().addTo(api);
    Operation place = api.getPaths().get("/users/{user}/orders").getPost();
    assertEquals(List.of("ApiKey"), place.getExtensions().get("x-gen-security"), "the file's requirement");
    Operation time = api.getPaths().get("/time").getGet();
    assertEquals(List.of(), time.getExtensions().get("x-gen-security"));
    Operation token = api.getPaths().get("/token").getPost();
    assertEquals(List.of("OAuth"), token.getExtensions().get("x-gen-security"));
    assertEquals(List.of("read", "write"), token.getExtensions().get("x-gen-scopes"));
  }

  @Test
  void aSchemaNamedLikeARequestIsAClash() {
    OpenAPI api = new OpenAPIV3Parser().readContents(CONTRACT + "    PlaceOrderRequest: {type: object}\n").getOpenAPI();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new OperationRequests().addTo(api));
    assertTrue(e.getMessage().contains("clashes with the request of operation placeOrder"), e.getMessage());
  }
}
