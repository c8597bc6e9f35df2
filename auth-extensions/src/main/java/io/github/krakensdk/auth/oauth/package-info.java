/**
 * OAuth for Kraken Connect: the authorize URL and its {@code state} check, confidential
 * clients' encrypted secrets, token storage, and the user's session ({@link
 * io.github.krakensdk.auth.oauth.OAuthSession}), whose tokens the client refreshes once for any
 * number of concurrent callers.
 *
 * <pre>{@code
 * KrakenClient kraken = KrakenClient.builder()
 *     .oauth(ClientCredentials.publicClient("my-client-id"), new InMemoryTokenStore())
 *     .build();
 * AuthorizationRequest authorization = kraken.authorizationRequest(redirectUri)
 *     .scopes("account.info:basic")
 *     .build();
 * // send the user to authorization.url(); keep authorization.state() in their session
 *
 * kraken.oauthTokens().completeAuthorization(authorization.authorizationCode(callbackUrl), redirectUri);
 * }</pre>
 *
 * <p>Every failure is an unchecked {@code io.github.krakensdk.errors.KrakenException}: the
 * service's refusals are {@link io.github.krakensdk.errors.OAuthException}s, a lost grant is a
 * {@link io.github.krakensdk.errors.ReauthorizationRequiredException} (an {@code
 * AuthenticationException}), a forged or stale callback a {@link
 * io.github.krakensdk.errors.StateMismatchException} (a {@code KrakenClientException}).
 *
 * <p>Nullability: every parameter and return value is non-null unless its Javadoc says it may be
 * {@code null}.
 */
package io.github.krakensdk.auth.oauth;
