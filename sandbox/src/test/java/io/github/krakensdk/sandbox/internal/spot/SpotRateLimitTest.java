package io.github.krakensdk.sandbox.internal.spot;

import io.github.krakensdk.sandbox.MutableClock;
import io.github.krakensdk.sandbox.Sandbox;
import io.github.krakensdk.sandbox.SandboxExtension;
import io.github.krakensdk.sandbox.SandboxKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.runtime.call.TimeSource;
import io.github.krakensdk.spot.model.LedgerPage;
import io.github.krakensdk.spot.model.OrderSide;
import io.github.krakensdk.spot.model.OrderType;
import io.github.krakensdk.spot.model.OrdersCancelled;
import io.github.krakensdk.spot.model.SpotErrorCode;
import io.github.krakensdk.spot.model.TradeVolume;
import io.github.krakensdk.values.OrderPrice;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The client paces a key's private Spot calls by the REST call counter, and the sandbox keeps the
 * counter as the service does: a burst of 100 calls with the defaults draws no rate-limit error.
 * The client waits on the sandbox's clock ({@link Sandbox#timeSource()}, which {@link
 * Sandbox#newClientBuilder()} sets), so the pacing takes no real time; how much sandbox time it
 * took is reported against the published numbers (Starter: 15, then 0.33 per second).
 */
class SpotRateLimitTest {
  static final int BURST = 100;
  final MutableClock clock = MutableClock.at(Instant.parse("2026-11-23T09:00:00Z"));
  @RegisterExtension
  final SandboxExtension extension = new SandboxExtension(() -> Sandbox.builder().clock(clock));

  @Test
  void aBurstOf100CallsWithTheDefaultsDrawsNoRateLimitError(Sandbox sandbox) {
    Instant start = clock.instant();
    try (KrakenClient kraken = sandbox.newClient()) {
      for (int i = 0; i < BURST; i++) {
        TradeVolume volume = kraken.spot().getTradeVolume(r -> r.pair("XBTUSD")); // any failure fails the test
        assertNotNull(volume.volume());
      }
    }
    assertPacedLikeTheService(sandbox, "blocking", Duration.between(start, clock.instant()));
  }

  @Test
  void anAsynchronousBurstToo(Sandbox sandbox) throws Exception {
    Instant start = clock.instant();
    try (KrakenClient kraken = sandbox.newClient()) {
      List<CompletableFuture<TradeVolume>> calls = new ArrayList<>();
      for (int i = 0; i < BURST; i++) {
        calls.add(kraken.spot().getTradeVolumeAsync(r -> r.pair("XBTUSD")));
      }
      for (CompletableFuture<TradeVolume> call : calls) {
        assertNotNull(call.get(30, TimeUnit.SECONDS).volume());
      }
    }
    assertPacedLikeTheService(sandbox, "asynchronous", Duration.between(start, clock.instant()));
  }

  /**
   * Another process filled the key's counter before this one started (a restart 24 s after a
   * burst): the fresh client's first call draws {@code EAPI:Rate limit exceeded}, which executed
   * nothing, so it reckons the counter full, waits for it to decay and sends the call again; no
   * rate-limit error reaches the caller, and the re-sends are counted.
   */
  @Test
  void aFreshClientOnAKeyAnotherProcessFilledDrawsNoRateLimitError(Sandbox sandbox) {
    try (KrakenClient other = sandbox.newClientBuilder().spotRatePacing(false).build()) {
      for (int i = 0; i < 15; i++) {
        other.spot().getTradeVolume(r -> r.pair("XBTUSD"));
      }
    }
    assertEquals(BigDecimal.valueOf(15), sandbox.spot().key(sandbox.credentials().spot().key()).callCounter().stripTrailingZeros(),
        "the other process left the counter full");
    try (KrakenClient fresh = sandbox.newClient()) {
      for (int i = 0; i < BURST; i++) {
        assertNotNull(fresh.spot().getTradeVolume(r -> r.pair("XBTUSD")).volume()); // any failure fails the test
      }
      assertTrue(fresh.rateLimitResends() >= 1, "the first call was refused and sent again");
      assertTrue(fresh.rateLimitResends() <= 3, "once it knew, it paced: " + fresh.rateLimitResends());
      System.out.printf("rate limits across restarts: %d calls on a key another process had filled, no rate-limit"
          + " error, %d re-sent%n", BURST, fresh.rateLimitResends());
    }
    assertTrue(sandbox.spot().key(sandbox.credentials().spot().key()).callCounter().compareTo(BigDecimal.valueOf(15)) <= 0);
  }

