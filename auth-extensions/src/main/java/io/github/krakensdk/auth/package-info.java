/**
 * Credentials and request signing for Kraken's Spot (Funding (Beta) included), Futures and Embed APIs, and the wire log with
 * credentials hidden ({@link io.github.krakensdk.auth.RedactingLogging}).
 *
 * <p>{@code KrakenClient} signs every call that needs credentials ({@link
 * io.github.krakensdk.auth.ApiCredentials}), with a fresh nonce for every attempt; the signing
 * interceptors doing it are plumbing, in {@code internal}. The signers ({@link
 * io.github.krakensdk.auth.SpotSigner}, {@link io.github.krakensdk.auth.FuturesSigner}) compute
 * the header values from strings and bytes, for a request sent by other means. A request that
 * cannot be signed fails with {@link io.github.krakensdk.errors.RequestSigningException}, an
 * unchecked {@code KrakenClientException}.
 *
 * <pre>{@code
 * KrakenClient kraken = KrakenClient.builder()
 *     .spotCredentials(new ApiCredentials(apiKey, apiSecret))
 *     .logging(RedactingLogging.builder(System.err::println).level(RedactingLogging.Level.HEADERS).build())
 *     .build();
 * }</pre>
 *
 * <p>Nullability: every parameter and return value is non-null unless its Javadoc says it may be
 * {@code null}.
 */
package io.github.krakensdk.auth;
