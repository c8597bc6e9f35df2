package io.github.krakensdk.codegen;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.callbacks.Callback;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which schemas a caller can reach, and so which models are API: the rest (the response envelopes
 * a service unwraps, the body records it builds from a request, the token endpoint's answers) is
 * plumbing, generated into the family's {@code internal.model} package.
 *
 * <p>A caller reaches, and then everything their members refer to, transitively:
 *
 * <ul>
 *   <li>each service method's request ({@code <OperationId>Request}, {@link OperationRequests});
 *   <li>each service method's result: the {@code result} member of a 2xx answer when the family's
 *       envelope unwraps it ({@link EnvelopeStyle#unwrapsResult()}), else the answer itself; nothing
 *       of a download (its result is the raw body);
 *   <li>the family's error code ({@code x-kraken-envelope.errorCode}), which exceptions carry;
 *   <li>the schema of a client setting ({@code x-kraken-client-setting}), set on the client's builder;
 *   <li>the body of a callback (an Embed webhook event), which the caller is handed;
 *   <li>the parameters of a browser page (the OAuth authorization page), whose address the SDK
 *       builds from them ({@code AuthorizationRequest}).
 * </ul>
 *
 * A message contract (WebSocket, {@link WebSocketRouting}) has no service methods: there a caller
 * reaches each channel message's {@code data} and {@code type}, each request's {@code params} and
 * each reply's {@code result}, and the envelopes around them are plumbing.
 *
 * Run on the contract after the generator's own rewrites, so that the request schemas are there.
 */
final class PublicModels {
  private static final String SCHEMAS = "#/components/schemas/";

  private final OpenAPI openAPI;
  private final Set<String> reached = new LinkedHashSet<>();
  private final Deque<Schema<?>> pending = new ArrayDeque<>();
  private final Set<Schema<?>> walked = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

  private PublicModels(OpenAPI openAPI) {
    this.openAPI = openAPI;
  }

  /** The names of the component schemas no caller reaches, sorted. */
  static Set<String> internalSchemas(OpenAPI openAPI, OperationRequests requests, EnvelopeStyle envelope,
      List<Schema<?>> browserPageParameters) {
    PublicModels walk = new PublicModels(openAPI);
    walk.name(envelope.errorCode());
    browserPageParameters.forEach(walk::add);
    if (openAPI.getPaths() != null) {
      for (PathItem path : openAPI.getPaths().values()) {
        walk.clientSettings(path.getParameters());
        for (Operation operation : path.readOperations()) {
          walk.clientSettings(operation.getParameters());
          walk.callbacks(operation.getCallbacks());
          OperationRequests.Shape shape = requests.shape(operation.getOperationId());
          if (shape == null) {
            continue; // not a service method (the OAuth token endpoint): nothing of it is handed to callers
          }
          if (shape.requestSchema() != null) {
            walk.name(shape.requestSchema());
          }
          if (operation.getResponses() != null) {
            operation.getResponses().forEach((status, response) -> {
              if (status.startsWith("2")) {
                walk.result(walk.resolve(response), envelope.unwrapsResult());
              }
            });
          }
        }
      }
    }
    walk.drain();
    return walk.unreached();
  }

  /**
   * The names of the component schemas no caller reaches from {@code roots}, sorted: for a message
   * contract, which has no operations, the roots are what the connection hands over or takes
   * ({@link WebSocketRouting#publicRoots()}), and the envelopes around them are plumbing.
   */
  static Set<String> internalSchemas(OpenAPI openAPI, List<Schema<?>> roots) {
    PublicModels walk = new PublicModels(openAPI);
    roots.forEach(walk::add);
    walk.drain();
    return walk.unreached();
  }

  private Set<String> unreached() {
    Set<String> internal = new TreeSet<>();
    Map<String, Schema> schemas = openAPI.getComponents().getSchemas();
    if (schemas != null) {
      for (String name : schemas.keySet()) {
        if (!reached.contains(name)) {
          internal.add(name);
        }
      }
    }
    return internal;
  }

  private void result(ApiResponse response, boolean unwrapsResult) {
    if (response == null || response.getContent() == null) {
      return;
    }
    for (MediaType media : response.getContent().values()) {
      Schema<?> schema = media.getSchema();
      if (schema != null && "string".equals(schema.getType()) && "binary".equals(schema.getFormat())) {
        return; // a download: the service hands over the raw body, and the JSON beside it is a refusal
      }
    }
    for (MediaType media : response.getContent().values()) {
      Schema<?> schema = media.getSchema();
      if (schema == null) {
        continue;
      }
      Schema<?> result = unwrapsResult ? property(schema, "result") : null;
      add(result != null ? result : schema);
    }
  }

  /** The member {@code name} of an object schema, declared on it or on one of its {@code allOf} parts. */
  private Schema<?> property(Schema<?> schema, String name) {
    Schema<?> resolved = ContractOnly.resolve(openAPI, schema);
    if (resolved.getProperties() != null && resolved.getProperties().containsKey(name)) {
      return resolved.getProperties().get(name);
    }
    if (resolved.getAllOf() != null) {
      for (Schema<?> part : resolved.getAllOf()) {
        Schema<?> found = property(part, name);
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  private ApiResponse resolve(ApiResponse response) {
    if (response == null || response.get$ref() == null) {
      return response;
    }
    String name = response.get$ref().substring(response.get$ref().lastIndexOf('/') + 1);
    return openAPI.getComponents().getResponses() == null ? null : openAPI.getComponents().getResponses().get(name);
  }

  private void clientSettings(List<Parameter> parameters) {
    if (parameters == null) {
      return;
    }
    for (Parameter declared : parameters) {
      Parameter parameter = declared;
      if (declared.get$ref() != null && openAPI.getComponents().getParameters() != null) {
        parameter = openAPI.getComponents().getParameters().get(simpleName(declared.get$ref()));
      }
      if (parameter != null && parameter.getExtensions() != null
          && Boolean.TRUE.equals(parameter.getExtensions().get(OperationRequests.CLIENT_SETTING))) {
        add(parameter.getSchema());
      }
    }
  }

  private void callbacks(Map<String, Callback> callbacks) {
    if (callbacks == null) {
      return;
    }
    for (Callback callback : callbacks.values()) {
      for (PathItem path : callback.values()) {
        for (Operation operation : path.readOperations()) {
          if (operation.getRequestBody() != null) {
            content(operation.getRequestBody().getContent());
          }
        }
      }
    }
  }

  private void content(Content content) {
    if (content != null) {
      content.values().forEach(media -> add(media.getSchema()));
    }
  }

  private void name(String schemaName) {
    Schema<?> schema = openAPI.getComponents().getSchemas().get(schemaName);
    if (schema != null && reached.add(schemaName)) {
      pending.add(schema);
    }
  }

  private void add(Schema<?> schema) {
    if (schema == null) {
      return;
    }
    if (schema.get$ref() != null) {
      name(simpleName(schema.get$ref()));
    } else {
      pending.add(schema);
    }
  }

  private void drain() {
    while (!pending.isEmpty()) {
      Schema<?> schema = pending.poll();
      if (schema.get$ref() != null) {
        name(simpleName(schema.get$ref()));
        continue;
      }
      if (!walked.add(schema)) {
        continue;
      }
      if (schema.getProperties() != null) {
        schema.getProperties().values().forEach(this::add);
      }
      add(schema.getItems());
      if (schema.getAdditionalProperties() instanceof Schema<?> values) {
        add(values);
      }
      if (schema.getAllOf() != null) {
        // The Java type of an allOf holds its parts' members itself: a part (SpotEnvelope) is no
        // type of it, so what the part's members refer to is reached, not the part.
        for (Schema<?> part : schema.getAllOf()) {
          pending.add(ContractOnly.resolve(openAPI, part));
        }
      }
      addAll(schema.getOneOf());
      addAll(schema.getAnyOf());
      add(schema.getNot());
    }
  }

  private void addAll(Collection<Schema> schemas) {
    // oneOf and anyOf alternatives are types of their own (OneOfTypes).
    if (schemas != null) {
      schemas.forEach(this::add);
    }
  }

  private static String simpleName(String ref) {
    return ref.startsWith(SCHEMAS) || ref.contains("/") ? ref.substring(ref.lastIndexOf('/') + 1) : ref;
  }
}
