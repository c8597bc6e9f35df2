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
 * <p>The ruleset and the engine must name the same rules: a rule the engine has but the file
 * does not configure, or the other way round, is an error when the linter is built, so neither
 * can drift away from the other.
 */
public final class Linter {
  /** Every rule the engine knows, in the order they run. */
  public static List<Rule> allRules() {
    return List.of(
        new OpenApiValidRule(),
        new NoExternalRefRule(),
        OperationFieldRule.operationId(),
        OperationFieldRule.summary(),
        OperationFieldRule.description(),
        new OperationTagRule(),
        new ResponseExampleRule(),
        new DecimalFormatRule(),
        new PathParameterLengthRule(),
        new IibanLengthRule(),
        new UnusedComponentRule(),
        new InlineDuplicateRule(),
        new InlineEnumRule());
  }

  private final Ruleset ruleset;
  private final Map<String, Rule> rules;

  public Linter(Ruleset ruleset, List<Rule> rules) {
    this.ruleset = Objects.requireNonNull(ruleset, "ruleset == null");
    Map<String, Rule> byId = new LinkedHashMap<>();
    for (Rule rule : rules) {
      if (byId.put(rule.id(), rule) != null) throw new IllegalArgumentException("two rules named " + rule.id());
    }
    Set<String> unconfigured = new LinkedHashSet<>(byId.keySet());
    unconfigured.removeAll(ruleset.entries().keySet());
    Set<String> unknown = new LinkedHashSet<>(ruleset.entries().keySet());
    unknown.removeAll(byId.keySet());
    if (!unconfigured.isEmpty() || !unknown.isEmpty()) {
      throw new IllegalArgumentException("ruleset and engine disagree: not in the ruleset " + unconfigured
          + ", unknown to the engine " + unknown);
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
