package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.tests.contract.ApiMethods.Param;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Examples;
import io.github.krakensdk.tests.contract.JavaTypes;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every operation of every contract, called through {@code KrakenClient} against a MockWebServer:
 * the request on the wire (method, server and path with the Futures base path and the demo base,
 * query, signing headers with the signature recomputed, body) matches the contract and the
 * arguments, and the returned value equals the contract's success example decoded ({@code
 * result}, or the whole body for Futures and the token), blocking and through the {@code Async}
 * twin.
 *
 * <p>Arguments come from the contract's examples (generated from the schemas where it has none),
 * or are only the required ones; each success example of the operation's 2xx responses is
 * answered once.
 */
class OperationWireTest {

  @TestFactory
  Stream<DynamicNode> everyOperationOnTheWire() {
    List<DynamicNode> families = new ArrayList<>();
    int cases = 0;
    for (ServiceCall call : ServiceCall.all()) {
      List<DynamicNode> tests = new ArrayList<>();
      for (String status : call.successStatuses()) {
        Examples.response(call.contract, call.op, status).forEach((name, body) -> {
          if (call.isSuccessBody(body)) {
            String label = status + " " + name;
            tests.add(dynamicTest("examples, answered " + label + ", blocking",
                () -> exchange(call, call.exampleArguments(), status, body, false)));
            tests.add(dynamicTest("examples, answered " + label + ", async",
                () -> exchange(call, call.exampleArguments(), status, body, true)));
          }
        });
      }
      assertTrue(!tests.isEmpty(), call.label() + " has no success example to answer with");
      String firstStatus = call.successStatuses().get(0);
      JsonNode firstBody = Examples.response(call.contract, call.op, firstStatus).values().stream()
          .filter(call::isSuccessBody).findFirst().orElseThrow();
      tests.add(dynamicTest("required arguments only, blocking",
          () -> exchange(call, call.requiredArguments(), firstStatus, firstBody, false)));
      cases += tests.size();
      families.add(dynamicContainer(call.label(), tests));
    }
    assertTrue(cases > families.size() * 2, "too few wire cases: " + cases);
    return families.stream();
  }

  /**
   * A request-body member the SDK's signer fills in ({@code x-kraken-signer-filled}) stays on the
   * wire but is not the caller's to set: the body model's builder has no setter for it.
   */
  @Test
  void signerFilledMembersAreNotInTheCallersBuilder() throws Throwable {
    List<String> setters = new ArrayList<>();
    int members = 0;
    for (ServiceCall call : ServiceCall.all()) {
      String schema = Contract.schemaName(call.bodySchema());
      for (String member : call.signerFilled()) {
        members++;
        Class<?> builder = Class.forName(call.contract.family.modelPackage() + "." + schema + "$Builder");
        for (Method method : builder.getMethods()) {
          if (method.getName().equals(JavaTypes.camel(member))) {
            setters.add(schema + ".Builder." + method.getName());
          }
        }
      }
    }
    assertTrue(members > 0, "no signer-filled member in the contracts");
    assertEquals(List.of(), setters, "builder setters for signer-filled members");
  }

  private static void exchange(ServiceCall call, Map<Param, JsonNode> json, String status, JsonNode body,
      boolean async) throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      MockWebServer target = wire.serverFor(call.op);
      WireFixture.enqueue(target, Integer.parseInt(status), Contracts.writeJson(body));

      Object[] arguments = call.decode(json);
      Object result = async
          ? call.invokeAsync(wire.client, arguments).get(10, TimeUnit.SECONDS)
          : call.invoke(wire.client, arguments);

      RecordedRequest recorded = WireFixture.take(target);
      assertEquals(1, wire.requestCount(), call.op.id() + ": requests sent (the operation's server only)");
      List<String> problems = RequestChecks.problems(call, json, recorded, wire);
      assertTrue(problems.isEmpty(), () -> call.op.id() + " sent " + RequestChecks.describe(recorded)
          + "\n  problems:\n  " + String.join("\n  ", problems));

      Object expected = call.expectedResult(wire.client, status, body);
      assertNotNull(expected, call.op.id() + ": the example decodes to null");
      assertEquals(expected, result, call.op.id() + ": returned value vs the example decoded");
    }
  }
}
