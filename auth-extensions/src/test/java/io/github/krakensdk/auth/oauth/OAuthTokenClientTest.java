package io.github.krakensdk.auth.oauth;

import io.github.krakensdk.auth.oauth.internal.OAuthTokenClient;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.MutableClock;
import io.github.krakensdk.auth.TestServers;
import io.github.krakensdk.errors.AuthenticationException;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.errors.ReauthorizationRequiredException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

final class OAuthTokenClientTest {
  private static final Instant NOW = Instant.parse("2026-01-15T08:00:00Z");

  @StartStop final MockWebServer server = TestServers.noDelay();
  private final MutableClock clock = new MutableClock(NOW);

  private OAuthTokenClient client(ClientCredentials credentials) {
    return OAuthTokenClient.builder(credentials)
        .httpClient(KrakenHttpClients.newBuilder().build())
        .tokenUrl(server.url("/oauth/token"))
        .clock(clock)
        .build();
  }

  private void answer(int code, String body) {
    server.enqueue(new MockResponse.Builder().code(code).addHeader("Content-Type", "application/json").body(body).build());
  }

  @Test
  void authorizationCodeGrantWithConfidentialClient() throws Exception {
    answer(200, "{\"access_token\":\"at-1\",\"token_type\":\"bearer\",\"expires_in\":86400,"
        + "\"refresh_token\":\"rt-1\",\"scope\":\"account.info:basic\"}");
    OAuthTokens tokens = client(ClientCredentials.confidential("client-id", "s3cr:et"))
        .exchangeCode("auth-code", "https://partner.example/cb");

    RecordedRequest request = server.takeRequest();
    assertEquals("POST", request.getMethod());
    assertEquals("/oauth/token", request.getTarget());
    assertEquals("Basic " + Base64.getEncoder().encodeToString("client-id:s3cr:et".getBytes(StandardCharsets.UTF_8)),
        request.getHeaders().get("Authorization"));
    assertEquals("application/x-www-form-urlencoded", request.getHeaders().get("Content-Type"));
    assertEquals("grant_type=authorization_code&code=auth-code&redirect_uri=https%3A%2F%2Fpartner.example%2Fcb",
        request.getBody().utf8());

    assertEquals("at-1", tokens.accessToken());
    assertEquals("rt-1", tokens.refreshToken());
    assertEquals(NOW.plusSeconds(86400), tokens.expiresAt());
    assertEquals("bearer", tokens.tokenType());
    // Dropped: the contract's TokenResponse has no scope member (Kraken's endpoint sends none), so it is not read.
    assertNull(tokens.scope());
  }

  @Test
  void publicClientSendsItsIdAndAColon() throws Exception {
    answer(200, "{\"access_token\":\"at\",\"token_type\":\"bearer\",\"expires_in\":14400}");
    client(ClientCredentials.publicClient("app-id")).exchangeCode("c", "app://cb");
    assertEquals("Basic " + Base64.getEncoder().encodeToString("app-id:".getBytes(StandardCharsets.UTF_8)),
        server.takeRequest().getHeaders().get("Authorization"));
  }

  @Test
  void refreshGrantKeepsOrRotatesTheRefreshToken() throws Exception {
    OAuthTokenClient client = client(ClientCredentials.publicClient("app-id"));
    answer(200, "{\"access_token\":\"at-2\",\"token_type\":\"bearer\",\"expires_in\":14400,\"refresh_token\":\"rt-2\"}");
    OAuthTokens rotated = client.refresh("rt-1");
    assertEquals("grant_type=refresh_token&refresh_token=rt-1", server.takeRequest().getBody().utf8());
    assertEquals("rt-2", rotated.refreshToken());

    answer(200, "{\"access_token\":\"at-3\",\"token_type\":\"bearer\"}");
    OAuthTokens kept = client.refresh("rt-2");
    assertEquals("rt-2", kept.refreshToken());
    assertNull(kept.expiresAt(), "no expires_in: lifetime unknown");
  }

  @Test
  void rejectedRefreshTokenNeedsReauthorization() {
    OAuthTokenClient client = client(ClientCredentials.confidential("id", "client-secret-value"));
    answer(400, "{\"error\":\"invalid_grant\",\"error_description\":\"refresh token expired\"}");
    ReauthorizationRequiredException e =
        assertThrows(ReauthorizationRequiredException.class, () -> client.refresh("rt-secret-value"));
    assertEquals("invalid_grant", e.error());
    assertEquals(400, e.httpStatus());
    assertEquals(OAuthException.TOKEN_OPERATION, e.operationId());
    assertInstanceOf(AuthenticationException.class, e, "a lost grant is an authentication failure");
    assertFalse(e.getMessage().contains("rt-secret-value"));
    assertFalse(e.getMessage().contains("client-secret-value"));

    answer(401, "not json");
    assertThrows(ReauthorizationRequiredException.class, () -> client.refresh("rt"));
  }

