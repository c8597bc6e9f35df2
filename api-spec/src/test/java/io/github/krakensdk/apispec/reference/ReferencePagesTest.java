package io.github.krakensdk.apispec.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.apispec.Contract;
import io.github.krakensdk.apispec.Specs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The HTML reference holds everything its YAML says, read back from the YAML: every operation
 * (callbacks too), each with its parameters, response statuses and examples; every schema with
 * its properties and enum values; shared parameters and responses; security schemes; every
 * design decision as a marked note; and it fetches nothing when viewed.
 */
final class ReferencePagesTest {
  private static final Pattern PRE = Pattern.compile("<pre class=\"example\"><code>(.*?)</code></pre>", Pattern.DOTALL);

  static Stream<String> families() {
    return Specs.families().stream();
  }

  @ParameterizedTest(name = "{0}.html") @MethodSource("families")
  void everyOperationIsOnThePageWithItsParametersStatusesAndExamples(String family) {
    Contract contract = Specs.load(family);
    String page = ReferencePages.page(contract);
    for (Contract.Operation op : contract.operations()) {
      String id = op.operationId();
      String section = section(page, "op-" + id);
      assertTrue(section.contains("operationId <code>" + id + "</code>"), id);
      assertTrue(section.contains(Html.escape(op.path())), id + " path");
      assertTrue(section.contains(Html.escape(op.node().path("summary").asText())), id + " summary");

      JsonNode pathItem = contract.at(op.pointer().substring(0, op.pointer().lastIndexOf('/')));
      List<JsonNode> parameters = new ArrayList<>();
      pathItem.path("parameters").forEach(parameters::add);
      op.node().path("parameters").forEach(parameters::add);
      for (JsonNode raw : parameters) {
        JsonNode p = contract.resolve(raw);
        assertTrue(section.contains("<code class=\"name\">" + Html.escape(p.path("name").asText()) + "</code>"),
            id + " parameter " + p.path("name").asText());
      }

      List<JsonNode> shown = examples(section);
      if (op.node().has("requestBody")) {
        JsonNode body = contract.resolve(op.node().get("requestBody"));
        for (JsonNode media : body.path("content")) assertExamplesShown(id + " request body", media, shown, contract);
      }
      for (Map.Entry<String, JsonNode> r : op.node().path("responses").properties()) {
        String status = r.getKey();
        assertTrue(section.contains("id=\"op-" + id + "-" + status + "\""), id + " status " + status);
        assertTrue(section.contains("<span class=\"status\">" + status + "</span>"), id + " status " + status);
        if (r.getValue().has("$ref")) {
          String name = r.getValue().get("$ref").asText().replace("#/components/responses/", "");
          assertTrue(section.contains("href=\"#response-" + name + "\""), id + " " + status + " links " + name);
        } else {
          for (JsonNode media : r.getValue().path("content")) assertExamplesShown(id + " " + status, media, shown, contract);
        }
      }
    }
  }

  @ParameterizedTest(name = "{0}.html") @MethodSource("families")
  void everySharedComponentIsOnThePage(String family) {
    Contract contract = Specs.load(family);
    String page = ReferencePages.page(contract);
    JsonNode components = contract.root().path("components");

    for (Map.Entry<String, JsonNode> s : components.path("schemas").properties()) {
      String section = section(page, "schema-" + s.getKey());
      assertTrue(section.contains("<code>" + s.getKey() + "</code>"), s.getKey());
      for (String property : propertyNames(s.getValue(), contract)) {
        assertTrue(section.contains("<code class=\"name\">" + property + "</code>"), s.getKey() + "." + property);
      }
      List<String> values = new ArrayList<>();
      for (JsonNode value : s.getValue().path("enum")) values.add("<code>" + Html.escape(value.asText()) + "</code>");
      if (!values.isEmpty()) {
        assertTrue(section.contains("<p class=\"enum\">Values: " + String.join(", ", values) + "</p>"), s.getKey() + " enum values");
      }
      if (s.getValue().has("example")) assertScalarShown(section, s.getValue().get("example"), s.getKey());
      for (Map.Entry<String, JsonNode> p : s.getValue().path("properties").properties()) {
        if (p.getValue().has("example")) assertScalarShown(section, p.getValue().get("example"), s.getKey() + "." + p.getKey());
      }
    }
    for (Map.Entry<String, JsonNode> p : components.path("parameters").properties()) {
      String section = section(page, "parameter-" + p.getKey());
      assertTrue(section.contains("<code class=\"name\">" + Html.escape(p.getValue().path("name").asText()) + "</code>"), p.getKey());
      if (p.getValue().has("example")) assertScalarShown(section, p.getValue().get("example"), p.getKey());
    }
    for (Map.Entry<String, JsonNode> r : components.path("responses").properties()) {
      String section = section(page, "response-" + r.getKey());
      List<JsonNode> shown = examples(section);
      for (JsonNode media : r.getValue().path("content")) assertExamplesShown("response " + r.getKey(), media, shown, contract);
    }
    for (Map.Entry<String, JsonNode> s : components.path("securitySchemes").properties()) {
      String section = section(page, "security-" + s.getKey());
      for (Map.Entry<String, JsonNode> flow : s.getValue().path("flows").properties()) {
        for (String scope : iterable(flow.getValue().path("scopes").fieldNames())) {
          assertTrue(section.contains("<code>" + scope + "</code>"), s.getKey() + " scope " + scope);
        }
      }
    }
  }

