package io.github.krakensdk.runtime.call;

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
import java.util.Set;
import java.util.function.Function;

/**
 * How a family reports errors (its contract's {@code x-kraken-envelope}), and which of them are
 * rate limiting, nonce rejection or authentication failure.
 */
public final class ErrorModel {
  private enum Style { KRAKEN_STRINGS, FUTURES, OAUTH }

  private static final Set<String> FUTURES_RATE = Set.of("apiLimitExceeded");
  private static final Set<String> FUTURES_NONCE = Set.of("nonceBelowThreshold", "nonceDuplicate");
  private static final Set<String> FUTURES_AUTH = Set.of("authenticationError");
  private static final Set<String> OAUTH_AUTH = Set.of("invalid_client", "invalid_token");

  private final Style style;
  private final Function<String, ? extends OpenEnum> codes;

  private ErrorModel(Style style, Function<String, ? extends OpenEnum> codes) {
    this.style = style;
    this.codes = codes;
  }

  /** Spot and Embed: {@code {"error": ["EAPI:Invalid key", ...]}}. */
  public static ErrorModel krakenStrings() {
    return new ErrorModel(Style.KRAKEN_STRINGS, null);
  }

  /** Futures: {@code {"result": "error", "error": "<code>", "errors": [...]}}; {@code codes} parses the code. */
  public static ErrorModel futures(Function<String, ? extends OpenEnum> codes) {
    return new ErrorModel(Style.FUTURES, Objects.requireNonNull(codes, "codes == null"));
  }

  /** OAuth (RFC 6749): {@code {"error": "<code>", "error_description": "..."}}. */
  public static ErrorModel oauth(Function<String, ? extends OpenEnum> codes) {
    return new ErrorModel(Style.OAUTH, Objects.requireNonNull(codes, "codes == null"));
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
        return new ParsedBody(strings(error), null, null);
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

  /** The typed exception for {@code error}. */
  KrakenServiceException toException(ServiceError error) {
    if (error.httpStatus() == 429 || matches(error, KrakenError.Code.RATE_LIMIT_EXCEEDED, FUTURES_RATE, Set.of())) {
      return new RateLimitedException(error);
    }
    if (matches(error, KrakenError.Code.INVALID_NONCE, FUTURES_NONCE, Set.of())) {
      return new NonceRejectedException(error);
    }
    if (error.httpStatus() == 401
        || matches(error, KrakenError.Code.INVALID_KEY, FUTURES_AUTH, OAUTH_AUTH)
        || matches(error, KrakenError.Code.INVALID_SIGNATURE, Set.of(), Set.of())) {
      return new AuthenticationException(error);
    }
    return new KrakenServiceException(error);
  }

  private boolean matches(ServiceError error, KrakenError.Code krakenCode, Set<String> futures, Set<String> oauth) {
    return switch (style) {
      case KRAKEN_STRINGS -> error.errors().stream().anyMatch(e -> KrakenError.parse(e).code() == krakenCode);
      case FUTURES -> error.errors().stream().anyMatch(futures::contains);
      case OAUTH -> error.errors().stream().anyMatch(oauth::contains);
    };
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
