package io.github.krakensdk.sandbox.internal.contract;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One document as the build compiled it (a family's contract, or the control plane's {@code
 * sandbox}): its operations, found by method and path, and the checks of a request and of an
 * answer against them. Immutable.
 *
 * <pre>{@code
 * Contract spot = Contract.load("spot");
 * Operation op = spot.find("POST", "/0/private/AddOrder");
 * List<Problem> problems = spot.checkRequest(op, "/0/private/AddOrder", query, headers, "application/json", body);
 * }</pre>
 */
public final class Contract {
  private static final Pattern TEMPLATE = Pattern.compile("\\{([^}]+)}");

  private record Route(Pattern path, List<String> names, Operation operation) {}

  private final List<Route> routes = new ArrayList<>();
  private final List<Operation> operations;
  /** The formats the document states as rules besides those always checked ({@code decimal}, {@code uri}). */
  private final Set<String> formats;
  private final SchemaCheck requests;
  private final SchemaCheck responses;

  private Contract(Map<?, ?> compiled) {
    this.formats = compiled.get("formats") instanceof List<?> names
        ? Set.copyOf(names.stream().map(String::valueOf).toList()) : Set.of();
    this.requests = new SchemaCheck(SchemaCheck.Side.REQUEST, "request.body.schema", formats);
    this.responses = new SchemaCheck(SchemaCheck.Side.RESPONSE, "response.body.schema", formats);
    StringBuilder base = new StringBuilder();
    if (compiled.get("basePaths") instanceof List<?> basePaths && !basePaths.isEmpty()) {
      // A path may come with the servers' base path ({@code /derivatives/api/v3}) or without it.
      base.append("(?:");
      for (Object basePath : basePaths) {
        base.append(base.length() > 3 ? "|" : "").append(Pattern.quote((String) basePath));
      }
      base.append(")?");
    }
    Map<String, Schema> named = new HashMap<>();
    ((Map<?, ?>) compiled.get("schemas")).forEach((name, schema) -> named.put((String) name, new Schema(schema, named)));
    for (Object entry : (List<?>) compiled.get("operations")) {
      Operation operation = operation((Map<?, ?>) entry, named);
      List<String> names = new ArrayList<>();
      Matcher parameter = TEMPLATE.matcher(operation.path());
      StringBuilder regex = new StringBuilder(base);
      int last = 0;
      while (parameter.find()) {
        regex.append(Pattern.quote(operation.path().substring(last, parameter.start()))).append("([^/]+)");
        names.add(parameter.group(1));
        last = parameter.end();
      }
      regex.append(Pattern.quote(operation.path().substring(last)));
      routes.add(new Route(Pattern.compile(regex.toString()), List.copyOf(names), operation));
    }
    this.operations = routes.stream().map(Route::operation).toList();
    // A literal path wins over a template that also matches it (/b2b/earn/assets over /b2b/earn/{user}).
    routes.sort(java.util.Comparator.comparingInt(route -> route.names().size()));
  }

