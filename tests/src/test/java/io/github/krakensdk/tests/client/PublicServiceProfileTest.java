package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.WireProfile;
import io.github.krakensdk.auth.internal.EmbedSigningInterceptor;
import io.github.krakensdk.auth.oauth.AuthorizationRequest;
import io.github.krakensdk.embed.model.ServiceVersion;
import io.github.krakensdk.runtime.internal.PublicServiceForms;
import io.github.krakensdk.runtime.internal.retrofit.RequestSecurity;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxCredentials;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Family;
import io.github.krakensdk.tests.contract.JavaTypes;
import io.github.krakensdk.tests.contract.SchemaValues;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The public-service profile, derived from the generated tables ({@code
 * <Family>PublicServiceForms.FORMS}), which must hold every {@code x-kraken-public-service} of the
 * contracts: for every difference, a client for {@code Environment.PRODUCTION} (a MockWebServer
 * standing in for the service's hosts) sends the service's form, signed over what it sends, and
 * the contract's form when told {@code WireProfile.CONTRACT}; a client for any other base URL
 * sends the contract's form unless told {@code PUBLIC_SERVICE}; answers in the service's member
 * names decode as the contract's do; and the sandbox serves both forms.
 */
@ExtendWith(SandboxExtension.class)
class PublicServiceProfileTest {
  private static final String EXTENSION = "x-kraken-public-service";
  private static final OkHttpClient BROWSER = new OkHttpClient.Builder().followRedirects(false).build();
  private static Sandbox sandbox;

  @BeforeAll
  static void start(Sandbox started) {
    sandbox = started;
  }

  @AfterAll
  static void stop() {
    BROWSER.dispatcher().executorService().shutdown();
    BROWSER.connectionPool().evictAll();
  }

  /** The generated table of {@code family}. */
  static PublicServiceForms forms(Family family) {
    String name = family.apiPackage() + ".internal." + family.displayName() + "PublicServiceForms";
    try {
      return (PublicServiceForms) Class.forName(name).getField("FORMS").get(null);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("no generated table " + name, e);
    }
  }

  // ---- the tables are the contracts' records ----

  @Test
  void theTablesHoldEveryDifferenceTheContractsRecordAndNothingElse() {
    Set<String> recorded = new TreeSet<>();
    Set<String> tabled = new TreeSet<>();
    int extensions = 0;
    for (Family family : Family.values()) {
      Contract contract = Contracts.get(family);
      extensions += count(contract.tree);
      recorded.addAll(records(contract));
      PublicServiceForms forms = forms(family);
      forms.paths().forEach(p -> tabled.add(family.id() + " path " + p.operationId() + " " + p.method() + " "
          + p.contractPath() + " -> " + p.servicePath() + " | " + words(p.evidence())));
      forms.headers().forEach(h -> tabled.add(family.id() + " header " + h.contractName() + " -> " + h.serviceNames()
          + " | " + words(h.evidence())));
      for (PublicServiceForms.MemberForm m : forms.members()) {
        tabled.add(family.id() + " member " + m.schema() + "." + m.contractName() + " -> " + m.serviceName() + " | "
            + words(m.evidence()));
        Class<?> model = family.modelClassOrNull(m.schema());
        assertNotNull(model, m.schema());
        assertTrue(JavaTypes.members(model).containsKey(m.javaName()), m.schema() + " has no member " + m.javaName());
      }
    }
    assertEquals(recorded, tabled, "the generated tables and the contracts' x-kraken-public-service");
    assertTrue(tabled.size() >= 3, "no difference left to test: " + tabled);
    assertTrue(extensions >= recorded.size(), "an x-kraken-public-service where none is read");
  }

  /** Every record the YAML holds, read from the tree (not the way the generator reads it). */
  private static Set<String> records(Contract contract) {
    Set<String> records = new TreeSet<>();
    String family = contract.family.id();
    JsonNode root = contract.tree;
    List<JsonNode> parameters = new ArrayList<>();
    root.path("components").path("parameters").forEach(parameters::add);
    for (Map.Entry<String, JsonNode> path : root.path("paths").properties()) {
      path.getValue().path("parameters").forEach(parameters::add);
      for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
        JsonNode record = operation.getValue().path(EXTENSION);
        if (!record.isMissingNode()) {
          records.add(family + " path " + operation.getValue().path("operationId").asText() + " "
              + operation.getKey().toUpperCase() + " " + path.getKey() + " -> " + record.path("path").asText() + " | "
              + words(record.path("evidence").asText()));
        }
        operation.getValue().path("parameters").forEach(parameters::add);
      }
    }
    for (JsonNode parameter : parameters) {
      JsonNode record = parameter.path(EXTENSION);
      if (!record.isMissingNode()) {
        List<String> names = new ArrayList<>();
        record.path("names").forEach(n -> names.add(n.asText()));
        records.add(family + " header " + parameter.path("name").asText() + " -> " + names + " | "
            + words(record.path("evidence").asText()));
      }
    }
    for (Map.Entry<String, JsonNode> schema : root.path("components").path("schemas").properties()) {
      for (Map.Entry<String, JsonNode> property : schema.getValue().path("properties").properties()) {
        JsonNode record = property.getValue().path(EXTENSION);
        if (!record.isMissingNode()) {
          records.add(family + " member " + schema.getKey() + "." + property.getKey() + " -> "
              + record.path("name").asText() + " | " + words(record.path("evidence").asText()));
        }
      }
    }
    return records;
  }

  private static int count(JsonNode node) {
    int n = node.isObject() && node.has(EXTENSION) ? 1 : 0;
    for (JsonNode child : node) n += count(child);
    return n;
  }

  private static String words(String text) {
    return text.replaceAll("\\s+", " ").trim();
  }

  // ---- what goes on the wire ----

  /** One send of {@code call} with its example arguments, answered with its success example; the request as received. */
  private static Sent send(ServiceCall call, boolean production, WireProfile profile) throws Throwable {
    WireFixture.Builder builder = WireFixture.builder();
    if (production) builder.production();
    if (profile != null) builder.wireProfile(profile);
    try (WireFixture wire = builder.build()) {
      MockWebServer target = wire.serverFor(call.op);
      if (call.binarySuccess() != null) {
        target.enqueue(call.successResponse().build());
      } else {
        WireFixture.enqueue(target, Integer.parseInt(call.successStatuses().get(0)), Contracts.writeJson(call.successExample()));
      }
      call.invoke(wire.client, call.decode(call.exampleArguments()));
      RecordedRequest recorded = WireFixture.take(target);
      assertEquals(1, wire.requestCount(), call.op.id() + ": requests sent");
      List<String> problems = signed(call) ? Signatures.problems(call.contract.family, recorded, key(call.contract.family))
          : List.of();
      assertEquals(List.of(), problems, call.op.id() + ": the signature covers what was sent");
      return new Sent(recorded, production ? "production" : "a local base URL", profile);
    }
  }

  private record Sent(RecordedRequest request, String where, WireProfile profile) {
    String label() {
      return where + ", " + (profile == null ? "default profile" : profile.name());
    }
  }

  @TestFactory
  Stream<DynamicTest> everyOperationTheServiceServesElsewhereGoesToItsPath() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Family family : Family.values()) {
      for (PublicServiceForms.PathForm form : forms(family).paths()) {
        tests.add(dynamicTest(family.displayName() + " " + form.operationId() + ": " + form.contractPath() + " / "
            + form.servicePath(), () -> {
          Contract contract = Contracts.get(family);
          ServiceCall call = ServiceCall.of(contract, contract.operation(form.operationId()));
          Sent contractForm = send(call, true, WireProfile.CONTRACT);
          try (WireFixture wire = WireFixture.create()) {
            // The contract's form, as every other test of the contract checks it.
            List<String> problems = RequestChecks.problems(call, call.exampleArguments(), contractForm.request(), wire);
            assertEquals(List.of(), problems, "the contract's form");
          }
          String contractPath = contractForm.request().getUrl().encodedPath();
          String servicePath = servicePath(form, contractPath);
          for (Sent sent : List.of(send(call, true, null), send(call, false, WireProfile.PUBLIC_SERVICE))) {
            assertEquals(servicePath, sent.request().getUrl().encodedPath(), sent.label());
            assertEquals(contractForm.request().getMethod(), sent.request().getMethod(), sent.label());
            assertEquals(contractForm.request().getUrl().encodedQuery(), sent.request().getUrl().encodedQuery(), sent.label());
            assertEquals(contractForm.request().getBody(), sent.request().getBody(), sent.label() + ": the body");
          }
          assertEquals(contractPath, send(call, false, null).request().getUrl().encodedPath(), "a local base URL, by default");
        }));
      }
    }
    return tests.stream();
  }

  /** {@code sent}, a path of the contract's template, at the service's template: each parameter moved by name. */
  private static String servicePath(PublicServiceForms.PathForm form, String sent) {
    String[] template = form.contractPath().substring(1).split("/", -1);
    String[] segments = sent.substring(1).split("/", -1);
    assertEquals(template.length, segments.length, sent + " is not " + form.contractPath());
    String path = form.servicePath();
    for (int i = 0; i < template.length; i++) {
      if (template[i].startsWith("{")) {
        path = path.replace(template[i], segments[i]);
      } else {
        assertEquals(template[i], segments[i], sent + " is not " + form.contractPath());
      }
    }
    return path;
  }

  @TestFactory
  Stream<DynamicTest> everyHeaderTheServiceReadsUnderOtherNamesGoesUnderThem() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Family family : Family.values()) {
      for (PublicServiceForms.HeaderForm form : forms(family).headers()) {
        tests.add(dynamicTest(family.displayName() + " " + form.contractName() + " / " + form.serviceNames(), () -> {
          ServiceCall call = sending(Contracts.get(family), form.contractName(), false);
          Sent contractForm = send(call, true, WireProfile.CONTRACT);
          String value = contractForm.request().getHeaders().get(form.contractName());
          assertNotNull(value, call.op.id() + " sent no " + form.contractName() + ": nothing to rename");
          for (String name : form.serviceNames()) {
            assertNull(contractForm.request().getHeaders().get(name), contractForm.label() + ": " + name);
          }
          for (Sent sent : List.of(send(call, true, null), send(call, false, WireProfile.PUBLIC_SERVICE))) {
            assertNull(sent.request().getHeaders().get(form.contractName()), sent.label() + ": " + form.contractName());
            for (String name : form.serviceNames()) {
              assertEquals(value, sent.request().getHeaders().get(name), sent.label() + ": " + name);
            }
          }
          Sent local = send(call, false, null);
          assertEquals(value, local.request().getHeaders().get(form.contractName()), local.label());
        }));
      }
    }
    return tests.stream();
  }

  /**
   * The first operation of the contract that sends header {@code name}, in the service; with
   * {@code simplest}, the first GET that needs no argument (for the sandbox, whose data the
   * examples need not match).
   */
  private static ServiceCall sending(Contract contract, String name, boolean simplest) {
    for (Contract.Op op : contract.operations()) {
      if (!ServiceCall.inService(op) || contract.parameters(op).stream().map(contract::resolve)
          .noneMatch(p -> "header".equals(p.getIn()) && name.equals(p.getName()))) {
        continue;
      }
      ServiceCall call = ServiceCall.of(contract, op);
      if (!simplest || (op.httpMethod().equals("GET") && call.requiredArguments().isEmpty())) {
        return call;
      }
    }
    throw new AssertionError(contract.family.fileName() + ": no operation sends " + name
        + (simplest ? " as a GET without arguments" : ""));
  }

  // ---- what comes back ----

  @TestFactory
  Stream<DynamicTest> everyMemberIsReadUnderTheServicesName() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Family family : Family.values()) {
      for (PublicServiceForms.MemberForm form : forms(family).members()) {
        tests.add(dynamicTest(family.displayName() + " " + form.schema() + "." + form.contractName() + " / "
            + form.serviceName(), () -> {
          Contract contract = Contracts.get(family);
          Class<?> model = family.modelClassOrNull(form.schema());
          ObjectNode asContract = (ObjectNode) SchemaValues.full(contract, contract.schema(form.schema()));
          JsonNode value = asContract.get(form.contractName());
          assertTrue(value != null && !value.isNull(), "no value generated for " + form.contractName());
          ObjectNode asService = asContract.deepCopy();
          asService.remove(form.contractName());
          ObjectNode without = asService.deepCopy();
          asService.set(form.serviceName(), value);
          Object expected = component(decode(model, asContract), form.javaName());
          assertNotNull(expected);
          assertEquals(expected, component(decode(model, asService), form.javaName()), "read under " + form.serviceName());
          assertNull(component(decode(model, without), form.javaName()), "read from nowhere");
        }));
      }
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> answersInTheServicesNamesDecodeAsTheContractsThroughProduction() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Family family : Family.values()) {
      List<PublicServiceForms.MemberForm> members = forms(family).members();
      if (members.isEmpty()) continue;
      Contract contract = Contracts.get(family);
      for (Contract.Op op : contract.operations()) {
        if (!ServiceCall.inService(op)) continue;
        ServiceCall call = ServiceCall.of(contract, op);
        if (call.binarySuccess() != null || call.successStatuses().isEmpty()) continue;
        JsonNode example = call.successExample();
        JsonNode renamed = rename(contract, example.deepCopy(), members);
        if (renamed.equals(example)) continue;
        tests.add(dynamicTest(family.displayName() + " " + op.id(), () -> {
          try (WireFixture wire = WireFixture.builder().production().build()) {
            String status = call.successStatuses().get(0);
            WireFixture.enqueue(wire.serverFor(op), Integer.parseInt(status), Contracts.writeJson(renamed));
            Object result = call.invoke(wire.client, call.decode(call.exampleArguments()));
            assertEquals(call.expectedResult(wire.client, status, example), result,
                op.id() + ": an answer in the service's names, decoded");
          }
        }));
      }
    }
    assertFalse(tests.isEmpty(), "no success example holds a member the service names differently");
    return tests.stream();
  }

  /** {@code node} with the service's names in every object that is an instance of a schema with renamed members. */
  private static JsonNode rename(Contract contract, JsonNode node, List<PublicServiceForms.MemberForm> members) {
    if (node instanceof ObjectNode object) {
      object.properties().forEach(e -> rename(contract, e.getValue(), members));
      for (PublicServiceForms.MemberForm form : members) {
        Set<String> properties = contract.properties(contract.schema(form.schema())).keySet();
        long shared = properties.stream().filter(object::has).count();
        if (shared >= 2 && object.has(form.contractName())) {
          List<Map.Entry<String, JsonNode>> entries = new ArrayList<>(object.properties());
          object.removeAll();
          entries.forEach(e -> object.set(e.getKey().equals(form.contractName()) ? form.serviceName() : e.getKey(), e.getValue()));
        }
      }
    } else if (node.isArray()) {
      node.forEach(item -> rename(contract, item, members));
    }
    return node;
  }

  private static Object decode(Class<?> model, JsonNode json) throws IOException {
    return Contracts.moshi().adapter(model).fromJson(Contracts.writeJson(json));
  }

  private static Object component(Object record, String name) throws ReflectiveOperationException {
    return record.getClass().getMethod(name).invoke(record);
  }

  // ---- the sandbox ----

  @TestFactory
  Stream<DynamicTest> theSandboxServesEveryDifferenceInBothForms() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Family family : Family.values()) {
      Contract contract = Contracts.get(family);
      PublicServiceForms forms = forms(family);
      for (PublicServiceForms.PathForm form : forms.paths()) {
        ServiceCall call = ServiceCall.of(contract, contract.operation(form.operationId()));
        for (WireProfile profile : WireProfile.values()) {
          tests.add(dynamicTest(family.displayName() + " " + form.operationId() + ", " + profile, () -> {
            List<String> sent = againstTheSandbox(call, profile, null);
            String path = profile == WireProfile.CONTRACT ? form.contractPath() : form.servicePath();
            assertEquals(1, sent.size(), sent::toString);
            assertTrue(sent.get(0).matches(form.method() + " " + templateRegex(path)), sent::toString);
          }));
        }
      }
      for (PublicServiceForms.HeaderForm form : forms.headers()) {
        ServiceCall call = sending(contract, form.contractName(), true);
        for (WireProfile profile : WireProfile.values()) {
          tests.add(dynamicTest(family.displayName() + " " + form.contractName() + " on " + call.op.id() + ", " + profile,
              () -> {
                List<String> sent = againstTheSandbox(call, profile, form);
                List<String> expected = profile == WireProfile.CONTRACT ? List.of(form.contractName()) : form.serviceNames();
                assertEquals(List.of(String.join(",", expected)), sent, "the headers sent");
              }));
        }
      }
    }
    return tests.stream();
  }

  private static String templateRegex(String template) {
    return template.replaceAll("\\{[^}]+}", "[^/]+").replace(".", "\\.");
  }

  /**
   * Calls {@code call} on the sandbox with {@code profile} (the required arguments, OAuth
   * authorized for the operation's scopes) and fails if it fails; returns what was sent: the
   * method and path of each request, or, with {@code header}, the names of the form's headers sent.
   */
  private static List<String> againstTheSandbox(ServiceCall call, WireProfile profile,
      PublicServiceForms.HeaderForm header) throws Throwable {
    List<String> sent = new CopyOnWriteArrayList<>();
    OkHttpClient recording = new OkHttpClient.Builder().addNetworkInterceptor(chain -> {
      Request request = chain.request();
      if (header == null) {
        sent.add(request.method() + " " + request.url().encodedPath());
      } else {
        List<String> names = new ArrayList<>();
        for (String name : concat(header.contractName(), header.serviceNames())) {
          if (request.header(name) != null) names.add(name);
        }
        sent.add(String.join(",", names));
      }
      return chain.proceed(request);
    }).build();
    SandboxCredentials demo = sandbox.credentials();
    KrakenClient.Builder builder = sandbox.newClientBuilder().httpClient(recording).wireProfile(profile);
    if (header != null) {
      Parameter parameter = call.contract.parameters(call.op).stream().map(call.contract::resolve)
          .filter(p -> header.contractName().equals(p.getName())).findFirst().orElseThrow();
      if (Boolean.TRUE.equals(parameter.getExtensions() == null ? null : parameter.getExtensions().get(ServiceCall.CLIENT_SETTING))) {
        // The one client setting of the contracts that is a header: set once per client.
        assertEquals("Service-Version", header.contractName(), "teach this test to set client setting " + header.contractName());
        builder.embedServiceVersion(ServiceVersion.values().get(0));
      }
    }
    try (KrakenClient kraken = builder.build()) {
      if (call.contract.family == Family.OAUTH) {
        authorize(kraken, demo, scopes(call));
        sent.clear(); // the token request is no part of what is compared
      }
      call.invoke(kraken, call.decode(call.requiredArguments()));
    } finally {
      recording.dispatcher().executorService().shutdown();
      recording.connectionPool().evictAll();
    }
    return sent;
  }

  private static List<String> concat(String first, List<String> rest) {
    List<String> all = new ArrayList<>(List.of(first));
    all.addAll(rest);
    return all;
  }

  private static List<String> scopes(ServiceCall call) {
    List<String> scopes = new ArrayList<>();
    List<SecurityRequirement> security = call.op.operation().getSecurity();
    if (security != null) security.forEach(requirement -> requirement.values().forEach(scopes::addAll));
    return scopes;
  }

  /** The code flow with the sandbox's authorize page standing in for the user's browser. */
  private static void authorize(KrakenClient kraken, SandboxCredentials demo, List<String> scopes) throws IOException {
    AuthorizationRequest authorization = AuthorizationRequest.builder(demo.oauthConfidentialClientId(), demo.redirectUri())
        .authorizeUrl(sandbox.environment().oauthAuthorize()).scopes(scopes.toArray(String[]::new)).build();
    HttpUrl callback;
    try (Response page = BROWSER.newCall(new Request.Builder().url(HttpUrl.get(authorization.url())).build()).execute()) {
      assertEquals(302, page.code(), "the authorize page");
      callback = HttpUrl.get(page.header("Location"));
    }
    kraken.oauthTokens().completeAuthorization(authorization.authorizationCode(callback.toString()), demo.redirectUri());
  }

  /**
   * The order KrakenClient wires: the table's interceptor is an application interceptor, the
   * signer a network one, so the path signed is the path sent. No difference of the contracts
   * rewrites a signed path yet, so a table made here does.
   */
  @Test
  void aRewrittenPathIsThePathSigned() throws Exception {
    PublicServiceForms forms = PublicServiceForms.builder()
        .path("getThing", "GET", "/b2b/things/{id}", "/b2b/v2/things/{id}", "a test").build();
    try (MockWebServer server = WireFixture.newServer()) {
      HttpUrl base = server.url("/");
      OkHttpClient client = new OkHttpClient.Builder()
          .addInterceptor(forms.interceptor(List.of(base)))
          .addNetworkInterceptor(EmbedSigningInterceptor.builder(WireFixture.EMBED_KEY).build())
          .build();
      WireFixture.enqueue(server, 200, "{\"result\":{}}");
      client.newCall(new Request.Builder().url(base.resolve("b2b/things/T-1?limit=5"))
          .tag(RequestSecurity.class, RequestSecurity.AUTHENTICATED).build()).execute().close();
      RecordedRequest recorded = WireFixture.take(server);
      assertEquals("/b2b/v2/things/T-1?limit=5", recorded.getTarget());
      assertEquals(List.of(), Signatures.problems(Family.EMBED, recorded, WireFixture.EMBED_KEY.key()));
      client.dispatcher().executorService().shutdown();
      client.connectionPool().evictAll();
    }
  }

  // ---- credentials ----

  private static boolean signed(ServiceCall call) {
    return call.contract.family != Family.OAUTH && !call.contract.securitySchemes(call.op).isEmpty();
  }

  private static String key(Family family) {
    return switch (family) {
      // Funding (Beta) is signed with the Spot key.
      case SPOT, FUNDING -> WireFixture.SPOT_KEY.key();
      case FUTURES -> WireFixture.FUTURES_KEY.key();
      case EMBED -> WireFixture.EMBED_KEY.key();
      case OAUTH -> throw new AssertionError("OAuth requests are not signed");
    };
  }
}
