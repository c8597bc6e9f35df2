package io.github.krakensdk.apispec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A contract with the public service's forms applied ({@link PublicService}), for teams that
 * generate a client in another language and call the public service: each operation moved to the
 * service's path, each header renamed (a parameter per name when the service reads several), each
 * member renamed in its schema's {@code properties} and {@code required} and in every example.
 * What was applied no longer carries {@code x-kraken-public-service}; its "Differs from the public
 * service" paragraph becomes a note naming the contract's form, and {@code info} says what the
 * file is.
 *
 * <pre>{@code
 * Contract spot = Contract.load(Path.of("api-spec/spot.yaml"));
 * String yaml = Contract.toBlockYaml(PublicServiceVariant.of(spot));
 * }</pre>
 */
public final class PublicServiceVariant {
  private PublicServiceVariant() {}

  /** The variant of {@code contract} (a new tree; the contract is left as it is). */
  public static ObjectNode of(Contract contract) {
    Objects.requireNonNull(contract, "contract == null");
    PublicService service = PublicService.of(contract);
    if (!service.problems().isEmpty()) {
      throw new IllegalArgumentException(contract.fileName() + ": " + PublicService.EXTENSION + " is malformed: "
          + service.problems());
    }
    ObjectNode tree = contract.copyOfTree();
    List<PublicService.Divergence> divergences = service.divergences();
    Map<String, Map<String, String>> membersBySchema = new LinkedHashMap<>();
    for (PublicService.Divergence d : divergences) {
      if (d.kind() == PublicService.Kind.MEMBER) {
        membersBySchema.computeIfAbsent(d.schema(), s -> new LinkedHashMap<>()).put(d.contractForm(), d.serviceForms().get(0));
      }
    }
    // Examples first, while the schemas still have the contract's names to walk them by.
    if (!membersBySchema.isEmpty()) new Examples(tree, membersBySchema).renameAll();
    for (PublicService.Divergence d : divergences) {
      switch (d.kind()) {
        case PATH -> movePath(tree, d);
        case HEADER -> renameHeader(tree, d);
        case MEMBER -> renameMember(tree, d);
      }
    }
    for (Map.Entry<String, Map<String, String>> schema : membersBySchema.entrySet()) {
      ObjectNode node = (ObjectNode) tree.at("/components/schemas/" + Contract.escape(schema.getKey()));
      List<String> pairs = new ArrayList<>();
      schema.getValue().forEach((contractName, serviceName) -> pairs.add("`" + serviceName + "` (`" + contractName + "`)"));
      note(node, "Public-service form: the members " + String.join(", ", pairs) + " have the names the public"
          + " service sends; the contract's names are in parentheses.");
    }
    describe(tree, contract, divergences);
    return tree;
  }

  /** {@code info}: the title says it is the variant, the description what differs from the contract. */
  private static void describe(ObjectNode tree, Contract contract, List<PublicService.Divergence> divergences) {
    ObjectNode info = (ObjectNode) tree.get("info");
    info.put("title", info.path("title").asText() + " (public-service forms)");
    StringBuilder text = new StringBuilder("This is the public-service variant of `openapi/")
        .append(contract.fileName()).append("`: where that contract keeps the form of the specification it was"
            + " written from and Kraken's public service differs, this file has the service's form. Generate a"
            + " client from this file to call the public service.");
    if (divergences.isEmpty()) {
      text.append(" In this family nothing differs: the file equals the contract but for this paragraph.");
    } else {
      text.append(" Applied here:\n");
      for (PublicService.Divergence d : divergences) {
        text.append("\n- ").append(PublicServiceTable.sentence(d));
      }
    }
    info.put("description", text + "\n\n" + info.path("description").asText());
  }

  private static void movePath(ObjectNode tree, PublicService.Divergence d) {
    ObjectNode paths = (ObjectNode) tree.get("paths");
    String method = d.method().toLowerCase(Locale.ROOT);
    String servicePath = d.serviceForms().get(0);
    ObjectNode from = (ObjectNode) paths.get(d.contractForm());
    ObjectNode operation = (ObjectNode) from.remove(method);
    if (from.has("parameters")) {
      // Path-level parameters stay behind with the path item: the operation takes them along.
      ArrayNode merged = operation.arrayNode();
      from.get("parameters").forEach(p -> merged.add(p.deepCopy()));
      operation.path("parameters").forEach(merged::add);
      operation.set("parameters", merged);
    }
    operation.remove(PublicService.EXTENSION);
    note(operation, "Public-service form: this operation is at `" + d.method() + " " + servicePath + "`, where the"
        + " public service serves it; the contract has it at `" + d.contractForm() + "`.");
    boolean emptied = Contract.METHODS.stream().noneMatch(from::has);
    ObjectNode rebuilt = paths.objectNode();
    for (Map.Entry<String, JsonNode> path : paths.properties()) {
      if (path.getKey().equals(d.contractForm())) {
        if (!emptied) rebuilt.set(path.getKey(), path.getValue());
        if (!paths.has(servicePath)) rebuilt.set(servicePath, paths.objectNode());
      } else {
        rebuilt.set(path.getKey(), path.getValue());
      }
    }
    ObjectNode target = (ObjectNode) rebuilt.get(servicePath);
    target.set(method, operation);
    rebuilt.set(servicePath, inMethodOrder(target));
    tree.set("paths", rebuilt);
  }

