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
import io.github.krakensdk.runtime.json.OpenEnum;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a service error must become, by the rules and the contract: every error string
 * kept (and parsed, for Kraken strings), the family's code as its generated open enum, and one
 * exception type each for rate limiting, nonce rejection and authentication failure, whatever the
 * family. Which codes are which is read from the contract's {@code x-kraken-envelope.errors}
 * ({@code rate-limited}, {@code nonce-rejected}, {@code authentication}, {@code other}); HTTP 429
 * is rate limiting and HTTP 401 an authentication failure in every family.
 */
final class ServiceErrors {
  static final String RATE_LIMITED = "rate-limited";
  static final String NONCE_REJECTED = "nonce-rejected";
  static final String AUTHENTICATION = "authentication";

  private ServiceErrors() {}

  /** The contract's {@code x-kraken-envelope.errors}: error code to kind. */
  static Map<String, String> kinds(Contract contract) {
    Map<String, String> kinds = new LinkedHashMap<>();
    contract.tree.at("/x-kraken-envelope/errors").properties()
        .forEach(e -> kinds.put(e.getKey(), e.getValue().asText()));
    return kinds;
  }

  /** The code of one error string: its {@code <severity><category>:<message>} for Kraken strings, else itself. */
  static String codeOf(String style, String error) {
    return style.equals("spot") || style.equals("result") ? KrakenError.parse(error).code() : error;
  }

  /**
   * The codes the contract documents: its {@code errorCode} schema's values (Futures, OAuth), or
   * for Kraken strings those of {@code x-kraken-envelope.errors} and of every operation's {@code
   * x-kraken-errors}.
   */
  static Set<String> documented(Contract contract) {
    String errorCode = contract.tree.at("/x-kraken-envelope/errorCode").asText(null);
    if (errorCode != null) {
      return new LinkedHashSet<>(listed(contract, errorCode));
    }
    Set<String> codes = new LinkedHashSet<>(kinds(contract).keySet());
    contract.operations().forEach(op -> {
      Object listed = op.operation().getExtensions() == null ? null
          : op.operation().getExtensions().get("x-kraken-errors");
      if (listed instanceof List<?> list) {
        list.forEach(code -> codes.add(String.valueOf(code)));
      }
    });
    return codes;
  }

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
      // Funding: the code is the tag of the problem's type after its last ':'.
      case "problem" -> {
        String type = body.path("type").asText();
        strings.add(type.substring(type.lastIndexOf(':') + 1));
      }
      default -> body.path("error").forEach(e -> strings.add(e.asText()));
    }
    return strings;
  }

  /** The exception type the issue asks for, the codes classified by the contract. */
  static Class<? extends KrakenServiceException> type(Contract contract, int status, List<String> errors) {
    String style = contract.tree.at("/x-kraken-envelope/style").asText();
    Map<String, String> kinds = kinds(contract);
    Set<String> found = new LinkedHashSet<>();
    errors.forEach(e -> found.add(kinds.getOrDefault(codeOf(style, e), "other")));
    if (status == 429 || found.contains(RATE_LIMITED)) {
      return RateLimitedException.class;
    }
    if (found.contains(NONCE_REJECTED)) {
      return NonceRejectedException.class;
    }
    if (status == 401 || found.contains(AUTHENTICATION)) {
      return AuthenticationException.class;
    }
    return KrakenServiceException.class;
  }

  /** Asserts that {@code e} is what {@code body} with {@code status} must become for {@code operationId}. */
  static void assertMatches(Contract contract, String style, String operationId, int status, JsonNode body,
      Throwable thrown) {
    List<String> strings = strings(style, body);
    assertEquals(type(contract, status, strings), thrown.getClass(), () -> "exception for " + body + ": " + thrown);
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
        // Futures errors are codes, not Kraken strings: the first one is the exception's code.
        assertEquals(code, e.code(), "the first error's code");
      }
      case "oauth" -> {
        OAuthErrorCode code = e.code(OAuthErrorCode.class);
        assertNotNull(code, "OAuth code");
        assertEquals(body.path("error").asText(), code.value());
        assertEquals(listed(contract, "OAuthErrorCode").contains(code.value()), code.isKnown());
        assertEquals(body.hasNonNull("error_description") ? body.get("error_description").asText() : null,
            e.errorDescription());
      }
      case "problem" -> {
        // Funding's code is a bare tag (InvalidKey), no Kraken string; the problem's detail, else
        // its title, is the description.
        OpenEnum code = e.code();
        assertNotNull(code, "code of " + body);
        assertEquals("FundingErrorCode", code.getClass().getSimpleName(), "code type");
        assertEquals(strings.get(0), code.value());
        assertEquals(documented(contract).contains(code.value()), code.isKnown(),
            "known iff the contract documents " + code.value());
        String description = body.hasNonNull("detail") && !body.get("detail").asText().isEmpty()
            ? body.get("detail").asText() : body.path("title").asText(null);
        assertEquals(description, e.errorDescription(), "the problem's detail, else its title");
      }
      default -> {
        assertParsed(strings, e.krakenErrors());
        // The first error's code, as the family's generated enum (SpotErrorCode, EmbedErrorCode).
        OpenEnum code = e.code();
        assertNotNull(code, "code of " + strings);
        assertEquals(contract.family.displayName() + "ErrorCode", code.getClass().getSimpleName(), "code type");
        assertEquals(KrakenError.parse(strings.get(0)).code(), code.value());
        assertEquals(documented(contract).contains(code.value()), code.isKnown(),
            "known iff the contract documents " + code.value());
      }
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
