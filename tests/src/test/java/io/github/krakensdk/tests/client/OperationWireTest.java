package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.auth.oauth.OAuthTokens;
import io.github.krakensdk.tests.client.ServiceCall.Member;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Examples;
import io.github.krakensdk.tests.contract.JavaTypes;
import io.github.krakensdk.values.OrderPrice;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every operation of every contract, called through {@code KrakenClient} against a MockWebServer:
 * the request on the wire (method, server and path with the Futures base path and the demo base,
 * query, signing headers with the signature recomputed, body) matches the contract and the
 * request's members, and the returned value equals the contract's success example decoded ({@code
 * result}, or the whole body for Futures), blocking and through the {@code Async} twin.
 *
 * <p>Arguments come from the contract's examples (generated from the schemas where it has none),
 * or are only the required ones; each success example of the operation's 2xx responses is
 * answered once. OAuth {@code getToken} is not a service method ({@code x-kraken-service-method:
 * false}): it goes through {@code kraken.oauthTokens()} ({@link TokenCall}), once per request
 * example and token example, and must return the example's tokens.
 */
class OperationWireTest {

  @TestFactory
  Stream<DynamicNode> everyOperationOnTheWire() {
    List<DynamicNode> families = new ArrayList<>();
    int cases = 0;
    for (ServiceCall call : ServiceCall.all()) {
      List<DynamicNode> tests = TokenCall.isTokenCall(call) ? tokenCases(call) : serviceCases(call);
      cases += tests.size();
      families.add(dynamicContainer(call.label(), tests));
    }
    assertTrue(cases > families.size() * 2, "too few wire cases: " + cases);
    return families.stream();
  }

  private static List<DynamicNode> serviceCases(ServiceCall call) {
    List<DynamicNode> tests = new ArrayList<>();
    if (call.binarySuccess() != null) {
      // A download: its success is bytes of the contract's media type, handed back unread.
      String answer = "answered " + call.binarySuccess() + " bytes";
      tests.add(dynamicTest("examples, " + answer + ", blocking", () -> download(call, call.exampleArguments(), false)));
      tests.add(dynamicTest("examples, " + answer + ", async", () -> download(call, call.exampleArguments(), true)));
      tests.add(dynamicTest("required arguments only, " + answer + ", blocking",
          () -> download(call, call.requiredArguments(), false)));
      return tests;
    }
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
    JsonNode firstBody = call.successExample();
    tests.add(dynamicTest("required arguments only, blocking",
        () -> exchange(call, call.requiredArguments(), firstStatus, firstBody, false)));
    return tests;
  }

  /**
   * getToken: each request example of the contract (one per grant) answered with each token
   * example, blocking (the token path has no asynchronous twin); the required members alone
   * ({@code grant_type}) are no request the token path sends: it refuses a grant without its
   * fields before sending anything.
   */
  private static List<DynamicNode> tokenCases(ServiceCall call) {
    List<DynamicNode> tests = new ArrayList<>();
    Map<String, JsonNode> requests = Examples.named(call.contract, Examples.requestMediaPointer(call.contract, call.op));
    Set<String> grants = new TreeSet<>();
    requests.values().forEach(request -> grants.add(request.path("grant_type").asText()));
    tests.add(dynamicTest("a request example for every grant of the token path", () ->
        assertEquals(new TreeSet<>(TokenCall.GRANTS), grants, "grants of the request examples")));
    for (String status : call.successStatuses()) {
      Examples.response(call.contract, call.op, status).forEach((name, body) -> requests.forEach((request, form) ->
          tests.add(dynamicTest("request " + request + ", answered " + status + " " + name
              + ", blocking through kraken.oauthTokens()", () -> tokenExchange(call, (ObjectNode) form, status, body)))));
    }
    tests.add(dynamicTest("no service method, no async twin: only kraken.oauthTokens()", () -> {
      assertTrue(Arrays.stream(io.github.krakensdk.oauth.OAuthService.class.getMethods())
          .noneMatch(m -> m.getName().startsWith(call.op.id())), "OAuthService has a getToken method");
      assertNotNull(TokenCall.call());
    }));
    tests.add(dynamicTest("required arguments only: refused by the token path, nothing sent", () -> {
      ObjectNode required = call.requiredArguments();
      assertEquals(Set.of("grant_type"), fieldNames(required), "the required members of the token request");
      try (WireFixture wire = WireFixture.create()) {
        assertThrows(RuntimeException.class, () -> TokenCall.obtain(wire.client, wire.tokens, required));
        assertEquals(0, wire.requestCount(), "a token request without its grant's fields was sent");
      }
    }));
    return tests;
  }

