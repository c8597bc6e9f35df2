package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.krakensdk.errors.AuthenticationException;
import io.github.krakensdk.errors.KrakenError;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.NonceRejectedException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.futures.model.FuturesErrorCode;
import io.github.krakensdk.oauth.model.OAuthErrorCode;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a service error must become, by the rules: every error string kept (and parsed,
 * for Kraken strings), the family's code as its enum, and one exception type each for rate
 * limiting, nonce rejection and authentication failure, whatever the family.
 */
final class ServiceErrors {
  /** Rate limiting, per envelope style, besides HTTP 429. */
  private static final Set<String> RATE_LIMITED = Set.of("EAPI:Rate limit exceeded", "apiLimitExceeded");
  private static final Set<String> NONCE_REJECTED = Set.of("EAPI:Invalid nonce", "nonceBelowThreshold",
      "nonceDuplicate");
  /** Authentication failures, per envelope style, besides HTTP 401. */
  private static final Set<String> UNAUTHENTICATED = Set.of("EAPI:Invalid key", "EAPI:Invalid signature",
      "authenticationError", "invalid_client", "invalid_token");

  private ServiceErrors() {}

  /** True if {@code body}, answered with {@code status}, is an error by the family's envelope. */
  static boolean isError(String style, int status, JsonNode body) {
    return switch (style) {
      case "spot" -> containsError(body.path("error"));
      case "futures" -> "error".equals(body.path("result").asText());
      default -> status < 200 || status > 299;
    };
  }

  private static boolean containsError(JsonNode errors) {
    for (JsonNode error : errors) {
      if (!error.asText().startsWith("W")) {
        return true;
      }
    }
    return false;
  }

  /** The error strings the exception must keep, in order. */
  static List<String> strings(String style, JsonNode body) {
    List<String> strings = new ArrayList<>();
    switch (style) {
      case "futures" -> {
        if (body.hasNonNull("error")) {
          strings.add(body.get("error").asText());
        }
        body.path("errors").forEach(e -> {
          if (!strings.contains(e.asText())) {
            strings.add(e.asText());
          }
        });
      }
      case "oauth" -> strings.add(body.path("error").asText());
      default -> body.path("error").forEach(e -> strings.add(e.asText()));
    }
    return strings;
  }

  /** The exception type the issue asks for. */
  static Class<? extends KrakenServiceException> type(int status, List<String> errors) {
    if (status == 429 || errors.stream().anyMatch(RATE_LIMITED::contains)) {
      return RateLimitedException.class;
    }
    if (errors.stream().anyMatch(NONCE_REJECTED::contains)) {
      return NonceRejectedException.class;
    }
    if (status == 401 || errors.stream().anyMatch(UNAUTHENTICATED::contains)) {
      return AuthenticationException.class;
    }
    return KrakenServiceException.class;
  }

  /** Asserts that {@code e} is what {@code body} with {@code status} must become for {@code operationId}. */
  static void assertMatches(Contract contract, String style, String operationId, int status, JsonNode body,
      Throwable thrown) {
    List<String> strings = strings(style, body);
    assertEquals(type(status, strings), thrown.getClass(), () -> "exception for " + body + ": " + thrown);
    KrakenServiceException e = (KrakenServiceException) thrown;
    assertEquals(operationId, e.operationId());
    assertEquals(status, e.httpStatus(), "HTTP status");
    assertEquals(strings, e.errors(), "every error string, in order");
    switch (style) {
      case "futures" -> {
        FuturesErrorCode code = e.code(FuturesErrorCode.class);
        assertNotNull(code, "Futures code");
        assertEquals(body.path("error").asText(), code.value());
        assertEquals(listed(contract, "FuturesErrorCode").contains(code.value()), code.isKnown(),
            "known iff the contract lists " + code.value());
        assertEquals(List.of(), e.krakenErrors(), "Futures errors are not Kraken strings");
      }
      case "oauth" -> {
        OAuthErrorCode code = e.code(OAuthErrorCode.class);
        assertNotNull(code, "OAuth code");
        assertEquals(body.path("error").asText(), code.value());
        assertEquals(listed(contract, "OAuthErrorCode").contains(code.value()), code.isKnown());
        assertEquals(body.hasNonNull("error_description") ? body.get("error_description").asText() : null,
            e.errorDescription());
      }
      default -> assertParsed(strings, e.krakenErrors());
    }
    if (status < 200 || status > 299) {
      String text = Contracts.writeJson(body);
      assertTrue(!e.bodyExcerpt().isEmpty() && text.startsWith(e.bodyExcerpt().replace("…", "")),
          () -> "body excerpt '" + e.bodyExcerpt() + "' is not the start of " + text);
    }
  }

  /** Each string parsed as {@code <severity><category>:<message>[:<extra>]}. */
  static void assertParsed(List<String> strings, List<KrakenError> parsed) {
    assertEquals(strings, parsed.stream().map(KrakenError::raw).toList(), "raw strings");
    for (int i = 0; i < strings.size(); i++) {
      String raw = strings.get(i);
      KrakenError error = parsed.get(i);
      String[] parts = raw.substring(1).split(":", 3);
      assertEquals(raw.charAt(0), error.severity(), raw + " severity");
      assertEquals(parts[0], error.category(), raw + " category");
      assertEquals(parts[1], error.message(), raw + " message");
      assertEquals(parts.length == 3 ? parts[2] : null, error.extra(), raw + " extra");
      assertEquals(raw.charAt(0) == 'W', error.isWarning(), raw + " warning");
    }
  }

  /** The values of the enum schema {@code name}. */
  static List<String> listed(Contract contract, String name) {
    return contract.schema(name).getEnum().stream().map(Object::toString).toList();
  }
}
