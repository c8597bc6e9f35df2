package io.github.krakensdk.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.Moshi;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenException;
import io.github.krakensdk.errors.NonceRejectedException;
import io.github.krakensdk.errors.RateLimitedException;
import io.github.krakensdk.runtime.call.CallAttempt;
import io.github.krakensdk.runtime.call.CallListener;
import io.github.krakensdk.runtime.call.CallOutcome;
import io.github.krakensdk.runtime.call.RetryPolicy;
import io.github.krakensdk.runtime.call.SpotRateTier;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import okhttp3.RequestBody;
import okhttp3.ResponseBody;
import org.junit.jupiter.api.Test;
import retrofit2.Call;
import retrofit2.Retrofit;
import retrofit2.http.Body;
import retrofit2.http.POST;

/**
 * What a {@link CallListener} sees: one {@code attemptEnd} per attempt with why it was sent and
 * where its time went, then one {@code callEnd}; a listener that throws changes nothing.
 */
final class CallListenerTest {
  private static final ErrorModel ERRORS = ErrorModel.krakenStrings(TestCodes.Code::new, Map.of(
      "EAPI:Rate limit exceeded", ErrorModel.Kind.RATE_LIMITED,
      "EAPI:Invalid nonce", ErrorModel.Kind.NONCE_REJECTED));
  private static final Operation BALANCE = new Operation("getAccountBalance", true, true, ERRORS, 1);
  private static final String OK = "{\"error\":[],\"result\":{}}";

  interface Api {
    @POST("0/private/Balance")
    Call<ResponseBody> post(@Body RequestBody body);
  }

  @StartStop final MockWebServer server = new MockWebServer();

  private final FakeTime time = new FakeTime();
  private final KeyTurns turns = new KeyTurns();
  private final Recorder recorder = new Recorder();

  private Calls.Builder calls() {
    return Calls.builder(new Moshi.Builder().build()).ordering(turns).timeSource(time).callListener(recorder)
        .warnings((operationId, warnings) -> { });
  }

  private String execute(Calls calls) {
    return calls.execute(BALANCE, this::newCall, body -> Envelope.spot(errors(body)), CallListenerTest::text);
  }

  private Call<ResponseBody> newCall() {
    return new Retrofit.Builder().baseUrl(server.url("/")).client(KrakenHttpClients.newBuilder().build())
        .build().create(Api.class).post(RequestBody.create("x", null));
  }

  @Test
  void aCallThatSucceedsAtOnceIsOneAttemptAndOneEnd() {
    server.enqueue(new MockResponse.Builder().body(OK).build());
    execute(calls().build());
    CallAttempt attempt = recorder.attempts.get(0);
    assertEquals(1, recorder.attempts.size());
    assertEquals("getAccountBalance", attempt.operationId());
    assertEquals(CallAttempt.Reason.FIRST, attempt.reason());
    assertEquals(1, attempt.number());
    assertEquals(200, attempt.httpStatus());
    assertTrue(attempt.succeeded());
    assertEquals(Duration.ZERO, attempt.paced());
    assertFalse(attempt.onTheWire().isZero(), "time on the wire is measured");
    CallOutcome call = recorder.single();
    assertTrue(call.succeeded());
    assertEquals(1, call.attempts());
    assertEquals(0, call.retries() + call.nonceResends() + call.rateLimitResends());
    assertTrue(call.duration().compareTo(attempt.onTheWire()) >= 0, call + " " + attempt);
  }

  @Test
  void everyKindOfSecondAttemptIsNamedAndCounted() {
    server.enqueue(new MockResponse.Builder().body("{\"error\":[\"EAPI:Invalid nonce\"]}").build());
    server.enqueue(new MockResponse.Builder().body("{\"error\":[\"EAPI:Rate limit exceeded\"]}").build());
    server.enqueue(new MockResponse.Builder().code(503).body("{\"error\":[\"EService:Unavailable\"]}").build());
    server.enqueue(new MockResponse.Builder().body(OK).build());
    Calls calls = calls().pacing(new RatePacer(SpotRateTier.STARTER, time))
        .retryPolicy(RetryPolicy.exponential().initialDelay(Duration.ZERO).build()).build();
    execute(calls);
    assertEquals(List.of(CallAttempt.Reason.FIRST, CallAttempt.Reason.NONCE_RESEND,
        CallAttempt.Reason.RATE_LIMIT_RESEND, CallAttempt.Reason.RETRY),
        recorder.attempts.stream().map(CallAttempt::reason).toList());
    assertEquals(List.of(1, 2, 3, 4), recorder.attempts.stream().map(CallAttempt::number).toList());
    assertInstanceOf(NonceRejectedException.class, recorder.attempts.get(0).failure());
    assertInstanceOf(RateLimitedException.class, recorder.attempts.get(1).failure());
    assertEquals(503, recorder.attempts.get(2).httpStatus());
    // The re-send after the counter was full waited for it: 2 counts' decay at Starter.
    assertEquals(SpotRateTier.STARTER.decayTime(2), recorder.attempts.get(2).paced());
    CallOutcome call = recorder.single();
    assertTrue(call.succeeded());
    assertEquals(4, call.attempts());
    assertEquals(1, call.nonceResends());
    assertEquals(1, call.rateLimitResends());
    assertEquals(1, call.retries());
    // The retry after it found the counter at its ceiling and waited one count more.
    Duration oneCount = SpotRateTier.STARTER.decayTime(1);
    Duration retryPaced = recorder.attempts.get(3).paced();
    assertTrue(retryPaced.equals(oneCount) || retryPaced.equals(oneCount.minusNanos(1)), retryPaced.toString());
    assertEquals(recorder.attempts.stream().map(CallAttempt::paced).reduce(Duration.ZERO, Duration::plus),
        call.paced());
  }

