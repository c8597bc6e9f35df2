package io.github.krakensdk.auth;

import io.github.krakensdk.auth.internal.EmbedSigningInterceptor;
import io.github.krakensdk.auth.internal.FundingSigningInterceptor;
import io.github.krakensdk.auth.internal.FuturesSigningInterceptor;
import io.github.krakensdk.auth.internal.SpotSigningInterceptor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.oauth.internal.BearerTokenAuth;
import io.github.krakensdk.auth.oauth.ClientCredentials;
import io.github.krakensdk.auth.oauth.InMemoryTokenStore;
import io.github.krakensdk.auth.oauth.internal.OAuthTokenClient;
import io.github.krakensdk.auth.oauth.OAuthTokens;
import io.github.krakensdk.auth.webhook.WebhookSignatureVerifier;
import io.github.krakensdk.oauth.model.CreatedFastApiKey;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Credential types refuse bad values without echoing them, and never print secrets. */
final class CredentialsTest {
  private static final String KEY = "Kx7pQ2bR9mZ4vN1cT8yW3hL6jF0sD5gA";
  private static final String SECRET = SpotSignerTest.SECRET;

  @Test
  void aCreatedFastApiKeyBecomesSpotCredentialsWithoutShowingTheSecret() {
    CreatedFastApiKey created = CreatedFastApiKey.builder().apiKey(KEY).secret(SECRET).apiKeyName("my-app").build();
    ApiCredentials credentials = ApiCredentials.of(created);
    assertEquals(KEY, credentials.key());
    assertEquals(SECRET, credentials.base64Secret());
    assertFalse(created.toString().contains(SECRET), created.toString());
    assertFalse(created.toString().contains(KEY), created.toString());
    assertTrue(created.toString().contains("my-app"), created.toString());

    IllegalArgumentException listed = assertThrows(IllegalArgumentException.class,
        () -> ApiCredentials.of(created.toBuilder().secret(null).build()));
    assertTrue(listed.getMessage().contains("no secret"), listed.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ApiCredentials.of(created.toBuilder().apiKey(null).build()));
    IllegalArgumentException notBase64 = assertThrows(IllegalArgumentException.class,
        () -> ApiCredentials.of(created.toBuilder().secret("not base64!").build()));
    assertFalse(notBase64.getMessage().contains("not base64!"));
  }

  @Test
  void apiCredentialsAreChecked() {
    IllegalArgumentException blankKey =
        assertThrows(IllegalArgumentException.class, () -> new ApiCredentials(" ", SECRET));
    assertEquals("key is blank", blankKey.getMessage());
    String badSecret = SECRET.replace('/', '_');
    IllegalArgumentException notBase64 =
        assertThrows(IllegalArgumentException.class, () -> new ApiCredentials(KEY, badSecret));
    assertTrue(notBase64.getMessage().startsWith("base64Secret"));
    assertFalse(notBase64.getMessage().contains(badSecret));
    assertFalse(notBase64.getMessage().contains("_"));
    assertNull(notBase64.getCause());
    IllegalArgumentException lineBreak =
        assertThrows(IllegalArgumentException.class, () -> new ApiCredentials(KEY, SECRET + "\n"));
    assertFalse(lineBreak.getMessage().contains(SECRET));
    assertThrows(NullPointerException.class, () -> new ApiCredentials(null, SECRET));
  }

  @Test
  void toStringNeverShowsASecret() {
    ApiCredentials credentials = new ApiCredentials(KEY, SECRET);
    ClientCredentials client = ClientCredentials.confidential("client-id", "the-client-secret");
    OAuthTokens tokens = OAuthTokens.builder().accessToken("the-access-token").refreshToken("the-refresh-token")
        .expiresAt(Instant.EPOCH).tokenType("bearer").scope("s").build();
    OAuthTokenClient tokenClient = OAuthTokenClient.builder(client).build();
    List<Object> objects = List.of(
        credentials,
        new SpotSigner(SECRET),
        new FuturesSigner(SECRET),
        SpotSigningInterceptor.builder(credentials).build(),
        FuturesSigningInterceptor.builder(credentials).build(),
        EmbedSigningInterceptor.builder(credentials).build(),
        FundingSigningInterceptor.builder(credentials).build(),
        client,
        tokens,
        new InMemoryTokenStore(tokens),
        tokenClient,
        BearerTokenAuth.builder(tokenClient, new InMemoryTokenStore(tokens)).build(),
        new WebhookSignatureVerifier(SECRET, Clock.systemUTC()));
    for (Object object : objects) {
      String text = object.toString();
      for (String secret : List.of(KEY, SECRET, SECRET.substring(0, 12), "the-client-secret",
          "the-access-token", "the-refresh-token")) {
        assertFalse(text.contains(secret), () -> object.getClass().getSimpleName() + " shows " + secret);
      }
    }
    assertTrue(client.toString().contains("client-id"), "the client ID is not a secret");
    assertTrue(ClientCredentials.publicClient("app").toString().contains("clientSecret=none"));
  }

  @Test
  void clientCredentialsAreChecked() {
    assertThrows(IllegalArgumentException.class, () -> ClientCredentials.publicClient(""));
    assertThrows(IllegalArgumentException.class, () -> ClientCredentials.publicClient("a:b"));
    assertThrows(IllegalArgumentException.class, () -> ClientCredentials.confidential("id", " "));
    assertTrue(ClientCredentials.publicClient("app").isPublic());
  }
}
