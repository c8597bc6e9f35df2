package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.embed.model.ServiceVersion;
import io.github.krakensdk.errors.ConstraintViolationException;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Examples;
import io.github.krakensdk.tests.contract.Family;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * For every documented constraint of every operation's request in the YAML ({@link
 * ContractConstraints}), an otherwise valid request with one violating value is refused with a
 * {@link ConstraintViolationException} naming exactly that field and rule, and the server receives
 * no request: by the request builder's {@code build()} when the call's {@code Consumer} overload
 * builds it, blocking, and through the {@code Async} twin's failed future; and by the request's
 * JSON adapter, which builds too. The otherwise valid request itself (every member generated from
 * the schemas) is sent, so the refusals are the violations' doing.
 *
 * <p>A constraint the contract marks as its own decision ({@code x-kraken-contract-only}) is the
 * service's to judge: the request that breaks it builds and is sent ({@code
 * ContractDecisionsTest} sees the sandbox refuse it).
 *
 * <p>OAuth {@code getToken} has no service method and no request: the token path writes its form
 * itself ({@link TokenCall}); what a caller passes it is checked before anything is sent.
 */
class ConstraintViolationTest {

  @TestFactory
  Stream<DynamicNode> everyConstraintRefusesAViolatingValue() {
    List<DynamicNode> operations = new ArrayList<>();
    int constraints = 0;
    for (ServiceCall call : ServiceCall.all()) {
      if (TokenCall.isTokenCall(call)) {
        operations.add(dynamicContainer(call.label() + ", through kraken.oauthTokens()", tokenPath(call)));
        continue;
      }
      ObjectNode base = call.generatedArguments();
      List<DynamicNode> tests = new ArrayList<>();
      tests.add(dynamicTest("the valid arguments are sent", () -> validCallIsSent(call, base)));
      for (ContractConstraints.Case c : ContractConstraints.of(call, base)) {
        if (c.byDecision()) {
          tests.add(dynamicTest(c.label() + ": the contract's decision, sent", () -> sent(call, c.apply(base))));
          continue;
        }
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

  private static void validCallIsSent(ServiceCall call, ObjectNode base) throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      MockWebServer target = wire.serverFor(call.op);
      target.enqueue(call.successResponse().build());
      target.enqueue(call.successResponse().build());
      ServiceCall.release(call.invoke(wire.client, call.decode(base)));
      assertEquals(1, target.getRequestCount(), call.op.id() + ": the valid request was not sent once");
      if (call.requestType != null) {
        ServiceCall.release(call.invokeBuilding(wire.client, call.builderFilling(base)));
        assertEquals(2, target.getRequestCount(), call.op.id() + ": the valid request, built, was not sent once");
      }
    }
  }

  /** A request that breaks only rules the contract decided builds, through the builder and the adapter, and is sent. */
  private static void sent(ServiceCall call, ObjectNode arguments) throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      MockWebServer target = wire.serverFor(call.op);
      target.enqueue(call.successResponse().build());
      target.enqueue(call.successResponse().build());
      ServiceCall.release(call.invoke(wire.client, call.decode(arguments)));
      ServiceCall.release(call.invokeBuilding(wire.client, call.builderFilling(arguments)));
      assertEquals(2, target.getRequestCount(), call.op.id() + ": the request was not sent");
    }
  }

  private static void refused(ServiceCall call, ObjectNode arguments, ContractConstraints.Case c, boolean async)
      throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      Consumer<Object> filling = call.builderFilling(arguments);
      ConstraintViolationException refused;
      if (async) {
        CompletableFuture<?> future = call.invokeBuildingAsync(wire.client, filling);
        ExecutionException failed = assertThrows(ExecutionException.class, () -> future.get(5, TimeUnit.SECONDS));
        refused = assertInstanceOf(ConstraintViolationException.class, failed.getCause());
      } else {
        refused = assertThrows(ConstraintViolationException.class, () -> call.invokeBuilding(wire.client, filling));
        // The request's JSON adapter builds it as well: the same refusal when it is decoded.
        assertViolation(call, c, assertThrows(ConstraintViolationException.class, () -> call.decode(arguments)));
      }
      assertViolation(call, c, refused);
      assertEquals(0, wire.requestCount(), "a refused request reached the server");
    }
  }

  private static void assertViolation(ServiceCall call, ContractConstraints.Case c,
      ConstraintViolationException refused) {
    assertEquals(call.op.id(), refused.operationId());
    List<String> violations = refused.violations().stream().map(v -> v.field() + " | " + v.rule()).toList();
    assertEquals(List.of(c.field() + " | " + c.rule()), violations, refused.getMessage());
  }

  /**
   * getToken: {@code grant_type} (required, one of {@code GrantType}) is the token path's to
   * write, and it writes only the grants the contract lists; the fields a grant needs are
   * refused before sending when a caller passes them blank.
   */
  private static List<DynamicNode> tokenPath(ServiceCall call) {
    List<DynamicNode> tests = new ArrayList<>();
    tests.add(dynamicTest("grant_type: the token path sends only the grants GrantType lists", () -> {
      List<String> listed = call.contract.schema("GrantType").getEnum().stream().map(Object::toString).toList();
      assertEquals(new TreeSet<>(listed), new TreeSet<>(TokenCall.GRANTS));
      assertTrue(call.member("grant_type").required(), "grant_type is required");
    }));
    Map<String, JsonNode> requests = Examples.named(call.contract, Examples.requestMediaPointer(call.contract, call.op));
    requests.forEach((name, example) -> example.fieldNames().forEachRemaining(field -> {
      if (field.equals("grant_type")) {
        return;
      }
      for (String value : new String[] {"", " "}) {
        tests.add(dynamicTest(name + ": " + field + " \"" + value + "\" is refused before sending", () -> {
          ObjectNode blank = ((ObjectNode) example).deepCopy().put(field, value);
          try (WireFixture wire = WireFixture.create()) {
            RuntimeException e = assertThrows(RuntimeException.class,
                () -> TokenCall.obtain(wire.client, wire.tokens, blank));
            assertTrue(e instanceof ConstraintViolationException || e instanceof IllegalArgumentException
                || e.getCause() instanceof IllegalArgumentException, () -> "refused with " + e);
            assertEquals(0, wire.requestCount(), "a token request with a blank " + field + " was sent");
          }
        }));
      }
    }));
    return tests;
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
