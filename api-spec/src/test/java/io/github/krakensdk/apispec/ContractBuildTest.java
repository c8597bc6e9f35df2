package io.github.krakensdk.apispec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The version rule and the changelog on the real files, and the whole contract build on a
 * copy of the OAuth contract: clean, it passes and writes the pages; broken, it fails and
 * names each problem.
 */
final class ContractBuildTest {
  static Stream<String> families() {
    return Specs.families().stream();
  }

  @ParameterizedTest(name = "{0}.yaml") @MethodSource("families")
  void infoVersionIsTheProjectVersion(String family) throws IOException {
    assertEquals(projectVersion(), Specs.load(family).version());
  }

  @Test void baselineIsTheReleaseBeforeOrOfThisVersion() {
    // The baseline files carry one released version, without -SNAPSHOT.
    String baseline = Specs.baseline("spot").version();
    for (String family : Specs.families()) assertEquals(baseline, Specs.baseline(family).version(), family);
    assertFalse(baseline.endsWith("-SNAPSHOT"));
  }

  @Test void changelogHasTheVersionAndNamesEveryReleasedAndEveryAddedOperation() throws IOException {
    Changelog changelog = Changelog.load(Specs.dir().resolve("CHANGELOG.md"));
    String release = Changelog.releaseOf(projectVersion());
    assertNotNull(changelog.section(release), "no section for " + release);
    // Every operation of the last release is named by the section of the release that added it
    // (that release or an earlier one); those added since are named by this version's section.
    String baseline = Specs.baseline("spot").version();
    List<String> releases = new ArrayList<>(changelog.versions());
    List<String> upToBaseline = releases.subList(releases.indexOf(baseline), releases.size());
    int operations = 0;
    for (String family : Specs.families()) {
      List<String> released = operationIds(Specs.baseline(family));
      operations += released.size();
      for (String id : released) {
        assertTrue(upToBaseline.stream().anyMatch(v -> changelog.problems(v, List.of(id)).isEmpty()),
            family + ": no section up to " + baseline + " names `" + id + "`");
      }
      List<String> added = new ArrayList<>(operationIds(Specs.load(family)));
      added.removeAll(released);
      assertEquals(List.of(), changelog.problems(projectVersion(), added));
    }
    assertEquals(121, operations, "the 1.0.0 contract has 121 operations (Spot 61, Futures 6, OAuth 8, Embed 46)");
  }

  private static List<String> operationIds(Contract contract) {
    return contract.operations().stream().filter(op -> !op.callback()).map(Contract.Operation::operationId).toList();
  }

  @Test void changelogProblemsNameWhatIsMissing() {
    Changelog changelog = Changelog.parse("# Changelog\n\n## 0.2.0\n\n- `getAssets` added\n\n## 0.1.0\n\nFirst.\n");
    assertEquals(List.of("0.2.0", "0.1.0"), List.copyOf(changelog.versions()));
    assertEquals(List.of(), changelog.problems("0.2.0-SNAPSHOT", List.of("getAssets")));
    assertEquals(List.of("CHANGELOG.md section 0.2.0 does not name operation `getToken`"),
        changelog.problems("0.2.0", List.of("getAssets", "getToken")));
    assertEquals(List.of("CHANGELOG.md has no section \"## 0.3.0\" for version 0.3.0-SNAPSHOT"),
        changelog.problems("0.3.0-SNAPSHOT", List.of()));
  }

  @Test void cleanCopyPassesAndWritesThePagesAndReports(@TempDir Path tmp) throws IOException {
    Path spec = copyOfSpec(tmp);
    List<String> errors = ContractBuild.run(spec, List.of("oauth"), projectVersion(), tmp.resolve("ref"), tmp.resolve("reports"));
    assertEquals(List.of(), errors);
    assertTrue(Files.isRegularFile(tmp.resolve("ref/index.html")));
    assertTrue(Files.isRegularFile(tmp.resolve("ref/oauth.html")));
    assertTrue(Files.isRegularFile(tmp.resolve("reports/oauth-changes.md")));
    assertEquals("", Files.readString(tmp.resolve("reports/oauth-lint.txt")));
  }

  @Test void brokenCopyFailsOnVersionLintGateAndChangelog(@TempDir Path tmp) throws IOException {
    Path spec = copyOfSpec(tmp);
    ObjectNode tree = Specs.load("oauth").copyOfTree();
    ((ObjectNode) tree.get("info")).put("version", "0.0.9");
    ((ObjectNode) tree.at("/paths/~1oauth~1token/post")).remove("summary");
    ((ObjectNode) tree.get("paths")).remove("/oauth/userinfo");
    Files.writeString(spec.resolve("oauth.yaml"), Contract.toYaml(tree), StandardCharsets.UTF_8);

    List<String> errors = ContractBuild.run(spec, List.of("oauth"), projectVersion(), tmp.resolve("ref"), tmp.resolve("reports"));
    String all = String.join("\n", errors);
    assertTrue(all.contains("info.version is 0.0.9, the project version is " + projectVersion()), all);
    assertTrue(all.contains("[operation-summary]"), all);
    assertTrue(all.contains("oauth.yaml: INCOMPATIBLE changes"), all);
    assertTrue(all.contains("oauth-changes.md"), all);
    assertTrue(Files.readString(tmp.resolve("reports/oauth-changes.md")).contains("/oauth/userinfo"));
    assertTrue(Files.readString(tmp.resolve("reports/oauth-lint.txt")).contains("[operation-summary]"));
  }

