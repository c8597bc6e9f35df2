package io.github.krakensdk.flows;

import static io.github.krakensdk.flows.FlowServers.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.errors.EarnDeallocationTimeoutException;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.UnexpectedResponseException;
import io.github.krakensdk.spot.model.DeallocationStatus;
import io.github.krakensdk.spot.model.SpotErrorCode;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

final class EarnDeallocationTest {
  private static final String STRATEGY = "ESDQCOL-WTZEU-NU55QF";
  private static final String ACCEPTED = "{\"error\":[],\"result\":true}";
  private static final String PENDING = "{\"error\":[],\"result\":{\"pending\":true}}";
  private static final String DONE = "{\"error\":[],\"result\":{\"pending\":false}}";

  @StartStop final MockWebServer server = FlowServers.noDelay();
  private KrakenClient kraken;
  /** Time passes only when the flow sleeps. */
  private final ManualClock clock = new ManualClock(Instant.parse("2025-03-14T12:00:00Z"));
  private final List<Duration> sleeps = new ArrayList<>();

  @BeforeEach
  void setUp() {
    kraken = FlowServers.client(server);
  }

  @AfterEach
  void tearDown() {
    kraken.close();
  }

  @Test
  void pollsWithGrowingCappedDelaysUntilNoLongerPending() throws Exception {
    server.enqueue(json(202, ACCEPTED));
    server.enqueue(json(PENDING));
    server.enqueue(json(PENDING));
    server.enqueue(json(DONE));
    EarnDeallocation earn = earn(Duration.ofSeconds(1), 2, Duration.ofSeconds(3), Duration.ofMinutes(1));

    DeallocationStatus status = earn.deallocateAndWait(STRATEGY, new BigDecimal("12.5"));

    assertFalse(status.pending());
    // Before each poll: 1 s, then 1 s x 2, then 2 s x 2 capped at 3 s.
    assertEquals(List.of(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(3)), sleeps);
    assertEquals(4, server.getRequestCount());

    RecordedRequest deallocate = server.takeRequest();
    assertEquals("/0/private/Earn/Deallocate", deallocate.getUrl().encodedPath());
    String body = deallocate.getBody().utf8();
    assertTrue(body.contains("\"strategy_id\":\"" + STRATEGY + "\""), body);
    assertTrue(body.contains("\"amount\":\"12.5\""), body);
    for (int i = 0; i < 3; i++) {
      RecordedRequest poll = server.takeRequest();
      assertEquals("/0/private/Earn/DeallocateStatus", poll.getUrl().encodedPath());
      assertTrue(poll.getBody().utf8().contains("\"strategy_id\":\"" + STRATEGY + "\""));
      assertEquals("key", poll.getHeaders().get("API-Key"));
    }
  }

  @Test
  void stillPendingAtTheTimeoutThrowsATypedException() {
    server.enqueue(json(202, ACCEPTED));
    server.enqueue(json(PENDING));
    server.enqueue(json(PENDING));
    server.enqueue(json(PENDING));
    server.enqueue(json(DONE));
    EarnDeallocation earn = earn(Duration.ofSeconds(2), 2, Duration.ofSeconds(100), Duration.ofSeconds(10));

    EarnDeallocationTimeoutException e = assertThrows(EarnDeallocationTimeoutException.class,
        () -> earn.deallocateAndWait(STRATEGY, new BigDecimal("12.5")));

    // 2 s, 4 s, then the 8 s delay is cut to the 4 s left: one last poll at the timeout.
    assertEquals(List.of(Duration.ofSeconds(2), Duration.ofSeconds(4), Duration.ofSeconds(4)), sleeps);
    assertEquals(4, server.getRequestCount());
    assertEquals(STRATEGY, e.strategyId());
    assertEquals(3, e.polls());
    assertEquals(Duration.ofSeconds(10), e.waited());
    assertEquals("getDeallocateStatus", e.operationId());
    assertEquals(KrakenException.NO_STATUS, e.httpStatus());
    assertTrue(e.getMessage().contains(STRATEGY), e.getMessage());
  }

