package io.github.krakensdk.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code x-kraken-public-service}: the rows of the family's table, and what the client cannot apply. */
final class PublicServiceFormsTest {
  private static final String CONTRACT = String.join("\n",
      "openapi: 3.0.3",
      "info: {title: t, version: '1'}",
      "paths:",
      "  /keys/{user}:",
      "    get:",
      "      operationId: listKeys",
      "      x-kraken-public-service: {path: '/key/{user}', evidence: \"a \\\"page\\\"\"}",
      "      parameters:",
      "        - {name: user, in: path, required: true, schema: {type: string}}",
      "        - $ref: '#/components/parameters/Version'",
      "      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Tier'}}}}}",
      "  /other:",
      "    get:",
      "      operationId: other",
      "      parameters:",
      "        - $ref: '#/components/parameters/Version'",
      "      responses: {'200': {description: ok}}",
      "components:",
      "  parameters:",
      "    Version:",
      "      {name: Service-Version, in: header, schema: {type: string},",
      "       x-kraken-public-service: {names: [Kraken-Version, Payward-Version], evidence: two pages}}",
      "  schemas:",
      "    Tier:",
      "      type: object",
      "      properties:",
      "        min_fee: {type: string, x-aliases: [minfee], x-kraken-public-service: {name: minfee, evidence: recordings}}",
      "");

  @Test void eachRecordIsARowOfJavaLiterals() {
    PublicServiceForms forms = PublicServiceForms.read(parse(CONTRACT), (schema, name) -> "java_" + name);
    assertEquals(List.of(Map.of("operationId", "\"listKeys\"", "method", "\"GET\"", "contractPath", "\"/keys/{user}\"",
        "servicePath", "\"/key/{user}\"", "evidence", "\"a \\\"page\\\"\"")), forms.paths);
    assertEquals(1, forms.headers.size(), "a shared parameter is one row");
    assertEquals("java.util.List.of(\"Kraken-Version\", \"Payward-Version\")", forms.headers.get(0).get("serviceNames"));
    assertEquals("\"java_min_fee\"", forms.members.get(0).get("javaName"));
    assertEquals("\"minfee\"", forms.members.get(0).get("serviceName"));
  }

  @Test void aRenamedMemberOfARequestFailsTheGeneration() {
    String sent = CONTRACT.replace("      operationId: other\n",
        "      operationId: other\n      requestBody: {content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Tier'}}}}}\n");
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> PublicServiceForms.read(parse(sent), (schema, name) -> name));
    assertTrue(e.getMessage().startsWith("Tier.min_fee: "), e.getMessage());
  }

  @Test void otherNamesOfAQueryParameterFailTheGeneration() {
    String query = CONTRACT.replace("{name: Service-Version, in: header", "{name: version, in: query");
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> PublicServiceForms.read(parse(query), (schema, name) -> name));
    assertTrue(e.getMessage().contains("only a header's names can differ"), e.getMessage());
  }

  @Test void aRecordWithoutEvidenceFailsTheGeneration() {
    String bare = CONTRACT.replace(", evidence: recordings", "");
    assertThrows(IllegalStateException.class, () -> PublicServiceForms.read(parse(bare), (schema, name) -> name));
  }

  private static OpenAPI parse(String yaml) {
    OpenAPI api = new OpenAPIV3Parser().readContents(yaml).getOpenAPI();
    assertTrue(api != null, "the test's contract does not parse");
    return api;
  }
}
