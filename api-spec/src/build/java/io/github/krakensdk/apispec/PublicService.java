package io.github.krakensdk.apispec;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The differences between a contract and the public service, as the contract records them in
 * {@code x-kraken-public-service} (CONVENTIONS.md): a path on an operation, header names on a
 * header parameter, a member name on a property of a named schema, each with its evidence.
 *
 * <pre>{@code
 * PublicService service = PublicService.of(Contract.load(Path.of("api-spec/oauth.yaml")));
 * for (PublicService.Divergence d : service.divergences()) {
 *   System.out.println(d.where() + ": " + d.contractForm() + " -> " + d.serviceForms());
 * }
 * }</pre>
 *
 * <p>Reading never fails: what is malformed is left out of {@link #divergences()} and listed in
 * {@link #problems()}, which the lint rule {@code public-service} reports.
 */
public final class PublicService {
  /** The extension's name. */
  public static final String EXTENSION = "x-kraken-public-service";
  /** How a description starts the paragraph that tells users of the difference (CONVENTIONS.md). */
  public static final String MARKER = "Differs from the public service:";

  private static final Pattern PATH_PARAMETER = Pattern.compile("\\{([^}]+)}");
  /** An HTTP header name (RFC 9110 token). */
  private static final Pattern HEADER_NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
  private static final Pattern PARAMETER_POINTER =
      Pattern.compile("/components/parameters/[^/]+|/paths/[^/]+(/[a-z]+)?/parameters/\\d+");
  private static final Pattern PROPERTY_POINTER = Pattern.compile("/components/schemas/([^/]+)/properties/([^/]+)");

  /** What differs. */
  public enum Kind {
    /** An operation's path: the service serves the operation at another path. */
    PATH,
    /** A header parameter's name: the service reads the header under other names (all are sent). */
    HEADER,
    /** A property of a named schema: the service names the member differently. */
    MEMBER
  }

  /**
   * One difference.
   *
   * @param where for a path, the operationId; for a header, the header's contract name; for a
   *     member, {@code Schema.property}
   * @param method a path's HTTP method (upper case); null otherwise
   * @param contractForm the path, header name or member name as the contract has it
   * @param serviceForms the public service's form(s): one path, one member name, or every header
   *     name the service reads (the client sends them all)
   * @param pointer where the extension is written
   */
  public record Divergence(String family, Kind kind, String where, String method, String contractForm,
      List<String> serviceForms, String evidence, String pointer) {
    public Divergence {
      serviceForms = List.copyOf(serviceForms);
    }

    /** The schema of a member; null for the other kinds. */
    public String schema() {
      return kind == Kind.MEMBER ? where.substring(0, where.indexOf('.')) : null;
    }
  }

  /** A malformed or misplaced extension. */
  public record Problem(String pointer, String message) {}

  private final List<Divergence> divergences = new ArrayList<>();
  private final List<Problem> problems = new ArrayList<>();

  private PublicService() {}

  /** Reads every {@code x-kraken-public-service} of {@code contract}, in file order. */
  public static PublicService of(Contract contract) {
    Objects.requireNonNull(contract, "contract == null");
    PublicService result = new PublicService();
    Set<String> placed = new LinkedHashSet<>();
    for (Contract.Operation op : contract.operations()) {
      JsonNode extension = op.node().get(EXTENSION);
      if (extension != null && !op.callback()) {
        placed.add(op.pointer() + "/" + EXTENSION);
        result.operation(contract, op, extension);
      }
    }
    for (String pointer : extensionPointers(contract.root(), "")) {
      if (placed.contains(pointer)) continue;
      String owner = pointer.substring(0, pointer.length() - EXTENSION.length() - 1);
      Matcher property = PROPERTY_POINTER.matcher(owner);
      if (PARAMETER_POINTER.matcher(owner).matches()) {
        result.parameter(contract, owner, contract.at(owner));
      } else if (property.matches()) {
        result.property(contract, owner, unescape(property.group(1)), unescape(property.group(2)));
      } else {
        result.problems.add(new Problem(pointer, EXTENSION + " belongs on an operation, on a header parameter"
            + " or on a property of a named schema (components/schemas/<name>/properties/<name>)"));
      }
    }
    return result;
  }

  /** The well-formed differences, in file order. */
  public List<Divergence> divergences() {
    return List.copyOf(divergences);
  }

  /** What is malformed or misplaced; empty for a sound contract. */
  public List<Problem> problems() {
    return List.copyOf(problems);
  }

  private void operation(Contract contract, Contract.Operation op, JsonNode extension) {
    String pointer = op.pointer() + "/" + EXTENSION;
    if (!shape(pointer, extension, "path")) return;
    JsonNode path = extension.get("path");
    if (!path.isTextual() || !path.asText().startsWith("/")) {
      problems.add(new Problem(pointer + "/path", "path must be a path starting with /"));
      return;
    }
    String servicePath = path.asText();
    if (servicePath.equals(op.path())) {
      problems.add(new Problem(pointer + "/path", "path is the contract's own path " + op.path()));
      return;
    }
    if (!pathParameters(servicePath).equals(pathParameters(op.path()))) {
      problems.add(new Problem(pointer + "/path", "path " + servicePath + " must name the same path parameters as "
          + op.path() + " " + pathParameters(op.path())));
      return;
    }
    for (Contract.Operation other : contract.operations()) {
      if (other != op && !other.callback() && other.method().equals(op.method())
          && template(other.path()).equals(template(servicePath))) {
        problems.add(new Problem(pointer + "/path", servicePath + " is where " + other.label()
            + " is; the service's path must not take another operation's place"));
        return;
      }
    }
    if (!describesDifference(op.node())) {
      problems.add(new Problem(op.pointer() + "/description", "the description must tell users of the difference"
          + " in a paragraph starting \"" + MARKER + "\""));
      return;
    }
    divergences.add(new Divergence(contract.family(), Kind.PATH, op.operationId(), op.method().toUpperCase(Locale.ROOT),
        op.path(), List.of(servicePath), extension.get("evidence").asText(), pointer));
  }

  private void parameter(Contract contract, String owner, JsonNode parameter) {
    String pointer = owner + "/" + EXTENSION;
    JsonNode extension = parameter.get(EXTENSION);
    if (!shape(pointer, extension, "names")) return;
    if (!"header".equals(parameter.path("in").asText())) {
      problems.add(new Problem(pointer, "only a header parameter can have other names at the public service (in: "
          + parameter.path("in").asText() + ")"));
      return;
    }
    String name = parameter.path("name").asText();
    JsonNode names = extension.get("names");
    List<String> serviceNames = new ArrayList<>();
    Set<String> seen = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    seen.add(name);
    if (!names.isArray() || names.isEmpty()) {
      problems.add(new Problem(pointer + "/names", "names must be a list of one or more header names"));
      return;
    }
    for (JsonNode one : names) {
      if (!one.isTextual() || !HEADER_NAME.matcher(one.asText()).matches()) {
        problems.add(new Problem(pointer + "/names", one + " is not a header name"));
        return;
      }
      if (!seen.add(one.asText())) {
        problems.add(new Problem(pointer + "/names", one.asText() + " is listed twice or is the contract's own name"));
        return;
      }
      serviceNames.add(one.asText());
    }
    if (!describesDifference(parameter)) {
      problems.add(new Problem(owner + "/description", "the description must tell users of the difference"
          + " in a paragraph starting \"" + MARKER + "\""));
      return;
    }
    divergences.add(new Divergence(contract.family(), Kind.HEADER, name, null, name, serviceNames,
        extension.get("evidence").asText(), pointer));
  }

  private void property(Contract contract, String owner, String schemaName, String propertyName) {
    String pointer = owner + "/" + EXTENSION;
    JsonNode property = contract.at(owner);
    JsonNode extension = property.get(EXTENSION);
    if (!shape(pointer, extension, "name")) return;
    JsonNode name = extension.get("name");
    JsonNode schema = contract.at("/components/schemas/" + Contract.escape(schemaName));
    if (!name.isTextual() || name.asText().isBlank()) {
      problems.add(new Problem(pointer + "/name", "name must be the member's name at the public service"));
      return;
    }
    String serviceName = name.asText();
    if (schema.path("properties").has(serviceName)) {
      problems.add(new Problem(pointer + "/name", serviceName + " is already a property of " + schemaName));
      return;
    }
    boolean aliased = false;
    for (JsonNode alias : property.path("x-aliases")) aliased |= alias.asText().equals(serviceName);
    if (!aliased) {
      problems.add(new Problem(pointer + "/name", serviceName + " must also be in the property's x-aliases, so that"
          + " a client of the contract reads the service's answers too"));
      return;
    }
    if (!describesDifference(property) && !describesDifference(schema)) {
      problems.add(new Problem(owner + "/description", "the description of " + propertyName + " or of " + schemaName
          + " must tell users of the difference in a paragraph starting \"" + MARKER + "\""));
      return;
    }
    divergences.add(new Divergence(contract.family(), Kind.MEMBER, schemaName + "." + propertyName, null,
        propertyName, List.of(serviceName), extension.get("evidence").asText(), pointer));
  }

  /** An object holding {@code key} and a non-blank {@code evidence}, and nothing else. */
  private boolean shape(String pointer, JsonNode extension, String key) {
    if (extension == null || !extension.isObject()) {
      problems.add(new Problem(pointer, EXTENSION + " must be an object with " + key + " and evidence"));
      return false;
    }
    for (Map.Entry<String, JsonNode> field : extension.properties()) {
      if (!field.getKey().equals(key) && !field.getKey().equals("evidence")) {
        problems.add(new Problem(pointer + "/" + Contract.escape(field.getKey()), field.getKey()
            + " is not a field of " + EXTENSION + " here (" + key + ", evidence)"));
        return false;
      }
    }
    if (!extension.has(key)) {
      problems.add(new Problem(pointer, EXTENSION + " needs " + key));
      return false;
    }
    JsonNode evidence = extension.get("evidence");
    if (evidence == null || !evidence.isTextual() || evidence.asText().isBlank()) {
      problems.add(new Problem(pointer + "/evidence", "evidence must say where the public service's form is shown"
          + " (a Kraken page or file, a peer's code or recording)"));
      return false;
    }
    return true;
  }

  static boolean describesDifference(JsonNode element) {
    return element.path("description").asText().contains(MARKER);
  }

  /** The names of the {@code {parameters}} of a path template. */
  static Set<String> pathParameters(String path) {
    Set<String> names = new TreeSet<>();
    Matcher m = PATH_PARAMETER.matcher(path);
    while (m.find()) names.add(m.group(1));
    return names;
  }

  /** A path template with its parameter names blanked, to compare templates. */
  private static String template(String path) {
    return PATH_PARAMETER.matcher(path).replaceAll("{}");
  }

  private static List<String> extensionPointers(JsonNode node, String pointer) {
    List<String> out = new ArrayList<>();
    if (node.isObject()) {
      for (Map.Entry<String, JsonNode> e : node.properties()) {
        String child = pointer + "/" + Contract.escape(e.getKey());
        if (e.getKey().equals(EXTENSION)) out.add(child);
        else if (!e.getKey().equals("example") && !e.getKey().equals("examples")) out.addAll(extensionPointers(e.getValue(), child));
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) out.addAll(extensionPointers(node.get(i), pointer + "/" + i));
    }
    return out;
  }

  private static String unescape(String token) {
    return token.replace("~1", "/").replace("~0", "~");
  }
}
