package io.github.krakensdk.runtime.internal.transport;

import io.github.krakensdk.runtime.internal.OutcomeUnknownException;
import io.github.krakensdk.runtime.transport.TransportFailures;
import java.util.List;
import java.util.Objects;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;

/**
 * The one place where the SDK sets up an {@link OkHttpClient} for its requests, signed or not:
 * {@code KrakenClient} configures its client here, and so should a caller who installs the
 * signing interceptors of {@code io.github.krakensdk.auth} on a client of their own.
 *
 * <p>OkHttp by default re-sends a request when a connection fails (a pooled connection the server
 * had closed, a route that failed), even a POST that the server may already have executed. For
 * Kraken that could place an order twice. A client configured here:
 *
 * <ul>
 *   <li>sends a request that is safe to repeat (GET, HEAD) once more when its connection failed,
 *       so that a stale pooled connection costs it nothing; the second attempt goes through the
 *       network interceptors again, so a signed one is signed again;
 *   <li>has {@code retryOnConnectionFailure(false)}, which would also repeat a POST, and follow up
 *       a 408 or a 503 with {@code Retry-After: 0} for any method;
 *   <li>reports a POST, PUT, PATCH or DELETE whose connection failed after it may have reached
 *       the server as an {@code IOException} that says the outcome is unknown, and never puts a
 *       second attempt of that call on the wire.
 * </ul>
 *
 * The SDK's calls report such a failure as a {@code KrakenTransportException} whose {@code
 * outcomeUnknown()} is true ({@link TransportFailures}); a caller of a plain client catches the
 * {@code IOException}, whose cause is the {@code KrakenException} when an interceptor of the SDK
 * refused the request before sending it.
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
   * harmless. The retry goes first among the application interceptors, so that a second attempt
   * runs everything after it again; the guard goes first among the network interceptors, so that
   * it sees failures from every attempt.
   */
  public static OkHttpClient.Builder configure(OkHttpClient.Builder builder) {
    Objects.requireNonNull(builder, "builder == null");
    builder.retryOnConnectionFailure(false);
    List<Interceptor> application = builder.interceptors();
    if (!application.contains(SafeRequestRetry.INSTANCE)) application.add(0, SafeRequestRetry.INSTANCE);
    List<Interceptor> network = builder.networkInterceptors();
    if (!network.contains(OutcomeUnknownGuard.INSTANCE)) network.add(0, OutcomeUnknownGuard.INSTANCE);
    return builder;
  }
}
