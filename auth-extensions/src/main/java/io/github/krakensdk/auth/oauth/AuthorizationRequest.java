package io.github.krakensdk.auth.oauth;

import io.github.krakensdk.auth.internal.Secrets;
import io.github.krakensdk.errors.OAuthException;
import io.github.krakensdk.errors.StateMismatchException;
import io.github.krakensdk.oauth.model.AuthorizationLanguage;
import io.github.krakensdk.oauth.model.AuthorizationTheme;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import okhttp3.HttpUrl;

/**
 * The browser step of the authorization-code flow: the URL to send the user to, with a {@code
 * state} that the callback must bring back unchanged.
 *
 * <pre>{@code
 * AuthorizationRequest request = kraken.authorizationRequest("https://example.com/cb")
 *     .scopes("account.info:basic")
 *     .build();
 * session.put("oauth-state", request.state());
 * redirect(request.url());
 *
 * // later, in the callback handler (callbackUrl: the whole URL the browser came back to):
 * String code = AuthorizationRequest.authorizationCode(callbackUrl, session.get("oauth-state"));
 * kraken.oauthTokens().completeAuthorization(code, "https://example.com/cb");
 * }</pre>
 *
 * {@code KrakenClient.authorizationRequest(redirectUri)} fills in the client ID and the authorize
 * page of the client's {@code Environment} (the sandbox's own page against the sandbox); {@link
 * #builder(String, String)} starts from Kraken's page.
 *
 * The default {@code state} is 256 random bits, fresh for every request. The page can be shown in
 * one of the service's languages ({@code https://id.kraken.com/de/oauth/authorize}) and theme:
 *
 * <pre>{@code
 * AuthorizationRequest.builder(clientId, redirectUri)
 *     .language(AuthorizationLanguage.DE)
 *     .preferTheme(AuthorizationTheme.DARK)
 *     .build();
 * }</pre>
 *
 * The address follows the contract's authorization pages ({@code openAuthorizationPage} and
 * {@code openAuthorizationPageInLanguage} of {@code oauth.yaml}), which a browser opens and no
 * client calls.
 */
public final class AuthorizationRequest {
  /** Kraken's authorize page. */
  public static final URI DEFAULT_AUTHORIZE_URL = URI.create("https://id.kraken.com/oauth/authorize");

  private static final SecureRandom RANDOM = new SecureRandom();
  /** A language tag as the service's page paths use them: {@code de}, {@code en-us}, {@code fil-ph}. */
  private static final Pattern LANGUAGE = Pattern.compile("[a-z]{2,3}(-[a-z]{2})?");

  private final HttpUrl url;
  private final String state;
  private final String redirectUri;

  private AuthorizationRequest(Builder builder) {
    this.state = builder.state != null ? builder.state : randomState();
    this.redirectUri = builder.redirectUri;
    HttpUrl.Builder url = page(builder.authorizeUrl, builder.language)
            .addQueryParameter("response_type", "code")
            .addQueryParameter("client_id", builder.clientId)
            .addQueryParameter("redirect_uri", builder.redirectUri);
    if (!builder.scopes.isEmpty()) url.addQueryParameter("scope", String.join(" ", builder.scopes));
    url.addQueryParameter("state", state);
    if (builder.theme != null) url.addQueryParameter("preferTheme", builder.theme.value());
    this.url = url.build();
  }

  /** {@code authorizeUrl}, or with a language its page in that language: the language leads the path. */
  private static HttpUrl.Builder page(HttpUrl authorizeUrl, AuthorizationLanguage language) {
    HttpUrl.Builder page = authorizeUrl.newBuilder();
    if (language != null) {
      page.encodedPath("/").addPathSegment(language.value());
      for (String segment : authorizeUrl.pathSegments()) {
        if (!segment.isEmpty()) page.addPathSegment(segment);
      }
    }
    return page;
  }

  /**
   * @param redirectUri must match a redirect URI registered for the client; send the same value to
   *     {@link OAuthSession#completeAuthorization}.
   */
  public static Builder builder(String clientId, String redirectUri) {
    return new Builder(clientId, redirectUri);
  }

  /** Where to send the user's browser. */
  public URI url() {
    return url.uri();
  }

  /** The value the callback must carry; keep it in the user's session until then. */
  public String state() {
    return state;
  }

  public String redirectUri() {
    return redirectUri;
  }

  /** As {@link #authorizationCode(String, String)} with this request's state. */
  public String authorizationCode(String callbackUrl) {
    return authorizationCode(callbackUrl, state);
  }

