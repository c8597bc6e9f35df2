package io.github.krakensdk.auth.oauth;

/**
 * A user's OAuth tokens as the client keeps them: stored in the {@link TokenStore}, refreshed
 * before they expire, and sent as a bearer token by the operations that need one. Get it from
 * {@code KrakenClient.oauthTokens()}.
 *
 * <pre>{@code
 * // In the callback of the browser step (AuthorizationRequest):
 * String code = authorization.authorizationCode(callbackUrl);
 * kraken.oauthTokens().completeAuthorization(code, redirectUri);
 * UserInfo me = kraken.oauth().getUserInfo();
 * }</pre>
 *
 * Instances are thread-safe. Failures are unchecked {@code KrakenException}s: {@link
 * io.github.krakensdk.errors.ReauthorizationRequiredException} when the refresh token was refused (send the user through the
 * browser step again), an {@link io.github.krakensdk.errors.OAuthException} of the token endpoint, a {@code
 * KrakenTransportException}, or a {@code KrakenClientException} when the token store fails.
 */
public interface OAuthSession {
  /**
   * Exchanges the authorization code of the browser step for tokens, and saves them to the token
   * store; calls that failed with {@link io.github.krakensdk.errors.ReauthorizationRequiredException} work again.
   *
   * @param redirectUri the redirect URI of the browser step, as sent there.
   * @return the tokens stored.
   */
  OAuthTokens completeAuthorization(String code, String redirectUri);

  /**
   * The current access token, refreshed first (and the new tokens saved) if it is about to expire.
   * The operations of {@code KrakenClient.oauth()} send it themselves; this is for a call made by
   * other means.
   */
  String accessToken();
}