  /**
   * The document {@code family} ({@code spot}, {@code futures}, {@code oauth}, {@code embed}, or
   * the control plane's {@code sandbox}) compiled by the build.
   */
  public static Contract load(String family) {
    String resource = family + ".json";
    try (InputStream in = Contract.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("the compiled contract " + resource + " is not beside " + Contract.class.getName()
            + " (the build's ContractCompiler writes it)");
      }
      return of(in.readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The document {@code name} as written (YAML), for those the build keeps besides their compiled
   * form ({@code sandbox}, which the control plane serves).
   */
  public static byte[] source(String name) {
    String resource = name + ".yaml";
    try (InputStream in = Contract.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is not beside " + Contract.class.getName()
            + " (the build's ContractCompiler copies it with --copy-yaml)");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The contract {@code compiled} holds, as {@code ContractCompiler} writes it. */
  public static Contract of(byte[] compiled) {
    try {
      return new Contract((Map<?, ?>) JsonValues.read(compiled));
    } catch (IOException e) {
      throw new IllegalArgumentException("not a compiled contract", e);
    }
  }

  /** The operation at {@code method contractPath}, or null. */
  public Operation find(String method, String contractPath) {
    for (Route route : routes) {
      if (route.operation().method().equals(method) && route.path().matcher(contractPath).matches()) {
        return route.operation();
      }
    }
    return null;
  }

  /** Every operation, in the contract's order. */
  public List<Operation> all() {
    return operations;
  }

  /**
   * The methods of the operations at {@code contractPath}, in alphabetical order: empty when no
   * operation has the path, and without the request's method when {@link #find} found none.
   */
  public Set<String> methods(String contractPath) {
    Set<String> methods = new TreeSet<>();
    for (Route route : routes) {
      if (route.path().matcher(contractPath).matches()) {
        methods.add(route.operation().method());
      }
    }
    return methods;
  }

  /**
   * What the contract finds wrong with a request to {@code operation}; empty when it passes.
   *
   * @param contractPath the path as the contract's servers see it.
   * @param query the query parameters, each with every value given.
   * @param headers the request's headers (names in any case).
   * @param mediaType the media type the body came as, or null without a body.
   * @param body the body as the JSON its schema describes (a form or multipart body read as
   *     JSON), or null without a body.
   */
  public List<Problem> checkRequest(Operation operation, String contractPath, Map<String, List<String>> query,
      Map<String, List<String>> headers, String mediaType, byte[] body) {
    requireNonNull(operation, "operation == null");
    List<Problem> problems = new ArrayList<>();
    Map<String, String> pathValues = pathParameters(operation, contractPath);
    for (Parameter parameter : operation.parameters()) {
      List<String> values = switch (parameter.in()) {
        case "query" -> query.get(parameter.name());
        case "header" -> header(headers, parameter.name());
        case "path" -> pathValues.containsKey(parameter.name()) ? List.of(pathValues.get(parameter.name())) : null;
        default -> null;
      };
      String key = "request.parameter." + parameter.in();
      if (values == null || values.isEmpty()) {
        if (parameter.required()) {
          problems.add(Problem.of(key + ".missing", parameter.name(), "required " + parameter.in() + " parameter", "",
              parameter.name()));
        }
        continue;
      }
      SchemaCheck check = new SchemaCheck(SchemaCheck.Side.REQUEST, key + ".schema", formats);
      List<Problem> declared = checkText(check, values, parameter.schema(), parameter.name());
      if (!declared.isEmpty()) {
        for (Schema alternative : parameter.alternatives()) {
          if (checkText(check, values, alternative, parameter.name()).isEmpty()) {
            declared = List.of(); // a form the service takes too (x-kraken-service-alternatives)
            break;
          }
        }
      }
      // A value no form takes is refused by the declared form's rule, the one clients are told.
      problems.addAll(declared);
    }
    Object parsed = null;
    if (body != null) {
      String type = mediaType == null ? "" : mediaType.split(";")[0].trim().toLowerCase(Locale.ROOT);
      if (operation.bodyTypes().isEmpty()) {
        problems.add(Problem.of("request.body.unexpected", "body", "this operation takes no body", "", null));
      } else if (!operation.bodyTypes().containsKey(type)) {
        problems.add(Problem.of("request.contentType.notAllowed", "Content-Type",
            (type.isEmpty() ? "none" : type) + " is not one of " + String.join(", ", operation.bodyTypes().keySet()), "",
            null));
      } else {
        Schema schema = operation.bodyTypes().get(type);
        if (schema == null) {
          schema = operation.bodySchema();
        }
        try {
          parsed = JsonValues.read(body);
          problems.addAll(requests.check(parsed, schema, ""));
        } catch (IOException e) {
          problems.add(Problem.of("request.body.invalidJson", "body", "not a JSON value", " (" + e.getMessage() + ")", null));
        }
      }
    } else if (operation.bodyRequired()) {
      problems.add(Problem.of("request.body.missing", "body", "required", "", null));
    }
    if (problems.isEmpty()) {
      problems.addAll(oneOfGroups(operation, query, headers, parsed));
    }
    return problems;
  }

  /** What {@code schema} finds wrong with a parameter's {@code values}, each text read as the schema describes. */
  private static List<Problem> checkText(SchemaCheck check, List<String> values, Schema schema, String name) {
    if ("array".equals(schema.getType())) {
      List<Object> items = new ArrayList<>();
      for (String value : values) {
        items.add(Text.typed(value, schema.getItems()));
      }
      return check.check(items, schema, name);
    }
    List<Problem> problems = new ArrayList<>();
    for (String value : values) {
      problems.addAll(check.check(Text.typed(value, schema), schema, name));
    }
    return problems;
  }

  /**
   * The one-of groups ({@code x-kraken-one-of}) of which the request gives no member, each named
   * by its first member, as the service names it ({@code EGeneral:Invalid arguments:txid}). A
   * member is given when it is a query parameter, a header or a body member that is not null.
   */
  private static List<Problem> oneOfGroups(Operation operation, Map<String, List<String>> query,
      Map<String, List<String>> headers, Object body) {
    List<Problem> problems = new ArrayList<>();
    Map<?, ?> members = body instanceof Map<?, ?> map ? map : Map.of();
    for (List<String> group : operation.oneOf()) {
      boolean given = false;
      for (String member : group) {
        given |= query.containsKey(member) || header(headers, member) != null || members.get(member) != null;
      }
      if (!given) {
        problems.add(new Problem("request.oneOf.missing", String.join(", ", group) + ": give one of them", group.get(0)));
      }
    }
    return problems;
  }

  /**
   * What the contract finds wrong with an answer of {@code status} to {@code operation}; empty
   * when it passes. Objects are read open: an answer may carry members the contract does not list.
   */
  public List<Problem> checkResponse(Operation operation, int status, String contentType, byte[] body) {
    requireNonNull(operation, "operation == null");
    Map<String, Schema> content = operation.responses().get(Integer.toString(status));
    if (content == null) {
      content = operation.responses().get(status / 100 + "XX");
    }
    if (content == null) {
      content = operation.responses().get("default");
    }
    if (content == null) {
      return List.of(new Problem("response.status.unknown", "status: " + status + " is not one of "
          + String.join(", ", operation.responses().keySet())));
    }
    if (content.isEmpty()) {
      return body.length == 0 ? List.of()
          : List.of(new Problem("response.body.unexpected", "body: the contract declares none for " + status));
    }
    String type = contentType == null ? "" : contentType.split(";")[0].trim().toLowerCase(Locale.ROOT);
    if (!content.containsKey(type)) {
      return List.of(new Problem("response.contentType.notAllowed", "Content-Type: "
          + (type.isEmpty() ? "none" : type) + " is not one of " + String.join(", ", content.keySet())));
    }
    Schema schema = content.get(type);
    if (schema == null || !type.endsWith("json")) {
      return List.of();
    }
    if (body.length == 0) {
      return List.of(new Problem("response.body.missing", "body: required"));
    }
    try {
      return responses.check(JsonValues.read(body), schema, "");
    } catch (IOException e) {
      return List.of(new Problem("response.body.invalidJson", "body: not a JSON value (" + e.getMessage() + ")"));
    }
  }

  /**
   * The path parameters of {@code operation} in {@code contractPath}, decoded, in the path's order;
   * empty when the path is not the operation's.
   */
  public Map<String, String> pathParameters(Operation operation, String contractPath) {
    Map<String, String> values = new LinkedHashMap<>();
    for (Route route : routes) {
      if (route.operation() == operation) {
        Matcher matcher = route.path().matcher(contractPath);
        if (matcher.matches()) {
          for (int i = 0; i < route.names().size(); i++) {
            values.put(route.names().get(i), URLDecoder.decode(matcher.group(i + 1), StandardCharsets.UTF_8));
          }
        }
      }
    }
    return values;
  }

  private static List<String> header(Map<String, List<String>> headers, String name) {
    for (Map.Entry<String, List<String>> header : headers.entrySet()) {
      if (header.getKey().equalsIgnoreCase(name)) {
        return header.getValue();
      }
    }
    return null;
  }

  @SuppressWarnings("unchecked")
  private static Operation operation(Map<?, ?> op, Map<String, Schema> named) {
    List<Parameter> parameters = new ArrayList<>();
    for (Object entry : (List<?>) op.get("parameters")) {
      Map<?, ?> parameter = (Map<?, ?>) entry;
      List<String> serviceNames = parameter.get("serviceNames") instanceof List<?> names
          ? names.stream().map(String::valueOf).toList() : List.of();
      List<Schema> alternatives = parameter.get("alternatives") instanceof List<?> forms
          ? forms.stream().map(form -> new Schema(form, named)).toList() : List.of();
      parameters.add(new Parameter((String) parameter.get("name"), (String) parameter.get("in"),
          Boolean.TRUE.equals(parameter.get("required")), new Schema(parameter.get("schema"), named), serviceNames,
          alternatives));
    }
    boolean bodyRequired = false;
    Map<String, Schema> bodyTypes = new LinkedHashMap<>();
    if (op.get("body") instanceof Map<?, ?> body) {
      bodyRequired = Boolean.TRUE.equals(body.get("required"));
      ((Map<?, ?>) body.get("content")).forEach((type, schema) ->
          bodyTypes.put((String) type, schema == null ? null : new Schema(schema, named)));
    }
    List<List<String>> oneOf = new ArrayList<>();
    for (Object group : (List<?>) op.get("oneOf")) {
      oneOf.add(((List<?>) group).stream().map(String::valueOf).toList());
    }
    Map<String, Map<String, Schema>> responses = new LinkedHashMap<>();
    ((Map<?, ?>) op.get("responses")).forEach((status, content) -> {
      Map<String, Schema> types = new LinkedHashMap<>();
      ((Map<?, ?>) content).forEach((type, schema) -> types.put((String) type, schema == null ? null : new Schema(schema, named)));
      responses.put((String) status, java.util.Collections.unmodifiableMap(types));
    });
    return new Operation((String) op.get("method"), (String) op.get("path"), (String) op.get("operationId"),
        Boolean.TRUE.equals(op.get("signed")), op.get("rateCost") instanceof BigDecimal n ? n.intValueExact() : 0,
        (String) op.get("permission"), (String) op.get("servicePath"), List.copyOf(parameters), bodyRequired,
        java.util.Collections.unmodifiableMap(bodyTypes), List.copyOf(oneOf), java.util.Collections.unmodifiableMap(responses),
        op.get("ignored") instanceof List<?> ignored ? ignored.stream().map(String::valueOf).toList() : List.of());
  }
}
