package io.github.krakensdk.websocket.internal;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.websocket.ReconnectPolicy;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;

/**
 * The reconnect state machine of one connection, applying a {@link ReconnectPolicy}: it decides
 * whether a close is retried and after how long, and gates every attempt through the connection
 * budget. It does no I/O and reads time and randomness only from what it is given, so tests drive
 * it with a fake clock and a seeded generator.
 *
 * <pre>{@code
 * Duration wait = reconnector.tryAttempt();     // before opening a socket
 * if (!wait.isZero()) { schedule(wait); return; } // the budget says not yet
 * open();
 * ... onOpen: reconnector.connected();
 * ... onClosed(code): decision = reconnector.closed(code); if (decision.retry()) schedule(decision.delay());
 * }</pre>
 */
public final class Reconnector {
  /** The close code after which Kraken would refuse the same connection again. */
  public static final int POLICY_VIOLATION = 1008;

  private final ReconnectPolicy policy;
  private final LongSupplier nanoTime;
  private final RandomGenerator random;
  private final ConnectionBudget budget;
  private int failures;
  private long connectedAt;
  private boolean connected;

  public Reconnector(ReconnectPolicy policy, LongSupplier nanoTime, RandomGenerator random) {
    this(policy, nanoTime, random, new ConnectionBudget(policy.maxAttempts(), policy.window().toNanos()));
  }

  /** A reconnector whose attempts count in {@code budget}, shared with the client's other connections. */
  public Reconnector(ReconnectPolicy policy, LongSupplier nanoTime, RandomGenerator random, ConnectionBudget budget) {
    this.policy = requireNonNull(policy, "policy == null");
    this.nanoTime = requireNonNull(nanoTime, "nanoTime == null");
    this.random = requireNonNull(random, "random == null");
    this.budget = requireNonNull(budget, "budget == null");
  }

  /**
   * Asks to open a connection now. Returns {@link Duration#ZERO} and counts the attempt when the
   * budget allows it; otherwise returns how long to wait before asking again, counting nothing.
   */
  public Duration tryAttempt() {
    return Duration.ofNanos(budget.tryRecord(nanoTime.getAsLong()));
  }

  /** The connection opened (the upgrade succeeded). */
  public void connected() {
    connected = true;
    connectedAt = nanoTime.getAsLong();
  }

  /** The server or the network closed the connection with {@code code}. */
  public ReconnectDecision closed(int code) {
    if (code == POLICY_VIOLATION) {
      connected = false;
      return ReconnectDecision.terminal("closed with " + code + " (policy violation)");
    }
    return retry("closed with " + code);
  }

  /**
   * Opening or using the connection failed: {@code httpStatus} is the refused upgrade's status,
   * or empty for a network failure.
   */
  public ReconnectDecision failed(OptionalLong httpStatus) {
    requireNonNull(httpStatus, "httpStatus == null");
    if (httpStatus.isPresent()) {
      long status = httpStatus.getAsLong();
      if (status == 401 || status == 403) {
        connected = false;
        return ReconnectDecision.terminal("upgrade refused with HTTP " + status);
      }
      return retry("upgrade refused with HTTP " + status);
    }
    return retry("network failure");
  }

  /** Failed attempts since the last stable connection. */
  public int failures() {
    return failures;
  }

  /** Attempts counted in the budget's current window. */
  public int attemptsInWindow() {
    return budget.used(nanoTime.getAsLong());
  }

  private ReconnectDecision retry(String reason) {
    long now = nanoTime.getAsLong();
    if (connected && now - connectedAt >= policy.stableAfter().toNanos()) failures = 0;
    connected = false;
    long backoff = backoffNanos(failures);
    if (failures < Integer.MAX_VALUE) failures++;
    long allowedAt = budget.allowedAt(now + backoff);
    return ReconnectDecision.retryAfter(Duration.ofNanos(allowedAt - now), reason);
  }

  /** Full jitter: uniform in [0, min(max, initial * 2^n)]. */
  private long backoffNanos(int n) {
    long initial = policy.initialBackoff().toNanos();
    long max = policy.maxBackoff().toNanos();
    long ceiling = n >= 62 || initial > (max >> Math.min(n, 62)) ? max : Math.min(max, initial << n);
    return random.nextLong(ceiling + 1);
  }
}
