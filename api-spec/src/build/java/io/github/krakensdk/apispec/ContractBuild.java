package io.github.krakensdk.apispec;

import io.github.krakensdk.apispec.gate.CompatibilityGate;
import io.github.krakensdk.apispec.lint.Finding;
import io.github.krakensdk.apispec.lint.Linter;
import io.github.krakensdk.apispec.lint.Severity;
import io.github.krakensdk.apispec.reference.ReferencePages;
import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The contract's part of {@code mvn verify} (exec-maven-plugin, phase process-classes; it runs with
 * {@code -Dmaven.test.skip=true} too):
 * checks every family file and writes the HTML reference, failing the build on any error.
 *
 * <ol>
 *   <li>{@code info.version} equals the project version;</li>
 *   <li>the lint ruleset ({@code lint/ruleset.yaml}) finds no error;</li>
 *   <li>the breaking-change gate finds no incompatible change against {@code baseline/}
 *       unless the major version was raised; its report is printed either way and written to
 *       {@code target/contract-reports/<family>-changes.md};</li>
 *   <li>{@code CHANGELOG.md} has a section for the version naming the operations added or
 *       removed since the baseline (all of them for a first release);</li>
 *   <li>the HTML reference is written: {@code target/reference/index.html} and one page per family;</li>
 *   <li>with {@code --public-service-dir}: each family's public-service variant ({@link
 *       PublicServiceVariant}) is written there as {@code <family>.yaml} and checked by the parser,
 *       with {@code differences.md}, the README's table ({@link PublicServiceTable}); with
 *       {@code --readme}, a README whose table differs is reported, and rewritten when {@code
 *       --update-readme=true}.</li>
 * </ol>
 *
 * <pre>{@code
 * java ... io.github.krakensdk.apispec.ContractBuild --spec-dir=api-spec --families=spot,futures,oauth,embed \
 *     --version=0.1.0-SNAPSHOT --reference-dir=api-spec/target/reference --report-dir=api-spec/target/contract-reports
 * }</pre>
 */
public final class ContractBuild {
  private ContractBuild() {}

  public static void main(String[] args) throws IOException {
    Map<String, String> options = options(args);
    Path specDir = Path.of(required(options, "spec-dir"));
    List<String> families = Arrays.asList(required(options, "families").split(","));
    String version = required(options, "version");
    Path referenceDir = Path.of(required(options, "reference-dir"));
    Path reportDir = Path.of(required(options, "report-dir"));

    Path publicServiceDir = options.containsKey("public-service-dir") ? Path.of(options.get("public-service-dir")) : null;

    String controlPlane = options.get("control-plane");
    Path controlPlaneJson = options.containsKey("control-plane-json") ? Path.of(options.get("control-plane-json")) : null;
    List<String> streams = options.containsKey("streams") ? Arrays.asList(options.get("streams").split(",")) : List.of();
    List<String> errors = run(specDir, families, version, referenceDir, reportDir, publicServiceDir, controlPlane,
        controlPlaneJson, streams);
    if (errors.isEmpty() && publicServiceDir != null && options.containsKey("readme")) {
      readme(Path.of(options.get("readme")), publicServiceDir, Boolean.parseBoolean(options.get("update-readme")));
    }
    if (!errors.isEmpty()) {
      StringBuilder message = new StringBuilder("The contract check failed (" + errors.size() + " error"
          + (errors.size() == 1 ? "" : "s") + "):");
      for (String error : errors) message.append("\n  - ").append(error);
      throw new IllegalStateException(message.toString());
    }
  }

  /** Runs every check, writes pages and reports, prints a summary; returns the errors. */
  public static List<String> run(Path specDir, List<String> families, String version, Path referenceDir, Path reportDir)
      throws IOException {
    return run(specDir, families, version, referenceDir, reportDir, null);
  }

  /**
   * {@link #run(Path, List, String, Path, Path)}, and with {@code publicServiceDir} (null for
   * none) the public-service variants and the table of differences written there.
   */
  public static List<String> run(Path specDir, List<String> families, String version, Path referenceDir, Path reportDir,
      Path publicServiceDir) throws IOException {
    return run(specDir, families, version, referenceDir, reportDir, publicServiceDir, null, null);
  }

