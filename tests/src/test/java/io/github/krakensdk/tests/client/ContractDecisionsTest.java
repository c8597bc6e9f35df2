package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.oauth.AuthorizationRequest;
import io.github.krakensdk.errors.ConstraintViolationException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxCredentials;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.tests.contract.Family;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The rules the contract decided itself ({@code x-kraken-contract-only}) are the service's to
 * judge, not the client's: for each one, found in the YAML by {@link ContractConstraints}, an
 * otherwise valid request that breaks it goes through {@code KrakenClient} (no local {@code
 * ConstraintViolationException}) to the embedded sandbox, which enforces the contract and refuses
 * it with its own answer ({@code EGeneral:Invalid arguments}, {@code invalid_request}) naming the
 * member.
 */
class ContractDecisionsTest {
  @RegisterExtension
  static final SandboxExtension EXTENSION = new SandboxExtension();
  /** Every scope the OAuth operations need, so that the sandbox judges the request, not the token. */
  private static final String[] SCOPES = {"account.info:basic", "account.fast-api-key:read",
      "account.fast-api-key:write"};

  private static Sandbox sandbox;
  private static KrakenClient kraken;
  private static KrakenClient oauth;

  @BeforeAll
  static void start(Sandbox started) throws Exception {
    sandbox = started;
    kraken = started.newClient();
    oauth = started.newClient();
    SandboxCredentials demo = started.credentials();
    AuthorizationRequest authorization = AuthorizationRequest.builder(demo.oauthConfidentialClientId(),
        demo.redirectUri()).authorizeUrl(started.environment().oauthAuthorize()).scopes(SCOPES).state("decisions").build();
    OkHttpClient browser = new OkHttpClient.Builder().followRedirects(false).build();
    try (Response page = browser.newCall(new Request.Builder().url(HttpUrl.get(authorization.url())).build()).execute()) {
      HttpUrl callback = HttpUrl.get(page.header("Location"));
      oauth.oauthTokens().completeAuthorization(authorization.authorizationCode(callback.toString()), demo.redirectUri());
    } finally {
      browser.dispatcher().executorService().shutdown();
      browser.connectionPool().evictAll();
    }
  }

  @AfterAll
  static void stop() {
    kraken.close();
    oauth.close();
  }

  @TestFactory
  Stream<DynamicNode> everyRuleTheContractDecidedIsTheSandboxsToRefuse() {
    List<DynamicNode> operations = new ArrayList<>();
    int decisions = 0;
    for (ServiceCall call : ServiceCall.all()) {
      if (!call.inService()) {
        continue;
      }
      ObjectNode base = call.generatedArguments();
      List<DynamicNode> tests = new ArrayList<>();
      for (ContractConstraints.Case c : ContractConstraints.of(call, base)) {
        if (c.byDecision()) {
          tests.add(dynamicTest(c.label(), () -> refusedBySandbox(call, c.apply(base), c)));
          decisions++;
        }
      }
      if (!tests.isEmpty()) {
        operations.add(dynamicContainer(call.label(), tests));
      }
    }
    // The contracts mark dozens of their own rules; none found means the walk or the marks are broken.
    assertTrue(decisions >= 20, "only " + decisions + " rules marked x-kraken-contract-only");
    return operations.stream();
  }

  private static void refusedBySandbox(ServiceCall call, ObjectNode arguments, ContractConstraints.Case c)
      throws Exception {
    // Spot calls each get a key of their own: its call counter is never the reason for an answer.
    KrakenClient spot = call.contract.family == Family.SPOT
        ? sandbox.newClientBuilder().spotCredentials(sandbox.spot().newKey().issue().credentials()).build() : null;
    KrakenClient client = spot != null ? spot : call.contract.family == Family.OAUTH ? oauth : kraken;
    try {
      Throwable thrown = assertThrows(Throwable.class, () -> call.invokeBuilding(client, call.builderFilling(arguments)),
          "the sandbox accepted a request that breaks " + c.label());
      KrakenServiceException refused = assertInstanceOf(KrakenServiceException.class, thrown,
          () -> "not the sandbox's answer: " + thrown);
      String message = refused.getMessage();
      if (c.member().location().equals("path") && arguments.path(c.member().name()).asText().isEmpty()) {
        // An empty path parameter leaves an empty segment: another path, which the gateway does not
        // route (Funding's /limits/deposit/currency/): the answer is the unknown path's, naming no member.
        assertTrue(refused.httpStatus() == 404 && message.contains("EGeneral:Unknown method"),
            () -> "not the answer to an unknown path: " + message);
        return;
      }
      String word = switch (call.contract.family) {
        case OAUTH -> "invalid_request";
        case FUNDING -> "InvalidArguments"; // the problem's code, after tag:kraken.com,2025:
        default -> "Invalid arguments";
      };
      assertTrue(message.contains(word), () -> "not the contract's refusal: " + message);
      // A one-of group's refusal names each of its members.
      for (String member : c.group().isEmpty() ? List.of(memberName(c.field())) : c.group()) {
        assertTrue(message.toLowerCase(Locale.ROOT).contains(member.toLowerCase(Locale.ROOT)),
            () -> "the answer does not name " + member + ": " + message);
      }
    } finally {
      if (spot != null) {
        spot.close();
      }
    }
  }

  /** The last member name of a field path: {@code metadata.document_number} → {@code document_number}. */
  static String memberName(String field) {
    String name = field.replaceAll("\\[[0-9]+]$", "");
    return name.substring(name.lastIndexOf('.') + 1);
  }
}
