package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.model.WebSocketRequests;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The token source is asked outside the connection's lock: while it is slow, callers still use
 * the connection, and the token is used only if its attempt is still the connection's.
 */
final class SlowTokenSourceTest extends WebSocketClientTestBase {
  private final CountDownLatch asked = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final AtomicInteger tokens = new AtomicInteger();

  private void slowAfterTheFirstToken() {
    client.close();
    client = KrakenWebSocketClient.builder()
        .environment(WebSocketEnvironment.PRODUCTION.toBuilder()
            .url(WebSocketEndpoint.SPOT_PRIVATE, server.url("/private").toString()).build())
        .tokenSource(() -> {
          int number = tokens.incrementAndGet();
          if (number > 1) {
            asked.countDown();
            try {
              release.await(10, TimeUnit.SECONDS); // a token source that blocks its caller
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
          return CompletableFuture.completedFuture("token-" + number);
        })
        .completionExecutor(completion)
        .reconnectPolicy(ReconnectPolicy.builder().initialBackoff(Duration.ofSeconds(1)).build())
        .callListener(recordingListener())
        .scheduler(clock)
        .random(new SplittableRandom(25))
        .build();
  }

  @Test void callersUseTheConnectionWhileTheTokenSourceBlocksTheReconnect() throws Exception {
    slowAfterTheFirstToken();
    ServerSocket first = upgrade();
    Connection<WsRequest, WsMessage> connection = client.modelConnection(WebSocketEndpoint.SPOT_PRIVATE);
    awaitEvent("connected");
    ServerSocket second = upgrade();
    first.close(1001, "going away");
    awaitEvent("reconnect");
    Thread timers = new Thread(() -> clock.advance(Duration.ofSeconds(1)), "test-timers");
    timers.start(); // the reconnect runs here and blocks in the token source
    try {
      assertTrue(asked.await(5, TimeUnit.SECONDS), "the reconnect asked for a token");
      CompletableFuture<CompletableFuture<List<WsMessage>>> calling =
          CompletableFuture.supplyAsync(() -> connection.send(WebSocketRequests.ping(0L)));
      CompletableFuture<List<WsMessage>> ping = calling.get(5, TimeUnit.SECONDS); // not stuck behind the token
      assertEquals(List.of(), connection.subscriptionRequests());
      assertFalse(ping.isDone(), "it waits for the connection");

      release.countDown();
      timers.join(5_000);
      awaitEvent("connected");
      String frame = second.next();
      assertEquals("{\"method\":\"ping\",\"req_id\":" + reqId(frame) + "}", frame);
      second.send("{\"method\":\"pong\",\"req_id\":" + reqId(frame) + "}");
      await(ping);
    } finally {
      release.countDown();
      timers.join(5_000);
    }
  }

  @Test void aTokenThatComesAfterTheConnectionClosedIsNotUsed() throws Exception {
    slowAfterTheFirstToken();
    ServerSocket first = upgrade();
    Connection<WsRequest, WsMessage> connection = client.modelConnection(WebSocketEndpoint.SPOT_PRIVATE);
    awaitEvent("connected");
    first.close(1001, "going away");
    awaitEvent("reconnect");
    Thread timers = new Thread(() -> clock.advance(Duration.ofSeconds(1)), "test-timers");
    timers.start();
    try {
      assertTrue(asked.await(5, TimeUnit.SECONDS));
      CompletableFuture.runAsync(connection::close).get(5, TimeUnit.SECONDS); // not stuck behind the token
      awaitEvent("terminated");
      release.countDown();
      timers.join(5_000);
      assertFalse(timers.isAlive());
      assertEquals(2, tokens.get());
      assertEquals(1, server.getRequestCount(), "no handshake with the late token");
    } finally {
      release.countDown();
      timers.join(5_000);
    }
  }

  @Test void aFirstTokenFetchDoesNotHoldTheClientsLock() throws Exception {
    client.close();
    client = KrakenWebSocketClient.builder()
        .environment(WebSocketEnvironment.PRODUCTION.toBuilder()
            .url(WebSocketEndpoint.SPOT_PUBLIC, server.url("/public").toString())
            .url(WebSocketEndpoint.SPOT_PRIVATE, server.url("/private").toString()).build())
        .tokenSource(() -> {
          asked.countDown();
          try {
            release.await(10, TimeUnit.SECONDS); // the first connection's token, slow
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return CompletableFuture.completedFuture("token-" + tokens.incrementAndGet());
        })
        .completionExecutor(completion)
        .callListener(recordingListener())
        .scheduler(clock)
        .random(new SplittableRandom(25))
        .build();
    Thread opening = new Thread(() -> client.modelConnection(WebSocketEndpoint.SPOT_PRIVATE), "test-opening");
    opening.start(); // opens the private connection and waits in the token source
    try {
      assertTrue(asked.await(5, TimeUnit.SECONDS), "the private connection asked for a token");
      // Another endpoint's connection is not stuck behind that token.
      CompletableFuture.supplyAsync(() -> client.modelConnection(WebSocketEndpoint.SPOT_PUBLIC))
          .get(5, TimeUnit.SECONDS);
      assertTrue(opening.isAlive(), "the private connection is still waiting for its token");
    } finally {
      release.countDown();
      opening.join(5_000);
    }
    assertFalse(opening.isAlive());
  }
}
