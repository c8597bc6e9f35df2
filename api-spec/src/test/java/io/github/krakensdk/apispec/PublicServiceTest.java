package io.github.krakensdk.apispec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The public service's forms as the contracts record them ({@code x-kraken-public-service}): what
 * is read, the published variant that applies them, and the README's table made from them.
 */
final class PublicServiceTest {
  static Stream<String> families() {
    return Specs.families().stream();
  }

  @Test void theKnownDifferencesAreRecorded() {
    List<String> recorded = new ArrayList<>();
    for (Contract contract : Specs.all()) {
      for (PublicService.Divergence d : PublicService.of(contract).divergences()) {
        recorded.add(d.family() + " " + d.kind() + " " + d.where() + " " + d.contractForm() + " -> " + d.serviceForms());
        assertFalse(d.evidence().isBlank(), d.where());
      }
    }
    assertTrue(recorded.contains("oauth PATH listFastApiKeys /oauth/fast-api-keys -> [/oauth/fast-api-key]"), recorded::toString);
    assertTrue(recorded.contains("embed HEADER Service-Version Service-Version -> [Kraken-Version, Payward-Version]"),
        recorded::toString);
    for (String[] fee : new String[][] {{"min_fee", "minfee"}, {"max_fee", "maxfee"}, {"tier_volume", "tiervolume"},
        {"next_fee", "nextfee"}, {"next_volume", "nextvolume"}}) {
      String expected = "spot MEMBER FeeTierInfo." + fee[0] + " " + fee[0] + " -> [" + fee[1] + "]";
      assertTrue(recorded.contains(expected), () -> expected + " in " + recorded);
    }
  }

  @ParameterizedTest(name = "{0}") @MethodSource("families")
  void theVariantAppliesEveryDifferenceAndIsValidOpenApi(String family) {
    Contract contract = Specs.load(family);
    ObjectNode variant = PublicServiceVariant.of(contract);
    Contract parsed = Contract.parse(family + ".yaml", Contract.toBlockYaml(variant));
    assertFalse(parsed.text().contains(PublicService.EXTENSION), "an extension left in the variant");
    assertTrue(parsed.root().at("/info/title").asText().endsWith("(public-service forms)"));
    for (PublicService.Divergence d : PublicService.of(contract).divergences()) {
      switch (d.kind()) {
        case PATH -> {
          String method = d.method().toLowerCase();
          JsonNode moved = parsed.root().path("paths").path(d.serviceForms().get(0)).path(method);
          assertEquals(d.where(), moved.path("operationId").asText(), "not moved: " + d);
          assertTrue(parsed.root().path("paths").path(d.contractForm()).path(method).isMissingNode(), "left behind: " + d);
        }
        case HEADER -> {
          // Every operation that sent the contract's header sends each of the service's names instead.
          for (Contract.Operation op : contract.operations()) {
            if (op.callback() || !headerNames(contract, op).contains(d.contractForm())) continue;
            Contract.Operation same = operation(parsed, op.operationId());
            List<String> names = headerNames(parsed, same);
            assertFalse(names.contains(d.contractForm()), op.operationId() + " still sends " + d.contractForm());
            assertTrue(names.containsAll(d.serviceForms()), op.operationId() + " sends " + names);
          }
        }
        case MEMBER -> {
          JsonNode schema = parsed.at("/components/schemas/" + d.schema());
          String service = d.serviceForms().get(0);
          assertTrue(schema.path("properties").has(service) && !schema.path("properties").has(d.contractForm()), d.where());
          List<String> required = new ArrayList<>();
          schema.path("required").forEach(r -> required.add(r.asText()));
          assertEquals(contractRequired(contract, d), required.contains(service), d.where() + " required");
          assertFalse(required.contains(d.contractForm()), d.where() + " required");
          List<String> contractMembers = new ArrayList<>();
          contract.at("/components/schemas/" + d.schema()).path("properties").fieldNames().forEachRemaining(contractMembers::add);
          List<String> serviceMembers = new ArrayList<>();
          schema.path("properties").fieldNames().forEachRemaining(serviceMembers::add);
          int instances = instances(contract.root(), contractMembers, d.contractForm());
          assertTrue(instances > 0, d.where() + " is in no example");
          assertEquals(instances, instances(parsed.root(), serviceMembers, service), d.where() + ": every example renamed");
          assertEquals(0, instances(parsed.root(), serviceMembers, d.contractForm()), d.where() + " left in an example");
        }
      }
    }
  }

