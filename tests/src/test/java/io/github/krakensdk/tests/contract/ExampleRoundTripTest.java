package io.github.krakensdk.tests.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.squareup.moshi.JsonAdapter;
import io.github.krakensdk.tests.contract.ApiMethods.ApiMethod;
import io.github.krakensdk.tests.contract.ApiMethods.Param;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.io.IOException;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Point 2: every example in the contracts (media types, parameters, schemas, callbacks) validates
 * against its schema, decodes into the generated model and re-encodes to equivalent JSON, decimal
 * strings keeping every digit. The examples are found by walking the YAML at test time.
 */
class ExampleRoundTripTest {

  /**
   * One example: where its value sits in the YAML (a JSON pointer), the schema it must satisfy,
   * and the generated Java type it decodes into. A form-encoded body has no model of its own: it
   * decodes field by field into the {@code @Field} parameters of the generated method.
   */
  record ExampleCase(Contract contract, String label, String pointer, Schema<?> schema, Type type,
      Map<String, Type> formFields, String typeProblem) {}

  @TestFactory
  Stream<DynamicNode> everyExampleValidatesDecodesAndReEncodes() {
    return Arrays.stream(Family.values()).map(family -> {
      List<DynamicNode> tests = new ArrayList<>();
      for (ExampleCase example : examples(Contracts.get(family))) {
        tests.add(dynamicTest(example.label(), () -> {
          JsonEquivalence.Result result = roundTrip(example);
          assertTrue(result.equivalent(), () -> example.label() + " (" + example.pointer()
              + ") does not re-encode to equivalent JSON:\n  " + result.describe());
        }));
      }
      return dynamicContainer(family.fileName() + " (" + tests.size() + " examples)", tests);
    });
  }

  /** The examples carry the two decimal edge cases, and their re-encodings keep every digit. */
  @Test
  void decimalStringsKeepEveryDigit() {
    Set<String> reEncoded = new TreeSet<>();
    int decimals = 0;
    for (Family family : Family.values()) {
      for (ExampleCase example : examples(Contracts.get(family))) {
        JsonEquivalence.Result result = roundTrip(example);
        assertTrue(result.equivalent(), () -> example.label() + ": " + result.describe());
        reEncoded.addAll(result.decimals().values());
        decimals += result.decimals().size();
      }
    }
    assertTrue(decimals > 0, "no decimal string found in any example");
    for (String value : List.of("0.00000001", "3015012348193.4134")) {
      assertTrue(reEncoded.contains(value), "no example re-encoded the decimal string " + value
          + " exactly; decimal strings seen after re-encoding: " + reEncoded);
    }
  }

  /**
   * Guards the walk below: every {@code example} and every entry of an {@code examples} map
   * anywhere in the YAML (found by a plain scan of the tree) is one of the collected cases.
   */
  @TestFactory
  Stream<DynamicNode> everyExampleOfTheYamlIsCollected() {
    return Arrays.stream(Family.values()).map(family -> dynamicTest(family.fileName(), () -> {
      Contract contract = Contracts.get(family);
      Set<String> written = new TreeSet<>();
      scan(contract.tree, "", false, written);
      // A multipart operation's examples are checked by MultipartOperationsTest and the sandbox's tests.
      contract.multipartOperations().forEach(op -> written.removeIf(pointer -> pointer.startsWith(op.pointer() + "/")));
      Set<String> collected = new TreeSet<>();
      examples(contract).forEach(example -> collected.add(example.pointer()));
      assertTrue(written.size() > 0, family.fileName() + " has no example");
      assertEquals(written, collected, family.fileName() + ": examples written in the YAML vs examples tested");
    }));
  }

