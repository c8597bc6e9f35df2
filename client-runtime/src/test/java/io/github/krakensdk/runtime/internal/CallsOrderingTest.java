package io.github.krakensdk.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.moshi.Moshi;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.runtime.internal.transport.KrakenHttpClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.ResponseBody;
import org.junit.jupiter.api.Test;
import retrofit2.Call;
import retrofit2.Retrofit;
import retrofit2.http.POST;

/** {@link KeyTurns} as {@link Calls} uses it: authenticated calls of a key one at a time. */
final class CallsOrderingTest {
  private static final ErrorModel ERRORS = ErrorModel.krakenStrings(TestCodes.Code::new, Map.of());
  private static final Operation BALANCE = new Operation("getAccountBalance", false, true, ERRORS);
  private static final Operation TIME = new Operation("getServerTime", true, false, ERRORS);

  interface Api {
    @POST("0/private/Balance")
    Call<ResponseBody> balance();

    @POST("0/public/Time")
    Call<ResponseBody> time();
  }

  @StartStop final MockWebServer server = new MockWebServer();

  private final KeyTurns turns = new KeyTurns();
  private final Calls calls = Calls.builder(new Moshi.Builder().build()).ordering(turns).build();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();

  private Api api() {
    return new Retrofit.Builder().baseUrl(server.url("/")).client(KrakenHttpClients.newBuilder().build())
        .build().create(Api.class);
  }

  private String execute(Api api, Operation operation) {
    return calls.execute(operation, operation == BALANCE ? api::balance : api::time, null, CallsOrderingTest::text);
  }

  private CompletableFuture<String> executeAsync(Api api, Operation operation) {
    return calls.executeAsync(operation, operation == BALANCE ? api::balance : api::time, null, CallsOrderingTest::text);
  }

  private static String text(ResponseBody body) {
    try (body) {
      return body.string();
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  private boolean free() {
    return KeyTurnsTest.free(turns);
  }

  private void countOverlaps() {
    server.setDispatcher(new Dispatcher() {
      @Override
      public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        Thread.sleep(1); // give overlapping requests a chance to overlap
        inFlight.decrementAndGet();
        return new MockResponse.Builder().body("ok").build();
      }
    });
  }

  @Test
  void blockingAndAsynchronousCallsOfAKeyNeverOverlap() throws Exception {
    countOverlaps();
    Api api = api();
    int threads = 8;
    int perThread = 4;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<CompletableFuture<String>> async = new ArrayList<>();
    try {
      CyclicBarrier start = new CyclicBarrier(threads);
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        futures.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < perThread; i++) {
            if (i % 2 == 0) {
              assertEquals("ok", execute(api, BALANCE));
            } else {
              CompletableFuture<String> future = executeAsync(api, BALANCE);
              synchronized (async) {
                async.add(future);
              }
            }
          }
          return null;
        }));
      }
      for (Future<?> future : futures) {
        future.get(30, TimeUnit.SECONDS);
      }
      for (CompletableFuture<String> future : async) {
        assertEquals("ok", future.get(30, TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(threads * perThread, server.getRequestCount());
    assertEquals(1, maxInFlight.get(), "one request of the key in flight");
    assertTrue(free());
  }

  @Test
  void aCancelledAsynchronousCallSendsNothingAndPassesItsTurnOn() throws Exception {
    server.enqueue(new MockResponse.Builder().body("ok").build());
    Api api = api();
    turns.whenFree(() -> { }); // an earlier request of the key is in flight
    CompletableFuture<String> gaveUp = executeAsync(api, BALANCE);
    CompletableFuture<String> next = executeAsync(api, BALANCE);
    assertEquals(2, turns.waiting(), "both wait before OkHttp, on no thread");
    gaveUp.cancel(true);

    turns.release();
    assertEquals("ok", next.get(10, TimeUnit.SECONDS));
    assertEquals(1, server.getRequestCount(), "the cancelled call was never sent");
    assertTrue(free(), "and its turn was not kept");
  }

  @Test
  void anAsynchronousCallCancelledInFlightReleasesItsTurn() throws Exception {
    CountDownLatch arrived = new CountDownLatch(1);
    CountDownLatch answer = new CountDownLatch(1);
    server.setDispatcher(new Dispatcher() {
      @Override
      public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
        arrived.countDown();
        answer.await(10, TimeUnit.SECONDS);
        return new MockResponse.Builder().body("ok").build();
      }
    });
    CompletableFuture<String> inFlightCall = executeAsync(api(), BALANCE);
    assertTrue(arrived.await(10, TimeUnit.SECONDS));
    assertFalse(free(), "the call in flight holds the key");
    inFlightCall.cancel(true); // cancels the OkHttp call, whose failure ends the turn
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!free()) {
      assertTrue(System.nanoTime() < deadline, "the cancelled call's turn was never released");
      Thread.sleep(5);
    }
    answer.countDown();
  }

  @Test
  void anInterruptedBlockingCallSendsNothing() throws Exception {
    Api api = api();
    turns.whenFree(() -> { });
    AtomicBoolean failedLocally = new AtomicBoolean();
    Thread caller = new Thread(() -> {
      KrakenClientException e = assertThrows(KrakenClientException.class, () -> execute(api, BALANCE));
      failedLocally.set(e.getMessage().contains("nothing was sent") && Thread.currentThread().isInterrupted());
    });
    caller.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (turns.waiting() == 0) {
      assertTrue(System.nanoTime() < deadline);
      Thread.sleep(1);
    }
    caller.interrupt();
    caller.join(10_000);
    assertTrue(failedLocally.get(), "a local failure, with the interrupt kept");
    turns.release();
    assertTrue(free());
    assertEquals(0, server.getRequestCount());
  }

  @Test
  void publicCallsDoNotWaitForTheKey() throws Exception {
    server.enqueue(new MockResponse.Builder().body("ok").build());
    server.enqueue(new MockResponse.Builder().body("ok").build());
    Api api = api();
    turns.whenFree(() -> { });
    assertEquals("ok", execute(api, TIME));
    assertEquals("ok", executeAsync(api, TIME).get(10, TimeUnit.SECONDS));
    assertEquals(0, turns.waiting());
    turns.release();
  }

  @Test
  void withoutOrderingCallsDoNotWait() throws Exception {
    server.enqueue(new MockResponse.Builder().body("ok").build());
    Calls unordered = Calls.builder(new Moshi.Builder().build()).build();
    turns.whenFree(() -> { }); // not this Calls' turns
    Api api = api();
    assertEquals("ok", unordered.execute(BALANCE, api::balance, null, CallsOrderingTest::text));
    turns.release();
  }

  @Test
  void aFailedAsynchronousCallReleasesItsTurn() throws Exception {
    server.enqueue(new MockResponse.Builder().code(500).body("{\"error\":[\"EGeneral:Internal error\"]}").build());
    server.enqueue(new MockResponse.Builder().body("ok").build());
    Api api = api();
    ExecutionException e = assertThrows(ExecutionException.class,
        () -> executeAsync(api, BALANCE).get(10, TimeUnit.SECONDS));
    assertInstanceOf(io.github.krakensdk.errors.KrakenException.class, e.getCause());
    assertEquals("ok", execute(api, BALANCE));
    assertTrue(free());
  }
}
