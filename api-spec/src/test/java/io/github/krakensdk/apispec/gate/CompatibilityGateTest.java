package io.github.krakensdk.apispec.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.apispec.Contract;
import io.github.krakensdk.apispec.Specs;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openapitools.openapidiff.core.model.DiffResult;

/**
 * The breaking-change gate on the real contracts (they pass against the baseline) and on
 * copies edited on purpose: each kind of breaking edit fails it, compatible edits pass, and a
 * breaking edit passes once the major version is raised. Most edits use oauth.yaml, the
 * smallest contract, to keep the test quick.
 */
final class CompatibilityGateTest {
  private static CompatibilityGate gate;

  @BeforeAll static void load() {
    gate = CompatibilityGate.load(Specs.dir().resolve("lint/openapi-diff.yaml"));
  }

  static Stream<String> families() {
    return Specs.families().stream();
  }

  @ParameterizedTest(name = "{0}.yaml") @MethodSource("families")
  void realContractPassesAgainstItsBaseline(String family) {
    CompatibilityGate.Result result = gate.compare(Specs.baseline(family), Specs.load(family));
    assertTrue(result.passes(), result::fullReport);
    assertFalse(result.incompatible(), result::fullReport);
  }

  /** An edit of a copy of the current contract, and whether the gate must let it through. */
  record Edit(String family, String what, Consumer<ObjectNode> edit, boolean compatible) {
    @Override public String toString() {
      return (compatible ? "compatible: " : "breaking: ") + what + " (" + family + ".yaml)";
    }
  }

  static Stream<Edit> edits() {
    return Stream.of(
        new Edit("spot", "operation removed",
            t -> obj(t, "/paths").remove("/0/private/WithdrawCancel"), false),
        new Edit("oauth", "response field removed",
            t -> obj(t, "/components/schemas/UserInfo/properties").remove("email"), false),
        new Edit("oauth", "request field removed",
            t -> obj(t, "/components/schemas/TokenRequest/properties").remove("redirect_uri"), false),
        new Edit("oauth", "request field type narrowed: string to integer",
            t -> obj(t, "/components/schemas/TokenRequest/properties/redirect_uri").put("type", "integer"), false),
        new Edit("embed", "request number range narrowed",
            t -> obj(t, "/paths/~1b2b~1portfolio~1{user}~1history/get/parameters/7/schema").put("maximum", 1000), false),
        new Edit("oauth", "new required parameter",
            t -> requiredQuery(obj(t, "/paths/~1oauth~1userinfo/get"), "fields"), false),
        new Edit("oauth", "enum value removed from a request",
            t -> ((ArrayNode) t.at("/components/schemas/GrantType/enum")).remove(1), false),
        new Edit("embed", "request string length narrowed",
            t -> obj(t, "/components/parameters/WebhookId/schema").put("maxLength", 32), false),
        new Edit("oauth", "optional query parameter added",
            t -> obj(t, "/paths/~1oauth~1userinfo/get").putArray("parameters").addObject()
                .put("name", "lang").put("in", "query").put("required", false).putObject("schema").put("type", "string"), true),
        new Edit("oauth", "response field added",
            t -> obj(t, "/components/schemas/UserInfo/properties").putObject("country").put("type", "string"), true),
        new Edit("oauth", "enum value added to a response (enums are open)",
            t -> ((ArrayNode) t.at("/components/schemas/OAuthErrorCode/enum")).add("slow_down"), true),
        new Edit("oauth", "operation added",
            t -> obj(t, "/paths").set("/oauth/userinfo2", t.at("/paths/~1oauth~1userinfo").deepCopy()), true),
        new Edit("oauth", "descriptions reworded",
            t -> obj(t, "/components/schemas/UserInfo").put("description", "Who authorized the token."), true));
  }

