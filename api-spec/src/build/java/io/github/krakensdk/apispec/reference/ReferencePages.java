package io.github.krakensdk.apispec.reference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.apispec.Contract;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The HTML reference of the contract: one static page per family and an index linking them.
 *
 * <pre>{@code
 * ReferencePages.write(List.of(spot, futures, oauth, embed), "0.1.0", Path.of("target/reference"));
 * // target/reference/index.html, spot.html, futures.html, oauth.html, embed.html
 * }</pre>
 *
 * <p>The pages are made from the YAML tree itself, in the file's order, so that everything the
 * file says is on them: every operation (callbacks included) with its parameters, body,
 * responses by status, headers and every named example; every named schema with its properties,
 * constraints, enum values and extensions; shared parameters and responses; security schemes.
 * A page is one file with its style inline: no script, no font, no image, nothing fetched when
 * it is viewed, so it reads the same offline and from inside the zip.
 *
 * <p>Why not OpenAPI Generator's {@code html} output: it shows examples made up from the
 * schemas instead of the contract's named examples, drops request-body examples, and its
 * templates cannot escape raw values; {@code html2} loads a web font from a CDN and draws the
 * schemas with scripts.
 */
public final class ReferencePages {
  private ReferencePages() {}

  /** Writes {@code index.html} and one {@code <family>.html} per contract into {@code dir}. */
  public static void write(List<Contract> contracts, String version, Path dir) throws IOException {
    Objects.requireNonNull(contracts, "contracts == null");
    Objects.requireNonNull(version, "version == null");
    Files.createDirectories(dir);
    for (Contract contract : contracts) {
      Files.writeString(dir.resolve(pageName(contract)), page(contract), StandardCharsets.UTF_8);
    }
    Files.writeString(dir.resolve("index.html"), index(contracts, version), StandardCharsets.UTF_8);
  }

  /** {@code spot.html} for {@code spot.yaml}. */
  public static String pageName(Contract contract) {
    return contract.family() + ".html";
  }

  /** The index: one line per family, with its page and its YAML as placed in the zip. */
  public static String index(List<Contract> contracts, String version) {
    StringBuilder out = new StringBuilder();
    head(out, "Kraken API contract " + version);
    out.append("<header><h1>Kraken API contract</h1>\n<p class=\"meta\">Version <strong>")
        .append(Html.escape(version)).append("</strong> · OpenAPI 3.0 · one file per family</p></header>\n");
    out.append("<main>\n<table class=\"families\">\n<thead><tr><th>Family</th><th>Reference</th><th>Operations</th>"
        + "<th>Contract</th></tr></thead>\n<tbody>\n");
    for (Contract c : contracts) {
      long operations = c.operations().stream().filter(op -> !op.callback()).count();
      out.append("<tr><td>").append(Html.escape(displayName(c))).append("</td><td><a class=\"family\" href=\"")
          .append(Html.escape(pageName(c))).append("\">").append(Html.escape(c.root().path("info").path("title").asText(c.family())))
          .append("</a></td><td>").append(operations).append("</td><td><a href=\"../openapi/")
          .append(Html.escape(c.fileName())).append("\"><code>openapi/").append(Html.escape(c.fileName()))
          .append("</code></a></td></tr>\n");
    }
    out.append("</tbody>\n</table>\n");
    out.append("<p>The YAML files are the contract; these pages are made from them by the build. "
        + "What changed at each version: <a href=\"../CHANGELOG.md\"><code>CHANGELOG.md</code></a>; "
        + "how the files are written: <a href=\"../CONVENTIONS.md\"><code>CONVENTIONS.md</code></a>.</p>\n");
    out.append("</main>\n</body>\n</html>\n");
    return out.toString();
  }

  /** The page of one family. */
  public static String page(Contract contract) {
    return new Page(contract).render();
  }

  static void head(StringBuilder out, String title) {
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>").append(Html.escape(title)).append("</title>\n<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
  }

  /** The family's tag (Spot, Futures, OAuth, Embed): one tag per file; else the file name, capitalized. */
  private static String displayName(Contract contract) {
    String tag = contract.root().path("tags").path(0).path("name").asText("");
    if (!tag.isEmpty()) return tag;
    String name = contract.family();
    return name.isEmpty() ? name : name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
  }

  /** Renders one contract. */
  private static final class Page {
    private final Contract contract;
    private final JsonNode root;
    private final StringBuilder out = new StringBuilder(256 * 1024);

    Page(Contract contract) {
      this.contract = contract;
      this.root = contract.root();
    }