  /**
   * {@link #run(Path, List, String, Path, Path, Path)}, and with {@code controlPlane} (the name of
   * the sandbox's control-plane document, {@code sandbox}; null for none) that document checked
   * as the sandbox's, not a Kraken family's: its version, the lint rules the ruleset lists under
   * {@code controlPlaneRules}, the changelog and the gate as for a family; its page added to the
   * reference, no public-service variant; with {@code controlPlaneJson}, the document written
   * there as JSON for the sandbox to read at run time.
   */
  public static List<String> run(Path specDir, List<String> families, String version, Path referenceDir, Path reportDir,
      Path publicServiceDir, String controlPlane, Path controlPlaneJson) throws IOException {
    return run(specDir, families, version, referenceDir, reportDir, publicServiceDir, controlPlane, controlPlaneJson,
        List.of());
  }

  /**
   * {@link #run(Path, List, String, Path, Path, Path, String, Path)}, and the WebSocket contracts
   * {@code streams} (paths under {@code specDir} without {@code .yaml}, such as {@code
   * ws/websocket}): each checked for its version, by the lint rules the ruleset lists under {@code
   * streamRules} and for its changelog section; its page added to the reference with a page of the
   * AsyncAPI file beside it ({@code ws/websocket.asyncapi.yaml}), whose version must match too. No
   * gate yet: a WebSocket contract has no released baseline.
   */
  public static List<String> run(Path specDir, List<String> families, String version, Path referenceDir, Path reportDir,
      Path publicServiceDir, String controlPlane, Path controlPlaneJson, List<String> streams) throws IOException {
    List<String> errors = new ArrayList<>();
    Files.createDirectories(reportDir);
    Linter linter = Linter.load(specDir.resolve("lint/ruleset.yaml"));
    CompatibilityGate gate = CompatibilityGate.load(specDir.resolve("lint/openapi-diff.yaml"));
    Changelog changelog = Changelog.load(specDir.resolve("CHANGELOG.md"));

    List<Contract> contracts = new ArrayList<>();
    List<String> documents = new ArrayList<>(families);
    if (controlPlane != null) documents.add(controlPlane);
    Linter controlPlaneLinter = controlPlane == null ? null : linter.controlPlane();
    Contract controlPlaneContract = null;
    for (String family : documents) {
      boolean isControlPlane = controlPlane != null && family.trim().equals(controlPlane);
      Path file = specDir.resolve(family.trim() + ".yaml");
      Contract contract;
      try {
        contract = Contract.load(file);
      } catch (IllegalArgumentException e) {
        errors.add(e.getMessage());
        continue;
      }
      contracts.add(contract);
      if (isControlPlane) controlPlaneContract = contract;
      StringBuilder line = new StringBuilder("[contract] ").append(contract.fileName());

      // 1. The version moves with the project.
      if (!version.equals(contract.version())) {
        errors.add(contract.fileName() + ": info.version is " + contract.version() + ", the project version is "
            + version + "; they move together");
      }
      line.append(" ").append(contract.version());

      // 2. Lint.
      List<Finding> findings = (isControlPlane ? controlPlaneLinter : linter).lint(contract);
      long lintErrors = findings.stream().filter(f -> f.severity() == Severity.ERROR).count();
      for (Finding f : findings) {
        if (f.severity() == Severity.ERROR) errors.add(f.toString());
        else System.out.println("[contract] " + f);
      }
      Files.writeString(reportDir.resolve(contract.family() + "-lint.txt"), lines(findings), StandardCharsets.UTF_8);
      line.append(" · lint: ").append(count(lintErrors, "error")).append(", ").append(count(findings.size() - lintErrors, "warning"));

      // 3. Breaking-change gate.
      // A family no release has had yet is compared with an empty contract of the last release:
      // all its operations are additions, and the changelog names them all.
      Path baselineFile = specDir.resolve("baseline").resolve(contract.fileName());
      Set<String> mustBeInChangelog = new LinkedHashSet<>();
      boolean released = Files.isRegularFile(baselineFile);
      Contract baseline = released ? Contract.load(baselineFile)
          : CompatibilityGate.firstRelease(contract, lastRelease(specDir, families));
      CompatibilityGate.Result result = gate.compare(baseline, contract);
      Files.writeString(reportDir.resolve(contract.family() + "-changes.md"), result.markdown(), StandardCharsets.UTF_8);
      line.append(" · gate: ").append(result.summary().substring(contract.fileName().length() + 2));
      if (!released) line.append(" (a new family)");
      if (released && (result.diff().isDifferent() || !result.removedFields().isEmpty())) {
        System.out.println(result.fullReport());
      }
      if (!result.passes()) {
        errors.add(result.summary() + " (report above and in " + reportDir.resolve(contract.family() + "-changes.md") + ")");
      }
      if (Changelog.releaseOf(version).equals(baseline.version())) {
        // First release: its section lists the whole contract.
        mustBeInChangelog.addAll(result.currentOperations());
      } else {
        mustBeInChangelog.addAll(result.addedOperations());
        mustBeInChangelog.addAll(result.removedOperations());
      }

      // 4. Changelog.
      for (String problem : changelog.problems(version, mustBeInChangelog)) {
        errors.add(contract.fileName() + ": " + problem);
      }
      System.out.println(line);
    }

    // 5. The WebSocket contracts and their AsyncAPI files.
    List<ReferencePages.Stream> streamPages = new ArrayList<>();
    for (String stream : streams) {
      String name = stream.trim();
      Contract contract;
      Contract asyncApi;
      try {
        contract = Contract.parse(name + ".yaml", Files.readString(specDir.resolve(name + ".yaml"), StandardCharsets.UTF_8));
        asyncApi = Contract.parse(name + ".asyncapi.yaml",
            Files.readString(specDir.resolve(name + ".asyncapi.yaml"), StandardCharsets.UTF_8));
      } catch (IllegalArgumentException | java.nio.file.NoSuchFileException e) {
        errors.add(name + ": " + e.getMessage());
        continue;
      }
      for (Contract document : List.of(contract, asyncApi)) {
        if (!version.equals(document.version())) {
          errors.add(document.fileName() + ": info.version is " + document.version() + ", the project version is "
              + version + "; they move together");
        }
      }
      List<Finding> findings = linter.stream().lint(contract);
      long lintErrors = findings.stream().filter(f -> f.severity() == Severity.ERROR).count();
      for (Finding f : findings) {
        if (f.severity() == Severity.ERROR) errors.add(f.toString());
        else System.out.println("[contract] " + f);
      }
      Files.writeString(reportDir.resolve(contract.family() + "-lint.txt"), lines(findings), StandardCharsets.UTF_8);
      // Its first version's section names every method and channel, as a family's names its operations.
      Set<String> names = new LinkedHashSet<>();
      contract.root().path("components").path("schemas").path("Method").path("enum").forEach(v -> names.add(v.asText()));
      contract.root().path("components").path("schemas").path("Channel").path("enum").forEach(v -> names.add(v.asText()));
      for (String problem : changelog.problems(version, names)) {
        errors.add(contract.fileName() + ": " + problem);
      }
      streamPages.add(new ReferencePages.Stream(contract, asyncApi));
      System.out.println("[contract] " + contract.fileName() + " " + contract.version() + " · lint: "
          + count(lintErrors, "error") + ", " + count(findings.size() - lintErrors, "warning")
          + " · gate: no baseline (a new contract) · " + asyncApi.fileName());
    }

    // 6. HTML reference.
    ReferencePages.write(contracts, streamPages, version, referenceDir);
    System.out.println("[contract] HTML reference: " + referenceDir.resolve("index.html"));

    // 7. The public-service variants and the table of differences (the Kraken families only).
    if (publicServiceDir != null) {
      List<Contract> kraken = new ArrayList<>(contracts);
      kraken.remove(controlPlaneContract);
      errors.addAll(writePublicService(kraken, publicServiceDir));
    }

    // 8. The control plane as JSON, for the sandbox to read without a YAML parser.
    if (controlPlaneContract != null && controlPlaneJson != null) {
      Files.createDirectories(controlPlaneJson.getParent());
      Files.writeString(controlPlaneJson, Contract.toPrettyJson(controlPlaneContract.root()), StandardCharsets.UTF_8);
      System.out.println("[contract] control plane as JSON: " + controlPlaneJson);
    }
    return errors;
  }