  @ParameterizedTest(name = "{0}.html") @MethodSource("families")
  void everyDesignDecisionIsAMarkedNote(String family) {
    Contract contract = Specs.load(family);
    String page = ReferencePages.page(contract);
    List<String> decisions = new ArrayList<>();
    collectDecisions(contract.root(), decisions);
    assertFalse(decisions.isEmpty(), family + " has no x-kraken-decision");
    for (String decision : decisions) {
      String note = "<aside class=\"decision\"><p class=\"decision-label\">Design decision</p>" + Html.markdown(decision) + "</aside>";
      assertTrue(page.contains(note), "decision not shown as a marked note: " + decision);
    }
    // Shown as notes, never as a raw extension value.
    assertFalse(page.contains("<code>" + PageBuilder.DECISION + "</code>"), "decision listed as an extension");
  }

  @ParameterizedTest(name = "{0}.html") @MethodSource("families")
  void pageFetchesNothingWhenViewed(String family) {
    assertSelfContained(ReferencePages.page(Specs.load(family)));
  }

  @Test void indexLinksEveryFamilyPageAndYaml(@TempDir Path dir) throws IOException {
    List<Contract> contracts = Specs.all();
    ReferencePages.write(contracts, "9.9.9", dir);
    String index = Files.readString(dir.resolve("index.html"));
    assertSelfContained(index);
    assertTrue(index.contains("9.9.9"));
    for (Contract c : contracts) {
      assertTrue(index.contains("href=\"" + c.family() + ".html\""), c.family());
      assertTrue(index.contains("href=\"../openapi/" + c.fileName() + "\""), c.fileName());
      assertTrue(Files.isRegularFile(dir.resolve(c.family() + ".html")), c.family());
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(contracts.size() + 1, files.count());
    }
  }

  @Test void textFromTheContractIsEscaped() {
    // A description with a would-be tag and an example with markup: shown as text, never run.
    ObjectNode tree = Specs.load("spot").copyOfTree();
    ((ObjectNode) tree.at("/info")).put("description", "Send `Authorization: Basic <credentials>` and <script>alert(1)</script>.");
    ((ObjectNode) tree.at("/info")).put(PageBuilder.DECISION, "Chosen <script>alert(2)</script> & kept.");
    ((ObjectNode) tree.at("/paths/~10~1public~1Assets/get/responses/200/content/application~1json/examples/rateLimited/value"))
        .putArray("error").add("</code></pre><script src=\"https://cdn.example/x.js\"></script>");
    String page = ReferencePages.page(Contract.of("spot.yaml", tree));
    assertFalse(page.contains("<script"), "markup from the contract reached the page as markup");
    assertTrue(page.contains("&lt;credentials&gt;"));
    assertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assertTrue(page.contains("<aside class=\"decision\"><p class=\"decision-label\">Design decision</p><p>Chosen &lt;script&gt;alert(2)&lt;/script&gt; &amp; kept.</p></aside>"));
    assertSelfContained(page);
    // The escaped example still reads back as the example.
    JsonNode expected = tree.at("/paths/~10~1public~1Assets/get/responses/200/content/application~1json/examples/rateLimited/value");
    assertTrue(examples(page).contains(expected));
  }

  // ---------------------------------------------------------------- helpers

  /**
   * No script, style sheet, font, frame or image: no such element, no {@code src} attribute, a
   * style with no {@code @import} or {@code url(}, and every link a fragment or a relative file.
   * Text from the contract is escaped, so every {@code <} in the page opens a real tag.
   */
  private static void assertSelfContained(String html) {
    Matcher tag = Pattern.compile("<([a-zA-Z][a-zA-Z0-9]*)([^>]*)>").matcher(html);
    while (tag.find()) {
      String name = tag.group(1).toLowerCase(Locale.ROOT);
      String attributes = tag.group(2).toLowerCase(Locale.ROOT);
      assertFalse(List.of("script", "link", "img", "iframe", "object", "embed", "base", "audio", "video", "source")
          .contains(name), "page has a <" + name + "> element");
      assertFalse(attributes.matches("(?s).*\\b(src|srcset|poster|data)\\s*=.*"), "page loads a resource: " + tag.group());
      Matcher href = Pattern.compile("href=\"([^\"]*)\"").matcher(tag.group(2));
      while (href.find()) {
        String target = href.group(1);
        assertFalse(target.matches("(?i)^[a-z][a-z0-9+.-]*:.*") || target.startsWith("//"), "absolute link " + target);
      }
    }
    Matcher style = Pattern.compile("<style>(.*?)</style>", Pattern.DOTALL).matcher(html);
    while (style.find()) {
      assertFalse(style.group(1).contains("@import") || style.group(1).contains("url("), "style loads a resource");
    }
  }

