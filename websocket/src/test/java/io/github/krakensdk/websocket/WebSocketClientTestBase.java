package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.fail;

import io.github.krakensdk.runtime.call.CallAttempt;
import io.github.krakensdk.runtime.call.CallListener;
import io.github.krakensdk.runtime.call.CallOutcome;
import io.github.krakensdk.runtime.call.ConnectionEvent;
import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.Json;
import io.github.krakensdk.websocket.internal.model.WebSocketRequests;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the client tests share: a MockWebServer whose every endpoint path upgrades to a WebSocket,
 * a client on a fake clock with numbered tokens, its connection events as text, and helpers to read
 * frames and wait for futures.
 */
abstract class WebSocketClientTestBase {
  final MockWebServer server = new MockWebServer();
  final FakeScheduler clock = new FakeScheduler();
  final BlockingQueue<String> events = new LinkedBlockingQueue<>();
  /** The method calls the listener was told of, as text ("attempt add_order failed: ..." then "call add_order ok"). */
  final BlockingQueue<String> callReports = new LinkedBlockingQueue<>();
  final AtomicInteger tokensIssued = new AtomicInteger();
  final ExecutorService completion = Executors.newSingleThreadExecutor(runnable -> {
    Thread thread = new Thread(runnable, "test-completion");
    thread.setDaemon(true);
    return thread;
  });
  KrakenWebSocketClient client;

  @BeforeEach void start() throws IOException {
    server.start();
    WebSocketEnvironment.Builder environment = WebSocketEnvironment.PRODUCTION.toBuilder();
    for (WebSocketEndpoint endpoint : WebSocketEndpoint.values()) {
      environment.url(endpoint, server.url("/" + endpoint.name().toLowerCase()).toString());
    }
    client = KrakenWebSocketClient.builder()
        .environment(environment.build())
        .tokenSource(() -> CompletableFuture.completedFuture("token-" + tokensIssued.incrementAndGet()))
        .completionExecutor(completion)
        .reconnectPolicy(ReconnectPolicy.builder().initialBackoff(Duration.ofSeconds(1)).build())
        .pingInterval(Duration.ofSeconds(30))
        .pongTimeout(Duration.ofSeconds(10))
        .callListener(recordingListener())
        .scheduler(clock)
        .random(new SplittableRandom(25))
        .build();
  }

  /**
   * A listener that adds each connection event to {@link #events} as text ("disconnected 1006
   * reason") and each call's attempt and end to {@link #callReports}.
   */
  CallListener recordingListener() {
    return new CallListener() {
      @Override public void attemptEnd(CallAttempt attempt) {
        callReports.add("attempt " + attempt.operationId() + " " + (attempt.failure() == null ? "ok" : "failed: " + attempt.failure()));
      }

      @Override public void callEnd(CallOutcome outcome) {
        callReports.add("call " + outcome.operationId() + " " + (outcome.failure() == null ? "ok" : "failed: " + outcome.failure()));
      }

      @Override public void connectionEvent(ConnectionEvent event) {
        events.add(switch (event.kind()) {
          case CONNECTED -> "connected";
          case DISCONNECTED -> "disconnected " + event.closeCode() + " " + event.reason();
          case RECONNECT_SCHEDULED -> "reconnect " + event.reason();
          case BUDGET_WAIT -> "budget " + event.delay();
          case TERMINATED -> "terminated " + event.reason();
        });
      }
    };
  }

  @AfterEach void stop() throws IOException {
    client.close();
    completion.shutdownNow();
    server.close();
  }

  ServerSocket upgrade() {
    ServerSocket socket = new ServerSocket();
    server.enqueue(new MockResponse.Builder().webSocketUpgrade(socket).build());
    return socket;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> parse(String frame) throws IOException {
    return (Map<String, Object>) Json.parse(frame);
  }

  static long reqId(String frame) throws IOException {
    return ((BigDecimal) parse(frame).get("req_id")).longValueExact();
  }

  /**
   * Waits until {@code connection} has handled every frame {@code socket} sent before, and returns
   * the frames the client sent meanwhile: a ping, whose pong the server sends back. Frames are
   * handled in order, and the ping's future completes on the completion executor after whatever
   * the earlier frames put there.
   */
  static List<String> barrier(Connection<WsRequest, WsMessage> connection, ServerSocket socket) throws Exception {
    CompletableFuture<List<WsMessage>> pong = connection.send(WebSocketRequests.ping(0L));
    List<String> before = new ArrayList<>();
    while (true) {
      String frame = socket.next();
      if (frame.contains("\"method\":\"ping\"")) {
        socket.send("{\"method\":\"pong\",\"req_id\":" + reqId(frame) + "}");
        await(pong);
        return before;
      }
      before.add(frame);
    }
  }

  /** Waits until every task given to the completion executor so far has run. */
  void completionBarrier() throws Exception {
    CompletableFuture.runAsync(() -> { }, completion).get(5, TimeUnit.SECONDS);
  }

  String awaitEvent(String prefix) throws InterruptedException {
    while (true) {
      String event = events.poll(5, TimeUnit.SECONDS);
      if (event == null) fail("no event starting with '" + prefix + "'");
      if (event.startsWith(prefix)) return event;
    }
  }

  static <T> T await(CompletableFuture<T> future) throws Exception {
    return future.get(5, TimeUnit.SECONDS);
  }

  static Throwable failureOf(CompletableFuture<?> future) throws Exception {
    try {
      future.get(5, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e.getCause();
    }
    throw new AssertionError("the future completed: " + future.join());
  }
}
