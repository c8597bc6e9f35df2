package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code x-kraken-one-of} (CONVENTIONS.md, on an operation) lists groups of request members of
 * which a call must give at least one ({@code [[txid, cl_ord_id]]}): a non-empty list of groups,
 * each of two or more distinct names of the operation's members (its parameters, client settings
 * left out, and the properties of its body, signer-filled ones left out), none of them required
 * (a required member makes the group say nothing) and none in two groups. The generated
 * {@code build()} checks each group, the service has no no-argument overload for the operation,
 * and the sandbox answers a call that gives none of a group as the service does.
 */
final class OneOfMembersRule implements Rule {
  static final String EXTENSION = "x-kraken-one-of";

  @Override public String id() {
    return "one-of-members";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    for (Contract.Operation operation : contract.operations()) {
      JsonNode groups = operation.node().get(EXTENSION);
      if (groups == null) {
        continue;
      }
      String at = operation.pointer() + "/" + EXTENSION;
      if (!groups.isArray() || groups.isEmpty()) {
        report.at(at, "must be a non-empty list of groups of member names, e.g. [[txid, cl_ord_id]]");
        continue;
      }
      Map<String, Boolean> members = members(contract, operation);
      Set<String> grouped = new HashSet<>();
      for (int i = 0; i < groups.size(); i++) {
        JsonNode group = groups.get(i);
        String groupAt = at + "/" + i;
        if (!group.isArray() || group.size() < 2) {
          report.at(groupAt, "a group lists two or more member names");
          continue;
        }
        Set<String> seen = new HashSet<>();
        for (JsonNode item : group) {
          String name = item.asText();
          if (!item.isTextual() || !members.containsKey(name)) {
            report.at(groupAt, "'" + item + "' is not a request member of " + operation.label()
                + "; its members are " + members.keySet());
          } else if (!seen.add(name)) {
            report.at(groupAt, name + " is listed twice");
          } else if (members.get(name)) {
            report.at(groupAt, name + " is required, so the group says nothing; leave it out or make it optional");
          } else if (!grouped.add(name)) {
            report.at(groupAt, name + " is in another group too");
          }
        }
      }
    }
  }

  /** The operation's request members by name, each with whether it is required. */
  static Map<String, Boolean> members(Contract contract, Contract.Operation operation) {
    Map<String, Boolean> members = new LinkedHashMap<>();
    JsonNode pathItem = contract.at("/paths/" + Contract.escape(operation.path()));
    for (JsonNode parameters : new JsonNode[] {pathItem == null ? null : pathItem.get("parameters"),
        operation.node().get("parameters")}) {
      if (parameters == null) {
        continue;
      }
      for (JsonNode declared : parameters) {
        JsonNode parameter = contract.resolve(declared);
        if (!parameter.path("x-kraken-client-setting").asBoolean(false)) {
          members.put(parameter.path("name").asText(),
              parameter.path("required").asBoolean(false) || "path".equals(parameter.path("in").asText()));
        }
      }
    }
    JsonNode content = operation.node().path("requestBody").path("content");
    if (content.isObject() && content.size() > 0) {
      JsonNode body = contract.resolve(content.elements().next().path("schema"));
      Set<String> required = new HashSet<>();
      body.path("required").forEach(name -> required.add(name.asText()));
      body.path("properties").properties().forEach(property -> {
        if (!property.getValue().path("x-kraken-signer-filled").asBoolean(false)) {
          members.put(property.getKey(), required.contains(property.getKey()));
        }
      });
    }
    return members;
  }
}
