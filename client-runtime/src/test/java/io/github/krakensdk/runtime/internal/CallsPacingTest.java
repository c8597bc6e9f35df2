package io.github.krakensdk.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.Moshi;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.ResponseBody;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import retrofit2.Call;
import retrofit2.Retrofit;
import retrofit2.http.Body;
import retrofit2.http.POST;

/**
 * {@link Calls} with a {@link RatePacer} on a {@link FakeTime}: a burst never overflows the
 * counter, blocking calls wait on their own thread, asynchronous ones are scheduled (never waiting
 * on an OkHttp thread), requests keep the order they were asked in, and pacing can be off. The
 * fake clock moves only by the waits, so every figure is exact and nothing sleeps.
 */
final class CallsPacingTest {
  private static final ErrorModel ERRORS = ErrorModel.krakenStrings(TestCodes.Code::new,
      Map.of("EAPI:Rate limit exceeded", ErrorModel.Kind.RATE_LIMITED));
  private static final Operation BALANCE = new Operation("getAccountBalance", false, true, ERRORS, 1);
  private static final Operation LEDGERS = new Operation("getLedgers", false, true, ERRORS, 2);
  private static final Operation ADD_ORDER = new Operation("addOrder", false, true, ERRORS, 0);
  private static final Operation TIME = new Operation("getServerTime", true, false, ERRORS, 1);
  /** 1 / 0.33 s, rounded up to the nanosecond. */
  private static final Duration STARTER_ONE = SpotRateTier.STARTER.decayTime(1);

  interface Api {
    @POST("0/private/Balance")
    Call<ResponseBody> post(@Body okhttp3.RequestBody body);
  }

  @StartStop final MockWebServer server = new MockWebServer();

  private final FakeTime time = new FakeTime();
  private final KeyTurns turns = new KeyTurns();
  private final RatePacer pacer = new RatePacer(SpotRateTier.STARTER, time);
  private final Calls calls = Calls.builder(new Moshi.Builder().build())
      .ordering(turns).pacing(pacer).timeSource(time).build();
  /** The fake clock's reading when each request arrived, with its label, in arrival order. */
  private final List<String> arrivals = Collections.synchronizedList(new ArrayList<>());
  private Api api;

  @BeforeEach
  void answerEverything() {
    server.setDispatcher(new Dispatcher() {
      @Override
      public MockResponse dispatch(RecordedRequest request) {
        arrivals.add(request.getBody().utf8() + "@" + time.elapsed().toNanos());
        return new MockResponse.Builder().body("{\"error\":[],\"result\":{}}").build();
      }
    });
    api = new Retrofit.Builder().baseUrl(server.url("/")).client(KrakenHttpClients.newBuilder().build())
        .build().create(Api.class);
  }

  private String execute(Operation operation, String label) {
    return calls.execute(operation, () -> api.post(body(label)), null, CallsPacingTest::text);
  }

  private CompletableFuture<String> executeAsync(Operation operation, String label) {
    return calls.executeAsync(operation, () -> api.post(body(label)), null, CallsPacingTest::text);
  }

  @Test
  void aBlockingBurstWaitsOnTheCallersThreadByTheCounter() {
    for (int i = 1; i <= 20; i++) {
      execute(BALANCE, "b" + i);
    }
    List<FakeTime.Wait> waits = time.waits();
    assertEquals(6, waits.size(), "14 at once, then one wait per call");
    for (FakeTime.Wait wait : waits) {
      assertOneCount(wait.duration());
      assertFalse(wait.scheduled(), "a blocking call sleeps");
      assertEquals(Thread.currentThread().getName(), wait.thread(), "on the caller's thread");
    }
    assertEquals(SpotRateTier.STARTER.decayTime(6), time.elapsed(), "exactly 6 counts' decay in all");
    assertEquals(20, server.getRequestCount());
    assertEquals("b15@" + STARTER_ONE.toNanos(), arrivals.get(14), "the 15th is sent once it fits");
  }

