package io.github.krakensdk.tests.reliability;

import io.github.krakensdk.auth.RedactingLogging;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.auth.internal.RedactingLoggingInterceptor;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import io.github.krakensdk.tests.client.ServiceCall;
import io.github.krakensdk.tests.client.TokenCall;
import io.github.krakensdk.tests.client.WireFixture;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Examples;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okio.Buffer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Hostile answers: for every operation, the response examples of its contract (success and
 * error bodies, with their statuses) are mutated by a seeded {@link JsonMutator}, a fixed budget
 * of {@link #MUTATIONS} inputs per operation, and each input is answered to the operation's
 * service method. Every input must end in a decoded value or a typed {@code KrakenException}:
 * {@link UnexpectedResponseException}, or {@link KrakenServiceException} where the body can carry
 * a service error (any status for Spot and Futures, whose 2xx bodies report errors; an error
 * status for Embed and OAuth). Never another exception, a stack overflow (deep nesting is among the
 * mutations) or a hang ({@code assertTimeoutPreemptively}). Decoded values must survive {@code
 * toString()}, {@code hashCode()} and {@code equals()}. OAuth {@code getToken} is no service
 * method: its answers go to {@code kraken.oauthTokens()} ({@link TokenCall}), whose token client
 * refuses anything that is not a token answer with its {@code OAuthException}, whatever the status.
 *
 * <p>The boundary fuzzed is the client, not the JSON adapters: a caller only ever sees what the
 * service method throws, and between the bytes and the caller sit more than the adapters (Moshi's
 * {@code JsonDataException} is theirs to throw): the body-size cap and the status interceptor,
 * {@code ResponseDecoding} (BOM, trailing data), {@code Calls} (envelopes, missing results, error
 * bodies of any shape) and the wire logger at {@code BODY}, which reads every hostile body too.
 * Each input costs a loopback exchange with a MockWebServer, about a millisecond.
 *
 * <p>An input that breaks the rule is written to {@code target/reliability/fuzz-failures/}; once
 * fixed, it goes under {@code src/test/resources/reliability/fuzz-regressions/<operationId>/} as
 * {@code <status>-<name>.json}, where {@link #regressionsStayFixed()} replays it on every run.
 */
class ResponseFuzzTest {
  static final int MUTATIONS = 250;
  static final long SEED = 0x6b72616b656eL;
  static final Path REGRESSIONS = Path.of("src", "test", "resources", "reliability", "fuzz-regressions");

  /** One answer to mutate: its status and the contract's example body. */
  record Seed(int status, byte[] body) {}

  /** How the inputs of one operation ended. */
  static final class Tally {
    int decoded;
    int unexpected;
    int service;
    final List<String> failures = new ArrayList<>();

    /** What RELIABILITY.md shows: independent of the examples' content, so an edited example keeps it true. */
    String summary() {
      return (decoded + unexpected + service + failures.size()) + " inputs, " + failures.size() + " broke the rule";
    }

    /** The breakdown, for {@code target/reliability/fuzz.txt}. */
    String breakdown() {
      return decoded + " decoded, " + unexpected + " UnexpectedResponseException, " + service
          + " KrakenServiceException, " + failures.size() + " other";
    }
  }

  static String id(ServiceCall call) {
    return "fuzz " + call.contract.family.displayName() + " " + call.op.id() + " (" + responseModel(call) + ")";
  }

  static final String EXPECTED = "every input decoded or a typed KrakenException; no other exception, hang or "
      + "stack overflow";

  /** Every case, for the table in RELIABILITY.md. */
  static List<ReliabilityCase> cases() {
    List<ReliabilityCase> cases = new ArrayList<>();
    ServiceCall.all().forEach(call -> cases.add(new ReliabilityCase(id(call), EXPECTED)));
    cases.add(new ReliabilityCase(REGRESSIONS_ID, "each kept input decoded or a typed KrakenException"));
    return cases;
  }

  static final String REGRESSIONS_ID = "fuzz regressions (inputs found by the fuzzer, kept)";

  @TestFactory
  Stream<DynamicTest> everyResponseModelSurvivesMutation() {
    Observations.write("fuzz.txt", "", false);
    return ServiceCall.all().stream().map(call -> dynamicTest(id(call), () -> {
      List<Seed> seeds = seeds(call);
      assertFalse(seeds.isEmpty(), "no response example to start from");
      JsonMutator mutator = new JsonMutator(SEED ^ call.op.id().hashCode());
      Tally tally = new Tally();
      try (Fuzzing fuzzing = new Fuzzing(call)) {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
          for (int i = 0; i < MUTATIONS; i++) {
            Seed seed = seeds.get(i % seeds.size());
            fuzzing.answer(seed.status(), mutator.mutate(seed.body()), tally, "mutation-" + i);
          }
        }, "an input hung the client");
      }
      String observed = tally.summary();
      Observations.record(id(call), observed);
      Observations.write("fuzz.txt", id(call) + ": " + tally.breakdown() + "\n", true);
      assertTrue(tally.failures.isEmpty(), () -> tally.failures.size() + " input(s) broke the rule (kept in "
          + Observations.DIRECTORY.resolve("fuzz-failures") + "):\n  " + String.join("\n  ", tally.failures));
      ReliabilityTable.assertObserved(id(call), EXPECTED, observed);
    }));
  }

  /** The inputs that once broke the rule, answered again to their operation. */
  @TestFactory
  Stream<DynamicTest> regressionsStayFixed() throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(REGRESSIONS)) {
      files = walk.filter(Files::isRegularFile).sorted().toList();
    }
    assertFalse(files.isEmpty(), "no regression input under " + REGRESSIONS);
    List<DynamicTest> tests = new ArrayList<>();
    for (Path file : files) {
      String operationId = file.getParent().getFileName().toString();
      String name = file.getFileName().toString();
      int status = Integer.parseInt(name.substring(0, name.indexOf('-')));
      ServiceCall call = ServiceCall.all().stream().filter(c -> c.op.id().equals(operationId)).findFirst()
          .orElseThrow(() -> new AssertionError(file + ": no operation " + operationId));
      tests.add(dynamicTest(operationId + "/" + name, () -> {
        Tally tally = new Tally();
        try (Fuzzing fuzzing = new Fuzzing(call)) {
          assertTimeoutPreemptively(Duration.ofSeconds(30),
              () -> fuzzing.answer(status, Files.readAllBytes(file), tally, name), "the input hung the client");
        }
        assertTrue(tally.failures.isEmpty(), () -> String.join("\n", tally.failures));
      }));
    }
    String observed = files.size() + " kept inputs, each decoded or a typed KrakenException";
    tests.add(dynamicTest("table", () -> {
      Observations.record(REGRESSIONS_ID, observed);
      ReliabilityTable.assertObserved(REGRESSIONS_ID, "each kept input decoded or a typed KrakenException", observed);
    }));
    return tests.stream();
  }

  /** A client whose server answers whatever body is set next, with the wire log at BODY. */
  private static final class Fuzzing implements AutoCloseable {
    private final ServiceCall call;
    private final WireFixture wire;
    private final AtomicReference<MockResponse> next = new AtomicReference<>();
    private final AtomicLong logged = new AtomicLong();
    private final ObjectNode json;
    private final Object arguments;

    Fuzzing(ServiceCall call) {
      this.call = call;
      this.wire = WireFixture.builder()
          .readTimeout(Duration.ofSeconds(2)).callTimeout(Duration.ofSeconds(5))
          .logging(RedactingLogging.builder(line -> logged.addAndGet(line.length()))
              .level(RedactingLogging.Level.BODY).build())
          .build();
      MockWebServer server = wire.serverFor(call.op);
      server.setDispatcher(new Dispatcher() {
        @Override
        public MockResponse dispatch(RecordedRequest request) {
          return next.get();
        }
      });
      this.json = call.exampleArguments();
      this.arguments = TokenCall.isTokenCall(call) ? null : call.decode(json);
    }

    /** Answers {@code body} with {@code status} to one call and tallies how it ended. */
    void answer(int status, byte[] body, Tally tally, String name) {
      next.set(new MockResponse.Builder().code(status).addHeader("Content-Type", "application/json")
          .body(new Buffer().write(body)).build());
      Object result;
      try {
        result = TokenCall.isTokenCall(call) ? TokenCall.obtain(wire.client, wire.tokens, json)
            : call.invoke(wire.client, arguments);
      } catch (UnexpectedResponseException e) {
        tally.unexpected++;
        return;
      } catch (KrakenServiceException e) {
        if (status / 100 == 2 && !carriesErrorsIn2xx(call)
            && !(TokenCall.isTokenCall(call) && e instanceof OAuthException)) {
          fail(tally, status, body, name, "a KrakenServiceException from a 2xx " + call.style() + " body: " + e);
        } else {
          tally.service++;
        }
        return;
      } catch (Throwable e) {
        fail(tally, status, body, name, e.toString());
        return;
      }
      if (status / 100 != 2) {
        fail(tally, status, body, name, "an error status returned a value");
        return;
      }
      try {
        String.valueOf(result);
        result.hashCode();
        assertTrue(result.equals(result));
        tally.decoded++;
      } catch (Throwable e) {
        fail(tally, status, body, name, "the decoded value's toString/hashCode/equals threw " + e);
      }
    }

    private void fail(Tally tally, int status, byte[] body, String name, String why) {
      tally.failures.add(call.op.id() + " HTTP " + status + " " + name + ": " + why + "\n    input: "
          + JsonMutator.preview(body));
      Path file = Observations.DIRECTORY.resolve("fuzz-failures").resolve(call.op.id())
          .resolve(status + "-" + name + ".json");
      try {
        Files.createDirectories(file.getParent());
        Files.write(file, body);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void close() {
      wire.close();
    }
  }

  /** Spot and Futures report errors in 2xx bodies too; Embed and OAuth only with an error status. */
  static boolean carriesErrorsIn2xx(ServiceCall call) {
    return call.style().equals("spot") || call.style().equals("futures");
  }

  /** Every response example of the operation with a JSON body, with its status ({@code default}: see below). */
  static List<Seed> seeds(ServiceCall call) {
    List<Seed> seeds = new ArrayList<>();
    for (String status : call.op.operation().getResponses().keySet()) {
      Map<String, JsonNode> examples = Examples.response(call.contract, call.op, status);
      for (JsonNode example : examples.values()) {
        seeds.add(new Seed(statusOf(call, status), Contracts.writeJson(example).getBytes(StandardCharsets.UTF_8)));
      }
    }
    return seeds;
  }

  /** {@code default} errors come with HTTP 200 from Spot (as the service sends them) and 400 elsewhere. */
  private static int statusOf(ServiceCall call, String status) {
    if (!status.equals("default")) {
      return Integer.parseInt(status.replace("XX", "00"));
    }
    return call.style().equals("spot") ? 200 : 400;
  }

  /** The model the operation's answer is decoded into: the type argument of its Retrofit {@code Call}. */
  static String responseModel(ServiceCall call) {
    Type type = call.api.method().getGenericReturnType();
    Type model = type instanceof ParameterizedType parameterized ? parameterized.getActualTypeArguments()[0] : type;
    return model instanceof Class<?> c ? c.getSimpleName() : model.getTypeName();
  }
}
