package io.github.krakensdk.apispec.reference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.apispec.Contract;
import io.github.krakensdk.apispec.reference.View.*;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Reads one contract's YAML tree, in the file's order, into the {@link View.Page} its template renders. */
final class PageBuilder {
  /** The extension shown as a marked note rather than in the list of extensions. */
  static final String DECISION = "x-kraken-decision";
  static final String CONTRACT_ONLY = "x-kraken-contract-only";

  private final Contract contract;
  private final JsonNode root;

  PageBuilder(Contract contract) {
    this.contract = contract;
    this.root = contract.root();
  }

  Page build() {
    JsonNode info = root.path("info");
    JsonNode components = root.path("components");
    List<Text> contents = new ArrayList<>();
    if (components.has("schemas")) contents.add(Text.link("schemas", "Schemas (" + components.get("schemas").size() + ")"));
    if (components.has("parameters")) contents.add(Text.link("parameters", "Shared parameters"));
    if (components.has("responses")) contents.add(Text.link("responses", "Shared responses"));
    if (components.has("securitySchemes")) contents.add(Text.link("security", "Security schemes"));

    List<Toc> toc = new ArrayList<>();
    List<Operation> operations = new ArrayList<>();
    for (Contract.Operation op : contract.operations()) {
      toc.add(new Toc(method(op.method()), op.path(), opId(op), String.valueOf(op.operationId()), op.callback(),
          op.node().path("summary").asText("")));
      operations.add(operation(op));
    }
    List<Tag> tags = new ArrayList<>();
    for (JsonNode tag : root.path("tags")) {
      tags.add(new Tag(tag.path("name").asText(), tag.has("description") ? inlineMarkdown(tag.get("description").asText()) : null));
    }
    List<Named> schemas = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : components.path("schemas").properties()) {
      schemas.add(new Named(Html.id("schema", e.getKey()), e.getKey(), type(e.getValue()), schema(e.getValue()), null, null));
    }
    List<Named> parameters = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : components.path("parameters").properties()) {
      parameters.add(new Named(Html.id("parameter", e.getKey()), e.getKey(), null, null, List.of(parameter(e.getValue())), null));
    }
    List<Named> responses = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : components.path("responses").properties()) {
      responses.add(new Named(Html.id("response", e.getKey()), e.getKey(), null, null, null, responseBody(contract.resolve(e.getValue()))));
    }
    return new Page(info.path("title").asText(contract.family()), info.path("version").asText(""),
        root.path("openapi").asText(""), contract.fileName(), prose(info), toc, contents, servers(root), tags,
        extensions(root), root.has("security") ? security(root.get("security")) : null, operations, schemas, parameters,
        responses, otherComponents(), securitySchemes());
  }

  // ---------------------------------------------------------------- operations

  private Operation operation(Contract.Operation op) {
    JsonNode node = op.node();
    List<String> tags = new ArrayList<>();
    node.path("tags").forEach(t -> tags.add(t.asText()));
    // Path-level parameters apply to every operation of the path.
    List<Parameter> parameters = new ArrayList<>();
    JsonNode pathItem = contract.at(op.pointer().substring(0, op.pointer().lastIndexOf('/')));
    pathItem.path("parameters").forEach(p -> parameters.add(parameter(p)));
    node.path("parameters").forEach(p -> parameters.add(parameter(p)));
    List<Response> responses = new ArrayList<>();
    for (Map.Entry<String, JsonNode> r : node.path("responses").properties()) {
      responses.add(response(opId(op), r.getKey(), r.getValue()));
    }
    List<Callback> callbacks = new ArrayList<>();
    for (Map.Entry<String, JsonNode> cb : node.path("callbacks").properties()) {
      List<CallbackOperation> targets = new ArrayList<>();
      for (Map.Entry<String, JsonNode> path : cb.getValue().properties()) {
        for (String method : Contract.METHODS) {
          JsonNode callbackOp = path.getValue().get(method);
          if (callbackOp == null) continue;
          String id = callbackOp.path("operationId").asText(method);
          targets.add(new CallbackOperation(method(method), path.getKey(), Html.id("op", id), id));
        }
      }
      callbacks.add(new Callback(cb.getKey(), targets));
    }
    return new Operation(opId(op), method(op.method()), op.path(), op.callback(), String.valueOf(op.operationId()), tags,
        node.has("summary") ? node.get("summary").asText() : null, prose(node),
        node.has("security") ? security(node.get("security")) : null, servers(node),
        node.path("deprecated").asBoolean(false), extensions(node), parameters,
        node.has("requestBody") ? requestBody(node.get("requestBody")) : null, responses, callbacks);
  }

  private Parameter parameter(JsonNode raw) {
    JsonNode p = contract.resolve(raw);
    JsonNode schema = p.get("schema");
    List<Text> type = new ArrayList<>();
    if (schema == null) {
      for (Map.Entry<String, JsonNode> media : p.path("content").properties()) {
        schema = media.getValue().get("schema");
        type.add(Text.plain(media.getKey() + ": "));
      }
    }
    if (schema != null) type.addAll(type(schema));
    List<List<Text>> notes = new ArrayList<>();
    if (schema != null) notes.addAll(constraints(schema));
    List<Text> decided = contractOnly(p);
    if (decided != null) notes.add(decided);
    if (p.has("style")) notes.add(List.of(Text.plain("style "), Text.code(p.get("style").asText())));
    if (p.has("explode")) notes.add(List.of(Text.plain("explode "), Text.code(p.get("explode").asText())));
    if (p.path("deprecated").asBoolean(false)) notes.add(List.of(Text.plain("deprecated")));
    List<Example> examples = new ArrayList<>();
    String scalar = exampleOf(p.get("example"), examples);
    examples.addAll(examples(p.path("examples")));
    for (JsonNode media : p.path("content")) {
      if (media.has("example")) examples.add(example("example", null, media.get("example"), null));
      examples.addAll(examples(media.path("examples")));
    }
    return new Parameter(p.path("name").asText(), p.path("in").asText(), type, p.path("required").asBoolean(false),
        shared(raw), prose(p), notes, scalar, examples, extensions(p));
  }

  private Body requestBody(JsonNode raw) {
    JsonNode body = contract.resolve(raw);
    return new Body(body.path("required").asBoolean(false), shared(raw), prose(body), media(body.path("content")));
  }

  private Response response(String opId, String status, JsonNode raw) {
    JsonNode response = contract.resolve(raw);
    // A shared response is shown once, under Shared responses; here its description and a link.
    return new Response(opId + "-" + status, status, status.equals("default"), shared(raw),
        raw.has("$ref") ? prose(response) : null, raw.has("$ref") ? null : responseBody(response));
  }

  private ResponseBody responseBody(JsonNode response) {
    List<Header> headers = new ArrayList<>();
    for (Map.Entry<String, JsonNode> h : response.path("headers").properties()) {
      JsonNode header = contract.resolve(h.getValue());
      headers.add(new Header(h.getKey(), header.has("schema") ? type(header.get("schema")) : List.of(), prose(header)));
    }
    return new ResponseBody(prose(response), headers, media(response.path("content")));
  }

  private List<Media> media(JsonNode content) {
    List<Media> out = new ArrayList<>();
    for (Map.Entry<String, JsonNode> media : content.properties()) {
      JsonNode body = media.getValue();
      JsonNode schema = body.get("schema");
      List<Example> examples = new ArrayList<>();
      if (body.has("example")) examples.add(example("example", null, body.get("example"), null));
      examples.addAll(examples(body.path("examples")));
      out.add(new Media(media.getKey(), schema == null ? null : type(schema),
          schema == null || schema.has("$ref") ? null : schema(schema), examples));
    }
    return out;
  }

  private List<Example> examples(JsonNode named) {
    List<Example> out = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : named.properties()) {
      JsonNode ex = contract.resolve(e.getValue());
      out.add(example(e.getKey(), ex.path("summary").asText(null), ex.path("value"), e.getValue()));
    }
    return out;
  }

  private Example example(String name, String summary, JsonNode value, JsonNode raw) {
    List<Text> shared = raw == null ? List.of() : shared(raw);
    return new Example(name, summary, Contract.toPrettyJson(value), shared.isEmpty() ? null : shared);
  }

  /** A scalar example as text (returned); an object or array example added to {@code examples}. */
  private String exampleOf(JsonNode value, List<Example> examples) {
    if (value == null) return null;
    if (value.isContainerNode()) {
      examples.add(example("example", null, value, null));
      return null;
    }
    return scalar(value);
  }

  // ---------------------------------------------------------------- schemas

  /** Description, constraints, enum values, composition members, properties and example of a schema. */
  private Schema schema(JsonNode schema) {
    if (schema.has("$ref")) return null;
    List<List<Text>> notes = constraints(schema);
    notes.removeIf(n -> n.get(0).text() != null && n.get(0).text().startsWith("one of"));
    List<String> values = new ArrayList<>();
    schema.path("enum").forEach(v -> values.add(scalar(v)));
    List<Composition> compositions = new ArrayList<>();
    for (String composition : List.of("allOf", "oneOf", "anyOf")) {
      JsonNode members = schema.get(composition);
      if (members == null) continue;
      List<Member> list = new ArrayList<>();
      for (JsonNode member : members) list.add(new Member(type(member), schema(member)));
      compositions.add(new Composition(switch (composition) {
        case "allOf" -> "All of";
        case "oneOf" -> "One of";
        default -> "Any of";
      }, list));
    }
    JsonNode map = schema.get("additionalProperties");
    boolean inlineMap = map != null && map.isObject() && !map.has("$ref") && (map.has("properties") || map.has("allOf"));
    List<Example> examples = new ArrayList<>();
    String scalar = exampleOf(schema.get("example"), examples);
    return new Schema(prose(schema), notes, values, compositions, schema.has("properties") ? properties(schema) : null,
        inlineMap ? schema(map) : null, scalar, examples, extensions(schema));
  }

  private List<Property> properties(JsonNode schema) {
    List<String> required = new ArrayList<>();
    schema.path("required").forEach(r -> required.add(r.asText()));
    List<Property> out = new ArrayList<>();
    for (Map.Entry<String, JsonNode> p : schema.get("properties").properties()) {
      JsonNode property = p.getValue();
      boolean isRequired = required.contains(p.getKey());
      if (property.has("$ref")) {
        out.add(new Property(p.getKey(), type(property), isRequired, null, List.of(), null, null, null, List.of(), List.of()));
        continue;
      }
      JsonNode items = property.get("items");
      List<Example> examples = new ArrayList<>();
      String scalar = exampleOf(property.get("example"), examples);
      out.add(new Property(p.getKey(), type(property), isRequired, prose(property), constraints(property),
          property.has("properties") || property.has("allOf") ? schema(withoutRowFacts(property)) : null,
          items != null && !items.has("$ref") && items.has("properties") ? schema(items) : null,
          scalar, examples, extensions(property)));
    }
    return out;
  }

  /** A nested object without what its property row already shows (description, constraints, extensions). */
  private static JsonNode withoutRowFacts(JsonNode schema) {
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

  // ---------------------------------------------------------------- shared components

  /** Request bodies, headers and examples kept under components (none today; shown if added). */
  private List<Group> otherComponents() {
    List<Group> groups = new ArrayList<>();
    for (String kind : List.of("requestBodies", "headers", "examples")) {
      JsonNode entries = root.path("components").path(kind);
      if (entries.isEmpty()) continue;
      List<Entry> list = new ArrayList<>();
      for (Map.Entry<String, JsonNode> e : entries.properties()) {
        JsonNode node = contract.resolve(e.getValue());
        String anchor = Html.id(singular(kind), e.getKey());
        list.add(switch (kind) {
          case "requestBodies" -> new Entry(anchor, e.getKey(), prose(node), media(node.path("content")), null, null);
          case "headers" -> new Entry(anchor, e.getKey(), prose(node), null, node.has("schema") ? type(node.get("schema")) : null, null);
          default -> new Entry(anchor, e.getKey(), null, null, null,
              List.of(example(e.getKey(), node.path("summary").asText(null), node.path("value"), null)));
        });
      }
      groups.add(new Group(kind, "Shared " + kind, list));
    }
    return groups;
  }

  private List<Scheme> securitySchemes() {
    List<Scheme> out = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : root.path("components").path("securitySchemes").properties()) {
      JsonNode scheme = contract.resolve(e.getValue());
      List<Flow> flows = new ArrayList<>();
      for (Map.Entry<String, JsonNode> flow : scheme.path("flows").properties()) {
        List<Extension> urls = new ArrayList<>();
        for (String url : List.of("authorizationUrl", "tokenUrl", "refreshUrl")) {
          if (flow.getValue().has(url)) urls.add(new Extension(url, flow.getValue().get(url).asText()));
        }
        List<Extension> scopes = new ArrayList<>();
        flow.getValue().path("scopes").properties().forEach(s -> scopes.add(new Extension(s.getKey(), s.getValue().asText())));
        flows.add(new Flow(flow.getKey(), urls, scopes));
      }
      out.add(new Scheme(Html.id("security", e.getKey()), e.getKey(), scheme.path("type").asText(), text(scheme, "in"),
          text(scheme, "name"), text(scheme, "scheme"), text(scheme, "bearerFormat"), prose(scheme), flows));
    }
    return out;
  }

  // ---------------------------------------------------------------- pieces

  /** A one-line type: a link for a $ref, {@code array of X}, {@code map of X}, {@code string (decimal)}. */
  private List<Text> type(JsonNode schema) {
    List<Text> t = new ArrayList<>();
    if (schema.has("$ref")) {
      t.add(refLink(schema.get("$ref").asText()));
      return t;
    }
    for (String composition : List.of("allOf", "oneOf", "anyOf")) {
      if (!schema.has(composition)) continue;
      t.add(Text.plain(composition.equals("allOf") ? "all of (" : composition.equals("oneOf") ? "one of (" : "any of ("));
      boolean first = true;
      for (JsonNode member : schema.get(composition)) {
        if (!first) t.add(Text.plain(", "));
        first = false;
        t.addAll(type(member));
      }
      t.add(Text.plain(")"));
    }
    String type = schema.path("type").asText("");
    if (type.equals("array")) {
      t.add(Text.plain("array of "));
      t.addAll(schema.has("items") ? type(schema.get("items")) : List.of(Text.plain("any")));
    } else if (type.equals("object") && schema.has("additionalProperties") && !schema.has("properties")) {
      JsonNode map = schema.get("additionalProperties");
      if (map.isObject()) {
        t.add(Text.plain("map of string to "));
        t.addAll(type(map));
      } else {
        t.add(Text.plain(map.asBoolean(true) ? "map of string to any value" : "object with no members"));
      }
    } else if (!type.isEmpty()) {
      t.add(Text.plain(schema.has("format") ? type + " (" + schema.get("format").asText() + ")" : type));
    } else if (t.isEmpty()) {
      t.add(Text.plain("any"));
    }
    if (schema.path("nullable").asBoolean(false)) t.add(Text.plain(", nullable"));
    return t;
  }

  /** Constraints as short notes: lengths, pattern, range, items, default, enum of an inline schema. */
  private static List<List<Text>> constraints(JsonNode schema) {
    List<List<Text>> notes = new ArrayList<>();
    if (schema.has("$ref")) return notes;
    range(notes, schema, "minLength", "maxLength", "length");
    if (schema.has("pattern")) notes.add(List.of(Text.plain("pattern "), Text.code(schema.get("pattern").asText())));
    String min = schema.has("minimum") ? (schema.path("exclusiveMinimum").asBoolean(false) ? "> " : "≥ ") + schema.get("minimum").asText() : null;
    String max = schema.has("maximum") ? (schema.path("exclusiveMaximum").asBoolean(false) ? "< " : "≤ ") + schema.get("maximum").asText() : null;
    if (min != null || max != null) {
      notes.add(List.of(Text.plain("value " + (min == null ? "" : min) + (min != null && max != null ? " and " : "") + (max == null ? "" : max))));
    }
    if (schema.has("multipleOf")) notes.add(List.of(Text.plain("multiple of " + schema.get("multipleOf").asText())));
    range(notes, schema, "minItems", "maxItems", "items");
    if (schema.path("uniqueItems").asBoolean(false)) notes.add(List.of(Text.plain("unique items")));
    range(notes, schema, "minProperties", "maxProperties", "members");
    if (schema.has("default")) notes.add(List.of(Text.plain("default "), Text.code(scalar(schema.get("default")))));
    if (schema.path("readOnly").asBoolean(false)) notes.add(List.of(Text.plain("read-only")));
    if (schema.path("writeOnly").asBoolean(false)) notes.add(List.of(Text.plain("write-only")));
    if (schema.path("deprecated").asBoolean(false)) notes.add(List.of(Text.plain("deprecated")));
    if (schema.has("enum")) {
      List<Text> values = new ArrayList<>(List.of(Text.plain("one of ")));
      for (JsonNode v : schema.get("enum")) {
        if (values.size() > 1) values.add(Text.plain(", "));
        values.add(Text.code(scalar(v)));
      }
      notes.add(values);
    }
    List<Text> decided = contractOnly(schema);
    if (decided != null) notes.add(decided);
    JsonNode items = schema.get("items");
    if (items != null && !items.has("$ref")) {
      for (List<Text> note : constraints(items)) {
        List<Text> each = new ArrayList<>(List.of(Text.plain("each item: ")));
        each.addAll(note);
        notes.add(each);
      }
    }
    return notes;
  }

  /**
   * The constraints a node marks as the contract's own decision ({@code x-kraken-contract-only}),
   * as one note naming them; null when it marks none.
   */
  private static List<Text> contractOnly(JsonNode node) {
    JsonNode marker = node.get(CONTRACT_ONLY);
    if (marker == null || !marker.isArray() || marker.isEmpty()) return null;
    List<Text> note = new ArrayList<>(List.of(Text.em("The contract's decision"),
        Text.plain(", checked by the sandbox, not by the client (the public service may accept more): ")));
    for (JsonNode keyword : marker) {
      if (note.size() > 2) note.add(Text.plain(", "));
      note.add(Text.code(keyword.asText()));
    }
    return note;
  }

  private static void range(List<List<Text>> notes, JsonNode schema, String low, String high, String what) {
    boolean hasLow = schema.has(low);
    boolean hasHigh = schema.has(high);
    if (hasLow && hasHigh) {
      notes.add(List.of(Text.plain(what + " " + schema.get(low).asText() + " to " + schema.get(high).asText())));
    } else if (hasLow) {
      notes.add(List.of(Text.plain(what + " at least " + schema.get(low).asText())));
    } else if (hasHigh) {
      notes.add(List.of(Text.plain(what + " at most " + schema.get(high).asText())));
    }
  }

  /** Every {@code x-} extension of a node but the decision, with its JSON value. */
  private static List<Extension> extensions(JsonNode node) {
    List<Extension> out = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      if (!e.getKey().startsWith("x-") || e.getKey().equals(DECISION)) continue;
      out.add(new Extension(e.getKey(), e.getValue().isTextual() ? e.getValue().asText() : e.getValue().toString()));
    }
    return out;
  }

  /** A node's description and {@code x-kraken-decision}, as Markdown rendered; null when it has neither. */
  private static Prose prose(JsonNode node) {
    String description = markdown(node.get("description"));
    String decision = markdown(node.get(DECISION));
    return description == null && decision == null ? null : new Prose(description, decision);
  }

  private static String markdown(JsonNode text) {
    return text == null || !text.isTextual() || text.asText().isBlank() ? null : Html.markdown(text.asText());
  }

  private static String inlineMarkdown(String text) {
    String html = Html.markdown(text);
    return html.startsWith("<p>") && html.endsWith("</p>") && html.indexOf("<p>", 1) < 0
        ? html.substring(3, html.length() - 4)
        : html;
  }

  private static List<Server> servers(JsonNode node) {
    List<Server> out = new ArrayList<>();
    for (JsonNode server : node.path("servers")) out.add(new Server(server.path("url").asText(), text(server, "description")));
    return out;
  }

  private static Security security(JsonNode requirements) {
    List<Alternative> alternatives = new ArrayList<>();
    for (JsonNode requirement : requirements) {
      List<SchemeUse> schemes = new ArrayList<>();
      for (Map.Entry<String, JsonNode> e : requirement.properties()) {
        List<String> scopes = new ArrayList<>();
        e.getValue().forEach(scope -> scopes.add(scope.asText()));
        schemes.add(new SchemeUse(e.getKey(), Html.id("security", e.getKey()), scopes));
      }
      alternatives.add(new Alternative(schemes));
    }
    return new Security(requirements.isEmpty(), alternatives);
  }

  /** For an element given as a {@code $ref}: a link to the shared component; else empty. */
  private static List<Text> shared(JsonNode raw) {
    return raw.has("$ref") ? List.of(refLink(raw.get("$ref").asText())) : List.of();
  }

  private static Text refLink(String ref) {
    String[] parts = ref.split("/");
    if (ref.startsWith("#/components/") && parts.length == 4) {
      String name = parts[3].replace("~1", "/").replace("~0", "~");
      return Text.link(Html.id(singular(parts[2]), name), name);
    }
    return Text.code(ref);
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

  private static String text(JsonNode node, String field) {
    return node.has(field) ? node.get(field).asText() : null;
  }

  private static String scalar(JsonNode value) {
    return value.isTextual() ? value.asText() : value.toString();
  }

  private static Method method(String method) {
    return new Method(method, method.toUpperCase(Locale.ROOT));
  }

  private static String opId(Contract.Operation op) {
    return Html.id("op", op.operationId() == null ? op.method() + op.path() : op.operationId());
  }
}
