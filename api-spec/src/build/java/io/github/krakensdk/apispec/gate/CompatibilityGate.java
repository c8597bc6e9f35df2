package io.github.krakensdk.apispec.gate;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.apispec.Contract;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.openapitools.openapidiff.core.OpenApiCompare;
import org.openapitools.openapidiff.core.compare.OpenApiDiffOptions;
import org.openapitools.openapidiff.core.model.Changed;
import org.openapitools.openapidiff.core.model.ChangedOpenApi;
import org.openapitools.openapidiff.core.model.ChangedSchema;
import org.openapitools.openapidiff.core.model.ComposedChanged;
import org.openapitools.openapidiff.core.model.DiffContext;
import org.openapitools.openapidiff.core.model.DiffResult;
import org.openapitools.openapidiff.core.output.ConsoleRender;
import org.openapitools.openapidiff.core.output.MarkdownRender;
import org.openapitools.openapidiff.core.output.Render;

/**
 * The breaking-change gate: compares a family's current contract with the last released one
 * (the baseline) using openapi-diff, and fails on a change that breaks an existing client
 * (an operation or field removed, a type narrowed, a new required parameter, an enum value
 * removed from a request) unless the major version was raised.
 *
 * <pre>{@code
 * CompatibilityGate gate = CompatibilityGate.load(Path.of("api-spec/lint/openapi-diff.yaml"));
 * CompatibilityGate.Result result = gate.compare(
 *     Contract.load(Path.of("api-spec/baseline/spot.yaml")), Contract.load(Path.of("api-spec/spot.yaml")));
 * System.out.println(result.report());
 * if (!result.passes()) throw new IllegalStateException(result.summary());
 * }</pre>
 *
 * <p>Which changes count as incompatible is openapi-diff's judgement, tuned by its config file
 * ({@code lint/openapi-diff.yaml}) where the contract's own rules differ (for example, enums
 * are open, so a new value in a response breaks no client), with one addition: openapi-diff
 * calls a removed property compatible, while for this contract a field that disappears breaks
 * the clients that read or send it, so the gate treats every removed property as incompatible.
 */
public final class CompatibilityGate {
  private final OpenApiDiffOptions options;

  private CompatibilityGate(OpenApiDiffOptions options) {
    this.options = options;
  }

  /** A gate with openapi-diff's defaults overridden by {@code configYaml} (openapi-diff's own format). */
  public static CompatibilityGate load(Path configYaml) {
    Objects.requireNonNull(configYaml, "configYaml == null");
    File file = configYaml.toFile();
    if (!file.isFile()) throw new IllegalArgumentException("no openapi-diff config at " + configYaml);
    return new CompatibilityGate(OpenApiDiffOptions.builder().configYaml(file).build());
  }

  /**
   * The baseline of a family that no release has had yet: {@code current}'s {@code openapi} and
   * {@code info} at {@code releasedVersion} (the last release), with no paths and no components,
   * so that {@link #compare} reads every operation of {@code current} as an addition, which a
   * minor release may make.
   *
   * <pre>{@code
   * Contract empty = CompatibilityGate.firstRelease(Contract.load(Path.of("api-spec/funding.yaml")), "1.0.0");
   * gate.compare(empty, current).addedOperations(); // all of them
   * }</pre>
   */
  public static Contract firstRelease(Contract current, String releasedVersion) {
    Objects.requireNonNull(current, "current == null");
    Objects.requireNonNull(releasedVersion, "releasedVersion == null");
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.set("openapi", current.root().path("openapi").deepCopy());
    ObjectNode info = current.root().path("info").isObject()
        ? (ObjectNode) current.root().get("info").deepCopy() : JsonNodeFactory.instance.objectNode();
    info.put("version", releasedVersion);
    root.set("info", info);
    root.putObject("paths");
    return Contract.of(current.fileName(), root);
  }

  /** Compares {@code current} with {@code baseline}, the last released contract of the same family. */
  public Result compare(Contract baseline, Contract current) {
    Objects.requireNonNull(baseline, "baseline == null");
    Objects.requireNonNull(current, "current == null");
    ChangedOpenApi diff = OpenApiCompare.fromContents(baseline.text(), current.text(), null, options);
    MarkdownRender markdown = new MarkdownRender();
    markdown.setShowChangedMetadata(true);
    return new Result(current.fileName(), baseline.version(), current.version(), diff.isChanged(),
        removedFields(diff), render(new ConsoleRender(), diff), render(markdown, diff),
        operationIds(baseline), operationIds(current));
  }

