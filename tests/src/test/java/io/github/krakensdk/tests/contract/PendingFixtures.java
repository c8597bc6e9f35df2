package io.github.krakensdk.tests.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real fixtures whose operation the contract does not have yet, read from {@code
 * PROVENANCE.md} next to them: every file its tables list, with the endpoint the row's source
 * names (a Spot path such as {@code `/private/Balance`}, a method and path such as {@code (POST
 * /b2b/quotes)}, or the page of Kraken's documentation); a file whose row names none is a variant
 * of the listed file its name extends ({@code time-openapi-examples-2019.json} of {@code
 * time.json}) and belongs to the same endpoint. The project's rule: until an operation exists, its
 * fixtures are reported as skipped with that reason, not failed.
 *
 * <pre>{@code
 * PendingFixtures pending = PendingFixtures.read(dir);
 * String reason = pending.reasons().get("spot/time.json"); // "no operation for /public/Time in spot.yaml yet ..."
 * }</pre>
 */
final class PendingFixtures {
  private static final Pattern ROW = Pattern.compile(
      "^\\| ((?:spot|futures|oauth|embed|funding)/[^|\\s]+\\.json) \\| ([^|]*) \\|(.*)$", Pattern.MULTILINE);
  private static final Pattern METHOD_PATH = Pattern.compile("\\((GET|POST|PUT|PATCH|DELETE) (/[^)\\s;]+)\\)");
  private static final Pattern SPOT_PATH = Pattern.compile("`(/(?:public|private)/[A-Za-z/]+)`");
  private static final Pattern DOCS_PAGE =
      Pattern.compile("https?://[^\\s)]*/(?:api-reference|rest-api|guides)/([a-z0-9-]+(?:/[a-z0-9-]+)?)");

  /** An endpoint a row names: its method when the row gives one, its path, or a documentation page. */
  record Endpoint(String method, String path, String page) {
    String describe() {
      return path != null ? (method == null ? "" : method + " ") + path : "the documented operation `" + page + "`";
    }
  }

  private final Map<String, String> reasons;
  private final Map<String, String> inContract;

  private PendingFixtures(Map<String, String> reasons, Map<String, String> inContract) {
    this.reasons = reasons;
    this.inContract = inContract;
  }

  /** Reads {@code dir/PROVENANCE.md} and resolves each listed file's endpoint against the contracts. */
  static PendingFixtures read(Path dir) {
    String text;
    try {
      text = Files.readString(dir.resolve("PROVENANCE.md"), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read PROVENANCE.md of " + dir, e);
    }
    Map<String, Endpoint> named = new LinkedHashMap<>();
    Map<String, String> rows = new LinkedHashMap<>();
    Matcher row = ROW.matcher(text);
    while (row.find()) {
      rows.put(row.group(1), row.group(2) + " | " + row.group(3));
      Endpoint endpoint = endpoint(row.group(2) + " " + row.group(3));
      if (endpoint != null) {
        named.put(row.group(1), endpoint);
      }
    }
    Map<String, String> reasons = new LinkedHashMap<>();
    Map<String, String> inContract = new LinkedHashMap<>();
    for (String file : rows.keySet()) {
      String origin = named.containsKey(file) ? file : variantOf(file, named);
      if (origin == null) {
        continue; // names no endpoint: not an operation's fixture (an error body, say), decoded or left out
      }
      Endpoint endpoint = named.get(origin);
      Family family = Family.valueOf(file.substring(0, file.indexOf('/')).toUpperCase(Locale.ROOT));
      String operation = operationOf(Contracts.get(family), endpoint);
      String source = origin.equals(file) ? "" : ", as a variant of " + origin;
      if (operation != null) {
        inContract.put(file, operation);
      } else {
        reasons.put(file, "no operation for " + endpoint.describe() + " in " + family.fileName()
            + " yet (PROVENANCE.md" + source + ")");
      }
    }
    return new PendingFixtures(reasons, inContract);
  }

  /** The listed fixtures of operations the contracts do not have, each with the reason to report. */
  Map<String, String> reasons() {
    return reasons;
  }

  /** Listed fixtures whose endpoint is an operation of its contract (by operationId): they must be decoded. */
  Map<String, String> inContract() {
    return inContract;
  }

  private static Endpoint endpoint(String row) {
    Matcher method = METHOD_PATH.matcher(row);
    if (method.find()) {
      return new Endpoint(method.group(1), method.group(2), null);
    }
    Matcher spot = SPOT_PATH.matcher(row);
    if (spot.find()) {
      return new Endpoint(null, spot.group(1), null);
    }
    Matcher page = DOCS_PAGE.matcher(row);
    return page.find() ? new Endpoint(null, null, page.group(1)) : null;
  }

  /**
   * The listed file with an endpoint that {@code file} is a variant of: the longest whose name,
   * whose path in kebab case ({@code /private/OrderAmends}: {@code order-amends}), or whose
   * documentation page's last segment {@code file}'s name extends with {@code -...}.
   */
  private static String variantOf(String file, Map<String, Endpoint> named) {
    String directory = file.substring(0, file.indexOf('/') + 1);
    String stem = stem(file);
    String best = null;
    int bestLength = -1;
    for (Map.Entry<String, Endpoint> candidate : named.entrySet()) {
      if (!candidate.getKey().startsWith(directory)) {
        continue;
      }
      Endpoint endpoint = candidate.getValue();
      for (String prefix : new String[] {stem(candidate.getKey()), kebab(endpoint), page(endpoint)}) {
        if (prefix != null && stem.startsWith(prefix + "-") && prefix.length() > bestLength) {
          best = candidate.getKey();
          bestLength = prefix.length();
        }
      }
    }
    return best;
  }

  private static String stem(String file) {
    String name = file.substring(file.indexOf('/') + 1);
    return name.substring(0, name.length() - ".json".length());
  }

  /** The path's named segments in kebab case: {@code /0/private/Earn/Allocate} is {@code earn-allocate}. */
  private static String kebab(Endpoint endpoint) {
    if (endpoint.path() == null) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    for (String segment : endpoint.path().split("/")) {
      if (segment.isEmpty() || segment.startsWith("{") || List.of("0", "public", "private", "b2b").contains(segment)) {
        continue;
      }
      if (out.length() > 0) {
        out.append('-');
      }
      out.append(segment.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT));
    }
    return out.length() == 0 ? null : out.toString();
  }

  private static String page(Endpoint endpoint) {
    return endpoint.page() == null ? null : endpoint.page().substring(endpoint.page().lastIndexOf('/') + 1);
  }

  /**
   * The contract's operation at {@code endpoint}, or null: same path (path parameters compared by
   * position, the server's prefix such as Spot's {@code /0} allowed) and, when the row names one,
   * same method. A documentation page is matched by nothing: the contract links no page.
   */
  private static String operationOf(Contract contract, Endpoint endpoint) {
    if (endpoint.path() == null) {
      return null;
    }
    String wanted = template(endpoint.path());
    for (Contract.Op op : contract.operations()) {
      boolean samePath = template(op.path()).endsWith(wanted);
      boolean sameMethod = endpoint.method() == null || Objects.equals(endpoint.method(), op.httpMethod());
      if (samePath && sameMethod) {
        return op.id();
      }
    }
    return null;
  }

  private static String template(String path) {
    return path.replaceAll("\\{[^}]*}", "{}");
  }
}