  /** A path item's fields with its operations in the order OpenAPI lists the methods. */
  private static ObjectNode inMethodOrder(ObjectNode item) {
    ObjectNode ordered = item.objectNode();
    item.properties().forEach(e -> {
      if (!Contract.METHODS.contains(e.getKey())) ordered.set(e.getKey(), e.getValue());
    });
    for (String method : Contract.METHODS) {
      if (item.has(method)) ordered.set(method, item.get(method));
    }
    return ordered;
  }

  private static void renameHeader(ObjectNode tree, PublicService.Divergence d) {
    String owner = d.pointer().substring(0, d.pointer().length() - PublicService.EXTENSION.length() - 1);
    ObjectNode parameter = (ObjectNode) tree.at(owner);
    List<String> names = d.serviceForms();
    parameter.remove(PublicService.EXTENSION);
    parameter.put("name", names.get(0));
    String others = names.size() == 1 ? "" : " and, with the same value, as " + String.join(" and ",
        names.subList(1, names.size()).stream().map(n -> "`" + n + "`").toList());
    note(parameter, "Public-service form: the header is sent as `" + names.get(0) + "`" + others + ", the names"
        + " the public service reads; the contract names it `" + d.contractForm() + "`.");
    if (names.size() == 1) return;
    if (owner.startsWith("/components/parameters/")) {
      ObjectNode components = (ObjectNode) tree.at("/components/parameters");
      String key = owner.substring("/components/parameters/".length()).replace("~1", "/").replace("~0", "~");
      List<String> keys = new ArrayList<>();
      for (String name : names.subList(1, names.size())) {
        String other = componentKey(components, name);
        components.set(other, sibling(parameter, name, names.get(0)));
        keys.add(other);
      }
      String ref = "#/components/parameters/" + key;
      addAfterEachUse(tree, ref, keys);
    } else {
      ArrayNode list = (ArrayNode) tree.at(owner.substring(0, owner.lastIndexOf('/')));
      int index = Integer.parseInt(owner.substring(owner.lastIndexOf('/') + 1));
      for (int i = names.size() - 1; i >= 1; i--) list.insert(index + 1, sibling(parameter, names.get(i), names.get(0)));
    }
  }

  private static ObjectNode sibling(ObjectNode parameter, String name, String first) {
    ObjectNode copy = parameter.deepCopy();
    copy.put("name", name);
    copy.put("description", "The same value as `" + first + "`: the public service's documentation names the"
        + " header both ways, so a client sends both.");
    return copy;
  }

  /** {@code Payward-Version} as a component key: {@code PaywardVersion}, or with a suffix if taken. */
  private static String componentKey(ObjectNode components, String headerName) {
    StringBuilder key = new StringBuilder();
    for (String word : headerName.split("[^A-Za-z0-9]+")) {
      if (!word.isEmpty()) key.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
    }
    String candidate = key.toString();
    for (int i = 2; components.has(candidate); i++) candidate = key + "Header" + (i == 2 ? "" : i);
    return candidate;
  }

  /** After each {@code $ref} to {@code ref} in a {@code parameters} list, a {@code $ref} to each of {@code keys}. */
  private static void addAfterEachUse(JsonNode node, String ref, List<String> keys) {
    if (node.isObject()) {
      node.properties().forEach(e -> {
        if (e.getKey().equals("parameters") && e.getValue().isArray()) {
          ArrayNode list = (ArrayNode) e.getValue();
          for (int i = list.size() - 1; i >= 0; i--) {
            if (ref.equals(list.get(i).path("$ref").asText(null))) {
              for (int k = keys.size() - 1; k >= 0; k--) {
                list.insert(i + 1, list.objectNode().put("$ref", "#/components/parameters/" + keys.get(k)));
              }
            }
          }
        } else if (!e.getKey().equals("examples") && !e.getKey().equals("example")) {
          addAfterEachUse(e.getValue(), ref, keys);
        }
      });
    } else if (node.isArray()) {
      node.forEach(item -> addAfterEachUse(item, ref, keys));
    }
  }