  @Test void newVersionNeedsItsChangelogSection(@TempDir Path tmp) throws IOException {
    Path spec = copyOfSpec(tmp);
    ObjectNode tree = Specs.load("oauth").copyOfTree();
    ((ObjectNode) tree.get("info")).put("version", "0.2.0-SNAPSHOT");
    ((ObjectNode) tree.get("paths")).set("/oauth/userinfo2", tree.at("/paths/~1oauth~1userinfo").deepCopy());
    ((ObjectNode) tree.at("/paths/~1oauth~1userinfo2/get")).put("operationId", "getUserInfo2");
    Files.writeString(spec.resolve("oauth.yaml"), Contract.toYaml(tree), StandardCharsets.UTF_8);

    List<String> errors = ContractBuild.run(spec, List.of("oauth"), "0.2.0-SNAPSHOT", tmp.resolve("ref"), tmp.resolve("reports"));
    assertEquals(List.of("oauth.yaml: CHANGELOG.md has no section \"## 0.2.0\" for version 0.2.0-SNAPSHOT"), errors);

    // The section names every operation added since the baseline: getUserInfo2 and those of 1.0.0.
    StringBuilder added = new StringBuilder("- Added `getUserInfo2`.\n");
    for (Contract.Operation op : Specs.load("oauth").operations()) {
      added.append("- `").append(op.operationId()).append("`.\n");
    }
    Files.writeString(spec.resolve("CHANGELOG.md"), "# Changelog\n\n## 0.2.0\n\n" + added + "\n"
        + Files.readString(spec.resolve("CHANGELOG.md")).substring("# Changelog".length()), StandardCharsets.UTF_8);
    assertEquals(List.of(), ContractBuild.run(spec, List.of("oauth"), "0.2.0-SNAPSHOT", tmp.resolve("ref"), tmp.resolve("reports")));
  }

  @Test void mainFailsWithTheErrorsAndWithoutAnOption(@TempDir Path tmp) throws IOException {
    Path spec = copyOfSpec(tmp);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> ContractBuild.main(new String[] {
        "--spec-dir=" + spec, "--families=oauth", "--version=7.0.0", "--reference-dir=" + tmp.resolve("ref"),
        "--report-dir=" + tmp.resolve("reports")}));
    assertTrue(e.getMessage().startsWith("The contract check failed (2 errors):"), e.getMessage());
    assertTrue(e.getMessage().contains("info.version is " + projectVersion() + ", the project version is 7.0.0"), e.getMessage());
    assertTrue(e.getMessage().contains("no section \"## 7.0.0\""), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ContractBuild.main(new String[] {"--spec-dir=" + spec}));
  }

  @Test void mainRewritesTheReadmesTableOnlyWhenAsked(@TempDir Path tmp) throws IOException {
    Path spec = copyOfSpec(tmp);
    Path readme = tmp.resolve("README.md");
    String stale = "# Kraken\n\n" + PublicServiceTable.START + "\n| stale |\n" + PublicServiceTable.END + "\n\nMore.\n";
    Files.writeString(readme, stale, StandardCharsets.UTF_8);
    String[] args = {"--spec-dir=" + spec, "--families=oauth", "--version=" + projectVersion(),
        "--reference-dir=" + tmp.resolve("ref"), "--report-dir=" + tmp.resolve("reports"),
        "--public-service-dir=" + tmp.resolve("public-service"), "--readme=" + readme, "--update-readme=false"};
    ContractBuild.main(args);
    assertEquals(stale, Files.readString(readme), "left alone without --update-readme=true");
    assertTrue(Files.isRegularFile(tmp.resolve("public-service/oauth.yaml")));
    args[args.length - 1] = "--update-readme=true";
    ContractBuild.main(args);
    String table = Files.readString(tmp.resolve("public-service/differences.md"));
    assertTrue(table.contains("`listFastApiKeys`"), table);
    assertEquals("# Kraken\n\n" + PublicServiceTable.START + "\n" + table + PublicServiceTable.END + "\n\nMore.\n",
        Files.readString(readme));
  }

  /** A copy of what the build reads for the OAuth family: contract, baseline, ruleset, gate settings, changelog. */
  private static Path copyOfSpec(Path tmp) throws IOException {
    Path spec = tmp.resolve("api-spec");
    Path source = Specs.dir();
    for (String file : List.of("oauth.yaml", "CHANGELOG.md", "baseline/oauth.yaml", "lint/ruleset.yaml", "lint/openapi-diff.yaml")) {
      Path target = spec.resolve(file);
      Files.createDirectories(target.getParent());
      Files.copy(source.resolve(file), target);
    }
    return spec;
  }

  /** The project version from the build, or from this module's pom when run from an IDE. */
  static String projectVersion() throws IOException {
    String version = System.getProperty("kraken.projectVersion");
    if (version != null) return version;
    Matcher m = Pattern.compile("<parent>.*?<version>([^<]+)</version>", Pattern.DOTALL)
        .matcher(Files.readString(Specs.dir().resolve("pom.xml")));
    if (!m.find()) throw new IllegalStateException("no project version");
    return m.group(1);
  }
}
