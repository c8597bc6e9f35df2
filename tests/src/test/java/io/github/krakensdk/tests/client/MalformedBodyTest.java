package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Examples;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * A body that is not the contract's JSON (a proxy's HTML page, nothing, a cut or padded document,
 * the wrong shape) fails every operation with an {@link UnexpectedResponseException} carrying the
 * HTTP status and the start of the body, blocking and through the future: never a bare parser
 * error, a {@code NullPointerException} or an empty result.
 *
 * <p>OAuth {@code getToken}, reached through {@code kraken.oauthTokens()} ({@link TokenCall}),
 * fails with the token client's {@code OAuthException} of {@code getToken} and the HTTP status
 * instead, blocking; it quotes no body, which may hold a token.
 */
class MalformedBodyTest {
  /** At most this many characters of the body are kept (ResponseDecoding's excerpt), then an ellipsis. */
  private static final int EXCERPT_CHARS = 200;

  /** A proxy's error page, longer than an excerpt. */
  static final String PROXY_PAGE = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
      + "<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n"
      + "<!-- a padding comment to make the page longer than an excerpt ".repeat(4) + "-->\r\n</body>\r\n</html>\r\n";

  /** One kind of bad body, with the status it comes with. */
  enum Kind {
    PROXY_PAGE_502(502, success -> PROXY_PAGE),
    HTML_WITH_200(200, success -> "<!DOCTYPE html><html><body>Just a moment...</body></html>"),
    EMPTY_200(200, success -> ""),
    EMPTY_503(503, success -> ""),
    TRUNCATED_200(200, success -> success.substring(0, success.length() / 2)),
    TRAILING_TEXT_200(200, success -> success + " <!-- cached -->"),
    ARRAY_200(200, success -> "[]"),
    NULL_200(200, success -> "null"),
    EMPTY_OBJECT_200(200, success -> "{}");

    final int status;
    final Function<String, String> body;

    Kind(int status, Function<String, String> body) {
      this.status = status;
      this.body = body;
    }
  }

  @TestFactory
  Stream<DynamicNode> badBodiesFailTyped() {
    List<DynamicNode> operations = new ArrayList<>();
    int total = 0;
    for (ServiceCall call : ServiceCall.all()) {
      // A download's valid answer is binary; its JSON answers are envelopes, here one without an error.
      String successText = call.binarySuccess() != null ? "{\"error\":[]}"
          : Contracts.writeJson(Examples.response(call.contract, call.op, call.successStatuses().get(0)).values()
              .stream().filter(call::isSuccessBody).findFirst().orElseThrow());
      List<DynamicNode> tests = new ArrayList<>();
      for (Kind kind : Kind.values()) {
        String body = kind.body.apply(successText);
        if (TokenCall.isTokenCall(call)) {
          tests.add(dynamicTest(kind + ", blocking through kraken.oauthTokens()", () -> tokenFails(call, kind, body)));
          continue;
        }
        if (kind == Kind.EMPTY_OBJECT_200 && call.binarySuccess() == null && call.returnsWholeBody(call.successStatuses().get(0))
            && call.contract.required(call.contract.responseSchema(call.op, call.successStatuses().get(0))).isEmpty()) {
          // A success schema that requires nothing and has no envelope (Funding's listFundingAssetsV1: each
          // asset class is left out when none is fundable) takes {} as a valid answer: it is returned.
          tests.add(dynamicTest(kind + ": a valid answer of this operation, returned", () -> emptyAnswer(call, body)));
          continue;
        }
        for (boolean async : new boolean[] {false, true}) {
          tests.add(dynamicTest(kind + (async ? ", async" : ", blocking"), () -> fails(call, kind, body, async)));
        }
      }
      total += tests.size();
      operations.add(dynamicContainer(call.label(), tests));
    }
    assertTrue(total > 0, "no operation to test");
    return operations.stream();
  }

  private static void fails(ServiceCall call, Kind kind, String body, boolean async) throws Throwable {
    int status = kind.status;
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.serverFor(call.op), status, body);
      Object arguments = call.decode(call.exampleArguments());
      Throwable thrown;
      if (async) {
        ExecutionException failed = assertThrows(ExecutionException.class,
            () -> call.invokeAsync(wire.client, arguments).get(10, TimeUnit.SECONDS));
        thrown = failed.getCause();
      } else {
        thrown = assertThrows(Throwable.class, () -> call.invoke(wire.client, arguments),
            () -> call.op.id() + " returned a result for the body " + body);
      }
      UnexpectedResponseException e = assertInstanceOf(UnexpectedResponseException.class, thrown,
          () -> call.op.id() + " failed with " + thrown);
      assertEquals(call.op.id(), e.operationId());
      assertEquals(status, e.httpStatus(), "HTTP status");
      assertEquals(1, wire.requestCount());
      assertEquals(excerpt(body), e.bodyExcerpt(), "body excerpt");
    }
  }

  private static void emptyAnswer(ServiceCall call, String body) throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.serverFor(call.op), 200, body);
      Object result = call.invoke(wire.client, call.decode(call.exampleArguments()));
      assertEquals(call.expectedResult(wire.client, "200", Contracts.readJson(body)), result);
      assertEquals(1, wire.requestCount());
    }
  }

  private static void tokenFails(ServiceCall call, Kind kind, String body) throws Throwable {
    try (WireFixture wire = WireFixture.create()) {
      WireFixture.enqueue(wire.server, kind.status, body);
      Throwable thrown = assertThrows(Throwable.class,
          () -> TokenCall.obtain(wire.client, wire.tokens, call.exampleArguments()),
          () -> call.op.id() + " returned tokens for the body " + body);
      OAuthException e = assertInstanceOf(OAuthException.class, thrown, () -> call.op.id() + " failed with " + thrown);
      assertEquals(call.op.id(), e.operationId());
      assertEquals(kind.status, e.httpStatus(), "HTTP status");
      assertEquals(1, wire.requestCount());
    }
  }

  /** The start of {@code body} as the exception should quote it. */
  static String excerpt(String body) {
    return body.length() <= EXCERPT_CHARS ? body : body.substring(0, EXCERPT_CHARS) + "…";
  }
}