  @Test void aMovedOperationTakesItsPathParametersAlongAndAnEmptiedPathGoes() {
    Contract oauth = Specs.load("oauth");
    ObjectNode tree = oauth.copyOfTree();
    ObjectNode item = (ObjectNode) tree.at("/paths/~1oauth~1userinfo");
    item.putArray("parameters").addObject().put("name", "X-Trace").put("in", "header").putObject("schema").put("type", "string");
    ObjectNode get = (ObjectNode) item.get("get");
    get.put("description", get.path("description").asText() + "\n\nDiffers from the public service: a test.");
    get.putObject(PublicService.EXTENSION).put("path", "/oauth/user-info").put("evidence", "a test");
    ObjectNode variant = PublicServiceVariant.of(Contract.of("oauth.yaml", tree));
    assertTrue(variant.path("paths").path("/oauth/userinfo").isMissingNode());
    JsonNode moved = variant.path("paths").path("/oauth/user-info").path("get");
    assertEquals("getUserInfo", moved.path("operationId").asText());
    assertEquals("X-Trace", moved.path("parameters").path(0).path("name").asText());
    assertTrue(moved.path("description").asText().contains("Public-service form: this operation is at `GET /oauth/user-info`"));
    assertFalse(moved.path("description").asText().contains(PublicService.MARKER));
  }

  @Test void anInlineHeaderGetsASiblingPerOtherName() {
    Contract oauth = Specs.load("oauth");
    ObjectNode tree = oauth.copyOfTree();
    ObjectNode get = (ObjectNode) tree.at("/paths/~1oauth~1userinfo/get");
    ObjectNode header = get.withArray("parameters").addObject().put("name", "X-Trace").put("in", "header")
        .put("description", "Differs from the public service: a test.");
    header.putObject("schema").put("type", "string");
    header.putObject(PublicService.EXTENSION).put("evidence", "a test").putArray("names").add("Trace-Id").add("Request-Id");
    JsonNode parameters = PublicServiceVariant.of(Contract.of("oauth.yaml", tree)).at("/paths/~1oauth~1userinfo/get/parameters");
    List<String> names = new ArrayList<>();
    parameters.forEach(p -> names.add(p.path("name").asText()));
    assertEquals(List.of("Trace-Id", "Request-Id"), names);
  }

  @Test void aMalformedRecordIsNoVariant() {
    Contract oauth = Specs.load("oauth");
    ObjectNode tree = oauth.copyOfTree();
    ((ObjectNode) tree.at("/paths/~1oauth~1fast-api-keys/get/" + PublicService.EXTENSION)).remove("evidence");
    Contract broken = Contract.of("oauth.yaml", tree);
    assertEquals(1, PublicService.of(broken).problems().size());
    assertTrue(PublicService.of(broken).divergences().isEmpty());
    assertThrows(IllegalArgumentException.class, () -> PublicServiceVariant.of(broken));
  }

  @Test void readmeShowsTheTableTheContractsMake() throws IOException {
    Path readme = Specs.dir().resolve("../README.md").normalize();
    String text = Files.readString(readme, StandardCharsets.UTF_8);
    String current = PublicServiceTable.currentIn(text);
    assertNotNull(current, () -> readme + " has lost the markers of its table of differences:\n"
        + PublicServiceTable.START + "\n" + PublicServiceTable.END);
    assertEquals(PublicServiceTable.markdown(Specs.all()), current, () -> readme + "'s table of differences from the"
        + " public service is not the one the contracts' x-kraken-public-service make. Regenerate it with:\n"
        + "  mvn -B -pl api-spec process-classes -Dkraken.updateReadme=true\n(or copy"
        + " api-spec/target/public-service/differences.md between the markers)");
  }