  /** The HTML from the element with {@code id} to the start of the next section of the same kind. */
  private static String section(String page, String id) {
    int at = page.indexOf("id=\"" + Html.id(id.substring(0, id.indexOf('-')), id.substring(id.indexOf('-') + 1)) + "\"");
    assertTrue(at >= 0, "no element with id " + id);
    int start = page.lastIndexOf('<', at);
    String open = page.substring(start, page.indexOf('>', start) + 1);
    String cls = open.replaceAll(".*class=\"([^\" ]*).*", "$1");
    int next = page.indexOf("<section class=\"" + cls, at);
    int groupEnd = page.indexOf("</section>\n</section>", at);
    int end = next < 0 ? groupEnd : groupEnd < 0 ? next : Math.min(next, groupEnd);
    return page.substring(start, end < 0 ? page.length() : end);
  }

  /** Every {@code <pre class="example">} block, read back as JSON. */
  private static List<JsonNode> examples(String html) {
    List<JsonNode> out = new ArrayList<>();
    Matcher m = PRE.matcher(html);
    while (m.find()) {
      try {
        out.add(Contract.readJson(unescape(m.group(1))));
      } catch (IOException e) {
        throw new AssertionError("example block is not JSON: " + m.group(1), e);
      }
    }
    return out;
  }

  private static void assertExamplesShown(String where, JsonNode media, List<JsonNode> shown, Contract contract) {
    if (media.has("example")) assertTrue(shown.contains(media.get("example")), where + " example");
    for (Map.Entry<String, JsonNode> e : media.path("examples").properties()) {
      JsonNode value = contract.resolve(e.getValue()).path("value");
      assertTrue(shown.contains(value), where + " example " + e.getKey() + " not shown");
    }
  }

  private static void assertScalarShown(String html, JsonNode example, String where) {
    if (example.isContainerNode()) {
      assertTrue(examples(html).contains(example), where + " example");
    } else {
      String text = example.isTextual() ? example.asText() : example.toString();
      assertTrue(html.contains("<code>" + Html.escape(text) + "</code>"), where + " example " + text);
    }
  }

  /** Every {@code x-kraken-decision} value anywhere in the tree. */
  private static void collectDecisions(JsonNode node, List<String> out) {
    if (node.isObject()) {
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        if (e.getKey().equals(PageBuilder.DECISION)) {
          out.add(e.getValue().asText());
        } else {
          collectDecisions(e.getValue(), out);
        }
      }
    } else if (node.isArray()) {
      node.forEach(n -> collectDecisions(n, out));
    }
  }

  /** The properties a schema shows: its own and those of its inline allOf members. */
  private static List<String> propertyNames(JsonNode schema, Contract contract) {
    List<String> names = new ArrayList<>();
    schema.path("properties").fieldNames().forEachRemaining(names::add);
    for (JsonNode member : schema.path("allOf")) {
      if (!member.has("$ref")) member.path("properties").fieldNames().forEachRemaining(names::add);
    }
    return names;
  }

  private static String unescape(String html) {
    return html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&");
  }

  private static <T> Iterable<T> iterable(Iterator<T> iterator) {
    return () -> iterator;
  }

  @Test
  void theWebSocketContractHasItsPagesAndTheAsyncApiPageLinksEveryMessageToItsSchema(@TempDir Path dir) throws IOException {
    Path ws = Specs.dir().resolve("ws");
    Contract openApi = Contract.parse("ws/websocket.yaml", Files.readString(ws.resolve("websocket.yaml")));
    Contract asyncApi = Contract.parse("ws/websocket.asyncapi.yaml", Files.readString(ws.resolve("websocket.asyncapi.yaml")));
    ReferencePages.write(List.of(), List.of(new ReferencePages.Stream(openApi, asyncApi)), "1.1.0", dir);
    String index = Files.readString(dir.resolve("index.html"));
    assertTrue(index.contains("href=\"../openapi/ws/websocket.yaml\""), index);
    assertTrue(index.contains("href=\"../openapi/ws/websocket.asyncapi.yaml\""), index);
    String schemas = Files.readString(dir.resolve("websocket.html"));
    String page = Files.readString(dir.resolve("websocket.asyncapi.html"));
    asyncApi.root().path("operations").fieldNames().forEachRemaining(op -> assertTrue(page.contains("<code>" + op + "</code>"), op));
    Matcher links = Pattern.compile("href=\"websocket\\.html#([^\"]+)\"").matcher(page);
    int count = 0;
    while (links.find()) {
      assertTrue(schemas.contains("id=\"" + links.group(1) + "\""), links.group(1) + " is a section of websocket.html");
      count++;
    }
    assertTrue(count >= asyncApi.root().path("components").path("messages").size(), "every message is linked");
    assertTrue(schemas.contains("x-kraken-ws-channel"), "the routing extensions are on the schema page");
  }
}
