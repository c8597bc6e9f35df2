package io.github.krakensdk.sandbox.internal.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The sandbox's own schema checker: each rule the contracts use, and how it names the field and the rule. */
class SchemaCheckTest {
  private static final SchemaCheck REQUEST = new SchemaCheck(SchemaCheck.Side.REQUEST, "request.body.schema");
  private static final SchemaCheck RESPONSE = new SchemaCheck(SchemaCheck.Side.RESPONSE, "response.body.schema");

  /** Schemas written as the compiler writes them, with named ones for {@code $ref}. */
  private static final Map<String, Schema> NAMED = new HashMap<>();

  static {
    NAMED.put("Txid", schema("{\"type\":\"string\",\"pattern\":\"^[A-Z0-9-]+$\",\"minLength\":1,\"nullable\":true}"));
    NAMED.put("Envelope", schema("{\"type\":\"object\",\"required\":[\"error\"],\"properties\":{\"error\":{\"type\":\"array\","
        + "\"items\":{\"type\":\"string\"}}}}"));
  }

  private static Schema schema(String json) {
    try {
      return new Schema(JsonValues.read(json.getBytes(StandardCharsets.UTF_8)), NAMED);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static List<String> request(String schema, String value) {
    return messages(REQUEST, schema, value);
  }

  private static List<String> messages(SchemaCheck check, String schema, String value) {
    try {
      return check.check(JsonValues.read(value.getBytes(StandardCharsets.UTF_8)), schema(schema), "")
          .stream().map(Problem::message).toList();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void decimalAndUriAreRulesOnlyWhereTheDocumentStatesThem() {
    String deposit = "{\"type\":\"object\",\"properties\":{\"amount\":{\"type\":\"string\",\"format\":\"decimal\"},"
        + "\"url\":{\"type\":\"string\",\"format\":\"uri\"}}}";
    String loose = "{\"amount\":\"0,5\",\"url\":\"ftp://example.com/hook\"}";
    assertEquals(List.of(), request(deposit, loose), "the Kraken contracts: the formats say how to read the text");
    SchemaCheck control = new SchemaCheck(SchemaCheck.Side.REQUEST, "request.body.schema", java.util.Set.of("decimal", "uri"));
    assertEquals(List.of("amount: must be a decimal number as a string, was \"0,5\"",
        "url: must be an http or https URL, was \"ftp://example.com/hook\""), messages(control, deposit, loose));
    assertEquals(List.of(), messages(control, deposit, "{\"amount\":\"-12.50\",\"url\":\"https://example.com/hook?x=1\"}"));
    assertEquals(List.of("url: must be an http or https URL, was \"https:///no-host\""),
        messages(control, deposit, "{\"url\":\"https:///no-host\"}"));
  }

  @Test
  void uniqueItemsAndTheFieldAndRuleApart() throws IOException {
    String permissions = "{\"type\":\"array\",\"uniqueItems\":true,\"items\":{\"type\":\"string\"}}";
    assertEquals(List.of(), request(permissions, "[\"a\",\"b\"]"));
    assertEquals(List.of("body: must not have an item twice, has \"a\" twice"), request(permissions, "[\"a\",\"b\",\"a\"]"));
    Problem problem = REQUEST.check(JsonValues.read("{\"limit\":80}".getBytes(StandardCharsets.UTF_8)),
        schema("{\"type\":\"object\",\"properties\":{\"limit\":{\"type\":\"integer\",\"maximum\":50}}}"), "").get(0);
    assertEquals("limit: must be at most 50, was 80", problem.message());
    assertEquals("limit", problem.field());
    assertEquals("must be at most 50", problem.rule(), "what was sent is in the message, not the rule");
  }

  @Test
  void typesAndFormats() {
    String order = "{\"type\":\"object\",\"properties\":{\"volume\":{\"type\":\"string\",\"format\":\"decimal\"},"
        + "\"userref\":{\"type\":\"integer\",\"format\":\"int32\"},\"start\":{\"type\":\"string\",\"format\":\"date-time\"},"
        + "\"validate\":{\"type\":\"boolean\"}}}";
    assertEquals(List.of(), request(order, "{\"volume\":\"1.5\",\"userref\":7,\"start\":\"2025-01-01T00:00:00Z\",\"validate\":true}"));
    assertEquals(List.of("volume: must be a string (decimal), was the number 1.5"), request(order, "{\"volume\":1.5}"));
    assertEquals(List.of("userref: must be an integer (int32), was the number 1.5"), request(order, "{\"userref\":1.5}"));
    assertEquals(List.of("userref: must fit in int32, was 3000000000"), request(order, "{\"userref\":3000000000}"));
    assertEquals(List.of(), request(order, "{\"userref\":7.0}"), "7.0 is an integer in JSON Schema");
    assertEquals(List.of("start: must be a string (date-time), was \"yesterday\""), request(order, "{\"start\":\"yesterday\"}"));
    assertEquals(List.of("validate: must be a boolean, was \"true\""), request(order, "{\"validate\":\"true\"}"));
    assertEquals(List.of("body: must be an object, was an array"), request(order, "[]"));
  }

  @Test
  void stringAndNumberRules() {
    assertEquals(List.of("body: must match the pattern ^[A-Z0-9-]+$, was \"abc\""), request("{\"$ref\":\"Txid\"}", "\"abc\""));
    assertEquals(List.of("body: must not be empty", "body: must match the pattern ^[A-Z0-9-]+$, was \"\""),
        request("{\"$ref\":\"Txid\"}", "\"\""));
    assertEquals(List.of("body: must be at most 3 characters long, was 4"), request("{\"type\":\"string\",\"maxLength\":3}", "\"abcd\""));
    assertEquals(List.of("body: must be one of rebase, tier, was \"sideways\""),
        request("{\"type\":\"string\",\"enum\":[\"rebase\",\"tier\"]}", "\"sideways\""));
    assertEquals(List.of("body: must be at least 1, was 0"), request("{\"type\":\"integer\",\"minimum\":1}", "0"));
    assertEquals(List.of("body: must be greater than 0, was 0"),
        request("{\"type\":\"number\",\"minimum\":0,\"exclusiveMinimum\":true}", "0"));
    assertEquals(List.of("body: must be at most 50, was 80"), request("{\"type\":\"integer\",\"maximum\":50}", "80"));
    assertEquals(List.of("body: must have at most 1 items, has 2"),
        request("{\"type\":\"array\",\"maxItems\":1,\"items\":{\"type\":\"string\"}}", "[\"a\",\"b\"]"));
    assertEquals(List.of("body[1]: must be a string, was the number 2"),
        request("{\"type\":\"array\",\"items\":{\"type\":\"string\"}}", "[\"a\",2]"));
  }

  @Test
  void requestsAreClosedAnswersOpen() {
    String schema = "{\"type\":\"object\",\"required\":[\"refid\"],\"properties\":{\"asset\":{\"type\":\"string\"},"
        + "\"refid\":{\"type\":\"string\"}}}";
    assertEquals(List.of("close: not a member of this request (it takes: asset, refid)"),
        request(schema, "{\"asset\":\"ETH\",\"refid\":\"R\",\"close\":{}}"));
    assertEquals(List.of(), messages(RESPONSE, schema, "{\"asset\":\"ETH\",\"refid\":\"R\",\"close\":{}}"));
    assertEquals(List.of("refids: not a member of this request (it takes: asset, refid)", "refid: required"),
        request(schema, "{\"asset\":\"ETH\",\"refids\":\"R\"}"), "a member under a wrong name comes first");
    // additionalProperties: a schema checks the values of undeclared members.
    assertEquals(List.of("XXBT: must be a string, was the number 1"),
        request("{\"type\":\"object\",\"additionalProperties\":{\"type\":\"string\"}}", "{\"XXBT\":1}"));
  }

  @Test
  void allOfPartsShareTheirMembers() {
    String schema = "{\"allOf\":[{\"$ref\":\"Envelope\"},{\"type\":\"object\",\"properties\":{\"result\":{\"type\":\"object\"}}}]}";
    assertEquals(List.of(), request(schema, "{\"error\":[],\"result\":{}}"));
    assertEquals(List.of("other: not a member of this request (it takes: error, result)"),
        request(schema, "{\"error\":[],\"other\":1}"));
    assertEquals(List.of("error: required"), request(schema, "{\"result\":{}}"));
  }

  @Test
  void nullsOneOfAndReadOnly() {
    assertEquals(List.of(), request("{\"$ref\":\"Txid\"}", "null"), "nullable through the reference");
    assertEquals(List.of("body: must not be null"), request("{\"type\":\"string\"}", "null"));
    String userref = "{\"oneOf\":[{\"type\":\"string\"},{\"type\":\"integer\",\"format\":\"int32\"}]}";
    assertEquals(List.of(), request(userref, "\"abc\""));
    assertEquals(List.of(), request(userref, "12"));
    assertEquals(List.of("body: must match one of a string | an integer (int32), was the boolean true"), request(userref, "true"));
    String account = "{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"string\",\"readOnly\":true},"
        + "\"secret\":{\"type\":\"string\",\"writeOnly\":true}}}";
    assertEquals(List.of("id: is read-only: an answer carries it, a request may not"), request(account, "{\"id\":\"A\"}"));
    assertEquals(List.of("secret: is write-only: a request carries it, an answer may not"),
        messages(RESPONSE, account, "{\"secret\":\"s\"}"));
  }
}
