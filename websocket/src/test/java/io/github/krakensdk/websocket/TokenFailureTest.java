package io.github.krakensdk.websocket;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.krakensdk.Environment;
import io.github.krakensdk.KrakenClient;
import io.github.krakensdk.auth.ApiCredentials;
import io.github.krakensdk.errors.KrakenClientException;
import io.github.krakensdk.errors.KrakenServiceException;
import io.github.krakensdk.errors.KrakenTransportException;
import io.github.krakensdk.runtime.call.CallListener;
import io.github.krakensdk.runtime.call.ConnectionEvent;
import io.github.krakensdk.runtime.call.RetryPolicy;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A token source that cannot work ends the authenticated connection, like a refused upgrade: a key
 * without the WebSocket permission, a closed {@link KrakenClient}. Through the real {@link
 * TokenSource#spot} and the facade, so what a caller's {@code join()} sees is what is asserted.
 */
final class TokenFailureTest {
  private final MockWebServer server = new MockWebServer();
  private final FakeScheduler clock = new FakeScheduler();
  private final BlockingQueue<String> terminated = new LinkedBlockingQueue<>();
  private final BlockingQueue<ConnectionEvent.Kind> events = new LinkedBlockingQueue<>();
  private KrakenClient kraken;
  private KrakenWebSocketClient ws;

  @BeforeEach void start() throws Exception {
    server.start();
    byte[] secret = new byte[64];
    new SplittableRandom(25).nextBytes(secret);
    kraken = KrakenClient.builder()
        .environment(Environment.PRODUCTION.toBuilder().spot(server.url("/").toString()).build())
        .spotCredentials(new ApiCredentials("spot-key", Base64.getEncoder().encodeToString(secret)))
        .retryPolicy(RetryPolicy.none())
        .build();
    ws = KrakenWebSocketClient.builder()
        .environment(WebSocketEnvironment.PRODUCTION.toBuilder()
            .url(WebSocketEndpoint.SPOT_PRIVATE, server.url("/v2").toString()).build())
        .tokenSource(TokenSource.spot(kraken))
        .callListener(new CallListener() {
          @Override public void connectionEvent(ConnectionEvent event) {
            if (event.kind() == ConnectionEvent.Kind.TERMINATED) terminated.add(event.reason());
            events.add(event.kind());
          }
        })
        .scheduler(clock)
        .build();
  }

  @AfterEach void stop() throws Exception {
    ws.close();
    kraken.close();
    server.close();
  }

  private static MockResponse json(String body) {
    return new MockResponse.Builder().addHeader("Content-Type", "application/json").body(body).build();
  }

  @Test void aKeyWithoutTheWebSocketPermissionEndsTheConnection() throws Exception {
    server.enqueue(json("{\"error\":[\"EGeneral:Permission denied\"]}"));
    CompletableFuture<ChannelSubscription> executions = ws.spot().executions(p -> {}, message -> {});
    KrakenTransportException failure = assertInstanceOf(KrakenTransportException.class, failureOf(executions));
    assertFalse(failure.outcomeUnknown(), "nothing was sent");
    KrakenServiceException cause = assertInstanceOf(KrakenServiceException.class, failure.getCause().getCause());
    assertEquals(List.of("EGeneral:Permission denied"), cause.errors());
    assertTrue(terminated.poll(5, TimeUnit.SECONDS).startsWith("no token: "));

    // No retry spends another GetWebSocketsToken call, and a later request fails at once.
    clock.advance(Duration.ofMinutes(10));
    assertEquals(1, server.getRequestCount());
    CompletableFuture<?> later = ws.spot().executions(p -> {}, message -> {});
    assertInstanceOf(KrakenTransportException.class, failureOf(later));
    assertEquals(1, server.getRequestCount());
  }

  @Test void aClosedKrakenClientEndsTheConnection() throws Exception {
    kraken.close();
    CompletableFuture<ChannelSubscription> balances = ws.spot().executions(p -> {}, message -> {});
    Throwable failure = failureOf(balances);
    assertInstanceOf(KrakenClientException.class, failure.getCause().getCause());
    assertEquals(0, server.getRequestCount());
  }

  @Test void aServiceThatIsUnavailableIsAskedAgainWithBackoff() throws Exception {
    server.enqueue(json("{\"error\":[\"EService:Unavailable\"]}"));
    server.enqueue(json("{\"error\":[\"EService:Unavailable\"]}"));
    ws.spot().executions(p -> {}, message -> {});
    ConnectionEvent.Kind kind;
    do {
      kind = events.poll(5, TimeUnit.SECONDS);
      assertNotNull(kind, "no reconnect scheduled");
      assertNotEquals(ConnectionEvent.Kind.TERMINATED, kind);
    } while (kind != ConnectionEvent.Kind.RECONNECT_SCHEDULED);
    server.takeRequest(5, TimeUnit.SECONDS);
    clock.advance(Duration.ofMinutes(1));
    assertEquals("/0/private/GetWebSocketsToken", server.takeRequest(5, TimeUnit.SECONDS).getUrl().encodedPath());
    assertEquals(null, terminated.poll());
  }

  private static Throwable failureOf(CompletableFuture<?> future) throws Exception {
    try {
      future.get(5, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e.getCause();
    }
    return fail("the future completed: " + future.join());
  }
}
