package io.github.krakensdk.apispec.lint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.github.krakensdk.apispec.Contract;
import io.github.krakensdk.apispec.Specs;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ruleset on the real contracts (no finding) and on copies broken on purpose, one or more
 * per rule (the rule catches the break, at the place broken).
 */
final class LintRulesTest {
  private static Linter linter;
  private static JsonNode rulesetTree;

  @BeforeAll static void load() throws IOException {
    rulesetTree = new ObjectMapper(new YAMLFactory()).readTree(Specs.dir().resolve("lint/ruleset.yaml").toFile());
    linter = new Linter(Ruleset.of(rulesetTree), Linter.allRules());
  }

  static Stream<String> families() {
    return Specs.families().stream();
  }

  @ParameterizedTest(name = "{0}.yaml") @MethodSource("families")
  void realContractHasNoFinding(String family) {
    List<Finding> findings = linter.lint(Specs.load(family));
    assertTrue(findings.isEmpty(), () -> "findings in " + family + ".yaml:\n" + lines(findings));
  }

  /** One deliberate break of a copy: the rule that must catch it, and where. */
  record Break(String rule, String family, String what, Consumer<ObjectNode> edit, String pointer) {
    @Override public String toString() {
      return rule + ": " + what + " (" + family + ".yaml)";
    }
  }

