package io.github.krakensdk.runtime.internal;

import io.github.krakensdk.errors.KrakenException;
import java.time.Duration;

/**
 * A limit the service counts for a key, which a call may have to wait for before it is sent: the
 * Spot REST call counter ({@link RatePacer}), the trading engine's per-pair counter. {@link Calls}
 * asks every pacing of its family before each attempt, <em>before</em> the attempt takes its key's
 * turn, so a call that one counter holds back never holds back a call that counter does not count.
 *
 * <p>Implementations are thread-safe, never block and never throw for a request they do not know.
 */
public interface Pacing {
  /**
   * Whether this pacing counts {@code operation} at all; the others never reach it, so that calls
   * it does not pace pay nothing for it. Constant for an operation.
   */
  boolean paces(Operation operation);

  /**
   * Counts one attempt of {@code operation} made from {@code request} (the generated {@code
   * <OperationId>Request}; null for a raw call or an operation without parameters) and returns how
   * long it must wait before it is sent: {@link Duration#ZERO} to send at once. When the wait
   * would be longer than {@code maxWait}, counts nothing and returns null: the call fails unsent.
   */
  Duration reserve(Operation operation, Object request, Duration maxWait);

  /** Learns from an attempt that failed, for example that the service's counter is full. */
  default void onFailure(Operation operation, Object request, KrakenException failure) {}

  /** Learns the unwrapped result of a call that succeeded (such as the ids of orders just placed). */
  default void onResult(Operation operation, Object request, Object result) {}
}