  @ParameterizedTest(name = "{0}") @MethodSource("edits")
  void gateJudgesTheEdit(Edit e) {
    Contract current = Specs.load(e.family());
    ObjectNode tree = current.copyOfTree();
    e.edit().accept(tree);
    CompatibilityGate.Result result = gate.compare(current, Contract.of(current.fileName(), tree));

    assertTrue(result.diff().isDifferent() || !result.removedFields().isEmpty(), () -> "no change seen: " + e);
    assertEquals(e.compatible(), result.passes(), () -> e + "\n" + result.summary() + "\n" + result.fullReport());
    assertEquals(!e.compatible(), result.incompatible());
    assertTrue(result.summary().contains(e.compatible() ? "compatible" : "INCOMPATIBLE"), result.summary());
  }

  @Test void breakingChangePassesWhenTheMajorVersionIsRaised() {
    Contract spot = Specs.load("spot");
    ObjectNode tree = spot.copyOfTree();
    obj(tree, "/paths").remove("/0/private/WithdrawCancel");
    CompatibilityGate.Result sameMajor = gate.compare(spot, Contract.of("spot.yaml", tree));
    assertFalse(sameMajor.passes());

    obj(tree, "/info").put("version", (CompatibilityGate.major(spot.version()) + 1) + ".0.0-SNAPSHOT");
    CompatibilityGate.Result raised = gate.compare(spot, Contract.of("spot.yaml", tree));
    assertTrue(raised.incompatible());
    assertTrue(raised.majorRaised());
    assertTrue(raised.passes(), raised::summary);
    assertTrue(raised.summary().contains("allowed: major version raised"), raised.summary());
    assertEquals(List.of("cancelWithdrawal"), raised.removedOperations());
  }

  @Test void reportNamesTheChange() {
    Contract spot = Specs.load("spot");
    ObjectNode tree = spot.copyOfTree();
    obj(tree, "/paths").remove("/0/private/WithdrawCancel");
    CompatibilityGate.Result result = gate.compare(spot, Contract.of("spot.yaml", tree));
    assertTrue(result.report().contains("/0/private/WithdrawCancel"), result.report());
    assertTrue(result.markdown().contains("/0/private/WithdrawCancel"), result.markdown());
    assertEquals(DiffResult.INCOMPATIBLE, result.diff());

    Contract oauth = Specs.load("oauth");
    ObjectNode removed = oauth.copyOfTree();
    obj(removed, "/components/schemas/UserInfo/properties").remove("email");
    CompatibilityGate.Result field = gate.compare(oauth, Contract.of("oauth.yaml", removed));
    assertTrue(field.fullReport().contains("property email removed (response of GET /oauth/userinfo)"), field.fullReport());
  }

  @Test void aFamilyWithoutBaselineIsAllAdditions() {
    Contract funding = Specs.load("funding");
    Contract empty = CompatibilityGate.firstRelease(funding, "1.0.0");
    assertEquals("1.0.0", empty.version());
    CompatibilityGate.Result result = gate.compare(empty, funding);
    assertFalse(result.incompatible(), result::fullReport);
    assertTrue(result.passes());
    assertEquals(DiffResult.COMPATIBLE, result.diff());
    assertEquals(15, result.addedOperations().size(), result.addedOperations()::toString);
    assertEquals(List.of(), result.removedOperations());
    assertTrue(result.addedOperations().contains("createFundingWithdrawalV1"));
  }

  @Test void majorIsTheLeadingNumber() {
    assertEquals(0, CompatibilityGate.major("0.1.0-SNAPSHOT"));
    assertEquals(12, CompatibilityGate.major("12.0.3"));
    assertThrows(IllegalArgumentException.class, () -> CompatibilityGate.major("v1.0"));
    assertThrows(IllegalArgumentException.class, () -> CompatibilityGate.major(null));
  }

  private static void requiredQuery(ObjectNode operation, String name) {
    ObjectNode p = operation.putArray("parameters").addObject();
    p.put("name", name).put("in", "query").put("required", true).putObject("schema").put("type", "string");
  }

  private static ObjectNode obj(JsonNode tree, String pointer) {
    JsonNode node = tree.at(pointer);
    if (!node.isObject()) throw new AssertionError("no object at " + pointer);
    return (ObjectNode) node;
  }
}