  @Test
  void otherFailuresAreNotReauthorization() {
    OAuthTokenClient client = client(ClientCredentials.publicClient("id"));
    answer(503, "{\"error\":\"temporarily_unavailable\"}");
    OAuthException unavailable = assertThrows(OAuthException.class, () -> client.refresh("rt"));
    assertEquals(503, unavailable.httpStatus());
    assertEquals("temporarily_unavailable", unavailable.error());
    assertEquals(List.of("temporarily_unavailable"), unavailable.errors());
    assertEquals(OAuthException.TOKEN_OPERATION, unavailable.operationId());
    assertEquals(List.of(), unavailable.krakenErrors(), "OAuth codes are not Kraken error strings");

    answer(400, "{\"error\":\"invalid_grant\",\"error_description\":\"code already used\"}");
    KrakenException badCode = assertThrows(KrakenException.class, () -> client.exchangeCode("used-code", "app://cb"));
    assertFalse(badCode instanceof ReauthorizationRequiredException, "a bad code is not a lost grant");
    assertEquals("invalid_grant", assertInstanceOf(OAuthException.class, badCode).error());
    assertEquals("code already used", ((OAuthException) badCode).errorDescription());

    answer(200, "{\"token_type\":\"bearer\"}");
    assertThrows(OAuthException.class, () -> client.refresh("rt"));
    answer(200, "<html>");
    OAuthException notJson = assertThrows(OAuthException.class, () -> client.refresh("rt"));
    assertFalse(notJson.getMessage().contains("<html>"));
    assertEquals(200, notJson.httpStatus());
    assertEquals("", notJson.bodyExcerpt(), "a token response may hold a token: never excerpted");
  }

  @Test
  void networkFailuresAreTransportFailures() {
    OAuthTokenClient client = client(ClientCredentials.publicClient("id"));
    server.enqueue(new MockResponse.Builder().onResponseStart(new SocketEffect.CloseSocket()).build());
    KrakenTransportException e = assertThrows(KrakenTransportException.class, () -> client.refresh("rt"));
    assertEquals(OAuthException.TOKEN_OPERATION, e.operationId());
    assertTrue(e.outcomeUnknown(), "the token POST may have reached the endpoint (and rotated the refresh token)");
  }

  @Test
  void resultEnvelopeIsTolerated() throws Exception {
    answer(200, "{\"error\":[],\"result\":{\"access_token\":\"at\",\"expires_in\":\"60\",\"token_type\":\"Bearer\"}}");
    OAuthTokens tokens = client(ClientCredentials.publicClient("id")).refresh("rt");
    assertEquals("at", tokens.accessToken());
    assertEquals(NOW.plusSeconds(60), tokens.expiresAt(), "Moshi reads an int written as a string");
    assertEquals("Bearer", tokens.tokenType(), "an open enum keeps the text sent");
  }

  @Test
  void answersAreDecodedAsTheContractsModels() {
    OAuthTokenClient client = client(ClientCredentials.publicClient("id"));
    // A member of the wrong type is not a token response (and not a transport failure).
    answer(200, "{\"access_token\":\"at-secret\",\"token_type\":\"bearer\",\"expires_in\":{\"s\":1}}");
    OAuthException wrongType = assertThrows(OAuthException.class, () -> client.refresh("rt"));
    assertEquals(200, wrongType.httpStatus());
    assertTrue(wrongType.getMessage().contains("expires_in"), wrongType.getMessage());
    assertFalse(wrongType.getMessage().contains("at-secret"));
    // Nothing may follow the token response.
    answer(200, "{\"access_token\":\"at\",\"token_type\":\"bearer\"} {}");
    assertThrows(OAuthException.class, () -> client.refresh("rt"));
    // A negative lifetime is an expired token, not an error.
    answer(200, "{\"access_token\":\"at\",\"token_type\":\"bearer\",\"expires_in\":-5}");
    assertEquals(NOW, client.refresh("rt").expiresAt());

    // Error codes are the contract's open enum: one it does not list is kept as sent.
    answer(429, "{\"error\":\"slow_down\",\"error_description\":\"later\",\"error_uri\":\"https://x\"}");
    OAuthException unlisted = assertThrows(OAuthException.class, () -> client.exchangeCode("c", "app://cb"));
    assertEquals("slow_down", unlisted.error());
    assertEquals("later", unlisted.errorDescription());
    // Dropped: a Kraken-envelope array `error` is not the contract's OAuthError (RFC 6749 5.2), so only the status is reported.
    answer(500, "{\"error\":[\"EGeneral:Internal error\"]}");
    OAuthException envelope = assertThrows(OAuthException.class, () -> client.exchangeCode("c", "app://cb"));
    assertEquals(500, envelope.httpStatus());
    assertNull(envelope.error());
  }
}
