package io.github.krakensdk.examples.micrometer;

import io.github.krakensdk.runtime.call.CallAttempt;
import io.github.krakensdk.runtime.call.CallListener;
import io.github.krakensdk.runtime.call.CallOutcome;
import io.github.krakensdk.runtime.call.ConnectionEvent;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Locale;
import java.util.Objects;

/**
 * The SDK's calls as Micrometer meters, tagged by {@code operation}:
 *
 * <ul>
 *   <li>{@code kraken.call} (timer): each call from start to end, retries included, tagged {@code
 *       outcome} ({@code success}, or the failure's simple class name);
 *   <li>{@code kraken.attempt} (timer): each attempt's time on the wire, tagged {@code reason}
 *       ({@code first}, {@code retry}, {@code nonce_resend}, {@code rate_limit_resend}) and {@code
 *       outcome};
 *   <li>{@code kraken.paced} and {@code kraken.queued} (timers): how long attempts waited for the
 *       key's counters and for the key's earlier requests, recorded when they waited at all;
 *   <li>{@code kraken.connection} (counter): the WebSocket client's connection events, tagged {@code
 *       endpoint} and {@code kind} ({@code connected}, {@code disconnected}, {@code
 *       reconnect_scheduled}, {@code budget_wait}, {@code terminated}): a reconnect storm shows as a
 *       climbing {@code disconnected}.
 * </ul>
 *
 * <pre>{@code
 * KrakenClient kraken = KrakenClient.builder()
 *     .spotCredentials(credentials)
 *     .callListener(new MicrometerCallListener(registry))
 *     .build();
 * KrakenWebSocketClient ws = KrakenWebSocketClient.builder()
 *     .callListener(new MicrometerCallListener(registry)) // the same listener: WebSocket calls too
 *     .build();
 * }</pre>
 *
 * Meters are looked up on each event (Micrometer caches them), which keeps the listener quick and
 * free of state of its own, as a {@link CallListener} must be.
 */
public final class MicrometerCallListener extends CallListener {
  private final MeterRegistry registry;

  public MicrometerCallListener(MeterRegistry registry) {
    this.registry = Objects.requireNonNull(registry, "registry == null");
  }

  @Override
  public void attemptEnd(CallAttempt attempt) {
    Timer.builder("kraken.attempt")
        .description("One attempt of a Kraken call, on the wire")
        .tag("operation", attempt.operationId())
        .tag("reason", attempt.reason().name().toLowerCase(Locale.ROOT))
        .tag("outcome", attempt.succeeded() ? "success" : attempt.failure().getClass().getSimpleName())
        .register(registry)
        .record(attempt.onTheWire());
    if (!attempt.paced().isZero()) {
      registry.timer("kraken.paced", "operation", attempt.operationId()).record(attempt.paced());
    }
    if (!attempt.queued().isZero()) {
      registry.timer("kraken.queued", "operation", attempt.operationId()).record(attempt.queued());
    }
  }

  @Override
  public void callEnd(CallOutcome call) {
    Timer.builder("kraken.call")
        .description("A Kraken call, from start to end, retries and re-sends included")
        .tag("operation", call.operationId())
        .tag("outcome", call.succeeded() ? "success" : call.failure().getClass().getSimpleName())
        .register(registry)
        .record(call.duration());
  }

  @Override
  public void connectionEvent(ConnectionEvent event) {
    registry.counter("kraken.connection",
        "endpoint", event.endpoint(),
        "kind", event.kind().name().toLowerCase(Locale.ROOT)).increment();
  }
}