  @Test
  void aCallThatFailsEndsWithTheFailureItThrows() {
    server.enqueue(new MockResponse.Builder().code(503).body("{\"error\":[\"EService:Unavailable\"]}").build());
    KrakenException thrown = assertThrows(KrakenException.class, () -> execute(calls().build()));
    CallOutcome call = recorder.single();
    assertSame(thrown, call.failure());
    assertSame(thrown, recorder.attempts.get(0).failure());
  }

  @Test
  void aCallWhoseTurnDoesNotComeInTimeEndsUnsentWithNoTimeOnTheWire() throws Exception {
    turns.whenFree(() -> { }); // an earlier request of the key that never ends
    Calls calls = calls().maxQueueWait(Duration.ofMillis(50)).build();
    KrakenClientException blocking = assertThrows(KrakenClientException.class, () -> execute(calls));
    assertTrue(blocking.getMessage().contains("not sent: it could not be sent within maxQueueWait (PT0.05S):"
        + " the earlier requests of its key took longer"), blocking.getMessage());
    CompletableFuture<String> async = calls.executeAsync(BALANCE, this::newCall, body -> Envelope.spot(errors(body)),
        CallListenerTest::text);
    ExecutionException e = assertThrows(ExecutionException.class, () -> async.get(10, TimeUnit.SECONDS));
    assertInstanceOf(KrakenClientException.class, e.getCause());
    assertTrue(e.getCause().getMessage().contains("not sent"), e.getCause().getMessage());
    assertEquals(0, server.getRequestCount());
    assertEquals(2, recorder.attempts.size());
    for (CallAttempt attempt : recorder.attempts) {
      assertEquals(Duration.ZERO, attempt.onTheWire());
      assertEquals(0, attempt.httpStatus());
      assertTrue(attempt.queued().compareTo(Duration.ofMillis(50)) >= 0, attempt.toString());
    }
    // Each call's outcome adds up its one attempt's wait for the key.
    for (int i = 0; i < 2; i++) {
      assertEquals(recorder.attempts.get(i).queued(), recorder.calls.get(i).queued());
    }
    turns.release();
    assertTrue(KeyTurnsTest.free(turns), "the timed-out waiters gave their turns up");
  }

  @Test
  void aListenerThatThrowsChangesNothing() {
    server.enqueue(new MockResponse.Builder().body(OK).build());
    CallListener throwing = new CallListener() {
      @Override
      public void attemptEnd(CallAttempt attempt) {
        throw new IllegalStateException("listener bug");
      }

      @Override
      public void callEnd(CallOutcome call) {
        throw new IllegalStateException("listener bug");
      }
    };
    // What it threw is not lost: the SDK's logger warns of each.
    java.util.logging.Logger log = java.util.logging.Logger.getLogger("io.github.krakensdk");
    List<String> warnings = Collections.synchronizedList(new ArrayList<>());
    java.util.logging.Handler handler = new java.util.logging.Handler() {
      @Override
      public void publish(java.util.logging.LogRecord record) {
        if (record.getLevel() == java.util.logging.Level.WARNING && record.getThrown() != null) {
          warnings.add(record.getMessage() + ": " + record.getThrown().getMessage());
        }
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    log.addHandler(handler);
    try {
      assertEquals(OK, execute(calls().callListener(throwing).build()));
    } finally {
      log.removeHandler(handler);
    }
    assertEquals(1, server.getRequestCount());
    assertEquals(List.of("CallListener.attemptEnd threw; ignored: listener bug",
        "CallListener.callEnd threw; ignored: listener bug"), warnings);
  }

  @Test
  void plusPassesEveryEventToBothInOrder() {
    server.enqueue(new MockResponse.Builder().body(OK).build());
    List<String> seen = Collections.synchronizedList(new ArrayList<>());
    CallListener first = new CallListener() {
      @Override
      public void callEnd(CallOutcome call) {
        seen.add("first");
      }
    };
    CallListener second = new CallListener() {
      @Override
      public void callEnd(CallOutcome call) {
        seen.add("second");
      }
    };
    execute(calls().callListener(first.plus(second)).build());
    assertEquals(List.of("first", "second"), seen);
  }

  private static final class Recorder extends CallListener {
    final List<CallAttempt> attempts = Collections.synchronizedList(new ArrayList<>());
    final List<CallOutcome> calls = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void attemptEnd(CallAttempt attempt) {
      attempts.add(attempt);
    }

    @Override
    public void callEnd(CallOutcome call) {
      calls.add(call);
    }

    CallOutcome single() {
      assertEquals(1, calls.size(), calls.toString());
      return calls.get(0);
    }
  }

  private static List<String> errors(ResponseBody body) {
    try {
      String text = body.source().peek().readUtf8();
      int start = text.indexOf("[\"");
      return start < 0 ? List.of() : List.of(text.substring(start + 2, text.indexOf("\"]")));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static String text(ResponseBody body) {
    try (body) {
      return body.string();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void afterThreeNonceResendsTheRejectionReachesTheCallerAndEachResendIsCounted() {
    for (int i = 0; i < 5; i++) {
      server.enqueue(new MockResponse.Builder().body("{\"error\":[\"EAPI:Invalid nonce\"]}").build());
    }
    Calls calls = calls().build();
    assertThrows(NonceRejectedException.class, () -> execute(calls));
    assertEquals(4, server.getRequestCount(), "the first attempt and three re-sends");
    assertEquals(3, calls.nonceResends());
    assertEquals(3, recorder.single().nonceResends());
  }
}