    String render() {
      JsonNode info = root.path("info");
      String title = info.path("title").asText(contract.family());
      head(out, title + " " + info.path("version").asText(""));
      out.append("<header>\n<p class=\"crumbs\"><a href=\"index.html\">Kraken API contract</a> · <a href=\"../openapi/")
          .append(Html.escape(contract.fileName())).append("\"><code>").append(Html.escape(contract.fileName())).append("</code></a></p>\n");
      out.append("<h1>").append(Html.escape(title)).append("</h1>\n");
      out.append("<p class=\"meta\">Contract version <strong>").append(Html.escape(info.path("version").asText("")))
          .append("</strong> · OpenAPI ").append(Html.escape(root.path("openapi").asText(""))).append("</p>\n");
      markdown(info.path("description"));
      out.append("</header>\n");
      toc();
      out.append("<main>\n");
      overview();
      operations();
      schemas();
      sharedParameters();
      sharedResponses();
      otherComponents();
      securitySchemes();
      out.append("</main>\n</body>\n</html>\n");
      return out.toString();
    }

    private void toc() {
      out.append("<nav>\n<h2>Contents</h2>\n<table class=\"toc\">\n<tbody>\n");
      for (Contract.Operation op : contract.operations()) {
        out.append("<tr><td>").append(method(op.method())).append("</td><td><code>").append(Html.escape(op.path()))
            .append("</code></td><td><a href=\"#").append(opId(op)).append("\"><code>")
            .append(Html.escape(String.valueOf(op.operationId()))).append("</code></a>")
            .append(op.callback() ? " <span class=\"badge\">callback</span>" : "").append("</td><td>")
            .append(Html.escape(op.node().path("summary").asText(""))).append("</td></tr>\n");
      }
      out.append("</tbody>\n</table>\n<p>");
      List<String> links = new ArrayList<>();
      JsonNode components = root.path("components");
      if (components.has("schemas")) links.add("<a href=\"#schemas\">Schemas (" + components.get("schemas").size() + ")</a>");
      if (components.has("parameters")) links.add("<a href=\"#parameters\">Shared parameters</a>");
      if (components.has("responses")) links.add("<a href=\"#responses\">Shared responses</a>");
      if (components.has("securitySchemes")) links.add("<a href=\"#security\">Security schemes</a>");
      out.append(String.join(" · ", links)).append("</p>\n</nav>\n");
    }

    private void overview() {
      out.append("<section id=\"overview\">\n<h2>Overview</h2>\n<dl class=\"facts\">\n");
      for (JsonNode server : root.path("servers")) {
        out.append("<dt>Server</dt><dd><code>").append(Html.escape(server.path("url").asText())).append("</code>");
        if (server.has("description")) out.append(" — ").append(Html.escape(server.get("description").asText()));
        out.append("</dd>\n");
      }
      for (JsonNode tag : root.path("tags")) {
        out.append("<dt>Tag</dt><dd><code>").append(Html.escape(tag.path("name").asText())).append("</code>");
        if (tag.has("description")) out.append(" — ").append(inlineMarkdown(tag.get("description").asText()));
        out.append("</dd>\n");
      }
      extensions(root, "dt", "dd");
      JsonNode security = root.get("security");
      if (security != null) out.append("<dt>Security</dt><dd>").append(security(security)).append("</dd>\n");
      out.append("</dl>\n</section>\n");
    }

    // ---------------------------------------------------------------- operations

    private void operations() {
      out.append("<section id=\"operations\">\n<h2>Operations</h2>\n");
      for (Contract.Operation op : contract.operations()) operation(op);
      out.append("</section>\n");
    }

