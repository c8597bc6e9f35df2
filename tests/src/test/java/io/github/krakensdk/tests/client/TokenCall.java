package io.github.krakensdk.tests.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.oauth.OAuthTokens;
import io.github.krakensdk.auth.oauth.TokenStore;
import io.github.krakensdk.tests.contract.Contract;
import io.github.krakensdk.tests.contract.Contracts;
import io.github.krakensdk.tests.contract.Family;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * OAuth {@code getToken} as a caller reaches it. The contract marks it {@code
 * x-kraken-service-method: false}: it is not on {@code kraken.oauth()}, tokens come only through
 * {@code kraken.oauthTokens()}, whose token client sends the form the grant needs with the client's
 * Basic credentials and saves what it gets in the token store.
 *
 * <ul>
 *   <li>{@code grant_type=authorization_code}: {@code oauthTokens().completeAuthorization(code, redirect_uri)};
 *   <li>{@code grant_type=refresh_token}: the store holds an expired access token with the
 *       argument's refresh token, and {@code oauthTokens().accessToken()} refreshes it.
 * </ul>
 *
 * <pre>{@code
 * OAuthTokens tokens = TokenCall.obtain(wire.client, wire.tokens, call.exampleArguments());
 * }</pre>
 *
 * There is no asynchronous twin: the token path is blocking.
 */
public final class TokenCall {
  public static final String OPERATION_ID = "getToken";
  /** The grants {@link #obtain} sends; the contract's {@code GrantType} must list no other. */
  public static final List<String> GRANTS = List.of("authorization_code", "refresh_token");

  private TokenCall() {}

  /** The contract's getToken, which has no service method. */
  public static ServiceCall call() {
    Contract oauth = Contracts.get(Family.OAUTH);
    ServiceCall call = ServiceCall.of(oauth, oauth.operation(OPERATION_ID));
    assertTrue(!call.inService(), OPERATION_ID + " became a service method: test it as one");
    return call;
  }

  /** True for the operation this class stands in for. */
  public static boolean isTokenCall(ServiceCall call) {
    return !call.inService() && call.contract.family == Family.OAUTH && call.op.id().equals(OPERATION_ID);
  }

  /**
   * Sends the token request {@code arguments} (the form's members by their contract names) through
   * {@code client.oauthTokens()}; {@code store} is the client's token store. Throws what it throws.
   */
  public static OAuthTokens obtain(KrakenClient client, TokenStore store, ObjectNode arguments) {
    Objects.requireNonNull(client, "client == null");
    String grant = arguments.path("grant_type").asText();
    switch (grant) {
      case "authorization_code" -> {
        return client.oauthTokens().completeAuthorization(text(arguments, "code"), text(arguments, "redirect_uri"));
      }
      case "refresh_token" -> {
        save(store, OAuthTokens.builder().accessToken("expired-" + WireFixture.ACCESS_TOKEN)
            .refreshToken(text(arguments, "refresh_token")).expiresAt(Instant.now().minus(Duration.ofMinutes(1)))
            .tokenType("bearer").build());
        client.oauthTokens().accessToken();
        return load(store);
      }
      default -> throw new AssertionError("the token path has no grant " + grant + " (" + arguments + ")");
    }
  }

  /**
   * {@code tokens} are the token response {@code example}: access and refresh token (the one sent,
   * when a refresh answer has none), type, and a lifetime of {@code expires_in} counted from the
   * call ({@code before} to {@code after}).
   */
  public static void assertTokens(JsonNode example, ObjectNode arguments, OAuthTokens tokens, Instant before,
      Instant after) {
    assertNotNull(tokens, "no tokens");
    assertEquals(example.path("access_token").asText(), tokens.accessToken(), "access token");
    String refresh = example.hasNonNull("refresh_token") ? example.get("refresh_token").asText()
        : arguments.path("refresh_token").asText(null);
    assertEquals(refresh, tokens.refreshToken(), "refresh token");
    assertEquals(example.path("token_type").asText(), tokens.tokenType(), "token type");
    assertEquals(example.hasNonNull("scope") ? example.get("scope").asText() : null, tokens.scope(), "scope");
    if (example.hasNonNull("expires_in")) {
      long seconds = example.get("expires_in").asLong();
      Instant expiresAt = tokens.expiresAt();
      assertNotNull(expiresAt, "expiry");
      assertTrue(!expiresAt.isBefore(before.plusSeconds(seconds).minusMillis(1))
          && !expiresAt.isAfter(after.plusSeconds(seconds)), () -> "expires at " + expiresAt + ", expected "
          + seconds + " s after the call (" + before + " to " + after + ")");
    }
  }

  private static String text(ObjectNode arguments, String name) {
    JsonNode value = arguments.get(name);
    return value == null || value.isNull() ? null : value.asText();
  }

  private static void save(TokenStore store, OAuthTokens tokens) {
    try {
      store.save(tokens);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static OAuthTokens load(TokenStore store) {
    try {
      return store.load();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
