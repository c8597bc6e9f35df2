package io.github.krakensdk.tests.v1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.tests.client.WireFixture;
import java.util.List;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import io.github.krakensdk.KrakenClient;
import org.junit.jupiter.api.Test;

/**
 * Async futures complete on the client's completion executor: a caller's {@code thenApply} never
 * runs on an OkHttp thread (whose names start with {@code OkHttp}), and a stage that blocks does
 * not stop other calls from completing.
 */
class AsyncCompletionTest {
  private static final String SPOT_VOLUME = "{\"error\":[],\"result\":{\"currency\":\"ZUSD\",\"volume\":\"1\"}}";
  private static final String FUTURES = "{\"result\":\"success\",\"serverTime\":\"2026-01-01T00:00:00.000Z\",\"notifications\":[]}";
  private static final String USER_INFO = "{\"result\":{\"id\":\"AA12 N84G 5LQU FNFN\",\"email\":\"user@example.com\"}}";
  private static final String AUTO_EARN = "{\"result\":{\"enabled\":true}}";

  @Test
  void spotStagesRunOffOkHttpThreads() throws Exception {
    assertStageThread(SPOT_VOLUME, k -> k.spot().getTradeVolumeAsync(r -> r.pair("XBTUSD")));
  }

  @Test
  void futuresStagesRunOffOkHttpThreads() throws Exception {
    assertStageThread(FUTURES, k -> k.futures().getNotificationsAsync());
  }

  @Test
  void oauthStagesRunOffOkHttpThreads() throws Exception {
    assertStageThread(USER_INFO, k -> k.oauth().getUserInfoAsync());
  }

  @Test
  void embedStagesRunOffOkHttpThreads() throws Exception {
    assertStageThread(AUTO_EARN, k -> k.embed().getAutoEarnStatusAsync(r -> r.user("AA12 N84G 5LQU FNFN")));
  }

  @Test
  void aBlockedStageDoesNotStopOtherCallsFromCompleting() throws Exception {
    try (WireFixture wire = WireFixture.create()) {
      for (int i = 0; i < 6; i++) {
        WireFixture.enqueue(wire.server, 200, SPOT_VOLUME);
      }
      CountDownLatch release = new CountDownLatch(1);
      CompletableFuture<Object> blocked = wire.client.spot().getTradeVolumeAsync(r -> r.pair("XBTUSD"))
          .thenApply(volume -> {
            await(release);
            return volume;
          });
      // The blocked stage holds its thread; five more calls on the same key still complete.
      for (int i = 0; i < 5; i++) {
        wire.client.spot().getTradeVolumeAsync(r -> r.pair("XBTUSD")).get(10, TimeUnit.SECONDS);
      }
      assertFalse(blocked.isDone(), "the blocked stage is still blocked");
      release.countDown();
      blocked.get(10, TimeUnit.SECONDS);
    }
  }

  private static void assertStageThread(String body, Function<KrakenClient, CompletableFuture<?>> call)
      throws Exception {
    try (WireFixture wire = WireFixture.create()) {
      // The answer waits until the stage is attached: a future already complete by then would run
      // the stage on this thread, which is CompletableFuture's rule, not the client's choice.
      CountDownLatch attached = new CountDownLatch(1);
      wire.server.setDispatcher(new Dispatcher() {
        @Override
        public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
          attached.await(10, TimeUnit.SECONDS);
          return new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json").body(body).build();
        }
      });
      CompletableFuture<String> stage = call.apply(wire.client).thenApply(result -> Thread.currentThread().getName());
      attached.countDown();
      String thread = stage.get(10, TimeUnit.SECONDS);
      assertFalse(thread.startsWith("OkHttp"), "stage ran on " + thread);
      assertTrue(thread.startsWith("kraken-completion-"), "stage ran on " + thread);
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(20, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
