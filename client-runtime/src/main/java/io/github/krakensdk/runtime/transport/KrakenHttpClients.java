package io.github.krakensdk.runtime.transport;

import java.util.List;
import java.util.Objects;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;

/**
 * The one place where the SDK sets up an {@link OkHttpClient} for its requests, signed or not:
 * {@code KrakenClient} configures its client here, and so should a caller who installs the
 * signing interceptors of {@code io.github.krakensdk.auth} on a client of their own.
 *
 * <p>OkHttp by default re-sends a request when a connection fails, even a POST that the server
 * may already have executed. For Kraken that could place an order twice, and the re-sent request
 * would also carry a stale nonce. A client configured here:
 *
 * <ul>
 *   <li>has {@code retryOnConnectionFailure(false)};
 *   <li>reports a POST, PUT, PATCH or DELETE whose connection failed after it may have reached
 *       the server as {@link OutcomeUnknownException}, and never puts a second attempt of that
 *       call on the wire.
 * </ul>
 *
 * The SDK's calls report an {@link OutcomeUnknownException} as a {@code KrakenTransportException}
 * whose {@code outcomeUnknown()} is true ({@link TransportFailures}); a caller of a plain client
 * catches the {@code IOException}.
 *
 * <pre>{@code
 * OkHttpClient client = KrakenHttpClients.configure(callersClient.newBuilder())
 *     .addNetworkInterceptor(SpotSigningInterceptor.builder(credentials).build())
 *     .build();
 * }</pre>
 */
public final class KrakenHttpClients {
  private KrakenHttpClients() {}

  /** A new builder, configured as described above. */
  public static OkHttpClient.Builder newBuilder() {
    return configure(new OkHttpClient.Builder());
  }

  /**
   * Configures {@code builder} in place and returns it. Calling it twice on the same builder is
   * harmless. The guard goes first among the network interceptors so that it sees failures from
   * every attempt.
   */
  public static OkHttpClient.Builder configure(OkHttpClient.Builder builder) {
    Objects.requireNonNull(builder, "builder == null");
    builder.retryOnConnectionFailure(false);
    List<Interceptor> network = builder.networkInterceptors();
    if (!network.contains(OutcomeUnknownGuard.INSTANCE)) network.add(0, OutcomeUnknownGuard.INSTANCE);
    return builder;
  }
}
