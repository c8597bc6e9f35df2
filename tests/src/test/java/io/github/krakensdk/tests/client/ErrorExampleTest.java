package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.errors.NonceRejectedException;
import io.github.krakensdk.oauth.model.OAuthErrorCode;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Examples;
import io.github.krakensdk.tests.contract.Family;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
 * answered to both attempts, with the contract's token example in between. A rejected nonce
 * executed nothing, and so did Spot's {@code EAPI:Rate limit exceeded} (re-sent once the key's call
 * counter decayed): the client signs the request again and re-sends it, three times: the
 * example is answered to all four attempts, each with a nonce of its own, before it fails.
 *
 * <p>OAuth {@code getToken} is reached through {@code kraken.oauthTokens()} ({@link TokenCall}),
 * blocking: its error examples fail with the token client's {@link OAuthException} of {@code
 * getToken}, carrying the status, the OAuth error (a value of {@code OAuthErrorCode}) and the
 * description.
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
          if (ServiceErrors.isError(call.style(), code, body) && TokenCall.isTokenCall(call)) {
            tests.add(dynamicTest(status + " " + name + " (HTTP " + code + "), blocking through kraken.oauthTokens()",
                () -> tokenFails(call, code, body)));
          } else if (ServiceErrors.isError(call.style(), code, body)) {
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
      boolean resent = ServiceErrors.type(call.contract, status, ServiceErrors.strings(call.style(), body))
          == NonceRejectedException.class;
      // The Spot key's call counter refused it: nothing executed, waited out and re-sent.
      boolean counterFull = !call.contract.securitySchemes(call.op).isEmpty()
          && (call.contract.family == Family.SPOT
                  && ServiceErrors.strings(call.style(), body).contains("EAPI:Rate limit exceeded")
              || call.contract.family == Family.FUNDING
                  && ServiceErrors.strings(call.style(), body).contains("RateLimitExceeded"));
      int resends = resent ? NONCE_RESENDS : counterFull ? RATE_LIMIT_RESENDS : 0;
      for (int i = 0; i < 1 + resends; i++) {
        WireFixture.enqueue(target, status, Contracts.writeJson(body));
      }
      if (refreshes) {
        WireFixture.enqueue(target, 200, Contracts.writeJson(tokenExample()));
        WireFixture.enqueue(target, status, Contracts.writeJson(body));
      }
      Object arguments = call.decode(call.exampleArguments());
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
      } else if (counterFull) {
        assertEquals(1 + RATE_LIMIT_RESENDS, wire.requestCount(), "the call and its re-sends once the counter decayed");
        assertEquals(RATE_LIMIT_RESENDS, wire.client.rateLimitResends());
      } else if (resent) {
        assertEquals(1 + NONCE_RESENDS, wire.requestCount(), "the call and its re-signed re-sends");
        assertEquals(NONCE_RESENDS, wire.client.nonceResends());
        Set<String> nonces = new HashSet<>();
        for (int i = 0; i <= NONCE_RESENDS; i++) {
          RecordedRequest attempt = WireFixture.take(target);
          assertEquals(List.of(), Signatures.problems(call.contract.family, attempt, key(call.contract.family)),
              "attempt " + (i + 1) + " signed as sent");
          nonces.add(Signatures.signed(call.contract.family, attempt).nonce());
        }
        assertEquals(1 + NONCE_RESENDS, nonces.size(), "each attempt has a nonce of its own: " + nonces);
      } else {
        assertEquals(1, wire.requestCount(), "an error is not retried without a retry policy");
      }
    }
  }

  private static void tokenFails(ServiceCall call, int status, JsonNode body) throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, status, Contracts.writeJson(body));
      OAuthException e = assertThrows(OAuthException.class,
          () -> TokenCall.obtain(wire.client, wire.tokens, call.exampleArguments()));
      assertEquals(call.op.id(), e.operationId());
      assertEquals(status, e.httpStatus());
      String error = body.path("error").asText();
      assertEquals(error, e.error());
      assertEquals(List.of(error), e.errors());
      assertEquals(ServiceErrors.listed(call.contract, "OAuthErrorCode").contains(error),
          OAuthErrorCode.of(e.error()).isKnown(), "known iff the contract lists " + error);
      assertEquals(body.hasNonNull("error_description") ? body.get("error_description").asText() : null,
          e.errorDescription());
      assertEquals(1, wire.requestCount(), "the token request is not re-sent");
    }
  }

  /** How often the client re-signs and re-sends a request whose nonce was rejected. */
  static final int NONCE_RESENDS = 3;
  /** How often the client re-sends a Spot request its key's call counter refused. */
  static final int RATE_LIMIT_RESENDS = 3;

  static String key(Family family) {
    return switch (family) {
      // Funding (Beta) is signed with the Spot key.
      case SPOT, FUNDING -> WireFixture.SPOT_KEY.key();
      case FUTURES -> WireFixture.FUTURES_KEY.key();
      case EMBED -> WireFixture.EMBED_KEY.key();
      case OAUTH -> throw new AssertionError("OAuth requests are not signed");
    };
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
