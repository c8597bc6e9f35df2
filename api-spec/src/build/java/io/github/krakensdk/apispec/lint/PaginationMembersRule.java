package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.apispec.Contract;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code x-kraken-pagination} (CONVENTIONS.md, on an operation) says how the operation's pages
 * follow one another; a client generates its walk from it, so every name must be real: {@code
 * style} one of {@code offset}, {@code since}, {@code cursor}, {@code page-number}; {@code request}
 * and each of {@code keep} a member of the operation's request (as {@code x-kraken-one-of} counts
 * them); {@code items} a list or map member of the result (the success body, or its {@code
 * result}), or {@code additionalProperties} where the result has rows under a map's keys; {@code
 * total} (offset, page-number) and {@code next} (since, cursor; a link on page-number) members of
 * the result, {@code a.b} for a member of a member; {@code item-key} and {@code forming-after}
 * members of an item. A style's position goes with it: {@code total} for offset and page-number,
 * {@code next} for since and cursor; {@code forming-after} only with since and {@code keep} only
 * with cursor.
 */
final class PaginationMembersRule implements Rule {
  static final String EXTENSION = "x-kraken-pagination";
  private static final Set<String> STYLES = Set.of("offset", "since", "cursor", "page-number");
  private static final Set<String> FIELDS =
      Set.of("style", "request", "items", "total", "next", "item-key", "forming-after", "keep");

  @Override public String id() {
    return "pagination-members";
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    for (Contract.Operation operation : contract.operations()) {
      JsonNode pagination = operation.node().get(EXTENSION);
      if (pagination == null) {
        continue;
      }
      String at = operation.pointer() + "/" + EXTENSION;
      if (!pagination.isObject()) {
        report.at(at, "must be an object, e.g. {style: offset, request: ofs, items: ledger, total: count}");
        continue;
      }
      pagination.fieldNames().forEachRemaining(field -> {
        if (!FIELDS.contains(field)) {
          report.at(at + "/" + field, field + " is not a member of " + EXTENSION + "; its members are " + FIELDS);
        }
      });
      String style = pagination.path("style").asText("");
      if (!STYLES.contains(style)) {
        report.at(at + "/style", "'" + style + "' is none of " + STYLES);
        continue;
      }
      Map<String, Boolean> members = OneOfMembersRule.members(contract, operation);
      String position = pagination.path("request").asText("");
      if (!members.containsKey(position)) {
        report.at(at + "/request", "'" + position + "' is not a request member of " + operation.label()
            + "; its members are " + members.keySet());
      }
      JsonNode result = result(contract, operation);
      if (result == null) {
        report.at(at, operation.label() + " has no JSON object as its success body");
        continue;
      }
      JsonNode item = items(contract, result, pagination.path("items").asText(""), at, report);
      boolean needsTotal = style.equals("offset") || style.equals("page-number");
      boolean needsNext = style.equals("since") || style.equals("cursor");
      for (String field : List.of("total", "next")) {
        JsonNode path = pagination.get(field);
        if (path == null) {
          if (field.equals("total") ? needsTotal : needsNext) {
            report.at(at, style + " paging needs " + field);
          }
        } else if (member(contract, result, path.asText()) == null) {
          report.at(at + "/" + field, "'" + path.asText() + "' is not a member of " + operation.label() + "'s result");
        }
      }
      if (pagination.has("forming-after") && !style.equals("since")) {
        report.at(at + "/forming-after", "only since paging has items still forming after next");
      }
      if (pagination.has("keep") && !style.equals("cursor")) {
        report.at(at + "/keep", "only cursor paging keeps some members of later requests");
      }
      for (String field : List.of("item-key", "forming-after")) {
        JsonNode name = pagination.get(field);
        if (name != null && !hasMember(contract, item, name.asText())) {
          report.at(at + "/" + field, "'" + name.asText() + "' is not a member of an item");
        }
      }
      JsonNode keep = pagination.get("keep");
      if (keep != null) {
        if (!keep.isArray() || keep.isEmpty()) {
          report.at(at + "/keep", "must be a non-empty list of request members");
        } else {
          for (JsonNode name : keep) {
            if (!members.containsKey(name.asText())) {
              report.at(at + "/keep", "'" + name.asText() + "' is not a request member of " + operation.label());
            }
          }
        }
      }
    }
  }

  /** The schema of one item, or null (reported) when {@code items} names no list or map. */
  private static JsonNode items(Contract contract, JsonNode result, String name, String at, Report report) {
    if (name.equals("additionalProperties")) {
      JsonNode rows = contract.resolve(result.path("additionalProperties"));
      if (!rows.isObject() || !"array".equals(rows.path("type").asText())) {
        report.at(at + "/items", "the result has no rows under a map's keys (additionalProperties of arrays)");
        return null;
      }
      return contract.resolve(rows.path("items"));
    }
    JsonNode member = member(contract, result, name);
    if (member == null) {
      report.at(at + "/items", "'" + name + "' is not a member of the result");
      return null;
    }
    if ("array".equals(member.path("type").asText())) {
      return contract.resolve(member.path("items"));
    }
    if (member.path("additionalProperties").isObject()) {
      return contract.resolve(member.path("additionalProperties"));
    }
    report.at(at + "/items", "'" + name + "' is neither a list nor a map");
    return null;
  }

  /** The success body's result: its {@code result} member when it has one, else the body. */
  private static JsonNode result(Contract contract, Contract.Operation operation) {
    JsonNode responses = operation.node().path("responses");
    for (String code : List.of("200", "201")) {
      JsonNode content = contract.resolve(responses.path(code)).path("content");
      if (content.isObject() && content.size() > 0) {
        JsonNode body = contract.resolve(content.elements().next().path("schema"));
        JsonNode result = property(contract, body, "result");
        return result == null ? body : result;
      }
    }
    return null;
  }

  /** The member at a dotted path of {@code schema}, resolved; null when a step is missing. */
  private static JsonNode member(Contract contract, JsonNode schema, String path) {
    JsonNode current = schema;
    for (String step : path.split("\\.")) {
      current = property(contract, current, step);
      if (current == null) {
        return null;
      }
    }
    return current;
  }

  /** A property of an object schema or of one of its {@code allOf} parts, resolved; null if none. */
  private static JsonNode property(Contract contract, JsonNode schema, String name) {
    JsonNode resolved = contract.resolve(schema);
    JsonNode direct = resolved.path("properties").path(name);
    if (!direct.isMissingNode()) {
      return contract.resolve(direct);
    }
    for (JsonNode part : resolved.path("allOf")) {
      JsonNode found = property(contract, part, name);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /** Whether an item has the member {@code name}: a property, or a named position of a tuple. */
  private static boolean hasMember(Contract contract, JsonNode item, String name) {
    if (item == null) {
      return false;
    }
    if (property(contract, item, name) != null) {
      return true;
    }
    for (JsonNode position : contract.resolve(item).path("x-kraken-tuple")) {
      if (name.equals(position.path("name").asText())) {
        return true;
      }
    }
    return false;
  }
}
