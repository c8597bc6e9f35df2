package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * Kraken's application-level liveness check as a state machine driven by time: a {@code ping}
 * every interval, and a connection declared dead when its {@code pong} does not come within the
 * timeout. (OkHttp answers WebSocket protocol pings itself; Kraken's check is the JSON
 * {@code {"method":"ping"}} and its {@code {"method":"pong"}} reply, matched on {@code req_id}.)
 *
 * <p>The owner calls {@link #poll(long)} at {@link #nextDeadline()} and acts on the answer; times
 * are monotonic nanoseconds. One ping is outstanding at a time; a pong with another
 * {@code req_id} (a late reply to an older ping) is ignored.
 */
public final class LivenessMonitor {
  /** What the owner must do now. */
  public enum Action {
    /** Nothing until {@link #nextDeadline()}. */
    NONE,
    /** Send a ping and report it with {@link #pingSent(long, long)}. */
    SEND_PING,
    /** No pong within the timeout: close the connection and reconnect. */
    DEAD
  }

  private final long intervalNanos;
  private final long timeoutNanos;
  private boolean open;
  private boolean dead;
  private boolean awaitingPong;
  private long pingReqId;
  private long pingSentAt;
  private long nextPingAt;

  public LivenessMonitor(Duration pingInterval, Duration pongTimeout) {
    requireNonNull(pingInterval, "pingInterval == null");
    requireNonNull(pongTimeout, "pongTimeout == null");
    if (pingInterval.isNegative() || pingInterval.isZero()) {
      throw new IllegalArgumentException("pingInterval must be more than zero: " + pingInterval);
    }
    if (pongTimeout.isNegative() || pongTimeout.isZero()) {
      throw new IllegalArgumentException("pongTimeout must be more than zero: " + pongTimeout);
    }
    this.intervalNanos = pingInterval.toNanos();
    this.timeoutNanos = pongTimeout.toNanos();
  }

  /** A connection opened at {@code now}: the first ping is due one interval later. */
  public void opened(long now) {
    open = true;
    dead = false;
    awaitingPong = false;
    nextPingAt = now + intervalNanos;
  }

  /** The connection closed: nothing more is due until {@link #opened}. */
  public void closed() {
    open = false;
    awaitingPong = false;
  }

  /** What is due at {@code now}. */
  public Action poll(long now) {
    if (!open) return Action.NONE;
    if (dead) return Action.DEAD;
    if (awaitingPong) {
      if (now - pingSentAt >= timeoutNanos) {
        dead = true;
        return Action.DEAD;
      }
      return Action.NONE;
    }
    return now - nextPingAt >= 0 ? Action.SEND_PING : Action.NONE;
  }

  /** A ping with {@code reqId} was sent at {@code now}. */
  public void pingSent(long reqId, long now) {
    if (!open) throw new IllegalStateException("no connection is open");
    awaitingPong = true;
    pingReqId = reqId;
    pingSentAt = now;
  }

  /** A pong with {@code reqId} arrived at {@code now}; the next ping is due one interval after the last. */
  public void pongReceived(long reqId, long now) {
    if (!open || !awaitingPong || reqId != pingReqId || dead) return;
    awaitingPong = false;
    nextPingAt = pingSentAt + intervalNanos;
    if (nextPingAt - now < 0) nextPingAt = now;
  }

  /** When {@link #poll} should next be called, or {@link Long#MAX_VALUE} when nothing is due. */
  public long nextDeadline() {
    if (!open || dead) return Long.MAX_VALUE;
    return awaitingPong ? pingSentAt + timeoutNanos : nextPingAt;
  }

  /** Whether the connection was declared dead. */
  public boolean isDead() {
    return dead;
  }
}
