package io.github.krakensdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.auth.oauth.AuthorizationRequest;
import io.github.krakensdk.auth.oauth.ClientCredentials;
import io.github.krakensdk.auth.oauth.InMemoryTokenStore;
import io.github.krakensdk.auth.oauth.OAuthSession;
import io.github.krakensdk.errors.KrakenClientException;
import java.net.URI;
import org.junit.jupiter.api.Test;

/** Environments in {@code URI}s, and the OAuth browser step following the client's environment. */
final class EnvironmentTest {
  @Test
  void baseUrlsEndWithASlashAndTheAuthorizePageIsKeptAsGiven() {
    Environment local = Environment.PRODUCTION.toBuilder()
        .spot("http://127.0.0.1:8080")
        .oauthAuthorize("http://127.0.0.1:8080/oauth/authorize")
        .build();
    assertEquals(URI.create("http://127.0.0.1:8080/"), local.spot());
    assertEquals(URI.create("http://127.0.0.1:8080/oauth/authorize"), local.oauthAuthorize());
    assertEquals(URI.create("https://futures.kraken.com/derivatives/api/v3/"), local.futures(), "left as it was");
    assertEquals(URI.create("https://id.kraken.com/oauth/authorize"), Environment.PRODUCTION.oauthAuthorize());
    assertEquals(Environment.PRODUCTION.futuresDemo(), Environment.FUTURES_DEMO.futures());
  }

  @Test
  void aUrlThatIsNotHttpIsRefusedByName() {
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> Environment.PRODUCTION.toBuilder().embed("ftp://example.com/"));
    assertEquals("embed must be an http or https URL (was ftp://example.com/)", refused.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Environment.PRODUCTION.toBuilder().oauthAuthorize("not a url"));
    assertEquals("spot == null", assertThrows(NullPointerException.class,
        () -> Environment.PRODUCTION.toBuilder().spot((String) null)).getMessage());
    assertEquals("futures must be an http or https URL (was file:/tmp/)", assertThrows(IllegalArgumentException.class,
        () -> Environment.PRODUCTION.toBuilder().futures(java.net.URI.create("file:/tmp/"))).getMessage());
    assertEquals("embed == null", assertThrows(NullPointerException.class,
        () -> Environment.builder().spot("https://api.kraken.com/").futures("https://futures.kraken.com/")
            .futuresDemo("https://demo-futures.kraken.com/").oauth("https://api.kraken.com/")
            .oauthAuthorize("https://id.kraken.com/oauth/authorize").build()).getMessage(),
        "a builder from nothing names the URL left out");
  }

  @Test
  void aUriIsTakenAsAStringIsAndBaseUrlsEndWithASlash() {
    Environment byUri = Environment.PRODUCTION.toBuilder().embed(java.net.URI.create("http://127.0.0.1:9/embed")).build();
    Environment byString = Environment.PRODUCTION.toBuilder().embed("http://127.0.0.1:9/embed").build();
    assertEquals(byString, byUri);
    assertEquals("http://127.0.0.1:9/embed/", byUri.embed().toString());
    assertEquals(Environment.PRODUCTION, Environment.PRODUCTION.toBuilder().build());
  }

  @Test
  void fundingFollowsSpotUnlessSetApart() {
    assertEquals(URI.create("https://api.kraken.com/"), Environment.PRODUCTION.funding());
    Environment local = Environment.PRODUCTION.toBuilder().spot("http://127.0.0.1:8080").build();
    assertEquals(URI.create("http://127.0.0.1:8080/"), local.funding(), "pointed at the sandbox, Funding goes there too");
    Environment apart = local.toBuilder().funding("http://127.0.0.1:9090/gateway").build();
    assertEquals(URI.create("http://127.0.0.1:9090/gateway/"), apart.funding());
    assertEquals(URI.create("http://127.0.0.1:9090/gateway/"),
        apart.toBuilder().spot("http://127.0.0.1:7070").build().funding(), "a URL set apart stays apart");
    assertTrue(apart.toString().endsWith(", funding=http://127.0.0.1:9090/gateway/}"), apart.toString());
    assertTrue(local.toString().endsWith(", funding=http://127.0.0.1:8080/}"), local.toString());
    assertEquals(local, Environment.PRODUCTION.toBuilder().spot("http://127.0.0.1:8080/").build());
    assertTrue(!local.equals(apart) && local.hashCode() != apart.hashCode());
    assertEquals("funding must be an http or https URL (was ftp://x/)", assertThrows(IllegalArgumentException.class,
        () -> Environment.PRODUCTION.toBuilder().funding("ftp://x/")).getMessage());
    assertEquals("funding == null", assertThrows(NullPointerException.class,
        () -> Environment.PRODUCTION.toBuilder().funding((URI) null)).getMessage());
  }

  @Test
  void theAuthorizationRequestTakesTheClientIdAndTheEnvironmentsPage() {
    Environment local = Environment.PRODUCTION.toBuilder().oauthAuthorize("http://127.0.0.1:9/oauth/authorize").build();
    try (KrakenClient kraken = KrakenClient.builder().environment(local)
        .oauth(ClientCredentials.publicClient("my-client"), new InMemoryTokenStore()).build()) {
      AuthorizationRequest request = kraken.authorizationRequest("https://app.example/cb").build();
      URI url = request.url();
      assertEquals("127.0.0.1", url.getHost());
      assertEquals("/oauth/authorize", url.getPath());
      assertTrue(url.getRawQuery().contains("client_id=my-client"), url.toString());
      assertTrue(url.getRawQuery().contains("redirect_uri=https%3A%2F%2Fapp.example%2Fcb"), url.toString());
      assertInstanceOf(OAuthSession.class, kraken.oauthTokens());
    }
  }

  @Test
  void withoutAnOAuthClientTheBrowserStepSaysWhatToSet() {
    try (KrakenClient kraken = KrakenClient.builder().build()) {
      KrakenClientException refused =
          assertThrows(KrakenClientException.class, () -> kraken.authorizationRequest("https://app.example/cb"));
      assertTrue(refused.getMessage().contains("KrakenClient.builder().oauth(client, tokenStore)"), refused.getMessage());
    }
  }
}