    private void operation(Contract.Operation op) {
      JsonNode node = op.node();
      out.append("<section class=\"operation").append(op.callback() ? " callback" : "").append("\" id=\"")
          .append(opId(op)).append("\">\n<h3>").append(method(op.method())).append(" <code class=\"path\">")
          .append(Html.escape(op.path())).append("</code></h3>\n");
      out.append("<p class=\"operation-id\">operationId <code>").append(Html.escape(String.valueOf(op.operationId())))
          .append("</code>");
      for (JsonNode tag : node.path("tags")) out.append(" · tag <code>").append(Html.escape(tag.asText())).append("</code>");
      if (op.callback()) out.append(" · callback: the service calls this on the partner's server");
      out.append("</p>\n");
      if (node.has("summary")) out.append("<p class=\"summary\">").append(Html.escape(node.get("summary").asText())).append("</p>\n");
      markdown(node.path("description"));
      out.append("<dl class=\"facts\">\n");
      if (node.has("security")) out.append("<dt>Security</dt><dd>").append(security(node.get("security"))).append("</dd>\n");
      for (JsonNode server : node.path("servers")) {
        out.append("<dt>Server</dt><dd><code>").append(Html.escape(server.path("url").asText())).append("</code>");
        if (server.has("description")) out.append(" — ").append(Html.escape(server.get("description").asText()));
        out.append("</dd>\n");
      }
      if (node.path("deprecated").asBoolean(false)) out.append("<dt>Deprecated</dt><dd>yes</dd>\n");
      extensions(node, "dt", "dd");
      out.append("</dl>\n");

      List<JsonNode> parameters = new ArrayList<>();
      // Path-level parameters apply to every operation of the path.
      JsonNode pathItem = contract.at(op.pointer().substring(0, op.pointer().lastIndexOf('/')));
      pathItem.path("parameters").forEach(parameters::add);
      node.path("parameters").forEach(parameters::add);
      if (!parameters.isEmpty()) {
        out.append("<h4>Parameters</h4>\n");
        parameterTable(parameters);
      }
      if (node.has("requestBody")) requestBody(node.get("requestBody"));
      if (node.has("responses")) {
        out.append("<h4>Responses</h4>\n");
        for (Map.Entry<String, JsonNode> r : node.get("responses").properties()) {
          response(opId(op), r.getKey(), r.getValue());
        }
      }
      for (Map.Entry<String, JsonNode> cb : node.path("callbacks").properties()) {
        out.append("<h4>Callback <code>").append(Html.escape(cb.getKey())).append("</code></h4>\n<ul>\n");
        for (Map.Entry<String, JsonNode> path : cb.getValue().properties()) {
          for (String method : Contract.METHODS) {
            JsonNode callbackOp = path.getValue().get(method);
            if (callbackOp == null) continue;
            String id = callbackOp.path("operationId").asText(method);
            out.append("<li>").append(method(method)).append(" <code>").append(Html.escape(path.getKey()))
                .append("</code>: <a href=\"#").append(Html.id("op", id)).append("\"><code>").append(Html.escape(id))
                .append("</code></a></li>\n");
          }
        }
        out.append("</ul>\n");
      }
      out.append("</section>\n");
    }

    private void parameterTable(List<JsonNode> parameters) {
      out.append("<table class=\"parameters\">\n<thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th>"
          + "<th>Description</th></tr></thead>\n<tbody>\n");
      for (JsonNode raw : parameters) {
        JsonNode p = contract.resolve(raw);
        out.append("<tr class=\"parameter\"><td><code class=\"name\">").append(Html.escape(p.path("name").asText()))
            .append("</code></td><td>").append(Html.escape(p.path("in").asText())).append("</td><td>");
        JsonNode schema = p.get("schema");
        if (schema == null) {
          for (Map.Entry<String, JsonNode> media : p.path("content").properties()) {
            schema = media.getValue().get("schema");
            out.append(Html.escape(media.getKey())).append(": ");
          }
        }
        out.append(schema == null ? "" : type(schema)).append("</td><td>")
            .append(p.path("required").asBoolean(false) ? "required" : "optional").append("</td><td>");
        if (raw.has("$ref")) out.append("<p class=\"shared\">Shared parameter ").append(refLink(raw.get("$ref").asText())).append("</p>");
        parameterDetails(p, schema);
        out.append("</td></tr>\n");
      }
      out.append("</tbody>\n</table>\n");
    }

    private void parameterDetails(JsonNode p, JsonNode schema) {
      markdown(p.path("description"));
      List<String> notes = new ArrayList<>();
      if (schema != null) notes.addAll(constraints(schema));
      if (p.has("style")) notes.add("style <code>" + Html.escape(p.get("style").asText()) + "</code>");
      if (p.has("explode")) notes.add("explode <code>" + p.get("explode").asText() + "</code>");
      if (p.path("deprecated").asBoolean(false)) notes.add("deprecated");
      notes(notes);
      if (p.has("example")) inlineExample(p.get("example"));
      for (Map.Entry<String, JsonNode> e : p.path("examples").properties()) {
        JsonNode ex = contract.resolve(e.getValue());
        example(e.getKey(), ex.path("summary").asText(null), ex.path("value"));
      }
      for (JsonNode media : p.path("content")) {
        if (media.has("example")) example("example", null, media.get("example"));
        for (Map.Entry<String, JsonNode> e : media.path("examples").properties()) {
          JsonNode ex = contract.resolve(e.getValue());
          example(e.getKey(), ex.path("summary").asText(null), ex.path("value"));
        }
      }
      extensions(p, null, null);
    }

