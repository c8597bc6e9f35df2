package io.github.krakensdk.codegen;

import io.swagger.v3.oas.models.OpenAPI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import org.openapitools.codegen.CodegenModel;
import java.util.Map;

/**
 * The contract's {@code x-kraken-envelope}: how a family reports errors, as the Java expressions
 * the service template prints.
 *
 * @param errorCode the schema whose values the family's error code takes ({@code <Family>ErrorCode}
 *     for Spot, Embed and Funding, made by {@link ErrorCodes}).
 * @param kinds the codes the client treats specially, with their kind.
 */
record EnvelopeStyle(Style style, String errorCode, Map<String, String> kinds) {
  enum Style { SPOT, FUTURES, RESULT, OAUTH, PROBLEM }

  private static final List<String> KINDS = List.of("rate-limited", "nonce-rejected", "authentication", "other");

  static EnvelopeStyle of(OpenAPI openAPI) {
    Object extension = openAPI.getExtensions() == null ? null : openAPI.getExtensions().get("x-kraken-envelope");
    if (!(extension instanceof Map<?, ?> envelope) || !(envelope.get("style") instanceof String style)) {
      throw new IllegalArgumentException("the contract needs x-kraken-envelope.style at its root (CONVENTIONS.md)");
    }
    Style parsed = Style.valueOf(style.toUpperCase(Locale.ROOT));
    Object errorCode = envelope.get("errorCode");
    if (!(errorCode instanceof String)) {
      throw new IllegalArgumentException("x-kraken-envelope style " + style + " needs errorCode (a schema name)");
    }
    return new EnvelopeStyle(parsed, (String) errorCode, kinds(envelope));
  }

  /** {@code x-kraken-envelope.errors}: each documented code with how the client treats it. */
  static Map<String, String> kinds(Map<?, ?> envelope) {
    Map<String, String> kinds = new LinkedHashMap<>();
    if (envelope.get("errors") instanceof Map<?, ?> errors) {
      errors.forEach((code, kind) -> {
        if (!KINDS.contains(String.valueOf(kind))) {
          throw new IllegalArgumentException("x-kraken-envelope.errors: " + code + " has kind " + kind
              + "; one of " + KINDS);
        }
        kinds.put(String.valueOf(code), String.valueOf(kind));
      });
    }
    return kinds;
  }

  /**
   * The lambda giving the runtime's {@code Envelope} of a 2xx body, or {@code null} if errors come
   * by status only.
   *
   * @param wholeBody the response model when the caller gets the whole body without a family
   *     envelope (the OAuth token): its required members must then be there.
   */
  String envelopeExpression(CodegenModel wholeBody) {
    return switch (style) {
      case SPOT -> "r -> Envelope.spot(r.error())";
      case FUTURES -> "r -> Envelope.futures(r.result(), r.error(), r.errors())";
      case RESULT, OAUTH, PROBLEM -> {
        List<String> required = wholeBody == null ? List.of()
            : wholeBody.vars.stream().filter(v -> v.required).map(v -> "r." + v.name + "()").toList();
        yield required.isEmpty() ? "null" : "r -> Envelope.requireAll(" + String.join(", ", required) + ")";
      }
    };
  }

  /**
   * Whether a {@code result} member of the body is what the caller gets (Futures' is a status; a
   * {@code problem} family has no envelope, so Funding's {@code {"result": true}} is the answer).
   */
  boolean unwrapsResult() {
    return style != Style.FUTURES && style != Style.PROBLEM;
  }

  /**
   * Whether the family's private calls count on the key's Spot REST call counter, and so state
   * {@code x-kraken-rate-cost}: Spot's, and Funding's, which are signed with a Spot key.
   */
  boolean countsSpotCalls() {
    return style == Style.SPOT || style == Style.PROBLEM;
  }

  String errorModelExpression() {
    String factory = switch (style) {
      case SPOT, RESULT -> "krakenStrings";
      case FUTURES -> "futures";
      case OAUTH -> "oauth";
      case PROBLEM -> "problem";
    };
    List<String> entries = new ArrayList<>();
    kinds.forEach((code, kind) -> {
      if (!kind.equals("other")) {
        entries.add("\n      Map.entry(" + ConstraintChecks.literal(code) + ", ErrorModel.Kind."
            + kind.toUpperCase(Locale.ROOT).replace('-', '_') + ")");
      }
    });
    return "ErrorModel." + factory + "(" + errorCode + "::of, Map.ofEntries(" + String.join(",", entries) + "))";
  }
}