  static Stream<Break> breaks() {
    String assets = "/paths/~10~1public~1Assets/get";
    String tradeVolume = "/paths/~10~1private~1TradeVolume/post";
    return Stream.of(
        // The OpenAPI rules.
        new Break("openapi-valid", "spot", "info.title removed", t -> obj(t, "/info").remove("title"), ""),
        new Break("openapi-valid", "spot", "an operation without responses", t -> obj(t, assets).remove("responses"), ""),
        new Break("openapi-valid", "oauth", "openapi 3.1.0 declared", t -> t.put("openapi", "3.1.0"), "/openapi"),
        new Break("openapi-valid", "futures", "a misspelled field (sumary)",
            t -> obj(t, "/paths/~1history/get").put("sumary", "History"), ""),
        new Break("no-external-ref", "spot", "a $ref into another file",
            t -> obj(t, assets + "/parameters/1/schema").put("$ref", "common.yaml#/components/schemas/AssetClass"),
            assets + "/parameters/1/schema/$ref"),
        new Break("no-external-ref", "spot", "a $ref to a schema that does not exist",
            t -> obj(t, assets + "/parameters/1/schema").put("$ref", "#/components/schemas/AssetKlass"),
            assets + "/parameters/1/schema/$ref"),
        // Operations.
        new Break("operation-operation-id", "spot", "operationId removed",
            t -> obj(t, "/paths/~10~1private~1WithdrawCancel/post").remove("operationId"), "/paths/~10~1private~1WithdrawCancel/post"),
        new Break("operation-operation-id", "spot", "operationId used twice",
            t -> obj(t, "/paths/~10~1private~1Earn~1DeallocateStatus/post").put("operationId", "deallocateEarnFunds"),
            "/paths/~10~1private~1Earn~1DeallocateStatus/post/operationId"),
        new Break("operation-operation-id", "spot", "operationId not lowerCamelCase",
            t -> obj(t, assets).put("operationId", "GetAssets"), assets + "/operationId"),
        new Break("operation-operation-id", "embed", "callback operation without operationId",
            t -> obj(t, CALLBACK).remove("operationId"), CALLBACK),
        new Break("operation-summary", "spot", "summary removed", t -> obj(t, tradeVolume).remove("summary"), tradeVolume),
        new Break("operation-description", "futures", "description blank",
            t -> obj(t, "/paths/~1notifications/get").put("description", "  "), "/paths/~1notifications/get"),
        new Break("operation-tag", "oauth", "tags removed", t -> obj(t, "/paths/~1oauth~1userinfo/get").remove("tags"),
            "/paths/~1oauth~1userinfo/get"),
        new Break("operation-tag", "oauth", "a tag not declared at the root",
            t -> arr(t, "/paths/~1oauth~1fast-api-keys/get/tags").set(0, "Accounts"), "/paths/~1oauth~1fast-api-keys/get/tags/0"),
        new Break("operation-tag", "oauth", "a second tag on one operation",
            t -> arr(t, "/paths/~1oauth~1userinfo/get/tags").add("OAuth2"), "/paths/~1oauth~1userinfo/get/tags"),
        new Break("operation-tag", "oauth", "a second tag, declared, used by one operation",
            t -> {
              arr(t, "/tags").addObject().put("name", "Accounts").put("description", "Accounts.");
              arr(t, "/paths/~1oauth~1userinfo/get/tags").set(0, "Accounts");
            },
            "/paths/~1oauth~1userinfo/get/tags"),
        new Break("operation-response-example", "spot", "the examples of a response body removed",
            t -> obj(t, assets + "/responses/200/content/application~1json").remove("examples"),
            assets + "/responses/200/content/application~1json"),
        new Break("operation-response-example", "embed", "the examples of a shared response removed",
            t -> obj(t, "/components/responses/Conflict/content/application~1json").remove("examples"),
            "/components/responses/Conflict/content/application~1json"),
        new Break("operation-response-example", "futures", "no response example left",
            t -> t.at("/paths/~1pnlpreferences/get/responses").forEach(r -> ((ObjectNode) r.at("/content/application~1json")).remove("examples")),
            "/paths/~1pnlpreferences/get/responses"),
        // Types and constraints.
        new Break("decimal-format", "spot", "format: decimal removed from a fee",
            t -> obj(t, "/components/schemas/FeeTierInfo/properties/fee").remove("format"), "/components/schemas/FeeTierInfo/properties/fee"),
        new Break("decimal-format", "spot", "a new string property named like a price",
            t -> obj(t, "/components/schemas/TradeVolume/properties").putObject("limit_price").put("type", "string"),
            "/components/schemas/TradeVolume/properties/limit_price"),
        new Break("decimal-format", "embed", "a string property whose example is a decimal",
            t -> obj(t, "/components/schemas/AssetAmount/properties").putObject("rebate").put("type", "string").put("example", "0.25"),
            "/components/schemas/AssetAmount/properties/rebate"),
        new Break("decimal-format", "spot", "a query parameter named like an amount",
            t -> arr(t, assets + "/parameters").addObject().put("name", "min_amount").put("in", "query")
                .putObject("schema").put("type", "string"),
            assets + "/parameters/3/schema"),
        new Break("decimal-type", "spot", "format: decimal on an integer",
            t -> obj(t, "/components/schemas/AssetInfo/properties/decimals").put("format", "decimal"),
            "/components/schemas/AssetInfo/properties/decimals"),
        new Break("path-parameter-length", "embed", "maxLength removed from the user IIBAN",
            t -> obj(t, "/components/parameters/User/schema").remove("maxLength"), "/components/parameters/User/schema"),
        new Break("path-parameter-length", "embed", "minLength removed from the asset path parameter",
            t -> obj(t, DEPOSIT_METHODS + "/parameters/1/schema").remove("minLength"), DEPOSIT_METHODS + "/parameters/1/schema"),
        new Break("path-parameter-length", "embed", "a boolean path parameter",
            t -> obj(t, DEPOSIT_METHODS + "/parameters/1/schema").put("type", "boolean"), DEPOSIT_METHODS + "/parameters/1/schema"),
        new Break("iiban-length", "embed", "the user query parameter allows 34 characters at most",
            t -> obj(t, "/components/parameters/UserQuery/schema").put("maxLength", 34), "/components/parameters/UserQuery/schema"),
        new Break("iiban-length", "embed", "the user path parameter allows 1 character",
            t -> obj(t, "/components/parameters/User/schema").put("minLength", 1), "/components/parameters/User/schema"),
        // Shape.
        new Break("no-unused-component", "spot", "a schema nothing uses",
            t -> obj(t, "/components/schemas").putObject("Orphan").put("type", "string"), "/components/schemas/Orphan"),
        new Break("no-unused-component", "spot", "a schema used only by an unused schema",
            t -> {
              obj(t, "/components/schemas").putObject("OrphanA").put("$ref", "#/components/schemas/OrphanB");
              obj(t, "/components/schemas").putObject("OrphanB").put("type", "string");
            },
            "/components/schemas/OrphanB"),
        new Break("no-unused-component", "embed", "a response nothing uses",
            t -> obj(t, "/components/responses").set("Gone", t.at("/components/responses/Conflict").deepCopy()),
            "/components/responses/Gone"),
        new Break("no-unused-component", "futures", "a security scheme no requirement names",
            t -> obj(t, "/components/securitySchemes").putObject("Legacy").put("type", "apiKey").put("in", "header").put("name", "X-Legacy"),
            "/components/securitySchemes/Legacy"),
        new Break("no-inline-duplicate", "spot", "a map value written as an inline copy of FeeTierInfo",
            t -> {
              ObjectNode copy = t.at("/components/schemas/FeeTierInfo").deepCopy();
              copy.put("description", "Same fields, other words.");
              obj(t, "/components/schemas/TradeVolume/properties/fees").set("additionalProperties", copy);
            },
            "/components/schemas/TradeVolume/properties/fees/additionalProperties"),
        new Break("no-inline-duplicate", "spot", "a parameter schema written as an inline copy of AssetClass",
            t -> obj(t, assets + "/parameters/1").set("schema", t.at("/components/schemas/AssetClass").deepCopy()),
            assets + "/parameters/1/schema"),
        new Break("no-inline-enum", "oauth", "an inline enum property",
            t -> {
              ObjectNode region = obj(t, "/components/schemas/UserInfo/properties").putObject("region");
              region.put("type", "string");
              region.putArray("enum").add("eu").add("us");
            },
            "/components/schemas/UserInfo/properties/region"),
        // The public service.
        new Break("public-service", "oauth", "the service's path takes another operation's place",
            t -> obj(t, LIST_KEYS + "/x-kraken-public-service").put("path", "/oauth/userinfo"),
            LIST_KEYS + "/x-kraken-public-service/path"),
        new Break("public-service", "oauth", "a service path without evidence",
            t -> obj(t, LIST_KEYS + "/x-kraken-public-service").remove("evidence"),
            LIST_KEYS + "/x-kraken-public-service/evidence"),
        new Break("public-service", "embed", "other names for a query parameter",
            t -> obj(t, "/components/parameters/UserQuery").putObject("x-kraken-public-service")
                .put("evidence", "a page").putArray("names").add("iiban"),
            "/components/parameters/UserQuery/x-kraken-public-service"),
        new Break("public-service", "embed", "a header's service name that is its own name",
            t -> arr(t, "/components/parameters/ServiceVersion/x-kraken-public-service/names").add("service-version"),
            "/components/parameters/ServiceVersion/x-kraken-public-service/names"),
        new Break("public-service", "spot", "a member's service name missing from x-aliases",
            t -> obj(t, FEE + "/min_fee").remove("x-aliases"), FEE + "/min_fee/x-kraken-public-service/name"),
        new Break("public-service", "spot", "a difference users are not told of",
            t -> obj(t, "/components/schemas/FeeTierInfo").put("description", "Fee tier of one pair."),
            FEE + "/min_fee/description"),
        new Break("public-service", "spot", "the extension on a schema rather than a property",
            t -> obj(t, "/components/schemas/TradeVolume").set("x-kraken-public-service",
                t.at(FEE + "/min_fee/x-kraken-public-service").deepCopy()),
            "/components/schemas/TradeVolume/x-kraken-public-service"),
        new Break("public-service", "spot", "an unknown field in the extension",
            t -> obj(t, FEE + "/max_fee/x-kraken-public-service").put("mediaType", "application/x-www-form-urlencoded"),
            FEE + "/max_fee/x-kraken-public-service/mediaType"),
        // Constraints the contract decided.
        new Break("contract-only-constraints", "embed", "a keyword the schema does not have",
            t -> ((ArrayNode) t.at("/components/schemas/NewUser/properties/external_id/x-kraken-contract-only"))
                .add("pattern"),
            "/components/schemas/NewUser/properties/external_id/x-kraken-contract-only"),
        new Break("contract-only-constraints", "embed", "a word that is no constraint keyword",
            t -> obj(t, "/components/schemas/WithdrawalOrder/properties/key").putArray("x-kraken-contract-only")
                .add("length"),
            "/components/schemas/WithdrawalOrder/properties/key/x-kraken-contract-only"),
        new Break("contract-only-constraints", "embed", "an exclusive bound without its minimum",
            t -> obj(t, "/components/schemas/QuoteAmount/properties/amount").putArray("x-kraken-contract-only")
                .add("exclusiveMinimum"),
            "/components/schemas/QuoteAmount/properties/amount/x-kraken-contract-only"),
        new Break("contract-only-constraints", "oauth", "required on a schema without a required list",
            t -> obj(t, "/components/schemas/UserInfo").putArray("x-kraken-contract-only").add("required"),
            "/components/schemas/UserInfo/x-kraken-contract-only"),
        new Break("contract-only-constraints", "spot", "an empty list",
            t -> obj(t, "/components/schemas/OrderPrice").putArray("x-kraken-contract-only"),
            "/components/schemas/OrderPrice/x-kraken-contract-only"),
        // Patterns in words.
        new Break("pattern-words", "spot", "a checked pattern without words",
            t -> obj(t, "/components/schemas/ClientOrderId").remove("x-kraken-rule-text"),
            "/components/schemas/ClientOrderId/pattern"),
        new Break("pattern-words", "spot", "words without a pattern",
            t -> obj(t, "/components/schemas/OrderType").put("x-kraken-rule-text", "an order type"),
            "/components/schemas/OrderType/x-kraken-rule-text"),
        new Break("pattern-words", "embed", "one pattern, two meanings",
            t -> obj(t, "/components/schemas/WebhookRegistration/properties/events/items")
                .put("x-kraken-rule-text", "words"),
            "/components/schemas/WebhookRegistration/properties/events/items/x-kraken-rule-text"),
        new Break("contract-only-constraints", "spot", "an operation marking one-of groups it does not have",
            t -> obj(t, CANCEL_ALL).putArray("x-kraken-contract-only").add("x-kraken-one-of"),
            CANCEL_ALL + "/x-kraken-contract-only"),
        // One-of groups.
        new Break("one-of-members", "spot", "a group naming no member of the request",
            t -> arr(t, CANCEL_ORDER + "/x-kraken-one-of/0").set(1, "client_order_id"),
            CANCEL_ORDER + "/x-kraken-one-of/0"),
        new Break("one-of-members", "spot", "a group of one member",
            t -> arr(t, CANCEL_ORDER + "/x-kraken-one-of/0").remove(1),
            CANCEL_ORDER + "/x-kraken-one-of/0"),
        new Break("one-of-members", "spot", "a group with a required member",
            t -> obj(t, EDIT_ORDER).putArray("x-kraken-one-of").addArray().add("txid").add("userref"),
            EDIT_ORDER + "/x-kraken-one-of/0"),
        new Break("one-of-members", "spot", "a signer-filled member",
            t -> arr(t, CANCEL_ORDER + "/x-kraken-one-of/0").add("nonce"),
            CANCEL_ORDER + "/x-kraken-one-of/0"),
        new Break("java-name", "spot", "a Java name that is no identifier",
            t -> obj(t, ORDER_PROPERTIES + "/oflags").put("x-kraken-java-name", "order-flags"),
            ORDER_PROPERTIES + "/oflags/x-kraken-java-name"),
        new Break("java-name", "spot", "a Java name another member has",
            t -> obj(t, ORDER_PROPERTIES + "/oflags").put("x-kraken-java-name", "pair"),
            ORDER_PROPERTIES + "/oflags/x-kraken-java-name"),
        new Break("java-name", "spot", "a single-value accessor on a member that is no list",
            t -> obj(t, ORDER_PROPERTIES + "/pair").put("x-kraken-single", "onePair"),
            ORDER_PROPERTIES + "/pair/x-kraken-single"),
        new Break("java-name", "spot", "a single-value accessor named as another member",
            t -> obj(t, "/components/schemas/OrderAdded/properties/txid").put("x-kraken-single", "description"),
            "/components/schemas/OrderAdded/properties/txid/x-kraken-single"),
        new Break("java-name", "spot", "an operation's Java name another operation has",
            t -> obj(t, CANCEL_ORDER).put("x-kraken-java-name", "addOrder"), CANCEL_ORDER + "/x-kraken-java-name"),
        new Break("java-type", "spot", "a Java type the SDK does not have",
            t -> obj(t, ORDER_PROPERTIES + "/price").put("x-kraken-java-type", "Price"),
            ORDER_PROPERTIES + "/price/x-kraken-java-type"),
        new Break("java-type", "spot", "a Java type on a member that is no string",
            t -> obj(t, ORDER_PROPERTIES + "/userref").put("x-kraken-java-type", "OrderPrice"),
            ORDER_PROPERTIES + "/userref/x-kraken-java-type"),
        new Break("operation-section", "spot", "an operation without a section",
            t -> obj(t, CANCEL_ORDER).remove("x-kraken-section"), CANCEL_ORDER),
        new Break("operation-section", "spot", "a section the tag does not declare",
            t -> obj(t, CANCEL_ORDER).put("x-kraken-section", "Orders"), CANCEL_ORDER + "/x-kraken-section"),
        new Break("pagination-members", "spot", "a position that is no request member",
            t -> obj(t, LEDGERS + "/x-kraken-pagination").put("request", "offset"),
            LEDGERS + "/x-kraken-pagination/request"),
        new Break("pagination-members", "spot", "items that are no member of the result",
            t -> obj(t, LEDGERS + "/x-kraken-pagination").put("items", "entries"),
            LEDGERS + "/x-kraken-pagination/items"),
        new Break("pagination-members", "spot", "an offset style without its total",
            t -> obj(t, LEDGERS + "/x-kraken-pagination").remove("total"),
            LEDGERS + "/x-kraken-pagination"),
        new Break("sandbox-accepts", "spot", "an ignored member the operation declares",
            t -> obj(t, ADD_ORDER + "/x-kraken-ignored-members").set("pair",
                obj(t, ADD_ORDER + "/x-kraken-ignored-members/position").deepCopy()),
            ADD_ORDER + "/x-kraken-ignored-members/pair"),
        new Break("sandbox-accepts", "spot", "an ignored member without evidence",
            t -> obj(t, "/x-kraken-ignored-members/otp").remove("evidence"), "/x-kraken-ignored-members/otp"),
        new Break("sandbox-accepts", "spot", "a clamp of a keyword the schema does not have",
            t -> arr(t, DEPTH + "/parameters/1/x-kraken-service-clamps").add("exclusiveMaximum"),
            DEPTH + "/parameters/1/x-kraken-service-clamps"),
        new Break("sandbox-accepts", "spot", "a member's alternative without evidence",
            t -> obj(t, TRADE_VOLUME_PAIR + "/x-kraken-service-alternatives/0").remove("evidence"),
            TRADE_VOLUME_PAIR + "/x-kraken-service-alternatives/0"),
        new Break("sandbox-accepts", "spot", "a parameter's alternative without a schema",
            t -> obj(t, assets + "/parameters/2/x-kraken-service-alternatives/0").remove("schema"),
            assets + "/parameters/2/x-kraken-service-alternatives/0"),
        new Break("sandbox-accepts", "spot", "a parameter's alternative that is no scalar",
            t -> obj(t, assets + "/parameters/2/x-kraken-service-alternatives/0/schema").put("type", "array"),
            assets + "/parameters/2/x-kraken-service-alternatives/0"),
        new Break("sandbox-accepts", "spot", "alternatives on an operation, no member or parameter",
            t -> obj(t, assets).set("x-kraken-service-alternatives",
                obj(t, assets + "/parameters/2").get("x-kraken-service-alternatives").deepCopy()),
            assets + "/x-kraken-service-alternatives"),
        new Break("pagination-members", "spot", "an unknown style",
            t -> obj(t, LEDGERS + "/x-kraken-pagination").put("style", "token"),
            LEDGERS + "/x-kraken-pagination/style"),
        new Break("pagination-members", "spot", "a forming member that is no member of an item",
            t -> obj(t, OHLC + "/x-kraken-pagination").put("forming-after", "timestamp"),
            OHLC + "/x-kraken-pagination/forming-after"),
        new Break("pagination-members", "embed", "a total path with no such member",
            t -> obj(t, SETTLEMENT_REPORTS + "/x-kraken-pagination").put("total", "meta.pages"),
            SETTLEMENT_REPORTS + "/x-kraken-pagination/total"),
        // The WebSocket contract's routing.
        new Break("ws-routing", "ws/websocket", "a request whose reply answers another method",
            t -> obj(t, WS + "AddOrderRequest").put("x-kraken-ws-reply", "CancelAllReply"),
            WS + "AddOrderRequest/x-kraken-ws-reply"),
        new Break("ws-routing", "ws/websocket", "two messages routed by one channel and type",
            t -> arr(t, WS + "Level3SnapshotMessage/x-kraken-ws-type").add("update"), WS + "Level3UpdateMessage"),
        new Break("ws-routing", "ws/websocket", "a type that is no value of the type member",
            t -> arr(t, WS + "TickerMessage/x-kraken-ws-type").add("delta"), WS + "TickerMessage/x-kraken-ws-type"),
        new Break("ws-routing", "ws/websocket", "an endpoint that is not declared",
            t -> arr(t, WS + "BookMessage/x-kraken-ws-endpoint").add("spot-beta"), WS + "BookMessage/x-kraken-ws-endpoint"),
        new Break("ws-routing", "ws/websocket", "a subscription without its channel",
            t -> obj(t, WS + "BookSubscribeRequest").remove("x-kraken-ws-channel"), WS + "BookSubscribeRequest"),
        new Break("ws-routing", "ws/websocket", "asset_class rejected but declared",
            t -> obj(t, WS + "TradeSubscribeParams").put("x-kraken-ws-asset-class", "rejected"),
            WS + "TradeSubscribeParams/x-kraken-ws-asset-class"),
        new Break("ws-routing", "ws/websocket", "asset_class on a schema that is no request's params",
            t -> obj(t, WS + "TickerData").put("x-kraken-ws-asset-class", "rejected"),
            WS + "TickerData/x-kraken-ws-asset-class"),
        new Break("ws-routing", "ws/websocket", "an endpoint URL that is no wss:// URL",
            t -> obj(t, "/x-kraken-ws-endpoints/spot-public").put("url", "https://ws.kraken.com/v2"),
            "/x-kraken-ws-endpoints/spot-public/url"));
  }