    private void requestBody(JsonNode raw) {
      JsonNode body = contract.resolve(raw);
      out.append("<h4>Request body").append(body.path("required").asBoolean(false) ? " (required)" : " (optional)").append("</h4>\n");
      if (raw.has("$ref")) out.append("<p class=\"shared\">Shared request body ").append(refLink(raw.get("$ref").asText())).append("</p>\n");
      markdown(body.path("description"));
      content(body.path("content"));
    }

    private void response(String opId, String status, JsonNode raw) {
      JsonNode response = contract.resolve(raw);
      out.append("<div class=\"response\" id=\"").append(opId).append("-").append(Html.escape(status))
          .append("\">\n<h5><span class=\"status\">").append(Html.escape(status)).append("</span>")
          .append(status.equals("default") ? " (any other status)" : "").append("</h5>\n");
      if (raw.has("$ref")) {
        // Shown once, under Shared responses; here its description and a link.
        out.append("<p class=\"shared\">Shared response ").append(refLink(raw.get("$ref").asText()))
            .append(": body, headers and examples there.</p>\n");
        markdown(response.path("description"));
      } else {
        responseBody(response);
      }
      out.append("</div>\n");
    }

    private void responseBody(JsonNode response) {
      markdown(response.path("description"));
      if (response.has("headers")) {
        out.append("<table class=\"headers\">\n<thead><tr><th>Header</th><th>Type</th><th>Description</th></tr></thead>\n<tbody>\n");
        for (Map.Entry<String, JsonNode> h : response.get("headers").properties()) {
          JsonNode header = contract.resolve(h.getValue());
          out.append("<tr><td><code>").append(Html.escape(h.getKey())).append("</code></td><td>")
              .append(header.has("schema") ? type(header.get("schema")) : "").append("</td><td>");
          markdown(header.path("description"));
          out.append("</td></tr>\n");
        }
        out.append("</tbody>\n</table>\n");
      }
      content(response.path("content"));
    }

    private void content(JsonNode content) {
      for (Map.Entry<String, JsonNode> media : content.properties()) {
        JsonNode body = media.getValue();
        out.append("<p class=\"media\"><code>").append(Html.escape(media.getKey())).append("</code>");
        if (body.has("schema")) out.append(": ").append(type(body.get("schema")));
        out.append("</p>\n");
        if (body.has("schema") && !body.get("schema").has("$ref")) inlineSchema(body.get("schema"));
        if (body.has("example")) example("example", null, body.get("example"));
        for (Map.Entry<String, JsonNode> e : body.path("examples").properties()) {
          JsonNode ex = contract.resolve(e.getValue());
          example(e.getKey(), ex.path("summary").asText(null), ex.path("value"));
          if (e.getValue().has("$ref")) out.append("<p class=\"shared\">Shared example ").append(refLink(e.getValue().get("$ref").asText())).append("</p>\n");
        }
      }
    }

    private void example(String name, String summary, JsonNode value) {
      out.append("<div class=\"example\"><p class=\"example-name\"><code>").append(Html.escape(name)).append("</code>");
      if (summary != null) out.append(" — ").append(Html.escape(summary));
      out.append("</p>\n<pre class=\"example\"><code>").append(Html.escape(Contract.toPrettyJson(value))).append("</code></pre></div>\n");
    }

    // ---------------------------------------------------------------- schemas

    private void schemas() {
      JsonNode schemas = root.path("components").path("schemas");
      if (schemas.isEmpty()) return;
      out.append("<section id=\"schemas\">\n<h2>Schemas</h2>\n");
      for (Map.Entry<String, JsonNode> e : schemas.properties()) {
        out.append("<section class=\"schema\" id=\"").append(Html.id("schema", e.getKey())).append("\">\n<h3><code>")
            .append(Html.escape(e.getKey())).append("</code></h3>\n<p class=\"type\">").append(type(e.getValue())).append("</p>\n");
        inlineSchema(e.getValue());
        out.append("</section>\n");
      }
      out.append("</section>\n");
    }

