package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.krakensdk.runtime.call.CallAttempt;
import io.github.krakensdk.runtime.call.CallListener;
import io.github.krakensdk.runtime.call.CallOutcome;
import io.github.krakensdk.runtime.call.ConnectionEvent;
import io.github.krakensdk.websocket.internal.Connection;
import io.github.krakensdk.websocket.internal.ModelCodec;
import io.github.krakensdk.websocket.internal.ReqIds;
import io.github.krakensdk.websocket.internal.model.WsMessage;
import io.github.krakensdk.websocket.internal.model.WsRequest;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;

/**
 * Tests of the engine ({@link Connection} on the generated models, {@link ModelCodec}) built
 * directly, without the client's public surface: its calls and connection events recorded.
 */
abstract class EngineTestBase extends WebSocketClientTestBase {
  static final Duration REPLY_TIMEOUT = Duration.ofSeconds(10);

  final ModelCodec codec = new ModelCodec();
  final BlockingQueue<Object> calls = new LinkedBlockingQueue<>();
  final List<ConnectionEvent> connectionEvents = new CopyOnWriteArrayList<>();

  /** A started connection to {@code endpoint}, on the fake clock, reporting to {@link #calls} and {@link #events}. */
  Connection<WsRequest, WsMessage> engine(WebSocketEndpoint endpoint) {
    CallListener listener = new CallListener() {
      @Override public void attemptEnd(CallAttempt attempt) {
        calls.add(attempt);
      }

      @Override public void callEnd(CallOutcome call) {
        calls.add(call);
      }

      @Override public void connectionEvent(ConnectionEvent event) {
        connectionEvents.add(event);
      }
    }.plus(recordingListener());
    Connection<WsRequest, WsMessage> connection = new Connection<>(endpoint,
        URI.create(server.url("/" + endpoint.name().toLowerCase()).toString()), new OkHttpClient(), codec, codec,
        () -> CompletableFuture.completedFuture("token-" + tokensIssued.incrementAndGet()), completion, clock,
        ReconnectPolicy.builder().initialBackoff(Duration.ofSeconds(1)).build(), new SplittableRandom(25),
        Duration.ofSeconds(30), Duration.ofSeconds(10), REPLY_TIMEOUT, listener, new ReqIds(), 16);
    connection.start();
    return connection;
  }

  <T> T nextCall(Class<T> type) throws InterruptedException {
    Object call = calls.poll(5, TimeUnit.SECONDS);
    if (call == null) fail("no call event");
    return assertInstanceOf(type, call);
  }
}
