package io.github.krakensdk.tests.websocket;

import static java.util.Objects.requireNonNull;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.runtime.call.CallAttempt;
import io.github.krakensdk.runtime.call.CallListener;
import io.github.krakensdk.runtime.call.CallOutcome;
import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.websocket.KrakenWebSocketClient;
import io.github.krakensdk.websocket.TokenSource;
import io.github.krakensdk.websocket.WebSocketEnvironment;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * One sandbox on a fixed {@link MutableClock} (so every timestamp the WebSocket sends can be
 * compared with REST's exactly), a {@link KrakenClient} on its REST API and a {@link
 * KrakenWebSocketClient} on its Spot v2 endpoints, with a {@link CallListener} that records every
 * method call's events.
 */
final class SpotSandboxSession implements AutoCloseable {
  static final String PAIR = "XBTUSD";
  static final String SYMBOL = "BTC/USD";
  static final Instant START = Instant.parse("2026-11-28T06:00:00Z");
  private static final long WAIT_SECONDS = 10;

  final MutableClock clock = MutableClock.at(START);
  final Sandbox sandbox = Sandbox.builder().clock(clock).start();
  final KrakenClient kraken = sandbox.newClient();
  final List<CallAttempt> attempts = new CopyOnWriteArrayList<>();
  final List<CallOutcome> calls = new CopyOnWriteArrayList<>();
  /** One permit per call ended. */
  final Semaphore callsEnded = new Semaphore(0);
  final KrakenWebSocketClient ws = KrakenWebSocketClient.builder()
      .environment(WebSocketEnvironment.of(sandbox.webSocketUrls()))
      .tokenSource(TokenSource.spot(kraken))
      .callListener(new CallListener() {
        @Override public void attemptEnd(CallAttempt attempt) {
          attempts.add(attempt);
        }

        @Override public void callEnd(CallOutcome call) {
          calls.add(call);
          callsEnded.release();
        }
      })
      .build();

  @Override public void close() {
    ws.close();
    kraken.close();
    sandbox.close();
  }

  /** The sandbox clock now, as the WebSocket writes times. */
  OffsetDateTime now() {
    return OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
  }

  /** REST's seconds since the epoch ({@code opentm}, {@code time}) as an instant. */
  static Instant instant(BigDecimal seconds) {
    BigDecimal nanos = seconds.movePointRight(9);
    return Instant.ofEpochSecond(0, nanos.longValueExact());
  }

  static <T> T await(CompletableFuture<T> future) throws Exception {
    try {
      return future.get(WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    }
  }

  /** The failure {@code future} ends with, within the wait. */
  static Throwable failure(CompletableFuture<?> future) throws InterruptedException, TimeoutException {
    try {
      future.get(WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e.getCause();
    }
    throw new AssertionError("completed without failing: " + future.join());
  }

  /** What a listener received, in order, read by a test that waits for one that fits. */
  static final class Received<T> {
    private final BlockingQueue<T> queue = new LinkedBlockingQueue<>();
    final List<Throwable> failures = new CopyOnWriteArrayList<>();

    void add(T item) {
      queue.add(requireNonNull(item, "item == null"));
    }

    /** The next item received, within the wait. */
    T next() throws InterruptedException {
      T item = queue.poll(WAIT_SECONDS, TimeUnit.SECONDS);
      if (item == null) {
        throw new AssertionError("nothing received within " + WAIT_SECONDS + " s; failures " + failures);
      }
      return item;
    }

    /** The first item that satisfies {@code wanted}, skipping the others, within the wait. */
    T await(Predicate<T> wanted, String what) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
      while (System.nanoTime() < deadline) {
        T item = queue.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
        if (item != null && wanted.test(item)) {
          return item;
        }
      }
      throw new AssertionError(what + ": not received within " + WAIT_SECONDS + " s; failures " + failures);
    }
  }
}