  @Test
  void anAsynchronousBurstIsScheduledNeverWaitingOnAnOkHttpThread() throws Exception {
    List<CompletableFuture<String>> futures = new ArrayList<>();
    time.hold(); // all asked at one instant
    for (int i = 1; i <= 20; i++) {
      futures.add(executeAsync(BALANCE, "a" + i));
    }
    List<FakeTime.Wait> planned = time.waits();
    assertEquals(6, planned.size(), "14 at once, 6 planned");
    for (int i = 0; i < planned.size(); i++) {
      // Reserved at one instant, before their turns: each waits one count's decay more than the last.
      Duration wait = planned.get(i).duration();
      Duration counts = SpotRateTier.STARTER.decayTime(i + 1);
      assertTrue(wait.equals(counts) || wait.equals(counts.minusNanos(1)), i + ": " + wait);
    }
    time.release();
    for (CompletableFuture<String> future : futures) {
      future.get(10, TimeUnit.SECONDS);
    }
    for (FakeTime.Wait wait : time.waits()) {
      assertTrue(wait.scheduled(), "an asynchronous call's wait is scheduled, never slept: " + wait);
    }
    assertEquals(20, server.getRequestCount());
    assertTrue(KeyTurnsTest.free(turns));
    assertNoOverflowAtTheService();
  }

  /**
   * The fake timer runs a planned wait's end as soon as it is due, ahead of requests still on the
   * wire, so planned calls reach their turn late and together: each is admitted by the counter as
   * the calls actually sent left it, or waits again, so the service never sees a burst.
   */
  @Test
  void callsThatReachTheirTurnLateAreAdmittedByWhatWasActuallySent() throws Exception {
    Calls patient = Calls.builder(new Moshi.Builder().build()).ordering(turns).pacing(pacer).timeSource(time)
        .maxQueueWait(Duration.ofMinutes(10)).build(); // 60 counts take minutes to pace
    time.hold();
    List<CompletableFuture<String>> futures = new ArrayList<>();
    for (int i = 1; i <= 40; i++) {
      String label = (i % 2 == 0 ? "l" : "b") + i;
      futures.add(patient.executeAsync(i % 2 == 0 ? LEDGERS : BALANCE, () -> api.post(body(label)), null,
          CallsPacingTest::text));
    }
    time.release();
    for (CompletableFuture<String> future : futures) {
      future.get(60, TimeUnit.SECONDS); // 40 real exchanges, some admitted twice: generous on a loaded machine
    }
    assertEquals(40, server.getRequestCount());
    assertNoOverflowAtTheService();
  }

  /** The service's counter, replayed from the arrivals on the fake clock, never went over 15. */
  private void assertNoOverflowAtTheService() {
    double level = 0;
    long last = 0;
    for (String arrival : List.copyOf(arrivals)) {
      long at = Long.parseLong(arrival.substring(arrival.indexOf('@') + 1));
      level = Math.max(0, level - (at - last) * 0.33e-9);
      last = at;
      level += arrival.startsWith("l") ? 2 : 1; // the labels of ledger calls start with l
      assertTrue(level <= 15 + 1e-6, "the counter went over at " + arrival + ": " + level);
    }
  }

  @Test
  void mixedBlockingAndAsynchronousCallsShareOneCounter() throws Exception {
    List<CompletableFuture<String>> futures = new ArrayList<>();
    for (int i = 1; i <= 10; i++) {
      execute(BALANCE, "b" + i);
      futures.add(executeAsync(BALANCE, "a" + i));
    }
    for (CompletableFuture<String> future : futures) {
      future.get(10, TimeUnit.SECONDS);
    }
    // Within a microsecond: each wait is rounded up to a whole nanosecond, and how the 6 paced
    // calls split their waits depends on which thread reaches the counter first.
    Duration expected = SpotRateTier.STARTER.decayTime(6);
    assertTrue(Math.abs(expected.minus(time.elapsed()).toNanos()) <= 1_000,
        "20 calls: 14 at once, 6 paced: waited " + time.elapsed() + ", expected " + expected);
  }

