package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a caller reaches is API; the envelopes, bodies and token answers are internal. */
final class PublicModelsTest {
  private static final String CONTRACT = String.join("\n",
      "openapi: 3.0.3",
      "info: {title: t, version: '1'}",
      "x-kraken-envelope: {style: spot, errorCode: TErrorCode}",
      "paths:",
      "  /volume:",
      "    post:",
      "      operationId: getVolume",
      "      parameters:",
      "        - {name: Service-Version, in: header, x-kraken-client-setting: true, schema: {$ref: '#/components/schemas/Version'}}",
      "      requestBody:",
      "        content:",
      "          application/json:",
      "            schema: {$ref: '#/components/schemas/VolumeBody'}",
      "      responses:",
      "        '200':",
      "          description: ok",
      "          content:",
      "            application/json:",
      "              schema: {$ref: '#/components/schemas/VolumeResponse'}",
      "        '400':",
      "          description: refused",
      "          content:",
      "            application/json:",
      "              schema: {$ref: '#/components/schemas/Envelope'}",
      "      callbacks:",
      "        event:",
      "          '{$request.body#/url}':",
      "            post:",
      "              requestBody:",
      "                content:",
      "                  application/json:",
      "                    schema: {$ref: '#/components/schemas/Event'}",
      "              responses: {'200': {description: ok}}",
      "  /report:",
      "    get:",
      "      operationId: getReport",
      "      responses:",
      "        '200':",
      "          description: the archive, or a refusal",
      "          content:",
      "            application/zip:",
      "              schema: {type: string, format: binary}",
      "            application/json:",
      "              schema: {$ref: '#/components/schemas/Envelope'}",
      "  /token:",
      "    post:",
      "      operationId: getToken",
      "      x-kraken-service-method: false",
      "      responses:",
      "        '200':",
      "          description: ok",
      "          content:",
      "            application/json:",
      "              schema: {$ref: '#/components/schemas/Token'}",
      "components:",
      "  schemas:",
      "    TErrorCode: {type: string}",
      "    Version: {type: string, enum: ['1', '2']}",
      "    Side: {type: string, enum: [buy, sell]}",
      "    Unit: {type: string, enum: [coin, usd]}",
      "    VolumeBody:",
      "      type: object",
      "      properties:",
      "        side: {$ref: '#/components/schemas/Side'}",
      "    Envelope:",
      "      type: object",
      "      properties:",
      "        error: {type: array, items: {type: string}}",
      "        warning: {$ref: '#/components/schemas/Warning'}",
      "    Warning: {type: object, properties: {text: {type: string}}}",
      "    Volume:",
      "      type: object",
      "      properties:",
      "        amount: {type: string}",
      "        unit: {$ref: '#/components/schemas/Unit'}",
      "    VolumeResponse:",
      "      allOf:",
      "        - $ref: '#/components/schemas/Envelope'",
      "        - type: object",
      "          properties:",
      "            result: {$ref: '#/components/schemas/Volume'}",
      "    Event: {type: object, properties: {id: {type: string}}}",
      "    Token: {type: object, properties: {access_token: {type: string}}}",
      "");

  @Test
  void whatNoCallerReachesIsInternal() {
    OpenAPI api = new OpenAPIV3Parser().readContents(CONTRACT).getOpenAPI();
    OperationRequests requests = new OperationRequests();
    requests.addTo(api);
    Set<String> internal = PublicModels.internalSchemas(api, requests, EnvelopeStyle.of(api), List.of());
    // The request (GetVolumeRequest, with side), the unwrapped result (Volume, with unit), the
    // error code, the client setting (Version) and the callback's body (Event) are API; the body
    // record, the envelope (whose Warning an allOf part refers to), the refusal of the download
    // and the token endpoint's answer are not.
    assertEquals(Set.of("Envelope", "Token", "VolumeBody", "VolumeResponse", "Warning"), internal);
  }

  @Test
  void theParametersOfABrowserPageAreApi() {
    OpenAPI api = new OpenAPIV3Parser().readContents(CONTRACT).getOpenAPI();
    OperationRequests requests = new OperationRequests();
    requests.addTo(api);
    Schema<?> token = new Schema<>().$ref("#/components/schemas/Token");
    Set<String> internal = PublicModels.internalSchemas(api, requests, EnvelopeStyle.of(api), List.of(token));
    assertEquals(Set.of("Envelope", "VolumeBody", "VolumeResponse", "Warning"), internal);
  }
}