  private static void renameMember(ObjectNode tree, PublicService.Divergence d) {
    ObjectNode schema = (ObjectNode) tree.at("/components/schemas/" + Contract.escape(d.schema()));
    String contractName = d.contractForm();
    String serviceName = d.serviceForms().get(0);
    ObjectNode properties = (ObjectNode) schema.get("properties");
    ObjectNode renamed = properties.objectNode();
    properties.properties().forEach(e -> renamed.set(e.getKey().equals(contractName) ? serviceName : e.getKey(), e.getValue()));
    schema.set("properties", renamed);
    ObjectNode property = (ObjectNode) renamed.get(serviceName);
    property.remove(PublicService.EXTENSION);
    if (property.get("x-aliases") instanceof ArrayNode aliases) {
      for (int i = 0; i < aliases.size(); i++) {
        if (aliases.get(i).asText().equals(serviceName)) aliases.set(i, TextNode.valueOf(contractName));
      }
    }
    if (schema.get("required") instanceof ArrayNode required) {
      for (int i = 0; i < required.size(); i++) {
        if (required.get(i).asText().equals(contractName)) required.set(i, TextNode.valueOf(serviceName));
      }
    }
  }

  /** Replaces the "Differs from the public service" paragraph of {@code element} (or appends) with {@code text}. */
  private static void note(ObjectNode element, String text) {
    String description = element.path("description").asText("");
    int marker = description.indexOf(PublicService.MARKER);
    String kept = (marker < 0 ? description : description.substring(0, marker)).stripTrailing();
    element.put("description", kept.isEmpty() ? text : kept + "\n\n" + text);
  }

  /**
   * Renames members in every example: each example value is walked along the schema it is an
   * example of ({@code $ref}, {@code allOf}/{@code oneOf}/{@code anyOf}, {@code properties},
   * {@code additionalProperties}, {@code items}), and an object that is an instance of a schema
   * with renamed members gets the service's keys, in place.
   */
  private static final class Examples {
    private final ObjectNode tree;
    private final Map<String, Map<String, String>> membersBySchema;

    Examples(ObjectNode tree, Map<String, Map<String, String>> membersBySchema) {
      this.tree = tree;
      this.membersBySchema = membersBySchema;
    }

    void renameAll() {
      walkContent(tree);
      tree.path("components").path("schemas").properties().forEach(e -> schemaExamples(e.getValue()));
    }

    /** Every media type with a schema: its {@code example} and {@code examples}. */
    private void walkContent(JsonNode node) {
      if (node.isObject()) {
        for (Map.Entry<String, JsonNode> e : node.properties()) {
          if (e.getKey().equals("content") && e.getValue().isObject()) {
            for (Map.Entry<String, JsonNode> media : e.getValue().properties()) {
              JsonNode schema = media.getValue().get("schema");
              if (schema == null) continue;
              rename(media.getValue().get("example"), schema);
              for (Map.Entry<String, JsonNode> example : media.getValue().path("examples").properties()) {
                JsonNode entry = resolve(example.getValue());
                rename(entry.get("value"), schema);
              }
            }
          } else if (!e.getKey().equals("example") && !e.getKey().equals("examples")) {
            walkContent(e.getValue());
          }
        }
      } else if (node.isArray()) {
        node.forEach(this::walkContent);
      }
    }

    /** The {@code example} written on a schema or any schema inside it. */
    private void schemaExamples(JsonNode schema) {
      if (!schema.isObject()) return;
      rename(schema.get("example"), schema);
      schema.path("properties").forEach(this::schemaExamples);
      schemaExamples(schema.path("items"));
      schemaExamples(schema.path("additionalProperties"));
      for (String composed : List.of("allOf", "oneOf", "anyOf")) schema.path(composed).forEach(this::schemaExamples);
    }

    private void rename(JsonNode value, JsonNode schema) {
      if (value == null || schema == null || !schema.isObject()) return;
      String name = null;
      for (int hops = 0; hops < 16 && schema.has("$ref"); hops++) {
        String ref = schema.get("$ref").asText();
        if (ref.startsWith("#/components/schemas/")) name = ref.substring("#/components/schemas/".length());
        schema = tree.at(ref.substring(1));
      }
      for (String composed : List.of("allOf", "oneOf", "anyOf")) {
        for (JsonNode member : schema.path(composed)) rename(value, member);
      }
      if (value instanceof ObjectNode object) {
        JsonNode properties = schema.path("properties");
        JsonNode rest = schema.get("additionalProperties");
        for (Map.Entry<String, JsonNode> member : object.properties()) {
          if (properties.has(member.getKey())) rename(member.getValue(), properties.get(member.getKey()));
          else if (rest != null && rest.isObject()) rename(member.getValue(), rest);
        }
        Map<String, String> renames = name == null ? null : membersBySchema.get(name);
        if (renames != null) {
          List<Map.Entry<String, JsonNode>> members = new ArrayList<>(object.properties());
          object.removeAll();
          for (Map.Entry<String, JsonNode> member : members) {
            object.set(renames.getOrDefault(member.getKey(), member.getKey()), member.getValue());
          }
        }
      } else if (value instanceof ArrayNode array && schema.has("items")) {
        for (JsonNode item : array) rename(item, schema.get("items"));
      }
    }

    private JsonNode resolve(JsonNode node) {
      for (int hops = 0; hops < 16 && node.has("$ref"); hops++) node = tree.at(node.get("$ref").asText().substring(1));
      return node;
    }
  }
}
