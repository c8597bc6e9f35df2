package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The options a rule has in the ruleset (every key of its entry besides severity and description). */
public final class RuleOptions {
  private final String rule;
  private final JsonNode node;

  RuleOptions(String rule, JsonNode node) {
    this.rule = Objects.requireNonNull(rule, "rule == null");
    this.node = node == null ? MissingNode.getInstance() : node;
  }

  /** Options of {@code rule} from a node (tests build options this way). */
  public static RuleOptions of(String rule, JsonNode node) {
    return new RuleOptions(rule, node);
  }

  /** True when the option is set. */
  public boolean has(String key) {
    return node.has(key);
  }

  /** All options as they are written (the body of a rule written as data). */
  public JsonNode node() {
    return node;
  }

  public boolean bool(String key, boolean defaultValue) {
    JsonNode value = node.get(key);
    if (value == null) return defaultValue;
    if (!value.isBoolean()) throw bad(key, "a boolean");
    return value.booleanValue();
  }

  /** A required integer option. */
  public int integer(String key) {
    JsonNode value = node.get(key);
    if (value == null || !value.canConvertToInt() || !value.isIntegralNumber()) throw bad(key, "an integer");
    return value.intValue();
  }

  /** A string option, or {@code defaultValue}. */
  public String string(String key, String defaultValue) {
    JsonNode value = node.get(key);
    if (value == null) return defaultValue;
    if (!value.isTextual()) throw bad(key, "a string");
    return value.asText();
  }

  /** A list of strings, empty when the option is absent. */
  public List<String> strings(String key) {
    JsonNode value = node.get(key);
    List<String> out = new ArrayList<>();
    if (value == null) return out;
    if (!value.isArray()) throw bad(key, "a list of strings");
    for (JsonNode item : value) {
      if (!item.isTextual()) throw bad(key, "a list of strings");
      out.add(item.asText());
    }
    return out;
  }

  /** A list of mappings, empty when the option is absent. */
  public List<JsonNode> objects(String key) {
    JsonNode value = node.get(key);
    List<JsonNode> out = new ArrayList<>();
    if (value == null) return out;
    if (!value.isArray()) throw bad(key, "a list of mappings");
    for (JsonNode item : value) {
      if (!item.isObject()) throw bad(key, "a list of mappings");
      out.add(item);
    }
    return out;
  }

  private IllegalArgumentException bad(String key, String what) {
    return new IllegalArgumentException("ruleset: option " + key + " of rule " + rule + " must be " + what);
  }
}
