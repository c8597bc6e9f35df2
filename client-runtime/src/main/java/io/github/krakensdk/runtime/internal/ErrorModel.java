package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.errors.AuthenticationException;
import io.github.krakensdk.errors.KrakenError;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.NonceRejectedException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.errors.ServiceError;
import io.github.krakensdk.runtime.json.OpenEnum;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * How a family reports errors (its contract's {@code x-kraken-envelope}): the shape of its error
 * bodies, its error codes (a generated open enum), and which codes mean rate limiting, a
 * rejected nonce or an authentication failure ({@code x-kraken-envelope.errors}).
 */
public final class ErrorModel {
  private enum Style { KRAKEN_STRINGS, FUTURES, OAUTH, PROBLEM }

  /** How the client treats an error code; codes the contract does not mark are plain service errors. */
  public enum Kind { RATE_LIMITED, NONCE_REJECTED, AUTHENTICATION }

  private final Style style;
  private final Function<String, ? extends OpenEnum> codes;
  private final Map<String, Kind> kinds;

  private ErrorModel(Style style, Function<String, ? extends OpenEnum> codes, Map<String, Kind> kinds) {
    this.style = style;
    this.codes = Objects.requireNonNull(codes, "codes == null");
    this.kinds = Map.copyOf(Objects.requireNonNull(kinds, "kinds == null"));
  }

  /**
   * Spot and Embed: {@code {"error": ["EAPI:Invalid key", ...]}}; an error's code is its {@code
   * <severity><category>:<message>} part ({@link KrakenError#code()}).
   */
  public static ErrorModel krakenStrings(Function<String, ? extends OpenEnum> codes, Map<String, Kind> kinds) {
    return new ErrorModel(Style.KRAKEN_STRINGS, codes, kinds);
  }

  /** Futures: {@code {"result": "error", "error": "<code>", "errors": [...]}}. */
  public static ErrorModel futures(Function<String, ? extends OpenEnum> codes, Map<String, Kind> kinds) {
    return new ErrorModel(Style.FUTURES, codes, kinds);
  }

  /** OAuth (RFC 6749): {@code {"error": "<code>", "error_description": "..."}}. */
  public static ErrorModel oauth(Function<String, ? extends OpenEnum> codes, Map<String, Kind> kinds) {
    return new ErrorModel(Style.OAUTH, codes, kinds);
  }

  /**
   * Funding: problem details after RFC 9457 ({@code application/problem+json}), {@code {"type":
   * "tag:kraken.com,2025:InvalidKey", "status": 401, "title": "API: Invalid key", "detail": ...}};
   * an error's code is the tag after the last {@code :} of {@code type} ({@code InvalidKey}), its
   * description the {@code detail}, else the {@code title}.
   */
  public static ErrorModel problem(Function<String, ? extends OpenEnum> codes, Map<String, Kind> kinds) {
    return new ErrorModel(Style.PROBLEM, codes, kinds);
  }

  /** The code of a problem's {@code type}: the part after its last {@code :}, or the whole type. */
  static String problemCode(String type) {
    return type.substring(type.lastIndexOf(':') + 1);
  }

  /** The code of one error string: the string itself, or for Kraken strings its code part. */
  private String codeOf(String error) {
    return style == Style.KRAKEN_STRINGS ? KrakenError.parse(error).code() : error;
  }

  /**
   * Reads an error body already parsed as JSON ({@code null} if it was not JSON); returns the
   * error strings and code it holds, empty if it holds none.
   */
  ParsedBody read(Object json) {
    if (!(json instanceof Map<?, ?> map)) {
      return new ParsedBody(List.of(), null, null);
    }
    Object error = map.get("error");
    switch (style) {
      case KRAKEN_STRINGS -> {
        List<String> all = strings(error);
        return new ParsedBody(all, all.isEmpty() ? null : codes.apply(codeOf(all.get(0))), null);
      }
      case FUTURES -> {
        List<String> all = new ArrayList<>();
        OpenEnum code = null;
        if (error instanceof String text) {
          all.add(text);
          code = codes.apply(text);
        }
        strings(map.get("errors")).stream().filter(e -> !all.contains(e)).forEach(all::add);
        return new ParsedBody(all, code, null);
      }
      case PROBLEM -> {
        if (!(map.get("type") instanceof String type) || problemCode(type).isEmpty()) {
          // A path the gateway does not route answers Spot's {"error": [...]} instead.
          List<String> all = strings(error);
          return new ParsedBody(all, all.isEmpty() ? null : codes.apply(KrakenError.parse(all.get(0)).code()), null);
        }
        String code = problemCode(type);
        Object detail = map.get("detail");
        Object title = map.get("title");
        return new ParsedBody(List.of(code), codes.apply(code),
            detail instanceof String d && !d.isEmpty() ? d : title instanceof String t ? t : null);
      }
      default -> {
        if (!(error instanceof String text)) {
          return new ParsedBody(List.of(), null, null);
        }
        Object description = map.get("error_description");
        return new ParsedBody(List.of(text), codes.apply(text),
            description instanceof String d ? d : null);
      }
    }
  }

  /**
   * The error part of an untyped 2xx body (a raw call's), read the way the generated services
   * read their records.
   */
  Envelope envelopeOf(Object body) {
    if (!(body instanceof Map<?, ?> map)) {
      return style == Style.FUTURES ? Envelope.futures((String) null, null, null) : Envelope.none();
    }
    return switch (style) {
      case KRAKEN_STRINGS -> map.get("error") == null ? Envelope.none() : Envelope.spot(strings(map.get("error")));
      case FUTURES -> Envelope.futures(map.get("result") instanceof String result ? result : null,
          map.get("error") instanceof String error ? codes.apply(error) : null, strings(map.get("errors")));
      case OAUTH, PROBLEM -> Envelope.none();
    };
  }

  /**
   * What a caller gets of an untyped 2xx body: its {@code result}, or the whole body for Futures,
   * for a family without an envelope (Funding) and for bodies without one.
   */
  Object resultOf(Object body) {
    if (style != Style.FUTURES && style != Style.PROBLEM && body instanceof Map<?, ?> map && map.containsKey("result")) {
      return map.get("result");
    }
    return body;
  }

  /** The typed exception for {@code error}; a missing code is read from its first error string. */
  KrakenServiceException toException(ServiceError error) {
    if (error.code() == null && !error.errors().isEmpty()) {
      error = error.toBuilder().code(codes.apply(codeOf(error.errors().get(0)))).build();
    }
    if (error.httpStatus() == 429 || has(error, Kind.RATE_LIMITED)) {
      return new RateLimitedException(error);
    }
    if (has(error, Kind.NONCE_REJECTED)) {
      return new NonceRejectedException(error);
    }
    if (error.httpStatus() == 401 || has(error, Kind.AUTHENTICATION)) {
      return new AuthenticationException(error);
    }
    return new KrakenServiceException(error);
  }

  private boolean has(ServiceError error, Kind kind) {
    return error.errors().stream().anyMatch(e -> kinds.get(codeOf(e)) == kind);
  }

  private static List<String> strings(Object value) {
    if (!(value instanceof List<?> list)) {
      return List.of();
    }
    List<String> strings = new ArrayList<>();
    for (Object item : list) {
      if (item instanceof String text) {
        strings.add(text);
      }
    }
    return strings;
  }

  record ParsedBody(List<String> errors, OpenEnum code, String description) {}
}