  /**
   * A cancel costs nothing on the REST call counter, so it never waits behind calls the counter
   * paces: with 20 ledger queries of the key waiting for the counter (their waits held, so they
   * stay paced), a cancel is answered at once, and no time passes on the sandbox's clock.
   */
  @Test
  @Timeout(60) // a cancel queued behind paced calls would wait for their held waits for ever
  void aCancelLeavesAtOnceWhileLedgerQueriesArePaced(Sandbox sandbox) throws Exception {
    HeldTime held = new HeldTime(clock);
    try (KrakenClient kraken = sandbox.newClientBuilder().timeSource(held)
        .maxQueueWait(Duration.ofMinutes(5)).build()) {
      String txid = kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.LIMIT)
          .volume(new BigDecimal("0.01")).price(OrderPrice.of(new BigDecimal("1000")))).txid();
      List<CompletableFuture<LedgerPage>> ledgers = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        ledgers.add(kraken.spot().getLedgersAsync(r -> r.asset("XBT")));
      }
      assertTrue(held.pending() >= 12, "most ledger queries wait for the counter: " + held.pending());
      Instant called = clock.instant();
      OrdersCancelled cancelled = kraken.spot().cancelOrder(r -> r.txid(txid));
      Duration waited = Duration.between(called, clock.instant());
      assertEquals(Integer.valueOf(1), cancelled.count());
      assertTrue(waited.compareTo(Duration.ofMillis(5)) <= 0, "the cancel waited " + waited + " of sandbox time");
      System.out.printf("cancel while %d ledger queries are paced: answered after %d ms of sandbox time%n",
          held.pending(), waited.toMillis());
      held.release();
      for (CompletableFuture<LedgerPage> ledger : ledgers) {
        assertNotNull(ledger.get(30, TimeUnit.SECONDS));
      }
    }
  }

  /**
   * Orders are paced by the trading engine's counter of their pair (Starter: 60, decaying 1 per
   * second), leaving room for one cancel: a burst of 70 orders on one pair draws no {@code
   * EOrder:Rate limit exceeded}, the 53rd and later wait a second each on the sandbox's clock.
   */
  @Test
  void aBurstOfOrdersOnOnePairIsPacedByTheTradingEngine(Sandbox sandbox) {
    Instant start = clock.instant();
    try (KrakenClient kraken = sandbox.newClient()) {
      for (int i = 0; i < 70; i++) {
        assertEquals(1, kraken.spot().addOrder(r -> r.pair("XBTUSD").side(OrderSide.BUY).orderType(OrderType.MARKET)
            .volume(new BigDecimal("0.0001"))).txids().size()); // any failure fails the test
      }
    }
    Duration took = Duration.between(start, clock.instant());
    assertTrue(took.compareTo(Duration.ofSeconds(70 - 52)) >= 0, "the orders over 52 waited: " + took);
    assertTrue(took.compareTo(Duration.ofSeconds(70 - 52 + 1)) <= 0, "and no longer: " + took);
  }

  /**
   * The sandbox's clock, whose scheduled waits stay pending until {@link #release()}: then each runs
   * in the order it is due, the clock moved to its end first, and later waits end at once (as the
   * sandbox's own time source does).
   */
  private static final class HeldTime implements TimeSource {
    private record Due(Instant at, Runnable task) {}

    private final MutableClock clock;
    private final List<Due> due = new ArrayList<>();
    private boolean released;

    HeldTime(MutableClock clock) {
      this.clock = clock;
    }

    @Override
    public long nanoTime() {
      Instant now = clock.instant();
      return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    @Override
    public void sleep(Duration duration) {
      clock.advance(duration);
    }

    @Override
    public void schedule(Duration delay, Runnable task) {
      synchronized (this) {
        if (!released) {
          due.add(new Due(clock.instant().plus(delay), task));
          return;
        }
      }
      sleep(delay);
      task.run();
    }

    synchronized int pending() {
      return due.size();
    }

    void release() {
      while (true) {
        Due next;
        synchronized (this) {
          if (due.isEmpty()) {
            released = true;
            return;
          }
          due.sort(java.util.Comparator.comparing(Due::at));
          next = due.remove(0);
        }
        if (next.at().isAfter(clock.instant())) {
          clock.set(next.at());
        }
        next.task().run();
      }
    }
  }

  /**
   * Pacing took at least what the published counter requires ((100 - 15) / 0.33 s), and, for a
   * blocking burst, at most one count's decay more (the client keeps one count of headroom); the
   * counter never passed 15. An asynchronous burst takes longer on the sandbox's clock: its time
   * source ends each planned wait at once, so the clock runs ahead of calls still queued behind
   * their key's earlier requests, the decay of that stretch goes unused, and the late calls are
   * admitted by what was actually sent (some wait again). On a real clock no wait ends early.
   */
  private static void assertPacedLikeTheService(Sandbox sandbox, String mode, Duration took) {
    SpotRateTier tier = SpotRateTier.STARTER;
    Duration published = tier.decayTime(BURST - tier.maximum());
    System.out.printf("rate limits, defaults: %d %s getTradeVolume calls on one Starter key, no rate-limit error;"
        + " pacing took %.1f s of sandbox time, the published counter (max %d, -%s/s) needs at least %.1f s%n",
        BURST, mode, took.toMillis() / 1000.0, tier.maximum(), tier.decayPerSecond(), published.toMillis() / 1000.0);
    assertTrue(took.compareTo(published) >= 0, "paced no faster than the counter allows: " + took);
    if (mode.equals("blocking")) {
      assertTrue(took.compareTo(published.plus(tier.decayTime(1))) <= 0, "and no slower than needed: " + took);
    }
    assertTrue(sandbox.spot().key(sandbox.credentials().spot().key()).callCounter().compareTo(BigDecimal.valueOf(tier.maximum())) <= 0);
  }

  /** Turned off, the client sends the burst as it comes: the sandbox refuses the 16th, typed. */
  @Test
  void withPacingOffTheSixteenthCallIsRefusedAsRateLimited(Sandbox sandbox) {
    try (KrakenClient kraken = sandbox.newClientBuilder().spotRatePacing(false).build()) {
      for (int i = 0; i < 15; i++) {
        kraken.spot().getTradeVolume(r -> r.pair("XBTUSD"));
      }
      RateLimitedException e = assertThrows(RateLimitedException.class,
          () -> kraken.spot().getTradeVolume(r -> r.pair("XBTUSD")));
      assertTrue(e.hasError(SpotErrorCode.API_RATE_LIMIT_EXCEEDED), e.toString());
      assertEquals(List.of("EAPI:Rate limit exceeded"), e.errors());
      ExecutionException async = assertThrows(ExecutionException.class,
          () -> kraken.spot().getTradeVolumeAsync(r -> r.pair("XBTUSD")).get(10, TimeUnit.SECONDS));
      assertInstanceOf(RateLimitedException.class, async.getCause());
    }
    assertEquals(Instant.parse("2026-11-23T09:00:00Z"), clock.instant(), "nothing waited");
  }

  /** The tier is the client's setting: a Pro key paced as Pro is faster, and still never refused. */
  @Test
  void aProKeyPacedAsPro(Sandbox sandbox) {
    SandboxKey pro = sandbox.spot().newKey().tier(SpotRateTier.PRO).issue();
    Instant start = clock.instant();
    try (KrakenClient kraken = sandbox.newClientBuilder().spotCredentials(pro.credentials())
        .spotRateTier(SpotRateTier.PRO).build()) {
      for (int i = 0; i < 40; i++) {
        kraken.spot().getTradeVolume(r -> r.pair("XBTUSD"));
      }
    }
    assertEquals(Duration.ofSeconds(40 - 19), Duration.between(start, clock.instant()), "19 at once, then 1 per second");
  }

  /**
   * On a sandbox with the system clock (the default, as in the tour), waiting moves the sandbox's
   * clock ahead of the real one instead of sleeping.
   */
  @Test
  void onTheSystemClockWaitingMovesTheSandboxAhead() {
    try (Sandbox sandbox = Sandbox.builder().start(); KrakenClient kraken = sandbox.newClient()) {
      long realStart = System.nanoTime();
      for (int i = 0; i < 30; i++) {
        kraken.spot().getTradeVolume(r -> r.pair("XBTUSD"));
      }
      Duration ahead = Duration.between(Clock.systemUTC().instant(), sandbox.clock().instant());
      Duration waited = SpotRateTier.STARTER.decayTime(30 - 14);
      assertTrue(ahead.compareTo(waited.minusSeconds(1)) >= 0, "the sandbox runs " + ahead + " ahead");
      assertTrue(System.nanoTime() - realStart < waited.toNanos(), "and no real time was spent waiting");
    }
  }
}
