package io.github.krakensdk.tests.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.squareup.moshi.Types;
import io.github.krakensdk.tests.contract.ApiMethods.ApiMethod;
import io.github.krakensdk.tests.contract.ApiMethods.Param;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import okhttp3.ResponseBody;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import retrofit2.Call;
import retrofit2.http.Streaming;

/**
 * Point 1: every operation of every contract has exactly one generated Retrofit method with the
 * same HTTP method, path and parameters (name, location, required), and every generated method
 * has an operation. Everything expected is read from the YAML at test time.
 */
class OperationCoverageTest {

  /** A parameter as the contract declares it; {@code location} is query/path/header/body/form. */
  private record Declared(String name, String location, boolean required, boolean jsonQuery, Type type) {
    String key() {
      return location + " " + name;
    }
  }

  @TestFactory
  Stream<DynamicNode> everyOperationHasOneMatchingMethod() {
    return Arrays.stream(Family.values()).map(family -> {
      Contract contract = Contracts.get(family);
      List<DynamicNode> tests = new ArrayList<>();
      for (Contract.Op op : contract.operations()) {
        tests.add(dynamicTest(op.label(), () -> checkOperation(contract, op)));
      }
      return dynamicContainer(family.displayName() + " (" + family.fileName() + ")", tests);
    });
  }

  @TestFactory
  Stream<DynamicNode> everyGeneratedMethodHasAnOperation() {
    return Arrays.stream(Family.values()).map(family -> {
      Contract contract = Contracts.get(family);
      Set<String> operationIds = contract.operations().stream().map(Contract.Op::id).collect(Collectors.toSet());
      List<DynamicNode> tests = new ArrayList<>();
      for (ApiMethod method : ApiMethods.of(family)) {
        tests.add(dynamicTest(family.apiClass().getSimpleName() + "." + method.name(), () ->
            assertTrue(operationIds.contains(method.name()),
                family.apiClass().getName() + "." + method.name() + " has no operation with that operationId in "
                    + family.fileName() + " (operations: " + operationIds + ")")));
      }
      return dynamicContainer(family.apiClass().getSimpleName(), tests);
    });
  }

  /** Prints {@code Spot 5} etc. (operations per family) and checks the generated method count matches. */
  @Test
  void operationCountsPerFamily() {
    Map<Family, Integer> operations = new LinkedHashMap<>();
    Map<Family, Integer> methods = new LinkedHashMap<>();
    for (Family family : Family.values()) {
      operations.put(family, Contracts.get(family).operations().size());
      methods.put(family, ApiMethods.of(family).size());
    }
    operations.forEach((family, count) -> System.out.println(family.displayName() + " " + count));
    for (Family family : Family.values()) {
      assertTrue(operations.get(family) > 0, family.fileName() + " declares no operation");
      assertEquals(operations.get(family), methods.get(family),
          family.apiClass().getSimpleName() + " method count vs operations of " + family.fileName());
    }
  }