  /**
   * Checks the callback and returns its authorization code.
   *
   * @param callbackUrl the whole URL the user's browser came back to, query included.
   * @throws StateMismatchException if {@code state} is missing or differs from {@code
   *     expectedState} (checked first, so a forged error cannot get past it).
   * @throws OAuthException if the callback reports an error ({@code access_denied}, ...) or has
   *     no code.
   */
  public static String authorizationCode(String callbackUrl, String expectedState) {
    Objects.requireNonNull(callbackUrl, "callbackUrl == null");
    HttpUrl callback = HttpUrl.parse(callbackUrl);
    if (callback == null) {
      throw new IllegalArgumentException("callbackUrl must be an http or https URL (was " + callbackUrl + ")");
    }
    Secrets.requireNonBlank(expectedState, "expectedState");
    List<String> states = callback.queryParameterValues("state");
    if (states.size() != 1 || states.get(0) == null) {
      throw new StateMismatchException("the callback has no single state parameter");
    }
    boolean same =
        MessageDigest.isEqual(
            states.get(0).getBytes(StandardCharsets.UTF_8),
            expectedState.getBytes(StandardCharsets.UTF_8));
    if (!same) throw new StateMismatchException("the callback's state is not the one sent");
    String error = callback.queryParameter("error");
    if (error != null) {
      String description = callback.queryParameter("error_description");
      throw new OAuthException(
          OAuthException.AUTHORIZE_OPERATION,
          OAuthException.NO_STATUS,
          error,
          description,
          "authorization failed: " + error + (description == null ? "" : " (" + description + ")"),
          null);
    }
    String code = callback.queryParameter("code");
    if (code == null || code.isEmpty()) {
      throw new OAuthException(
          OAuthException.AUTHORIZE_OPERATION,
          OAuthException.NO_STATUS,
          null,
          null,
          "the callback carries no authorization code",
          null);
    }
    return code;
  }

  private static String randomState() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  @Override
  public String toString() {
    // The state is a CSRF token; keep it out of logs.
    return "AuthorizationRequest{url="
        + url.newBuilder().setQueryParameter("state", Secrets.REDACTED).build()
        + "}";
  }

  /** Configures an {@link AuthorizationRequest}; every setter returns this builder. */
  public static final class Builder {
    private final String clientId;
    private final String redirectUri;
    private HttpUrl authorizeUrl = HttpUrl.get(DEFAULT_AUTHORIZE_URL);
    private final List<String> scopes = new ArrayList<>();
    private String state;
    private AuthorizationLanguage language;
    private AuthorizationTheme theme;

    Builder(String clientId, String redirectUri) {
      this.clientId = Secrets.requireNonBlank(clientId, "clientId");
      this.redirectUri = Secrets.requireNonBlank(redirectUri, "redirectUri");
    }

    /** Another authorize page, e.g. a sandbox's ({@code KrakenClient.authorizationRequest} sets its environment's). */
    public Builder authorizeUrl(URI authorizeUrl) {
      Objects.requireNonNull(authorizeUrl, "authorizeUrl == null");
      HttpUrl parsed = HttpUrl.get(authorizeUrl);
      if (parsed == null) {
        throw new IllegalArgumentException("authorizeUrl must be an http or https URL (was " + authorizeUrl + ")");
      }
      this.authorizeUrl = parsed;
      return this;
    }

    /** Scopes to ask for, sent space-separated, e.g. {@code account.info:basic}. */
    public Builder scopes(String... scopes) {
      for (String scope : Arrays.asList(scopes)) {
        Secrets.requireNonBlank(scope, "scope");
        if (scope.contains(" ")) throw new IllegalArgumentException("a scope contains a space");
        this.scopes.add(scope);
      }
      return this;
    }

    /** A state of your own (e.g. one tied to the session); by default a random one. */
    public Builder state(String state) {
      this.state = Secrets.requireNonBlank(state, "state");
      return this;
    }

    /**
     * Shows the page in {@code language}: {@code https://id.kraken.com/de/oauth/authorize} (the
     * language is put before the path of {@link #authorizeUrl}, whichever it is). By default the
     * page has no language segment and the service chooses.
     *
     * @throws IllegalArgumentException if the value is not a language tag such as {@code de} or
     *     {@code en-us} (lower case), so that it cannot change the path.
     */
    public Builder language(AuthorizationLanguage language) {
      Objects.requireNonNull(language, "language == null");
      if (!LANGUAGE.matcher(language.value()).matches()) {
        throw new IllegalArgumentException(
            "language must be a lower-case language tag such as de or en-us, not " + language.value());
      }
      this.language = language;
      return this;
    }

    /** The page's colour theme ({@code preferTheme}); by default the service chooses. */
    public Builder preferTheme(AuthorizationTheme theme) {
      this.theme = Objects.requireNonNull(theme, "theme == null");
      return this;
    }

    /** Builds the configured {@link AuthorizationRequest}. */
    public AuthorizationRequest build() {
      return new AuthorizationRequest(this);
    }
  }
}
