package io.github.krakensdk.sandbox.internal.params;

import io.github.krakensdk.sandbox.internal.http.Contracts;
import io.github.krakensdk.sandbox.internal.http.HttpCall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.sandbox.internal.contract.Operation;
import io.github.krakensdk.sandbox.internal.contract.Schema;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A form body read as the JSON its schema describes: bracket notation for nested members and
 * arrays, repeated keys, and text turned into numbers and booleans only where the schema wants
 * them (and only when it reads as one).
 */
final class BodyParametersTest {
  /** An AddOrder-like body: scalars of each type, a nested object, arrays of strings and of objects. */
  private static final String YAML = """
      openapi: 3.0.3
      info: {title: t, version: '1'}
      paths:
        /0/private/Order:
          post:
            operationId: order
            security: [{ApiKey: []}]
            requestBody:
              required: true
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/OrderRequest'}
                application/x-www-form-urlencoded:
                  schema: {$ref: '#/components/schemas/OrderRequest'}
            responses:
              '200': {description: ok}
      components:
        securitySchemes:
          ApiKey: {type: apiKey, in: header, name: API-Key}
        schemas:
          OrderRequest:
            type: object
            properties:
              nonce: {type: integer, format: int64}
              pair: {type: string}
              volume: {type: string, format: decimal}
              displayvol: {type: number, format: decimal}
              validate: {type: boolean}
              userref: {type: integer, format: int32}
              txid:
                oneOf:
                  - {type: string}
                  - {type: integer}
              close: {$ref: '#/components/schemas/Close'}
              orders:
                type: array
                items: {$ref: '#/components/schemas/Order'}
              cancel:
                type: array
                items: {type: string}
          Close:
            type: object
            properties:
              ordertype: {type: string}
              price: {type: string}
          Order:
            type: object
            properties:
              ordertype: {type: string}
              volume: {type: string}
              timeinforce: {type: string}
              leverage: {type: integer}
      """;
  private static final Schema SCHEMA = Contracts.compile(YAML).find("POST", "/0/private/Order").bodySchema();

  @Test
  void scalarsTakeTheSchemasTypesWhenTheTextReadsAsThem() {
    assertEquals("{\"nonce\":1731502367218,\"pair\":\"XBTUSD,ETHUSD\",\"volume\":\"1.25\",\"displayvol\":0.5,"
        + "\"validate\":true,\"userref\":-42}",
        json("nonce=1731502367218&pair=XBTUSD%2CETHUSD&volume=1.25&displayvol=0.5&validate=true&userref=-42"));
    assertEquals("{\"nonce\":\"soon\",\"validate\":\"yes\",\"userref\":\"1.5\",\"displayvol\":\"half\"}",
        json("nonce=soon&validate=yes&userref=1.5&displayvol=half"), "left as text, for the contract to refuse");
    assertEquals("{\"displayvol\":0.5,\"userref\":7}", json("displayvol=.5&userref=%2B7"), "normalized numbers");
  }

  @Test
  void anAlternativeTypeIsTriedMostSpecificFirst() {
    assertEquals("{\"txid\":123}", json("txid=123"));
    assertEquals("{\"txid\":\"OQCLML-BW3P3-BUCMWZ\"}", json("txid=OQCLML-BW3P3-BUCMWZ"));
  }

  @Test
  void bracketsMakeNestedObjectsAndArrays() {
    assertEquals("{\"close\":{\"ordertype\":\"limit\",\"price\":\"30000\"}}",
        json("close%5Bordertype%5D=limit&close%5Bprice%5D=30000"));
    assertEquals("{\"orders\":[{\"ordertype\":\"limit\",\"volume\":\"1\"},{\"ordertype\":\"market\",\"leverage\":2}]}",
        json("orders[1][ordertype]=market&orders[0][ordertype]=limit&orders[0][volume]=1&orders[1][leverage]=2"),
        "in index order, with the items' types");
  }

  @Test
  void arraysComeRepeatedEmptyBracketedOrIndexed() {
    assertEquals("{\"cancel\":[\"A\",\"B\"]}", json("cancel=A&cancel=B"));
    assertEquals("{\"cancel\":[\"A\",\"B\"]}", json("cancel%5B%5D=A&cancel%5B%5D=B"));
    assertEquals("{\"cancel\":[\"A\",\"B\"]}", json("cancel[1]=B&cancel[0]=A"));
    assertEquals("{\"cancel\":[\"A\"]}", json("cancel=A"), "one value where an array belongs: an array of one");
  }