  @Test
  void costsComeFromTheOperation() {
    for (int i = 0; i < 7; i++) {
      execute(LEDGERS, "l" + i); // 7 x 2 = 14
    }
    for (int i = 0; i < 30; i++) {
      execute(ADD_ORDER, "o" + i); // the trading engine's calls: not on this counter
    }
    for (int i = 0; i < 30; i++) {
      execute(TIME, "t" + i); // public: no key, no counter
    }
    assertEquals(List.of(), time.waits());
    execute(LEDGERS, "l7");
    assertEquals(List.of(SpotRateTier.STARTER.decayTime(2)), FakeTime.durations(time.waits()));
  }

  @Test
  void withoutAPacerNothingWaits() {
    Calls unpaced = Calls.builder(new Moshi.Builder().build()).ordering(turns).timeSource(time).build();
    for (int i = 0; i < 40; i++) {
      unpaced.execute(BALANCE, () -> api.post(body("u")), null, CallsPacingTest::text);
    }
    assertEquals(List.of(), time.waits());
    assertEquals(40, server.getRequestCount());
  }

  @Test
  void unorderedCallsArePacedToo() throws Exception {
    Calls unordered = Calls.builder(new Moshi.Builder().build()).pacing(pacer).timeSource(time).build();
    List<CompletableFuture<String>> futures = new ArrayList<>();
    time.hold(); // all 16 reserve at one instant
    for (int i = 0; i < 16; i++) {
      futures.add(unordered.executeAsync(BALANCE, () -> api.post(body("u")), null, CallsPacingTest::text));
    }
    time.release();
    for (CompletableFuture<String> future : futures) {
      future.get(10, TimeUnit.SECONDS);
    }
    // Reserved together: the 15th waits one count's decay, the 16th two.
    assertEquals(List.of(STARTER_ONE, SpotRateTier.STARTER.decayTime(2)), FakeTime.durations(time.waits()));
  }

  @Test
  void theServicesCounterErrorIsWaitedOutAndTheCallSentAgain() throws Exception {
    refuseFirst(1);
    String result = calls.executeAsync(BALANCE, () -> api.post(body("x")), r -> Envelope.spot(errors(r)),
        CallsPacingTest::text).get(10, TimeUnit.SECONDS);
    assertEquals("{\"error\":[],\"result\":{}}", result);
    assertEquals(2, server.getRequestCount(), "refused, then sent again");
    assertEquals(1, calls.rateLimitResends());
    // Full (15) at the service: 2 counts must decay before 1 more fits under 14.
    assertEquals(List.of(SpotRateTier.STARTER.decayTime(2)), FakeTime.durations(time.waits()));
  }

  @Test
  void anOrderCallTheCounterDoesNotCostIsSentAgainOnceOneCallFits() {
    refuseFirst(1);
    String result = calls.execute(ADD_ORDER, () -> api.post(body("o")), r -> Envelope.spot(errors(r)),
        CallsPacingTest::text);
    assertEquals("{\"error\":[],\"result\":{}}", result);
    assertEquals(2, server.getRequestCount());
    assertEquals(List.of(SpotRateTier.STARTER.decayTime(2)), FakeTime.durations(time.waits()));
  }

  @Test
  void aCounterThatStaysFullReachesTheCallerAfterThreeResends() {
    refuseFirst(Integer.MAX_VALUE);
    RateLimitedException e = org.junit.jupiter.api.Assertions.assertThrows(RateLimitedException.class,
        () -> calls.execute(BALANCE, () -> api.post(body("x")), r -> Envelope.spot(errors(r)), CallsPacingTest::text));
    assertTrue(e.getMessage().contains("EAPI:Rate limit exceeded"), e.getMessage());
    assertEquals(1 + Calls.MAX_RATE_LIMIT_RESENDS, server.getRequestCount());
    assertEquals(Calls.MAX_RATE_LIMIT_RESENDS, calls.rateLimitResends());
  }

  @Test
  void withoutAPacerTheCounterErrorReachesTheCaller() {
    refuseFirst(1);
    Calls unpaced = Calls.builder(new Moshi.Builder().build()).ordering(turns).timeSource(time).build();
    org.junit.jupiter.api.Assertions.assertThrows(RateLimitedException.class,
        () -> unpaced.execute(BALANCE, () -> api.post(body("x")), r -> Envelope.spot(errors(r)), CallsPacingTest::text));
    assertEquals(1, server.getRequestCount());
    assertEquals(0, unpaced.rateLimitResends());
  }

