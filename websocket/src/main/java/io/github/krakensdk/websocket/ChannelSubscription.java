package io.github.krakensdk.websocket;

import static java.util.Objects.requireNonNull;

import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A live channel subscription, from a subscribe method of {@link SpotWebSocket} or {@link
 * UnifiedWebSocket}: sent again from its original request after every reconnect, until {@link
 * #close()}.
 *
 * <pre>{@code
 * try (ChannelSubscription executions = ws.spot().executions(params -> params.snapTrades(true),
 *     message -> onFills(message.data())).join()) {
 *   ...
 * } // unsubscribed
 * }</pre>
 */
public final class ChannelSubscription implements AutoCloseable {
  private final WebSocketEndpoint endpoint;
  private final String channel;
  private final Supplier<CompletableFuture<Void>> unsubscribe;
  private final LongSupplier coalesced;

  ChannelSubscription(WebSocketEndpoint endpoint, String channel, Supplier<CompletableFuture<Void>> unsubscribe,
      LongSupplier coalesced) {
    this.endpoint = requireNonNull(endpoint, "endpoint == null");
    this.channel = requireNonNull(channel, "channel == null");
    this.unsubscribe = requireNonNull(unsubscribe, "unsubscribe == null");
    this.coalesced = requireNonNull(coalesced, "coalesced == null");
  }

  /** The endpoint whose connection carries the subscription. */
  public WebSocketEndpoint endpoint() {
    return endpoint;
  }

  /** The channel, such as {@code ticker}. */
  public String channel() {
    return channel;
  }

  /** Messages merged into a queued one because the listener was behind ({@link Backpressure#COALESCE}). */
  public long coalesced() {
    return coalesced.getAsLong();
  }

  /**
   * Stops the subscription: it is no longer sent on reconnect, and the service is sent the
   * matching {@code unsubscribe}; the future completes once each pair's unsubscribe is
   * acknowledged. A second call does nothing.
   */
  public CompletableFuture<Void> unsubscribe() {
    return unsubscribe.get();
  }

  /** {@link #unsubscribe()} without waiting for the acknowledgements. */
  @Override public void close() {
    unsubscribe();
  }

  @Override public String toString() {
    return "ChannelSubscription{" + channel + " on " + endpoint + "}";
  }
}
