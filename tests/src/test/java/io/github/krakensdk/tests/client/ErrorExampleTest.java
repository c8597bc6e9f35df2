package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Examples;
import io.github.krakensdk.tests.contract.Family;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * Every error example of every operation's responses in the YAML, answered with its status, fails
 * the call with the typed exception the issue asks for ({@link ServiceErrors}): Spot errors
 * inside HTTP 200, Futures {@code result: error}, Embed and OAuth error bodies; blocking and
 * through the future. A {@code default} response is answered with HTTP 200 for Futures (the
 * service sends most errors so) and 500 elsewhere.
 *
 * <p>A bearer operation's 401 makes the SDK refresh the token once and retry: the example is
 * answered to both attempts, with the contract's token example in between.
 */
class ErrorExampleTest {

  @TestFactory
  Stream<DynamicNode> everyErrorExampleFailsTyped() {
    List<DynamicNode> operations = new ArrayList<>();
    int total = 0;
    for (ServiceCall call : ServiceCall.all()) {
      List<DynamicNode> tests = new ArrayList<>();
      for (String status : call.op.operation().getResponses().keySet()) {
        int code = status.equals("default") ? (call.style().equals("futures") ? 200 : 500) : Integer.parseInt(status);
        Examples.response(call.contract, call.op, status).forEach((name, body) -> {
          if (ServiceErrors.isError(call.style(), code, body)) {
            tests.add(dynamicTest(status + " " + name + " (HTTP " + code + "), blocking",
                () -> fails(call, code, body, false)));
            tests.add(dynamicTest(status + " " + name + " (HTTP " + code + "), async",
                () -> fails(call, code, body, true)));
          }
        });
      }
      total += tests.size();
      operations.add(dynamicContainer(call.label(), tests));
    }
    assertTrue(total >= 2 * 21, "too few error examples: " + total);
    return operations.stream();
  }

  private static void fails(ServiceCall call, int status, JsonNode body, boolean async) throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      MockWebServer target = wire.serverFor(call.op);
      boolean refreshes = status == 401 && bearer(call);
      WireFixture.enqueue(target, status, Contracts.writeJson(body));
      if (refreshes) {
        WireFixture.enqueue(target, 200, Contracts.writeJson(tokenExample()));
        WireFixture.enqueue(target, status, Contracts.writeJson(body));
      }
      Object[] arguments = call.decode(call.exampleArguments());
      Throwable thrown;
      if (async) {
        ExecutionException failed = assertThrows(ExecutionException.class,
            () -> call.invokeAsync(wire.client, arguments).get(10, TimeUnit.SECONDS));
        thrown = failed.getCause();
      } else {
        thrown = assertThrows(Throwable.class, () -> call.invoke(wire.client, arguments));
      }
      ServiceErrors.assertMatches(call.contract, call.style(), call.op.id(), status, body, thrown);
      if (refreshes) {
        assertEquals(3, target.getRequestCount(), "call, token refresh, one retry");
        WireFixture.take(target);
        RecordedRequest refresh = WireFixture.take(target);
        assertEquals("/oauth/token", refresh.getUrl().encodedPath());
        RecordedRequest retry = WireFixture.take(target);
        assertEquals("Bearer " + tokenExample().get("access_token").asText(), retry.getHeaders().get("Authorization"));
      } else {
        assertEquals(1, wire.requestCount(), "an error is not retried without a retry policy");
      }
    }
  }

  private static boolean bearer(ServiceCall call) {
    return call.contract.securitySchemes(call.op).stream().anyMatch(s -> s.getType() == SecurityScheme.Type.OAUTH2);
  }

  /** The first success example of the OAuth token endpoint. */
  static JsonNode tokenExample() {
    Contract oauth = Contracts.get(Family.OAUTH);
    return Examples.response(oauth, oauth.operation("getToken"), "200").values().iterator().next();
  }
}