  @Test void theTableHasARowPerDifferenceAndMembersOfOneSchemaShareOne() {
    String table = PublicServiceTable.markdown(Specs.all());
    assertTrue(table.contains("| OAuth | path of `listFastApiKeys` | `GET /oauth/fast-api-keys` | `GET /oauth/fast-api-key` |"), table);
    assertTrue(table.contains("| Embed | header `Service-Version` | `Service-Version` | `Kraken-Version` and `Payward-Version`"), table);
    assertTrue(table.contains("| Spot | members of `FeeTierInfo` | `min_fee`, `max_fee`, `tier_volume`, `next_fee`,"
        + " `next_volume` | `minfee`, `maxfee`, `tiervolume`, `nextfee`, `nextvolume` |"), table);
    assertEquals(5, table.lines().count(), table);
  }

  @Test void replacingTheTableKeepsTheRestOfTheReadme() {
    String readme = "# Title\n\nBefore.\n\n" + PublicServiceTable.START + "\nold\n" + PublicServiceTable.END + "\n\nAfter.\n";
    String updated = PublicServiceTable.replaceIn(readme, "| new |\n");
    assertEquals("# Title\n\nBefore.\n\n" + PublicServiceTable.START + "\n| new |\n" + PublicServiceTable.END + "\n\nAfter.\n", updated);
    assertEquals("| new |\n", PublicServiceTable.currentIn(updated));
    assertThrows(IllegalArgumentException.class, () -> PublicServiceTable.replaceIn("# no markers\n", "| x |\n"));
  }

  @Test void contractBuildWritesEveryVariantAndTheTable(@TempDir Path tmp) throws IOException {
    List<String> errors = ContractBuild.writePublicService(Specs.all(), tmp);
    assertEquals(List.of(), errors);
    for (String family : Specs.families()) {
      Contract variant = Contract.load(tmp.resolve(family + ".yaml"));
      assertEquals(Specs.load(family).version(), variant.version());
    }
    assertEquals(PublicServiceTable.markdown(Specs.all()), Files.readString(tmp.resolve("differences.md")));
  }

  private static Contract.Operation operation(Contract contract, String operationId) {
    return contract.operations().stream().filter(o -> operationId.equals(o.operationId())).findFirst().orElseThrow();
  }

  private static List<String> headerNames(Contract contract, Contract.Operation op) {
    List<String> names = new ArrayList<>();
    for (JsonNode parameter : op.node().path("parameters")) {
      JsonNode resolved = contract.resolve(parameter);
      if ("header".equals(resolved.path("in").asText())) names.add(resolved.path("name").asText());
    }
    return names;
  }

  private static boolean contractRequired(Contract contract, PublicService.Divergence d) {
    for (JsonNode r : contract.at("/components/schemas/" + d.schema()).path("required")) {
      if (r.asText().equals(d.contractForm())) return true;
    }
    return false;
  }

  /**
   * How many objects in the examples of {@code root} look like instances of a schema (two or more
   * of its {@code members}) and have a member {@code name}.
   */
  private static int instances(JsonNode node, List<String> members, String name) {
    return count(node, members, name, false);
  }

  private static int count(JsonNode node, List<String> members, String name, boolean inExample) {
    int n = 0;
    if (node.isObject()) {
      if (inExample && node.has(name) && members.stream().filter(node::has).count() >= 2) n++;
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        boolean example = inExample || e.getKey().equals("example") || e.getKey().equals("examples");
        n += count(e.getValue(), members, name, example);
      }
    } else if (node.isArray()) {
      for (JsonNode item : node) n += count(item, members, name, inExample);
    }
    return n;
  }
}