    /** Description, constraints, enum values, composition members, properties and example of a schema. */
    private void inlineSchema(JsonNode schema) {
      if (schema.has("$ref")) return;
      markdown(schema.path("description"));
      List<String> notes = constraints(schema);
      notes.removeIf(n -> n.startsWith("one of"));
      notes(notes);
      if (schema.has("enum")) {
        out.append("<p class=\"enum\">Values: ");
        List<String> values = new ArrayList<>();
        for (JsonNode v : schema.get("enum")) values.add("<code>" + Html.escape(v.isTextual() ? v.asText() : v.toString()) + "</code>");
        out.append(String.join(", ", values)).append("</p>\n");
      }
      for (String composition : List.of("allOf", "oneOf", "anyOf")) {
        JsonNode members = schema.get(composition);
        if (members == null) continue;
        out.append("<p>").append(composition.equals("allOf") ? "All of" : composition.equals("oneOf") ? "One of" : "Any of")
            .append(":</p>\n<ol class=\"members\">\n");
        for (JsonNode member : members) {
          out.append("<li>").append(type(member));
          if (!member.has("$ref")) inlineSchema(member);
          out.append("</li>\n");
        }
        out.append("</ol>\n");
      }
      if (schema.has("properties")) properties(schema);
      JsonNode map = schema.get("additionalProperties");
      if (map != null && map.isObject() && !map.has("$ref") && (map.has("properties") || map.has("allOf"))) inlineSchema(map);
      if (schema.has("example")) inlineExample(schema.get("example"));
      extensions(schema, null, null);
    }

    private void properties(JsonNode schema) {
      List<String> required = new ArrayList<>();
      schema.path("required").forEach(r -> required.add(r.asText()));
      out.append("<table class=\"properties\">\n<thead><tr><th>Property</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>\n<tbody>\n");
      for (Map.Entry<String, JsonNode> p : schema.get("properties").properties()) {
        JsonNode property = p.getValue();
        out.append("<tr class=\"property\"><td><code class=\"name\">").append(Html.escape(p.getKey())).append("</code></td><td>")
            .append(type(property)).append("</td><td>").append(required.contains(p.getKey()) ? "required" : "optional").append("</td><td>");
        if (!property.has("$ref")) {
          markdown(property.path("description"));
          notes(constraints(property));
          if (property.has("properties") || property.has("allOf")) inlineSchema(stripDescription(property));
          JsonNode items = property.get("items");
          if (items != null && !items.has("$ref") && items.has("properties")) inlineSchema(items);
          if (property.has("example")) inlineExample(property.get("example"));
          extensions(property, null, null);
        }
        out.append("</td></tr>\n");
      }
      out.append("</tbody>\n</table>\n");
    }

    /** A nested object without what its property row already shows (description, constraints, extensions). */
    private static JsonNode stripDescription(JsonNode schema) {
      ObjectNode copy = schema.deepCopy();
      copy.remove(List.of("description", "example", "enum", "minLength", "maxLength", "pattern", "minimum", "maximum",
          "minItems", "maxItems", "default", "nullable", "format"));
      List<String> extensions = new ArrayList<>();
      copy.fieldNames().forEachRemaining(n -> {
        if (n.startsWith("x-")) extensions.add(n);
      });
      copy.remove(extensions);
      return copy;
    }

    private void inlineExample(JsonNode value) {
      if (value.isContainerNode()) {
        example("example", null, value);
      } else {
        out.append("<p class=\"property-example\">Example: <code>").append(Html.escape(value.isTextual() ? value.asText() : value.toString()))
            .append("</code></p>\n");
      }
    }

    // ---------------------------------------------------------------- shared components

    private void sharedParameters() {
      JsonNode parameters = root.path("components").path("parameters");
      if (parameters.isEmpty()) return;
      out.append("<section id=\"parameters\">\n<h2>Shared parameters</h2>\n");
      for (Map.Entry<String, JsonNode> e : parameters.properties()) {
        out.append("<section class=\"shared-parameter\" id=\"").append(Html.id("parameter", e.getKey())).append("\">\n<h3><code>")
            .append(Html.escape(e.getKey())).append("</code></h3>\n");
        parameterTable(List.of(e.getValue()));
        out.append("</section>\n");
      }
      out.append("</section>\n");
    }

    private void sharedResponses() {
      JsonNode responses = root.path("components").path("responses");
      if (responses.isEmpty()) return;
      out.append("<section id=\"responses\">\n<h2>Shared responses</h2>\n");
      for (Map.Entry<String, JsonNode> e : responses.properties()) {
        out.append("<section class=\"shared-response\" id=\"").append(Html.id("response", e.getKey())).append("\">\n<h3><code>")
            .append(Html.escape(e.getKey())).append("</code></h3>\n");
        responseBody(contract.resolve(e.getValue()));
        out.append("</section>\n");
      }
      out.append("</section>\n");
    }

