package io.github.krakensdk.apispec;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Python and TypeScript clients that the build generates from the published YAML (into
 * target/other-languages, never compiled nor shipped), and the Python clients of the
 * public-service variants, hold a method for every operation and a model for every schema. The generator fails the build itself on an error it throws; this test
 * catches what it would only log, an operation or a model that silently went missing.
 */
final class OtherLanguageClientsTest {
  /** Schemas no generator makes a model of, with the reason. */
  private static final Map<String, String> NO_MODEL = Map.of(
      "TokenRequest", "a form body: the generators turn its fields into parameters of getToken",
      "VerificationUpload", "a multipart body: the generators turn its parts into parameters of submitVerification");
  /** Schemas the Python generator is told to map (pom.xml, python-embed, python-funding), with the reason. */
  private static final Map<String, String> NO_PYTHON_MODEL = Map.of(
      "EmptyResult", "mapped to object: the python generator 7.25.0 fails on x-is-free-form: false",
      "WithdrawalMethodDetails", "mapped to object: the python generator 7.25.0 fails on x-is-free-form: false");

  static Stream<String> families() {
    return Specs.families().stream();
  }

  @ParameterizedTest(name = "python {0}") @MethodSource("families")
  void pythonClientHasEveryOperationAndModel(String family) throws IOException {
    assertPythonClient(generated("python"), family, Specs.load(family));
  }

  /**
   * The sandbox's control plane is driven from other languages with a stock client: the Python one
   * has every operation and model, and the names sandbox/README.md's example uses.
   */
  @Test
  void pythonClientOfTheSandboxControlPlaneHasEveryOperationAndModel() throws IOException {
    Contract contract = Contract.load(Specs.dir().resolve("sandbox.yaml"));
    assertPythonClient(generated("python"), "sandbox", contract);
    Path root = generated("python").resolve("sandbox").resolve("kraken_sandbox");
    String api = Files.readString(root.resolve("api").resolve("sandbox_api.py"));
    assertTrue(api.contains("class SandboxApi"), "the README's SandboxApi");
    for (String call : List.of("def create_spot_deposit(", "def advance_clock(", "def get_spot_deposit(",
        "def trade_spot_market(", "def decide_embed_verification(", "def list_webhook_deliveries(")) {
      assertTrue(api.contains(call), "the README calls " + call);
    }
  }

  /** The clients of the public-service variants (ContractBuild writes them, the build generates their clients). */
  @ParameterizedTest(name = "python, public-service variant, {0}") @MethodSource("families")
  void pythonClientOfThePublicServiceVariantHasEveryOperationAndModel(String family) throws IOException {
    Path variants = Path.of(System.getProperty("kraken.publicServiceDir", Specs.dir().resolve("target/public-service").toString()));
    assertPythonClient(generated("python-public-service"), family, Contract.load(variants.resolve(family + ".yaml")));
  }

  private static void assertPythonClient(Path generated, String family, Contract contract) throws IOException {
    Path root = generated.resolve(family).resolve("kraken_" + family);
    String api = concatenated(root.resolve("api"), ".py");
    for (Contract.Operation op : contract.operations()) {
      if (op.callback()) continue;
      assertTrue(api.contains("def " + underscore(op.operationId()) + "("), family + ": no Python method for " + op.operationId());
    }
    Set<String> models = names(root.resolve("models"), ".py");
    for (String schema : schemas(contract)) {
      if (NO_MODEL.containsKey(schema) || NO_PYTHON_MODEL.containsKey(schema)) continue;
      assertTrue(models.contains(underscore(schema)), family + ": no Python model for " + schema + " in " + models);
    }
  }

  @ParameterizedTest(name = "typescript {0}") @MethodSource("families")
  void typescriptClientHasEveryOperationAndModel(String family) throws IOException {
    Path root = generated("typescript").resolve(family);
    String api = concatenated(root.resolve("apis"), ".ts");
    Contract contract = Specs.load(family);
    for (Contract.Operation op : contract.operations()) {
      if (op.callback()) continue;
      assertTrue(api.contains("async " + op.operationId() + "("), family + ": no TypeScript method for " + op.operationId());
    }
    Set<String> models = names(root.resolve("models"), ".ts");
    for (String schema : schemas(contract)) {
      if (NO_MODEL.containsKey(schema)) continue;
      assertTrue(models.contains(schema), family + ": no TypeScript model for " + schema);
    }
  }

  private static Path generated(String language) {
    Path dir = Path.of(System.getProperty("kraken.otherLanguagesDir", Specs.dir().resolve("target/other-languages").toString()))
        .resolve(language);
    assertTrue(Files.isDirectory(dir), "no " + dir + ": the build generates it before the tests (mvn verify)");
    return dir;
  }

  /**
   * The named schemas a generator makes a model of: all but a tuple ({@code x-kraken-tuple}, a
   * named array: the generators use a list of any value where it is used; only the Java generator
   * reads the positions) and the aliases of a scalar (a string with a pattern, such as Spot {@code
   * OrderPrice}), which every generator writes inline where they are used. Enums are models.
   */
  private static Set<String> schemas(Contract contract) {
    Set<String> names = new LinkedHashSet<>();
    contract.root().path("components").path("schemas").properties().forEach(entry -> {
      String type = entry.getValue().path("type").asText("");
      boolean scalarAlias = Set.of("string", "integer", "number", "boolean").contains(type)
          && !entry.getValue().has("enum");
      if (!scalarAlias && !entry.getValue().has("x-kraken-tuple")) {
        names.add(entry.getKey());
      }
    });
    return names;
  }

  private static String concatenated(Path dir, String suffix) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      StringBuilder out = new StringBuilder();
      for (Path file : files.filter(f -> f.toString().endsWith(suffix)).toList()) out.append(Files.readString(file));
      return out.toString();
    }
  }

  private static Set<String> names(Path dir, String suffix) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString())
          .filter(n -> n.endsWith(suffix))
          .map(n -> n.substring(0, n.length() - suffix.length()))
          .collect(Collectors.toSet());
    }
  }

  /** The generators' snake case: {@code OAuthErrorCode} to {@code o_auth_error_code}, {@code getPnlPreferences} to {@code get_pnl_preferences}. */
  static String underscore(String name) {
    return name.replaceAll("([A-Z]+)([A-Z][a-z][a-z]+)", "$1_$2")
        .replaceAll("([a-z\\d])([A-Z])", "$1_$2")
        .toLowerCase(Locale.ROOT);
  }
}
