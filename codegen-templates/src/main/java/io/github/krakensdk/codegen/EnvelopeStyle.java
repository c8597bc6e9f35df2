package io.github.krakensdk.codegen;

import io.swagger.v3.oas.models.OpenAPI;
import java.util.List;
import java.util.Locale;
import org.openapitools.codegen.CodegenModel;
import java.util.Map;

/**
 * The contract's {@code x-kraken-envelope}: how a family reports errors, as the Java expressions
 * the service template prints.
 *
 * @param errorCode the schema whose values the family's error code takes (Futures, OAuth), or null.
 */
record EnvelopeStyle(Style style, String errorCode) {
  enum Style { SPOT, FUTURES, RESULT, OAUTH }

  static EnvelopeStyle of(OpenAPI openAPI) {
    Object extension = openAPI.getExtensions() == null ? null : openAPI.getExtensions().get("x-kraken-envelope");
    if (!(extension instanceof Map<?, ?> envelope) || !(envelope.get("style") instanceof String style)) {
      throw new IllegalArgumentException("the contract needs x-kraken-envelope.style at its root (CONVENTIONS.md)");
    }
    Style parsed = Style.valueOf(style.toUpperCase(Locale.ROOT));
    Object errorCode = envelope.get("errorCode");
    if ((parsed == Style.FUTURES || parsed == Style.OAUTH) && !(errorCode instanceof String)) {
      throw new IllegalArgumentException("x-kraken-envelope style " + style + " needs errorCode (a schema name)");
    }
    return new EnvelopeStyle(parsed, (String) errorCode);
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
      case RESULT, OAUTH -> {
        List<String> required = wholeBody == null ? List.of()
            : wholeBody.vars.stream().filter(v -> v.required).map(v -> "r." + v.name + "()").toList();
        yield required.isEmpty() ? "null" : "r -> Envelope.requireAll(" + String.join(", ", required) + ")";
      }
    };
  }

  /** Whether a {@code result} member of the body is what the caller gets (Futures' is a status). */
  boolean unwrapsResult() {
    return style != Style.FUTURES;
  }

  String errorModelExpression() {
    return switch (style) {
      case SPOT, RESULT -> "ErrorModel.krakenStrings()";
      case FUTURES -> "ErrorModel.futures(" + errorCode + "::of)";
      case OAUTH -> "ErrorModel.oauth(" + errorCode + "::of)";
    };
  }
}
