/**
 * OAuth for Kraken Connect: the authorize URL and its {@code state} check, the token endpoint
 * ({@code authorization_code} and {@code refresh_token} grants), confidential clients' encrypted
 * secrets, token storage, and a bearer interceptor plus authenticator that refresh tokens once
 * for any number of concurrent callers.
 *
 * <pre>{@code
 * ClientCredentials client = ClientCredentials.publicClient("my-client-id");
 * AuthorizationRequest authorization = AuthorizationRequest.builder(client.clientId(), redirectUri)
 *     .scopes("account.info:basic")
 *     .build();
 * // send the user to authorization.url(); keep authorization.state() in their session
 *
 * OAuthTokenClient tokens = OAuthTokenClient.builder(client).build();
 * BearerTokenAuth auth = BearerTokenAuth.builder(tokens, new InMemoryTokenStore()).build();
 * auth.completeAuthorization(authorization.authorizationCode(callbackUrl), redirectUri);
 * OkHttpClient api = auth.install(KrakenHttpClients.newBuilder()).build();
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