  private static final String WS = "/components/schemas/";

  @Test void theWebSocketContractPassesItsRules() {
    List<Finding> findings = linter.stream().lint(Specs.load("ws/websocket"));
    assertTrue(findings.isEmpty(), () -> lines(findings));
    assertTrue(linter.ruleset().streamRules().contains("ws-routing"));
    // paths: {} leaves the rules about operations and paths nothing to check: they are not listed.
    assertFalse(linter.ruleset().streamRules().contains("operation-operation-id"));
    assertFalse(linter.ruleset().streamRules().contains("no-unused-component"));
  }

  private static final String ORDER_PROPERTIES = "/components/schemas/StandardOrderRequest/properties";

  private static final String LIST_KEYS = "/paths/~1oauth~1fast-api-keys/get";
  private static final String CANCEL_ORDER = "/paths/~10~1private~1CancelOrder/post";
  private static final String CANCEL_ALL = "/paths/~10~1private~1CancelAll/post";
  private static final String EDIT_ORDER = "/paths/~10~1private~1EditOrder/post";
  private static final String LEDGERS = "/paths/~10~1private~1Ledgers/post";
  private static final String ADD_ORDER = "/paths/~10~1private~1AddOrder/post";
  private static final String DEPTH = "/paths/~10~1public~1Depth/get";
  private static final String OHLC = "/paths/~10~1public~1OHLC/get";
  private static final String SETTLEMENT_REPORTS = "/paths/~1b2b~1reports~1settlement/get";
  private static final String FEE = "/components/schemas/FeeTierInfo/properties";
  private static final String TRADE_VOLUME_PAIR = "/components/schemas/TradeVolumeRequest/properties/pair";