  /** The version of the released files in {@code baseline/} (0.0.0 before any release). */
  static String lastRelease(Path specDir, List<String> families) throws IOException {
    for (String family : families) {
      Path file = specDir.resolve("baseline").resolve(family.trim() + ".yaml");
      if (Files.isRegularFile(file)) return Contract.load(file).version();
    }
    return "0.0.0";
  }

  /**
   * Writes {@code <family>.yaml}, the public-service variant of each contract whose {@code
   * x-kraken-public-service} is sound (lint reports the others), and {@code differences.md};
   * returns the parser's complaints about a variant as errors.
   */
  static List<String> writePublicService(List<Contract> contracts, Path dir) throws IOException {
    List<String> errors = new ArrayList<>();
    Files.createDirectories(dir);
    List<Contract> sound = new ArrayList<>();
    int applied = 0;
    for (Contract contract : contracts) {
      PublicService service = PublicService.of(contract);
      if (!service.problems().isEmpty()) continue;
      sound.add(contract);
      applied += service.divergences().size();
      String yaml = Contract.toBlockYaml(PublicServiceVariant.of(contract));
      ParseOptions parse = new ParseOptions();
      parse.setResolve(true);
      SwaggerParseResult result = new OpenAPIParser().readContents(yaml, null, parse);
      if (result.getOpenAPI() == null || (result.getMessages() != null && !result.getMessages().isEmpty())) {
        errors.add("public-service/" + contract.fileName() + ": the variant is no valid OpenAPI: " + result.getMessages());
      }
      Files.writeString(dir.resolve(contract.fileName()), yaml, StandardCharsets.UTF_8);
    }
    Files.writeString(dir.resolve("differences.md"), PublicServiceTable.markdown(sound), StandardCharsets.UTF_8);
    System.out.println("[contract] public-service variants (" + count(applied, "difference") + " applied): " + dir);
    return errors;
  }

