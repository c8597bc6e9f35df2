package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.Environment;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.ServiceVersion;
import io.github.krakensdk.runtime.validation.ConstraintViolationException;
import io.github.krakensdk.tests.contract.ApiMethods.Param;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Examples;
import io.github.krakensdk.tests.contract.Family;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * For every constraint of every operation's request in the YAML ({@link ContractConstraints}), an
 * otherwise valid call with one violating value is refused with a {@link
 * ConstraintViolationException} naming exactly that field and rule, and the server receives no
 * request; blocking, and through the {@code Async} twin's future. The otherwise valid call itself
 * (every parameter and body member generated from the schemas) is sent, so the refusals are the
 * violations' doing.
 */
class ConstraintViolationTest {

  @TestFactory
  Stream<DynamicNode> everyConstraintRefusesAViolatingValue() {
    List<DynamicNode> operations = new ArrayList<>();
    int constraints = 0;
    for (ServiceCall call : ServiceCall.all()) {
      Map<Param, JsonNode> base = call.generatedArguments();
      List<DynamicNode> tests = new ArrayList<>();
      tests.add(dynamicTest("the valid arguments are sent", () -> validCallIsSent(call, base)));
      for (ContractConstraints.Case c : ContractConstraints.of(call, base)) {
        for (boolean async : new boolean[] {false, true}) {
          tests.add(dynamicTest(c.label() + (async ? ", async" : ", blocking"),
              () -> refused(call, c.apply(base), c, async)));
        }
        constraints++;
      }
      operations.add(dynamicContainer(call.label(), tests));
    }
    // The contracts hold dozens of request constraints; none found means the walk is broken.
    assertTrue(constraints >= 20, "only " + constraints + " request constraints found in the contracts");
    return operations.stream();
  }

  private static void validCallIsSent(ServiceCall call, Map<Param, JsonNode> base) throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      String status = call.successStatuses().get(0);
      JsonNode body = Examples.response(call.contract, call.op, status).values().stream()
          .filter(call::isSuccessBody).findFirst().orElseThrow();
      MockWebServer target = wire.serverFor(call.op);
      WireFixture.enqueue(target, Integer.parseInt(status), Contracts.writeJson(body));
      call.invoke(wire.client, call.decode(base));
      assertEquals(1, target.getRequestCount(), call.op.id() + ": the valid call was not sent once");
    }
  }

  private static void refused(ServiceCall call, Map<Param, JsonNode> arguments, ContractConstraints.Case c,
      boolean async) throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      Object[] decoded = call.decode(arguments);
      ConstraintViolationException refused;
      if (async) {
        CompletableFuture<?> future = call.invokeAsync(wire.client, decoded);
        ExecutionException failed = assertThrows(ExecutionException.class, () -> future.get(5, TimeUnit.SECONDS));
        refused = assertInstanceOf(ConstraintViolationException.class, failed.getCause());
      } else {
        refused = assertThrows(ConstraintViolationException.class, () -> call.invoke(wire.client, decoded));
      }
      assertEquals(call.op.id(), refused.operationId());
      List<String> violations = refused.violations().stream().map(v -> v.field() + " | " + v.rule()).toList();
      assertEquals(List.of(c.field() + " | " + c.rule()), violations, refused.getMessage());
      assertEquals(0, wire.requestCount(), "a refused request reached the server");
    }
  }

  /**
   * A parameter marked {@code x-kraken-client-setting} is set on the client, not per call; a
   * value outside its enum must be refused as well: when the client is built, or by the first
   * call, before anything is sent.
   */
  @Test
  void clientSettingOutsideItsEnumIsRefused() throws Throwable {
    Contract embed = Contracts.get(Family.EMBED);
    List<String> listed = new ArrayList<>();
    embed.operations().forEach(op -> embed.parameters(op).stream()
        .filter(p -> p.getExtensions() != null
            && Boolean.TRUE.equals(p.getExtensions().get(ServiceCall.CLIENT_SETTING)))
        .forEach(p -> embed.resolve(Contract.parameterSchema(p)).getEnum().forEach(v -> listed.add(v.toString()))));
    assertTrue(!listed.isEmpty(), "embed.yaml has no enumerated client setting");
    ServiceVersion unlisted = ServiceVersion.of("1999-01-01");
    assertTrue(!listed.contains(unlisted.value()));

    // Refused when configured, the earliest place: no client can send it.
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> KrakenClient.builder().embedServiceVersion(unlisted));
    assertTrue(refused.getMessage().contains("embedServiceVersion")
        && refused.getMessage().contains(unlisted.value()), refused.getMessage());
  }
}