  private static final String CALLBACK = "/paths/~1b2b~1webhooks~1{webhook_id}~1test/post/callbacks/webhookTestEvent/"
      + "https:~1~1partner.example.com~1webhooks~1kraken~1events/post";
  private static final String DEPOSIT_METHODS = "/paths/~1b2b~1funds~1deposits~1methods~1{asset}/get";

  @ParameterizedTest(name = "{0}") @MethodSource("breaks")
  void ruleCatchesTheBrokenCopy(Break b) {
    Contract original = Specs.load(b.family());
    ObjectNode tree = original.copyOfTree();
    b.edit().accept(tree);
    List<Finding> findings = linter.lint(Contract.of(original.fileName(), tree));

    List<Finding> caught = findings.stream().filter(f -> f.rule().equals(b.rule())).toList();
    assertFalse(caught.isEmpty(), () -> b + " not caught; findings:\n" + lines(findings));
    assertTrue(caught.stream().anyMatch(f -> f.pointer().equals(b.pointer())),
        () -> b + " caught elsewhere than " + b.pointer() + ":\n" + lines(caught));
    assertTrue(caught.stream().allMatch(f -> f.severity() == Severity.ERROR && f.file().equals(original.fileName())));
    assertTrue(Linter.hasErrors(findings));
  }

