package io.github.krakensdk.tests.apigate;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.core.util.Yaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Java API gate of {@code mvn verify} on the generated client itself: the Futures contract
 * ({@code api-spec/futures.yaml}, the smallest family with requests, responses, enumerations and
 * operations of every kind the generator makes) is changed as a later release would change it,
 * generated and compiled as {@code generated-client} does ({@link GeneratedLibrary}), and compared
 * with the jar of the unchanged contract by the gate of the parent POM ({@link JavaApiGate}).
 * Growing the contract (an optional member of a request or of a response, an operation, an
 * enumeration value) passes a minor release; removing or renaming a public member fails it, and
 * the failure names the class.
 */
class ContractGrowthGateTest {
  private static final ObjectMapper YAML = Yaml.mapper();

  @TempDir static Path dir;
  static JavaApiGate gate;
  static GeneratedLibrary futures;
  static Path contract;
  static Path baselineJar;

  @BeforeAll static void setUp() throws Exception {
    gate = JavaApiGate.fromPom(Path.of("..", "pom.xml"));
    futures = GeneratedLibrary.fromPom(Path.of("..", "generated-client", "pom.xml"), "futures");
    contract = Path.of("..", "generated-client").resolve(futures.inputSpec()).normalize();
    baselineJar = futures.jar(contract, dir.resolve("baseline"));
  }

  /** A change of the contract, made on its YAML tree; {@code breaks} names the class a breaking one breaks. */
  record Change(String name, Consumer<ObjectNode> edit, String breaks) {
    @Override public String toString() { return name; }
  }

  static Stream<Change> growing() {
    return Stream.of(
        new Change("an optional request member", spec -> parameters(spec, "/history", "get").add(
            node("{name: count, in: query, required: false, description: At most this many trades.,"
                + " schema: {type: integer, format: int32, minimum: 1, maximum: 100}}")), null),
        new Change("an optional response member", spec -> properties(spec, "TradeHistoryEntry").set("fee_currency",
            node("{type: string, description: The currency of the fee.}")), null),
        new Change("an operation", spec -> ((ObjectNode) spec.get("paths")).set("/history/latest", node("""
            get:
              operationId: getLatestTrade
              summary: Get the latest trade of a futures market
              description: Returns the newest trade of one futures market.
              tags: [Futures]
              security: []
              parameters:
                - {name: symbol, in: query, required: true, description: The market., schema: {type: string}}
              responses:
                '200':
                  description: The trade.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/TradeHistoryResponse'}
            """)), null),
        new Change("an enumeration value", spec -> ((ArrayNode) schema(spec, "TradeType").get("enum")).add("auction"),
            null));
  }

  static Stream<Change> breaking() {
    return Stream.of(
        new Change("a response member removed", spec -> properties(spec, "TradeHistoryEntry").remove("side"),
            "TradeHistoryEntry"),
        new Change("a response member renamed", spec -> {
          ObjectNode properties = properties(spec, "TradeHistoryEntry");
          properties.set("taker_side", properties.remove("side"));
        }, "TradeHistoryEntry"),
        new Change("a request member removed", spec -> remove(parameters(spec, "/history", "get"), "lastTime"),
            "GetTradeHistoryRequest"),
        new Change("a request member renamed", spec -> {
          for (JsonNode parameter : parameters(spec, "/history", "get")) {
            if (parameter.get("name").asText().equals("lastTime")) ((ObjectNode) parameter).put("name", "before");
          }
        }, "GetTradeHistoryRequest"),
        new Change("an enumeration value removed", spec -> remove((ArrayNode) schema(spec, "TradeType").get("enum"),
            "block"), "TradeType"),
        new Change("an operation removed", spec -> ((ObjectNode) spec.get("paths")).remove("/history"),
            "FuturesService"));
  }

  @ParameterizedTest(name = "passes: {0}") @MethodSource("growing")
  void growingTheContractPassesAMinorRelease(Change change) throws Exception {
    JavaApiGate.Verdict verdict = gate.compare(baselineJar, "1.0.0", variant(change), "1.1.0");
    assertTrue(verdict.passes(), verdict::report);
  }

  @ParameterizedTest(name = "fails: {0}") @MethodSource("breaking")
  void removingOrRenamingAMemberFailsAMinorRelease(Change change) throws Exception {
    JavaApiGate.Verdict verdict = gate.compare(baselineJar, "1.0.0", variant(change), "1.1.0");
    assertFalse(verdict.passes(), verdict::report);
    assertTrue(verdict.report().contains("io.github.krakensdk.futures.") && verdict.report().contains(change.breaks()),
        verdict::report);
  }

  /** The contract with {@code change} made, generated, compiled and packed. */
  private static Path variant(Change change) throws Exception {
    ObjectNode spec = (ObjectNode) YAML.readTree(contract.toFile());
    change.edit().accept(spec);
    Path work = Files.createDirectories(dir.resolve(change.name().replace(' ', '-')));
    Path changed = work.resolve(contract.getFileName());
    YAML.writeValue(changed.toFile(), spec);
    return futures.jar(changed, work);
  }

  private static ObjectNode schema(ObjectNode spec, String name) {
    JsonNode schema = spec.get("components").get("schemas").get(name);
    assertNotNull(schema, "no schema " + name + " in " + contract);
    return (ObjectNode) schema;
  }

  private static ObjectNode properties(ObjectNode spec, String schema) {
    return (ObjectNode) schema(spec, schema).get("properties");
  }

  private static ArrayNode parameters(ObjectNode spec, String path, String method) {
    return (ArrayNode) spec.get("paths").get(path).get(method).get("parameters");
  }

  /** Removes the elements of {@code array} that are {@code value} or a parameter named {@code value}. */
  private static void remove(ArrayNode array, String value) {
    int before = array.size();
    for (Iterator<JsonNode> i = array.iterator(); i.hasNext(); ) {
      JsonNode element = i.next();
      if (element.asText().equals(value) || element.path("name").asText().equals(value)) i.remove();
    }
    assertTrue(array.size() < before, value + " not found");
  }

  private static JsonNode node(String yaml) {
    try {
      return YAML.readTree(yaml);
    } catch (Exception e) {
      throw new IllegalArgumentException(yaml, e);
    }
  }
}
