/**
 * Request signing for Kraken's Spot, Futures and Embed APIs, and the SDK's rules for the OkHttp
 * client that sends signed requests.
 *
 * <p>The signers ({@link io.github.krakensdk.auth.SpotSigner}, {@link
 * io.github.krakensdk.auth.FuturesSigner}) compute header values from strings and bytes. The
 * interceptors ({@link io.github.krakensdk.auth.SpotSigningInterceptor}, {@link
 * io.github.krakensdk.auth.FuturesSigningInterceptor}, {@link
 * io.github.krakensdk.auth.EmbedSigningInterceptor}) sign the exact bytes OkHttp puts on the wire
 * and must be installed as <em>network</em> interceptors, so that every attempt, including
 * redirects and authentication retries, carries a fresh nonce. {@link
 * io.github.krakensdk.runtime.transport.KrakenHttpClients} (client-runtime) configures a client so
 * that it never re-sends a signed write on its own. A request that cannot be signed fails with
 * {@link io.github.krakensdk.errors.RequestSigningException}, an unchecked {@code
 * KrakenClientException} that leaves OkHttp as the cause of an {@code IOException}.
 *
 * <p>An interceptor signs only the requests of operations that need credentials: those of a
 * generated Retrofit method whose {@code @Security} names a scheme (as the contract declares it),
 * or a hand-built request tagged {@link io.github.krakensdk.runtime.retrofit.RequestSecurity}.
 * Every other request passes unsigned; nothing is inferred from the URL.
 *
 * <pre>{@code
 * ApiCredentials credentials = new ApiCredentials(apiKey, apiSecret);
 * OkHttpClient spot = KrakenHttpClients.newBuilder()
 *     .addNetworkInterceptor(SpotSigningInterceptor.builder(credentials).build())
 *     .build();
 * Request balance = new Request.Builder().url("https://api.kraken.com/0/private/Balance")
 *     .post(RequestBody.create(new byte[0], null))
 *     .tag(RequestSecurity.class, RequestSecurity.AUTHENTICATED)
 *     .build();
 * }</pre>
 *
 * Keeping a key's signed requests in nonce order is the runtime's part ({@code
 * io.github.krakensdk.runtime.internal.KeyTurns}, used by {@code KrakenClient}): a caller sending
 * signed requests concurrently on its own client sends them one at a time per key.
 *
 * <p>Nullability: every parameter and return value is non-null unless its Javadoc says it may be
 * {@code null}.
 */
package io.github.krakensdk.auth;