  /**
   * The requests of the contract have exactly the members the YAML declares (parameters, the body's
   * and the JSON query object's properties, less client settings and signer-filled ones): every
   * member generated from the schemas decodes into the request and is written back by its name.
   */
  @TestFactory
  Stream<DynamicTest> everyRequestHasTheContractsMembers() {
    return ServiceCall.all().stream().filter(ServiceCall::inService).map(call -> dynamicTest(call.label(), () -> {
      ObjectNode generated = call.generatedArguments();
      assertEquals(names(call), fieldNames(generated), "every member has a generated value");
      Object request = call.decode(generated);
      if (call.members.isEmpty()) {
        assertEquals(null, call.requestType, "an operation without members takes no request");
        return;
      }
      @SuppressWarnings({"unchecked", "rawtypes"})
      String written = Contracts.moshi().adapter((Class) call.requestType).toJson(request);
      assertEquals(names(call), fieldNames(Contracts.readJson(written)), call.requestType.getSimpleName()
          + " written back by its adapter");
      Class<?> builder = call.builderClass();
      for (Member member : call.members) {
        call.setter(builder, member); // fails if missing
      }
    }));
  }

  /**
   * A request-body member the SDK's signer fills in ({@code x-kraken-signer-filled}) stays on the
   * wire (checked by every exchange above) but is not the caller's to set: it is no member of the
   * operation's request, its builder has no setter for it, and the body record the service builds
   * has no component for it.
   */
  @Test
  void signerFilledMembersAreNotTheCallers() throws Throwable {
    List<String> found = new ArrayList<>();
    int members = 0;
    for (ServiceCall call : ServiceCall.all()) {
      for (String member : call.signerFilled()) {
        members++;
        String camel = JavaTypes.camel(member);
        if (call.members.stream().anyMatch(m -> m.name().equals(member))) {
          found.add(call.op.id() + " request member " + member);
        }
        if (call.requestType != null) {
          for (Method method : call.builderClass().getMethods()) {
            if (method.getName().equals(camel)) {
              found.add(call.requestType.getSimpleName() + ".Builder." + method.getName());
            }
          }
        }
        Class<?> body = call.contract.family.modelClassOrNull(Contract.schemaName(call.bodySchema()));
        assertNotNull(body, call.op.id() + ": no body model");
        if (JavaTypes.members(body).containsKey(camel)) {
          found.add(body.getSimpleName() + "." + camel);
        }
      }
    }
    assertTrue(members > 0, "no signer-filled member in the contracts");
    assertEquals(List.of(), found, "signer-filled members a caller could set");
  }

  /**
   * AddOrder goes out form-encoded, its conditional close as the keys {@code close[ordertype]},
   * {@code close[price]} and {@code close[price2]}: what the service's own clients send, and what
   * the contract lists first. A decimal goes out in plain notation.
   */
  @Test
  void addOrderSendsItsConditionalCloseAsFormKeys() throws Throwable {
    ServiceCall call = ServiceCall.of(Contracts.get(io.github.krakensdk.tests.contract.Family.SPOT),
        Contracts.get(io.github.krakensdk.tests.contract.Family.SPOT).operation("addOrder"));
    try (WireFixture wire = WireFixture.create()) {
      MockWebServer target = wire.serverFor(call.op);
      target.enqueue(call.successResponse().build());
      wire.client.spot().addOrder(r -> r.pair("XBTUSD")
          .side(io.github.krakensdk.spot.model.OrderSide.BUY)
          .orderType(io.github.krakensdk.spot.model.OrderType.LIMIT)
          .volume(new java.math.BigDecimal("1E-4")).price(OrderPrice.of(new BigDecimal("25000.1")))
          .closeOrderType(io.github.krakensdk.spot.model.CloseOrderType.STOP_LOSS_LIMIT)
          .closePrice(OrderPrice.of(new BigDecimal("22000"))).closeSecondaryPrice(OrderPrice.of(new BigDecimal("21000"))));
      RecordedRequest recorded = WireFixture.take(target);
      assertTrue(recorded.getHeaders().get("Content-Type").startsWith("application/x-www-form-urlencoded"),
          recorded.getHeaders().get("Content-Type"));
      String body = new String(Signatures.body(recorded), java.nio.charset.StandardCharsets.UTF_8);
      assertTrue(body.matches("nonce=[0-9]+&ordertype=limit&type=buy&volume=0\\.0001&pair=XBTUSD&price=25000\\.1"
          + "&close%5Bordertype%5D=stop-loss-limit&close%5Bprice%5D=22000&close%5Bprice2%5D=21000"), body);
    }
  }

