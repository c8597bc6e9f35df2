package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import io.github.krakensdk.apispec.Refs;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * No component is unused: every entry under {@code components} (schemas, parameters, responses,
 * request bodies, headers, examples, links, callbacks, security schemes) is reachable from the
 * paths and the root, following {@code $ref}s from component to component; a security scheme
 * counts as used when a security requirement names it. A schema used only by another unused
 * schema is unused as well.
 */
final class UnusedComponentRule implements Rule {
  @Override public String id() {
    return "no-unused-component";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    JsonNode root = contract.root();
    Set<String> used = new HashSet<>();
    Deque<String> todo = new ArrayDeque<>();
    for (Map.Entry<String, JsonNode> e : root.properties()) {
      if (e.getKey().equals("components")) continue;
      for (Refs.Ref ref : Refs.under(e.getValue(), "/" + Contract.escape(e.getKey()))) {
        if (ref.isLocal()) todo.add(ref.target().substring(1));
      }
      securityNames(e.getValue(), used);
    }
    while (!todo.isEmpty()) {
      String pointer = todo.pop();
      String component = componentOf(pointer);
      if (component == null || !used.add(component)) continue;
      for (Refs.Ref ref : Refs.under(root.at(component), component)) {
        if (ref.isLocal()) todo.add(ref.target().substring(1));
      }
    }
    for (Map.Entry<String, JsonNode> type : root.path("components").properties()) {
      for (Iterator<String> names = type.getValue().fieldNames(); names.hasNext(); ) {
        String name = names.next();
        String pointer = "/components/" + Contract.escape(type.getKey()) + "/" + Contract.escape(name);
        boolean isUsed = type.getKey().equals("securitySchemes") ? used.contains("security:" + name) : used.contains(pointer);
        if (!isUsed) report.at(pointer, type.getKey() + " " + name + " is not used; remove it or use it");
      }
    }
  }

  /** {@code /components/schemas/A/properties/b} to {@code /components/schemas/A}. */
  private static String componentOf(String pointer) {
    String[] parts = pointer.split("/", -1);
    if (parts.length < 4 || !parts[1].equals("components")) return null;
    return "/" + parts[1] + "/" + parts[2] + "/" + parts[3];
  }

  /** Adds {@code security:<scheme>} for every scheme a security requirement under {@code node} names. */
  private static void securityNames(JsonNode node, Set<String> used) {
    if (node.isObject()) {
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        if (e.getKey().equals("security") && e.getValue().isArray()) {
          for (JsonNode requirement : e.getValue()) {
            requirement.fieldNames().forEachRemaining(name -> used.add("security:" + name));
          }
        } else if (!e.getKey().equals("example") && !e.getKey().equals("examples")) {
          securityNames(e.getValue(), used);
        }
      }
    } else if (node.isArray()) {
      for (JsonNode item : node) securityNames(item, used);
    }
  }
}