  /** Reports a README whose table of differences is not the generated one; rewrites it if asked. */
  private static void readme(Path readme, Path publicServiceDir, boolean update) throws IOException {
    String table = Files.readString(publicServiceDir.resolve("differences.md"), StandardCharsets.UTF_8);
    if (update) {
      boolean changed = PublicServiceTable.update(readme, table);
      System.out.println("[contract] " + readme + ": table of differences " + (changed ? "rewritten" : "already current"));
    } else if (!table.equals(PublicServiceTable.currentIn(Files.readString(readme, StandardCharsets.UTF_8)))) {
      System.out.println("[contract] WARNING " + readme + ": the table of differences is not the one the contract"
          + " makes; the tests fail until it is. Rewrite it with: mvn -B -pl api-spec process-classes"
          + " -Dkraken.updateReadme=true");
    }
  }

  private static String lines(List<Finding> findings) {
    StringBuilder out = new StringBuilder();
    for (Finding f : findings) out.append(f).append('\n');
    return out.toString();
  }

  private static String count(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  private static Map<String, String> options(String[] args) {
    Map<String, String> options = new LinkedHashMap<>();
    for (String arg : args) {
      if (!arg.startsWith("--") || !arg.contains("=")) throw new IllegalArgumentException("expected --name=value: " + arg);
      options.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
    }
    return options;
  }

  private static String required(Map<String, String> options, String name) {
    String value = options.get(name);
    if (value == null || value.isBlank()) throw new IllegalArgumentException("missing --" + name + "=...");
    return value;
  }
}