  /**
   * Funding's API-OTP (the key's two-factor password, {@code .otp(...)} on every Funding request)
   * goes out in its header as given, outside the signed message (the signature recomputed from
   * path, query, nonce and body alone matches), and hidden from the wire log and from the
   * request's {@code toString()}; without it, no such header is sent.
   */
  @Test
  void fundingOneTimePasswordTravelsInItsHeaderUnsignedAndHidden() throws Throwable {
    List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
    io.github.krakensdk.auth.RedactingLogging logging = io.github.krakensdk.auth.RedactingLogging.builder(log::add)
        .level(io.github.krakensdk.auth.RedactingLogging.Level.HEADERS).build();
    ServiceCall call = ServiceCall.of(Contracts.get(io.github.krakensdk.tests.contract.Family.FUNDING),
        Contracts.get(io.github.krakensdk.tests.contract.Family.FUNDING).operation("listFundingNetworksV1"));
    try (WireFixture wire = WireFixture.builder().logging(logging).build()) {
      wire.server.enqueue(call.successResponse().build());
      wire.server.enqueue(call.successResponse().build());
      io.github.krakensdk.funding.model.ListNetworksRequest request =
          io.github.krakensdk.funding.model.ListNetworksRequest.builder().otp("927461").build();
      assertTrue(!request.toString().contains("927461"), request.toString());
      wire.client.funding().listNetworks(request);
      RecordedRequest withOtp = WireFixture.take(wire.server);
      assertEquals("927461", withOtp.getHeaders().get("API-OTP"));
      assertEquals(List.of(), Signatures.problems(io.github.krakensdk.tests.contract.Family.FUNDING, withOtp,
          WireFixture.SPOT_KEY.key()), "the signature covers path, query, nonce and body only");
      wire.client.funding().listNetworks();
      assertEquals(null, WireFixture.take(wire.server).getHeaders().get("API-OTP"), "sent without being given");
    }
    assertTrue(log.stream().anyMatch(line -> line.startsWith("API-OTP")), "the header was not logged: " + log);
    assertTrue(log.stream().noneMatch(line -> line.contains("927461")), "the password shows in the log: " + log);
  }

  private static void exchange(ServiceCall call, ObjectNode json, String status, JsonNode body, boolean async)
      throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      MockWebServer target = wire.serverFor(call.op);
      WireFixture.enqueue(target, Integer.parseInt(status), Contracts.writeJson(body));

      Object request = call.decode(json);
      Object result = async
          ? call.invokeAsync(wire.client, request).get(10, TimeUnit.SECONDS)
          : call.invoke(wire.client, request);

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

  private static void download(ServiceCall call, ObjectNode json, boolean async) throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      MockWebServer target = wire.serverFor(call.op);
      target.enqueue(call.successResponse().build());

      Object request = call.decode(json);
      Object result = async
          ? call.invokeAsync(wire.client, request).get(10, TimeUnit.SECONDS)
          : call.invoke(wire.client, request);

      RecordedRequest recorded = WireFixture.take(target);
      assertEquals(1, wire.requestCount(), call.op.id() + ": requests sent (the operation's server only)");
      List<String> problems = RequestChecks.problems(call, json, recorded, wire);
      assertTrue(problems.isEmpty(), () -> call.op.id() + " sent " + RequestChecks.describe(recorded)
          + "\n  problems:\n  " + String.join("\n  ", problems));
      call.assertSuccessResult(wire.client, result);
    }
  }

  private static void tokenExchange(ServiceCall call, ObjectNode form, String status, JsonNode body)
      throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, Integer.parseInt(status), Contracts.writeJson(body));
      Instant before = Instant.now();
      OAuthTokens tokens = TokenCall.obtain(wire.client, wire.tokens, form);
      Instant after = Instant.now();

      RecordedRequest recorded = WireFixture.take(wire.server);
      assertEquals(1, wire.requestCount(), "requests sent");
      List<String> problems = RequestChecks.problems(call, form, recorded, wire);
      assertTrue(problems.isEmpty(), () -> call.op.id() + " sent " + RequestChecks.describe(recorded)
          + "\n  problems:\n  " + String.join("\n  ", problems));
      TokenCall.assertTokens(body, form, tokens, before, after);
      assertEquals(tokens.accessToken(), wire.tokens.load().accessToken(), "the tokens were saved in the store");
    }
  }

  private static Set<String> names(ServiceCall call) {
    Set<String> names = new TreeSet<>();
    call.members.forEach(m -> names.add(m.name()));
    return names;
  }

  static Set<String> fieldNames(JsonNode object) {
    Set<String> names = new TreeSet<>();
    for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
      names.add(it.next());
    }
    return names;
  }
}
