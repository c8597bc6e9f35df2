package io.github.krakensdk.runtime.call;

import java.util.Objects;

/**
 * Sees every call the client makes: each attempt as it ends ({@link #attemptEnd}), with the time
 * it waited for the key's counters (paced), for the key's earlier requests (queued) and on the
 * wire, and why it was sent (first, retry, re-sent after a nonce or rate-limit refusal); then the
 * call as a whole ({@link #callEnd}), with its result or failure. Bind it to a metrics library to
 * watch latency, pacing and re-sends in production:
 *
 * <pre>{@code
 * KrakenClient kraken = KrakenClient.builder()
 *     .callListener(new CallListener() {
 *       @Override public void callEnd(CallOutcome call) {
 *         log.info("{} in {} after {} attempt(s), {} paced", call.operationId(), call.duration(),
 *             call.attempts(), call.paced());
 *       }
 *     })
 *     .build();
 * }</pre>
 *
 * <p>Events of one call come in order: one {@code attemptEnd} per attempt, then one {@code
 * callEnd}; an attempt that could not be sent in time ({@code maxQueueWait}) ends too, with its
 * failure and no time on the wire. An asynchronous call whose future the caller cancelled may end
 * without them. Events of different calls interleave, on whatever thread ends
 * the attempt (the caller's, an OkHttp thread, a timer's). So a listener must be thread-safe, quick
 * and must not block, must not call the client, and must not throw: an exception it throws is
 * logged and dropped, never the call's failure. Every method does nothing unless overridden, so
 * new events can be added without breaking a listener.
 *
 * <p><b>One listener for the whole SDK.</b> The WebSocket client takes the same listener: its
 * method calls ({@code add_order}, {@code cancel_order}, ...) end with {@code attemptEnd} and {@code
 * callEnd} as REST calls do (operation id: the method's name on the wire; one attempt, never
 * re-sent), and its connections' lives (opened, closed, reconnect scheduled, budget wait, ended)
 * arrive at {@link #connectionEvent}. One listener, because a call's latency and the connection it
 * went over are read together: an order that timed out next to a reconnect is one story, and a
 * metrics binding is written once.
 */
public abstract class CallListener {
  /** The listener that does nothing, the default. */
  public static final CallListener NONE = new CallListener() {
    @Override
    public String toString() {
      return "CallListener.NONE";
    }
  };

  /** An attempt of a call ended: answered, failed, or given up before it was sent. */
  public void attemptEnd(CallAttempt attempt) {}

  /** A call ended, after its last attempt: with its result or with the failure it throws. */
  public void callEnd(CallOutcome call) {}

  /**
   * A long-lived connection (a WebSocket endpoint's) opened, closed, scheduled a reconnect, waited
   * for its connection budget, or ended. Events of one connection come in order.
   */
  public void connectionEvent(ConnectionEvent event) {}

  /** A listener that passes every event to this one, then to {@code other}. */
  public final CallListener plus(CallListener other) {
    Objects.requireNonNull(other, "other == null");
    CallListener first = this;
    return new CallListener() {
      @Override
      public void attemptEnd(CallAttempt attempt) {
        first.attemptEnd(attempt);
        other.attemptEnd(attempt);
      }

      @Override
      public void callEnd(CallOutcome call) {
        first.callEnd(call);
        other.callEnd(call);
      }

      @Override
      public void connectionEvent(ConnectionEvent event) {
        first.connectionEvent(event);
        other.connectionEvent(event);
      }

      @Override
      public String toString() {
        return first + " + " + other;
      }
    };
  }
}