    /** Request bodies, headers and examples kept under components (none today; shown if added). */
    private void otherComponents() {
      JsonNode components = root.path("components");
      for (String type : List.of("requestBodies", "headers", "examples")) {
        JsonNode entries = components.path(type);
        if (entries.isEmpty()) continue;
        out.append("<section id=\"").append(type).append("\">\n<h2>Shared ").append(Html.escape(type)).append("</h2>\n");
        for (Map.Entry<String, JsonNode> e : entries.properties()) {
          out.append("<section id=\"").append(Html.id(singular(type), e.getKey())).append("\">\n<h3><code>")
              .append(Html.escape(e.getKey())).append("</code></h3>\n");
          JsonNode node = contract.resolve(e.getValue());
          switch (type) {
            case "requestBodies" -> {
              markdown(node.path("description"));
              content(node.path("content"));
            }
            case "headers" -> {
              markdown(node.path("description"));
              if (node.has("schema")) out.append("<p>").append(type(node.get("schema"))).append("</p>\n");
            }
            default -> example(e.getKey(), node.path("summary").asText(null), node.path("value"));
          }
          out.append("</section>\n");
        }
        out.append("</section>\n");
      }
    }

    private void securitySchemes() {
      JsonNode schemes = root.path("components").path("securitySchemes");
      if (schemes.isEmpty()) return;
      out.append("<section id=\"security\">\n<h2>Security schemes</h2>\n");
      for (Map.Entry<String, JsonNode> e : schemes.properties()) {
        JsonNode scheme = contract.resolve(e.getValue());
        out.append("<section class=\"security-scheme\" id=\"").append(Html.id("security", e.getKey())).append("\">\n<h3><code>")
            .append(Html.escape(e.getKey())).append("</code></h3>\n<p class=\"type\">").append(Html.escape(scheme.path("type").asText()));
        if (scheme.has("in")) out.append(", in ").append(Html.escape(scheme.get("in").asText()));
        if (scheme.has("name")) out.append(" <code>").append(Html.escape(scheme.get("name").asText())).append("</code>");
        if (scheme.has("scheme")) out.append(", scheme <code>").append(Html.escape(scheme.get("scheme").asText())).append("</code>");
        if (scheme.has("bearerFormat")) out.append(", format ").append(Html.escape(scheme.get("bearerFormat").asText()));
        out.append("</p>\n");
        markdown(scheme.path("description"));
        for (Map.Entry<String, JsonNode> flow : scheme.path("flows").properties()) {
          out.append("<dl class=\"facts\">\n<dt>Flow</dt><dd><code>").append(Html.escape(flow.getKey())).append("</code></dd>\n");
          for (String url : List.of("authorizationUrl", "tokenUrl", "refreshUrl")) {
            if (flow.getValue().has(url)) {
              out.append("<dt>").append(url).append("</dt><dd><code>").append(Html.escape(flow.getValue().get(url).asText())).append("</code></dd>\n");
            }
          }
          out.append("</dl>\n<table class=\"scopes\">\n<thead><tr><th>Scope</th><th>Grants</th></tr></thead>\n<tbody>\n");
          for (Map.Entry<String, JsonNode> scope : flow.getValue().path("scopes").properties()) {
            out.append("<tr><td><code>").append(Html.escape(scope.getKey())).append("</code></td><td>")
                .append(Html.escape(scope.getValue().asText())).append("</td></tr>\n");
          }
          out.append("</tbody>\n</table>\n");
        }
        out.append("</section>\n");
      }
      out.append("</section>\n");
    }

    // ---------------------------------------------------------------- pieces

    /** A one-line type: a link for a $ref, {@code array of X}, {@code map of X}, {@code string (decimal)}. */
    private String type(JsonNode schema) {
      if (schema.has("$ref")) return refLink(schema.get("$ref").asText());
      StringBuilder t = new StringBuilder();
      for (String composition : List.of("allOf", "oneOf", "anyOf")) {
        if (!schema.has(composition)) continue;
        List<String> members = new ArrayList<>();
        for (JsonNode member : schema.get(composition)) members.add(type(member));
        t.append(composition.equals("allOf") ? "all of (" : composition.equals("oneOf") ? "one of (" : "any of (")
            .append(String.join(", ", members)).append(")");
      }
      String type = schema.path("type").asText("");
      if (type.equals("array")) {
        t.append("array of ").append(schema.has("items") ? type(schema.get("items")) : "any");
      } else if (type.equals("object") && schema.has("additionalProperties") && !schema.has("properties")) {
        JsonNode map = schema.get("additionalProperties");
        if (map.isObject()) {
          t.append("map of string to ").append(type(map));
        } else if (map.asBoolean(true)) {
          t.append("map of string to any value");
        } else {
          t.append("object with no members");
        }
      } else if (!type.isEmpty()) {
        t.append(Html.escape(type));
        if (schema.has("format")) t.append(" (").append(Html.escape(schema.get("format").asText())).append(")");
      } else if (t.length() == 0) {
        t.append("any");
      }
      if (schema.path("nullable").asBoolean(false)) t.append(", nullable");
      return t.toString();
    }