  private static void checkOperation(Contract contract, Contract.Op op) {
    Family family = contract.family;
    List<ApiMethod> named = ApiMethods.of(family).stream().filter(m -> m.name().equals(op.id())).toList();
    assertEquals(1, named.size(),
        family.apiClass().getSimpleName() + " must declare exactly one method " + op.id() + "; found " + named.size());
    ApiMethod method = named.get(0);

    List<String> problems = new ArrayList<>();
    if (!op.httpMethod().equals(method.httpMethod())) {
      problems.add("HTTP method: contract " + op.httpMethod() + ", generated " + method.httpMethod());
    }
    String expectedPath = op.path().startsWith("/") ? op.path().substring(1) : op.path();
    if (!expectedPath.equals(method.path())) {
      problems.add("path: contract " + op.path() + " (relative: " + expectedPath + "), generated " + method.path());
    }

    String mediaType = contract.requestMediaType(op);
    boolean form = Contract.FORM_MEDIA_TYPE.equals(mediaType);
    if (form != method.formUrlEncoded()) {
      problems.add("@FormUrlEncoded: expected " + form + " (request media type " + mediaType + ")");
    }

    Map<String, Declared> declared = new LinkedHashMap<>();
    for (Parameter parameter : contract.parameters(op)) {
      boolean required = Boolean.TRUE.equals(parameter.getRequired()) || "path".equals(parameter.getIn());
      String contentType = Contract.parameterContentType(parameter);
      if (contentType != null && !Contract.JSON_MEDIA_TYPE.equals(contentType)) {
        problems.add("parameter " + parameter.getName() + " uses content " + contentType + ", which the SDK does not map");
      }
      Declared d = new Declared(parameter.getName(), parameter.getIn(), required, contentType != null,
          JavaTypes.expected(contract, Contract.parameterSchema(parameter)));
      declared.put(d.key(), d);
    }
    RequestBody body = contract.requestBody(op);
    if (body != null) {
      boolean bodyRequired = Boolean.TRUE.equals(body.getRequired());
      MediaType media = contract.requestMedia(op);
      if (form) {
        Set<String> required = contract.required(media.getSchema());
        contract.properties(media.getSchema()).forEach((name, schema) -> {
          if (schema.getExtensions() != null && Boolean.TRUE.equals(schema.getExtensions().get("x-kraken-signer-filled"))) {
            return; // the signer writes it into the form (the Spot nonce): no field of the method
          }
          Declared d = new Declared(name, "form", bodyRequired && required.contains(name), false,
              JavaTypes.expected(contract, schema));
          declared.put(d.key(), d);
        });
      } else if (Contract.JSON_MEDIA_TYPE.equals(mediaType)) {
        Declared d = new Declared("body", "body", bodyRequired, false, JavaTypes.expected(contract, media.getSchema()));
        declared.put(d.key(), d);
      } else {
        problems.add("request media type " + mediaType + " is neither JSON nor form-encoded");
      }
    }

    Map<String, Param> generated = new LinkedHashMap<>();
    for (Param param : method.params()) {
      String key = param.location() + " " + param.name();
      if (generated.put(key, param) != null) {
        problems.add("generated parameter " + key + " appears twice");
      }
    }
    for (Declared d : declared.values()) {
      Param param = generated.get(d.key());
      if (param == null) {
        problems.add("contract parameter " + d.key() + " has no generated parameter");
        continue;
      }
      if (d.required() != param.required()) {
        problems.add(d.key() + ": contract required=" + d.required() + ", generated @Required=" + param.required());
      }
      if (d.jsonQuery() != param.jsonQuery()) {
        problems.add(d.key() + ": contract content application/json=" + d.jsonQuery() + ", generated @JsonQuery="
            + param.jsonQuery());
      }
      if (!Types.equals(d.type(), param.parameter().getParameterizedType())) {
        problems.add(d.key() + ": contract type " + d.type().getTypeName() + ", generated "
            + param.parameter().getParameterizedType().getTypeName());
      }
    }
    for (String key : generated.keySet()) {
      if (!declared.containsKey(key)) {
        problems.add("generated parameter " + key + " is not declared by the contract");
      }
    }

    String status = contract.successStatus(op);
    Schema<?> success = contract.responseSchema(op, status);
    // A binary success is streamed: the raw body, unread (the JSON body beside it is the error envelope).
    boolean binary = contract.binarySuccessMediaType(op) != null;
    Type expectedReturn = Types.newParameterizedType(Call.class,
        binary ? ResponseBody.class : JavaTypes.expected(contract, success));
    if (!Types.equals(expectedReturn, method.method().getGenericReturnType())) {
      problems.add("return type: contract (response " + status + ") " + expectedReturn.getTypeName() + ", generated "
          + method.method().getGenericReturnType().getTypeName());
    }
    if (binary != method.method().isAnnotationPresent(Streaming.class)) {
      problems.add(binary ? "a binary answer must be @Streaming" : "@Streaming without a binary answer");
    }

    assertTrue(problems.isEmpty(), () -> family.apiClass().getSimpleName() + "." + op.id() + " does not match "
        + family.fileName() + " " + op.httpMethod() + " " + op.path() + ":\n  " + String.join("\n  ", problems));
  }
}
