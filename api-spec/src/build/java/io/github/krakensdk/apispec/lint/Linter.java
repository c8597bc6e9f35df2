package io.github.krakensdk.apispec.lint;

import io.github.krakensdk.apispec.Contract;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Runs the ruleset over a contract.
 *
 * <pre>{@code
 * Linter linter = Linter.load(Path.of("api-spec/lint/ruleset.yaml"));
 * List<Finding> findings = linter.lint(Contract.load(Path.of("api-spec/embed.yaml")));
 * boolean ok = findings.stream().noneMatch(f -> f.severity() == Severity.ERROR);
 * }</pre>
 *
 * <p>Most rules are data in the ruleset, evaluated by {@link DataRule}; the few that need code
 * are Java classes ({@link #allRules()}). A Java rule the file does not configure, or an entry
 * that is neither data nor a Java rule, is an error when the linter is built, so neither side
 * can drift away from the other.
 */
public final class Linter {
  /** Every rule written in Java, in the order they run; the others are data in the ruleset ({@link DataRule}). */
  public static List<Rule> allRules() {
    return List.of(
        new OpenApiValidRule(),
        new ResponseExampleRule(),
        new DecimalFormatRule(),
        new UnusedComponentRule(),
        new InlineDuplicateRule(),
        new PublicServiceRule(),
        new ContractOnlyRule(),
        new PatternWordsRule(),
        new OneOfMembersRule(),
        new JavaNameRule(),
        new JavaTypeRule(),
        new OperationSectionRule(),
        new PaginationMembersRule(),
        new SandboxAcceptsRule(),
        new WsRoutingRule());
  }

  private final Ruleset ruleset;
  private final Map<String, Rule> rules;

  public Linter(Ruleset ruleset, List<Rule> javaRules) {
    this.ruleset = Objects.requireNonNull(ruleset, "ruleset == null");
    Map<String, Rule> java = new LinkedHashMap<>();
    for (Rule rule : javaRules) {
      if (java.put(rule.id(), rule) != null) throw new IllegalArgumentException("two rules named " + rule.id());
    }
    Map<String, Rule> byId = new LinkedHashMap<>();
    Set<String> unknown = new LinkedHashSet<>();
    for (Ruleset.Entry entry : ruleset.entries().values()) {
      if (DataRule.isData(entry.options())) byId.put(entry.id(), new DataRule(entry.id(), entry.options()));
      else if (java.containsKey(entry.id())) byId.put(entry.id(), java.get(entry.id()));
      else unknown.add(entry.id());
    }
    Set<String> unconfigured = new LinkedHashSet<>(java.keySet());
    unconfigured.removeAll(byId.keySet());
    if (!unconfigured.isEmpty() || !unknown.isEmpty()) {
      throw new IllegalArgumentException("ruleset and engine disagree: not in the ruleset " + unconfigured
          + ", neither data (given: ...) nor known to the engine " + unknown);
    }
    this.rules = byId;
  }

  /** A linter with every rule, configured by the ruleset file. */
  public static Linter load(Path rulesetFile) throws IOException {
    return new Linter(Ruleset.load(rulesetFile), allRules());
  }

  public Ruleset ruleset() {
    return ruleset;
  }

  /**
   * A linter of the sandbox's control-plane document: the rules the ruleset lists under {@code
   * controlPlaneRules} (the OpenAPI rules and the house style), none of those only Kraken families
   * need ({@code x-kraken-*}, public-service forms, Java names).
   */
  public Linter controlPlane() {
    return new Linter(ruleset.only(ruleset.controlPlaneRules()), List.copyOf(rules.values()).stream()
        .filter(rule -> ruleset.controlPlaneRules().contains(rule.id()) && !(rule instanceof DataRule)).toList());
  }

  /**
   * A linter of a WebSocket contract ({@code ws/websocket.yaml}): the rules the ruleset lists under
   * {@code streamRules}, those about schemas and the routing extensions.
   */
  public Linter stream() {
    return only(ruleset.streamRules());
  }

  private Linter only(Set<String> ids) {
    return new Linter(ruleset.only(ids), List.copyOf(rules.values()).stream()
        .filter(rule -> ids.contains(rule.id()) && !(rule instanceof DataRule)).toList());
  }

  /** Every finding of every rule that is not off, in rule order then file order. */
  public List<Finding> lint(Contract contract) {
    Objects.requireNonNull(contract, "contract == null");
    List<Finding> findings = new ArrayList<>();
    for (Ruleset.Entry entry : ruleset.entries().values()) {
      if (entry.severity() == Severity.OFF) continue;
      Rule rule = rules.get(entry.id());
      Set<String> seen = new LinkedHashSet<>();
      rule.check(contract, entry.options(), (pointer, message) -> {
        // A shared element reached from several places is reported once.
        if (seen.add(pointer + "\n" + message)) {
          findings.add(new Finding(entry.id(), entry.severity(), contract.fileName(), pointer, message));
        }
      });
    }
    return findings;
  }

  /** True when {@code findings} hold an error. */
  public static boolean hasErrors(List<Finding> findings) {
    return findings.stream().anyMatch(f -> f.severity() == Severity.ERROR);
  }
}