    /** Constraints as short notes: lengths, pattern, range, items, default, enum of an inline schema. */
    private List<String> constraints(JsonNode schema) {
      List<String> notes = new ArrayList<>();
      if (schema.has("$ref")) return notes;
      range(notes, schema, "minLength", "maxLength", "length");
      if (schema.has("pattern")) notes.add("pattern <code>" + Html.escape(schema.get("pattern").asText()) + "</code>");
      String min = schema.has("minimum") ? (schema.path("exclusiveMinimum").asBoolean(false) ? "&gt; " : "≥ ") + Html.escape(schema.get("minimum").asText()) : null;
      String max = schema.has("maximum") ? (schema.path("exclusiveMaximum").asBoolean(false) ? "&lt; " : "≤ ") + Html.escape(schema.get("maximum").asText()) : null;
      if (min != null || max != null) notes.add("value " + (min == null ? "" : min) + (min != null && max != null ? " and " : "") + (max == null ? "" : max));
      if (schema.has("multipleOf")) notes.add("multiple of " + Html.escape(schema.get("multipleOf").asText()));
      range(notes, schema, "minItems", "maxItems", "items");
      if (schema.path("uniqueItems").asBoolean(false)) notes.add("unique items");
      range(notes, schema, "minProperties", "maxProperties", "members");
      if (schema.has("default")) notes.add("default <code>" + Html.escape(scalar(schema.get("default"))) + "</code>");
      if (schema.path("readOnly").asBoolean(false)) notes.add("read-only");
      if (schema.path("writeOnly").asBoolean(false)) notes.add("write-only");
      if (schema.path("deprecated").asBoolean(false)) notes.add("deprecated");
      if (schema.has("enum")) {
        List<String> values = new ArrayList<>();
        for (JsonNode v : schema.get("enum")) values.add("<code>" + Html.escape(scalar(v)) + "</code>");
        notes.add("one of " + String.join(", ", values));
      }
      JsonNode items = schema.get("items");
      if (items != null && !items.has("$ref")) {
        for (String note : constraints(items)) notes.add("each item: " + note);
      }
      return notes;
    }

    private static void range(List<String> notes, JsonNode schema, String low, String high, String what) {
      boolean hasLow = schema.has(low);
      boolean hasHigh = schema.has(high);
      if (hasLow && hasHigh) {
        notes.add(what + " " + schema.get(low).asText() + " to " + schema.get(high).asText());
      } else if (hasLow) {
        notes.add(what + " at least " + schema.get(low).asText());
      } else if (hasHigh) {
        notes.add(what + " at most " + schema.get(high).asText());
      }
    }

    private void notes(List<String> notes) {
      if (notes.isEmpty()) return;
      out.append("<p class=\"constraints\">").append(String.join(" · ", notes)).append("</p>\n");
    }

    /** Every {@code x-} extension of a node, as its JSON value. */
    private void extensions(JsonNode node, String termTag, String valueTag) {
      List<String> rows = new ArrayList<>();
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        if (!e.getKey().startsWith("x-")) continue;
        String value = e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString();
        if (termTag == null) {
          rows.add("<code>" + Html.escape(e.getKey()) + "</code>: <code>" + Html.escape(value) + "</code>");
        } else {
          out.append('<').append(termTag).append("><code>").append(Html.escape(e.getKey())).append("</code></").append(termTag)
              .append("><").append(valueTag).append("><code>").append(Html.escape(value)).append("</code></").append(valueTag).append(">\n");
        }
      }
      if (!rows.isEmpty()) out.append("<p class=\"extensions\">").append(String.join(" · ", rows)).append("</p>\n");
    }