  @Test void everyRuleHasABreakInThisTest() {
    Set<String> tested = breaks().map(Break::rule).collect(Collectors.toCollection(LinkedHashSet::new));
    Set<String> configured = new LinkedHashSet<>(linter.ruleset().entries().keySet());
    configured.removeAll(tested);
    assertTrue(configured.isEmpty(), "rules without a broken copy in this test: " + configured);
  }

  @Test void aNameThatEndsInAnotherWordIsNoQuantity() {
    // futures.yaml has price_currency, notional_currency and pnlCurrency as plain strings.
    Contract futures = Specs.load("futures");
    assertTrue(futures.text().contains("price_currency:") && futures.text().contains("pnlCurrency:"));
    assertTrue(linter.lint(futures).stream().noneMatch(f -> f.rule().equals("decimal-format")));
    assertEquals(List.of("total", "pnl", "pct"), DecimalFormatRule.words("total_pnl_pct"));
    assertEquals(List.of("pnl", "currency"), DecimalFormatRule.words("pnlCurrency"));
    assertEquals(List.of("include", "total", "pnl"), DecimalFormatRule.words("include[total_pnl]"));
  }

  @Test void aListedNotQuantityIsLeftAlone() {
    // ClientIdentifier.value is a string named like a quantity; the ruleset lists it with its reason.
    Contract embed = Specs.load("embed");
    assertTrue(embed.at("/components/schemas/ClientIdentifier/properties/value/format").isMissingNode());
    ObjectNode ruleset = rulesetTree.deepCopy();
    ((ObjectNode) ruleset.at("/rules/decimal-format")).remove("notQuantities");
    List<Finding> findings = new Linter(Ruleset.of(ruleset), Linter.allRules()).lint(embed);
    // Without the list, exactly the listed strings of embed.yaml are found.
    List<String> listed = new java.util.ArrayList<>();
    rulesetTree.at("/rules/decimal-format/notQuantities").forEach(entry -> {
      String[] name = entry.get("name").asText().split("\\.", 2);
      String pointer = "/components/schemas/" + name[0] + "/properties/" + name[1];
      if (!embed.at(pointer).isMissingNode()) {
        listed.add(pointer);
      }
    });
    assertTrue(listed.contains("/components/schemas/ClientIdentifier/properties/value"), listed::toString);
    assertEquals(listed.stream().sorted().toList(), findings.stream().map(Finding::pointer).sorted().toList());
  }