  /** Collects the pointers of example values; {@code propertyNames} is true inside a {@code properties} map. */
  private static void scan(JsonNode node, String pointer, boolean propertyNames, Set<String> out) {
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        scan(node.get(i), pointer + "/" + i, false, out);
      }
      return;
    }
    if (!node.isObject()) {
      return;
    }
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      String name = field.getKey();
      String at = pointer + "/" + Contract.escape(name);
      if (!propertyNames && name.equals("example")) {
        out.add(at);
      } else if (!propertyNames && name.equals("examples") && field.getValue().isObject()) {
        for (Map.Entry<String, JsonNode> entry : field.getValue().properties()) {
          if (entry.getValue().has("value")) {
            out.add(at + "/" + Contract.escape(entry.getKey()) + "/value");
          }
        }
      } else {
        scan(field.getValue(), at, !propertyNames && name.equals("properties"), out);
      }
    }
  }

  // ---- running one example ----

  static JsonEquivalence.Result roundTrip(ExampleCase example) {
    assertTrue(example.typeProblem() == null, example.typeProblem());
    Contract contract = example.contract();
    JsonNode value = contract.node(example.pointer());
    assertFalse(value.isMissingNode(), "no example value at " + example.pointer());

    assertEquals(List.of(), SchemaValidation.problems(contract.family, example.schema(), value),
        example.label() + " does not validate against its schema");

    // Members the SDK's signer writes (x-kraken-signer-filled, the Spot nonce) are in no model: they
    // are the signer's, so the re-encoding must leave them out.
    value = withoutSignerFilled(contract, example.schema(), value);
    JsonNode reEncoded;
    try {
      reEncoded = example.formFields() != null ? formRoundTrip(example, value) : modelRoundTrip(example, value);
    } catch (IOException | RuntimeException e) {
      throw new AssertionError(example.label() + " does not decode into "
          + (example.type() == null ? "its form fields" : example.type().getTypeName()) + ": " + e, e);
    }
    return JsonEquivalence.compare(contract, example.schema(), value, reEncoded, JsonEquivalence.Mode.ROUND_TRIP);
  }

  /** {@code value} without the top-level members its object schema marks {@code x-kraken-signer-filled}. */
  static JsonNode withoutSignerFilled(Contract contract, Schema<?> schema, JsonNode value) {
    if (!value.isObject() || !"object".equals(contract.type(schema))) {
      return value;
    }
    ObjectNode copy = null;
    for (Map.Entry<String, Schema<?>> property : contract.properties(schema).entrySet()) {
      Map<String, Object> extensions = property.getValue().getExtensions();
      if (extensions != null && Boolean.TRUE.equals(extensions.get("x-kraken-signer-filled"))
          && value.has(property.getKey())) {
        copy = copy == null ? ((ObjectNode) value).deepCopy() : copy;
        copy.remove(property.getKey());
      }
    }
    return copy == null ? value : copy;
  }

  private static JsonNode modelRoundTrip(ExampleCase example, JsonNode value) throws IOException {
    JsonAdapter<Object> adapter = Contracts.moshi().adapter(example.type());
    Object decoded = adapter.fromJson(Contracts.writeJson(value));
    if (!value.isNull()) {
      assertNotNull(decoded, example.label() + " decoded to null");
      if (example.type() instanceof Class<?> model && !JavaTypes.members(model).isEmpty()) {
        assertTrue(model.isInstance(decoded), example.label() + " decoded to " + decoded.getClass());
      }
    }
    return Contracts.readJson(adapter.toJson(decoded));
  }

  /** A form body: each member through the type of its generated {@code @Field} parameter. */
  private static JsonNode formRoundTrip(ExampleCase example, JsonNode value) throws IOException {
    ObjectNode reEncoded = JsonNodeFactory.instance.objectNode();
    for (Map.Entry<String, JsonNode> member : value.properties()) {
      Type type = example.formFields().get(member.getKey());
      assertNotNull(type, example.label() + ": no generated @Field(\"" + member.getKey() + "\") parameter");
      JsonAdapter<Object> adapter = Contracts.moshi().adapter(type);
      Object decoded = adapter.fromJson(Contracts.writeJson(member.getValue()));
      reEncoded.set(member.getKey(), Contracts.readJson(adapter.toJson(decoded)));
    }
    return reEncoded;
  }

  // ---- finding every example in a contract ----

  /** Every example of the contract, each once, at the place it is written. */
  static List<ExampleCase> examples(Contract contract) {
    Walker walker = new Walker(contract);
    for (Contract.Op op : contract.operations()) {
      walker.operation(op.operation(), op.pointer(), op.id(), ApiMethods.find(contract.family, op.id()));
    }
    var components = contract.api.getComponents();
    if (components != null) {
      if (components.getParameters() != null) {
        components.getParameters().forEach((name, parameter) -> walker.parameter(parameter,
            "/components/parameters/" + Contract.escape(name), "components.parameters." + name,
            walker.anyMethodParameterType(parameter)));
      }
      if (components.getResponses() != null) {
        components.getResponses().forEach((name, response) -> walker.response(response,
            "/components/responses/" + Contract.escape(name), "components.responses." + name));
      }
      if (components.getRequestBodies() != null) {
        components.getRequestBodies().forEach((name, body) -> body.getContent().forEach((mediaType, media) ->
            walker.media(media, "/components/requestBodies/" + Contract.escape(name) + "/content/"
                + Contract.escape(mediaType), "components.requestBodies." + name + " " + mediaType,
                walker.schemaType(media.getSchema()), null)));
      }
      if (components.getHeaders() != null) {
        components.getHeaders().forEach((name, header) -> walker.header(header,
            "/components/headers/" + Contract.escape(name), "components.headers." + name));
      }
      if (components.getSchemas() != null) {
        components.getSchemas().forEach((name, schema) -> {
          Class<?> model = contract.family.modelClassOrNull(name);
          walker.schema(schema, "/components/schemas/" + Contract.escape(name), "schema " + name,
              model, model == null ? "no generated model " + contract.family.modelPackage() + "." + name : null);
        });
      }
    }
    return walker.cases;
  }

  /** Walks the parsed contract and the raw YAML side by side, keeping the JSON pointer. */
  private static final class Walker {
    final Contract contract;
    final List<ExampleCase> cases = new ArrayList<>();

    Walker(Contract contract) {
      this.contract = contract;
    }

    void operation(Operation operation, String pointer, String label, ApiMethod method) {
      List<Parameter> parameters = operation.getParameters() == null ? List.of() : operation.getParameters();
      for (int i = 0; i < parameters.size(); i++) {
        Parameter parameter = parameters.get(i);
        if (parameter.get$ref() != null || isRef(pointer + "/parameters/" + i)) {
          continue; // written under components.parameters and visited there
        }
        Type type = null;
        if (method != null) {
          Param param = method.param(parameter.getName(), parameter.getIn());
          type = param == null ? null : param.parameter().getParameterizedType();
        }
        parameter(parameter, pointer + "/parameters/" + i,
            label + " " + parameter.getIn() + " parameter " + parameter.getName(), type);
      }
      if (operation.getRequestBody() != null && operation.getRequestBody().get$ref() == null
          && !isRef(pointer + "/requestBody")) {
        operation.getRequestBody().getContent().forEach((mediaType, media) -> {
          String at = pointer + "/requestBody/content/" + Contract.escape(mediaType);
          String name = label + " request " + mediaType;
          if (Contract.FORM_MEDIA_TYPE.equals(mediaType)) {
            media(media, at, name, null, formFields(method));
          } else {
            Param body = method == null ? null : method.param("body", "body");
            media(media, at, name,
                body != null ? body.parameter().getParameterizedType() : schemaType(media.getSchema()), null);
          }
        });
      }
      if (operation.getResponses() != null) {
        operation.getResponses().forEach((status, response) -> response(response,
            pointer + "/responses/" + Contract.escape(status), label + " response " + status));
      }
      if (operation.getCallbacks() != null) {
        operation.getCallbacks().forEach((callbackName, callback) -> callback.forEach((expression, item) ->
            item.readOperationsMap().forEach((httpMethod, callbackOperation) -> operation(callbackOperation,
                pointer + "/callbacks/" + Contract.escape(callbackName) + "/" + Contract.escape(expression) + "/"
                    + httpMethod.name().toLowerCase(Locale.ROOT),
                label + " callback " + callbackOperation.getOperationId(), null))));
      }
    }

    Map<String, Type> formFields(ApiMethod method) {
      Map<String, Type> fields = new LinkedHashMap<>();
      if (method != null) {
        for (Param param : method.params()) {
          if ("form".equals(param.location())) {
            fields.put(param.name(), param.parameter().getParameterizedType());
          }
        }
      }
      return fields;
    }

    /** True where the YAML holds a {@code $ref} (the parsed model may already have followed it). */
    boolean isRef(String pointer) {
      return contract.node(pointer).has("$ref");
    }

    void response(ApiResponse response, String pointer, String label) {
      if (response.get$ref() != null || isRef(pointer)) {
        return; // written under components.responses and visited there
      }
      if (response.getContent() != null) {
        response.getContent().forEach((mediaType, media) -> media(media,
            pointer + "/content/" + Contract.escape(mediaType), label + " " + mediaType,
            schemaType(media.getSchema()), null));
      }
      if (response.getHeaders() != null) {
        response.getHeaders().forEach((name, header) -> header(header,
            pointer + "/headers/" + Contract.escape(name), label + " header " + name));
      }
    }

    void parameter(Parameter parameter, String pointer, String label, Type type) {
      // Operation parameters decode into the generated method's parameter type; a callback's
      // parameters (not part of the client) into the documented type of their schema.
      Type resolvedType = type != null ? type : schemaType(Contract.parameterSchema(parameter));
      if (parameter.getSchema() != null) {
        examples(pointer, label, parameter.getSchema(), resolvedType, null);
        schema(parameter.getSchema(), pointer + "/schema", label + " schema", resolvedType, null);
      }
      if (parameter.getContent() != null) {
        for (Map.Entry<String, MediaType> entry : parameter.getContent().entrySet()) {
          media(entry.getValue(), pointer + "/content/" + Contract.escape(entry.getKey()),
              label + " " + entry.getKey(), resolvedType, null);
        }
      }
    }

    void header(Header header, String pointer, String label) {
      if (header.get$ref() != null || isRef(pointer) || header.getSchema() == null) {
        return;
      }
      Type type = schemaType(header.getSchema());
      examples(pointer, label, header.getSchema(), type, null);
      schema(header.getSchema(), pointer + "/schema", label + " schema", type, null);
    }

    void media(MediaType media, String pointer, String label, Type type, Map<String, Type> formFields) {
      if (media.getSchema() == null) {
        return;
      }
      examples(pointer, label, media.getSchema(), type, formFields);
      schema(media.getSchema(), pointer + "/schema", label + " schema", type, null);
    }

    /** The {@code example} and each of the {@code examples} of the object at {@code pointer}. */
    void examples(String pointer, String label, Schema<?> schema, Type type, Map<String, Type> formFields) {
      JsonNode node = contract.node(pointer);
      if (node.has("example")) {
        cases.add(new ExampleCase(contract, label + " example", pointer + "/example", schema, type, formFields, null));
      }
      JsonNode examples = node.get("examples");
      if (examples != null) {
        for (Iterator<String> it = examples.fieldNames(); it.hasNext(); ) {
          String name = it.next();
          String at = pointer + "/examples/" + Contract.escape(name);
          JsonNode entry = contract.node(at);
          if (entry.has("$ref")) {
            at = entry.get("$ref").textValue().substring(1); // "#/components/examples/X" -> pointer
          }
          cases.add(new ExampleCase(contract, label + " example " + name, at + "/value", schema, type, formFields,
              null));
        }
      }
    }

    /** Schema-level {@code example}s, with the Java type reached through the generated records. */
    void schema(Schema<?> schema, String pointer, String label, Type type, String problem) {
      if (schema == null || schema.get$ref() != null) {
        return; // a named schema is visited once, under components.schemas
      }
      JsonNode node = contract.node(pointer);
      if (node.has("example")) {
        Type exampleType = type;
        String exampleProblem = problem;
        if (exampleType == null && exampleProblem == null) {
          exampleType = schemaType(schema);
        }
        cases.add(new ExampleCase(contract, label + " example", pointer + "/example", schema, exampleType, null,
            exampleProblem));
      }
      if (schema.getProperties() != null) {
        schema.getProperties().forEach((name, property) -> child(property,
            pointer + "/properties/" + Contract.escape(name), label + "." + name, type, name, problem));
      }
      if (schema.getItems() != null) {
        child(schema.getItems(), pointer + "/items", label + "[]", type, JavaTypes.ITEMS, problem);
      }
      Map<String, Schema<?>> positions = contract.tuplePositions(schema);
      if (positions != null) {
        // Tuple positions are the components of the tuple's record, by name.
        int i = 0;
        for (Map.Entry<String, Schema<?>> position : positions.entrySet()) {
          child(position.getValue(), pointer + "/x-kraken-tuple/" + i++, label + "." + position.getKey(), type,
              position.getKey(), problem);
        }
      }
      if (schema.getAdditionalProperties() instanceof Schema<?> values) {
        child(values, pointer + "/additionalProperties", label + "{}", type, JavaTypes.VALUES, problem);
      }
      if (schema.getAllOf() != null) {
        for (int i = 0; i < schema.getAllOf().size(); i++) {
          // allOf parts are flattened into the one record of the enclosing schema.
          schema(schema.getAllOf().get(i), pointer + "/allOf/" + i, label, type, problem);
        }
      }
    }

    private void child(Schema<?> schema, String pointer, String label, Type owner, String step, String problem) {
      if (problem != null || owner == null) {
        schema(schema, pointer, label, null, problem);
        return;
      }
      Type type = JavaTypes.step(owner, step);
      schema(schema, pointer, label, type, type == null
          ? "the generated type " + owner.getTypeName() + " has nothing for '" + step + "'" : null);
    }

    /** The documented Java type of a schema (named schemas: their model). */
    Type schemaType(Schema<?> schema) {
      return JavaTypes.expected(contract, schema);
    }

    /** The type of a generated parameter that a component parameter becomes, wherever it is used. */
    Type anyMethodParameterType(Parameter parameter) {
      for (ApiMethod method : ApiMethods.of(contract.family)) {
        Param param = method.param(parameter.getName(), parameter.getIn());
        if (param != null) {
          return param.parameter().getParameterizedType();
        }
      }
      return null;
    }
  }
}