    private String security(JsonNode requirements) {
      if (requirements.isEmpty()) return "none (public)";
      List<String> alternatives = new ArrayList<>();
      for (JsonNode requirement : requirements) {
        List<String> schemes = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : requirement.properties()) {
          StringBuilder s = new StringBuilder("<a href=\"#").append(Html.id("security", e.getKey())).append("\"><code>")
              .append(Html.escape(e.getKey())).append("</code></a>");
          if (!e.getValue().isEmpty()) {
            List<String> scopes = new ArrayList<>();
            e.getValue().forEach(scope -> scopes.add("<code>" + Html.escape(scope.asText()) + "</code>"));
            s.append(" (scope ").append(String.join(", ", scopes)).append(")");
          }
          schemes.add(s.toString());
        }
        alternatives.add(schemes.isEmpty() ? "none" : String.join(" + ", schemes));
      }
      return String.join(" <em>or</em> ", alternatives);
    }

    private String refLink(String ref) {
      String[] parts = ref.split("/");
      if (ref.startsWith("#/components/") && parts.length == 4) {
        String name = parts[3].replace("~1", "/").replace("~0", "~");
        return "<a href=\"#" + Html.id(singular(parts[2]), name) + "\"><code>" + Html.escape(name) + "</code></a>";
      }
      return "<code>" + Html.escape(ref) + "</code>";
    }

    private static String singular(String componentType) {
      return switch (componentType) {
        case "schemas" -> "schema";
        case "parameters" -> "parameter";
        case "responses" -> "response";
        case "securitySchemes" -> "security";
        case "requestBodies" -> "requestBody";
        case "headers" -> "header";
        case "examples" -> "example";
        default -> componentType;
      };
    }

    private static String scalar(JsonNode value) {
      return value.isTextual() ? value.asText() : value.toString();
    }

    private static String method(String method) {
      return "<span class=\"method " + method + "\">" + method.toUpperCase(Locale.ROOT) + "</span>";
    }

    private static String opId(Contract.Operation op) {
      return Html.id("op", op.operationId() == null ? op.method() + op.path() : op.operationId());
    }

    private void markdown(JsonNode description) {
      if (description == null || !description.isTextual() || description.asText().isBlank()) return;
      out.append("<div class=\"md\">").append(Html.markdown(description.asText())).append("</div>\n");
    }

    private static String inlineMarkdown(String text) {
      String html = Html.markdown(text);
      return html.startsWith("<p>") && html.endsWith("</p>") && html.indexOf("<p>", 1) < 0
          ? html.substring(3, html.length() - 4)
          : html;
    }
  }

  private static final String STYLE = """
      body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2330; margin: 0 auto; max-width: 72rem; padding: 0 1.5rem 4rem; }
      header { border-bottom: 1px solid #d8dde6; padding-bottom: 1rem; }
      h1 { font-size: 1.8rem; margin: 1.2rem 0 .3rem; }
      h2 { font-size: 1.4rem; margin-top: 2.5rem; border-bottom: 2px solid #d8dde6; padding-bottom: .2rem; }
      h3 { font-size: 1.15rem; margin: 1.8rem 0 .4rem; }
      h4 { font-size: 1rem; margin: 1.2rem 0 .4rem; }
      h5 { font-size: .95rem; margin: .8rem 0 .3rem; }
      code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .88em; }
      code { background: #f1f3f7; padding: 0 .2em; border-radius: 3px; }
      pre { background: #f6f8fa; border: 1px solid #e1e5eb; border-radius: 4px; padding: .6rem .8rem; overflow-x: auto; }
      pre code { background: none; padding: 0; }
      a { color: #2356c7; text-decoration: none; }
      a:hover { text-decoration: underline; }
      table { border-collapse: collapse; width: 100%; margin: .4rem 0 1rem; }
      th, td { border: 1px solid #e1e5eb; padding: .3rem .5rem; text-align: left; vertical-align: top; }
      th { background: #f1f3f7; }
      td .md p:first-child { margin-top: 0; }
      td .md p:last-child { margin-bottom: 0; }
      .meta, .crumbs, .operation-id, .constraints, .extensions, .shared, .property-example { color: #525a6b; font-size: .9em; }
      .summary { font-weight: 600; }
      .operation { border-top: 1px solid #d8dde6; margin-top: 2rem; }
      .operation.callback { border-left: 4px solid #b98900; padding-left: 1rem; }
      .method { display: inline-block; min-width: 3.6rem; text-align: center; font-size: .8rem; font-weight: 700; color: #fff; border-radius: 3px; padding: .05rem .35rem; }
      .method.get { background: #1f7a4d; } .method.post { background: #2356c7; } .method.put { background: #8a5a00; }
      .method.patch { background: #6b3fa0; } .method.delete { background: #b3261e; } .method.head, .method.options, .method.trace { background: #525a6b; }
      .status { display: inline-block; min-width: 3rem; font-family: ui-monospace, monospace; font-weight: 700; }
      .response { border-left: 3px solid #e1e5eb; padding-left: .8rem; margin: .6rem 0; }
      .badge { font-size: .75rem; background: #f5e6b8; border-radius: 3px; padding: 0 .3rem; }
      dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
      dl.facts dt { font-weight: 600; } dl.facts dd { margin: 0; }
      .example-name { margin: .6rem 0 .2rem; font-size: .9em; }
      .enum code { line-height: 1.9; }
      """;
}