  @Test
  void whatTheSchemaDoesNotHaveIsKeptForTheContractToRefuse() {
    assertEquals("{\"pairs\":\"XBTUSD\",\"extra\":{\"a\":\"1\"}}", json("pairs=XBTUSD&extra[a]=1"));
    assertEquals("{\"pair\":[\"XBTUSD\",\"ETHUSD\"]}", json("pair=XBTUSD&pair=ETHUSD"), "a repeated scalar");
    assertEquals("{\"a[b\":\"1\"}", json("a%5Bb=1"), "not bracket notation");
  }

  @Test
  void aFormBodyIsReadOnlyWhenItSaysSoAndTheOperationTakesOne() throws Exception {
    HttpCall form = call("nonce=1&pair=XBTUSD", "application/x-www-form-urlencoded; charset=UTF-8");
    BodyParameters parameters = BodyParameters.of(form, SCHEMA);
    assertTrue(parameters.form());
    assertEquals(Map.of("nonce", 1L, "pair", "XBTUSD"), parameters.tree(), "numbers keep their digits");
    HttpCall json = call("{\"nonce\":1}", "application/json");
    assertFalse(BodyParameters.of(json, SCHEMA).form());
    assertEquals("{\"nonce\":1}", new String(BodyParameters.of(json, SCHEMA).json(), StandardCharsets.UTF_8));
    assertFalse(BodyParameters.of(form, (Schema) null).form(), "an operation without a JSON schema: the body as it is");
  }

  @Test
  void jsonBooleanStringsReadWithTheFormsSpellings() {
    HttpCall json = call("{\"nonce\":\"7\",\"validate\":\"True\",\"volume\":1.5,\"pair\":\"true\"}", "application/json");
    assertEquals("{\"nonce\":7,\"validate\":true,\"volume\":\"1.5\",\"pair\":\"true\"}",
        new String(BodyParameters.of(json, SCHEMA).json(), StandardCharsets.UTF_8), "only where the schema has a boolean");
    HttpCall other = call("{\"validate\":\"yes\"}", "application/json");
    assertEquals("{\"validate\":\"yes\"}", new String(BodyParameters.of(other, SCHEMA).json(), StandardCharsets.UTF_8),
        "other text is left for the contract to refuse");
  }

  @Test
  void sentTextIsTheMembersTextAsSent() {
    assertEquals("007", BodyParameters.sentText(call("pair=X&nonce=007", "application/x-www-form-urlencoded"), "nonce"));
    assertEquals("18446744073709551615",
        BodyParameters.sentText(call("{\"pair\":{\"a\":1},\"nonce\":18446744073709551615}", "application/json"), "nonce"));
    assertEquals("12", BodyParameters.sentText(call("{\"nonce\":\"12\"}", "application/json"), "nonce"));
    assertEquals(null, BodyParameters.sentText(call("{\"nonce\":true}", "application/json"), "nonce"));
    assertEquals(null, BodyParameters.sentText(call("{broken", "application/json"), "nonce"));
  }

  @Test
  void aFormOnlyOperationReadsItsFormSchema() {
    Operation formOnly = new Operation("POST", "/token", "token", false, 0, null, null, List.of(), true,
        Map.of(Operation.FORM, SCHEMA), List.of(), Map.of(), List.of());
    BodyParameters parameters = BodyParameters.of(call("nonce=5&validate=False", "application/x-www-form-urlencoded"),
        formOnly);
    assertTrue(parameters.form());
    assertEquals(Map.of("nonce", 5L, "validate", false), parameters.tree());
    assertFalse(BodyParameters.of(call("{\"nonce\":5}", "application/json"), formOnly).form(),
        "not a form: left as it came, for the contract to refuse its type");
  }

  @Test
  void segments() {
    assertEquals(List.of("orders", "0", "ordertype"), BodyParameters.segments("orders[0][ordertype]"));
    assertEquals(List.of("txid", ""), BodyParameters.segments("txid[]"));
    assertEquals(List.of("pair"), BodyParameters.segments("pair"));
    assertEquals(List.of("a]b[c]"), BodyParameters.segments("a]b[c]"));
    assertEquals(List.of("[a]"), BodyParameters.segments("[a]"));
  }

  private static String json(String form) {
    return BodyParameters.formToJson(HttpCall.parseForm(form), SCHEMA);
  }

  private static HttpCall call(String body, String contentType) {
    return new HttpCall("POST", "/0/private/Order", null, Map.of("Content-Type", List.of(contentType)),
        body.getBytes(StandardCharsets.UTF_8));
  }
}