  @Test void severityWarnReportsWithoutFailing() {
    ObjectNode ruleset = rulesetTree.deepCopy();
    ((ObjectNode) ruleset.at("/rules/decimal-format")).put("severity", "warn");
    ObjectNode tree = Specs.load("spot").copyOfTree();
    obj(tree, "/components/schemas/FeeTierInfo/properties/fee").remove("format");
    List<Finding> findings = new Linter(Ruleset.of(ruleset), Linter.allRules()).lint(Contract.of("spot.yaml", tree));
    assertEquals(1, findings.size(), () -> lines(findings));
    assertEquals(Severity.WARN, findings.get(0).severity());
    assertFalse(Linter.hasErrors(findings));
  }

  @Test void severityOffSkipsTheRule() {
    ObjectNode ruleset = rulesetTree.deepCopy();
    ((ObjectNode) ruleset.at("/rules/no-unused-component")).put("severity", "off");
    ObjectNode tree = Specs.load("spot").copyOfTree();
    obj(tree, "/components/schemas").putObject("Orphan").put("type", "string");
    assertEquals(List.of(), new Linter(Ruleset.of(ruleset), Linter.allRules()).lint(Contract.of("spot.yaml", tree)));
  }

  @Test void rulesetAndEngineMustNameTheSameRules() {
    ObjectNode missing = rulesetTree.deepCopy();
    ((ObjectNode) missing.get("rules")).remove("no-unused-component");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new Linter(Ruleset.of(missing), Linter.allRules()));
    assertTrue(e.getMessage().contains("no-unused-component"), e.getMessage());

