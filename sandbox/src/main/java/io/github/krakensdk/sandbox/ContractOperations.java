package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.params.MultipartForm;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the sandbox reads of each operation of a family's contract besides what the validator
 * checks: whether it is private, its Spot rate cost ({@code x-kraken-rate-cost}) and key
 * permission ({@code x-kraken-key-permission}), and its request body's schema, resolved, and
 * media types (to read a form body as the JSON the schema describes). Read once per family;
 * immutable.
 */
public final class ContractOperations {
  public static final String JSON = "application/json";
  public static final String FORM = "application/x-www-form-urlencoded";

  /**
   * One operation.
   *
   * @param rateCost what a call adds to the key's REST call counter; 0 when not stated.
   * @param permission the key permission it needs ({@code none} for none), or null if not stated.
   * @param bodySchema the request body's {@code application/json} schema, references resolved; or null.
   * @param acceptsForm whether the body may also come form-encoded.
   * @param multipart whether the body is {@code multipart/form-data}; {@code bodySchema} is then
   *     the schema of its parts.
   * @param parameters the operation's parameters, those of its path included, references resolved.
   * @param oneOf its {@code x-kraken-one-of} groups: member names of which a call gives at least one.
   */
  public record Op(String method, String path, String operationId, boolean signed, int rateCost, String permission,
      Schema<?> bodySchema, boolean acceptsForm, boolean multipart, List<Parameter> parameters,
      List<List<String>> oneOf) {}

  private record Entry(Pattern path, Op op) {}

  private final List<Entry> operations = new ArrayList<>();
  /** The contract, every reference resolved (the schema validator of multipart bodies reads it). */
  public final OpenAPI api;

  private ContractOperations(OpenAPI api) {
    this.api = api;
    for (Map.Entry<String, PathItem> path : api.getPaths().entrySet()) {
      Pattern pattern = Pattern.compile(path.getKey().replaceAll("\\{[^}]+}", "[^/]+").replace(".", "\\."));
      for (Map.Entry<PathItem.HttpMethod, Operation> entry : path.getValue().readOperationsMap().entrySet()) {
        if (isBrowserPage(entry.getValue())) {
          continue; // a page a browser opens (OAuth authorize), not an operation the sandbox serves
        }
        List<Parameter> parameters = new ArrayList<>();
        if (path.getValue().getParameters() != null) {
          parameters.addAll(path.getValue().getParameters());
        }
        if (entry.getValue().getParameters() != null) {
          parameters.addAll(entry.getValue().getParameters());
        }
        operations.add(new Entry(pattern, op(entry.getKey().name(), path.getKey(), entry.getValue(),
            List.copyOf(parameters))));
      }
    }
  }

  /** Whether the contract marks {@code operation} {@code x-kraken-browser-page: true} (CONVENTIONS.md). */
  static boolean isBrowserPage(Operation operation) {
    return operation.getExtensions() != null
        && Boolean.TRUE.equals(operation.getExtensions().get("x-kraken-browser-page"));
  }

  /** Reads {@code yaml} with every reference resolved. */
  public static ContractOperations parse(String yaml) {
    ParseOptions options = new ParseOptions();
    options.setResolve(true);
    options.setResolveFully(true);
    OpenAPI api = new OpenAPIV3Parser().readContents(yaml, null, options).getOpenAPI();
    if (api == null) {
      throw new IllegalStateException("the contract cannot be read");
    }
    return new ContractOperations(api);
  }

  /** The operation at {@code method contractPath}, or null. */
  public Op find(String method, String contractPath) {
    for (Entry entry : operations) {
      Matcher matcher = entry.path().matcher(contractPath);
      if (entry.op().method().equals(method) && matcher.matches()) {
        return entry.op();
      }
    }
    return null;
  }

  /** Every operation, in the contract's order. */
  public List<Op> all() {
    return operations.stream().map(Entry::op).toList();
  }

  private static Op op(String method, String path, Operation operation, List<Parameter> parameters) {
    Map<String, Object> extensions = operation.getExtensions() == null ? Map.of() : operation.getExtensions();
    boolean signed = operation.getSecurity() != null && operation.getSecurity().stream().anyMatch(r -> !r.isEmpty());
    Object cost = extensions.get("x-kraken-rate-cost");
    Object permission = extensions.get("x-kraken-key-permission");
    Schema<?> bodySchema = null;
    boolean acceptsForm = false;
    boolean multipart = false;
    RequestBody body = operation.getRequestBody();
    if (body != null && body.getContent() != null) {
      MediaType json = body.getContent().get(JSON);
      bodySchema = json == null ? null : json.getSchema();
      acceptsForm = bodySchema != null && body.getContent().containsKey(FORM);
      MediaType parts = body.getContent().get(MultipartForm.MEDIA_TYPE);
      if (bodySchema == null && parts != null) {
        bodySchema = parts.getSchema();
        multipart = true;
      }
    }
    return new Op(method, path, operation.getOperationId(), signed, cost instanceof Integer n ? n : 0,
        permission == null ? null : permission.toString(), bodySchema, acceptsForm, multipart, parameters,
        oneOf(extensions.get("x-kraken-one-of")));
  }

  private static List<List<String>> oneOf(Object declared) {
    List<List<String>> groups = new ArrayList<>();
    if (declared instanceof List<?> list) {
      for (Object group : list) {
        groups.add(((List<?>) group).stream().map(String::valueOf).toList());
      }
    }
    return List.copyOf(groups);
  }
}