  @Test
  void busyIsThrownAsTheServiceErrorAndNothingIsPolled() {
    server.enqueue(json(
        "{\"error\":[\"EEarnings:Busy:Another (de)allocation for the same strategy is in progress\"]}"));
    server.enqueue(json(DONE));
    EarnDeallocation earn = earn(Duration.ofSeconds(1), 2, Duration.ofSeconds(10), Duration.ofMinutes(1));

    KrakenServiceException e = assertThrows(KrakenServiceException.class,
        () -> earn.deallocateAndWait(STRATEGY, new BigDecimal("12.5")));

    assertTrue(e.hasError(SpotErrorCode.EARNINGS_BUSY));
    assertEquals("deallocateEarnFunds", e.operationId());
    assertEquals(1, server.getRequestCount());
    assertEquals(List.of(), sleeps);
  }

  @Test
  void aFailureReportedByThePollIsThrown() {
    server.enqueue(json(202, ACCEPTED));
    server.enqueue(json(PENDING));
    server.enqueue(json(
        "{\"error\":[\"EEarnings:Insufficient funds:Insufficient funds to complete the (de)allocation request\"]}"));
    EarnDeallocation earn = earn(Duration.ofSeconds(1), 2, Duration.ofSeconds(10), Duration.ofMinutes(1));

    KrakenServiceException e = assertThrows(KrakenServiceException.class,
        () -> earn.deallocateAndWait(STRATEGY, new BigDecimal("12.5")));

    assertEquals("getDeallocateStatus", e.operationId());
    assertEquals("Insufficient funds", e.krakenErrors().get(0).message());
    assertEquals(3, server.getRequestCount());
  }

  @Test
  void resultFalseIsNotTakenForAcceptance() {
    server.enqueue(json(202, "{\"error\":[],\"result\":false}"));
    server.enqueue(json(DONE));
    EarnDeallocation earn = earn(Duration.ofSeconds(1), 2, Duration.ofSeconds(10), Duration.ofMinutes(1));

    UnexpectedResponseException e = assertThrows(UnexpectedResponseException.class,
        () -> earn.deallocateAndWait(STRATEGY, new BigDecimal("12.5")));

    assertEquals("deallocateEarnFunds", e.operationId());
    assertEquals(1, server.getRequestCount());
  }

  @Test
  void awaitCompletionPollsWithoutDeallocating() throws Exception {
    server.enqueue(json(DONE));
    EarnDeallocation earn = earn(Duration.ofSeconds(1), 2, Duration.ofSeconds(10), Duration.ofMinutes(1));

    assertFalse(earn.awaitCompletion(STRATEGY).pending());

    assertEquals(1, server.getRequestCount());
    assertEquals("/0/private/Earn/DeallocateStatus", server.takeRequest().getUrl().encodedPath());
  }

  @Test
  void builderRejectsABackoffThatCannotWork() {
    EarnDeallocation.Builder builder = EarnDeallocation.builder(kraken.spot());
    assertThrows(IllegalArgumentException.class, () -> builder.initialDelay(Duration.ZERO));
    assertThrows(IllegalArgumentException.class, () -> builder.multiplier(0.5));
    assertThrows(IllegalArgumentException.class, () -> builder.multiplier(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> builder.timeout(Duration.ofSeconds(-1)));
    builder.initialDelay(Duration.ofSeconds(20)).maxDelay(Duration.ofSeconds(10));
    assertThrows(IllegalArgumentException.class, builder::build);
  }

  private EarnDeallocation earn(Duration initialDelay, double multiplier, Duration maxDelay, Duration timeout) {
    return EarnDeallocation.builder(kraken.spot())
        .initialDelay(initialDelay)
        .multiplier(multiplier)
        .maxDelay(maxDelay)
        .timeout(timeout)
        .clock(clock)
        .sleeper(duration -> {
          sleeps.add(duration);
          clock.advance(duration);
        })
        .build();
  }

  /** A clock that moves only when told to. */
  private static final class ManualClock extends Clock {
    private Instant now;

    ManualClock(Instant now) {
      this.now = now;
    }

    void advance(Duration duration) {
      now = now.plus(duration);
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
