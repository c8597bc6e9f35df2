package io.github.krakensdk.auth.oauth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.errors.StateMismatchException;
import io.github.krakensdk.oauth.model.AuthorizationLanguage;
import io.github.krakensdk.oauth.model.AuthorizationTheme;
import java.util.List;
import java.net.URI;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;

final class AuthorizationRequestTest {
  private static final String REDIRECT = "https://partner.example/oauth/callback?x=1";

  private final AuthorizationRequest request =
      AuthorizationRequest.builder("my-client", REDIRECT).scopes("account.info:basic", "account.fast-api-key:funds-query").build();

  private String callback(String query) {
    return "https://partner.example/oauth/callback?" + query;
  }

  @Test
  void urlCarriesEveryParameter() {
    HttpUrl url = HttpUrl.get(request.url());
    assertEquals("https", url.scheme());
    assertEquals("id.kraken.com", url.host());
    assertEquals("/oauth/authorize", url.encodedPath());
    assertEquals("code", url.queryParameter("response_type"));
    assertEquals("my-client", url.queryParameter("client_id"));
    assertEquals(REDIRECT, url.queryParameter("redirect_uri"));
    assertEquals("account.info:basic account.fast-api-key:funds-query", url.queryParameter("scope"));
    assertEquals(request.state(), url.queryParameter("state"));
    // Spaces between scopes are %20, not +.
    assertTrue(url.encodedQuery().contains("scope=account.info%3Abasic%20account"), url.encodedQuery());
  }

  @Test
  void stateIsRandomAndLong() {
    AuthorizationRequest other = AuthorizationRequest.builder("my-client", REDIRECT).build();
    assertNotEquals(request.state(), other.state());
    assertEquals(43, request.state().length(), "256 bits, base64url");
    assertEquals("mine", AuthorizationRequest.builder("c", REDIRECT).state("mine").build().state());
  }

  @Test
  void callbackWithTheSameStateGivesTheCode() throws Exception {
    assertEquals("the-code", request.authorizationCode(callback("code=the-code&state=" + request.state())));
    assertEquals("the-code",
        AuthorizationRequest.authorizationCode(callback("state=abc&code=the-code"), "abc"));
  }

  @Test
  void callbackWithAnotherOrNoStateIsRefused() {
    StateMismatchException forged =
        assertThrows(StateMismatchException.class, () -> request.authorizationCode(callback("code=c&state=forged")));
    assertInstanceOf(KrakenClientException.class, forged, "a local refusal, never retried");
    assertEquals(OAuthException.AUTHORIZE_OPERATION, forged.operationId());
    assertFalse(forged.getMessage().contains("forged"), "the state is not quoted");
    assertThrows(StateMismatchException.class, () -> request.authorizationCode(callback("code=c")));
    assertThrows(StateMismatchException.class,
        () -> request.authorizationCode(callback("code=c&state=" + request.state() + "&state=" + request.state())));
    // The state is checked before the error, so a forged error cannot pass as a real one.
    assertThrows(StateMismatchException.class,
        () -> request.authorizationCode(callback("error=access_denied&state=forged")));
  }

  @Test
  void callbackErrorsAreTyped() {
    OAuthException denied = assertThrows(OAuthException.class,
        () -> request.authorizationCode(callback("error=access_denied&error_description=User%20said%20no&state=" + request.state())));
    assertEquals("access_denied", denied.error());
    assertEquals(List.of("access_denied"), denied.errors());
    assertEquals("User said no", denied.errorDescription());
    assertEquals(OAuthException.AUTHORIZE_OPERATION, denied.operationId());
    assertEquals(KrakenException.NO_STATUS, denied.httpStatus(), "a redirect, no HTTP answer of the service");
    assertTrue(denied.getMessage().contains("User said no"));
    assertInstanceOf(KrakenServiceException.class, denied, "the authorization server's answer");
    OAuthException noCode =
        assertThrows(OAuthException.class, () -> request.authorizationCode(callback("state=" + request.state())));
    assertNull(noCode.error());
    assertEquals(List.of(), noCode.errors());
  }

  @Test
  void toStringHidesTheState() {
    assertFalse(request.toString().contains(request.state()));
    assertTrue(request.toString().contains("my-client"));
  }

  @Test
  void authorizeUrlCanBeChanged() {
    URI sandbox = URI.create("http://127.0.0.1:9999/oauth/authorize");
    AuthorizationRequest local = AuthorizationRequest.builder("c", REDIRECT).authorizeUrl(sandbox).build();
    assertEquals("127.0.0.1", local.url().getHost());
    assertThrows(IllegalArgumentException.class, () -> AuthorizationRequest.builder("c", REDIRECT).scopes("a b"));
  }

  @Test
  void languageLeadsThePathAndThemeIsAQueryParameter() {
    AuthorizationRequest german = AuthorizationRequest.builder("c", REDIRECT)
        .language(AuthorizationLanguage.DE).preferTheme(AuthorizationTheme.DARK).build();
    assertEquals("/de/oauth/authorize", HttpUrl.get(german.url()).encodedPath());
    assertEquals("id.kraken.com", HttpUrl.get(german.url()).host());
    assertEquals("dark", HttpUrl.get(german.url()).queryParameter("preferTheme"));
    assertEquals("code", HttpUrl.get(german.url()).queryParameter("response_type"));
    assertNull(HttpUrl.get(request.url()).queryParameter("preferTheme"), "left out unless chosen");

    URI sandbox = URI.create("http://127.0.0.1:9999/oauth/authorize");
    AuthorizationRequest local = AuthorizationRequest.builder("c", REDIRECT).authorizeUrl(sandbox)
        .language(AuthorizationLanguage.EN_US).build();
    assertEquals("http://127.0.0.1:9999/en-us/oauth/authorize", HttpUrl.get(local.url()).newBuilder().query(null).build().toString());
    // A language the contract does not list yet is taken if it has the form of one.
    assertEquals("/pt-pt/oauth/authorize",
        AuthorizationRequest.builder("c", REDIRECT).language(AuthorizationLanguage.of("pt-pt")).build().url().getRawPath());
  }

  @Test
  void aLanguageThatWouldChangeThePathIsRefusedByName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> AuthorizationRequest.builder("c", REDIRECT).language(AuthorizationLanguage.of("../evil")));
    assertTrue(e.getMessage().startsWith("language must be"), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> AuthorizationRequest.builder("c", REDIRECT).language(AuthorizationLanguage.of("DE")));
    assertThrows(NullPointerException.class, () -> AuthorizationRequest.builder("c", REDIRECT).language(null));
  }
}