  @Test
  void aCallTheCounterDoesNotCostNeverWaitsBehindPacedOnes() throws Exception {
    Calls patient = Calls.builder(new Moshi.Builder().build()).ordering(turns).pacing(pacer).timeSource(time)
        .maxQueueWait(Duration.ofMinutes(5)).build(); // 20 ledger calls take 80 s to pace
    time.hold(); // the paced calls' waits do not end until released
    List<CompletableFuture<String>> ledgers = new ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      String label = "l" + i;
      ledgers.add(patient.executeAsync(LEDGERS, () -> api.post(body(label)), null, CallsPacingTest::text));
    }
    long pacedCalls = time.waits().stream().filter(FakeTime.Wait::scheduled).count();
    assertEquals(13, pacedCalls, "7 fill the counter, the rest are paced: " + time.waits());
    Duration before = time.elapsed();
    assertEquals("{\"error\":[],\"result\":{}}",
        patient.execute(ADD_ORDER, () -> api.post(body("cancel")), null, CallsPacingTest::text),
        "answered while they wait");
    assertEquals(before, time.elapsed(), "no time passed on the clock the pacing runs on");
    assertTrue(arrivals.contains("cancel@" + before.toNanos()), arrivals.toString());
    time.release();
    for (CompletableFuture<String> ledger : ledgers) {
      ledger.get(10, TimeUnit.SECONDS);
    }
    assertEquals(21, server.getRequestCount());
  }

  @Test
  void aCallThePacingWouldHoldLongerThanMaxQueueWaitFailsUnsentAndCountsNothing() {
    Calls bounded = Calls.builder(new Moshi.Builder().build()).ordering(turns).pacing(pacer).timeSource(time)
        .maxQueueWait(STARTER_ONE).build();
    for (int i = 1; i <= 14; i++) {
      bounded.execute(BALANCE, () -> api.post(body("b")), null, CallsPacingTest::text); // fills the copy
    }
    KrakenClientException e = org.junit.jupiter.api.Assertions.assertThrows(KrakenClientException.class,
        () -> bounded.execute(LEDGERS, () -> api.post(body("l")), null, CallsPacingTest::text));
    assertTrue(e.getMessage().startsWith("getLedgers: not sent: it could not be sent within maxQueueWait"),
        e.getMessage());
    assertEquals(14, server.getRequestCount());
    // Nothing was counted for it: one count's decay makes room for the next call.
    bounded.execute(BALANCE, () -> api.post(body("b")), null, CallsPacingTest::text);
    assertOneCount(time.waits().get(0).duration());
  }

  private void refuseFirst(int refusals) {
    server.setDispatcher(new Dispatcher() {
      private int left = refusals;

      @Override
      public synchronized MockResponse dispatch(RecordedRequest request) {
        arrivals.add(request.getBody().utf8() + "@" + time.elapsed().toNanos());
        String body = left > 0 ? "{\"error\":[\"EAPI:Rate limit exceeded\"]}" : "{\"error\":[],\"result\":{}}";
        left--;
        return new MockResponse.Builder().body(body).build();
      }
    });
  }

  /** One count's decay at Starter, give or take the nanosecond the exact counter carries over. */
  private static void assertOneCount(Duration wait) {
    assertTrue(wait.equals(STARTER_ONE) || wait.equals(STARTER_ONE.minusNanos(1)), wait.toString());
  }

  private static List<String> errors(ResponseBody body) {
    try {
      String text = body.source().peek().readUtf8();
      return text.contains("Rate limit") ? List.of("EAPI:Rate limit exceeded") : List.of();
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  private static okhttp3.RequestBody body(String label) {
    return okhttp3.RequestBody.create(label, okhttp3.MediaType.get("text/plain"));
  }

  private static String text(ResponseBody body) {
    try (body) {
      return body.string();
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }
}
