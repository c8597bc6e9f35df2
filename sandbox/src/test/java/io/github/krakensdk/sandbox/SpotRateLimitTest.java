package io.github.krakensdk.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.spot.model.SpotErrorCode;
import io.github.krakensdk.spot.model.TradeVolume;
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
   * Pacing took at least what the published counter requires ((100 - 15) / 0.33 s), and at most
   * one count's decay more (the client keeps one count of headroom); the counter never passed 15.
   */
  private static void assertPacedLikeTheService(Sandbox sandbox, String mode, Duration took) {
    SpotRateTier tier = SpotRateTier.STARTER;
    Duration published = tier.decayTime(BURST - tier.maximum());
    System.out.printf("rate limits, defaults: %d %s getTradeVolume calls on one Starter key, no rate-limit error;"
        + " pacing took %.1f s of sandbox time, the published counter (max %d, -%s/s) needs at least %.1f s%n",
        BURST, mode, took.toMillis() / 1000.0, tier.maximum(), tier.decayPerSecond(), published.toMillis() / 1000.0);
    assertTrue(took.compareTo(published) >= 0, "paced no faster than the counter allows: " + took);
    assertTrue(took.compareTo(published.plus(tier.decayTime(1))) <= 0, "and no slower than needed: " + took);
    assertTrue(sandbox.spotCallCounter(sandbox.credentials().spot()).compareTo(BigDecimal.valueOf(tier.maximum())) <= 0);
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
    SandboxKey pro = sandbox.newSpotKey().tier(SpotRateTier.PRO).issue();
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