  /**
   * The outcome for one family. {@code report} is openapi-diff's console report, {@code markdown}
   * the same as Markdown (written to target/contract-reports).
   */
  public record Result(
      String file,
      String baselineVersion,
      String currentVersion,
      DiffResult diff,
      List<String> removedFields,
      String report,
      String markdown,
      Set<String> baselineOperations,
      Set<String> currentOperations) {

    /** True when the current major version is above the baseline's. */
    public boolean majorRaised() {
      return major(currentVersion) > major(baselineVersion);
    }

    /** True when openapi-diff finds an incompatible change or a property was removed. */
    public boolean incompatible() {
      return diff.isIncompatible() || !removedFields.isEmpty();
    }

    /** The build passes unless the change is incompatible and the major version stayed. */
    public boolean passes() {
      return !incompatible() || majorRaised();
    }

    /** operationIds in the current contract that the baseline does not have. */
    public List<String> addedOperations() {
      List<String> added = new ArrayList<>(currentOperations);
      added.removeAll(baselineOperations);
      return added;
    }

    /** operationIds of the baseline that the current contract no longer has. */
    public List<String> removedOperations() {
      List<String> removed = new ArrayList<>(baselineOperations);
      removed.removeAll(currentOperations);
      return removed;
    }

    /** openapi-diff's report, followed by the removed properties the gate adds to it. */
    public String fullReport() {
      if (removedFields.isEmpty()) return report;
      StringBuilder out = new StringBuilder(report.stripTrailing()).append('\n');
      out.append("Removed properties (incompatible for this contract, whatever openapi-diff says):\n");
      for (String field : removedFields) out.append("  - ").append(field).append('\n');
      return out.toString();
    }

    /** One line: {@code spot.yaml: compatible with baseline 0.1.0 (current 0.2.0-SNAPSHOT)}. */
    public String summary() {
      String verdict;
      if (incompatible()) {
        verdict = majorRaised()
            ? "INCOMPATIBLE changes, allowed: major version raised"
            : "INCOMPATIBLE changes: an existing client breaks; raise the major version or undo them";
      } else {
        verdict = switch (diff) {
          case NO_CHANGES -> "no change";
          case METADATA -> "documentation changes only";
          case COMPATIBLE -> "compatible changes";
          default -> "changes openapi-diff cannot judge";
        };
      }
      return file + ": " + verdict + " against baseline " + baselineVersion + " (current " + currentVersion + ")";
    }
  }

  /**
   * The major version: the number before the first dot ({@code 0} of {@code 0.1.0-SNAPSHOT}).
   * A version that does not start with a number is rejected: the gate cannot judge it.
   */
  public static int major(String version) {
    if (version == null) throw new IllegalArgumentException("info.version is missing");
    int end = 0;
    while (end < version.length() && Character.isDigit(version.charAt(end))) end++;
    if (end == 0) throw new IllegalArgumentException("info.version " + version + " does not start with a major number");
    return Integer.parseInt(version.substring(0, end));
  }

  private static String render(Render render, ChangedOpenApi diff) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStreamWriter writer = new OutputStreamWriter(bytes, StandardCharsets.UTF_8)) {
      render.render(diff, writer);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /** Every property the current contract no longer has, with where openapi-diff met it. */
  private static List<String> removedFields(ChangedOpenApi diff) {
    Set<String> out = new LinkedHashSet<>();
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    List<Changed> todo = new ArrayList<>(diff.getChangedElements());
    todo.addAll(diff.getChangedSchemas());
    while (!todo.isEmpty()) {
      Changed changed = todo.remove(todo.size() - 1);
      if (changed == null || !seen.add(changed)) continue;
      if (changed instanceof ChangedSchema schema) {
        for (String name : schema.getMissingProperties().keySet()) {
          out.add("property " + name + " removed" + where(schema.getContext()));
        }
      }
      if (changed instanceof ComposedChanged composed) todo.addAll(composed.getChangedElements());
    }
    return new ArrayList<>(out);
  }

  private static String where(DiffContext context) {
    if (context == null || context.getUrl() == null) return "";
    String side = context.isRequest() ? "request" : context.isResponse() ? "response" : "schema";
    return " (" + side + " of " + context.getMethod() + " " + context.getUrl() + ")";
  }

  private static Set<String> operationIds(Contract contract) {
    Set<String> ids = new LinkedHashSet<>();
    for (Contract.Operation op : contract.operations()) {
      if (!op.callback() && op.operationId() != null) ids.add(op.operationId());
    }
    return ids;
  }
}