    ObjectNode unknown = rulesetTree.deepCopy();
    ((ObjectNode) unknown.get("rules")).putObject("no-tabs").put("severity", "error").put("description", "No tabs.");
    e = assertThrows(IllegalArgumentException.class, () -> new Linter(Ruleset.of(unknown), Linter.allRules()));
    assertTrue(e.getMessage().contains("no-tabs"), e.getMessage());
  }

  @Test void aDataRuleWithAnUnknownWordIsRejected() {
    ObjectNode typo = rulesetTree.deepCopy();
    ((ObjectNode) typo.at("/rules/operation-summary/then/0")).put("nonblank", true);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new Linter(Ruleset.of(typo), Linter.allRules()));
    assertTrue(e.getMessage().contains("nonblank"), e.getMessage());

    ObjectNode given = rulesetTree.deepCopy();
    ((ObjectNode) given.at("/rules/operation-summary")).put("given", "paths");
    e = assertThrows(IllegalArgumentException.class,
        () -> new Linter(Ruleset.of(given), Linter.allRules()));
    assertTrue(e.getMessage().contains("given"), e.getMessage());
  }

  @Test void aRuleWithoutSeverityOrDescriptionIsRejected() {
    ObjectNode noSeverity = rulesetTree.deepCopy();
    ((ObjectNode) noSeverity.at("/rules/operation-summary")).remove("severity");
    assertThrows(IllegalArgumentException.class, () -> Ruleset.of(noSeverity));
    ObjectNode noDescription = rulesetTree.deepCopy();
    ((ObjectNode) noDescription.at("/rules/operation-summary")).remove("description");
    assertThrows(IllegalArgumentException.class, () -> Ruleset.of(noDescription));
  }

  @Test void aKeyWrittenTwiceIsRejectedWhenTheFileIsRead() {
    String yaml = "openapi: 3.0.3\ninfo:\n  title: A\n  title: B\n  version: '1'\npaths: {}\n";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Contract.parse("twice.yaml", yaml));
    assertTrue(e.getMessage().contains("title"), e.getMessage());
  }

  private static ObjectNode obj(JsonNode tree, String pointer) {
    JsonNode node = tree.at(pointer);
    if (!node.isObject()) throw new AssertionError("no object at " + pointer);
    return (ObjectNode) node;
  }

  private static ArrayNode arr(JsonNode tree, String pointer) {
    JsonNode node = tree.at(pointer);
    if (!node.isArray()) throw new AssertionError("no array at " + pointer);
    return (ArrayNode) node;
  }

  private static String lines(List<Finding> findings) {
    return findings.stream().map(Finding::toString).collect(Collectors.joining("\n"));
  }
}
