package io.github.krakensdk.sandbox.internal.contract;

import java.util.List;
import java.util.Map;

/**
 * One operation of a compiled contract.
 *
 * @param signed whether it needs a signed caller (its security lists a scheme).
 * @param rateCost what a call adds to the Spot key's REST call counter ({@code
 *     x-kraken-rate-cost}); 0 when not stated.
 * @param permission the Spot key permission it needs ({@code x-kraken-key-permission}), or null.
 * @param servicePath the path the public service serves it at, when it differs ({@code
 *     x-kraken-public-service}), or null.
 * @param parameters its parameters, those of its path included.
 * @param bodyRequired whether a request body is required.
 * @param bodyTypes the media types of its request body, each with its schema (or null); empty
 *     when it takes no body.
 * @param oneOf its {@code x-kraken-one-of} groups: member names of which a call gives at least one.
 * @param responses by status ({@code 200}, {@code default}), the media types of the answer, each
 *     with its schema (or null).
 * @param ignored the body members the service takes and ignores ({@code x-kraken-ignored-members},
 *     those the body schema does not declare itself): checked, then dropped before the operation runs.
 */
public record Operation(String method, String path, String operationId, boolean signed, int rateCost,
    String permission, String servicePath, List<Parameter> parameters, boolean bodyRequired,
    Map<String, Schema> bodyTypes, List<List<String>> oneOf, Map<String, Map<String, Schema>> responses,
    List<String> ignored) {
  public static final String JSON = "application/json";
  public static final String FORM = "application/x-www-form-urlencoded";
  public static final String MULTIPART = "multipart/form-data";

  /** The request body's JSON schema, or the schema of a multipart body's parts; null without a body. */
  public Schema bodySchema() {
    Schema json = bodyTypes.get(JSON);
    return json != null ? json : bodyTypes.get(MULTIPART);
  }

  /** Whether the body may come form-encoded, read as the JSON its schema describes. */
  public boolean acceptsForm() {
    return bodyTypes.get(JSON) != null && bodyTypes.containsKey(FORM);
  }

  /** Whether the body is {@code multipart/form-data}; {@link #bodySchema()} is then the schema of its parts. */
  public boolean multipart() {
    return bodyTypes.get(JSON) == null && bodyTypes.get(MULTIPART) != null;
  }
}
