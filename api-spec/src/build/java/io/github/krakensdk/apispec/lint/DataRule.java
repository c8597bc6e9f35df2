package io.github.krakensdk.apispec.lint;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.krakensdk.apispec.Contract;
import io.github.krakensdk.apispec.Refs;
import io.github.krakensdk.apispec.SchemaSites;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A rule written as data in {@code lint/ruleset.yaml}: which places of the file it looks at
 * ({@code given}, narrowed by {@code where} and {@code whereNot}) and what must hold there
 * ({@code then}, a list of checks). Rules that need more than that stay Java classes.
 *
 * <pre>{@code
 * operation-operation-id:
 *   severity: error
 *   description: Every operation has an operationId, unique and lowerCamelCase.
 *   given: operations
 *   then:
 *     - {field: operationId, nonBlank: true, pattern: '^[a-z][a-zA-Z0-9]*$', unique: true}
 * }</pre>
 *
 * <p>{@code given} is one of
 * <ul>
 *   <li>{@code operations}: every operation, callbacks included (attribute {@code callback});</li>
 *   <li>{@code parameters}: every parameter definition, inline or under {@code components}
 *       (attributes {@code name}, {@code in});</li>
 *   <li>{@code schemas}: every schema written in the file that is no {@code $ref} (attributes
 *       {@code kind}: component, property, items, composed, map_value, parameter, body, header;
 *       and {@code name});</li>
 *   <li>{@code refs}: every object holding a {@code $ref}, examples left out.</li>
 * </ul>
 * {@code where} / {@code whereNot} keep the places whose attributes have (not) one of the given
 * values: {@code where: {in: path}}, {@code whereNot: {kind: component}}.
 *
 * <p>A check looks at {@code field} of the place (or at the place itself without one), after
 * following its {@code $ref} when {@code resolve: true}; {@code when: {type: string}} applies it
 * only where the value matches, {@code unless: [enum]} skips values that have one of the keys.
 * It demands any of: {@code present}, {@code nonBlank}, {@code pattern}, {@code unique} (in the
 * file), {@code same} (one value in the whole file), {@code minItems}, {@code maxItems},
 * {@code itemsIn} (a JSON pointer pattern with {@code *}, such as {@code /tags/*}{@code /name}),
 * {@code matches} (each key equal to the value, or to one of a list), {@code requires} (keys
 * present), {@code absent} (keys not present), {@code resolves} (a {@code #/...} reference names
 * something in the file). {@code message} adds advice to each finding.
 * A missing field is reported at the place, a wrong value at the field.
 */
final class DataRule implements Rule {
  private static final Set<String> GIVEN = Set.of("operations", "parameters", "schemas", "refs");
  private static final Set<String> RULE_KEYS = Set.of("given", "where", "whereNot", "then");
  private static final Set<String> CHECK_KEYS = Set.of("field", "resolve", "when", "unless", "present", "nonBlank",
      "pattern", "unique", "same", "minItems", "maxItems", "itemsIn", "matches", "requires", "absent", "resolves", "message");

  /** One place a rule looks at: its JSON pointer, its node, how findings name it, its attributes. */
  record Site(String pointer, JsonNode node, String label, Map<String, String> attributes) {}

  private final String id;

  /** Checks the rule's words once, when the linter is built, so that a typo fails every build. */
  DataRule(String id, RuleOptions options) {
    this.id = requireNonNull(id, "id == null");
    JsonNode rule = options.node();
    for (var key : (Iterable<String>) rule::fieldNames) {
      if (!RULE_KEYS.contains(key)) throw bad("unknown key " + key + "; expected one of " + RULE_KEYS);
    }
    if (!GIVEN.contains(rule.path("given").asText())) throw bad("given must be one of " + GIVEN + ", not " + rule.get("given"));
    if (!rule.path("then").isArray() || rule.path("then").isEmpty()) throw bad("then must be a list of checks");
    for (JsonNode check : rule.get("then")) {
      for (var key : (Iterable<String>) check::fieldNames) {
        if (!CHECK_KEYS.contains(key)) throw bad("unknown check " + key + "; expected one of " + CHECK_KEYS);
      }
      if (check.hasNonNull("pattern")) Pattern.compile(check.get("pattern").asText());
    }
  }

  /** True when a ruleset entry is written as data (it has {@code given}). */
  static boolean isData(RuleOptions options) {
    return options.has("given");
  }

  @Override public String id() {
    return id;
  }

  @Override public void check(Contract contract, RuleOptions options, Report report) {
    JsonNode rule = options.node();
    List<Site> sites = new ArrayList<>();
    for (Site site : sites(contract, rule.path("given").asText())) {
      if (attributesMatch(site, rule.path("where"), true) && attributesMatch(site, rule.path("whereNot"), false)) {
        sites.add(site);
      }
    }
    for (JsonNode check : rule.get("then")) apply(contract, check, sites, report);
  }

  private void apply(Contract contract, JsonNode check, List<Site> sites, Report report) {
    String field = check.hasNonNull("field") ? check.get("field").asText() : null;
    String advice = check.hasNonNull("message") ? "; " + check.get("message").asText() : "";
    Pattern pattern = check.hasNonNull("pattern") ? Pattern.compile(check.get("pattern").asText()) : null;
    Map<String, String> seen = new HashMap<>();
    String first = null;
    for (Site site : sites) {
      JsonNode value = field == null ? site.node() : site.node().get(field);
      String what = site.label() + (field == null ? "" : " " + field);
      String at = field == null ? site.pointer() : site.pointer() + "/" + Contract.escape(field);
      boolean required = check.path("present").asBoolean() || check.path("nonBlank").asBoolean() || check.has("minItems");
      if (value == null || value.isNull()) {
        if (required) report.at(site.pointer(), site.label() + " has no " + field + advice);
        continue;
      }
      if (check.path("resolve").asBoolean()) value = contract.resolve(value);
      if (check.has("when") && !valueMatches(value, check.get("when"))) continue;
      if (hasAny(value, check.path("unless"))) continue;
      if (check.path("nonBlank").asBoolean() && (!value.isTextual() || value.asText().isBlank())) {
        report.at(site.pointer(), site.label() + " has no " + field + advice);
        continue;
      }
      if (pattern != null && !pattern.matcher(value.asText()).matches()) {
        report.at(at, what + " " + value.asText() + " does not match " + pattern + advice);
      }
      if (check.path("unique").asBoolean()) {
        String other = seen.putIfAbsent(value.toString(), site.pointer());
        if (other != null) report.at(at, what + " " + value + " is also used at " + other + advice);
      }
      if (check.path("same").asBoolean()) {
        if (first == null) first = value.toString();
        else if (!first.equals(value.toString())) report.at(at, what + " is " + value + ", elsewhere in the file " + first + advice);
      }
      if (check.has("minItems") && value.size() < check.get("minItems").asInt()) {
        report.at(site.pointer(), site.label() + " has fewer than " + check.get("minItems").asInt() + " " + field + advice);
      }
      if (check.has("maxItems") && value.size() > check.get("maxItems").asInt()) {
        report.at(at, what + " has more than " + check.get("maxItems").asInt() + " entries" + advice);
      }
      if (check.hasNonNull("itemsIn")) {
        Set<String> allowed = select(contract.root(), check.get("itemsIn").asText());
        for (int i = 0; i < value.size(); i++) {
          if (!allowed.contains(value.get(i).asText())) {
            report.at(at + "/" + i, what + " " + value.get(i).asText() + " is not one of " + allowed + advice);
          }
        }
      }
      if (check.path("resolves").asBoolean() && value.asText().startsWith("#/")
          && contract.at(value.asText().substring(1)).isMissingNode()) {
        report.at(at, what + " " + value.asText() + " names nothing in the file" + advice);
      }
      for (var e : check.path("matches").properties()) {
        if (!valueMatches(value.path(e.getKey()), e.getValue())) {
          report.at(at, what + " must have " + e.getKey() + " " + e.getValue() + ", has "
              + (value.has(e.getKey()) ? value.get(e.getKey()) : "none") + advice);
        }
      }
      List<String> missing = new ArrayList<>();
      for (JsonNode key : check.path("requires")) if (!value.has(key.asText())) missing.add(key.asText());
      if (!missing.isEmpty()) report.at(at, what + " lacks " + String.join(" and ", missing) + advice);
      for (JsonNode key : check.path("absent")) {
        if (value.has(key.asText())) {
          report.at(at, what + " has " + key.asText() + " " + value.get(key.asText()) + advice);
        }
      }
    }
  }

  /** The places {@code given} names, in file order. */
  static List<Site> sites(Contract contract, String given) {
    List<Site> out = new ArrayList<>();
    switch (given) {
      case "operations" -> {
        for (Contract.Operation op : contract.operations()) {
          out.add(new Site(op.pointer(), op.node(), op.label(), Map.of("callback", String.valueOf(op.callback()))));
        }
      }
      case "parameters" -> {
        for (Parameters.Definition p : Parameters.of(contract)) {
          out.add(new Site(p.pointer(), p.parameter(), "parameter " + p.name() + " (" + p.in() + ")",
              Map.of("name", p.name(), "in", p.in())));
        }
      }
      case "schemas" -> {
        for (SchemaSites.Site s : SchemaSites.of(contract)) {
          if (s.isRef()) continue;
          String kind = s.kind().name().toLowerCase(Locale.ROOT);
          out.add(new Site(s.pointer(), s.schema(), kind + " schema" + (s.name() == null ? "" : " " + s.name()),
              Map.of("kind", kind, "name", s.name() == null ? "" : s.name())));
        }
      }
      case "refs" -> {
        for (Refs.Ref ref : Refs.under(contract.root(), "")) {
          out.add(new Site(ref.pointer(), contract.at(ref.pointer()), "reference", Map.of()));
        }
      }
      default -> throw new IllegalArgumentException("given: " + given);
    }
    return out;
  }

  /** Every text value at a pointer pattern whose {@code *} segments match any key or index. */
  static Set<String> select(JsonNode root, String pattern) {
    List<JsonNode> nodes = List.of(root);
    for (String segment : pattern.substring(1).split("/")) {
      List<JsonNode> next = new ArrayList<>();
      for (JsonNode node : nodes) {
        if (segment.equals("*")) node.forEach(next::add);
        else if (node.has(segment)) next.add(node.get(segment));
      }
      nodes = next;
    }
    Set<String> out = new LinkedHashSet<>();
    nodes.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static boolean attributesMatch(Site site, JsonNode filter, boolean wanted) {
    for (var e : filter.properties()) {
      String actual = site.attributes().get(e.getKey());
      boolean matches = actual != null && valueMatches(TextNode.valueOf(actual), e.getValue());
      if (matches != wanted) return false;
    }
    return true;
  }

  /** True when {@code value} equals {@code expected}, or one of {@code expected}'s items; mappings match key by key. */
  private static boolean valueMatches(JsonNode value, JsonNode expected) {
    if (expected.isObject()) {
      for (var e : expected.properties()) if (!valueMatches(value.path(e.getKey()), e.getValue())) return false;
      return true;
    }
    if (expected.isArray()) {
      for (JsonNode option : expected) if (valueMatches(value, option)) return true;
      return false;
    }
    return !value.isMissingNode() && value.asText().equals(expected.asText());
  }

  private static boolean hasAny(JsonNode value, JsonNode keys) {
    for (JsonNode key : keys) if (value.has(key.asText())) return true;
    return false;
  }

  private IllegalArgumentException bad(String problem) {
    return new IllegalArgumentException("ruleset: rule " + id + ": " + problem);
  }

}
