package io.github.krakensdk.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.Moshi;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.runtime.transport.KrakenHttpClients;
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
  void anAsynchronousBurstIsScheduledNeverWaitingOnAnOkHttpThreadAndKeepsItsOrder() throws Exception {
    List<CompletableFuture<String>> futures = new ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      futures.add(executeAsync(BALANCE, "a" + i));
    }
    for (CompletableFuture<String> future : futures) {
      future.get(10, TimeUnit.SECONDS);
    }
    List<FakeTime.Wait> waits = time.waits();
    assertEquals(6, waits.size());
    for (FakeTime.Wait wait : waits) {
      assertOneCount(wait.duration());
      assertTrue(wait.scheduled(), "an asynchronous call's wait is scheduled, never slept: " + wait);
    }
    assertEquals(SpotRateTier.STARTER.decayTime(6), time.elapsed());
    List<String> order = new ArrayList<>();
    for (String arrival : arrivals) {
      order.add(arrival.substring(0, arrival.indexOf('@')));
    }
    List<String> asked = new ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      asked.add("a" + i);
    }
    assertEquals(asked, order, "sent in the order asked, so their nonces rise in that order");
    assertTrue(KeyTurnsTest.free(turns));
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
    assertEquals(SpotRateTier.STARTER.decayTime(6), time.elapsed(), "20 calls: 14 at once, 6 paced");
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
  void theServicesCounterErrorMakesLaterCallsWait() throws Exception {
    server.setDispatcher(new Dispatcher() {
      private boolean first = true;

      @Override
      public synchronized MockResponse dispatch(RecordedRequest request) {
        String body = first ? "{\"error\":[\"EAPI:Rate limit exceeded\"]}" : "{\"error\":[],\"result\":{}}";
        first = false;
        return new MockResponse.Builder().body(body).build();
      }
    });
    ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
        () -> calls.executeAsync(BALANCE, () -> api.post(body("x")), r -> Envelope.spot(errors(r)),
            CallsPacingTest::text).get(10, TimeUnit.SECONDS));
    assertInstanceOf(RateLimitedException.class, e.getCause());
    execute(BALANCE, "after");
    // Full (15) at the service: 2 counts must decay before 1 more fits under 14.
    assertEquals(List.of(SpotRateTier.STARTER.decayTime(2)), FakeTime.durations(time.waits()));
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
