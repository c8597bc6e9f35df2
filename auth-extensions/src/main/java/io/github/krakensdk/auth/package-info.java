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
 * {@link io.github.krakensdk.auth.RequestSigningException}, an unchecked {@code
 * KrakenClientException} that leaves OkHttp inside a {@code KrakenFailureIOException}.
 *
 * <pre>{@code
 * ApiCredentials credentials = new ApiCredentials(apiKey, apiSecret);
 * OkHttpClient spot = KrakenHttpClients.newBuilder()
 *     .addNetworkInterceptor(SpotSigningInterceptor.builder(credentials).build())
 *     .build();
 * }</pre>
 *
 * <p>Nullability: every parameter and return value is non-null unless its Javadoc says it may be
 * {@code null}.
 */
package io.github.krakensdk.auth;
