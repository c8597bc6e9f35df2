package io.github.krakensdk.tests.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;

/**
 * Counts what a client leaves behind. The SDK shares the pool and dispatcher of an {@link
 * OkHttpClient} a caller hands in ({@code KrakenClient.Builder.httpClient}), so a client made here,
 * with a pool of its own and dispatcher threads named after the case, shows every connection and
 * thread the SDK used. The client's own completion pool (its threads are named {@code
 * kraken-completion-N}, in every client) is told apart by the threads that were not alive before:
 *
 * <pre>{@code
 * OkHttpClient http = Leaks.newClient("GET disconnect");
 * Set<Thread> before = Leaks.completionThreads();
 * ... build a KrakenClient on it, make the call ...
 * Leaks.assertQuiet(http);      // no call running, no connection held by a response
 * kraken.close();
 * Leaks.assertReleased(http);   // no connection left at all, no thread of this client alive
 * Leaks.assertCompletionReleased(before); // no completion thread the client started alive
 * }</pre>
 *
 * <p>Nothing here is timed: a wait for a condition that becomes true asynchronously (a dispatcher
 * finishing its bookkeeping after the callback ran) has a generous deadline and fails only if the
 * condition never holds.
 */
final class Leaks {
  private static final Duration SETTLE = Duration.ofSeconds(10);
  /** How the SDK names the threads of a client's completion pool ({@code KrakenClient}). */
  static final String COMPLETION_PREFIX = "kraken-completion-";

  private Leaks() {}

  /** A client with a pool of its own and dispatcher threads named {@code "reliability " + name + " #n"}. */
  static OkHttpClient newClient(String name) {
    String prefix = threadPrefix(name);
    AtomicInteger count = new AtomicInteger();
    ExecutorService executor = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS,
        new SynchronousQueue<>(), runnable -> {
          Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        });
    return new OkHttpClient.Builder()
        .connectionPool(new ConnectionPool(5, 1, TimeUnit.MINUTES))
        .dispatcher(new Dispatcher(executor))
        .build();
  }

  /** No call of {@code client} is running or queued, and no connection is held by an unclosed response. */
  static void assertQuiet(OkHttpClient client) {
    Dispatcher dispatcher = client.dispatcher();
    // An asynchronous call is counted as running until its callback has returned: wait for that.
    awaitTrue(() -> dispatcher.runningCallsCount() == 0 && dispatcher.queuedCallsCount() == 0,
        () -> "calls still running: " + dispatcher.runningCallsCount() + ", queued: " + dispatcher.queuedCallsCount());
    ConnectionPool pool = client.connectionPool();
    assertEquals(pool.idleConnectionCount(), pool.connectionCount(),
        "connections in use after the call ended (a response body was not closed)");
  }

  /**
   * After the SDK client was closed: evicting idle connections leaves none (one still in use would
   * survive), and once the dispatcher is shut down none of its threads, named or renamed by OkHttp
   * while running a call, is alive.
   */
  static void assertReleased(OkHttpClient client, String name) throws InterruptedException {
    ConnectionPool pool = client.connectionPool();
    pool.evictAll();
    assertEquals(0, pool.connectionCount(), "connections left after close and eviction");
    ExecutorService executor = client.dispatcher().executorService();
    executor.shutdown();
    assertTrue(executor.awaitTermination(SETTLE.toSeconds(), TimeUnit.SECONDS), "dispatcher threads never ended");
    String prefix = threadPrefix(name);
    awaitTrue(() -> liveThreads(prefix).isEmpty(), () -> "threads alive: " + liveThreads(prefix));
  }

  /**
   * The live threads of the SDK's completion pools, those of every client: take them before a
   * client is built to tell its own apart afterwards.
   */
  static Set<Thread> completionThreads() {
    Set<Thread> threads = new HashSet<>();
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.isAlive() && thread.getName().startsWith(COMPLETION_PREFIX)) {
        threads.add(thread);
      }
    }
    return threads;
  }

  /**
   * After the SDK client was closed: no completion thread that was not alive {@code before} is
   * alive (its pool was shut down and its threads ended).
   */
  static void assertCompletionReleased(Set<Thread> before) {
    awaitTrue(() -> started(before).isEmpty(), () -> "completion threads alive after close(): " + started(before));
  }

  private static List<String> started(Set<Thread> before) {
    return completionThreads().stream().filter(t -> !before.contains(t)).map(Thread::getName).sorted().toList();
  }

  /** The names of live threads that start with {@code prefix}. */
  static List<String> liveThreads(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(name -> name.startsWith(prefix))
        .sorted()
        .toList();
  }

  /** Waits until {@code condition} holds; fails with {@code message} if it never does within {@link #SETTLE}. */
  static void awaitTrue(BooleanSupplier condition, java.util.function.Supplier<String> message) {
    long deadline = System.nanoTime() + SETTLE.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError(message.get());
      }
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted while waiting: " + message.get());
      }
    }
  }

  private static String threadPrefix(String name) {
    return "reliability " + name + " #";
  }
}
