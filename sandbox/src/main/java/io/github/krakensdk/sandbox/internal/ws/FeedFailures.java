package io.github.krakensdk.sandbox.internal.ws;

import static java.util.Objects.requireNonNull;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What one connection's feeds throw while the pump polls them, logged at {@link Level#WARNING} on
 * {@link #LOGGER} with the connection's id, its endpoint and the feed, instead of swallowed (a
 * broken feed would look like a quiet market). The feed that threw goes on being polled, as do
 * the connection's other feeds and every other connection. A feed that fails on every poll (20 a
 * second) is logged at its 1st, 10th, 100th, ... failure, each line with the count.
 *
 * <pre>{@code
 * FeedFailures failures = new FeedFailures(id, "/v2");
 * failures.guard("book BTC/USD", () -> feed.poll(now).forEach(this::send));
 * }</pre>
 */
public final class FeedFailures {
  /** The sandbox WebSocket server's logger (java.util.logging). */
  public static final Logger LOGGER = Logger.getLogger("io.github.krakensdk.sandbox.websocket");

  private final long connection;
  private final String endpoint;
  private long failures;

  public FeedFailures(long connection, String endpoint) {
    this.connection = connection;
    this.endpoint = requireNonNull(endpoint, "endpoint == null");
  }

  /** Runs {@code poll}; a {@link RuntimeException} it throws is counted and logged, not rethrown. */
  public void guard(String feed, Runnable poll) {
    try {
      poll.run();
    } catch (RuntimeException e) {
      long count;
      synchronized (this) {
        count = ++failures;
      }
      if (isPowerOfTen(count)) {
        LOGGER.log(Level.WARNING, e, () -> "WebSocket connection " + connection + " at " + endpoint + ": the "
            + feed + " feed failed (" + count + (count == 1 ? " failure" : " failures") + " on this connection)");
      }
    }
  }

  /** How many polls of this connection's feeds failed. */
  public synchronized long count() {
    return failures;
  }

  private static boolean isPowerOfTen(long count) {
    long n = count;
    while (n >= 10 && n % 10 == 0) {
      n /= 10;
    }
    return n == 1;
  }
}
