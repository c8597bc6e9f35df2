package io.github.krakensdk.apispec.lint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The ruleset file, {@code lint/ruleset.yaml}: for each rule id its severity, a description
 * (what the rule demands and why) and its options.
 *
 * <pre>{@code
 * rules:
 *   operation-summary:
 *     severity: error
 *     description: Every operation has a one-line summary.
 * }</pre>
 */
public final class Ruleset {
  /** One rule's entry. */
  public record Entry(String id, Severity severity, String description, RuleOptions options) {}

  private final Map<String, Entry> entries;
  private final java.util.Set<String> controlPlaneRules;
  private final java.util.Set<String> streamRules;

  private Ruleset(Map<String, Entry> entries, java.util.Set<String> controlPlaneRules, java.util.Set<String> streamRules) {
    this.entries = Collections.unmodifiableMap(entries);
    this.controlPlaneRules = Collections.unmodifiableSet(controlPlaneRules);
    this.streamRules = Collections.unmodifiableSet(streamRules);
  }

  public static Ruleset load(Path file) throws IOException {
    Objects.requireNonNull(file, "file == null");
    return of(new ObjectMapper(new YAMLFactory()).readTree(file.toFile()));
  }

  public static Ruleset of(JsonNode root) {
    JsonNode rules = root == null ? null : root.get("rules");
    if (rules == null || !rules.isObject()) throw new IllegalArgumentException("ruleset: no rules: mapping");
    Map<String, Entry> entries = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : rules.properties()) {
      String id = e.getKey();
      JsonNode body = e.getValue();
      if (!body.isObject()) throw new IllegalArgumentException("ruleset: rule " + id + " is not a mapping");
      JsonNode severity = body.get("severity");
      JsonNode description = body.get("description");
      if (severity == null || !severity.isTextual()) {
        throw new IllegalArgumentException("ruleset: rule " + id + " has no severity");
      }
      if (description == null || description.asText().isBlank()) {
        throw new IllegalArgumentException("ruleset: rule " + id + " has no description");
      }
      ObjectNode options = ((ObjectNode) body).deepCopy();
      options.remove("severity");
      options.remove("description");
      entries.put(id, new Entry(id, Severity.parse(severity.asText()), description.asText().trim(),
          new RuleOptions(id, options)));
    }
    return new Ruleset(entries, listed(root, "controlPlaneRules", entries), listed(root, "streamRules", entries));
  }

  /** The rule ids listed under {@code key}, each naming a rule of {@code entries}. */
  private static java.util.Set<String> listed(JsonNode root, String key, Map<String, Entry> entries) {
    java.util.Set<String> ids = new java.util.LinkedHashSet<>();
    JsonNode listed = root.get(key);
    if (listed != null) {
      for (JsonNode id : listed) {
        if (!entries.containsKey(id.asText())) {
          throw new IllegalArgumentException("ruleset: " + key + " names no rule " + id.asText());
        }
        ids.add(id.asText());
      }
    }
    return ids;
  }

  /**
   * The rules that apply to the sandbox's control-plane document ({@code controlPlaneRules}): the
   * OpenAPI rules and the house style, not those only the Kraken families need.
   */
  public java.util.Set<String> controlPlaneRules() {
    return controlPlaneRules;
  }

  /**
   * The rules that apply to a WebSocket contract ({@code streamRules}, {@code ws/websocket.yaml}):
   * those about schemas; a file with {@code paths: {}} gives the rules about operations, parameters
   * and paths nothing to look at.
   */
  public java.util.Set<String> streamRules() {
    return streamRules;
  }

  /** This ruleset with the entries named {@code ids} alone. */
  public Ruleset only(java.util.Set<String> ids) {
    Map<String, Entry> kept = new LinkedHashMap<>();
    entries.forEach((id, entry) -> {
      if (ids.contains(id)) kept.put(id, entry);
    });
    return new Ruleset(kept, controlPlaneRules, streamRules);
  }

  /** The entries in file order. */
  public Map<String, Entry> entries() {
    return entries;
  }

  public Entry entry(String id) {
    Entry entry = entries.get(id);
    if (entry == null) throw new IllegalArgumentException("ruleset: no rule " + id);
    return entry;
  }
}
