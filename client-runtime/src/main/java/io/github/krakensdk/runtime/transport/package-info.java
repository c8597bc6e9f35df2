/**
 * The transport policy every request of the SDK follows, and how a transport failure reaches the
 * caller. {@link io.github.krakensdk.runtime.transport.KrakenHttpClients} configures an OkHttp
 * client that never re-sends a state-changing request on its own and reports one whose outcome is
 * unknown; {@link
 * io.github.krakensdk.runtime.transport.TransportFailures} turns the {@code IOException} of a call
 * into the {@code KrakenException} its caller sees.
 *
 * <pre>{@code
 * OkHttpClient client = KrakenHttpClients.newBuilder()
 *     .addNetworkInterceptor(SpotSigningInterceptor.builder(credentials).build())
 *     .build();
 * }</pre>
 *
 * <p>Nullability: every parameter and return value is non-null unless its Javadoc says it may be
 * {@code null}.
 */
package io.github.krakensdk.runtime.transport;
