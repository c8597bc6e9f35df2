package io.github.krakensdk.codegen;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.StringSchema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Makes the documented error codes of a family whose errors are Kraken strings (Spot, Embed) or
 * problem types (Funding: the tag of {@code tag:kraken.com,2025:<Code>}) a named enum schema, {@code <Family>ErrorCode}: the codes of {@code x-kraken-envelope.errors}
 * first, then those operations list in {@code x-kraken-errors}. It then becomes an open enum like
 * the {@code errorCode} schemas Futures and OAuth declare themselves, and {@link EnvelopeStyle}
 * names it as the family's error code.
 */
final class ErrorCodes {
  private ErrorCodes() {}

  @SuppressWarnings("unchecked")
  static void addTo(OpenAPI openAPI, String family) {
    Map<String, Object> envelope = (Map<String, Object>) openAPI.getExtensions().get("x-kraken-envelope");
    if (envelope == null || envelope.get("errorCode") != null) {
      return;
    }
    Set<String> codes = new LinkedHashSet<>(EnvelopeStyle.kinds(envelope).keySet());
    for (PathItem path : openAPI.getPaths().values()) {
      for (Operation operation : path.readOperations()) {
        Object listed = operation.getExtensions() == null ? null : operation.getExtensions().get("x-kraken-errors");
        if (listed instanceof List<?> list) {
          list.forEach(code -> codes.add(String.valueOf(code)));
        }
      }
    }
    String name = family + "ErrorCode";
    if (openAPI.getComponents().getSchemas().containsKey(name)) {
      throw new IllegalArgumentException("schema " + name + " clashes with the generated error codes");
    }
    boolean problem = "problem".equals(envelope.get("style"));
    StringSchema schema = new StringSchema();
    schema.setDescription(problem
        ? "The documented error codes of the " + family + " family (the `<Code>` of a problem's type"
            + " `tag:kraken.com,2025:<Code>`). Unknown codes are kept."
        : "The documented error codes of the " + family + " family (`<severity><category>:<message>`;"
            + " an error string may add `:<detail>`). Unknown codes are kept.");
    schema.setEnum(new ArrayList<>(codes));
    // EEarnings:Busy -> EARNINGS_BUSY: the category and message, without the severity letter;
    // InvalidKey -> INVALID_KEY: the words of a problem's code.
    schema.addExtension("x-enum-varnames", codes.stream()
        .map(code -> problem
            ? code.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replaceAll("[^A-Za-z0-9]+", "_").toUpperCase(java.util.Locale.ROOT)
            : code.substring(1).replaceAll("[^A-Za-z0-9]+", "_").toUpperCase(java.util.Locale.ROOT))
        .toList());
    openAPI.getComponents().addSchemas(name, schema);
    envelope.put("errorCode", name);
  }
}
