package io.github.krakensdk.sandbox;

import io.github.krakensdk.sandbox.internal.http.Family;
import io.github.krakensdk.sandbox.internal.http.HttpCall;
import io.github.krakensdk.sandbox.internal.http.Json;
import io.github.krakensdk.sandbox.internal.http.Reply;
import io.github.krakensdk.sandbox.internal.params.BodyParameters;
import io.github.krakensdk.sandbox.internal.params.ServiceForms;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The contract of one family, read from the classpath, as swagger-request-validator checks it:
 * requests strictly (a member the schema does not declare is an error), responses against their
 * status's schema.
 *
 * <p>Responses are checked with {@code additionalProperties} left open: the validator would
 * otherwise close each part of an {@code allOf} (the envelope and the operation's members) and make
 * it reject the other part's members. The sandbox writes responses with the generated records,
 * which cannot hold an undeclared member.
 */
public final class ContractValidator {
  final Family family;
  /** The operations as the families read them (rate costs, permissions, body schemas). */
  public final ContractOperations operations;
  /** The public service's forms of the family, which the sandbox accepts too. */
  public final ServiceForms serviceForms;
  private final OpenApiInteractionValidator requests;
  private final OpenApiInteractionValidator responses;
  /** Checks the parts of a multipart body, read as JSON, against their schema. */
  private final SchemaValidator multipartParts;

  private ContractValidator(Family family, String yaml) {
    this.family = family;
    this.operations = ContractOperations.parse(yaml);
    this.serviceForms = new ServiceForms(operations);
    this.requests = OpenApiInteractionValidator.createForInlineApiSpecification(yaml).build();
    this.multipartParts = new SchemaValidator(operations.api, new MessageResolver());
    this.responses = OpenApiInteractionValidator.createForInlineApiSpecification(yaml)
        .withLevelResolver(LevelResolver.create()
            .withLevel(SchemaValidator.ADDITIONAL_PROPERTIES_KEY, ValidationReport.Level.IGNORE)
            .build())
        .build();
  }

  static ContractValidator load(Family family) {
    return of(family, text(family));
  }

  /** The contract {@code yaml} of {@code family} (tests read a changed copy). */
  static ContractValidator of(Family family, String yaml) {
    return new ContractValidator(family, yaml);
  }

  /** The YAML of {@code family} from kraken-api-spec on the classpath. */
  public static String text(Family family) {
    try (InputStream in = ContractValidator.class.getClassLoader().getResourceAsStream(family.resource())) {
      if (in == null) {
        throw new IllegalStateException(family.resource() + " is not on the classpath (kraken-api-spec)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The errors the contract finds in {@code call}, empty when it passes. A form body of an
   * operation that declares both media types is checked as the JSON it reads as ({@link
   * HttpCall#parameters()}), against the one schema both share.
   *
   * @param contractPath the path as the contract's servers see it (the demo prefix removed).
   */
  public List<Problem> checkRequest(HttpCall call, String contractPath) {
    SimpleRequest.Builder builder = new SimpleRequest.Builder(call.method, contractPath);
    for (Map.Entry<String, List<String>> parameter : call.query.entrySet()) {
      builder.withQueryParam(parameter.getKey(), parameter.getValue());
    }
    BodyParameters parameters = call.parameters();
    for (Map.Entry<String, List<String>> header : call.headers.entrySet()) {
      if (parameters.form() && header.getKey().equalsIgnoreCase("Content-Type")) {
        builder.withHeader(header.getKey(), ContractOperations.JSON);
      } else {
        builder.withHeader(header.getKey(), header.getValue());
      }
    }
    if (call.hasBody()) {
      builder.withBody(parameters.multipart() ? call.body : parameters.json());
    }
    List<Problem> problems = problems(requests.validateRequest(builder.build()));
    ContractOperations.Op found = operations.find(call.method, contractPath);
    if (found != null) {
      problems.addAll(emptyArrayItems(call, found));
      if (problems.isEmpty()) {
        problems.addAll(oneOfGroups(call, found, parameters));
      }
    }
    if (parameters.multipart()) {
      // The validator leaves multipart bodies unchecked: the parts, read as the JSON object their
      // schema describes, are checked against it here, as strictly as a JSON body.
      problems.addAll(parameters.problems());
      ContractOperations.Op op = operations.find(call.method, contractPath);
      if (op != null && op.bodySchema() != null) {
        problems.addAll(problems(multipartParts.validate(new String(parameters.json(), StandardCharsets.UTF_8),
            op.bodySchema(), "request.body")));
      }
    }
    return problems;
  }

  /**
   * Empty items of a repeated query parameter whose items must not be empty ({@code ids=}): the
   * validator passes them over, the contract's {@code minLength} does not.
   */
  private static List<Problem> emptyArrayItems(HttpCall call, ContractOperations.Op op) {
    List<Problem> problems = new ArrayList<>();
    for (Parameter parameter : op.parameters()) {
      Schema<?> schema = parameter.getSchema();
      Schema<?> items = schema == null ? null : schema.getItems();
      List<String> values = call.query.get(parameter.getName());
      if ("query".equals(parameter.getIn()) && items != null && items.getMinLength() != null
          && items.getMinLength() > 0 && values != null && values.contains("")) {
        problems.add(new Problem("validation.request.parameter.schema.minLength", "query parameter '"
            + parameter.getName() + "': an item is empty (length: 0, required minimum: " + items.getMinLength() + ")"));
      }
    }
    return problems;
  }

  /**
   * The one-of groups ({@code x-kraken-one-of}) of which {@code call} gives no member, each named
   * by its first member, as the service names it ({@code EGeneral:Invalid arguments:txid}). A
   * member is given when it is a query parameter, a header or a body member that is not null.
   */
  private static List<Problem> oneOfGroups(HttpCall call, ContractOperations.Op op, BodyParameters parameters) {
    List<Problem> problems = new ArrayList<>();
    if (op.oneOf().isEmpty()) {
      return problems;
    }
    Map<?, ?> body = Map.of();
    if (call.hasBody()) {
      try {
        Object read = Json.read(parameters.json(), Object.class);
        body = read instanceof Map<?, ?> map ? map : Map.of();
      } catch (IOException | RuntimeException notAnObject) {
        return problems; // the schema check has said what is wrong with it
      }
    }
    for (List<String> group : op.oneOf()) {
      boolean given = false;
      for (String member : group) {
        given |= call.query.containsKey(member) || call.header(member) != null || body.get(member) != null;
      }
      if (!given) {
        problems.add(new Problem("x-kraken-one-of", "give " + String.join(" or ", group), group.get(0)));
      }
    }
    return problems;
  }

  /** The errors the contract finds in {@code reply} to {@code method contractPath}. */
  List<Problem> checkResponse(String method, String contractPath, Reply reply) {
    SimpleResponse.Builder builder = SimpleResponse.Builder.status(reply.status);
    reply.headers.forEach(builder::withHeader);
    if (reply.body.length > 0) {
      builder.withBody(reply.bodyText());
    }
    Request.Method verb = Request.Method.valueOf(method.toUpperCase(Locale.ROOT));
    return problems(responses.validateResponse(contractPath, verb, builder.build()));
  }

  private static List<Problem> problems(ValidationReport report) {
    List<Problem> problems = new ArrayList<>();
    for (ValidationReport.Message message : report.getMessages()) {
      if (message.getLevel() == ValidationReport.Level.ERROR) {
        problems.add(new Problem(message.getKey(), named(message)));
      }
    }
    return problems;
  }

  /**
   * The validator's message, led by the parameter it is about ({@code query parameter 'cursor':
   * ...}) when it says so; body messages already name their member ({@code [Path '/key']}).
   */
  private static String named(ValidationReport.Message message) {
    return message.getContext()
        .flatMap(ValidationReport.MessageContext::getParameter)
        .filter(parameter -> !message.getMessage().contains("'" + parameter.getName() + "'"))
        .map(parameter -> parameter.getIn() + " parameter '" + parameter.getName() + "': " + message.getMessage())
        .orElse(message.getMessage());
  }

  /**
   * One finding: the validator's key (e.g. {@code validation.request.parameter.query.missing}) and
   * text, and the argument the service names when it refuses it ({@code txid} for a one-of group
   * given none of), or null.
   */
  public record Problem(String key, String message, String argument) {
    public Problem(String key, String message) {
      this(key, message, null);
    }

    @Override
    public String toString() {
      return key + ": " + message;
    }
  }
}
